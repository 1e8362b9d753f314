// IDA* for sliding-tile boards from 2x2 to 5x5 (the 15-puzzle above all).
//
// One call searches one f-bound (idaStarIteration), so that the host can report
// each bound and stop at a node limit between calls. The search is a plain
// recursive depth-first walk over one board kept in static memory; a move is
// applied before descending and undone after, so nothing is allocated per node.
//
// Heuristics: 0 = Manhattan, 1 = linear conflict, 2 = an additive pattern
// database (./pdbHeuristic, tables from ./pdbBuild). Linear conflict adds, for
// every row and every column, 2 x the fewest tiles that must leave that line so
// that the rest of the line's own tiles (those whose goal is in it) stand in goal
// order: members minus the longest increasing subsequence of their goal slots.
// Each line's contents are kept as a positional code, digit k+1 for a member
// whose goal slot is k and 0 for the blank or anything else, in base (length+1);
// a table indexed by code holds the line's cost. A move shifts one tile between
// two lines of one axis (only there can the cost change) and inside one line of
// the other axis (only the code changes), so a child's h is the parent's plus a
// Manhattan delta plus one table difference.
//
// Scratch layout (byte offsets from scratchPointer()):
//   [0, 25)     board in (idaStarSetup, idaStarEstimate): tiles[position], 0 = blank
//   [32, 57)    goal board, same layout
//   [60, 64)    u32 path length, written when an iteration finds the goal
//   [64, 4096)  the path: blank moves 0..3 (u d l r), one byte each. No path is
//               longer than the bound, so idaStarIteration refuses bounds past
//               these 4032 bytes and the search never checks the depth (a
//               solvable board up to 5x5 needs a few hundred moves at most).
//
// Node count (lastNodes): children generated since idaStarSetup, summed over
// iterations. A child counts when it is created, before it is pruned.
// Expanded (idaStarExpanded): nodes whose children were generated (f within
// the bound and not the goal), the count that published per-iteration
// figures give and that a completed iteration shares with any other
// implementation of the same heuristic, whatever its move order.
//
// Polling: whenever the count reaches a multiple of POLL_NODES (2^14) and
// another child is about to be made, the search calls the host's
// env.searchPoll(bound, nodes); nonzero stops it (STOPPED). The hot loop only
// counts down nodesLeft, which runs to the next poll or the node budget,
// whichever comes first; chunkEnded() sorts out which one it was.

import { IdaStar } from './abi';
import { lastNodes, scratchPointer, setLastNodes } from './scratch';
import { slidingSolvable } from './sliding';
import { PDB_FIT_MIRRORED, PDB_FIT_SEVERAL, pdbApply, pdbChildEstimate, pdbLoadBoard, pdbPrepare, pdbSearchStarts, pdbUndo } from './pdbHeuristic';
import { Region, lastNeeded, reserve } from './memory';
import { local } from './instance';

const BOARD_AT: usize = IdaStar.BOARD_AT;
const GOAL_AT: usize = IdaStar.GOAL_AT;
const PATH_LENGTH_AT: usize = IdaStar.PATH_LENGTH_AT;
const PATH_AT: usize = IdaStar.PATH_AT;
const PATH_CAPACITY: i32 = IdaStar.PATH_CAPACITY;

const MAX_SIDE: i32 = 5;
const MAX_CELLS: i32 = 25;
const POSITION_STRIDE: i32 = 32;

const UP: i32 = 0;
const DOWN: i32 = 1;
const LEFT: i32 = 2;
const RIGHT: i32 = 3;
// The parent move of the root: (NO_MOVE ^ 1) names no direction, so nothing is pruned.
const NO_MOVE: i32 = 4;

// Move pruning: the machine of src/engine/movePruning.ts, written by the host
// into a region (idaStarPruningReserve). The search's state is a state of the
// machine: `pruningNext` (i32 per state and move) gives the next one, and
// `pruningAllowed` (u8 per state and blank cell) the moves the blank may make,
// on the board and not pruned. Pruning only the undo of the last move is the
// same shape with five states, so one search body serves every pruning.
// The region's record lies in static memory, this instance's own (./instance),
// not on the heap: an instance attached to a shared memory has no heap.
const pruningRegionAt: usize = memory.data(offsetof<Region>(), 8);
// @ts-ignore: decorator
@inline
function pruningRegion(): Region {
  return changetype<Region>(local(pruningRegionAt));
}
let pruningNext: usize = 0;
let pruningAllowed: usize = 0;
let pruningCells: i32 = 0;

// Heuristic kinds: the host passes 0..2; PDB_MIRRORED is chosen here when the
// goal allows the mirrored lookup, and the PDB_SUMS kinds when the host set
// several sums (see ./pdbHeuristic).
const MANHATTAN: i32 = IdaStar.HEURISTIC_MANHATTAN;
const LINEAR_CONFLICT: i32 = IdaStar.HEURISTIC_LINEAR_CONFLICT;
const PDB: i32 = IdaStar.HEURISTIC_PDB;
const PDB_MIRRORED: i32 = 3;
const PDB_SUMS: i32 = 4;
const PDB_SUMS_MIRRORED: i32 = 5;

