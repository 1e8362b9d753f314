/**
 * Four in a line, the TypeScript twin of `assembly/fourLine.ts`: the same
 * two-source BFS over (board, side to move), the same move order, the same
 * ranked visited bitset and node counts. A board is `black | white << 16`.
 */
import type { FourLineAnswer, FourLineCore, FourLineSides } from '../contract.js';

/** Four rows, four columns, the two long diagonals. */
const LINES = [0x000f, 0x00f0, 0x0f00, 0xf000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248];
const NO_NEIGHBOUR = 255;

const binomials = new Int32Array(17 * 17);
/** Combinadic rank of every 16-bit subset (the same formula serves every subset size). */
const subsetRank = new Uint16Array(65536);
/** 8-bit parallel bit extract, indexed by `value | mask << 8`. */
const extractByte = new Uint8Array(65536);
/** 1 when a colour mask holds one of the 10 lines. */
const lineTable = new Uint8Array(65536);
/** Bits set in each byte, for the shift that joins the two extracted halves. */
const byteBits = new Uint8Array(256);
/** Each cell's neighbours in move order: up, down, left, right; NO_NEIGHBOUR ends the list. */
const neighbours = new Uint8Array(64);
let tablesReady = false;
/** Clearing a state's byte means ranking it again, about the cost of filling this many bytes. */
const FILL_BYTES_PER_STATE = 256;

function buildTables(): void {
  for (let n = 0; n <= 16; n++) {
    for (let k = 0; k <= 16; k++) {
      binomials[n * 17 + k] = k === 0 ? 1 : k > n ? 0 : binomials[(n - 1) * 17 + k - 1] + (k <= n - 1 ? binomials[(n - 1) * 17 + k] : 0);
    }
  }
  for (let mask = 0; mask < 65536; mask++) {
    let rank = 0;
    let order = 0;
    for (let cell = 0; cell < 16; cell++) {
      if ((mask >> cell) & 1) rank += binomials[cell * 17 + ++order];
    }
    subsetRank[mask] = rank;
    for (const line of LINES) if ((mask & line) === line) lineTable[mask] = 1;
  }
  for (let index = 0; index < 65536; index++) {
    const value = index & 0xff;
    const mask = index >> 8;
    let out = 0;
    let outBit = 0;
    for (let bit = 0; bit < 8; bit++) {
      if ((mask >> bit) & 1) out |= ((value >> bit) & 1) << outBit++;
    }
    extractByte[index] = out;
  }
  for (let byte = 0; byte < 256; byte++) byteBits[byte] = (byte & 1) + byteBits[byte >> 1];
  for (let cell = 0; cell < 16; cell++) {
    const around: number[] = [];
    if (cell >= 4) around.push(cell - 4);
    if (cell < 12) around.push(cell + 4);
    if ((cell & 3) !== 0) around.push(cell - 1);
    if ((cell & 3) !== 3) around.push(cell + 1);
    while (around.length < 4) around.push(NO_NEIGHBOUR);
    neighbours.set(around, cell * 4);
  }
  tablesReady = true;
}

function bitCount16(mask: number): number {
  return byteBits[mask & 0xff] + byteBits[mask >> 8];
}

