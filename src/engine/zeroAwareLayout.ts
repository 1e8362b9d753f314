/**
 * The index of a zero-aware pattern-database table: a value per placement of
 * a group's tiles and region of the blank (Clausecker and Reinefeld). A byte
 * at the placement's rank holds the least value over the regions (low
 * nibble) and the largest region's (high); then come k! entries (one per
 * order of the tiles) for each pocket, a cover's other regions. The layout is
 * written out in `assembly/zeroAware.ts`; this is its TypeScript twin, which
 * the TS engine searches with and the host sizes tables by.
 */

/** The per-cover tables of one board shape and group size. */
export interface ZeroAwareLayout {
  cells: number;
  tiles: number;
  /** Entries of a table: two per placement, then tiles! per pocket. */
  entries: number;
  /** cells! / (cells - tiles)!. */
  placements: number;
  /** The pockets of the covers of lower rank, by cover rank. */
  pocketsBefore: Uint32Array;
  /** The region of each free cell within its cover (0 the largest, the first of equals; then by lowest cell): [cover rank * cells + cell]. */
  regionOf: Uint8Array;
  factorial: number;
}

/** C(n, j) for n < 32, j <= 8, as [n * 9 + j]. */
const binomials = (() => {
  const table = new Float64Array(32 * 9);
  for (let n = 0; n < 32; n++) {
    for (let j = 0; j <= 8 && j <= n; j++) {
      let value = 1;
      for (let i = 0; i < j; i++) value = (value * (n - i)) / (i + 1);
      table[n * 9 + j] = value;
    }
  }
  return table;
})();

const layouts = new Map<string, ZeroAwareLayout>();

function popcount(value: number): number {
  value -= (value >>> 1) & 0x55555555;
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function lowestCell(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** The layout for groups of `tiles` tiles on a `width` x `height` board (made once each). */
export function zeroAwareLayout(width: number, height: number, tiles: number): ZeroAwareLayout {
  const key = `${width}x${height}/${tiles}`;
  let layout = layouts.get(key);
  if (layout) return layout;
  const cells = width * height;
  if (!(width >= 2 && height >= 2 && cells <= 25 && tiles >= 1 && tiles <= 8 && tiles < cells)) {
    throw new RangeError(`puzzlesearch: no zero-aware layout for ${tiles} tiles on ${width}x${height}`);
  }
  const all = (1 << cells) - 1;
  let hasRight = 0;
  let hasLeft = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (cell % width < width - 1) hasRight |= 1 << cell;
    if (cell % width > 0) hasLeft |= 1 << cell;
  }
  const covers = binomials[cells * 9 + tiles]!;
  const pocketsBefore = new Uint32Array(covers);
  const regionOf = new Uint8Array(covers * cells);
  let pockets = 0;
  // Covers by rank: the k-cell sets in increasing order as numbers (Gosper's step).
  let cover = (1 << tiles) - 1;
  for (let rank = 0; rank < covers; rank++) {
    pocketsBefore[rank] = pockets;
    const open = all & ~cover;
    // The regions by lowest cell; the largest (the first among equals) is region 0.
    const regions: number[] = [];
    for (let left = open; left !== 0; ) {
      let reached = left & -left;
      let grown = reached;
      do {
        reached = grown;
        grown = (reached | (reached << width) | (reached >>> width) | ((reached & hasRight) << 1) | ((reached & hasLeft) >>> 1)) & open;
      } while (grown !== reached);
      left &= ~reached;
      regions.push(reached);
    }
    let largest = 0;
    regions.forEach((reached, r) => {
      if (popcount(reached) > popcount(regions[largest]!)) largest = r;
    });
    regions.forEach((reached, r) => {
      const number = r === largest ? 0 : r < largest ? r + 1 : r;
      for (let rest = reached; rest !== 0; rest &= rest - 1) regionOf[rank * cells + lowestCell(rest)] = number;
    });
    pockets += regions.length - 1;
    const lowest = cover & -cover;
    const ripple = cover + lowest;
    cover = (ripple | Math.floor(((cover ^ ripple) >>> 2) / lowest)) >>> 0;
  }
  let factorial = 1;
  for (let i = 2; i <= tiles; i++) factorial *= i;
  const placements = covers * factorial;
  layout = { cells, tiles, entries: 2 * placements + pockets * factorial, placements, pocketsBefore, regionOf, factorial };
  layouts.set(key, layout);
  return layout;
}

/**
 * The index of the value of the placement whose tile i stands on `cellOf[i]`
 * and whose rank is `rank`, with the blank on the free cell `blank`: beside
 * its least value (at 2 * rank) for the largest region, else its pocket's.
 */
export function zeroAwareRegionIndex(layout: ZeroAwareLayout, cellOf: ArrayLike<number>, blank: number, rank: number): number {
  const { tiles, cells } = layout;
  let cover = 0;
  for (let i = 0; i < tiles; i++) cover |= 1 << cellOf[i]!;
  let coverRank = 0;
  let j = 1;
  for (let rest = cover; rest !== 0; rest &= rest - 1) coverRank += binomials[lowestCell(rest) * 9 + j++]!;
  const region = layout.regionOf[coverRank * cells + blank]!;
  if (region === 0) return 2 * rank + 1;
  // The order: digit i (o_i less the o_j of earlier tiles below it) is the
  // number of later tiles on cells below tile i's.
  let order = 0;
  for (let i = 0; i < tiles; i++) {
    let later = 0;
    for (let k = i + 1; k < tiles; k++) if (cellOf[k]! < cellOf[i]!) later++;
    order = order * (tiles - i) + later;
  }
  return 2 * layout.placements + (layout.pocketsBefore[coverRank]! + region - 1) * layout.factorial + order;
}
