/**
 * The TypeScript twin of `assembly/pdbBuild.ts`: builds a group's table by rounds
 * over the same ranks with the same entries, so that its tables are
 * byte-identical to the wasm engine's; and holds the installed tables that
 * the IDA* twin reads. See the assembly file for the ranking and the entries.
 */
import type { PdbBuild, PdbCore, PdbPartition } from '../contract.js';
import { checkPdbDerivation, partitionKey } from '../pdbPartition.js';
import { checkPdbBuildMemory, groupTableBytes, pdbEntryCount, pdbMaskBytesAtMost, pdbWorkBytes } from '../pdbSizes.js';
import { zeroAwareLayout, zeroAwareRegionIndex, type ZeroAwareLayout } from '../zeroAwareLayout.js';

const ENTRY_MAX = 15;

function popcount(value: number): number {
  value -= (value >>> 1) & 0x55555555;
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Rank of a group's placement (`cellOf[i]` = cell of its tile i) on a board of `cells` cells. */
export function rankPlacement(cellOf: ArrayLike<number>, tiles: number, cells: number): number {
  let occupied = 0;
  let rank = 0;
  for (let i = 0; i < tiles; i++) {
    const cell = cellOf[i]!;
    rank = rank * (cells - i) + cell - popcount(occupied & ((1 << cell) - 1));
    occupied |= 1 << cell;
  }
  return rank;
}

/** Fills `cellOf` with the placement of rank `rank` (the inverse of rankPlacement); returns its occupied cells. */
export function unrankPlacement(rank: number, cellOf: Uint8Array, tiles: number, cells: number): number {
  for (let i = tiles - 1; i >= 0; i--) {
    const radix = cells - i;
    cellOf[i] = rank % radix;
    rank = Math.floor(rank / radix);
  }
  const allCells = (1 << cells) - 1;
  let occupied = 0;
  for (let i = 0; i < tiles; i++) {
    let free = allCells & ~occupied;
    for (let skip = cellOf[i]!; skip > 0; skip--) free &= free - 1;
    const cell = 31 - Math.clz32(free & -free);
    cellOf[i] = cell;
    occupied |= 1 << cell;
  }
  return occupied;
}

/** The 4-bit entry at `rank`. */
export function entryAt(table: Uint8Array, rank: number): number {
  return (table[rank >>> 1]! >> ((rank & 1) << 2)) & 15;
}

/** Builds one group's table in rounds, exactly as assembly/pdbBuild.ts does; zero-aware when `layout` is given. */
function startBuild(
  width: number,
  height: number,
  homes: readonly number[],
  blankCell: number,
  table: Uint8Array,
  layout: ZeroAwareLayout | null,
): PdbBuild & { finished: boolean } {
  const cells = width * height;
  const tiles = homes.length;
  const allCells = (1 << cells) - 1;
  let hasRight = 0;
  let hasLeft = 0;
  const adjacent = new Uint32Array(cells);
  for (let cell = 0; cell < cells; cell++) {
    const column = cell % width;
    if (column < width - 1) hasRight |= 1 << cell;
    if (column > 0) hasLeft |= 1 << cell;
    let near = 0;
    if (cell >= width) near |= 1 << (cell - width);
    if (cell + width < cells) near |= 1 << (cell + width);
    if (column > 0) near |= 1 << (cell - 1);
    if (column < width - 1) near |= 1 << (cell + 1);
    adjacent[cell] = near;
  }
  const distanceBetween = (a: number, b: number) => Math.abs(Math.floor(a / width) - Math.floor(b / width)) + Math.abs((a % width) - (b % width));
  const floodFill = (start: number, blocked: number): number => {
    const open = allCells & ~blocked;
    let region = start;
    let grown = start;
    do {
      region = grown;
      grown = (region | (region << width) | (region >>> width) | ((region & hasRight) << 1) | ((region & hasLeft) >>> 1)) & open;
    } while (grown !== region);
    return region;
  };

  const entries = pdbEntryCount(cells, tiles);
  const wide = cells > 16;
  const masks = () => (wide ? new Uint32Array(entries) : new Uint16Array(entries));
  const seen = masks();
  let frontier = masks();
  let next = masks();
  const placement = new Uint8Array(tiles);
  table.fill(0);
  placement.set(homes);
  let homeMask = 0;
  for (const cell of homes) homeMask |= 1 << cell;
  const home = rankPlacement(placement, tiles, cells);
  // The goal states: the solved placement with the blank in its goal cell's region (see assembly/pdbBuild.ts).
  const goalRegion = floodFill(1 << blankCell, homeMask);
  seen[home] = goalRegion;
  frontier[home] = goalRegion;
  let distance = 0;
  // The goal's entries (0): the least, and for a zero-aware table its region's.
  let settled = layout ? 2 : 1;

  const unrank = (rank: number) => unrankPlacement(rank, placement, tiles, cells);
  const writeEntry = (at: number, value: number) => {
    table[at >>> 1] |= value << ((at & 1) << 2);
    settled++;
  };

  const build = {
    entries: layout ? layout.entries : entries,
    finished: false,
    round(): boolean {
      if (build.finished) return false;
      let reached = 0;
      const newDistance = distance + 1;
      for (let rank = 0; rank < entries; rank++) {
        const blanks = frontier[rank]!;
        if (blanks === 0) continue;
        const occupied = unrank(rank);
        let manhattan = 0;
        for (let i = 0; i < tiles; i++) manhattan += distanceBetween(placement[i]!, homes[i]!);
        for (let i = 0; i < tiles; i++) {
          const from = placement[i]!;
          let targets = adjacent[from]! & blanks;
          while (targets !== 0) {
            const to = 31 - Math.clz32(targets & -targets);
            targets &= targets - 1;
            placement[i] = to;
            const child = rankPlacement(placement, tiles, cells);
            const childSeen = seen[child]!;
            if ((childSeen & (1 << from)) === 0) {
              const region = floodFill(1 << from, occupied ^ (1 << from) ^ (1 << to));
              const childManhattan = manhattan - distanceBetween(from, homes[i]!) + distanceBetween(to, homes[i]!);
              const value = Math.min((newDistance - childManhattan) >> 1, ENTRY_MAX);
              // The least value when the placement is first reached; for a
              // zero-aware table also the value of each region the blank
              // reaches first (it stands where the tile was).
              if (childSeen === 0) writeEntry(layout ? 2 * child : child, value);
              if (layout) writeEntry(zeroAwareRegionIndex(layout, placement, from, child), value);
              seen[child] = childSeen | region;
              if (next[child] === 0) reached++;
              next[child] |= region;
            }
          }
          placement[i] = from;
        }
      }
      const done = frontier;
      frontier = next;
      next = done;
      next.fill(0);
      distance = newDistance;
      if (reached === 0) build.finished = true;
      return !build.finished;
    },
    settled: () => settled,
  };
  return build;
}

/**
 * Fills `table` from `source` through a board symmetry, in slices, exactly as
 * assembly/pdbDerive.ts derives; zero-aware when `layout` is given (each region of
 * the blank from the source's region its cells map onto).
 */
function startDerive(
  cells: number,
  homes: readonly number[],
  cellMap: readonly number[],
  source: Uint8Array,
  table: Uint8Array,
  layout: ZeroAwareLayout | null,
): PdbBuild {
  const tiles = homes.length;
  const placements = pdbEntryCount(cells, tiles);
  // For the source's tile j (tiles ranked by home cell), the target tile that maps onto it.
  const sourceHomes = homes.map((home) => cellMap[home]!);
  const order = sourceHomes.map((_, i) => i).sort((a, b) => sourceHomes[a]! - sourceHomes[b]!);
  const placement = new Uint8Array(tiles);
  const mapped = new Uint8Array(tiles);
  const copy = (from: number, to: number) => {
    table[to >>> 1] |= entryAt(source, from) << ((to & 1) << 2);
  };
  const written: number[] = [];
  table.fill(0);
  let scanned = 0;
  let filled = 0;
  return {
    entries: layout ? layout.entries : placements,
    round() {
      const end = Math.min(placements, scanned + (layout ? DERIVE_SLICE / 4 : DERIVE_SLICE));
      for (let rank = scanned; rank < end; rank++) {
        const occupied = unrankPlacement(rank, placement, tiles, cells);
        for (let j = 0; j < tiles; j++) mapped[j] = cellMap[placement[order[j]!]!]!;
        const from = rankPlacement(mapped, tiles, cells);
        if (!layout) {
          copy(from, rank);
          filled++;
          continue;
        }
        copy(2 * from, 2 * rank);
        filled++;
        // Each region once (its cells share an index): a placement has a few.
        written.length = 0;
        for (let cell = 0; cell < cells; cell++) {
          if ((occupied >>> cell) & 1) continue;
          const to = zeroAwareRegionIndex(layout, placement, cell, rank);
          if (written.includes(to)) continue;
          written.push(to);
          copy(zeroAwareRegionIndex(layout, mapped, cellMap[cell]!, from), to);
          filled++;
        }
      }
      scanned = end;
      return scanned < placements;
    },
    settled: () => filled,
  };
}

const DERIVE_SLICE = 1 << 23;

export interface TwinPdb extends PdbCore {
  /** The installed tables of `partition`, by group, or null when one is missing. */
  tables(partition: PdbPartition): Uint8Array[] | null;
}

export function twinPdb(): TwinPdb {
  const installed = new Map<string, Uint8Array>();
  const key = (partition: PdbPartition, group: number) => `${partitionKey(partition)}#${group}`;
  const bytesOf = groupTableBytes;

  /** `inner`'s rounds, installing `table` under `tableKey` once the last one is done. */
  const installWhenDone = (inner: PdbBuild, tableKey: string, table: Uint8Array): PdbBuild => ({
    entries: inner.entries,
    round() {
      const more = inner.round();
      if (!more) installed.set(tableKey, table);
      return more;
    },
    settled: inner.settled,
  });

  return {
    build(partition, group) {
      // Blank sets are plain cell masks here, u16 (u32 above 16 cells); the
      // wasm engine packs them over the free cells. The tables come out the same.
      const cells = partition.width * partition.height;
      checkPdbBuildMemory(partition, group, pdbWorkBytes(cells, partition.groups[group]!.length, pdbMaskBytesAtMost(cells)));
      const table = new Uint8Array(bytesOf(partition, group));
      installed.delete(key(partition, group));
      const { width, height } = partition;
      const layout = partition.zeroAware ? zeroAwareLayout(width, height, partition.groups[group]!.length) : null;
      return installWhenDone(startBuild(width, height, partition.groups[group]!, partition.blankCell, table, layout), key(partition, group), table);
    },

    derive(partition, group, source, sourceGroup, cellMap) {
      checkPdbDerivation(partition, group, source, sourceGroup, cellMap);
      const from = installed.get(key(source, sourceGroup));
      if (!from) throw new RangeError(`puzzlesearch: group ${sourceGroup} of ${source.name} has no table to derive group ${group} of ${partition.name} from`);
      const table = new Uint8Array(bytesOf(partition, group));
      installed.delete(key(partition, group));
      const layout = partition.zeroAware ? zeroAwareLayout(partition.width, partition.height, partition.groups[group]!.length) : null;
      const derive = startDerive(partition.width * partition.height, partition.groups[group]!, cellMap, from, table, layout);
      return installWhenDone(derive, key(partition, group), table);
    },

    install(partition, group, bytes) {
      const expected = bytesOf(partition, group);
      if (bytes.length !== expected)
        throw new RangeError(`puzzlesearch: a table of ${bytes.length} bytes for group ${group} of ${partition.name}, expected ${expected}`);
      // Shared memory is read where it lies, not copied: the pool posts one
      // SharedArrayBuffer of a table to all of its workers, which then hold a
      // single copy between them (nothing writes an installed table).
      installed.set(
        key(partition, group),
        typeof SharedArrayBuffer === 'function' && bytes.buffer instanceof SharedArrayBuffer ? bytes : Uint8Array.from(bytes),
      );
    },

    reserve(partition, group) {
      const table = new Uint8Array(bytesOf(partition, group));
      installed.delete(key(partition, group));
      return { view: () => table, install: () => installed.set(key(partition, group), table) };
    },

    release(partition, group) {
      const table = installed.get(key(partition, group));
      installed.delete(key(partition, group));
      // Collected once no search holds it; a table shared with other workers (a SharedArrayBuffer) is theirs too.
      return table?.length ?? 0;
    },

    has: (partition, group) => installed.has(key(partition, group)),

    table(partition, group, offset = 0, length) {
      const table = installed.get(key(partition, group));
      if (!table) return null;
      return table.slice(offset, length === undefined ? undefined : offset + length);
    },

    ready(partition) {
      return partition.groups.every((_, group) => installed.has(key(partition, group)));
    },

    tables(partition) {
      const all = partition.groups.map((_, group) => installed.get(key(partition, group)));
      return all.every((table) => table !== undefined) ? (all as Uint8Array[]) : null;
    },
  };
}