// idaStarIteration results besides the next bound.
const FOUND: i32 = IdaStar.FOUND;
const OUT_OF_NODES: i32 = IdaStar.OUT_OF_NODES;
const BOUND_TOO_DEEP: i32 = IdaStar.BOUND_TOO_DEEP;
const PARTITION_MISMATCH: i32 = IdaStar.PARTITION_MISMATCH;
const STOPPED: i32 = IdaStar.STOPPED;
const BAD_PREFIX: i32 = IdaStar.BAD_PREFIX;
// The longest prefix idaStarSubtree takes (a parallel search splits a few moves deep).
const MAX_PREFIX: i32 = 32;
const NO_BOUND: i32 = IdaStar.NO_BOUND;

// Lines: rows 0..4, columns 5..9, and a dummy line 10 whose code stays 0 (cost
// 0). A move that changes no real line points at the dummy, which keeps the hot
// loop free of branches. Codes are i32, addressed by byte offset (line * 4).
const DUMMY_LINE: i32 = 10;
const LINE_COUNT: i32 = 11;

// Every table here has a fixed size set by the 5x5 maximum (about 45 KB in
// all), so they live in static memory: their addresses are compile-time
// constants in the hot loop, and there is no capacity to grow.

// The board being searched: tiles by position (the blank's cell is stale).
const tiles: usize = memory.data(POSITION_STRIDE, 16);
// The start board and its line codes, restored before every iteration.
const startTiles: usize = memory.data(POSITION_STRIDE, 16);
const startCodes: usize = memory.data(LINE_COUNT * 4, 16);
const lineCodes: usize = memory.data(LINE_COUNT * 4, 16);
// Bit d set when the blank at this position can move in direction d.
const moveMask: usize = memory.data(POSITION_STRIDE, 16);
// Manhattan distance of tile t at position p: [t * 32 + p], u8.
const manhattan: usize = memory.data(MAX_CELLS * POSITION_STRIDE, 16);
// Goal row / column per tile, u8.
const goalRow: usize = memory.data(POSITION_STRIDE, 16);
const goalColumn: usize = memory.data(POSITION_STRIDE, 16);
// Per (tile t, position p it leaves, blank move d): two i32 words at
// [((t * 32 + p) * 4 + d) * 8]:
//   word 0: bits 0..7  Manhattan delta (i8)
//           bits 8..15 byte offset of the line whose cost may change
//           bits 16..31 that line's code delta (i16)
//   word 1: bits 0..7  byte offset of the other axis's line whose code changes
//           bits 16..31 its code delta (i16)
const MOVE_RECORD_BYTES: i32 = MAX_CELLS * POSITION_STRIDE * 4 * 8;
const moveRecords: usize = memory.data(MOVE_RECORD_BYTES, 16);
// 2 x line cost by code: rows' table (base width+1, width digits) first, then
// columns' (base height+1, height digits); column codes carry the rows' table
// size so that one array serves both.
const LINE_COST_BYTES: i32 = 2 * 7776;
const lineCost: usize = memory.data(LINE_COST_BYTES, 16);
// Powers of base (width+1) and (height+1), i32.
const rowPowers: usize = memory.data(MAX_SIDE * 4 + 4, 16);
const columnPowers: usize = memory.data(MAX_SIDE * 4 + 4, 16);

// The tables above belong to this size and goal; rebuilt when either changes.
const cachedGoal: usize = memory.data(POSITION_STRIDE, 16);
let cachedWidth: i32 = 0;
let cachedHeight: i32 = 0;
let rowTableSize: i32 = 0;

// The search in progress.
let boardWidth: i32 = 0;
let heuristicKind: i32 = MANHATTAN;
let startBlank: i32 = 0;
let startH: i32 = 0;
let bound: i32 = 0;
// The stem (moves) of the last prefix after which its walk went past the
// bound, 0 if it did not: every prefix that begins with that stem ends the
// same way, so a parallel search's dealer skips them (idaStarPrefixCut).
let prefixCut: i32 = 0;
// Children left before chunkEnd; goes negative when a chunk runs out.
let nodesLeft: i64 = 0;
let expandedCount: f64 = 0;
// The node count at which the current chunk ends: min(nodeBudget, nextPoll).
let chunkEnd: f64 = 0;
let nodeBudget: f64 = 0;
let nextPoll: f64 = 0;

const POLL_NODES: f64 = 16384;

// The host's progress and stop hook (src/engine/wasm/idaStar.ts); nonzero stops the search.
// @ts-ignore: decorator
@external("env", "searchPoll")
declare function searchPoll(bound: i32, nodes: f64): i32;

// Nodes generated since setup.
// @ts-ignore: decorator
@inline
function nodeCount(): f64 {
  return chunkEnd - (nodesLeft < 0 ? 0 : <f64>nodesLeft);
}

function startChunk(count: f64): void {
  chunkEnd = nextPoll < nodeBudget ? nextPoll : nodeBudget;
  nodesLeft = <i64>(chunkEnd - count);
}

