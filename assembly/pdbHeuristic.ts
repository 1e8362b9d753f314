// The additive pattern-database heuristic as IDA* (./idaStar) uses it.
//
// The host names the partition (each group's home cells) and where each
// group's table lies (built by ./pdb or loaded from disk) through
// idaStarPdbGroup; the search works out from the goal which tile belongs to
// which group, so any goal whose blank sits on the partition's blank cell can
// use the same tables.
//
// h = Manhattan distance + 2 x (sum over groups of the entry), the entries
// storing (group distance - group Manhattan) / 2 (see ./pdb). A move changes
// one tile, so one group's entry: the search keeps each group's entry and the
// sum, and re-ranks only the moved tile's group.
//
// Mirroring: when the board is square and the blank's goal cell is on the main
// diagonal, reflecting a board about that diagonal and renaming each tile t to
// the tile whose home is the reflection of t's home gives a board exactly as
// far from the goal (the goal maps to itself). Its PDB value is a second lower
// bound; h takes the larger sum. Both boards have the same Manhattan distance.
//
// Zero-aware tables (./zeroAware) are read by the placement and the blank's
// region. A move of a tile of another group moves the blank within this
// group's region (onto a cell no tile of this group covers), so a move still
// changes one group's entry (and one of the mirrored board's). Beside each
// placement's least value over the regions they keep region 0's: a child is
// priced on the least first, and on its region's value only when that does
// not prune it.

import { MAX_GROUP_TILES, pdbEntryCount } from './pdb';
import { zeroAwareInPocket, zeroAwareLayoutOf, zeroAwarePlaceCover, zeroAwarePocketIndex, zeroAwareRegionAt } from './zeroAware';

const MAX_GROUPS: i32 = 16;
const MAX_PDB_CELLS: i32 = 25;
const STRIDE: i32 = 32;

// As the host configured them: home cells and table address of each group.
let configuredGroups: i32 = 0;
const groupMasks: usize = memory.data(MAX_GROUPS * 4, 16);
const groupTables: usize = memory.data(MAX_GROUPS * 4, 16);
// 1 where the group's table is zero-aware; pdbPrepare puts its layout record in groupLayouts.
const groupZeroAware: usize = memory.data(MAX_GROUPS, 16);
const groupLayouts: usize = memory.data(MAX_GROUPS * 4, 16);

// Derived from the goal by pdbPrepare.
let cells: i32 = 0;
const groupSizes: usize = memory.data(MAX_GROUPS, 16);
// The tiles of group g in rank order, [g * 8 + i]; and for the mirrored board,
// the original tile whose reflection plays that part.
const groupTiles: usize = memory.data(MAX_GROUPS * MAX_GROUP_TILES, 16);
const mirrorTiles: usize = memory.data(MAX_GROUPS * MAX_GROUP_TILES, 16);
const tileGroup: usize = memory.data(STRIDE, 16);
const tileMirrorGroup: usize = memory.data(STRIDE, 16);
const mirrorCell: usize = memory.data(STRIDE, 16);

// The board being searched.
const positionOf: usize = memory.data(STRIDE, 16);
const entries: usize = memory.data(MAX_GROUPS, 16);
const mirrorEntries: usize = memory.data(MAX_GROUPS, 16);
let entrySum: i32 = 0;
let mirrorSum: i32 = 0;
let manhattanSum: i32 = 0;
// The moved tile's new entries, from pdbChildEstimate to pdbApply.
let pendingEntry: i32 = 0;
let pendingMirrorEntry: i32 = 0;

/** Sets group `index` of the partition: its home cells (bit per cell), its table, and whether that is zero-aware (1). */
export function idaStarPdbGroup(index: i32, cellMask: u32, tableAt: f64, zeroAware: i32): void {
  if (index < 0 || index >= MAX_GROUPS) return;
  store<u32>(groupMasks + (<usize>index << 2), cellMask);
  store<u32>(groupTables + (<usize>index << 2), <u32>tableAt);
  store<u8>(groupZeroAware + index, <u8>(zeroAware == 1 ? 1 : 0));
}

