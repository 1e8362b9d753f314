// The index of a zero-aware pattern-database table (Clausecker and Reinefeld):
// a value per placement of a group's tiles and region of the blank, where a
// table of the plain kind (./pdbBuild) keeps only the least value over the regions.
//
// A placement of k tiles on n cells is split in two: the set of cells the
// tiles cover (its cover) and the order of the tiles on those cells. The free
// cells of a cover fall into regions, the sets of cells the blank reaches
// from one another without crossing a group tile (the other tiles move for
// free). Every cover has a region 0, its largest (of equals, the one with the
// lowest cell); some have more, pockets (a tile pair walling in a corner,
// say), numbered from 1 by their lowest cell. The table comes in two parts:
//
//   a byte per placement, at its rank (./pdbBuild ranks it): the least value over
//   the regions in the low nibble (index 2 * rank), region 0's value in the
//   high one (2 * rank + 1);
//   then k! entries (one per order of the tiles) for each pocket:
//     index = 2 * placements + (pocketsBefore[cover] + region - 1) * k! + order
//
// - cover: the rank of the cover among the k-cell sets, the combinatorial
//   number system (the sum of C(c_j, j + 1) over its cells c_0 < c_1 < ...),
//   which is also the order of the sets as numbers: a scan of the sets by
//   Gosper's step meets them by rank.
// - pocketsBefore: the pockets of every cover of lower rank.
// - order: tile i stands on the o_i-th cell of the cover (ascending); the
//   digits o_i less the o_j of earlier tiles below it, ranked as a
//   permutation: order = ((d_0 * (k - 1) + d_1) * (k - 2) + d_2) ...
//
// So a table takes 2.42x the bytes of a plain one for 6 tiles on 5x5 (154
// MB), 3.05x for 6 tiles on 4x4; a value per placement and blank cell would
// take 19x and 10x.
//
// Why this layout: a search prices each child by the least value, which the
// rank it computes anyway finds, and prunes most children on it (a lower
// bound of the exact value). A child that survives needs its region's value:
// region 0's is in the same byte, already read; only on a cover with pockets
// (a bit a cover, 22 KB for 6 tiles on 5x5, which stays cached) is a word of
// the cover's pocket cells read, and only for a blank in a pocket the
// pocket's entry. Layouts that kept the least value alone at the rank, or
// region 0's alone, read a second place in the table (or the per-cover
// tables, which fall out of the caches the 24-puzzle's tables sweep through)
// for a fifth of the lookups, and a node cost 1.7x a plain one.
//
// The per-cover tables depend only on the board's shape and k. They are made
// once each and kept in blocks grown for them: zeroAwareLayoutOf.

import { growBlock } from './memory';
import { local } from './instance';

const MAX_CELLS: i32 = 25;
const MAX_TILES: i32 = 8;

// C(n, j) for n < 32, j <= 8.
const binomials: usize = memory.data(32 * 9 * 4, 16);
let binomialsFilled = false;

function fillBinomials(): void {
  if (binomialsFilled) return;
  for (let n = 0; n < 32; n++) {
    for (let j = 0; j <= MAX_TILES; j++) {
      let value: u64 = 0;
      if (j <= n) {
        value = 1;
        for (let i = 0; i < j; i++) value = (value * <u64>(n - i)) / <u64>(i + 1);
      }
      store<u32>(local(binomials) + (<usize>(n * 9 + j) << 2), <u32>value);
    }
  }
  fillCoverRanks();
  binomialsFilled = true;
}

// @ts-ignore: decorator
@inline
function binomial(n: i32, j: i32): u32 {
  return load<u32>(local(binomials) + (<usize>(n * 9 + j) << 2));
}

// A cover's rank a byte of the board at a time: coverRanks[chunk][m][byte] is
// the sum of C(c, j + 1) over the cells c of `byte` (cells 8 * chunk onward),
// j counting from m, the cells of the cover in the chunks below (4 x 9 x 256
// u32, 36 KB). The search ranks a cover per lookup: four loads, not one
// binomial per tile.
const coverRanks: usize = memory.data(4 * 9 * 256 * 4, 16);
// 0! to 7!, the weights of an order's digits.
const factorials: usize = memory.data<u32>([1, 1, 2, 6, 24, 120, 720, 5040]);

function fillCoverRanks(): void {
  for (let chunk = 0; chunk < 4; chunk++) {
    for (let m = 0; m <= MAX_TILES; m++) {
      for (let byte = 0; byte < 256; byte++) {
        let sum: u32 = 0;
        let j = m;
        for (let bit = 0; bit < 8; bit++) {
          if (((byte >> bit) & 1) == 0) continue;
          j++;
          if (j <= MAX_TILES) sum += binomial(chunk * 8 + bit, j);
        }
        store<u32>(local(coverRanks) + (<usize>(((chunk * 9 + m) << 8) | byte) << 2), sum);
      }
    }
  }
}

