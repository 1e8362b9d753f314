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
import { FourLine } from './abi';
import { scratchPointer, setLastNodes } from './scratch';

const CELLS_OFFSET: usize = FourLine.CELLS_AT;
const MOVES_OFFSET: usize = FourLine.MOVES_AT;
const MAX_MOVES: i32 = FourLine.MAX_MOVES;

// Queue entry: 8 bytes, the packed board then a link word
// `parentIndex << 9 | side << 8 | to << 4 | from`; parent indices stay below
// 2^22 (at most 2 * 2,018,016 states), so the link fits 32 bits. Entries 0 and 1
// are the two sources and have no move.
const ENTRY_BYTES: i32 = 8;

// Four rows, four columns, the two long diagonals.
const LINES: StaticArray<u32> = [0x000f, 0x00f0, 0x0f00, 0xf000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248];

// Built once: combinadic rank of every 16-bit subset (independent of the set's
// size), 8-bit parallel bit extract indexed by `value | mask << 8`, whether a
// colour mask holds one of the 10 lines, binomials C(n, k), n, k <= 16.
let subsetRank: usize = 0;
let extractByte: usize = 0;
let lineTable: usize = 0;
let binomials: usize = 0;
// u64 per byte value: bit k moved to bit 4k (see spreadToNibbles). moveOffsets:
// the step from a cell to its neighbour up, down, left, right (the move order).
let nibbleSpread: usize = 0;
const moveOffsets: usize = memory.data<i8>([-4, 4, -1, 1]);

let visited: usize = 0;
// u32 per state: its byte in visited (see search). Room for the most states a
// solve clears one by one: (2 * 2,018,016 / 8) / FILL_BYTES_PER_STATE < 1971.
const touchedBytes: usize = memory.data(2048 * 4);
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

  nibbleSpread = heap.alloc(256 * 8);
  for (let byte: u32 = 0; byte < 256; byte++) {
    let spread: u64 = 0;
    for (let bit: u32 = 0; bit < 8; bit++) spread |= <u64>((byte >> bit) & 1) << (bit << 2);
    store<u64>(nibbleSpread + (<usize>byte << 3), spread);
  }
}

// Rank of (black, white) among boards with the same counts: black's subset rank,
// then white's rank among the cells black leaves free.
@inline function boardRank(black: u32, white: u32, whiteWays: u32): u32 {
  const compressed = compressWhite(white, ~black & 0xffff);
  return <u32>load<u16>(subsetRank + (black << 1)) * whiteWays + <u32>load<u16>(subsetRank + (compressed << 1));
}

// A 16-cell mask with bit k moved to bit 4k, leaving room for a direction in each nibble.
@inline function spreadToNibbles(mask: u32): u64 {
  return load<u64>(nibbleSpread + (<usize>(mask & 0xff) << 3)) |
    (load<u64>(nibbleSpread + (<usize>(mask >> 8) << 3)) << 32);
}

// White's cells renumbered by their position among the `free` cells (bit k set
// when the k-th free cell is white): a parallel bit extract, one byte at a time.
@inline function compressWhite(white: u32, free: u32): u32 {
  const low = <u32>load<u8>(extractByte + ((white & 0xff) | ((free & 0xff) << 8)));
  const high = <u32>load<u8>(extractByte + ((white >> 8) | (free & 0xff00)));
  return low | (high << popcnt<u32>(free & 0xff));
}

// The 16 cell codes read as two words, 8 cells each, without a branch per cell
// (random boards make each one a coin flip): a cell is black when its byte
// equals 1, white when it equals 2, as in a byte-by-byte read.
function readBoard(): u32 {
  const cells = scratchPointer() + CELLS_OFFSET;
  const low = load<u64>(cells);
  const high = load<u64>(cells, 8);
  const black = cellsEqual(low, 0x0101010101010101) | (cellsEqual(high, 0x0101010101010101) << 8);
  const white = cellsEqual(low, 0x0202020202020202) | (cellsEqual(high, 0x0202020202020202) << 8);
  return black | (white << 16);
}