// The chunk ran out with the count at chunkEnd and one more child wanted:
// OUT_OF_NODES, STOPPED, or 0 with that child taken from a fresh chunk.
// @ts-ignore: decorator
@noinline
function chunkEnded(): i32 {
  const count = chunkEnd;
  if (count >= nodeBudget) return OUT_OF_NODES;
  if (searchPoll(bound, count) != 0) return STOPPED;
  nextPoll = count + POLL_NODES;
  startChunk(count);
  nodesLeft--;
  return 0;
}

// ---------------------------------------------------------------------------
// Tables

const lisTails: usize = memory.data(8, 8);
const lineMembers: usize = memory.data(8, 8);

// Patience sorting; lines hold at most 5 members, so a linear scan finds the slot.
function longestIncreasing(values: usize, count: i32): i32 {
  let length = 0;
  for (let i = 0; i < count; i++) {
    const value = load<u8>(values + i);
    let slot = 0;
    while (slot < length && load<u8>(local(lisTails) + slot) < value) slot++;
    store<u8>(local(lisTails) + slot, value);
    if (slot == length) length++;
  }
  return length;
}

function fillLineCosts(at: usize, lineLength: i32): i32 {
  const base = lineLength + 1;
  let size = 1;
  for (let i = 0; i < lineLength; i++) size *= base;
  for (let code = 0; code < size; code++) {
    let rest = code;
    let members = 0;
    for (let i = 0; i < lineLength; i++) {
      const digit = rest % base;
      rest /= base;
      if (digit != 0) {
        store<u8>(local(lineMembers) + members, <u8>digit);
        members++;
      }
    }
    store<u8>(at + code, <u8>(2 * (members - longestIncreasing(local(lineMembers), members))));
  }
  return size;
}

// @ts-ignore: decorator
@inline
function moveRecordAt(tile: i32, from: i32, direction: i32): usize {
  return local(moveRecords) + ((((<usize>tile << 5) | <usize>from) << 2 | <usize>direction) << 3);
}

// The goal's row and column of every tile.
function fillGoalCoordinates(width: i32, cells: i32, goal: usize): void {
  for (let p = 0; p < cells; p++) {
    const tile = <i32>load<u8>(goal + p);
    store<u8>(local(goalRow) + tile, <u8>(p / width));
    store<u8>(local(goalColumn) + tile, <u8>(p % width));
  }
}

// Place values of the row codes (base width+1) and column codes (base height+1).
function fillLinePowers(width: i32, height: i32): void {
  let power = 1;
  for (let i = 0; i <= width; i++) {
    store<i32>(local(rowPowers) + (i << 2), power);
    power *= width + 1;
  }
  power = 1;
  for (let i = 0; i <= height; i++) {
    store<i32>(local(columnPowers) + (i << 2), power);
    power *= height + 1;
  }
}

function fillManhattan(width: i32, cells: i32): void {
  for (let tile = 0; tile < cells; tile++) {
    const tileRow = <i32>load<u8>(local(goalRow) + tile);
    const tileColumn = <i32>load<u8>(local(goalColumn) + tile);
    for (let p = 0; p < cells; p++) {
      const distance = abs(p / width - tileRow) + abs(p % width - tileColumn);
      store<u8>(local(manhattan) + (tile << 5) + p, <u8>distance);
    }
  }
}

// What moving `tile` from `from` as the blank moves `direction` does to the
// Manhattan sum and to the line codes (see moveRecords).
function fillMoveRecord(tile: i32, from: i32, direction: i32, width: i32, height: i32): void {
  const tileRow = <i32>load<u8>(local(goalRow) + tile);
  const tileColumn = <i32>load<u8>(local(goalColumn) + tile);
  const rowDigit = tileColumn + 1;
  const columnDigit = tileRow + 1;
  const fromRow = from / width;
  const fromColumn = from % width;
  // The blank moves `direction` onto `from`; the tile goes the other way.
  let toRow = fromRow;
  let toColumn = fromColumn;
  if (direction == UP) toRow++;
  else if (direction == DOWN) toRow--;
  else if (direction == LEFT) toColumn++;
  else toColumn--;
  if (toRow < 0 || toRow >= height || toColumn < 0 || toColumn >= width) return;
  const to = toRow * width + toColumn;
  const manhattanDelta =
    <i32>load<u8>(local(manhattan) + (tile << 5) + to) - <i32>load<u8>(local(manhattan) + (tile << 5) + from);
  let costLine = DUMMY_LINE;
  let costDelta = 0;
  let codeLine = DUMMY_LINE;
  let codeDelta = 0;
  if (direction <= DOWN) {
    const columnPower = load<i32>(local(rowPowers) + (fromColumn << 2));
    if (tileRow == fromRow) {
      costLine = fromRow;
      costDelta = -rowDigit * columnPower;
    } else if (tileRow == toRow) {
      costLine = toRow;
      costDelta = rowDigit * columnPower;
    }
    if (tileColumn == fromColumn) {
      codeLine = MAX_SIDE + fromColumn;
      codeDelta =
        columnDigit * (load<i32>(local(columnPowers) + (toRow << 2)) - load<i32>(local(columnPowers) + (fromRow << 2)));
    }
  } else {
    const rowPower = load<i32>(local(columnPowers) + (fromRow << 2));
    if (tileColumn == fromColumn) {
      costLine = MAX_SIDE + fromColumn;
      costDelta = -columnDigit * rowPower;
    } else if (tileColumn == toColumn) {
      costLine = MAX_SIDE + toColumn;
      costDelta = columnDigit * rowPower;
    }
    if (tileRow == fromRow) {
      codeLine = fromRow;
      codeDelta =
        rowDigit * (load<i32>(local(rowPowers) + (toColumn << 2)) - load<i32>(local(rowPowers) + (fromColumn << 2)));
    }
  }
  const record = moveRecordAt(tile, from, direction);
  store<i32>(record, (manhattanDelta & 0xff) | ((costLine << 2) << 8) | (costDelta << 16));
  store<i32>(record, (codeLine << 2) | (codeDelta << 16), 4);
}

