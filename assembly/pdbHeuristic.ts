// The additive pattern-database heuristic as IDA* (./idaStar) uses it.
//
// The host names the partition (each group's home cells) and where each
// group's table lies (built by ./pdbBuild or loaded from disk) through
// idaStarPdbGroup; the search works out from the goal which tile belongs to
// which group, so any goal whose blank sits on the partition's blank cell can
// use the same tables.
//
// h = Manhattan distance + 2 x (sum over groups of the entry), the entries
// storing (group distance - group Manhattan) / 2 (see ./pdbBuild). A move changes
// one tile, so one group's entry: the search keeps each group's entry and the
// sum, and re-ranks only the moved tile's group.
//
// Several sums: the host may name more than one partition over the same
// tables (idaStarPdbSum: each a set of the configured groups that covers
// every tile once), and h takes the largest sum, each a lower bound. The
// search only needs to know whether some sum prunes a child, so the sums are
// kept lazily (./pdbLazySums): per group an upper bound of its entry, exact
// while no tile of the group has moved since it was read, and per sum the
// total of those bounds. A sum whose bound cannot prune the child is not
// read; one that could is brought up to date (one lookup per group it holds
// that moved since) and read exactly. The first sum that prunes ends the
// pricing. The next bound needs the full h of the pruned
// child with the least f, which prunedEstimate gives.
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
//
// One file of about 430 lines: the lookup, the sums and the mirrored lookup
// share one module-level state (the groups, their tables and the running
// entries) that IDA*'s inner loop reads with no call between.

import { MAX_GROUP_TILES, pdbEntryCount } from './pdbBuild';
import { zeroAwareInPocket, zeroAwareLayoutOf, zeroAwarePlaceCover, zeroAwarePocketIndex, zeroAwareRegionAt } from './zeroAware';
import { local } from './instance';
import { MAX_GROUPS, STRIDE, lazyApply, lazyFrameZero, lazyPrice, lazyReserve, lazyUndo } from './pdbLazySums';

export const PDB_FIT_MIRRORED: i32 = 1;
export const PDB_FIT_SEVERAL: i32 = 2;
export const MAX_SUMS: i32 = 8;
const MAX_PDB_CELLS: i32 = 25;

// As the host configured them: home cells and table address of each group,
// and the groups of each sum (-1 sums: a count out of range).
export let configuredGroups: i32 = 0;
let configuredSums: i32 = 0;
const sumGroupBits: usize = memory.data(MAX_SUMS * 4, 16);
const groupMasks: usize = memory.data(MAX_GROUPS * 4, 16);
const groupTables: usize = memory.data(MAX_GROUPS * 4, 16);
// 1 where the group's table is zero-aware; pdbPrepare puts its layout record in groupLayouts.
const groupZeroAware: usize = memory.data(MAX_GROUPS, 16);
export const groupLayouts: usize = memory.data(MAX_GROUPS * 4, 16);

// Derived from the goal by pdbPrepare.
export let cells: i32 = 0;
const groupSizes: usize = memory.data(MAX_GROUPS, 16);
// The tiles of group g in rank order, [g * 8 + i]; and for the mirrored board,
// the original tile whose reflection plays that part.
const groupTiles: usize = memory.data(MAX_GROUPS * MAX_GROUP_TILES, 16);
const mirrorTiles: usize = memory.data(MAX_GROUPS * MAX_GROUP_TILES, 16);
const mirrorCell: usize = memory.data(STRIDE, 16);
// The sums h takes the largest of, and the groups of each (a bit per group).
export let sumCount: i32 = 0;
export const sumGroups: usize = memory.data(MAX_SUMS * 4, 16);
// The group of each tile in each sum, [s * STRIDE + tile], for the board and
// for the mirrored one.
export const tileGroup: usize = memory.data(MAX_SUMS * STRIDE, 16);
export const tileMirrorGroup: usize = memory.data(MAX_SUMS * STRIDE, 16);

// The board being searched: each group's entry (a lone partition's; for
// several sums, as the board was loaded), and the sum.
const positionOf: usize = memory.data(STRIDE, 16);
const entries: usize = memory.data(MAX_GROUPS, 16);
const mirrorEntries: usize = memory.data(MAX_GROUPS, 16);
let entrySum: i32 = 0;
let mirrorSum: i32 = 0;
export let manhattanSum: i32 = 0;
// The moved tile's new entry, from pdbChildEstimate to pdbApply.
let pendingEntry: i32 = 0;
let pendingMirrorEntry: i32 = 0;

