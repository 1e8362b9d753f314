// Four in a line (Wikioi 1004): breadth-first search over (board, side to move),
// started from the board with black to move and with white to move.
//
// Scratch layout (offsets inside the 4096-byte buffer at scratchPointer()):
//   0..15    in:  the 16 cells, row-major, 0 empty, 1 black, 2 white
//   16..4095 out: fourLineSolve's moves, one (from, to) byte pair per move,
//            room for MAX_MOVES = 2040 (BFS levels measured on all kinds of counts stay under 50)
//
// A board is packed as `blackMask | whiteMask << 16` (bit i = cell 4 * row + col).
// The visited set is a bitset over `rank * 2 + side`, where rank numbers the boards
// with the board's own black and white counts (at most 16!/(5!5!6!) = 2,018,016),
// so it stays small and needs no hashing.
import { scratchPointer, setLastNodes } from './scratch';

const CELLS_OFFSET: usize = 0;
const MOVES_OFFSET: usize = 16;
const MAX_MOVES: i32 = (4096 - 16) >> 1;

// Queue entry: 8 bytes, the packed board then a link word
// `parentIndex << 9 | side << 8 | to << 4 | from`; parent indices stay below
// 2^22 (at most 2 * 2,018,016 states), so the link fits 32 bits. Entries 0 and 1
// are the two sources and have no move.
const ENTRY_BYTES: i32 = 8;
const NO_NEIGHBOUR: u8 = 255;

// Four rows, four columns, the two long diagonals.
const LINES: StaticArray<u32> = [0x000f, 0x00f0, 0x0f00, 0xf000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248];

// Built once: combinadic rank of every 16-bit subset (independent of the set's
// size), 8-bit parallel bit extract indexed by `value | mask << 8`, whether a
// colour mask holds one of the 10 lines, each cell's neighbours in move order
// (up, down, left, right; NO_NEIGHBOUR ends the list), binomials C(n, k), n, k <= 16.
let subsetRank: usize = 0;
let extractByte: usize = 0;
let lineTable: usize = 0;
let neighbours: usize = 0;
let binomials: usize = 0;

let visited: usize = 0;
let visitedCapacity: i32 = 0;
let queue: usize = 0;
let queueCapacity: i32 = 0;

// Set by search(): how many states were enqueued and dequeued.
let enqueued: i32 = 0;
let dequeued: i32 = 0;

@inline function binomial(n: i32, k: i32): i32 {
  return load<i32>(binomials + (((n * 17 + k) as usize) << 2));
}

function buildTables(): void {
  binomials = heap.alloc(17 * 17 * 4);
  for (let n = 0; n <= 16; n++) {
    for (let k = 0; k <= 16; k++) {
      let value = 0;
      if (k == 0) value = 1;
      else if (k <= n) value = binomial(n - 1, k - 1) + (k <= n - 1 ? binomial(n - 1, k) : 0);
      store<i32>(binomials + (((n * 17 + k) as usize) << 2), value);
    }
  }

  subsetRank = heap.alloc(65536 * 2);
  lineTable = heap.alloc(65536);
  for (let mask: u32 = 0; mask < 65536; mask++) {
    let rank = 0;
    let order = 0;
    for (let cell = 0; cell < 16; cell++) {
      if ((mask >> cell) & 1) {
        order++;
        rank += binomial(cell, order);
      }
    }
    store<u16>(subsetRank + ((mask as usize) << 1), rank as u16);
    let line: u8 = 0;
    for (let i = 0; i < 10; i++) {
      const lineMask = unchecked(LINES[i]);
      if ((mask & lineMask) == lineMask) line = 1;
    }
    store<u8>(lineTable + mask, line);
  }

  extractByte = heap.alloc(65536);
  for (let index: u32 = 0; index < 65536; index++) {
    const value = index & 0xff;
    const mask = index >> 8;
    let out: u32 = 0;
    let outBit = 0;
    for (let bit = 0; bit < 8; bit++) {
      if ((mask >> bit) & 1) {
        out |= ((value >> bit) & 1) << outBit;
        outBit++;
      }
    }
    store<u8>(extractByte + index, out as u8);
  }

  neighbours = heap.alloc(16 * 4);
  for (let cell = 0; cell < 16; cell++) {
    let count = 0;
    const at = neighbours + ((cell as usize) << 2);
    if (cell >= 4) store<u8>(at + count++, (cell - 4) as u8);
    if (cell < 12) store<u8>(at + count++, (cell + 4) as u8);
    if ((cell & 3) != 0) store<u8>(at + count++, (cell - 1) as u8);
    if ((cell & 3) != 3) store<u8>(at + count++, (cell + 1) as u8);
    while (count < 4) store<u8>(at + count++, NO_NEIGHBOUR);
  }
}

// Rank of (black, white) among boards with the same counts: black's subset rank,
// then white's rank among the cells black leaves free.
@inline function boardRank(black: u32, white: u32, whiteWays: u32): u32 {
  const free = ~black & 0xffff;
  const low = <u32>load<u8>(extractByte + ((white & 0xff) | ((free & 0xff) << 8)));
  const high = <u32>load<u8>(extractByte + ((white >> 8) | (free & 0xff00)));
  const compressed = low | (high << popcnt<u32>(free & 0xff));
  return <u32>load<u16>(subsetRank + (black << 1)) * whiteWays + <u32>load<u16>(subsetRank + (compressed << 1));
}