function fillMoveMasks(width: i32, height: i32): void {
  const cells = width * height;
  for (let p = 0; p < cells; p++) {
    const row = p / width;
    const column = p % width;
    let mask = 0;
    if (row > 0) mask |= 1 << UP;
    if (row < height - 1) mask |= 1 << DOWN;
    if (column > 0) mask |= 1 << LEFT;
    if (column < width - 1) mask |= 1 << RIGHT;
    store<u8>(local(moveMask) + p, <u8>mask);
  }
  for (let p = cells; p < POSITION_STRIDE; p++) store<u8>(local(moveMask) + p, 0);
}

// Every table of this file for the scratch goal on a width x height board.
function buildTables(width: i32, height: i32): void {
  const cells = width * height;
  const goal = scratchPointer() + GOAL_AT;
  fillGoalCoordinates(width, cells, goal);
  fillLinePowers(width, height);
  fillManhattan(width, cells);
  rowTableSize = fillLineCosts(local(lineCost), width);
  fillLineCosts(local(lineCost) + rowTableSize, height);
  memory.fill(local(moveRecords), 0, MOVE_RECORD_BYTES);
  for (let tile = 1; tile < cells; tile++) {
    for (let from = 0; from < cells; from++) {
      for (let direction = 0; direction < 4; direction++) fillMoveRecord(tile, from, direction, width, height);
    }
  }
  fillMoveMasks(width, height);
  memory.copy(local(cachedGoal), goal, cells);
  cachedWidth = width;
  cachedHeight = height;
}

function tablesMatch(width: i32, height: i32): bool {
  if (width != cachedWidth || height != cachedHeight) return false;
  return memory.compare(local(cachedGoal), scratchPointer() + GOAL_AT, width * height) == 0;
}

// Loads the board from scratch into `tiles` and `lineCodes`; returns its h, or
// PARTITION_MISMATCH when the PDB's partition does not fit the goal.
function loadBoard(width: i32, height: i32, heuristic: i32): i32 {
  if (!tablesMatch(width, height)) buildTables(width, height);
  const cells = width * height;
  const board = scratchPointer() + BOARD_AT;
  memory.fill(local(lineCodes), 0, LINE_COUNT * 4);
  for (let column = 0; column < width; column++) store<i32>(local(lineCodes) + ((MAX_SIDE + column) << 2), rowTableSize);
  let manhattanSum = 0;
  for (let p = 0; p < cells; p++) {
    const tile = <i32>load<u8>(board + p);
    store<u8>(local(tiles) + p, <u8>tile);
    if (tile == 0) {
      startBlank = p;
      continue;
    }
    manhattanSum += load<u8>(local(manhattan) + (tile << 5) + p);
    const row = p / width;
    const column = p % width;
    const tileRow = <i32>load<u8>(local(goalRow) + tile);
    const tileColumn = <i32>load<u8>(local(goalColumn) + tile);
    if (tileRow == row) {
      const at = local(lineCodes) + (row << 2);
      store<i32>(at, load<i32>(at) + (tileColumn + 1) * load<i32>(local(rowPowers) + (column << 2)));
    }
    if (tileColumn == column) {
      const at = local(lineCodes) + ((MAX_SIDE + column) << 2);
      store<i32>(at, load<i32>(at) + (tileRow + 1) * load<i32>(local(columnPowers) + (row << 2)));
    }
  }
  boardWidth = width;
  heuristicKind = heuristic;
  if (heuristic == MANHATTAN) return manhattanSum;
  if (heuristic == LINEAR_CONFLICT) {
    let h = manhattanSum;
    for (let row = 0; row < height; row++) h += load<u8>(local(lineCost) + load<i32>(local(lineCodes) + (row << 2)));
    for (let column = 0; column < width; column++) {
      h += load<u8>(local(lineCost) + load<i32>(local(lineCodes) + ((MAX_SIDE + column) << 2)));
    }
    return h;
  }
  const fit = pdbPrepare(width, height, scratchPointer() + GOAL_AT);
  if (fit < 0) return PARTITION_MISMATCH;
  const mirrored = (fit & PDB_FIT_MIRRORED) != 0;
  if ((fit & PDB_FIT_SEVERAL) != 0) heuristicKind = mirrored ? PDB_SUMS_MIRRORED : PDB_SUMS;
  else heuristicKind = mirrored ? PDB_MIRRORED : PDB;
  return pdbLoadBoard(board, manhattanSum, mirrored);
}

