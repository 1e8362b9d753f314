// Additive disjoint pattern databases for sliding boards of up to 25 cells:
// building one group's table, and the ranking the search shares with it (its
// code in ./pdbPlacement).
//
// A partition splits the goal cells of the tiles (every cell but the blank's)
// into groups. A group's table holds, for every placement of its tiles (the
// other tiles are indistinguishable and move for free), the fewest moves of the
// group's own tiles that bring them all home, minimised over where the blank
// is. Moves of one group never count in another, so the sum over groups is a
// lower bound on the true distance.
//
// Placements are ranked as partial permutations: tile i of a group (the one
// whose home is the group's i-th cell, ascending) stands on cell p_i, digit i is
// p_i less the cells of tiles 0..i-1 below it, and
//   rank = ((d_0 * (n - 1) + d_1) * (n - 2) + d_2) ...     (n = board cells)
// so a group of k tiles has n! / (n - k)! entries.
//
// Entries are 4 bits, two a byte, low nibble first. An entry stores not the
// distance but (distance - the group's Manhattan distance) / 2: every move of a
// group tile changes both by one, so the difference is even, and it stays small
// (a saturated 15 would still be a lower bound; the largest in the 15-puzzle's
// 6-6-3 and 7-8 tables is 9, in the 8-tile group). The search adds the
// Manhattan distance itself.
//
// The goal is the solved board: the group home and the blank on its own goal
// cell. So the search starts from the home placement with the blank in the
// region of its goal cell only (the free cells it reaches without crossing a
// group tile), not from every free cell: a group that walls in the blank's
// corner must count the moves that let the blank back in.
//
// Building is a breadth-first search in rounds over the table the host
// allocated (pdbGrow): state = (placement, set of blank cells); a blank move
// onto a non-group cell is free, so the blank's cells of a state are closed
// under such moves (a flood fill). Three blank sets per placement (1, 2 or 4
// bytes each, see packBlanks) replace a queue: the cells seen so far, and
// those seen when this round started and when the last one did, whose
// difference is the states at this round's distance. A round (one
// breadth-first layer) is scanned in slices, one call each, so the host can
// report progress and stop between calls. src/engine/twin/pdb.ts does the
// same search in the plain way (each placement unranked and each child
// ranked afresh, a flood fill per child, a set for the next round, each entry
// written when its placement is first reached); the shortcuts here change no
// distance, so the tables of both engines are byte-identical (tests hold
// them to it).
//
// The same search fills a zero-aware table (./zeroAware: the least value and
// region 0's for each placement, then the pockets'): the blank cells a state
// reaches first in a round are whole regions, each at that round's distance,
// and each gets its entry when the state is expanded.
//
// This file holds the build's state, its start and the one-thread round
// (pdbBuildRound); the pieces are ./pdbPlacement (ranking placements),
// ./pdbBlankSets (the blank's sets and regions), ./pdbBuildSlice (one slice of
// a round, the hot loop) and ./pdbBuildSplit (a build split over instances).
// Deriving a table through a board symmetry is ./pdbDerive. Where a build's
// time goes, and what made it cheap, is in bench/RESULTS.md ("The 7-8 build,
// moves made cheap").

import { growBlock, growFailures, lastNeeded } from './memory';
import { zeroAwareLayoutOf } from './zeroAware';
import { local } from './instance';

export const MAX_PDB_CELLS: i32 = 25;
/** The most tiles in one group (8 of 16 cells: 518,918,400 entries). */
export const MAX_GROUP_TILES: i32 = 8;
export const ENTRY_MAX: i32 = 15;

// ---------------------------------------------------------------------------
// Memory: the host asks for table memory explicitly and is told when it fails.

/**
 * Grows memory by at least `bytes` and returns the start of the new block, or
 * -1 when the module cannot grow that far (the host reports the size needed).
 * The block is the caller's for the life of the instance; the allocator's heap
 * never reaches into it (it only adds pages it grew itself).
 */
export function pdbGrow(bytes: f64): f64 {
  return growBlock(bytes);
}

/** Placements of `tiles` tiles on `cells` cells: cells! / (cells - tiles)!. */
export function pdbEntryCount(cells: i32, tiles: i32): f64 {
  let count: f64 = 1;
  for (let i = 0; i < tiles; i++) count *= <f64>(cells - i);
  return count;
}