// @ts-ignore: decorator
@inline
function coverRankPart(chunk: i32, m: u32, byte: u32): u32 {
  return load<u32>(local(coverRanks) + (<usize>(((<u32>(chunk * 9) + m) << 8) | byte) << 2));
}

// @ts-ignore: decorator
@inline
function coverRank(cover: u32): u32 {
  const low = cover & 255;
  const second = (cover >> 8) & 255;
  const third = (cover >> 16) & 255;
  const below2 = popcnt(cover & 0xffff);
  return (
    coverRankPart(0, 0, low) +
    coverRankPart(1, popcnt(low), second) +
    coverRankPart(2, below2, third) +
    coverRankPart(3, below2 + popcnt(third), cover >> 24)
  );
}

// The layouts made, a record of LAYOUT_BYTES each, little-endian:
//   0 u32 pocketsBefore's address   4 u32 the cells' regions' address
//   8 u32 the board's cells        12 u32 k!
//  16 f64 a table's entries        24 u32 key: (width * 32 + height) * 16 + k (0: a free slot)
//  28 u32 the address of the bits of the covers with pockets
//  32 u32 the placements (covers * k!)
//  36 u32 the address of each cover's pocket cells (a word a cover)
// Several shapes stay at hand at once: a build of one board's tables may run
// between the searches of another's.
const MAX_LAYOUTS: i32 = 16;
const LAYOUT_BYTES: i32 = 48;
const layouts: usize = memory.data(MAX_LAYOUTS * LAYOUT_BYTES, 16);
// One cover's regions while a layout is made, by lowest cell.
const coverRegions: usize = memory.data(MAX_CELLS * 4, 16);

/**
 * The layout record for groups of `tiles` tiles on a `width` x `height` board,
 * its per-cover tables made on first use; 0 when memory cannot hold them
 * (lastNeeded() says how much), the shape is out of range, or every slot is
 * taken by other shapes.
 */
export function zeroAwareLayoutOf(width: i32, height: i32, tiles: i32): usize {
  const cells = width * height;
  if (width < 2 || height < 2 || cells > MAX_CELLS || tiles < 1 || tiles > MAX_TILES || tiles >= cells) return 0;
  fillBinomials();
  const key = <u32>((width * 32 + height) * 16 + tiles);
  let free: usize = 0;
  for (let slot = 0; slot < MAX_LAYOUTS; slot++) {
    const record = local(layouts) + <usize>(slot * LAYOUT_BYTES);
    const held = load<u32>(record, 24);
    if (held == key) return record;
    if (held == 0 && free == 0) free = record;
  }
  if (free == 0) return 0;
  const covers = binomial(cells, tiles);
  // pocketsBefore and the pocket cells (u32 a cover each), each cell's
  // region (a byte a cover and cell), and whether a cover has pockets (a bit).
  const bitsetBytes = ((covers + 31) >> 5) << 2;
  const at = growBlock(<f64>covers * (8 + <f64>cells) + <f64>bitsetBytes);
  if (at < 0) return 0;
  const pocketsBefore = <usize>at;
  const pocketCells = pocketsBefore + (<usize>covers << 2);
  const regionOf = pocketCells + (<usize>covers << 2);
  const withPockets = regionOf + <usize>covers * <usize>cells;
  memory.fill(withPockets, 0, bitsetBytes);
  const all: u32 = (<u32>1 << cells) - 1;
  let hasRight: u32 = 0;
  let hasLeft: u32 = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (cell % width < width - 1) hasRight |= <u32>1 << cell;
    if (cell % width > 0) hasLeft |= <u32>1 << cell;
  }
  let pockets: u32 = 0;
  let cover: u32 = (<u32>1 << tiles) - 1;
  for (let rank: u32 = 0; rank < covers; rank++) {
    store<u32>(pocketsBefore + (<usize>rank << 2), pockets);
    const row = regionOf + <usize>rank * <usize>cells;
    const open = all & ~cover;
    // The regions by lowest cell (a flood fill from the lowest cell left),
    // then the largest of them (the first among equals) made region 0.
    let left = open;
    let regions: u32 = 0;
    let largest: u32 = 0;
    while (left != 0) {
      let reached = left & (~left + 1);
      let grown = reached;
      do {
        reached = grown;
        grown = (reached | (reached << width) | (reached >> width) | ((reached & hasRight) << 1) | ((reached & hasLeft) >> 1)) & open;
      } while (grown != reached);
      left &= ~reached;
      store<u32>(local(coverRegions) + (<usize>regions << 2), reached);
      if (popcnt(reached) > popcnt(load<u32>(local(coverRegions) + (<usize>largest << 2)))) largest = regions;
      regions++;
    }
    for (let r: u32 = 0; r < regions; r++) {
      const number = r == largest ? 0 : r < largest ? r + 1 : r;
      for (let rest = load<u32>(local(coverRegions) + (<usize>r << 2)); rest != 0; rest &= rest - 1) store<u8>(row + ctz(rest), <u8>number);
    }
    store<u32>(pocketCells + (<usize>rank << 2), open & ~load<u32>(local(coverRegions) + (<usize>largest << 2)));
    if (regions > 1) {
      const word = withPockets + (<usize>(rank >> 5) << 2);
      store<u32>(word, load<u32>(word) | (<u32>1 << (rank & 31)));
      pockets += regions - 1;
    }
    // Gosper's step: the next set of as many cells, as a number.
    if (rank + 1 < covers) {
      const lowest = cover & (~cover + 1);
      const ripple = cover + lowest;
      cover = ripple | (((cover ^ ripple) >> 2) / lowest);
    }
  }
  let factorial: u32 = 1;
  for (let i = 2; i <= tiles; i++) factorial *= <u32>i;
  const placements = covers * factorial;
  store<u32>(free, <u32>pocketsBefore);
  store<u32>(free, <u32>regionOf, 4);
  store<u32>(free, <u32>cells, 8);
  store<u32>(free, factorial, 12);
  store<f64>(free, 2 * <f64>placements + <f64>pockets * <f64>factorial, 16);
  store<u32>(free, key, 24);
  store<u32>(free, <u32>withPockets, 28);
  store<u32>(free, placements, 32);
  store<u32>(free, <u32>pocketCells, 36);
  return free;
}