// ---------------------------------------------------------------------------
// Search: one body, specialised per heuristic. The heuristic is a type
// argument K, one of the marker types below, told apart by its size and
// sign: the compiler knows sizeof<K>() and isSigned<K>() and compiles only
// the branches of K, so each instance of searchWith<K> (not inlined) holds a
// copy of the body with only its heuristic's code (the pattern of ./flip; a
// run-time heuristic argument would compile every branch, and the wrappers
// each branch calls would nest inside each other).
type Manhattan = u8;
type LinearConflict = u16;
type Pdb = u32;
type PdbMirrored = u64;
type PdbSums = i32;
type PdbSumsMirrored = i64;

// The PDB kinds are the types of 4 and 8 bytes; the mirrored ones, of 8; the
// kinds with several sums (see ./pdbHeuristic), the signed ones.
// @ts-ignore: decorator
@inline
function isPdb<K>(): bool {
  return sizeof<K>() >= 4;
}

// @ts-ignore: decorator
@inline
function isMirrored<K>(): bool {
  return sizeof<K>() == 8;
}

// Returns FOUND, OUT_OF_NODES, or the least f above the bound among pruned children.
// `state`: the move-pruning machine's state after the moves to here.
// @ts-ignore: decorator
@inline
function expand<K>(blank: i32, state: i32, g: i32, h: i32): i32 {
  if (h == 0) {
    store<u32>(scratchPointer() + PATH_LENGTH_AT, g);
    return FOUND;
  }
  expandedCount++;
  const room = bound - g - 1;
  const moves = <i32>load<u8>(pruningAllowed + <usize>(state * pruningCells + blank));
  let best = NO_BOUND;
  // Up, left, right, down: the host's SEARCH_MOVE_ORDER (src/engine/contract.ts
  // says why), written out so that each move's cell step is a constant.
  if (moves & (1 << UP)) {
    const result = child<K>(UP, blank, blank - boardWidth, g, h, room, state);
    if (result < best) {
      best = result;
      if (result < 0) return result;
    }
  }
  if (moves & (1 << LEFT)) {
    const result = child<K>(LEFT, blank, blank - 1, g, h, room, state);
    if (result < best) {
      best = result;
      if (result < 0) return result;
    }
  }
  if (moves & (1 << RIGHT)) {
    const result = child<K>(RIGHT, blank, blank + 1, g, h, room, state);
    if (result < best) {
      best = result;
      if (result < 0) return result;
    }
  }
  if (moves & (1 << DOWN)) {
    const result = child<K>(DOWN, blank, blank + boardWidth, g, h, room, state);
    if (result < best) best = result;
  }
  return best;
}

// The blank moves `direction` from `blank` to `next`: the tile there comes back.
// @ts-ignore: decorator
@inline
function child<K>(direction: i32, blank: i32, next: i32, g: i32, h: i32, room: i32, state: i32): i32 {
  if (--nodesLeft < 0) {
    const stop = chunkEnded();
    if (stop != 0) return stop;
  }
  const tile = <i32>load<u8>(local(tiles) + next);
  const record = moveRecordAt(tile, next, direction);
  const childH = childEstimate<K>(record, tile, blank, h, room);
  if (childH > room) return g + 1 + childH;
  const saved = applyMove<K>(record, tile, blank);
  store<u8>(local(tiles) + blank, <u8>tile);
  store<u8>(scratchPointer() + PATH_AT + g, <u8>direction);
  const result = descend<K>(next, nextState(state, direction), g + 1, childH);
  store<u8>(local(tiles) + next, <u8>tile);
  undoMove<K>(record, tile, next, saved);
  return result;
}

// The child's h; changes nothing. Above `room` the child is pruned, and the PDB may skip its later
// lookups (any h above room prunes alike) but for a child that could set the next bound (./pdbHeuristic).
// @ts-ignore: decorator
@inline
function childEstimate<K>(record: usize, tile: i32, to: i32, h: i32, room: i32): i32 {
  const costWord = load<i32>(record);
  if (sizeof<K>() == sizeof<Manhattan>()) return h + <i32>(<i8>costWord);
  if (sizeof<K>() == sizeof<LinearConflict>()) {
    const code = load<i32>(local(lineCodes) + ((costWord >>> 8) & 0xff));
    return h + <i32>(<i8>costWord) + <i32>load<u8>(local(lineCost) + code + (costWord >> 16)) - <i32>load<u8>(local(lineCost) + code);
  }
  return pdbChildEstimate(tile, to, <i32>(<i8>costWord), isMirrored<K>(), isSigned<K>(), room);
}

// Updates the heuristic's state for the move; returns what undoMove needs.
// @ts-ignore: decorator
@inline
function applyMove<K>(record: usize, tile: i32, to: i32): i32 {
  if (sizeof<K>() == sizeof<LinearConflict>()) {
    const costWord = load<i32>(record);
    const costLineAt = local(lineCodes) + ((costWord >>> 8) & 0xff);
    store<i32>(costLineAt, load<i32>(costLineAt) + (costWord >> 16));
    const codeWord = load<i32>(record, 4);
    const codeLineAt = local(lineCodes) + (codeWord & 0xff);
    store<i32>(codeLineAt, load<i32>(codeLineAt) + (codeWord >> 16));
    return 0;
  }
  if (isPdb<K>()) {
    return pdbApply(tile, to, <i32>(<i8>load<i32>(record)), isMirrored<K>(), isSigned<K>());
  }
  return 0;
}