function readBoard(): u32 {
  const cells = scratchPointer() + CELLS_OFFSET;
  let black: u32 = 0;
  let white: u32 = 0;
  for (let cell: u32 = 0; cell < 16; cell++) {
    const code = load<u8>(cells + cell);
    if (code == 1) black |= 1 << cell;
    else if (code == 2) white |= 1 << cell;
  }
  return black | (white << 16);
}

// Returns the queue index of the first goal state found (0 when the start has
// a line), or -1 if none (always -1 when !stopAtGoal).
function search(board: u32, stopAtGoal: bool): i32 {
  if (binomials == 0) buildTables();
  const startBlack = board & 0xffff;
  const startWhite = board >> 16;
  enqueued = 0;
  dequeued = 0;
  if (stopAtGoal && (load<u8>(lineTable + startBlack) | load<u8>(lineTable + startWhite))) return 0;

  const blackCount = <i32>popcnt<u32>(startBlack);
  const whiteWays = <u32>binomial(16 - blackCount, <i32>popcnt<u32>(startWhite));
  const states = binomial(16, blackCount) * <i32>whiteWays * 2;

  const visitedBytes = (states + 7) >> 3;
  if (visitedBytes > visitedCapacity) {
    if (visited) heap.free(visited);
    visited = heap.alloc(<usize>visitedBytes);
    visitedCapacity = visitedBytes;
  }
  memory.fill(visited, 0, <usize>visitedBytes);
  if (states > queueCapacity) {
    if (queue) heap.free(queue);
    queue = heap.alloc(<usize>states * ENTRY_BYTES);
    queueCapacity = states;
  }

  const startIndex = boardRank(startBlack, startWhite, whiteWays) << 1;
  store<u8>(visited + (startIndex >> 3), <u32>3 << (startIndex & 7));
  store<u32>(queue, board);
  store<u32>(queue, 0, 4);
  store<u32>(queue, board, 8);
  store<u32>(queue, 1 << 8, 12);

  const visitedBits = visited;
  const queueBase = queue;
  const lines = lineTable;
  const neighbourBase = neighbours;
  let head: u32 = 0;
  let tail: u32 = 2;
  while (head < tail) {
    const entry = queueBase + (<usize>head << 3);
    const packed = load<u32>(entry);
    const side = (load<u32>(entry, 4) >> 8) & 1;
    const parentLink = head << 9;
    head++;
    const black = packed & 0xffff;
    const white = packed >> 16;
    const mover = side ? white : black;
    const childSide = side ^ 1;
    let empties = ~(black | white) & 0xffff;
    while (empties) {
      const to = ctz<u32>(empties);
      empties &= empties - 1;
      const around = neighbourBase + (<usize>to << 2);
      for (let k: usize = 0; k < 4; k++) {
        const from = <u32>load<u8>(around + k);
        if (from == NO_NEIGHBOUR) break;
        if (((mover >> from) & 1) == 0) continue;
        const moved = mover ^ (1 << from) ^ (1 << to);
        const childBlack = side ? black : moved;
        const childWhite = side ? moved : white;
        const index = (boardRank(childBlack, childWhite, whiteWays) << 1) | childSide;
        const byte = visitedBits + (index >> 3);
        const bits = <u32>load<u8>(byte);
        const bit = <u32>1 << (index & 7);
        if (bits & bit) continue;
        store<u8>(byte, bits | bit);
        const slot = queueBase + (<usize>tail << 3);
        store<u32>(slot, childBlack | (childWhite << 16));
        store<u32>(slot, parentLink | (childSide << 8) | (to << 4) | from, 4);
        tail++;
        if (stopAtGoal && load<u8>(lines + moved)) {
          enqueued = tail;
          dequeued = head;
          return tail - 1;
        }
      }
    }
  }
  enqueued = tail;
  dequeued = head;
  return -1;
}

/** Solves the board in scratch; returns the number of moves (written to scratch) or -1 if no line is reachable. */
export function fourLineSolve(): i32 {
  const goal = search(readBoard(), true);
  setLastNodes(dequeued);
  if (goal < 0) return -1;
  let length = 0;
  for (let index = goal; index >= 2; index = <i32>(load<u32>(queue + (<usize>index << 3), 4) >> 9)) length++;
  // Unreachable in practice (BFS depths on 4x4 stay far below); keeps writes inside scratch.
  if (length > MAX_MOVES) return -1;
  const moves = scratchPointer() + MOVES_OFFSET;
  let at = length;
  for (let index = goal; index >= 2; ) {
    const link = load<u32>(queue + (<usize>index << 3), 4);
    at--;
    store<u8>(moves + (<usize>at << 1), <u8>(link & 15));
    store<u8>(moves + (<usize>at << 1) + 1, <u8>((link >> 4) & 15));
    index = <i32>(link >> 9);
  }
  return length;
}

/** Counts the (board, side to move) states reachable from the board in scratch with either side first. */
export function fourLineReachable(): i32 {
  search(readBoard(), false);
  setLastNodes(dequeued);
  return enqueued;
}