/** Sets group `index` of the partition: its home cells (bit per cell), its table, and whether that is zero-aware (1). */
export function idaStarPdbGroup(index: i32, cellMask: u32, tableAt: f64, zeroAware: i32): void {
  if (index < 0 || index >= MAX_GROUPS) return;
  store<u32>(local(groupMasks) + (<usize>index << 2), cellMask);
  store<u32>(local(groupTables) + (<usize>index << 2), <u32>tableAt);
  store<u8>(local(groupZeroAware) + index, <u8>(zeroAware == 1 ? 1 : 0));
}

/** The number of groups set by idaStarPdbGroup (0: none). Unless idaStarPdbSums says otherwise, they make up one partition. */
export function idaStarPdbGroups(count: i32): void {
  configuredGroups = count >= 0 && count <= MAX_GROUPS ? count : 0;
}

/** Sets sum `index`: the groups (a bit per group index) whose entries it adds, a partition of the tiles. */
export function idaStarPdbSum(index: i32, groupBits: u32): void {
  if (index < 0 || index >= MAX_SUMS) return;
  store<u32>(local(sumGroupBits) + (<usize>index << 2), groupBits);
}

/** The number of sums set by idaStarPdbSum that h takes the largest of; 0: one sum of every group. */
export function idaStarPdbSums(count: i32): void {
  configuredSums = count >= 0 && count <= MAX_SUMS ? count : -1;
}

/**
 * Readies the tables for `goal` on a width x height board. Returns -1 unless
 * each sum's groups cover every cell but the goal's blank, each once (no
 * rank may then read outside a table); else PDB_FIT_MIRRORED when mirroring
 * applies, plus PDB_FIT_SEVERAL when there is more than one sum.
 */
export function pdbPrepare(width: i32, height: i32, goal: usize): i32 {
  cells = width * height;
  if (cells > MAX_PDB_CELLS || configuredGroups == 0 || configuredSums < 0) return -1;
  for (let g = 0; g < configuredGroups; g++) {
    const size = <i32>popcnt(load<u32>(local(groupMasks) + (<usize>g << 2)));
    if (size == 0 || size > MAX_GROUP_TILES) return -1;
    store<u8>(local(groupSizes) + g, <u8>size);
    let layout: usize = 0;
    if (load<u8>(local(groupZeroAware) + g) == 1) {
      // Made already when the table was sized (the host asks zeroAwareEntryCount).
      layout = zeroAwareLayoutOf(width, height, size);
      if (layout == 0) return -1;
    }
    store<u32>(local(groupLayouts) + (<usize>g << 2), <u32>layout);
  }
  let blankCell = 0;
  for (let p = 0; p < cells; p++) if (load<u8>(goal + p) == 0) blankCell = p;
  const mirrored = width == height && blankCell / width == blankCell % width;
  for (let p = 0; p < cells; p++) {
    store<u8>(local(mirrorCell) + p, <u8>(mirrored ? (p % width) * width + p / width : p));
  }
  sumCount = configuredSums == 0 ? 1 : configuredSums;
  for (let s = 0; s < sumCount; s++) {
    const groupBits = configuredSums == 0 ? <u32>(((<u64>1 << configuredGroups) - 1) & 0xffffffff) : load<u32>(local(sumGroupBits) + (<usize>s << 2));
    if (groupBits == 0 || (configuredGroups < 32 && groupBits >> configuredGroups != 0)) return -1;
    store<u32>(local(sumGroups) + (<usize>s << 2), groupBits);
    let covered: u32 = 0;
    for (let rest = groupBits; rest != 0; rest &= rest - 1) {
      const g = <i32>ctz(rest);
      const mask = load<u32>(local(groupMasks) + (<usize>g << 2));
      if ((covered & mask) != 0) return -1;
      covered |= mask;
      for (let homes = mask; homes != 0; homes &= homes - 1) {
        const cell = <i32>ctz(homes);
        const at = <usize>(s * STRIDE);
        store<u8>(local(tileGroup) + at + load<u8>(goal + cell), <u8>g);
        store<u8>(local(tileMirrorGroup) + at + load<u8>(goal + load<u8>(local(mirrorCell) + cell)), <u8>g);
      }
    }
    if (covered != (((<u32>1 << cells) - 1) ^ (<u32>1 << blankCell))) return -1;
  }
  if (sumCount > 1 && !lazyReserve(mirrored)) return -1;
  for (let g = 0; g < configuredGroups; g++) {
    let rest = load<u32>(local(groupMasks) + (<usize>g << 2));
    for (let i = 0; rest != 0; i++) {
      const cell = <i32>ctz(rest);
      rest &= rest - 1;
      const at = <usize>(g * MAX_GROUP_TILES + i);
      store<u8>(local(groupTiles) + at, load<u8>(goal + cell));
      store<u8>(local(mirrorTiles) + at, load<u8>(goal + load<u8>(local(mirrorCell) + cell)));
    }
  }
  return (mirrored ? PDB_FIT_MIRRORED : 0) | (sumCount > 1 ? PDB_FIT_SEVERAL : 0);
}