// @ts-ignore: decorator
@inline
function undoMove<K>(record: usize, tile: i32, from: i32, saved: i32): void {
  if (sizeof<K>() == sizeof<LinearConflict>()) {
    const codeWord = load<i32>(record, 4);
    const codeLineAt = local(lineCodes) + (codeWord & 0xff);
    store<i32>(codeLineAt, load<i32>(codeLineAt) - (codeWord >> 16));
    const costWord = load<i32>(record);
    const costLineAt = local(lineCodes) + ((costWord >>> 8) & 0xff);
    store<i32>(costLineAt, load<i32>(costLineAt) - (costWord >> 16));
  } else if (isPdb<K>()) {
    pdbUndo(tile, from, <i32>(<i8>load<i32>(record)), isMirrored<K>(), isSigned<K>(), saved);
  }
}

// @ts-ignore: decorator
@inline
function nextState(state: i32, direction: i32): i32 {
  return load<i32>(pruningNext + ((<usize>((state << 2) | direction)) << 2));
}

// @ts-ignore: decorator
@inline
function descend<K>(blank: i32, state: i32, g: i32, h: i32): i32 {
  return searchWith<K>(blank, state, g, h);
}

// One copy of the search body per heuristic K, not inlined into itself.
// @ts-ignore: decorator
@noinline
function searchWith<K>(blank: i32, state: i32, g: i32, h: i32): i32 {
  return expand<K>(blank, state, g, h);
}

// The prefix walk of idaStarSubtree: per step the blank's cell before it, the
// tile that moved, and what undoMove needs.
const prefixBlanks: usize = memory.data(MAX_PREFIX, 16);
const prefixTiles: usize = memory.data(MAX_PREFIX, 16);
const prefixSaved: usize = memory.data(MAX_PREFIX * 4, 16);

// Walks the `length` moves at the scratch path from the start, pricing each
// child as `child` does (f past the bound: that f is the answer; a node with
// h 0: the goal, found), then searches below with the one search body and
// takes the walk back. Not inlined: one copy per heuristic, called once per subtree.
function subtree<K>(length: i32): i32 {
  const path = scratchPointer() + PATH_AT;
  prefixCut = 0;
  let blank = startBlank;
  let h = startH;
  let parentMove = NO_MOVE;
  let state = 0;
  let result = 0;
  let g = 0;
  for (; g < length; g++) {
    if (h == 0) {
      store<u32>(scratchPointer() + PATH_LENGTH_AT, g);
      result = FOUND;
      break;
    }
    const direction = <i32>load<u8>(path + g);
    if (direction > RIGHT || direction == (parentMove ^ 1) || (<i32>load<u8>(local(moveMask) + blank) & (1 << direction)) == 0) {
      result = BAD_PREFIX;
      break;
    }
    // A walk the machine prunes: the whole search never goes there, so neither does this share.
    if ((<i32>load<u8>(pruningAllowed + <usize>(state * pruningCells + blank)) & (1 << direction)) == 0) {
      result = NO_BOUND;
      break;
    }
    const next = direction == UP ? blank - boardWidth : direction == DOWN ? blank + boardWidth : direction == LEFT ? blank - 1 : blank + 1;
    const tile = <i32>load<u8>(local(tiles) + next);
    const record = moveRecordAt(tile, next, direction);
    const childH = childEstimate<K>(record, tile, blank, h, bound - g - 1);
    if (g + 1 + childH > bound) {
      result = g + 1 + childH;
      prefixCut = g + 1;
      break;
    }
    store<i32>(local(prefixSaved) + (<usize>g << 2), applyMove<K>(record, tile, blank));
    store<u8>(local(prefixBlanks) + g, <u8>blank);
    store<u8>(local(prefixTiles) + g, <u8>tile);
    store<u8>(local(tiles) + blank, <u8>tile);
    blank = next;
    h = childH;
    parentMove = direction;
    state = nextState(state, direction);
  }
  if (g == length) result = descend<K>(blank, state, length, h);
  while (g > 0) {
    g--;
    const from = <i32>load<u8>(local(prefixBlanks) + g);
    const tile = <i32>load<u8>(local(prefixTiles) + g);
    const direction = <i32>load<u8>(path + g);
    const next = direction == UP ? from - boardWidth : direction == DOWN ? from + boardWidth : direction == LEFT ? from - 1 : from + 1;
    store<u8>(local(tiles) + next, <u8>tile);
    undoMove<K>(moveRecordAt(tile, next, direction), tile, next, load<i32>(local(prefixSaved) + (<usize>g << 2)));
  }
  return result;
}

// ---------------------------------------------------------------------------
// Exports

/**
 * Room for a move-pruning machine of `states` states on boards of `cells`
 * cells (see pruningRegion): the address where the host writes its next
 * states (states * 4 i32) and then its allowed moves (states * cells u8), or
 * 0 when memory cannot grow that far (the bytes needed in lastNeeded()).
 * Searches use the machine last written, for boards of its size. An f64, as
 * every address the host reads (./memory).
 */