/** The number of groups set by idaStarPdbGroup that make up the partition (0: none). */
export function idaStarPdbGroups(count: i32): void {
  configuredGroups = count >= 0 && count <= MAX_GROUPS ? count : 0;
}

// @ts-ignore: decorator
@inline
function groupOfCell(cell: i32): i32 {
  for (let g = 0; g < configuredGroups; g++) {
    if ((load<u32>(groupMasks + (<usize>g << 2)) >> cell) & 1) return g;
  }
  return -1;
}

/**
 * Readies the tables for `goal` on a width x height board. Returns 0 when the
 * partition covers every cell but the goal's blank, each once, else -1 (no
 * rank may then read outside a table). Returns 1 instead of 0 when mirroring
 * applies.
 */
export function pdbPrepare(width: i32, height: i32, goal: usize): i32 {
  cells = width * height;
  if (cells > MAX_PDB_CELLS || configuredGroups == 0) return -1;
  let covered: u32 = 0;
  for (let g = 0; g < configuredGroups; g++) {
    const mask = load<u32>(groupMasks + (<usize>g << 2));
    const size = <i32>popcnt(mask);
    if ((covered & mask) != 0 || size == 0 || size > MAX_GROUP_TILES) return -1;
    covered |= mask;
    store<u8>(groupSizes + g, <u8>size);
    let layout: usize = 0;
    if (load<u8>(groupZeroAware + g) == 1) {
      // Made already when the table was sized (the host asks zeroAwareEntryCount).
      layout = zeroAwareLayoutOf(width, height, size);
      if (layout == 0) return -1;
    }
    store<u32>(groupLayouts + (<usize>g << 2), <u32>layout);
  }
  let blankCell = 0;
  for (let p = 0; p < cells; p++) if (load<u8>(goal + p) == 0) blankCell = p;
  if (covered != (((<u32>1 << cells) - 1) ^ (<u32>1 << blankCell))) return -1;
  const mirrored = width == height && blankCell / width == blankCell % width;
  for (let p = 0; p < cells; p++) {
    store<u8>(mirrorCell + p, <u8>(mirrored ? (p % width) * width + p / width : p));
  }
  for (let g = 0; g < configuredGroups; g++) {
    let rest = load<u32>(groupMasks + (<usize>g << 2));
    for (let i = 0; rest != 0; i++) {
      const cell = <i32>ctz(rest);
      rest &= rest - 1;
      const at = <usize>(g * MAX_GROUP_TILES + i);
      store<u8>(groupTiles + at, load<u8>(goal + cell));
      store<u8>(mirrorTiles + at, load<u8>(goal + load<u8>(mirrorCell + cell)));
      store<u8>(tileGroup + load<u8>(goal + cell), <u8>g);
      store<u8>(tileMirrorGroup + load<u8>(goal + load<u8>(mirrorCell + cell)), <u8>g);
    }
  }
  return mirrored ? 1 : 0;
}

// The rank and cover of the placement groupLeastEntry last read, for
// groupExactEntry; the cells of the group being looked up, for zeroAwarePocketIndex.
let lookedUpRank: u32 = 0;
let lookedUpCover: u32 = 0;
const lookupCells: usize = memory.data(MAX_GROUP_TILES, 8);