// The rank and cover of the placement groupLeastEntry last read, for
// groupExactEntry; the cells of the group being looked up, for zeroAwarePocketIndex.
let lookedUpRank: u32 = 0;
let lookedUpCover: u32 = 0;
const lookupCells: usize = memory.data(MAX_GROUP_TILES, 8);

// Group g's entry at its placement's rank (./pdbBuild ranks it), with `moved`
// taken to stand on `movedTo` whatever positionOf says. Mirrored: the
// reflected board's. For a plain table the entry; for a zero-aware one
// (./zeroAware) its least over the blank's regions, a lower bound of the
// value groupExactEntry then reads.
// @ts-ignore: decorator
@inline
export function groupLeastEntry(g: i32, mirror: bool, moved: i32, movedTo: i32): i32 {
  const list = (mirror ? local(mirrorTiles) : local(groupTiles)) + <usize>(g * MAX_GROUP_TILES);
  const size = <i32>load<u8>(local(groupSizes) + g);
  let occupied: u32 = 0;
  let rank: u32 = 0;
  for (let i = 0; i < size; i++) {
    const tile = <i32>load<u8>(list + i);
    let cell = tile == moved ? movedTo : <i32>load<u8>(local(positionOf) + tile);
    if (mirror) cell = <i32>load<u8>(local(mirrorCell) + cell);
    rank = rank * <u32>(cells - i) + <u32>cell - popcnt(occupied & ((<u32>1 << cell) - 1));
    occupied |= <u32>1 << cell;
  }
  lookedUpRank = rank;
  lookedUpCover = occupied;
  const table = <usize>load<u32>(local(groupTables) + (<usize>g << 2));
  if (load<u32>(local(groupLayouts) + (<usize>g << 2)) == 0) return entryAt(table, rank);
  return entryAt(table, rank << 1);
}

// The entry of the placement groupLeastEntry just read (`least` its least
// value) with the blank on the cell `moved` leaves: `least` itself for a
// plain table; for a zero-aware one region 0's value, in the byte just read,
// unless the cover has pockets and the blank is in one.
// @ts-ignore: decorator
@inline
export function groupExactEntry(g: i32, mirror: bool, moved: i32, movedTo: i32, least: i32): i32 {
  const layout = <usize>load<u32>(local(groupLayouts) + (<usize>g << 2));
  if (layout == 0) return least;
  const table = <usize>load<u32>(local(groupTables) + (<usize>g << 2));
  if (!zeroAwarePlaceCover(layout, lookedUpCover)) return entryAt(table, (lookedUpRank << 1) + 1);
  let blank = <i32>load<u8>(local(positionOf) + <usize>max(moved, 0));
  if (mirror) blank = <i32>load<u8>(local(mirrorCell) + blank);
  if (!zeroAwareInPocket(blank)) return entryAt(table, (lookedUpRank << 1) + 1);
  const list = (mirror ? local(mirrorTiles) : local(groupTiles)) + <usize>(g * MAX_GROUP_TILES);
  const size = <i32>load<u8>(local(groupSizes) + g);
  for (let i = 0; i < size; i++) {
    const tile = <i32>load<u8>(list + i);
    let cell = tile == moved ? movedTo : <i32>load<u8>(local(positionOf) + tile);
    if (mirror) cell = <i32>load<u8>(local(mirrorCell) + cell);
    store<u8>(local(lookupCells) + i, <u8>cell);
  }
  return entryAt(table, zeroAwarePocketIndex(local(lookupCells), size, zeroAwareRegionAt(blank)));
}

// @ts-ignore: decorator
@inline
function entryAt(table: usize, index: u32): i32 {
  return (<i32>load<u8>(table + (<usize>index >> 1)) >> ((index & 1) << 2)) & 15;
}