// ---------------------------------------------------------------------------
// Building one group's table

export let cells: i32 = 0;
export let boardWidth: i32 = 0;
export let allCells: u32 = 0;
// Cells whose right (left) neighbour is on the board: shifting a blank mask by
// one column keeps only these.
export let hasRight: u32 = 0;
export let hasLeft: u32 = 0;
export let groupTiles: i32 = 0;
// Home cell of each group tile, ascending.
export const homes: usize = memory.data(MAX_GROUP_TILES, 8);
// The placement being expanded: cell of each group tile.
export const placement: usize = memory.data(MAX_GROUP_TILES, 8);

export let entries: u32 = 0;
export let table: usize = 0;
// Zero-aware builds (./zeroAware): the layout record, 0 for a table of the
// least value over the blank's regions; and the table's entries.
export let zeroLayout: usize = 0;
export let tableEntries: f64 = 0;
export let seen: usize = 0;
// The blank sets seen at the start of this round and of the last one: the
// states at this round's distance are the difference.
export let seenAtRound: usize = 0;
export let seenAtLastRound: usize = 0;
// Blocks of 2^blockShift ranks whose seen sets changed in this round and in
// the last one (a bit each, at most MAX_BLOCKS): a round scans only the
// blocks the last one changed, and copies only the blocks the two changed.
// Most rounds touch a small part of the table.
export const MAX_BLOCKS: i32 = 65536;
const changedThisRound: usize = memory.data(MAX_BLOCKS / 8, 16);
const changedLastRound: usize = memory.data(MAX_BLOCKS / 8, 16);
export let blockShift: u32 = 0;
// Where the two are: this instance's own, or (a build split over instances
// of the shared build, pdbBuildSpread) one pair in a block they all use.
export let changedNow: usize = 0;
export let changedBefore: usize = 0;

// A read-modify-write OR of `bits` into the u8, u16 or u32 at `at`: atomic in
// the shared build, where other instances expanding the same round write the
// same sets, table bytes and block marks (every write of a round is an OR,
// so the order they land in changes nothing).
// @ts-ignore: decorator
@inline
export function orInto<T>(at: usize, bits: T): void {
  if (ASC_FEATURE_THREADS) atomic.or<T>(at, bits);
  else store<T>(at, load<T>(at) | bits);
}

// A block is marked by many of a round's children: in the shared build the
// mark is read first and the atomic OR made only when it is missing (the
// marks are one small array every instance writes; a mark is only set
// during a round, so a mark read as set is set).
// @ts-ignore: decorator
@inline
export function markChanged(rank: u32): void {
  const block = rank >> blockShift;
  const at = changedNow + (<usize>(block >> 5) << 2);
  const bit = <u32>1 << (block & 31);
  if (ASC_FEATURE_THREADS && (load<u32>(at) & bit) != 0) return;
  orInto<u32>(at, bit);
}

// @ts-ignore: decorator
@inline
export function changedLast(block: u32): bool {
  return ((load<u32>(changedBefore + (<usize>(block >> 5) << 2)) >> (block & 31)) & 1) != 0;
}
export let distance: i32 = 0;
export let settled: f64 = 0;
// The round in progress: the next rank to scan, and the placements it expanded so far.
export let scanAt: u32 = 0;
let expandedInRound: f64 = 0;

/** Bytes of one blank set while building a group of `tiles` tiles on `boardCells` cells: 1, 2 or 4. */
export function pdbMaskBytes(boardCells: i32, tiles: i32): i32 {
  const free = boardCells - tiles;
  return free <= 8 ? 1 : free <= 16 ? 2 : 4;
}

export let maskBytes: i32 = 2;

/**
 * Starts building the table of the group whose home cells are `groupMask` on a
 * `width` x `height` board (at most 25 cells, at most 8 tiles) whose goal has
 * the blank on `blankCell`, in the memory at `tableAt` (ceil(entries / 2)
 * bytes) and `workAt` (3 x pdbMaskBytes bytes per placement). Zero-aware
 * when `zeroAware` is 1 (its layout made first: zeroAwareEntryCount). Returns
 * the table's entry count, -1 for a group this code cannot build, or
 * PDB_NO_MEMORY.
 */
