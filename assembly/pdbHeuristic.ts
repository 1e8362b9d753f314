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
// every tile once), and h takes the largest sum, each a lower bound. A group
// in several sums is looked up once per child: a sum reads the value an
// earlier sum with the same group of the moved tile already read (sameSum).
// The sums are tried in the order pdbChildEstimate gives, sum 0 first, and
// the first that prunes the child ends its pricing: the partition that
// prunes most often belongs first. The next bound needs the full h of the
// pruned child with the least f, which prunedEstimate gives.
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
// One file of about 520 lines: the lookup, the sums and the mirrored lookup
// share one module-level state (the groups, their tables and the running
// entries) that IDA*'s inner loop reads with no call between.

import { MAX_GROUP_TILES, pdbEntryCount } from './pdbBuild';
import { zeroAwareInPocket, zeroAwareLayoutOf, zeroAwarePlaceCover, zeroAwarePocketIndex, zeroAwareRegionAt } from './zeroAware';
import { local } from './instance';

export const PDB_FIT_MIRRORED: i32 = 1;
export const PDB_FIT_SEVERAL: i32 = 2;
const MAX_GROUPS: i32 = 32;
const MAX_SUMS: i32 = 8;
const MAX_PDB_CELLS: i32 = 25;
const STRIDE: i32 = 32;
// A slot of pdbApply's saved entries: one per sum and side (the board's, the
// mirrored board's). The deepest search makes PATH_CAPACITY moves (4032, see
// ./idaStar), a slot each.
const SAVE_SLOT: i32 = 2 * MAX_SUMS;
const SAVE_SLOTS: i32 = 4096;

// As the host configured them: home cells and table address of each group,
// and the groups of each sum (-1 sums: a count out of range).
let configuredGroups: i32 = 0;
let configuredSums: i32 = 0;
const sumGroupBits: usize = memory.data(MAX_SUMS * 4, 16);
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
const mirrorCell: usize = memory.data(STRIDE, 16);
// The sums h takes the largest of, and the groups of each (a bit per group).
let sumCount: i32 = 0;
const sumGroups: usize = memory.data(MAX_SUMS * 4, 16);
// The group of each tile in each sum, [s * STRIDE + tile], for the board and
// for the mirrored one; and the first sum in which the tile has that group.
const tileGroup: usize = memory.data(MAX_SUMS * STRIDE, 16);
const tileMirrorGroup: usize = memory.data(MAX_SUMS * STRIDE, 16);
const sameSum: usize = memory.data(MAX_SUMS * STRIDE, 16);
const mirrorSameSum: usize = memory.data(MAX_SUMS * STRIDE, 16);