/** Loads `board` (tiles by position) and returns its h; `manhattan` is its Manhattan distance. */
export function pdbLoadBoard(board: usize, manhattan: i32, mirror: bool): i32 {
  for (let p = 0; p < cells; p++) store<u8>(local(positionOf) + load<u8>(board + p), <u8>p);
  for (let g = 0; g < configuredGroups; g++) {
    store<u8>(local(entries) + g, <u8>groupExactEntry(g, false, -1, 0, groupLeastEntry(g, false, -1, 0)));
    store<u8>(local(mirrorEntries) + g, <u8>(mirror ? groupExactEntry(g, true, -1, 0, groupLeastEntry(g, true, -1, 0)) : 0));
  }
  let best = 0;
  for (let s = 0; s < sumCount; s++) {
    let sum = 0;
    let mirrored = 0;
    for (let rest = load<u32>(local(sumGroups) + (<usize>s << 2)); rest != 0; rest &= rest - 1) {
      sum += <i32>load<u8>(local(entries) + ctz(rest));
      mirrored += <i32>load<u8>(local(mirrorEntries) + ctz(rest));
    }
    if (s == 0) {
      entrySum = sum;
      mirrorSum = mirrored;
    }
    best = max(best, max(sum, mirrored));
  }
  if (sumCount > 1) lazyFrameZero(local(entries), local(mirrorEntries));
  manhattanSum = manhattan;
  return manhattan + (best << 1);
}

/** Bytes of the table of a group of `tiles` tiles on a board of `boardCells` cells. */
export function pdbTableBytes(boardCells: i32, tiles: i32): f64 {
  return Math.ceil(pdbEntryCount(boardCells, tiles) / 2);
}

/**
 * h after `tile` steps onto `to` (the blank's cell) with Manhattan change
 * `manhattanDelta`; leaves the new entries for pdbApply. The board's sum,
 * then the mirrored board's: the first whose h is above `room` (the child
 * is pruned) ends the pricing, and pdbApply is then never called. Each
 * lookup prices the child by the least entry first and reads a zero-aware
 * table's exact one only when that does not prune it.
 *
 * `several` (fixed per compiled search, see ./idaStar) is whether there are
 * several sums, priced by ./pdbLazySums. A partition alone, the common case,
 * keeps its sum in globals (entrySum, pendingEntry, the old entry in what
 * pdbApply returns) and costs what it did before there were several (memory
 * for its sum, or a run-time test for the others, took 5-12% longer on Korf's 100).
 */
// @ts-ignore: decorator
@inline
export function pdbChildEstimate(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool, room: i32): i32 {
  return priceChild<StopEarly>(tile, to, manhattanDelta, mirror, several, room);
}

// How priceChild ends on a sum that prunes: StopEarly as pdbChildEstimate
// says; PriceAll never (room is then beyond any h), for fullChildEstimate.
// Types, told apart by size at compile time, so that PriceAll's copy holds no
// path back to fullChildEstimate.
export type StopEarly = u8;
export type PriceAll = u16;

// pdbChildEstimate's body.
// @ts-ignore: decorator
@inline
function priceChild<Stop>(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool, room: i32): i32 {
  if (several) {
    const h = lazyPrice<Stop>(tile, to, manhattanDelta, mirror, room);
    return h > room ? pruned<Stop>(h, room, tile, to, manhattanDelta, mirror, several) : h;
  }
  const manhattan = manhattanSum + manhattanDelta;
  pendingEntry = firstSumEntry(false, tile, to, manhattan, room);
  let best = entrySum - <i32>load<u8>(local(entries) + load<u8>(local(tileGroup) + tile)) + pendingEntry;
  if (manhattan + (best << 1) > room) return pruned<Stop>(manhattan + (best << 1), room, tile, to, manhattanDelta, mirror, several);
  if (mirror) {
    pendingMirrorEntry = firstSumEntry(true, tile, to, manhattan, room);
    best = max(best, mirrorSum - <i32>load<u8>(local(mirrorEntries) + load<u8>(local(tileMirrorGroup) + tile)) + pendingMirrorEntry);
    if (manhattan + (best << 1) > room) return pruned<Stop>(manhattan + (best << 1), room, tile, to, manhattanDelta, mirror, several);
  }
  return manhattan + (best << 1);
}

// The least f - bound among the children pruned since pdbSearchStarts (f
// - bound = h - room, whatever the child's g): see prunedEstimate.
let leastPrunedExcess: i32 = 0;
// A room no h reaches: pdbChildEstimate then prices every sum, exactly.
const NO_ROOM_LIMIT: i32 = 0x3fffffff;