// Bit k set when byte k of `cells` equals byte k of `code`.
@inline function cellsEqual(cells: u64, code: u64): u32 {
  const diff = cells ^ code;
  // 0x80 in each byte of diff that is zero (exact: no borrow runs between bytes).
  const zero = ~(((diff & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f) | diff) & 0x8080808080808080;
  // Gathers the 8 flags (bit 8k, after the shift) into the top byte.
  return <u32>(((zero >> 7) * 0x0102040810204080) >> 56);
}

// Returns the queue index of the first goal state found (0 when the start has
// a line), or -1 if none (always -1 when !stopAtGoal). `sides`: which side may
// move first, bit 0 black, bit 1 white (3: either, as the judge has it; one
// side for a hint, after a move has fixed whose turn it is).
@inline function search(board: u32, stopAtGoal: bool, sides: u32): i32 {
  if (binomials == 0) buildTables();
  const startBlack = board & 0xffff;
  const startWhite = board >> 16;
  enqueued = 0;
  dequeued = 0;
  if (stopAtGoal && (load<u8>(lineTable + startBlack) | load<u8>(lineTable + startWhite))) return 0;

  const blackCount = <i32>popcnt<u32>(startBlack);
  const whiteWays = <u32>binomial(16 - blackCount, <i32>popcnt<u32>(startWhite));
  const states = binomial(16, blackCount) * <i32>whiteWays * 2;

  // The bitset is all clear between searches (see clearVisited), so only a new,
  // larger one needs a fill here.
  // From the heap: at most 2 x 2,018,016 states, bounded by construction (./memory's map).
  const visitedBytes = (states + 7) >> 3;
  if (visitedBytes > visitedCapacity) {
    if (visited) heap.free(visited);
    visited = heap.alloc(<usize>visitedBytes);
    visitedCapacity = visitedBytes;
    memory.fill(visited, 0, <usize>visitedBytes);
  }
  // One spare entry: the search writes every child at the tail, new or not.
  if (states + 1 > queueCapacity) {
    if (queue) heap.free(queue);
    queue = heap.alloc(<usize>(states + 1) * ENTRY_BYTES);
    queueCapacity = states + 1;
  }

  const startIndex = boardRank(startBlack, startWhite, whiteWays) << 1;
  store<u8>(visited + (startIndex >> 3), sides << (startIndex & 7));
  // The two sources, black then white to move; with one side, that side twice
  // (its second expansion finds every child seen: no new states).
  store<u32>(queue, board);
  store<u32>(queue, select<u32>(1 << 8, 0, sides == 2), 4);
  store<u32>(queue, board, 8);
  store<u32>(queue, select<u32>(0, 1 << 8, sides == 1), 12);

  // Solve only: the states' visited bytes in queue order, up to the count past
  // which clearVisited fills the whole bitset anyway.
  const touchedLimit = <u32>(visitedBytes / FILL_BYTES_PER_STATE);
  if (stopAtGoal) {
    store<u32>(touchedBytes, startIndex >> 3);
    store<u32>(touchedBytes, startIndex >> 3, 4);
  }
  const visitedBits = visited;
  const queueBase = queue;
  const lines = lineTable;
  let head: u32 = 0;
  let tail: u32 = 2;
  while (head < tail) {
    const entry = queueBase + (<usize>head << 3);
    const packed = load<u32>(entry);
    const side = (load<u32>(entry, 4) >> 8) & 1;
    const parentLink = (head << 9) | ((side ^ 1) << 8);
    head++;
    const black = packed & 0xffff;
    const white = packed >> 16;
    const mover = side ? white : black;
    const childSide = side ^ 1;
    // Where the mover's bit sits in the packed board.
    const moverShift = side << 4;
    const free = ~black & 0xffff;
    const empties = free & ~white;
    // The parent's white subset compressed onto the cells black leaves free, made
    // once here: each child's is derived from it by moving bits (see below) rather
    // than extracted again, so a child costs popcnts and small lookups.
    const whiteCompressed = compressWhite(white, free);
    // A white move keeps black's subset, so its part of the rank is shared.
    const blackPart = <u32>load<u16>(subsetRank + (black << 1)) * whiteWays;
    // Every move as one bit, 4 * to + direction (up, down, left, right: the cell
    // the piece comes from is above, below, left, right of `to`), so that one ctz
    // loop walks the moves in order, by `to` then direction, with one branch per
    // move. The masks keep left and right moves from wrapping across rows.
    const fromAbove = empties & (mover << 4);
    const fromBelow = empties & (mover >> 4);
    const fromLeft = empties & ((mover & 0x7777) << 1);
    const fromRight = empties & ((mover & 0xeeee) >> 1);
    let moves = spreadToNibbles(fromAbove) | (spreadToNibbles(fromBelow) << 1) |
      (spreadToNibbles(fromLeft) << 2) | (spreadToNibbles(fromRight) << 3);
    while (moves) {
      const move = <u32>ctz<u64>(moves);
      moves &= moves - 1;
      const to = move >> 2;
      const from = to + <u32>load<i8>(moveOffsets + <usize>(move & 3));
      const moveBits = (<u32>1 << from) | (<u32>1 << to);
      const moved = mover ^ moveBits;
      // Positions of `to` and `from` among the parent's free cells.
      const toPosition = popcnt<u32>(free & ((<u32>1 << to) - 1));
      const fromPosition = popcnt<u32>(free & ((<u32>1 << from) - 1));
      let rank: u32;
      if (side) {
        // White moves within the same free cells: its compressed bit moves from
        // `from`'s position to `to`'s.
        const childCompressed = whiteCompressed ^ (<u32>1 << fromPosition) ^ (<u32>1 << toPosition);
        rank = blackPart + <u32>load<u16>(subsetRank + (childCompressed << 1));
      } else {
        // Black frees `from` and fills `to`: only the free cells strictly between
        // them change position, by one, up when `from` < `to` (they gain `from`
        // below them), down otherwise. Their compressed bits are positions
        // fromPosition..toPosition-1, or toPosition+1..fromPosition-1; adding
        // the bits doubles them (bit toPosition is clear: `to` is empty), a
        // halved subtraction halves them. Both ranges are empty for a sideways move.
        const up = whiteCompressed + (whiteCompressed & ((<u32>1 << toPosition) - (<u32>1 << fromPosition)));
        const down = whiteCompressed - ((whiteCompressed & ((<u32>1 << fromPosition) - (<u32>2 << toPosition))) >> 1);
        const childCompressed = select<u32>(up, down, from < to);
        rank = <u32>load<u16>(subsetRank + (moved << 1)) * whiteWays + <u32>load<u16>(subsetRank + (childCompressed << 1));
      }
      // Branch-free visit: whether the child is new is a coin flip to the branch
      // predictor, so the child is always marked and written at the tail, and
      // the tail only advances over a new one (the queue has a spare slot for
      // the last write).
      const index = (rank << 1) | childSide;
      const byte = visitedBits + (index >> 3);
      const bits = <u32>load<u8>(byte);
      const isNew = ((bits >> (index & 7)) & 1) ^ 1;
      store<u8>(byte, bits | (<u32>1 << (index & 7)));
      const slot = queueBase + (<usize>tail << 3);
      store<u32>(slot, packed ^ (moveBits << moverShift));
      store<u32>(slot, parentLink | (to << 4) | from, 4);
      if (stopAtGoal) {
        // Past touchedLimit the last slot is overwritten at will: clearVisited fills then.
        store<u32>(touchedBytes + (<usize>min(tail, touchedLimit) << 2), index >> 3);
      }
      tail += isNew;
      if (stopAtGoal && (isNew & <u32>load<u8>(lines + moved))) {
        enqueued = tail;
        dequeued = head;
        clearVisited(tail, visitedBytes, whiteWays, true);
        return tail - 1;
      }
    }
  }
  enqueued = tail;
  dequeued = head;
  clearVisited(tail, visitedBytes, whiteWays, stopAtGoal);
  return -1;
}

// Clearing a state's byte means ranking it again, which costs about as much as
// filling this many bytes: past that, one fill of the whole bitset is cheaper.
const FILL_BYTES_PER_STATE: i32 = 256;

// Leaves the bitset all clear for the next search. A solve usually touches a few
// hundred of its ~100 KB, so it clears the byte of each state in the queue (both
// sides of a board share a byte); a large search fills the whole bitset instead.
// A solve has the byte offsets recorded (see touchedBytes) and clears them
// without ranking the states again.
function clearVisited(states: u32, visitedBytes: i32, whiteWays: u32, recorded: bool): void {
  if (<i32>states * FILL_BYTES_PER_STATE >= visitedBytes) {
    memory.fill(visited, 0, <usize>visitedBytes);
    return;
  }
  const visitedBits = visited;
  if (recorded) {
    for (let i: u32 = 0; i < states; i++) store<u8>(visitedBits + <usize>load<u32>(touchedBytes + (<usize>i << 2)), 0);
    return;
  }
  const end = queue + (<usize>states << 3);
  for (let entry = queue; entry < end; entry += ENTRY_BYTES) {
    const packed = load<u32>(entry);
    const index = boardRank(packed & 0xffff, packed >> 16, whiteWays) << 1;
    store<u8>(visitedBits + (index >> 3), 0);
  }
}

/**
 * Solves the board in scratch: writes the moves to scratch and returns
 * `nodes * 4096 + (length + 1)`, length -1 if no line is reachable (nodes <= 2^22,
 * length <= MAX_MOVES < 4095), so that the host learns both from one call;
 * lastNodes() reports the same count.
 */
export function fourLineSolve(): f64 {
  return fourLineSolveSides(3);
}

/** fourLineSolve with `sides` (bit 0 black, bit 1 white) the sides that may move first. */
export function fourLineSolveSides(sides: u32): f64 {
  const goal = search(readBoard(), true, sides);
  const nodes = <f64>dequeued;
  setLastNodes(nodes);
  if (goal < 0) return nodes * 4096;
  let length = 0;
  for (let index = goal; index >= 2; index = <i32>(load<u32>(queue + (<usize>index << 3), 4) >> 9)) length++;
  // Unreachable in practice (BFS depths on 4x4 stay far below); keeps writes inside scratch.
  if (length > MAX_MOVES) return nodes * 4096;
  const moves = scratchPointer() + MOVES_OFFSET;
  let at = length;
  for (let index = goal; index >= 2; ) {
    const link = load<u32>(queue + (<usize>index << 3), 4);
    at--;
    store<u8>(moves + (<usize>at << 1), <u8>(link & 15));
    store<u8>(moves + (<usize>at << 1) + 1, <u8>((link >> 4) & 15));
    index = <i32>(link >> 9);
  }
  return nodes * 4096 + <f64>(length + 1);
}

/** Counts the (board, side to move) states reachable from the board in scratch with either side first. */
export function fourLineReachable(): i32 {
  search(readBoard(), false, 3);
  setLastNodes(dequeued);
  return enqueued;
}

// A whole batch in one call. `count` slots of BATCH_SLOT_BYTES from `slots` (an
// address in the batch buffer, see ./batch): the host writes a board's 16 cell
// codes at slot bytes 0..15; this writes its answer as fourLineSolve's packed
// f64 at slot byte 16 and the moves (byte pairs from, to) from slot byte 24.
// A path longer than BATCH_SLOT_MOVES (none seen on 4x4) gets length code 4095,
// and the host solves that board again alone. Returns the batch's nodes.
const BATCH_SLOT_BYTES: usize = FourLine.SLOT_BYTES;
const BATCH_SLOT_MOVES: i32 = FourLine.SLOT_MAX_MOVES;
const BATCH_TOO_LONG: f64 = FourLine.TOO_LONG;
const LENGTH_RANGE: f64 = FourLine.LENGTH_RANGE;

export function fourLineSolveBatch(slots: usize, count: i32): f64 {
  const cells = scratchPointer() + CELLS_OFFSET;
  const moves = scratchPointer() + MOVES_OFFSET;
  let total: f64 = 0;
  for (let slot = slots, end = slots + <usize>count * BATCH_SLOT_BYTES; slot < end; slot += BATCH_SLOT_BYTES) {
    store<u64>(cells, load<u64>(slot));
    store<u64>(cells, load<u64>(slot, 8), 8);
    let packed = fourLineSolve();
    const length = <i32>(packed % LENGTH_RANGE) - 1;
    const nodes = (packed - <f64>(length + 1)) / LENGTH_RANGE;
    total += nodes;
    if (length > BATCH_SLOT_MOVES) {
      packed = nodes * LENGTH_RANGE + BATCH_TOO_LONG;
    } else if (length > 0) {
      memory.copy(slot + <usize>FourLine.SLOT_MOVES_AT, moves, <usize>length << 1);
    }
    store<f64>(slot, packed, FourLine.SLOT_RESULT_AT);
  }
  setLastNodes(total);
  return total;
}
