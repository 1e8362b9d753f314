/**
 * The TypeScript twin of `assembly/idaStar.ts`: IDA* for sliding-tile boards
 * from 2x2 to 5x5 with Manhattan or linear-conflict heuristics. Same tables,
 * same move order (u, d, l, r), same node counting (children generated), so it
 * returns the same moves and the same node counts as the wasm engine. See the
 * assembly file for the heuristic's line codes and the move records.
 */
import { MAX_SIDE, type Heuristic, type IdaStarCore, type IdaStarOptions, type SlidingAnswer, type SlidingBoard } from '../core.js';

const MAX_CELLS = 25;
const POSITION_STRIDE = 32;

const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;
/** The root's parent move: (NO_MOVE ^ 1) names no direction. */
const NO_MOVE = 4;

const FOUND = -1;
const OUT_OF_NODES = -2;
const NO_BOUND = 0x7fffffff;
/** The wasm engine returns paths through 4032 bytes of scratch; the twin keeps the same limit. */
const PATH_CAPACITY = 4096 - 64;

/** Rows 0..4, columns 5..9, and a dummy line whose code stays 0 (cost 0). */
const DUMMY_LINE = 10;
const LINE_COUNT = 11;

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

export function twinIdaStar(): IdaStarCore {
  // The board being searched: tiles by position (the blank's cell is stale).
  const tiles = new Uint8Array(POSITION_STRIDE);
  const startTiles = new Uint8Array(POSITION_STRIDE);
  const lineCodes = new Int32Array(LINE_COUNT);
  const startCodes = new Int32Array(LINE_COUNT);
  const moveMask = new Uint8Array(POSITION_STRIDE);
  const manhattan = new Uint8Array(MAX_CELLS * POSITION_STRIDE);
  const goalRow = new Uint8Array(POSITION_STRIDE);
  const goalColumn = new Uint8Array(POSITION_STRIDE);
  /**
   * Per (tile, position it leaves, blank move) at [((tile * 32 + from) * 4 + move) * 2]:
   * word 0 = Manhattan delta (i8) | cost line (u8) << 8 | its code delta (i16) << 16,
   * word 1 = code-only line (u8) | its code delta (i16) << 16. Lines are indices here
   * (the wasm engine stores byte offsets).
   */
  const moveRecords = new Int32Array(MAX_CELLS * POSITION_STRIDE * 4 * 2);
  const lineCost = new Uint8Array(2 * 7776);
  const rowPowers = new Int32Array(MAX_SIDE + 1);
  const columnPowers = new Int32Array(MAX_SIDE + 1);
  const path = new Uint8Array(PATH_CAPACITY);

  const cachedGoal = new Uint8Array(POSITION_STRIDE);
  let cachedWidth = 0;
  let cachedHeight = 0;
  let rowTableSize = 0;

  let boardWidth = 0;
  let startBlank = 0;
  let bound = 0;
  let pathLength = 0;
  let generated = 0;
  let limit = Infinity;

  function buildTables(width: number, height: number, goal: Uint8Array): void {
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
        manhattan[tile * POSITION_STRIDE + p] =
          Math.abs(Math.floor(p / width) - goalRow[tile]!) + Math.abs((p % width) - goalColumn[tile]!);
      }
    }
    rowTableSize = fillLineCosts(lineCost, 0, width);
    fillLineCosts(lineCost, rowTableSize, height);

    moveRecords.fill(0);
    for (let tile = 1; tile < cells; tile++) {
      const tileRow = goalRow[tile]!;
      const tileColumn = goalColumn[tile]!;
      const rowDigit = tileColumn + 1;
      const columnDigit = tileRow + 1;
      for (let from = 0; from < cells; from++) {
        const fromRow = Math.floor(from / width);
        const fromColumn = from % width;
        for (let direction = 0; direction < 4; direction++) {
          // The blank moves `direction` onto `from`; the tile goes the other way.
          let toRow = fromRow;
          let toColumn = fromColumn;
          if (direction === UP) toRow++;
          else if (direction === DOWN) toRow--;
          else if (direction === LEFT) toColumn++;
          else toColumn--;
          if (toRow < 0 || toRow >= height || toColumn < 0 || toColumn >= width) continue;
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
          moveRecords[record] = (manhattanDelta & 0xff) | (costLine << 8) | (costDelta << 16);
          moveRecords[record + 1] = codeLine | (codeDelta << 16);
        }
      }
    }

    moveMask.fill(0);
    for (let p = 0; p < cells; p++) {
      const row = Math.floor(p / width);
      const column = p % width;
      let mask = 0;
      if (row > 0) mask |= 1 << UP;
      if (row < height - 1) mask |= 1 << DOWN;
      if (column > 0) mask |= 1 << LEFT;
      if (column < width - 1) mask |= 1 << RIGHT;
      moveMask[p] = mask;
    }

    cachedGoal.set(goal.subarray(0, cells));
    cachedWidth = width;
    cachedHeight = height;
  }

  function tablesMatch(width: number, height: number, goal: Uint8Array): boolean {
    if (width !== cachedWidth || height !== cachedHeight) return false;
    for (let p = 0; p < width * height; p++) if (cachedGoal[p] !== goal[p]) return false;
    return true;
  }

  /** Loads `board` into `tiles` and `lineCodes` (building tables for `goal` if needed); returns its h. */
  function loadBoard(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic): number {
    const { width, height } = board;
    if (!tablesMatch(width, height, goal.tiles)) buildTables(width, height, goal.tiles);
    const cells = width * height;
    lineCodes.fill(0);
    for (let column = 0; column < width; column++) lineCodes[MAX_SIDE + column] = rowTableSize;
    let h = 0;
    for (let p = 0; p < cells; p++) {
      const tile = board.tiles[p]!;
      tiles[p] = tile;
      if (tile === 0) {
        startBlank = p;
        continue;
      }
      h += manhattan[tile * POSITION_STRIDE + p]!;
      const row = Math.floor(p / width);
      const column = p % width;
      const tileRow = goalRow[tile]!;
      const tileColumn = goalColumn[tile]!;
      if (tileRow === row) lineCodes[row] += (tileColumn + 1) * rowPowers[column]!;
      if (tileColumn === column) lineCodes[MAX_SIDE + column] += (tileRow + 1) * columnPowers[row]!;
    }
    if (heuristic !== 'manhattan') {
      for (let row = 0; row < height; row++) h += lineCost[lineCodes[row]!]!;
      for (let column = 0; column < width; column++) h += lineCost[lineCodes[MAX_SIDE + column]!]!;
    }
    boardWidth = width;
    return h;
  }

  /** FOUND, OUT_OF_NODES, or the least f above the bound among pruned children. */
  function searchManhattan(blank: number, parentMove: number, g: number, h: number): number {
    if (h === 0) {
      pathLength = g;
      return FOUND;
    }
    const room = bound - g - 1;
    const moves = moveMask[blank]! & ~(1 << (parentMove ^ 1));
    let best = NO_BOUND;
    for (let direction = UP; direction <= RIGHT; direction++) {
      if ((moves & (1 << direction)) === 0) continue;
      if (++generated > limit) return OUT_OF_NODES;
      const next =
        direction === UP ? blank - boardWidth : direction === DOWN ? blank + boardWidth : direction === LEFT ? blank - 1 : blank + 1;
      const tile = tiles[next]!;
      const childH = h + ((moveRecords[(((tile * POSITION_STRIDE + next) << 2) | direction) << 1]! << 24) >> 24);
      let result: number;
      if (childH > room) {
        result = g + 1 + childH;
      } else {
        tiles[blank] = tile;
        path[g] = direction;
        result = searchManhattan(next, direction, g + 1, childH);
        tiles[next] = tile;
      }
      if (result < best) {
        best = result;
        if (result < 0) return result;
      }
    }
    return best;
  }

  function searchConflict(blank: number, parentMove: number, g: number, h: number): number {
    if (h === 0) {
      pathLength = g;
      return FOUND;
    }
    const room = bound - g - 1;
    const moves = moveMask[blank]! & ~(1 << (parentMove ^ 1));
    let best = NO_BOUND;
    for (let direction = UP; direction <= RIGHT; direction++) {
      if ((moves & (1 << direction)) === 0) continue;
      if (++generated > limit) return OUT_OF_NODES;
      const next =
        direction === UP ? blank - boardWidth : direction === DOWN ? blank + boardWidth : direction === LEFT ? blank - 1 : blank + 1;
      const tile = tiles[next]!;
      const record = (((tile * POSITION_STRIDE + next) << 2) | direction) << 1;
      const costWord = moveRecords[record]!;
      const costLine = (costWord >>> 8) & 0xff;
      const code = lineCodes[costLine]!;
      const childCode = code + (costWord >> 16);
      const childH = h + ((costWord << 24) >> 24) + lineCost[childCode]! - lineCost[code]!;
      let result: number;
      if (childH > room) {
        result = g + 1 + childH;
      } else {
        const codeWord = moveRecords[record + 1]!;
        const codeLine = codeWord & 0xff;
        const codeDelta = codeWord >> 16;
        lineCodes[costLine] = childCode;
        lineCodes[codeLine] += codeDelta;
        tiles[blank] = tile;
        path[g] = direction;
        result = searchConflict(next, direction, g + 1, childH);
        tiles[next] = tile;
        lineCodes[codeLine] -= codeDelta;
        lineCodes[costLine] = code;
      }
      if (result < best) {
        best = result;
        if (result < 0) return result;
      }
    }
    return best;
  }

  return {
    solve(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer {
      const startH = loadBoard(start, goal, options.heuristic);
      startTiles.set(tiles);
      startCodes.set(lineCodes);
      const search = options.heuristic === 'manhattan' ? searchManhattan : searchConflict;
      generated = 0;
      limit = options.maxNodes === undefined ? Infinity : Math.max(0, Math.floor(options.maxNodes));
      bound = startH;
      for (;;) {
        options.onIteration?.(bound, generated);
        if (bound > PATH_CAPACITY) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
        tiles.set(startTiles);
        lineCodes.set(startCodes);
        const result = search(startBlank, NO_MOVE, 0, startH);
        // A stopped search counted the child it refused to make.
        if (result === OUT_OF_NODES) return { moves: null, nodes: limit };
        if (result === FOUND) return { moves: path.slice(0, pathLength), nodes: generated };
        bound = result;
      }
    },

    estimate(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic): number {
      return loadBoard(board, goal, heuristic);
    },
  };
}