// Group g's entry at its placement's rank (./pdb ranks it), with `moved`
// taken to stand on `movedTo` whatever positionOf says. Mirrored: the
// reflected board's. For a plain table the entry; for a zero-aware one
// (./zeroAware) its least over the blank's regions, a lower bound of the
// value groupExactEntry then reads.
// @ts-ignore: decorator
@inline
function groupLeastEntry(g: i32, mirror: bool, moved: i32, movedTo: i32): i32 {
  const list = (mirror ? mirrorTiles : groupTiles) + <usize>(g * MAX_GROUP_TILES);
  const size = <i32>load<u8>(groupSizes + g);
  let occupied: u32 = 0;
  let rank: u32 = 0;
  for (let i = 0; i < size; i++) {
    const tile = <i32>load<u8>(list + i);
    let cell = tile == moved ? movedTo : <i32>load<u8>(positionOf + tile);
    if (mirror) cell = <i32>load<u8>(mirrorCell + cell);
    rank = rank * <u32>(cells - i) + <u32>cell - popcnt(occupied & ((<u32>1 << cell) - 1));
    occupied |= <u32>1 << cell;
  }
  lookedUpRank = rank;
  lookedUpCover = occupied;
  const table = <usize>load<u32>(groupTables + (<usize>g << 2));
  if (load<u32>(groupLayouts + (<usize>g << 2)) == 0) return entryAt(table, rank);
  return entryAt(table, rank << 1);
}

// The entry of the placement groupLeastEntry just read (`least` its least
// value) with the blank on the cell `moved` leaves: `least` itself for a
// plain table; for a zero-aware one region 0's value, in the byte just read,
// unless the cover has pockets and the blank is in one.
// @ts-ignore: decorator
@inline
function groupExactEntry(g: i32, mirror: bool, moved: i32, movedTo: i32, least: i32): i32 {
  const layout = <usize>load<u32>(groupLayouts + (<usize>g << 2));
  if (layout == 0) return least;
  const table = <usize>load<u32>(groupTables + (<usize>g << 2));
  if (!zeroAwarePlaceCover(layout, lookedUpCover)) return entryAt(table, (lookedUpRank << 1) + 1);
  let blank = <i32>load<u8>(positionOf + <usize>max(moved, 0));
  if (mirror) blank = <i32>load<u8>(mirrorCell + blank);
  if (!zeroAwareInPocket(blank)) return entryAt(table, (lookedUpRank << 1) + 1);
  const list = (mirror ? mirrorTiles : groupTiles) + <usize>(g * MAX_GROUP_TILES);
  const size = <i32>load<u8>(groupSizes + g);
  for (let i = 0; i < size; i++) {
    const tile = <i32>load<u8>(list + i);
    let cell = tile == moved ? movedTo : <i32>load<u8>(positionOf + tile);
    if (mirror) cell = <i32>load<u8>(mirrorCell + cell);
    store<u8>(lookupCells + i, <u8>cell);
  }
  return entryAt(table, zeroAwarePocketIndex(lookupCells, size, zeroAwareRegionAt(blank)));
}

// @ts-ignore: decorator
@inline
function entryAt(table: usize, index: u32): i32 {
  return (<i32>load<u8>(table + (<usize>index >> 1)) >> ((index & 1) << 2)) & 15;
}

// @ts-ignore: decorator
@inline
function estimateOf(manhattan: i32, sum: i32, mirror: i32): i32 {
  return manhattan + ((sum > mirror ? sum : mirror) << 1);
}

/** Loads `board` (tiles by position) and returns its h; `manhattan` is its Manhattan distance. */
export function pdbLoadBoard(board: usize, manhattan: i32, mirror: bool): i32 {
  for (let p = 0; p < cells; p++) store<u8>(positionOf + load<u8>(board + p), <u8>p);
  entrySum = 0;
  mirrorSum = 0;
  for (let g = 0; g < configuredGroups; g++) {
    const entry = groupExactEntry(g, false, -1, 0, groupLeastEntry(g, false, -1, 0));
    store<u8>(entries + g, <u8>entry);
    entrySum += entry;
    const mirrorEntry = mirror ? groupExactEntry(g, true, -1, 0, groupLeastEntry(g, true, -1, 0)) : 0;
    store<u8>(mirrorEntries + g, <u8>mirrorEntry);
    mirrorSum += mirrorEntry;
  }
  manhattanSum = manhattan;
  return estimateOf(manhattan, entrySum, mirrorSum);
}

