/**
 * The per-goal tables of the IDA* twin (./idaStar.ts), as
 * `assembly/idaStarTables.ts` builds them: each tile's Manhattan distances, the
 * linear-conflict cost of every line code, the move records (what a move does
 * to the Manhattan sum and to the line codes) and where the blank may move;
 * and a board's line codes and conflict cost. See the assembly file for the
 * line codes and the move records.
 */
import { MAX_SIDE, type SlidingBoard } from '../contract.js';

export const MAX_CELLS = 25;
export const POSITION_STRIDE = 32;

export const UP = 0;
export const DOWN = 1;
export const LEFT = 2;
export const RIGHT = 3;

/** Rows 0..4, columns 5..9, and a dummy line whose code stays 0 (cost 0). */
const DUMMY_LINE = 10;
export const LINE_COUNT = 11;

/** The tables of one size and goal (rebuilt by prepareTables when either changes). */
export class SearchTables {
  readonly moveMask = new Uint8Array(POSITION_STRIDE);
  readonly manhattan = new Uint8Array(MAX_CELLS * POSITION_STRIDE);
  readonly goalRow = new Uint8Array(POSITION_STRIDE);
  readonly goalColumn = new Uint8Array(POSITION_STRIDE);
  /**
   * Per (tile, position it leaves, blank move) at [((tile * 32 + from) * 4 + move) * 2]:
   * word 0 = Manhattan delta (i8) | cost line (u8) << 8 | its code delta (i16) << 16,
   * word 1 = code-only line (u8) | its code delta (i16) << 16. Lines are indices here
   * (the wasm engine stores byte offsets).
   */
  readonly moveRecords = new Int32Array(MAX_CELLS * POSITION_STRIDE * 4 * 2);
  readonly lineCost = new Uint8Array(2 * 7776);
  readonly rowPowers = new Int32Array(MAX_SIDE + 1);
  readonly columnPowers = new Int32Array(MAX_SIDE + 1);
  readonly cachedGoal = new Uint8Array(POSITION_STRIDE);
  cachedWidth = 0;
  cachedHeight = 0;
  rowTableSize = 0;
}

/** Longest strictly increasing subsequence of `values[0..count)` (patience sorting). */
function longestIncreasing(values: Uint8Array, count: number, tails: Uint8Array): number {
  let length = 0;
  for (let i = 0; i < count; i++) {
    const value = values[i]!;
    let slot = 0;
    while (slot < length && tails[slot]! < value) slot++;
    tails[slot] = value;
    if (slot === length) length++;
  }
  return length;
}

/** Fills `cost[at + code]` with 2 x (members - LIS) for every code of a line; returns the table size. */
function fillLineCosts(cost: Uint8Array, at: number, lineLength: number): number {
  const base = lineLength + 1;
  const size = base ** lineLength;
  const members = new Uint8Array(MAX_SIDE);
  const tails = new Uint8Array(MAX_SIDE);
  for (let code = 0; code < size; code++) {
    let rest = code;
    let count = 0;
    for (let i = 0; i < lineLength; i++) {
      const digit = rest % base;
      rest = (rest - digit) / base;
      if (digit !== 0) members[count++] = digit;
    }
    cost[at + code] = 2 * (count - longestIncreasing(members, count, tails));
  }
  return size;
}

/** The goal's row and column of every tile, the place values of the line codes, and the Manhattan distances. */
function fillDistances(t: SearchTables, width: number, height: number, goal: Uint8Array): void {
  const { goalRow, goalColumn, rowPowers, columnPowers, manhattan } = t;
  const cells = width * height;
  for (let p = 0; p < cells; p++) {
    const tile = goal[p]!;
    goalRow[tile] = Math.floor(p / width);
    goalColumn[tile] = p % width;
  }
  for (let i = 0, power = 1; i <= width; i++, power *= width + 1) rowPowers[i] = power;
  for (let i = 0, power = 1; i <= height; i++, power *= height + 1) columnPowers[i] = power;
  for (let tile = 0; tile < cells; tile++) {
    for (let p = 0; p < cells; p++) {
      manhattan[tile * POSITION_STRIDE + p] = Math.abs(Math.floor(p / width) - goalRow[tile]!) + Math.abs((p % width) - goalColumn[tile]!);
    }
  }
}

