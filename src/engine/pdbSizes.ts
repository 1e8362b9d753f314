/**
 * What a partition's tables cost: entries and bytes of a group's table, the
 * working memory of a build, and the memory limits both engines keep to (the
 * web page reads these to say what a preparation will take before it starts).
 */
import type { PdbPartition } from './contract.js';
import { zeroAwareLayout } from './zeroAwareLayout.js';

/** Placements of `tiles` tiles on `cells` cells, the entries of a group's table: cells! / (cells - tiles)!. */
export function pdbEntryCount(cells: number, tiles: number): number {
  let count = 1;
  for (let i = 0; i < tiles; i++) count *= cells - i;
  return count;
}

/** Bytes of a group's table: 4 bits an entry. */
export function pdbTableBytes(cells: number, tiles: number): number {
  return Math.ceil(pdbEntryCount(cells, tiles) / 2);
}

/** Entries of group `group`'s table: its placements, or for a zero-aware partition its (placement, blank region) pairs. */
export function groupTableEntries(partition: PdbPartition, group: number): number {
  const tiles = partition.groups[group]!.length;
  if (partition.zeroAware) return zeroAwareLayout(partition.width, partition.height, tiles).entries;
  return pdbEntryCount(partition.width * partition.height, tiles);
}

/** Bytes of group `group`'s table: 4 bits an entry. */
export function groupTableBytes(partition: PdbPartition, group: number): number {
  return Math.ceil(groupTableEntries(partition, group) / 2);
}

/**
 * Bytes of one blank set an entry while building on `cells` cells, at most:
 * the TS twin's plain cell masks (u32 above 16 cells, else u16); the wasm
 * module packs them over the free cells into as many bytes or fewer.
 */
export function pdbMaskBytesAtMost(cells: number): number {
  return cells > 16 ? 4 : 2;
}

/** Bytes of working memory while building a group's table: three blank sets of `maskBytes` bytes an entry. */
export function pdbWorkBytes(cells: number, tiles: number, maskBytes: number): number {
  return pdbEntryCount(cells, tiles) * 3 * maskBytes;
}

/**
 * The most memory one table build may take (table + work). Memory a wasm
 * instance grew is never returned, so a larger build would hold it for the
 * instance's life; both engines refuse it up front with the size it needs.
 */
export const PDB_BUILD_MEMORY_LIMIT = 2 ** 31;

/**
 * The most table bytes one solver is asked to hold, in both engines alike:
 * wasm32's 4 GiB less the module's heap, with the builds' working memory (1.5
 * GB for a 6-tile group on 5x5) holding the derived tables. So
 * 6-6-6-6x3-zero-aware's 3.1 GB for both goals fit, and
 * 6-6-6-6x7-zero-aware's 2.2 GB a goal fit once, not twice. A prepare()
 * past it is refused before any minutes go into it; memory that still runs
 * out later is the engine's one-line error naming the size.
 */
export const PDB_HELD_TABLES_LIMIT = 3.5 * 2 ** 30;

/**
 * Throws a RangeError naming the memory needed when building group `group` of
 * `partition` with `workBytes` of working memory would pass the limit.
 */
export function checkPdbBuildMemory(partition: PdbPartition, group: number, workBytes: number): void {
  const tiles = partition.groups[group]!.length;
  const needed = groupTableBytes(partition, group) + workBytes;
  if (needed > PDB_BUILD_MEMORY_LIMIT) {
    const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
    throw new RangeError(
      `puzzlesearch: building the ${tiles}-tile table of partition ${partition.name} needs ${gib(needed)} of memory, more than the ${gib(PDB_BUILD_MEMORY_LIMIT)} limit`,
    );
  }
}