// The board being searched: each group's entry, and each sum.
const positionOf: usize = memory.data(STRIDE, 16);
const entries: usize = memory.data(MAX_GROUPS, 16);
const mirrorEntries: usize = memory.data(MAX_GROUPS, 16);
// Sum 0 (see pdbChildEstimate), and the others at [s].
let entrySum: i32 = 0;
let mirrorSum: i32 = 0;
const sums: usize = memory.data(MAX_SUMS * 4, 16);
const mirrorSums: usize = memory.data(MAX_SUMS * 4, 16);
let manhattanSum: i32 = 0;
// The moved tile's new entry in sum 0, and in each sum at [s] and [MAX_SUMS +
// s] mirrored, from pdbChildEstimate to pdbApply.
let pendingEntry: i32 = 0;
let pendingMirrorEntry: i32 = 0;
const pendingEntries: usize = memory.data(2 * MAX_SUMS, 16);
// pdbApply's saved entries of the sums after sum 0, a slot per move made;
// savedTop is the next free slot.
const savedEntries: usize = memory.data(SAVE_SLOTS * SAVE_SLOT, 16);
let savedTop: i32 = 0;

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
  for (let s = 0; s < sumCount; s++) {
    for (let tile = 1; tile < cells; tile++) {
      let same = s;
      let mirrorSame = s;
      for (let earlier = s - 1; earlier >= 0; earlier--) {
        if (load<u8>(local(tileGroup) + <usize>(earlier * STRIDE + tile)) == load<u8>(local(tileGroup) + <usize>(s * STRIDE + tile))) same = earlier;
        if (load<u8>(local(tileMirrorGroup) + <usize>(earlier * STRIDE + tile)) == load<u8>(local(tileMirrorGroup) + <usize>(s * STRIDE + tile))) mirrorSame = earlier;
      }
      store<u8>(local(sameSum) + <usize>(s * STRIDE + tile), <u8>same);
      store<u8>(local(mirrorSameSum) + <usize>(s * STRIDE + tile), <u8>mirrorSame);
    }
  }
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
  savedTop = 0;
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
function groupLeastEntry(g: i32, mirror: bool, moved: i32, movedTo: i32): i32 {
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
function groupExactEntry(g: i32, mirror: bool, moved: i32, movedTo: i32, least: i32): i32 {
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
    store<i32>(local(sums) + (<usize>s << 2), sum);
    store<i32>(local(mirrorSums) + (<usize>s << 2), mirrored);
    best = max(best, max(sum, mirrored));
  }
  entrySum = load<i32>(local(sums));
  mirrorSum = load<i32>(local(mirrorSums));
  manhattanSum = manhattan;
  savedTop = 0;
  return manhattan + (best << 1);
}

/** Bytes of the table of a group of `tiles` tiles on a board of `boardCells` cells. */
export function pdbTableBytes(boardCells: i32, tiles: i32): f64 {
  return Math.ceil(pdbEntryCount(boardCells, tiles) / 2);
}