export function idaStarPruningReserve(states: i32, cells: i32): f64 {
  if (states < 1 || cells < 4 || cells > MAX_CELLS) return 0;
  const region = pruningRegion();
  if (!reserve(region, <f64>states * 16 + <f64>states * <f64>cells, 0)) return 0;
  pruningNext = region.base;
  pruningAllowed = region.base + ((<usize>states) << 4);
  pruningCells = cells;
  return <f64>region.base;
}

/** The bytes the last idaStarPruningReserve asked for (whether or not it got them). */
export function idaStarNeeded(): f64 {
  return lastNeeded();
}

/**
 * h of the scratch board against the scratch goal; heuristic 0 = Manhattan,
 * 1 = linear conflict, 2 = the PDB set by idaStarPdbGroup (-4: that partition
 * does not fit the goal).
 */
export function idaStarEstimate(width: i32, height: i32, heuristic: i32): i32 {
  return loadBoard(width, height, heuristic);
}

/**
 * Starts a search from the scratch board to the scratch goal; resets the node
 * count. Returns the start's h, the first bound (or -4 as idaStarEstimate).
 */
export function idaStarSetup(width: i32, height: i32, heuristic: i32): i32 {
  startH = loadBoard(width, height, heuristic);
  memory.copy(local(startTiles), local(tiles), POSITION_STRIDE);
  memory.copy(local(startCodes), local(lineCodes), LINE_COUNT * 4);
  chunkEnd = 0;
  nodesLeft = 0;
  nextPoll = POLL_NODES;
  setLastNodes(0);
  expandedCount = 0;
  return startH;
}

/** Nodes expanded since idaStarSetup (see the header), over every iteration. */
export function idaStarExpanded(): f64 {
  return expandedCount;
}

/**
 * Searches every path with f = g + h <= `searchBound`. Returns FOUND (-1, the
 * path is in scratch), OUT_OF_NODES (-2, `budget` children generated since
 * setup), BOUND_TOO_DEEP (-3, the path could overflow scratch; only an
 * unsolvable board gets there), STOPPED (-5, env.searchPoll said stop) or the
 * next bound. `budget` may be +Infinity (or NaN: no limit either).
 */
export function idaStarIteration(searchBound: i32, budget: f64): i32 {
  return idaStarSubtree(0, searchBound, budget);
}

/**
 * idaStarIteration below the first `prefixLength` moves of the scratch path
 * (blank moves 0..3, written by the host): only the paths that start with
 * them. A parallel search deals such subtrees to its workers. The prefix's
 * own nodes are not counted. Also BAD_PREFIX (-6): a move off the board or
 * one that undoes the move before, or more than 32 moves.
 */
export function idaStarSubtree(prefixLength: i32, searchBound: i32, budget: f64): i32 {
  prefixCut = 0;
  if (searchBound > PATH_CAPACITY) return BOUND_TOO_DEEP;
  if (startH < 0) return PARTITION_MISMATCH;
  if (prefixLength < 0 || prefixLength > MAX_PREFIX) return BAD_PREFIX;
  // Every search leaves the board and the heuristic's state as it found them.
  memory.copy(local(tiles), local(startTiles), POSITION_STRIDE);
  memory.copy(local(lineCodes), local(startCodes), LINE_COUNT * 4);
  nodeBudget = budget >= 0 ? Math.floor(budget) : (budget < 0 ? 0 : Infinity);
  bound = searchBound;
  pdbSearchStarts();
  startChunk(nodeCount());
  let result: i32;
  // The whole iteration calls the search copies directly. (This also makes
  // the compiler meet them before subtree<K>, so that descend<K> inlines into
  // them rather than becoming a call of its own inside the hot loop.)
  if (prefixLength == 0) {
    if (heuristicKind == MANHATTAN) result = searchWith<Manhattan>(startBlank, 0, 0, startH);
    else if (heuristicKind == LINEAR_CONFLICT) result = searchWith<LinearConflict>(startBlank, 0, 0, startH);
    else if (heuristicKind == PDB) result = searchWith<Pdb>(startBlank, 0, 0, startH);
    else if (heuristicKind == PDB_MIRRORED) result = searchWith<PdbMirrored>(startBlank, 0, 0, startH);
    else if (heuristicKind == PDB_SUMS) result = searchWith<PdbSums>(startBlank, 0, 0, startH);
    else result = searchWith<PdbSumsMirrored>(startBlank, 0, 0, startH);
  } else if (heuristicKind == MANHATTAN) result = subtree<Manhattan>(prefixLength);
  else if (heuristicKind == LINEAR_CONFLICT) result = subtree<LinearConflict>(prefixLength);
  else if (heuristicKind == PDB) result = subtree<Pdb>(prefixLength);
  else if (heuristicKind == PDB_MIRRORED) result = subtree<PdbMirrored>(prefixLength);
  else if (heuristicKind == PDB_SUMS) result = subtree<PdbSums>(prefixLength);
  else result = subtree<PdbSumsMirrored>(prefixLength);
  // A stopped search leaves nodesLeft at -1: the child that ran out of its chunk was not made.
  setLastNodes(nodeCount());
  return result;
}