export function pdbBuildStart(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32): f64 {
  joining = false;
  return startBuildOrSay(width, height, groupMask, blankCell, tableAt, workAt, zeroAware);
}

// What pdbBuildStart and pdbBuildJoin return when memory could not grow for a
// build's lookup tables or zero-aware layout (each instance makes its own, so
// an instance joining a build can fail where the first did not); pdbNeeded()
// is then the bytes asked for.
export const PDB_NO_MEMORY: f64 = -2;

/** The bytes the last block a build asked memory for, met or not (see PDB_NO_MEMORY). */
export function pdbNeeded(): f64 {
  return lastNeeded();
}

// startBuild, with a failure that came from memory told apart from input it refuses.
export function startBuildOrSay(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32): f64 {
  const failuresBefore = growFailures();
  return orNoMemory(startBuild(width, height, groupMask, blankCell, tableAt, workAt, zeroAware), failuresBefore);
}

/** `count`, or PDB_NO_MEMORY when it is a failure and memory failed to grow since growFailures() was `failuresBefore`. */
export function orNoMemory(count: f64, failuresBefore: i32): f64 {
  return count < 0 && growFailures() != failuresBefore ? PDB_NO_MEMORY : count;
}

// Whether this instance joins a build another started (pdbBuildJoin): its
// state is set up alike, the table and sets (shared) are left as they are.
export let joining = false;

export function startBuild(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32): f64 {
  cells = width * height;
  const tilesInGroup = <i32>popcnt(groupMask);
  if (cells > MAX_PDB_CELLS || width < 2 || height < 2 || tilesInGroup < 1 || tilesInGroup > MAX_GROUP_TILES) return -1;
  allCells = (<u32>1 << cells) - 1;
  if ((groupMask & ~allCells) != 0 || popcnt(groupMask) == <u32>cells) return -1;
  if (blankCell < 0 || blankCell >= cells || (groupMask & (<u32>1 << blankCell)) != 0) return -1;
  boardWidth = width;
  groupTiles = tilesInGroup;
  maskBytes = pdbMaskBytes(cells, groupTiles);
  placedValid = false;
  hasRight = 0;
  hasLeft = 0;
  for (let cell = 0; cell < cells; cell++) {
    const column = cell % width;
    if (column < width - 1) hasRight |= <u32>1 << cell;
    if (column > 0) hasLeft |= <u32>1 << cell;
    for (let other = 0; other < cells; other++) {
      const apart = abs(cell / width - other / width) + abs(column - (other % width));
      store<u8>(local(cellDistances) + ((<usize>cell << 5) | <usize>other), <u8>apart);
    }
  }
  if (!fillRegionTable() || !fillSpreadBits()) return -1;
  let rest = groupMask;
  for (let i = 0; i < groupTiles; i++) {
    const cell = ctz(rest);
    rest &= rest - 1;
    store<u8>(local(homes) + i, <u8>cell);
    store<u8>(local(placement) + i, <u8>cell);
  }
  const count = pdbEntryCount(cells, groupTiles);
  if (count > <f64>u32.MAX_VALUE) return -1;
  let weight: u32 = 1;
  for (let i = groupTiles - 1; i >= 0; i--) {
    store<u32>(local(digitWeights) + (<usize>i << 2), weight);
    weight *= <u32>(cells - i);
  }
  entries = <u32>count;
  tableEntries = count;
  zeroLayout = 0;
  if (zeroAware == 1) {
    zeroLayout = zeroAwareLayoutOf(width, height, groupTiles);
    if (zeroLayout == 0) return -1;
    tableEntries = load<f64>(zeroLayout, 16);
  }
  const maskArrayBytes = <usize>entries * <usize>maskBytes;
  table = <usize>tableAt;
  seen = <usize>workAt;
  seenAtRound = seen + maskArrayBytes;
  seenAtLastRound = seenAtRound + maskArrayBytes;
  blockShift = 6;
  while (<u64>entries >> blockShift >= <u64>MAX_BLOCKS) blockShift++;
  distance = 0;
  settled = 0;
  scanAt = 0;
  expandedInRound = 0;
  if (joining) return tableEntries;
  memory.fill(table, 0, (<usize>tableEntries + 1) >> 1);
  memory.fill(seen, 0, maskArrayBytes * 3);
  // The goal states: the solved placement with the blank in its goal cell's region.
  const home = rankPlacement();
  const goalRegion = packBlanks(floodFill(<u32>1 << blankCell, groupMask), allCells & ~groupMask);
  storeMask(seen, home, goalRegion);
  storeMask(seenAtRound, home, goalRegion);
  changedNow = local(changedThisRound);
  changedBefore = local(changedLastRound);
  memory.fill(changedNow, 0, MAX_BLOCKS / 8);
  memory.fill(changedBefore, 0, MAX_BLOCKS / 8);
  // The goal's block changed "in the round before the first" (from nothing).
  markChanged(home);
  memory.copy(changedBefore, changedNow, MAX_BLOCKS / 8);
  memory.fill(changedNow, 0, MAX_BLOCKS / 8);
  return tableEntries;
}