/**
 * h after `tile` steps onto `to` (the blank's cell) with Manhattan change
 * `manhattanDelta`; leaves the new entries for pdbApply. The sums are priced
 * in order: sum 0 on the board and on the mirrored board (a partition and
 * its reflection, which complement each other), then the later sums on the
 * board, then on the mirrored board. The first whose h is above `room` (the
 * child is pruned) ends the pricing: the largest h so far is returned, and
 * pdbApply is then never called. Each lookup prices the child
 * by the least entry first and reads a zero-aware table's exact one only
 * when that does not prune it.
 *
 * `several` (fixed per compiled search, see ./idaStar) is whether there are
 * sums after sum 0. Sum 0 lives in globals (entrySum, pendingEntry, the old
 * entry in what pdbApply returns), the others in memory (sums,
 * pendingEntries, a slot of savedEntries): a partition alone, the common
 * case, then costs what it did before there were several (memory for sum 0
 * too, or a run-time test for the others, took 5-12% longer on Korf's 100).
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
type StopEarly = u8;
type PriceAll = u16;

// pdbChildEstimate's body.
// @ts-ignore: decorator
@inline
function priceChild<Stop>(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool, room: i32): i32 {
  const manhattan = manhattanSum + manhattanDelta;
  pendingEntry = firstSumEntry(false, tile, to, manhattan, room);
  let best = entrySum - <i32>load<u8>(local(entries) + load<u8>(local(tileGroup) + tile)) + pendingEntry;
  if (manhattan + (best << 1) > room) return pruned<Stop>(manhattan + (best << 1), room, tile, to, manhattanDelta, mirror, several);
  if (mirror) {
    pendingMirrorEntry = firstSumEntry(true, tile, to, manhattan, room);
    best = max(best, mirrorSum - <i32>load<u8>(local(mirrorEntries) + load<u8>(local(tileMirrorGroup) + tile)) + pendingMirrorEntry);
    if (manhattan + (best << 1) > room) return pruned<Stop>(manhattan + (best << 1), room, tile, to, manhattanDelta, mirror, several);
  }
  if (several) {
    store<u8>(local(pendingEntries), <u8>pendingEntry);
    for (let s = 1; s < sumCount; s++) {
      best = max(best, laterSumAfterMove(s, false, tile, to, manhattan, room));
      if (manhattan + (best << 1) > room) return pruned<Stop>(manhattan + (best << 1), room, tile, to, manhattanDelta, mirror, several);
    }
    if (mirror) {
      store<u8>(local(pendingEntries) + MAX_SUMS, <u8>pendingMirrorEntry);
      for (let s = 1; s < sumCount; s++) {
        best = max(best, laterSumAfterMove(s, true, tile, to, manhattan, room));
        if (manhattan + (best << 1) > room) return pruned<Stop>(manhattan + (best << 1), room, tile, to, manhattanDelta, mirror, several);
      }
    }
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

// The moved tile's new entry in sum 0 (the mirrored board's when `mirror`).
// @ts-ignore: decorator
@inline
function firstSumEntry(mirror: bool, tile: i32, to: i32, manhattan: i32, room: i32): i32 {
  const g = <i32>load<u8>((mirror ? local(tileMirrorGroup) : local(tileGroup)) + tile);
  const others = (mirror ? mirrorSum : entrySum) - <i32>load<u8>((mirror ? local(mirrorEntries) : local(entries)) + g);
  const entry = groupLeastEntry(g, mirror, tile, to);
  if (manhattan + ((others + entry) << 1) > room) return entry;
  return groupExactEntry(g, mirror, tile, to, entry);
}

// Sum s >= 1 (of the mirrored board's entries when `mirror`) after `tile`
// steps onto `to`, the tile's new entry left in pendingEntries. The entry is
// the one an earlier sum with the same group read, if any: that sum did not
// prune the child, so it read the exact entry.
// @ts-ignore: decorator
@inline
function laterSumAfterMove(s: i32, mirror: bool, tile: i32, to: i32, manhattan: i32, room: i32): i32 {
  const at = <usize>(s * STRIDE + tile);
  const g = <i32>load<u8>((mirror ? local(tileMirrorGroup) : local(tileGroup)) + at);
  const others = load<i32>((mirror ? local(mirrorSums) : local(sums)) + (<usize>s << 2)) - <i32>load<u8>((mirror ? local(mirrorEntries) : local(entries)) + g);
  const pending = mirror ? local(pendingEntries) + <usize>MAX_SUMS : local(pendingEntries);
  const same = <i32>load<u8>((mirror ? local(mirrorSameSum) : local(sameSum)) + at);
  let entry: i32;
  if (same < s) {
    entry = <i32>load<u8>(pending + same);
  } else {
    entry = groupLeastEntry(g, mirror, tile, to);
    if (manhattan + ((others + entry) << 1) <= room) entry = groupExactEntry(g, mirror, tile, to, entry);
  }
  store<u8>(pending + s, <u8>entry);
  return others + entry;
}

/** Makes the move pdbChildEstimate priced; returns what pdbUndo needs. */
// @ts-ignore: decorator
@inline
export function pdbApply(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, several: bool): i32 {
  // Sum 0's old entries are read before the later sums write theirs: sums may share a group.
  const g = <i32>load<u8>(local(tileGroup) + tile);
  const old = <i32>load<u8>(local(entries) + g);
  const m = <i32>load<u8>(local(tileMirrorGroup) + tile);
  const oldMirror = mirror ? <i32>load<u8>(local(mirrorEntries) + m) : 0;
  let slot = 0;
  if (several) {
    slot = savedTop;
    savedTop++;
    applyLaterSums(false, tile, local(savedEntries) + <usize>(slot * SAVE_SLOT));
    if (mirror) applyLaterSums(true, tile, local(savedEntries) + <usize>(slot * SAVE_SLOT + MAX_SUMS));
  }
  store<u8>(local(entries) + g, <u8>pendingEntry);
  entrySum += pendingEntry - old;
  if (mirror) {
    store<u8>(local(mirrorEntries) + m, <u8>pendingMirrorEntry);
    mirrorSum += pendingMirrorEntry - oldMirror;
  }
  manhattanSum += manhattanDelta;
  // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
  store<u8>(local(positionOf), load<u8>(local(positionOf) + tile));
  store<u8>(local(positionOf) + tile, <u8>to);
  return old | (oldMirror << 8) | (slot << 16);
}