/** Entries of a zero-aware table for groups of `tiles` tiles on a `width` x `height` board; -1 as zeroAwareLayoutOf gives 0. */
export function zeroAwareEntryCount(width: i32, height: i32, tiles: i32): f64 {
  const layout = zeroAwareLayoutOf(width, height, tiles);
  return layout == 0 ? -1 : load<f64>(layout, 16);
}

// The cover zeroAwarePlaceCover last read: its layout record and rank.
let placedLayout: usize = 0;
let placedCover: u32 = 0;

/**
 * Reads the cover `cover` (a bit per cell) of a placement in `layout` (a
 * record of zeroAwareLayoutOf for its shape and k); returns whether it has
 * pockets (then zeroAwareInPocket, zeroAwareRegionAt and zeroAwarePocketIndex apply).
 */
// @ts-ignore: decorator
@inline
export function zeroAwarePlaceCover(layout: usize, cover: u32): bool {
  const rank = coverRank(cover);
  placedLayout = layout;
  placedCover = rank;
  return ((load<u32>(<usize>load<u32>(layout, 28) + (<usize>(rank >> 5) << 2)) >> (rank & 31)) & 1) != 0;
}

/** Whether free cell `blank` of the cover zeroAwarePlaceCover read is in one of its pockets (not in region 0). */
// @ts-ignore: decorator
@inline
export function zeroAwareInPocket(blank: i32): bool {
  return ((load<u32>(<usize>load<u32>(placedLayout, 36) + (<usize>placedCover << 2)) >> blank) & 1) != 0;
}

/** The region (0 the largest, then by lowest cell) of free cell `blank` of the cover zeroAwarePlaceCover read. */
// @ts-ignore: decorator
@inline
export function zeroAwareRegionAt(blank: i32): u32 {
  const layout = placedLayout;
  return <u32>load<u8>(<usize>load<u32>(layout, 4) + <usize>placedCover * <usize>load<u32>(layout, 8) + <usize>blank);
}

/**
 * The index of the value of the placement whose tile i stands on cell
 * load<u8>(cellsAt + i) (i < tiles; its cover the one zeroAwarePlaceCover
 * read) with the blank in pocket `region` (1 on). The order's digit i, o_i
 * less the o_j of earlier tiles below it, is the number of later tiles on
 * cells below tile i's, and it weighs (k - 1 - i)!: one pass from the last
 * tile builds it.
 */
// @ts-ignore: decorator
@inline
export function zeroAwarePocketIndex(cellsAt: usize, tiles: i32, region: u32): u32 {
  let later: u32 = 0;
  let order: u32 = 0;
  for (let i = tiles - 1; i >= 0; i--) {
    const bit = <u32>1 << load<u8>(cellsAt + i);
    order += popcnt(later & (bit - 1)) * load<u32>(factorials + (<usize>(tiles - 1 - i) << 2));
    later |= bit;
  }
  const layout = placedLayout;
  const before = load<u32>(<usize>load<u32>(layout) + (<usize>placedCover << 2));
  return (load<u32>(layout, 32) << 1) + (before + region - 1) * load<u32>(layout, 12) + order;
}
