// IDA*'s per-goal tables and the loaded board (./idaStar holds the entry points,
// ./idaStarSearch the search body). Separate because they are built once per
// size and goal, outside the hot loop, which only reads them.
//
// Linear conflict adds, for every row and every column, 2 x the fewest tiles
// that must leave that line so that the rest of the line's own tiles (those
// whose goal is in it) stand in goal order: members minus the longest
// increasing subsequence of their goal slots. Each line's contents are kept as
// a positional code, digit k+1 for a member whose goal slot is k and 0 for the
// blank or anything else, in base (length+1); a table indexed by code holds the
// line's cost. A move shifts one tile between two lines of one axis (only there
// can the cost change) and inside one line of the other axis (only the code
// changes), so a child's h is the parent's plus a Manhattan delta plus one
// table difference (moveRecords).

import { IdaStar } from './abi';
import { scratchPointer } from './scratch';
import { PDB_FIT_MIRRORED, PDB_FIT_SEVERAL, pdbLoadBoard, pdbPrepare } from './pdbHeuristic';
import { local } from './instance';

export const BOARD_AT: usize = IdaStar.BOARD_AT;
const GOAL_AT: usize = IdaStar.GOAL_AT;

const MAX_SIDE: i32 = 5;
export const MAX_CELLS: i32 = 25;
export const POSITION_STRIDE: i32 = 32;

export const UP: i32 = 0;
export const DOWN: i32 = 1;
export const LEFT: i32 = 2;
export const RIGHT: i32 = 3;

// Heuristic kinds: the host passes 0..2; PDB_MIRRORED is chosen here when the
// goal allows the mirrored lookup, and the PDB_SUMS kinds when the host set
// several sums (see ./pdbHeuristic).
export const MANHATTAN: i32 = IdaStar.HEURISTIC_MANHATTAN;
export const LINEAR_CONFLICT: i32 = IdaStar.HEURISTIC_LINEAR_CONFLICT;
export const PDB: i32 = IdaStar.HEURISTIC_PDB;
export const PDB_MIRRORED: i32 = 3;
export const PDB_SUMS: i32 = 4;
const PDB_SUMS_MIRRORED: i32 = 5;

export const PARTITION_MISMATCH: i32 = IdaStar.PARTITION_MISMATCH;

// Lines: rows 0..4, columns 5..9, and a dummy line 10 whose code stays 0 (cost
// 0). A move that changes no real line points at the dummy, which keeps the hot
// loop free of branches. Codes are i32, addressed by byte offset (line * 4).
const DUMMY_LINE: i32 = 10;
export const LINE_COUNT: i32 = 11;

// Every table here has a fixed size set by the 5x5 maximum (about 45 KB in
// all), so they live in static memory: their addresses are compile-time
// constants in the hot loop, and there is no capacity to grow.

// The board being searched: tiles by position (the blank's cell is stale).
export const tiles: usize = memory.data(POSITION_STRIDE, 16);
// The start board and its line codes, restored before every iteration.
export const startTiles: usize = memory.data(POSITION_STRIDE, 16);
export const startCodes: usize = memory.data(LINE_COUNT * 4, 16);
export const lineCodes: usize = memory.data(LINE_COUNT * 4, 16);
// Bit d set when the blank at this position can move in direction d.
export const moveMask: usize = memory.data(POSITION_STRIDE, 16);
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
export const lineCost: usize = memory.data(LINE_COST_BYTES, 16);
// Powers of base (width+1) and (height+1), i32.
const rowPowers: usize = memory.data(MAX_SIDE * 4 + 4, 16);
const columnPowers: usize = memory.data(MAX_SIDE * 4 + 4, 16);

// The tables above belong to this size and goal; rebuilt when either changes.
const cachedGoal: usize = memory.data(POSITION_STRIDE, 16);
let cachedWidth: i32 = 0;
let cachedHeight: i32 = 0;
let rowTableSize: i32 = 0;

// The board loaded (loadBoard), which the search starts from.
export let boardWidth: i32 = 0;
export let heuristicKind: i32 = MANHATTAN;
export let startBlank: i32 = 0;

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
export function moveRecordAt(tile: i32, from: i32, direction: i32): usize {
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
export function loadBoard(width: i32, height: i32, heuristic: i32): i32 {
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