/**
 * Expands the states at the current distance by one move of a group tile,
 * scanning at most `placements` ranks (rounded down to a multiple of 8) of
 * the round in progress, so that a large table's round is split into calls
 * the host can report and cancel between. Returns -1 while the round goes on,
 * else the placements the round expanded (0: none was left, the table is complete).
 */
export function pdbBuildRound(placements: f64): f64 {
  const slice = <u32>max(8, <i32>min(placements, <f64>(1 << 30))) & ~7;
  const end = entries - scanAt > slice ? scanAt + slice : entries;
  if (maskBytes == 1) expandedInRound += buildSliceBytes(scanAt, end);
  else if (maskBytes == 2) expandedInRound += buildSliceShorts(scanAt, end);
  else expandedInRound += buildSliceWords(scanAt, end);
  scanAt = end;
  if (scanAt < entries) return -1;
  const expanded = expandedInRound;
  expandedInRound = 0;
  scanAt = 0;
  if (expanded == 0) return 0;
  const older = seenAtLastRound;
  seenAtLastRound = seenAtRound;
  seenAtRound = older;
  copyChangedBlocks();
  distance++;
  return expanded;
}

// Makes the set array seenAtRound (the sets seen when the last round but one
// started) the sets seen now: they differ only in the blocks the last round
// and this one changed. Then this round's changes become the last round's.
export function copyChangedBlocks(): void {
  const blocks = <u32>((<u64>entries + (<u64>1 << blockShift) - 1) >> blockShift);
  let block: u32 = 0;
  while (block < blocks) {
    const word = (<usize>(block >> 5) << 2);
    const changed = load<u32>(changedNow + word) | load<u32>(changedBefore + word);
    if (((changed >> (block & 31)) & 1) == 0) {
      block++;
      continue;
    }
    // A run of changed blocks, copied at once.
    let runEnd = block + 1;
    while (runEnd < blocks) {
      const runWord = (<usize>(runEnd >> 5) << 2);
      const runChanged = load<u32>(changedNow + runWord) | load<u32>(changedBefore + runWord);
      if (((runChanged >> (runEnd & 31)) & 1) == 0) break;
      runEnd++;
    }
    const from = <usize>block << blockShift;
    const to = <usize>min(<u64>entries, <u64>runEnd << blockShift);
    const size = <usize>maskBytes;
    memory.copy(seenAtRound + from * size, seen + from * size, (to - from) * size);
    block = runEnd;
  }
  memory.copy(changedBefore, changedNow, MAX_BLOCKS / 8);
  memory.fill(changedNow, 0, MAX_BLOCKS / 8);
}

/** Placements whose entry is final so far (progress of the current build). */
export function pdbBuildSettled(): f64 {
  return settled;
}

// The build's pieces, imported last: asc compiles an imported file's top level
// where the import stands, and theirs reads this file's constants (memory.data
// sizes); here the module's static data and globals also keep the places they
// had when the build was one file.
import { cellDistances, rankPlacement, digitWeights, placedValid } from './pdbPlacement';
import { floodFill, packBlanks, fillSpreadBits, fillRegionTable } from './pdbBlankSets';
import { storeMask, buildSliceBytes, buildSliceShorts, buildSliceWords } from './pdbBuildSlice';

// Compiled with this file, so that the module's static data and globals keep
// the places they had when the two were one file.
export { pdbDeriveMap, pdbDeriveStart, pdbDeriveSlice } from './pdbDerive';