// Each later sum's entry of the moved tile's group becomes the pending one;
// the old entries go to `saved`, all read before any is written.
// @ts-ignore: decorator
@inline
function applyLaterSums(mirror: bool, tile: i32, saved: usize): void {
  const groups = (mirror ? local(tileMirrorGroup) : local(tileGroup)) + <usize>tile;
  const sideEntries = mirror ? local(mirrorEntries) : local(entries);
  const sideSums = mirror ? local(mirrorSums) : local(sums);
  const pending = mirror ? local(pendingEntries) + <usize>MAX_SUMS : local(pendingEntries);
  for (let s = 1; s < sumCount; s++) store<u8>(saved + s, load<u8>(sideEntries + load<u8>(groups + <usize>(s * STRIDE))));
  for (let s = 1; s < sumCount; s++) {
    const entry = <i32>load<u8>(pending + s);
    const sumAt = sideSums + (<usize>s << 2);
    store<i32>(sumAt, load<i32>(sumAt) + entry - <i32>load<u8>(saved + s));
    store<u8>(sideEntries + load<u8>(groups + <usize>(s * STRIDE)), <u8>entry);
  }
}

/** Takes back pdbApply: `tile` returns to `from`. */
// @ts-ignore: decorator
@inline
export function pdbUndo(tile: i32, from: i32, manhattanDelta: i32, mirror: bool, several: bool, saved: i32): void {
  // Every sum is taken back before any entry is: sums may share a group.
  const g = <i32>load<u8>(local(tileGroup) + tile);
  const old = saved & 0xff;
  entrySum += old - <i32>load<u8>(local(entries) + g);
  const m = <i32>load<u8>(local(tileMirrorGroup) + tile);
  const oldMirror = (saved >> 8) & 0xff;
  if (mirror) mirrorSum += oldMirror - <i32>load<u8>(local(mirrorEntries) + m);
  if (several) {
    const slot = saved >>> 16;
    undoLaterSums(false, tile, local(savedEntries) + <usize>(slot * SAVE_SLOT));
    if (mirror) undoLaterSums(true, tile, local(savedEntries) + <usize>(slot * SAVE_SLOT + MAX_SUMS));
    savedTop = slot;
  }
  store<u8>(local(entries) + g, <u8>old);
  if (mirror) store<u8>(local(mirrorEntries) + m, <u8>oldMirror);
  manhattanSum -= manhattanDelta;
  store<u8>(local(positionOf), load<u8>(local(positionOf) + tile));
  store<u8>(local(positionOf) + tile, <u8>from);
}

// @ts-ignore: decorator
@inline
function undoLaterSums(mirror: bool, tile: i32, saved: usize): void {
  const groups = (mirror ? local(tileMirrorGroup) : local(tileGroup)) + <usize>tile;
  const sideEntries = mirror ? local(mirrorEntries) : local(entries);
  const sideSums = mirror ? local(mirrorSums) : local(sums);
  for (let s = 1; s < sumCount; s++) {
    const sumAt = sideSums + (<usize>s << 2);
    store<i32>(sumAt, load<i32>(sumAt) + <i32>load<u8>(saved + s) - <i32>load<u8>(sideEntries + load<u8>(groups + <usize>(s * STRIDE))));
  }
  for (let s = 1; s < sumCount; s++) store<u8>(sideEntries + load<u8>(groups + <usize>(s * STRIDE)), load<u8>(saved + s));
}