/**
 * After idaStarSubtree answered a next bound: how many moves of its prefix
 * were walked before f went past the bound (0: the walk was whole and
 * searched below). Every prefix that begins with those moves gives the same
 * answer without a search.
 */
export function idaStarPrefixCut(): i32 {
  return prefixCut;
}

// ---------------------------------------------------------------------------
// A batch in one call

// idaStarSolveBatch's slots (see there); codes besides a path length >= 0.
const BATCH_BOARD_AT: usize = 0;
const BATCH_STATUS_AT: usize = IdaStar.BATCH_STATUS_AT;
const BATCH_BOUND_AT: usize = IdaStar.BATCH_BOUND_AT;
const BATCH_NODES_AT: usize = IdaStar.BATCH_NODES_AT;
const BATCH_EXPANDED_AT: usize = IdaStar.BATCH_EXPANDED_AT;
const BATCH_PATH_AT: usize = IdaStar.BATCH_PATH_AT;
const BATCH_UNSOLVABLE: i32 = IdaStar.BATCH_UNSOLVABLE;
const BATCH_NOT_A_BOARD: i32 = IdaStar.BATCH_NOT_A_BOARD;
const BATCH_PATH_TOO_LONG: i32 = IdaStar.BATCH_PATH_TOO_LONG;

/**
 * IDA* on each of `count` boards, all of one size against the scratch goal
 * (written once by the host), as idaStarSetup and then idaStarIteration per
 * bound would search them: the same node counts and paths. Slot i lies at
 * `slots + i * slotBytes` (in the batch buffer, see ./batch): the host writes
 * the board at bytes 0..n-1; this writes at 32 an i32 status (the path
 * length, or OUT_OF_NODES, BOUND_TOO_DEEP, PARTITION_MISMATCH, STOPPED,
 * BATCH_UNSOLVABLE: the parity test of slidingSolvable says no, so no search;
 * BATCH_NOT_A_BOARD: slidingSolvable refused the board; BATCH_PATH_TOO_LONG:
 * found, but the path does not fit the slot, whose length is then in the
 * bound word), at 36 the i32 bound (the one searched when OUT_OF_NODES), at
 * 40 the nodes and at 48 the nodes expanded as f64, and the moves from 56
 * (slotBytes - 56 at most).
 * `budget` applies to each board on its own, as in idaStarIteration.
 *
 * env.searchPoll is asked every 2^14 nodes of the whole batch (a batch of
 * small boards still polls), with the bound and node count of the board
 * being searched; a stop ends the batch there. Returns the boards answered
 * (the stopped one included): count unless stopped or PARTITION_MISMATCH.
 */
export function idaStarSolveBatch(width: i32, height: i32, heuristic: i32, slots: usize, count: i32, slotBytes: i32, budget: f64): i32 {
  const scratch = scratchPointer();
  const n = <usize>min(max(width * height, 0), MAX_CELLS);
  const pathRoom = slotBytes - <i32>BATCH_PATH_AT;
  // Nodes left before the batch's next poll, carried from board to board.
  let untilPoll: f64 = POLL_NODES;
  for (let i = 0; i < count; i++) {
    const slot = slots + <usize>i * <usize>slotBytes;
    memory.copy(scratch + BOARD_AT, slot + BATCH_BOARD_AT, n);
    const solvable = slidingSolvable(width, height);
    let status = solvable < 0 ? BATCH_NOT_A_BOARD : BATCH_UNSOLVABLE;
    let searched = 0;
    let nodes: f64 = 0;
    if (solvable == 1) {
      searched = idaStarSetup(width, height, heuristic);
      nextPoll = untilPoll;
      status = searched < 0 ? PARTITION_MISMATCH : batchSearch(searched, budget);
      nodes = lastNodes();
      searched = batchBound;
      if (status == FOUND) {
        status = <i32>load<u32>(scratch + PATH_LENGTH_AT);
        if (status > pathRoom) {
          searched = status;
          status = BATCH_PATH_TOO_LONG;
        } else {
          memory.copy(slot + BATCH_PATH_AT, scratch + PATH_AT, <usize>status);
        }
      }
      untilPoll = nextPoll - nodes;
    }
    store<i32>(slot + BATCH_STATUS_AT, status);
    store<i32>(slot + BATCH_BOUND_AT, searched);
    store<f64>(slot + BATCH_NODES_AT, nodes);
    store<f64>(slot + BATCH_EXPANDED_AT, solvable == 1 ? expandedCount : 0);
    if (status == STOPPED || status == PARTITION_MISMATCH) return i + 1;
  }
  return count;
}

// The bound of batchSearch's last iteration.
let batchBound: i32 = 0;

// Iterations from `firstBound` until one ends the search: FOUND (the path in
// scratch), OUT_OF_NODES, BOUND_TOO_DEEP or STOPPED.
function batchSearch(firstBound: i32, budget: f64): i32 {
  batchBound = firstBound;
  let result = idaStarIteration(batchBound, budget);
  while (result >= 0) {
    batchBound = result;
    result = idaStarIteration(batchBound, budget);
  }
  return result;
}