/** What moving `tile` from `from` as the blank moves `direction` does to the Manhattan sum and to the line codes. */
function fillMoveRecord(t: SearchTables, tile: number, from: number, direction: number, width: number, height: number): void {
  const { goalRow, goalColumn, rowPowers, columnPowers, manhattan } = t;
  const tileRow = goalRow[tile]!;
  const tileColumn = goalColumn[tile]!;
  const rowDigit = tileColumn + 1;
  const columnDigit = tileRow + 1;
  const fromRow = Math.floor(from / width);
  const fromColumn = from % width;
  // The blank moves `direction` onto `from`; the tile goes the other way.
  let toRow = fromRow;
  let toColumn = fromColumn;
  if (direction === UP) toRow++;
  else if (direction === DOWN) toRow--;
  else if (direction === LEFT) toColumn++;
  else toColumn--;
  if (toRow < 0 || toRow >= height || toColumn < 0 || toColumn >= width) return;
  const to = toRow * width + toColumn;
  const manhattanDelta = manhattan[tile * POSITION_STRIDE + to]! - manhattan[tile * POSITION_STRIDE + from]!;
  let costLine = DUMMY_LINE;
  let costDelta = 0;
  let codeLine = DUMMY_LINE;
  let codeDelta = 0;
  if (direction <= DOWN) {
    const columnPower = rowPowers[fromColumn]!;
    if (tileRow === fromRow) {
      costLine = fromRow;
      costDelta = -rowDigit * columnPower;
    } else if (tileRow === toRow) {
      costLine = toRow;
      costDelta = rowDigit * columnPower;
    }
    if (tileColumn === fromColumn) {
      codeLine = MAX_SIDE + fromColumn;
      codeDelta = columnDigit * (columnPowers[toRow]! - columnPowers[fromRow]!);
    }
  } else {
    const rowPower = columnPowers[fromRow]!;
    if (tileColumn === fromColumn) {
      costLine = MAX_SIDE + fromColumn;
      costDelta = -columnDigit * rowPower;
    } else if (tileColumn === toColumn) {
      costLine = MAX_SIDE + toColumn;
      costDelta = columnDigit * rowPower;
    }
    if (tileRow === fromRow) {
      codeLine = fromRow;
      codeDelta = rowDigit * (rowPowers[toColumn]! - rowPowers[fromColumn]!);
    }
  }
  const record = (((tile * POSITION_STRIDE + from) << 2) | direction) << 1;
  t.moveRecords[record] = (manhattanDelta & 0xff) | (costLine << 8) | (costDelta << 16);
  t.moveRecords[record + 1] = codeLine | (codeDelta << 16);
}

/** Bit d set when the blank at a position can move in direction d. */
function fillMoveMasks(moveMask: Uint8Array, width: number, height: number): void {
  moveMask.fill(0);
  for (let p = 0; p < width * height; p++) {
    const row = Math.floor(p / width);
    const column = p % width;
    let mask = 0;
    if (row > 0) mask |= 1 << UP;
    if (row < height - 1) mask |= 1 << DOWN;
    if (column > 0) mask |= 1 << LEFT;
    if (column < width - 1) mask |= 1 << RIGHT;
    moveMask[p] = mask;
  }
}

function buildTables(t: SearchTables, width: number, height: number, goal: Uint8Array): void {
  const cells = width * height;
  fillDistances(t, width, height, goal);
  t.rowTableSize = fillLineCosts(t.lineCost, 0, width);
  fillLineCosts(t.lineCost, t.rowTableSize, height);
  t.moveRecords.fill(0);
  for (let tile = 1; tile < cells; tile++) {
    for (let from = 0; from < cells; from++) {
      for (let direction = 0; direction < 4; direction++) fillMoveRecord(t, tile, from, direction, width, height);
    }
  }
  fillMoveMasks(t.moveMask, width, height);
  t.cachedGoal.set(goal.subarray(0, cells));
  t.cachedWidth = width;
  t.cachedHeight = height;
}

function tablesMatch(t: SearchTables, width: number, height: number, goal: Uint8Array): boolean {
  if (width !== t.cachedWidth || height !== t.cachedHeight) return false;
  for (let p = 0; p < width * height; p++) if (t.cachedGoal[p] !== goal[p]) return false;
  return true;
}

/** Readies the tables for `goal` on a width x height board (kept when they already serve it). */
export function prepareTables(t: SearchTables, width: number, height: number, goal: Uint8Array): void {
  if (!tablesMatch(t, width, height, goal)) buildTables(t, width, height, goal);
}

/** Writes `board`'s line codes into `lineCodes`; returns its Manhattan distance. */
export function loadLineCodes(t: SearchTables, board: SlidingBoard, lineCodes: Int32Array): number {
  const { width, height, tiles } = board;
  const { goalRow, goalColumn, rowPowers, columnPowers, manhattan } = t;
  lineCodes.fill(0);
  for (let column = 0; column < width; column++) lineCodes[MAX_SIDE + column] = t.rowTableSize;
  let h = 0;
  for (let p = 0; p < width * height; p++) {
    const tile = tiles[p]!;
    if (tile === 0) continue;
    h += manhattan[tile * POSITION_STRIDE + p]!;
    const row = Math.floor(p / width);
    const column = p % width;
    const tileRow = goalRow[tile]!;
    const tileColumn = goalColumn[tile]!;
    if (tileRow === row) lineCodes[row] += (tileColumn + 1) * rowPowers[column]!;
    if (tileColumn === column) lineCodes[MAX_SIDE + column] += (tileRow + 1) * columnPowers[row]!;
  }
  return h;
}

/** The linear-conflict part of h: the cost of every row and column of a width x height board. */
export function linesCost(t: SearchTables, lineCodes: Int32Array, width: number, height: number): number {
  let h = 0;
  for (let row = 0; row < height; row++) h += t.lineCost[lineCodes[row]!]!;
  for (let column = 0; column < width; column++) h += t.lineCost[lineCodes[MAX_SIDE + column]!]!;
  return h;
}