export function twinFourLine(): FourLineCore {
  if (!tablesReady) buildTables();
  let visited = new Uint8Array(0);
  // Entries of two words: the packed board, then `parent << 9 | side << 8 | to << 4 | from`.
  let queue = new Uint32Array(0);
  /** A solve's visited byte per queued state (as in the wasm engine), while few enough to clear one by one. */
  const touched = new Int32Array(2048);
  let enqueued = 0;
  let dequeued = 0;

  /** Queue index of the first goal found (0 if the start has a line), or -1; `sides` may move first (bit 0 black, bit 1 white). */
  function search(cells: Uint8Array, stopAtGoal: boolean, sides: FourLineSides): number {
    let startBlack = 0;
    let startWhite = 0;
    for (let cell = 0; cell < 16; cell++) {
      if (cells[cell] === 1) startBlack |= 1 << cell;
      else if (cells[cell] === 2) startWhite |= 1 << cell;
    }
    enqueued = 0;
    dequeued = 0;
    if (stopAtGoal && lineTable[startBlack] | lineTable[startWhite]) return 0;

    const blackCount = bitCount16(startBlack);
    const whiteWays = binomials[(16 - blackCount) * 17 + bitCount16(startWhite)];
    const states = binomials[16 * 17 + blackCount] * whiteWays * 2;
    // All clear between searches (see clearVisited); a new, larger one starts clear.
    const visitedBytes = (states + 7) >> 3;
    if (visitedBytes > visited.length) visited = new Uint8Array(visitedBytes);
    if (2 * states > queue.length) queue = new Uint32Array(2 * states);

    const bits = visited;
    const entries = queue;
    const touchedLimit = Math.floor(visitedBytes / FILL_BYTES_PER_STATE);
    const rank = (black: number, white: number): number => {
      const free = ~black & 0xffff;
      const low = extractByte[(white & 0xff) | ((free & 0xff) << 8)];
      const high = extractByte[(white >> 8) | (free & 0xff00)];
      return subsetRank[black] * whiteWays + subsetRank[low | (high << byteBits[free & 0xff])];
    };

    const startIndex = rank(startBlack, startWhite) * 2;
    bits[startIndex >> 3] = sides << (startIndex & 7);
    touched[0] = touched[1] = startIndex >> 3;
    const startBoard = (startBlack | (startWhite << 16)) >>> 0;
    // The two sources, black then white to move; with one side, that side twice.
    entries[0] = startBoard;
    entries[1] = sides === 2 ? 1 << 8 : 0;
    entries[2] = startBoard;
    entries[3] = sides === 1 ? 0 : 1 << 8;

    let head = 0;
    let tail = 2;
    while (head < tail) {
      const packed = entries[2 * head];
      const side = (entries[2 * head + 1] >> 8) & 1;
      const parentLink = head << 9;
      head++;
      const black = packed & 0xffff;
      const white = packed >>> 16;
      const mover = side ? white : black;
      const childSide = side ^ 1;
      let empties = ~(black | white) & 0xffff;
      while (empties) {
        const to = 31 - Math.clz32(empties & -empties);
        empties &= empties - 1;
        const around = to << 2;
        for (let k = 0; k < 4; k++) {
          const from = neighbours[around + k];
          if (from === NO_NEIGHBOUR) break;
          if (((mover >> from) & 1) === 0) continue;
          const moved = mover ^ (1 << from) ^ (1 << to);
          const childBlack = side ? black : moved;
          const childWhite = side ? moved : white;
          const index = rank(childBlack, childWhite) * 2 + childSide;
          const bit = 1 << (index & 7);
          if (bits[index >> 3] & bit) continue;
          bits[index >> 3] |= bit;
          if (stopAtGoal && tail <= touchedLimit) touched[tail] = index >> 3;
          entries[2 * tail] = childBlack | (childWhite << 16);
          entries[2 * tail + 1] = parentLink | (childSide << 8) | (to << 4) | from;
          tail++;
          if (stopAtGoal && lineTable[moved]) {
            enqueued = tail;
            dequeued = head;
            clearVisited(tail, visitedBytes, rank, true);
            return tail - 1;
          }
        }
      }
    }
    enqueued = tail;
    dequeued = head;
    clearVisited(tail, visitedBytes, rank, stopAtGoal);
    return -1;
  }

  /**
   * Leaves the bitset all clear for the next search: the byte of each of the
   * `states` queued states (both sides of a board share a byte) when they are few,
   * as a solve's usually are, else one fill of the whole bitset.
   */
  function clearVisited(states: number, visitedBytes: number, rank: (black: number, white: number) => number, recorded: boolean): void {
    if (states * FILL_BYTES_PER_STATE >= visitedBytes) {
      visited.fill(0, 0, visitedBytes);
      return;
    }
    const bits = visited;
    if (recorded) {
      for (let i = 0; i < states; i++) bits[touched[i]] = 0;
      return;
    }
    const entries = queue;
    for (let i = 0; i < states; i++) {
      const packed = entries[2 * i];
      bits[(rank(packed & 0xffff, packed >>> 16) * 2) >> 3] = 0;
    }
  }

  function solveOne(cells: Uint8Array, sides: FourLineSides = 3): FourLineAnswer {
    const goal = search(cells, true, sides);
    const nodes = dequeued;
    if (goal < 0) return { moves: null, nodes };
    const moves: Array<[number, number]> = [];
    for (let index = goal; index >= 2; index = queue[2 * index + 1] >>> 9) {
      const link = queue[2 * index + 1];
      moves.push([link & 15, (link >> 4) & 15]);
    }
    moves.reverse();
    return { moves, nodes };
  }

  return {
    solve: solveOne,
    reachable(cells: Uint8Array): number {
      search(cells, false, 3);
      return enqueued;
    },
    solveBatch(boards: readonly Uint8Array[]): FourLineAnswer[] {
      return boards.map((cells) => solveOne(cells));
    },
  };
}