/** Called as a search (an iteration or a subtree) starts: no child pruned yet. */
export function pdbSearchStarts(): void {
  leastPrunedExcess = 0x7fffffff;
}

// The h that pdbChildEstimate gives for a child it prices at `h` above
// `room` (pruned). Stopping at the first sum that prunes (or at a zero-aware
// table's least entry) may give less than the largest sum, and the next
// bound is the least f among pruned children: a smaller f there would start
// an iteration no plain search makes. So a pruned child whose f would be the
// least so far is priced again in full; any other cannot lower the least,
// whatever its full value. Once the least is bound + 2 (f keeps its parity,
// so none is lower) no child is priced again: in practice a few a search.
// @ts-ignore: decorator
@inline
function prunedEstimate(h: i32, room: i32, tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool): i32 {
  if (h - room >= leastPrunedExcess) return h;
  const full = fullChildEstimate(tile, to, manhattanDelta, mirror, several);
  leastPrunedExcess = min(leastPrunedExcess, full - room);
  return full;
}

// pdbChildEstimate without stopping early (no child is pruned at this room);
// out of the hot loop, rarely called.
// @ts-ignore: decorator
@noinline
function fullChildEstimate(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool): i32 {
  return priceChild<PriceAll>(tile, to, manhattanDelta, mirror, several, NO_ROOM_LIMIT);
}

// @ts-ignore: decorator
@inline
function pruned<Stop>(h: i32, room: i32, tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool): i32 {
  if (sizeof<Stop>() == sizeof<StopEarly>()) return prunedEstimate(h, room, tile, to, manhattanDelta, mirror, several);
  return h;
}

// The moved tile's new entry in the lone sum (the mirrored board's when `mirror`).
// @ts-ignore: decorator
@inline
function firstSumEntry(mirror: bool, tile: i32, to: i32, manhattan: i32, room: i32): i32 {
  const g = <i32>load<u8>((mirror ? local(tileMirrorGroup) : local(tileGroup)) + tile);
  const others = (mirror ? mirrorSum : entrySum) - <i32>load<u8>((mirror ? local(mirrorEntries) : local(entries)) + g);
  const entry = groupLeastEntry(g, mirror, tile, to);
  if (manhattan + ((others + entry) << 1) > room) return entry;
  return groupExactEntry(g, mirror, tile, to, entry);
}

/** Makes the move pdbChildEstimate priced; returns what pdbUndo needs. */
// @ts-ignore: decorator
@inline
export function pdbApply(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool): i32 {
  let saved = 0;
  if (several) {
    lazyApply(tile, manhattanDelta < 0, mirror);
  } else {
    const g = <i32>load<u8>(local(tileGroup) + tile);
    const old = <i32>load<u8>(local(entries) + g);
    const m = <i32>load<u8>(local(tileMirrorGroup) + tile);
    const oldMirror = mirror ? <i32>load<u8>(local(mirrorEntries) + m) : 0;
    store<u8>(local(entries) + g, <u8>pendingEntry);
    entrySum += pendingEntry - old;
    if (mirror) {
      store<u8>(local(mirrorEntries) + m, <u8>pendingMirrorEntry);
      mirrorSum += pendingMirrorEntry - oldMirror;
    }
    saved = old | (oldMirror << 8);
  }
  manhattanSum += manhattanDelta;
  // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
  store<u8>(local(positionOf), load<u8>(local(positionOf) + tile));
  store<u8>(local(positionOf) + tile, <u8>to);
  return saved;
}

/** Takes back pdbApply: `tile` returns to `from`. */
// @ts-ignore: decorator
@inline
export function pdbUndo(tile: i32, from: i32, manhattanDelta: i32, mirror: bool, several: bool, saved: i32): void {
  if (several) {
    lazyUndo();
  } else {
    const g = <i32>load<u8>(local(tileGroup) + tile);
    const old = saved & 0xff;
    entrySum += old - <i32>load<u8>(local(entries) + g);
    store<u8>(local(entries) + g, <u8>old);
    if (mirror) {
      const m = <i32>load<u8>(local(tileMirrorGroup) + tile);
      const oldMirror = (saved >> 8) & 0xff;
      mirrorSum += oldMirror - <i32>load<u8>(local(mirrorEntries) + m);
      store<u8>(local(mirrorEntries) + m, <u8>oldMirror);
    }
  }
  manhattanSum -= manhattanDelta;
  store<u8>(local(positionOf), load<u8>(local(positionOf) + tile));
  store<u8>(local(positionOf) + tile, <u8>from);
}