/** Bytes of the table of a group of `tiles` tiles on a board of `boardCells` cells. */
export function pdbTableBytes(boardCells: i32, tiles: i32): f64 {
  return Math.ceil(pdbEntryCount(boardCells, tiles) / 2);
}

/**
 * h after `tile` steps onto `to` (the blank's cell) with Manhattan change
 * `manhattanDelta`; leaves the new entries for pdbApply. Each lookup prices
 * the child by the least entry first and reads a zero-aware table's exact
 * one only when that does not prune it. When the board's own sum already
 * puts h above `room` (the child is pruned), the mirrored lookup is skipped
 * and that lower h returned: pdbApply is then never called.
 */
// @ts-ignore: decorator
@inline
export function pdbChildEstimate(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, room: i32): i32 {
  const manhattan = manhattanSum + manhattanDelta;
  const g = <i32>load<u8>(tileGroup + tile);
  const others = entrySum - <i32>load<u8>(entries + g);
  let entry = groupLeastEntry(g, false, tile, to);
  if (manhattan + ((others + entry) << 1) <= room) entry = groupExactEntry(g, false, tile, to, entry);
  pendingEntry = entry;
  const sum = others + entry;
  if (!mirror || manhattan + (sum << 1) > room) return estimateOf(manhattan, sum, 0);
  const m = <i32>load<u8>(tileMirrorGroup + tile);
  const mirrorOthers = mirrorSum - <i32>load<u8>(mirrorEntries + m);
  let mirrorEntry = groupLeastEntry(m, true, tile, to);
  if (manhattan + ((mirrorOthers + mirrorEntry) << 1) <= room) mirrorEntry = groupExactEntry(m, true, tile, to, mirrorEntry);
  pendingMirrorEntry = mirrorEntry;
  return estimateOf(manhattan, sum, mirrorOthers + mirrorEntry);
}

/** Makes the move pdbChildEstimate priced; returns what pdbUndo needs. */
// @ts-ignore: decorator
@inline
export function pdbApply(tile: i32, to: i32, manhattanDelta: i32, mirror: bool): i32 {
  const g = <i32>load<u8>(tileGroup + tile);
  const old = <i32>load<u8>(entries + g);
  store<u8>(entries + g, <u8>pendingEntry);
  entrySum += pendingEntry - old;
  let oldMirror = 0;
  if (mirror) {
    const m = <i32>load<u8>(tileMirrorGroup + tile);
    oldMirror = <i32>load<u8>(mirrorEntries + m);
    store<u8>(mirrorEntries + m, <u8>pendingMirrorEntry);
    mirrorSum += pendingMirrorEntry - oldMirror;
  }
  manhattanSum += manhattanDelta;
  // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
  store<u8>(positionOf, load<u8>(positionOf + tile));
  store<u8>(positionOf + tile, <u8>to);
  return old | (oldMirror << 8);
}

/** Takes back pdbApply: `tile` returns to `from`. */
// @ts-ignore: decorator
@inline
export function pdbUndo(tile: i32, from: i32, manhattanDelta: i32, mirror: bool, saved: i32): void {
  const g = <i32>load<u8>(tileGroup + tile);
  const old = saved & 0xff;
  entrySum += old - <i32>load<u8>(entries + g);
  store<u8>(entries + g, <u8>old);
  if (mirror) {
    const m = <i32>load<u8>(tileMirrorGroup + tile);
    const oldMirror = saved >> 8;
    mirrorSum += oldMirror - <i32>load<u8>(mirrorEntries + m);
    store<u8>(mirrorEntries + m, <u8>oldMirror);
  }
  manhattanSum -= manhattanDelta;
  store<u8>(positionOf, load<u8>(positionOf + tile));
  store<u8>(positionOf + tile, <u8>from);
}
