// Sliding tiles on small boards: parity test, permutation ranking, and the
// exhaustive searches (BFS, bidirectional BFS, A*) over ranked states.
//
// A board of n <= MAX_RANKED_CELLS cells is a permutation of 0..n-1 (tiles[position],
// 0 the blank), so its Lehmer rank indexes a table of n! entries: one byte per
// state for how it was reached, instead of a hash set of boards. The BFS queues hold
// each board itself, packed 4 bits a cell in a u64 beside its rank, so a child comes
// from its parent by shifts and popcounts (see packedChild); A*'s open list holds
// ranks, and a state's board is rebuilt by unranking when it is expanded.
//
// Scratch layout (bytes from scratchPointer(), see ./scratch):
//   0..31     start board, one byte per position (up to 25 cells: the parity test
//             takes any board up to 5x5)
//   32..63    goal board, same layout
//   64..4095  output: slidingSolve writes the path there, one move byte each
//             (0 u, 1 d, 2 l, 3 r); slidingDistances writes one u32 count per distance.
//
// Everything here must stay step-for-step identical to src/twin/sliding.ts: same
// move order, same queue discipline, same open-list keys, same node counting.

import { Sliding } from './abi';
import { lastNodes, setLastNodes, scratchPointer } from './scratch';
import { local } from './instance';

const START_OFFSET: usize = Sliding.START_AT;
const GOAL_OFFSET: usize = Sliding.GOAL_AT;
const OUTPUT_OFFSET: usize = Sliding.OUTPUT_AT;

const MAX_SIDE: i32 = 5;
const MAX_RANKED_CELLS: i32 = 10;
const MAX_PERMUTATION: i32 = Sliding.MAX_PERMUTATION;

const ALGORITHM_BFS: i32 = Sliding.ALGORITHM_BFS;
const ALGORITHM_BIBFS: i32 = Sliding.ALGORITHM_BIBFS;
const ALGORITHM_ASTAR: i32 = Sliding.ALGORITHM_ASTAR;

// Codes in the per-rank table: 0 = not reached, move + 1 = reached by that blank
// move from its parent, ROOT = where its search started. Bidirectional search keeps
// the forward side's code in bits 0..2 and the backward side's in bits 3..5, so one
// byte answers both "seen by me?" and "seen by the other side?".
const UNSEEN: u32 = 0;
const ROOT: u32 = 5;
const SIDE_BITS: u32 = 3;
const SIDE_MASK: u32 = 7;
const NO_NEIGHBOUR: u32 = 0xff;
// Cost table entry of a state A* has not reached; larger than any real g.
const COST_UNSEEN: u8 = 0xff;

// A* open-list key, one u64 that orders by f ascending, then g descending (deeper
// first, which reaches the goal sooner among equals), then rank ascending. Keys are
// unique per (state, g), so every correct heap pops the same sequence, and the twin
// (which holds the same integers exactly in f64) pops it too.
const RANK_BITS: u64 = 22; // 10! < 2^22
const RANK_MASK: u64 = (1 << RANK_BITS) - 1;
const G_BITS: u64 = 7; // no board of <= 10 cells is 128 moves from its goal
const G_MAX: u64 = (1 << G_BITS) - 1;
const F_SHIFT: u64 = RANK_BITS + G_BITS;

const factorials: usize = memory.data<u32>([
  1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
]);

// The board being expanded (and the round-trip test's permutation), its Lehmer
// digits, and the weight (n-1-position)! of each position for the current board size.
const board: usize = memory.data(16);
const digits: usize = memory.data(16);
const weights: usize = memory.data(4 * MAX_RANKED_CELLS);
// neighbours[4 * position + move]: where the blank lands, or NO_NEIGHBOUR. These
// and the weights are rebuilt only when the board size changes (tablesWidth/Height).
const neighbours: usize = memory.data(MAX_RANKED_CELLS * 4);
// moveTargets[4 * position + move]: the same, but the position itself for a move off
// the board, whose "child" is then the state itself (see packedChild).
const moveTargets: usize = memory.data(MAX_RANKED_CELLS * 4);
let tablesWidth: i32 = 0;
let tablesHeight: i32 = 0;
// manhattan[MAX_RANKED_CELLS * tile + position]: the tile's distance from there to its goal cell.
const manhattan: usize = memory.data(MAX_RANKED_CELLS * MAX_RANKED_CELLS);

// Per-rank tables and queues: allocated on first use at the size asked for, kept,
// and replaced only when a larger board needs more. Only the used prefix is cleared.
let codes: usize = 0; // u8 per rank
let codesCapacity: usize = 0;
let costs: usize = 0; // u8 g per rank (A*)
let costsCapacity: usize = 0;
let queue: usize = 0; // u64 packed boards (see RANK_SHIFT); bidirectional search uses both halves
let queueCapacity: usize = 0;
let openList: usize = 0; // u64 keys, binary min-heap (A*)
let openCapacity: usize = 0;
let openSize: usize = 0;

// Bidirectional search's layer expansion reports here besides its return value.
let layerEnd: usize = 0;
let meetingRank: u32 = 0;
let met: bool = false;

@inline
function factorial(k: i32): u32 {
  return load<u32>(factorials + (<usize>k << 2));
}

// The ranked searches' arrays come from the heap: at most 10! states
// (MAX_RANKED_CELLS), bounded by construction (./memory's map).
function reserveCodes(count: usize): void {
  if (count <= codesCapacity) return;
  if (codes != 0) heap.free(codes);
  codes = heap.alloc(count);
  codesCapacity = count;
}

function reserveCosts(count: usize): void {
  if (count <= costsCapacity) return;
  if (costs != 0) heap.free(costs);
  costs = heap.alloc(count);
  costsCapacity = count;
}

// Spare entries past a queue's end for visit's unconditional write.
const QUEUE_SLACK: usize = 1;

function reserveQueue(count: usize): void {
  if (count <= queueCapacity) return;
  if (queue != 0) heap.free(queue);
  queue = heap.alloc((count + QUEUE_SLACK) << 3);
  queueCapacity = count;
}

function reserveOpenList(count: usize): void {
  if (count <= openCapacity) return;
  if (openList != 0) heap.free(openList);
  openList = heap.alloc(count << 3);
  openCapacity = count;
}

// Lehmer rank: digit i counts the later items smaller than item i, which are the
// smaller values not seen yet. The last digit is always 0.
@inline
function rankCells(cells: usize, n: i32): u32 {
  let seen: u32 = 0;
  let rank: u32 = 0;
  for (let i = 0; i < n - 1; i++) {
    const value = <u32>load<u8>(cells + <usize>i);
    const smallerUnseen = value - popcnt<u32>(seen & ((<u32>1 << value) - 1));
    rank += smallerUnseen * factorial(n - 1 - i);
    seen |= <u32>1 << value;
  }
  return rank;
}

// Division by k! as a multiply and shift (exact for every dividend below 2^29 > 12!),
// because unranking sits in every expansion and an integer divide per digit costs
// more than the rest of it.
const DIVIDEND_BITS: u64 = 29;
const reciprocals: usize = memory.data(8 * (MAX_PERMUTATION + 1));
const reciprocalShifts: usize = memory.data(8 * (MAX_PERMUTATION + 1));
let reciprocalsReady: bool = false;

function prepareReciprocals(): void {
  if (reciprocalsReady) return;
  for (let k = 0; k <= MAX_PERMUTATION; k++) {
    const divisor = <u64>factorial(k);
    const shift = DIVIDEND_BITS + (64 - clz<u64>(divisor - 1));
    store<u64>(local(reciprocals) + (<usize>k << 3), ((<u64>1 << shift) + divisor - 1) / divisor);
    store<u64>(local(reciprocalShifts) + (<usize>k << 3), shift);
  }
  reciprocalsReady = true;
}

@inline
function divideByFactorial(value: u32, k: i32): u32 {
  const at = <usize>k << 3;
  return <u32>((<u64>value * load<u64>(local(reciprocals) + at)) >> load<u64>(local(reciprocalShifts) + at));
}

// selections[16 * mask + k]: position of the k-th lowest set bit of a 12-bit mask.
// A lookup keeps the unranking's dependency chain (each value depends on the values
// already used) to one load per item.
const selections: usize = memory.data(16 << MAX_PERMUTATION);
let selectionsReady: bool = false;

function prepareSelections(): void {
  if (selectionsReady) return;
  for (let mask: u32 = 1; mask < (<u32>1 << MAX_PERMUTATION); mask++) {
    let rest = mask;
    let k: usize = 0;
    while (rest != 0) {
      store<u8>(local(selections) + (<usize>mask << 4) + k, <u8>ctz<u32>(rest));
      rest &= rest - 1;
      k++;
    }
  }
  selectionsReady = true;
}

@inline
function selectBit(mask: u32, k: u32): u32 {
  return <u32>load<u8>(local(selections) + (<usize>mask << 4) + <usize>k);
}

// Writes the permutation of rank `rank` at `cells` and its Lehmer digits at
// `digits`; returns the position of value 0 (the blank).
@inline
function unrankCells(rank: u32, n: i32, cells: usize): i32 {
  let unused: u32 = (<u32>1 << n) - 1;
  let blank: i32 = n - 1;
  for (let i = 0; i < n - 1; i++) {
    const k = n - 1 - i;
    const digit = divideByFactorial(rank, k);
    rank -= digit * factorial(k);
    const value = selectBit(unused, digit);
    store<u8>(cells + <usize>i, <u8>value);
    store<u8>(local(digits) + <usize>i, <u8>digit);
    blank = select<i32>(i, blank, value == 0);
    unused ^= <u32>1 << value;
  }
  store<u8>(cells + <usize>(n - 1), <u8>ctz<u32>(unused));
  store<u8>(local(digits) + <usize>(n - 1), 0);
  return blank;
}

// Rank of `board` (whose rank is `rank`, digits in `digits`) after the blank moves
// from `blank` to `target`, without touching the board. Only the digits of the two
// cells and of the cells between them change: the tile's own digit moves to the
// blank's cell (plus 1 for the blank it passes, rightward, or minus 1, leftward), the
// blank's becomes 0, and each cell between gains (moving right) or loses (moving
// left) 1 exactly when its tile is smaller than the moving one. O(width), not O(n).
@inline
function childRank(rank: u32, blank: i32, target: i32): u32 {
  const tile = load<u8>(local(board) + <usize>target);
  const tileDigit = <u32>load<u8>(local(digits) + <usize>target);
  const blankWeight = load<u32>(local(weights) + (<usize>blank << 2));
  const targetWeight = load<u32>(local(weights) + (<usize>target << 2));
  if (target > blank) {
    let child = rank + (tileDigit + 1) * blankWeight - tileDigit * targetWeight;
    for (let between = blank + 1; between < target; between++) {
      const gain = blankWeight + load<u32>(local(weights) + (<usize>between << 2));
      child += select<u32>(gain, 0, load<u8>(local(board) + <usize>between) < tile);
    }
    return child;
  }
  let child = rank + (tileDigit - 1) * blankWeight - tileDigit * targetWeight;
  for (let between = target + 1; between < blank; between++) {
    const loss = blankWeight + load<u32>(local(weights) + (<usize>between << 2));
    child -= select<u32>(loss, 0, load<u8>(local(board) + <usize>between) < tile);
  }
  return child;
}

// Packed boards, the BFS queue entries: cell p in bits 4p..4p+3 (the blank 0), the
// rank from bit RANK_SHIFT up (10 cells take 40 bits and 10! < 2^22: 62 bits in all).
const RANK_SHIFT: u64 = 40;
const BOARD_MASK: u64 = (<u64>1 << RANK_SHIFT) - 1;
const CELL_LOW_BITS: u64 = 0x7777777777;
const CELL_HIGH_BITS: u64 = 0x8888888888;
const EVEN_CELLS: u64 = 0x0f0f0f0f0f;
const LANE_ONES: u64 = 0x0101010101;
const LANE_HIGH_BITS: u64 = 0x8080808080;
// laterCells[p]: the high bit of every cell after p on the current board size.
const laterCells: usize = memory.data(8 * MAX_RANKED_CELLS);

function packCells(cells: usize, n: i32): u64 {
  let packed: u64 = 0;
  for (let position = 0; position < n; position++) {
    packed |= <u64>load<u8>(cells + <usize>position) << (<u64>position << 2);
  }
  return packed;
}

// Position of the blank, the one zero cell below the board size (the unused cells
// above are zero too, but higher). A cell's high bit ends up set exactly when the cell
// is non-zero: its low three bits plus 7 carry into it without leaving the cell.
// Rank bits above the board are masked off by the constants.
@inline
function blankOf(packed: u64): i32 {
  const nonZero = (((packed & CELL_LOW_BITS) + CELL_LOW_BITS) | packed) & CELL_HIGH_BITS;
  return <i32>(ctz<u64>(nonZero ^ CELL_HIGH_BITS) >> 2);
}

// The high bit of every cell holding less than `tile`. Cells use all 4 bits (up to
// 9), leaving no room for a borrow, so even and odd cells are compared apart in byte
// lanes: (cell | 0x80) - tile keeps bit 7 exactly when cell >= tile.
@inline
function smallerCells(packed: u64, tile: u64): u64 {
  const spread = tile * LANE_ONES;
  const evenAtLeast = (((packed & EVEN_CELLS) | LANE_HIGH_BITS) - spread) & LANE_HIGH_BITS;
  const oddAtLeast = ((((packed >> 4) & EVEN_CELLS) | LANE_HIGH_BITS) - spread) & LANE_HIGH_BITS;
  return ((evenAtLeast >> 4) | oddAtLeast) ^ CELL_HIGH_BITS;
}

// The queue entry of `packed` (rank `rank`, blank at `blank`) after the blank moves to
// `target`, a later cell when `forward`, an earlier one otherwise: childRank's digit
// arithmetic, with the digits counted by popcount over the cells smaller than the
// moving tile instead of read from an unranking. The tile's digit at target counts the
// smaller cells after target; at the blank's cell it counts those after the blank,
// plus the blank itself when the tile moves back past it. A target equal to the blank
// (a move off the board, see moveTargets) moves "tile" 0, finds nothing smaller, and
// gives the entry back unchanged.
@inline
function packedChild(packed: u64, rank: u32, blank: i32, target: i32, forward: bool, vertical: bool): u64 {
  const blankShift = <u64>blank << 2;
  const targetShift = <u64>target << 2;
  const tile = (packed >> targetShift) & 15;
  const smaller = smallerCells(packed, tile);
  const afterBlank = <u32>popcnt<u64>(smaller & load<u64>(local(laterCells) + (<usize>blank << 3)));
  const afterTarget = <u32>popcnt<u64>(smaller & load<u64>(local(laterCells) + (<usize>target << 3)));
  const blankWeight = load<u32>(local(weights) + (<usize>blank << 2));
  let child = rank - afterTarget * load<u32>(local(weights) + (<usize>target << 2));
  if (forward) {
    child += (afterBlank + <u32>(target != blank)) * blankWeight;
    if (vertical) for (let between = blank + 1; between < target; between++) {
      const isSmaller = <bool>((smaller >> ((<u64>between << 2) + 3)) & 1);
      child += select<u32>(load<u32>(local(weights) + (<usize>between << 2)), 0, isSmaller);
    }
  } else {
    child += afterBlank * blankWeight;
    if (vertical) for (let between = target + 1; between < blank; between++) {
      const isSmaller = <bool>((smaller >> ((<u64>between << 2) + 3)) & 1);
      child -= select<u32>(load<u32>(local(weights) + (<usize>between << 2)), 0, isSmaller);
    }
  }
  // The blank's cell is 0, so exchanging the two cells is two xors.
  const childBoard = (packed & BOARD_MASK) ^ (tile << blankShift) ^ (tile << targetShift);
  return childBoard | (<u64>child << RANK_SHIFT);
}

@inline
function rankOf(entry: u64): u32 {
  return <u32>(entry >> RANK_SHIFT);
}

const MOVE_UP: u32 = 0;
const MOVE_DOWN: u32 = 1;
const MOVE_LEFT: u32 = 2;
const MOVE_RIGHT: u32 = 3;

// One child of the full BFS (slidingDistances), without a branch: every move is
// generated, including the one back to the parent and those off the board (which give
// the state itself); those reach a state already seen, whose code is stored back
// unchanged. The entry is always written at the tail, and the tail only advances past
// a new state. Which moves are real and which children are new is data the CPU cannot
// predict, and over the whole table a mispredicted branch costs more than the extra
// children (about 7% faster). The searches that stop early keep their branches: on a
// table mostly out of cache the extra reads cost more (bidirectional search on random
// 8-puzzle boards ran about a third slower). Returns the new tail; queues keep one slot spare (QUEUE_SLACK) for the
// write past the last state.
@inline
function visit(entry: u64, rank: u32, blank: i32, target: i32, move: u32, tail: usize): usize {
  const childEntry = packedChild(entry, rank, blank, target, move == MOVE_DOWN || move == MOVE_RIGHT, move < MOVE_LEFT);
  const codeAddress = codes + <usize>rankOf(childEntry);
  const code = <u32>load<u8>(codeAddress);
  const isNew = code == UNSEEN;
  store<u8>(codeAddress, <u8>select<u32>(move + 1, code, isNew));
  store<u64>(queue + (tail << 3), childEntry);
  return tail + <usize>isNew;
}

function prepareBoardTables(width: i32, height: i32): void {
  prepareReciprocals();
  prepareSelections();
  if (width == tablesWidth && height == tablesHeight) return;
  const n = width * height;
  for (let position = 0; position < n; position++) {
    store<u32>(local(weights) + (<usize>position << 2), factorial(n - 1 - position));
    const above = (<u64>1 << ((<u64>position << 2) + 4)) - 1;
    const onBoard = (<u64>1 << (<u64>n << 2)) - 1;
    store<u64>(local(laterCells) + (<usize>position << 3), CELL_HIGH_BITS & onBoard & ~above);
  }
  for (let position = 0; position < width * height; position++) {
    const row = position / width;
    const column = position % width;
    const at = local(neighbours) + (<usize>position << 2);
    store<u8>(at, row > 0 ? position - width : NO_NEIGHBOUR);
    store<u8>(at + 1, row < height - 1 ? position + width : NO_NEIGHBOUR);
    store<u8>(at + 2, column > 0 ? position - 1 : NO_NEIGHBOUR);
    store<u8>(at + 3, column < width - 1 ? position + 1 : NO_NEIGHBOUR);
    for (let move = 0; move < 4; move++) {
      const target = load<u8>(at + <usize>move);
      store<u8>(local(moveTargets) + (<usize>position << 2) + <usize>move, target == NO_NEIGHBOUR ? <u8>position : target);
    }
  }
  tablesWidth = width;
  tablesHeight = height;
}

function prepareManhattan(width: i32, n: i32, goal: usize): void {
  for (let goalPosition = 0; goalPosition < n; goalPosition++) {
    const tile = <i32>load<u8>(goal + <usize>goalPosition);
    const row = goalPosition / width;
    const column = goalPosition % width;
    const at = local(manhattan) + <usize>(tile * MAX_RANKED_CELLS);
    for (let position = 0; position < n; position++) {
      const distance = tile == 0 ? 0 : abs(position / width - row) + abs(position % width - column);
      store<u8>(at + <usize>position, <u8>distance);
    }
  }
}

@inline
function tileDistance(tile: u32, position: i32): u32 {
  return <u32>load<u8>(local(manhattan) + <usize>(tile * MAX_RANKED_CELLS + position));
}

// Follows the codes of one side (bits `shift`..`shift`+2) from `rank` back to that
// side's root, writing at `out` the move that reached each state on the way, and
// returns how many there were. Leaves `board` scrambled.
function traceToRoot(rank: u32, n: i32, shift: u32, out: usize): i32 {
  let blank = unrankCells(rank, n, local(board));
  let length: i32 = 0;
  while (true) {
    const code = (<u32>load<u8>(codes + <usize>rank) >> shift) & SIDE_MASK;
    if (code == ROOT) break;
    const move = code - 1;
    store<u8>(out + <usize>length, <u8>move);
    length++;
    const parentBlank = <i32>load<u8>(local(neighbours) + (<usize>blank << 2) + <usize>(move ^ 1));
    store<u8>(local(board) + <usize>blank, load<u8>(local(board) + <usize>parentBlank));
    store<u8>(local(board) + <usize>parentBlank, 0);
    blank = parentBlank;
    rank = rankCells(local(board), n);
  }
  return length;
}

function reverseBytes(from: usize, length: i32): void {
  let low = from;
  let high = from + <usize>length - 1;
  while (low < high) {
    const swap = load<u8>(low);
    store<u8>(low, load<u8>(high));
    store<u8>(high, swap);
    low++;
    high--;
  }
}

// Path from the start's root to `rank`, written in order at the output.
function forwardPath(rank: u32, n: i32): i32 {
  const out = scratchPointer() + OUTPUT_OFFSET;
  const length = traceToRoot(rank, n, 0, out);
  reverseBytes(out, length);
  return length;
}

// FIFO from the start; stops as soon as the goal is generated.
function breadthFirst(n: i32, start: u64, goalRank: u32): i32 {
  memory.fill(codes, 0, <usize>factorial(n));
  const startRank = rankOf(start);
  store<u8>(codes + <usize>startRank, <u8>ROOT);
  if (startRank == goalRank) {
    setLastNodes(0);
    return 0;
  }
  store<u64>(queue, start);
  let head: usize = 0;
  let tail: usize = 1;
  while (head < tail) {
    const entry = load<u64>(queue + (head << 3));
    head++;
    const rank = rankOf(entry);
    const blank = blankOf(entry);
    // The parent is always reached already: skip the move back to it.
    const backMove = ((<u32>load<u8>(codes + <usize>rank) & SIDE_MASK) - 1) ^ 1;
    const around = local(neighbours) + (<usize>blank << 2);
    for (let move: u32 = 0; move < 4; move++) {
      const target = <u32>load<u8>(around + <usize>move);
      if (target == NO_NEIGHBOUR || move == backMove) continue;
      const childEntry = packedChild(entry, rank, blank, <i32>target, target > <u32>blank, move < MOVE_LEFT);
      const child = rankOf(childEntry);
      const codeAddress = codes + <usize>child;
      if (<u32>load<u8>(codeAddress) != UNSEEN) continue;
      store<u8>(codeAddress, <u8>(move + 1));
      if (child == goalRank) {
        setLastNodes(<f64>head);
        return forwardPath(child, n);
      }
      store<u64>(queue + (tail << 3), childEntry);
      tail++;
    }
  }
  setLastNodes(<f64>head);
  return -1;
}

// Expands the whole layer queue[head..tail) for the side whose code sits at `shift`,
// appending the next layer from `tail`. Stops at the first child the other side has
// already reached (setting met / meetingRank). Returns the states expanded; the next
// layer's end goes to layerEnd.
function expandLayer(head: usize, tail: usize, shift: u32): usize {
  let at = head;
  let end = tail;
  while (at < tail) {
    const entry = load<u64>(queue + (at << 3));
    at++;
    const rank = rankOf(entry);
    const blank = blankOf(entry);
    // The parent is always reached already: skip the move back to it.
    const backMove = (((<u32>load<u8>(codes + <usize>rank) >> shift) & SIDE_MASK) - 1) ^ 1;
    const around = local(neighbours) + (<usize>blank << 2);
    for (let move: u32 = 0; move < 4; move++) {
      const target = <u32>load<u8>(around + <usize>move);
      if (target == NO_NEIGHBOUR || move == backMove) continue;
      const childEntry = packedChild(entry, rank, blank, <i32>target, target > <u32>blank, move < MOVE_LEFT);
      const child = rankOf(childEntry);
      const codeAddress = codes + <usize>child;
      const code = <u32>load<u8>(codeAddress);
      if (((code >> shift) & SIDE_MASK) != UNSEEN) continue;
      store<u8>(codeAddress, <u8>(code | ((move + 1) << shift)));
      if (code != UNSEEN) {
        // Own bits were clear, so the other side's are not.
        met = true;
        meetingRank = child;
        layerEnd = end;
        return at - head;
      }
      store<u64>(queue + (end << 3), childEntry);
      end++;
    }
  }
  layerEnd = end;
  return at - head;
}

// Layer-by-layer from both ends, always the side with the smaller frontier (the
// forward side on a tie). Stopping at the first meeting is optimal: before a layer
// of side A (depth a) is expanded, A has reached exactly the states within a of its
// root, B those within b of its own, and the sets are disjoint, so the distance d is
// more than a + b. A meeting child is at a + 1 from A's root and at most b from B's,
// and d <= (a + 1) + b; hence d = a + b + 1 for every meeting in the layer, the
// first included.
function bidirectional(n: i32, start: u64, goal: u64): i32 {
  const states = <usize>factorial(n);
  memory.fill(codes, 0, states);
  const startRank = rankOf(start);
  const goalRank = rankOf(goal);
  if (startRank == goalRank) {
    store<u8>(codes + <usize>startRank, <u8>(ROOT | (ROOT << SIDE_BITS)));
    setLastNodes(0);
    return 0;
  }
  store<u8>(codes + <usize>startRank, <u8>ROOT);
  store<u8>(codes + <usize>goalRank, <u8>(ROOT << SIDE_BITS));
  // Each side reaches at most the n!/2 states of the start's component.
  const half = states >> 1;
  store<u64>(queue, start);
  store<u64>(queue + (half << 3), goal);
  let forwardHead: usize = 0;
  let forwardTail: usize = 1;
  let backwardHead: usize = half;
  let backwardTail: usize = half + 1;
  let expanded: usize = 0;
  met = false;
  while (!met) {
    const forwardSize = forwardTail - forwardHead;
    const backwardSize = backwardTail - backwardHead;
    if (forwardSize == 0 || backwardSize == 0) {
      setLastNodes(<f64>expanded);
      return -1;
    }
    if (forwardSize <= backwardSize) {
      expanded += expandLayer(forwardHead, forwardTail, 0);
      forwardHead = forwardTail;
      forwardTail = layerEnd;
    } else {
      expanded += expandLayer(backwardHead, backwardTail, SIDE_BITS);
      backwardHead = backwardTail;
      backwardTail = layerEnd;
    }
  }
  setLastNodes(<f64>expanded);
  const out = scratchPointer() + OUTPUT_OFFSET;
  const forwardLength = forwardPath(meetingRank, n);
  // The backward codes record moves away from the goal; walked from the meeting
  // state they are undone in order, so each step toward the goal is the opposite move.
  const backwardOut = out + <usize>forwardLength;
  const backwardLength = traceToRoot(meetingRank, n, SIDE_BITS, backwardOut);
  for (let i = 0; i < backwardLength; i++) {
    const at = backwardOut + <usize>i;
    store<u8>(at, load<u8>(at) ^ 1);
  }
  return forwardLength + backwardLength;
}

@inline
function openKey(f: u32, g: u32, rank: u32): u64 {
  return (<u64>f << F_SHIFT) | ((G_MAX - <u64>g) << RANK_BITS) | <u64>rank;
}

@inline
function openPush(key: u64): void {
  let at = openSize;
  openSize++;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    const parentKey = load<u64>(openList + (parent << 3));
    if (parentKey <= key) break;
    store<u64>(openList + (at << 3), parentKey);
    at = parent;
  }
  store<u64>(openList + (at << 3), key);
}

@inline
function openPop(): u64 {
  const top = load<u64>(openList);
  openSize--;
  const size = openSize;
  if (size == 0) return top;
  const last = load<u64>(openList + (size << 3));
  let at: usize = 0;
  while (true) {
    let child = (at << 1) + 1;
    if (child >= size) break;
    let childKey = load<u64>(openList + (child << 3));
    const right = child + 1;
    if (right < size) {
      const rightKey = load<u64>(openList + (right << 3));
      if (rightKey < childKey) {
        child = right;
        childKey = rightKey;
      }
    }
    if (childKey >= last) break;
    store<u64>(openList + (at << 3), childKey);
    at = child;
  }
  store<u64>(openList + (at << 3), last);
  return top;
}

// Most blank moves out of any cell on a width x height board.
function maxDegree(width: i32, height: i32): i32 {
  return (width > 2 ? 2 : 1) + (height > 2 ? 2 : 1);
}

// With a consistent heuristic (Manhattan changes by exactly 1 per move) a state is
// expanded at most once, and at its expansion its parent is already closed, so it
// pushes at most degree - 1 children (the root: degree). A better g for an open
// state pushes a new entry; the old one is skipped when popped (its g no longer
// matches the cost table).
function aStar(width: i32, n: i32, startRank: u32, goalRank: u32): i32 {
  if (startRank == goalRank) {
    setLastNodes(0);
    return 0;
  }
  const states = <usize>factorial(n);
  memory.fill(codes, 0, states);
  memory.fill(costs, COST_UNSEEN, states);
  const scratch = scratchPointer();
  prepareManhattan(width, n, scratch + GOAL_OFFSET);
  let startEstimate: u32 = 0;
  for (let position = 0; position < n; position++) {
    startEstimate += tileDistance(<u32>load<u8>(scratch + START_OFFSET + <usize>position), position);
  }
  store<u8>(codes + <usize>startRank, <u8>ROOT);
  store<u8>(costs + <usize>startRank, 0);
  openSize = 0;
  openPush(openKey(startEstimate, 0, startRank));
  let expanded: usize = 0;
  while (openSize > 0) {
    const key = openPop();
    const rank = <u32>(key & RANK_MASK);
    const g = <u32>(G_MAX - ((key >> RANK_BITS) & G_MAX));
    if (g != <u32>load<u8>(costs + <usize>rank)) continue;
    expanded++;
    if (rank == goalRank) {
      setLastNodes(<f64>expanded);
      return forwardPath(rank, n);
    }
    const estimate = <u32>(key >> F_SHIFT) - g;
    const childG = g + 1;
    const blank = unrankCells(rank, n, local(board));
    // The parent is always reached already: skip the move back to it.
    const backMove = ((<u32>load<u8>(codes + <usize>rank) & SIDE_MASK) - 1) ^ 1;
    const around = local(neighbours) + (<usize>blank << 2);
    for (let move: u32 = 0; move < 4; move++) {
      const target = <u32>load<u8>(around + <usize>move);
      if (target == NO_NEIGHBOUR || move == backMove) continue;
      const tile = <u32>load<u8>(local(board) + <usize>target);
      const child = childRank(rank, blank, <i32>target);
      const costAddress = costs + <usize>child;
      if (childG >= <u32>load<u8>(costAddress)) continue;
      store<u8>(costAddress, <u8>childG);
      store<u8>(codes + <usize>child, <u8>(move + 1));
      const childEstimate = estimate + tileDistance(tile, blank) - tileDistance(tile, <i32>target);
      openPush(openKey(childG + childEstimate, childG, child));
    }
  }
  setLastNodes(<f64>expanded);
  return -1;
}

function validSize(width: i32, height: i32, maxCells: i32): bool {
  return width >= 2 && height >= 2 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= maxCells;
}

// The host validates boards; this only keeps a bad one from ranking outside the tables.
function isPermutation(cells: usize, n: i32): bool {
  let seen: u32 = 0;
  for (let position = 0; position < n; position++) {
    const tile = <u32>load<u8>(cells + <usize>position);
    if (tile >= <u32>n) return false;
    seen |= <u32>1 << tile;
  }
  return seen == (<u32>1 << n) - 1;
}

// Inversions among the tiles (the blank ignored) plus, on even widths, the blank's row; mod 2.
function parityOf(cells: usize, width: i32, n: i32): u32 {
  let seen: u32 = 0;
  let inversions: u32 = 0;
  let blankRow: i32 = 0;
  for (let position = 0; position < n; position++) {
    const tile = <u32>load<u8>(cells + <usize>position);
    if (tile == 0) {
      blankRow = position / width;
      continue;
    }
    inversions += popcnt<u32>(seen >> (tile + 1));
    seen |= <u32>1 << tile;
  }
  if ((width & 1) == 0) inversions += <u32>blankRow;
  return inversions & 1;
}

// 1 if the start board (scratch 0..) can reach the goal board (scratch 32..), else 0.
// Any board up to 5x5. Returns -1 for an unsupported size or a board that is not a
// permutation of 0..n-1.
export function slidingSolvable(width: i32, height: i32): i32 {
  if (!validSize(width, height, MAX_SIDE * MAX_SIDE)) return -1;
  const scratch = scratchPointer();
  const n = width * height;
  if (!isPermutation(scratch + START_OFFSET, n) || !isPermutation(scratch + GOAL_OFFSET, n)) return -1;
  return parityOf(scratch + START_OFFSET, width, n) == parityOf(scratch + GOAL_OFFSET, width, n) ? 1 : 0;
}

// Shortest path from the start board to the goal board (algorithm 0 bfs, 1 bibfs,
// 2 astar): returns its length with the moves at scratch 64.., or -1 if the goal was
// not reached (an unsolvable start, an unsupported size, or a board that is not a
// permutation of 0..n-1). Boards of at most 10 cells.
export function slidingSolve(width: i32, height: i32, algorithm: i32): i32 {
  setLastNodes(0);
  if (!validSize(width, height, MAX_RANKED_CELLS)) return -1;
  const n = width * height;
  const scratch = scratchPointer();
  if (!isPermutation(scratch + START_OFFSET, n) || !isPermutation(scratch + GOAL_OFFSET, n)) return -1;
  const states = <usize>factorial(n);
  prepareBoardTables(width, height);
  reserveCodes(states);
  const startRank = rankCells(scratch + START_OFFSET, n);
  const goalRank = rankCells(scratch + GOAL_OFFSET, n);
  const start = packCells(scratch + START_OFFSET, n) | (<u64>startRank << RANK_SHIFT);
  if (algorithm == ALGORITHM_BFS) {
    reserveQueue(states >> 1);
    return breadthFirst(n, start, goalRank);
  }
  if (algorithm == ALGORITHM_BIBFS) {
    reserveQueue(states);
    const goal = packCells(scratch + GOAL_OFFSET, n) | (<u64>goalRank << RANK_SHIFT);
    return bidirectional(n, start, goal);
  }
  if (algorithm == ALGORITHM_ASTAR) {
    reserveCosts(states);
    const degree = <usize>maxDegree(width, height);
    reserveOpenList(1 + degree + (states >> 1) * (degree - 1));
    return aStar(width, n, startRank, goalRank);
  }
  return -1;
}

// Full BFS from the goal board (scratch 32..): writes the number of boards at each
// distance 0, 1, 2, ... as u32 at scratch 64.. and returns how many distances there
// are (-1 for an unsupported size or board). Boards of at most 10 cells.
export function slidingDistances(width: i32, height: i32): i32 {
  setLastNodes(0);
  if (!validSize(width, height, MAX_RANKED_CELLS)) return -1;
  const n = width * height;
  if (!isPermutation(scratchPointer() + GOAL_OFFSET, n)) return -1;
  const states = <usize>factorial(n);
  prepareBoardTables(width, height);
  reserveCodes(states);
  reserveQueue(states >> 1);
  memory.fill(codes, 0, states);
  const out = scratchPointer() + OUTPUT_OFFSET;
  const goal = scratchPointer() + GOAL_OFFSET;
  const goalRank = rankCells(goal, n);
  store<u8>(codes + <usize>goalRank, <u8>ROOT);
  store<u64>(queue, packCells(goal, n) | (<u64>goalRank << RANK_SHIFT));
  let head: usize = 0;
  let tail: usize = 1;
  let layers: i32 = 0;
  while (head < tail) {
    const end = tail;
    store<u32>(out + (<usize>layers << 2), <u32>(end - head));
    layers++;
    while (head < end) {
      const entry = load<u64>(queue + (head << 3));
      head++;
      const rank = rankOf(entry);
      const blank = blankOf(entry);
      const targets = local(moveTargets) + (<usize>blank << 2);
      tail = visit(entry, rank, blank, <i32>load<u8>(targets), MOVE_UP, tail);
      tail = visit(entry, rank, blank, <i32>load<u8>(targets + 1), MOVE_DOWN, tail);
      tail = visit(entry, rank, blank, <i32>load<u8>(targets + 2), MOVE_LEFT, tail);
      tail = visit(entry, rank, blank, <i32>load<u8>(targets + 3), MOVE_RIGHT, tail);
    }
  }
  setLastNodes(<f64>head);
  return layers;
}

// Unranks every rank 0..n!-1 of n items (n <= 12) and ranks it back; returns the
// number of mismatches (0), or -1 for n out of range.
export function slidingRankRoundTrip(n: i32): i32 {
  if (n < 0 || n > MAX_PERMUTATION) return -1;
  if (n == 0) return 0;
  if (n == 9) return roundTripNine();
  prepareReciprocals();
  prepareSelections();
  const count = factorial(n);
  let mismatches: i32 = 0;
  for (let rank: u32 = 0; rank < count; rank++) {
    unrankCells(rank, n, local(board));
    if (rankCells(local(board), n) != rank) mismatches++;
  }
  return mismatches;
}

// The 8-puzzle's 9 items, unrolled so that every weight and divisor is a constant
// (the compiler turns the divisions into multiplies), with the permutation held in a
// register, packed like a queue entry, rather than in memory.
function roundTripNine(): i32 {
  let mismatches: i32 = 0;
  for (let rank: u32 = 0; rank < 362880; rank++) {
    if (rankNine(unrankNine(rank)) != rank) mismatches++;
  }
  return mismatches;
}

// The values 0..15 in ascending order, one a cell: the unused values while unranking.
const ASCENDING_CELLS: u64 = 0xfedcba9876543210;

// `cells` without the cell at bit `shift`, the cells above it moved down one.
@inline
function withoutCell(cells: u64, shift: u64): u64 {
  return cells ^ ((cells ^ (cells >> 4)) & (<u64>-1 << shift));
}

// Permutation of rank `rank` < 9!, packed. The factorial-base digit of weight k! is
// rank / k! - (k + 1) * (rank / (k + 1)!), each quotient taken straight from the rank
// so that no digit waits for another; the value at each position is the digit-th
// smallest unused, read out of the ascending list by a shift.
@inline
function unrankNine(rank: u32): u64 {
  const over8 = rank / 40320;
  const over7 = rank / 5040;
  const over6 = rank / 720;
  const over5 = rank / 120;
  const over4 = rank / 24;
  const over3 = rank / 6;
  const over2 = rank >> 1;
  const shift0 = <u64>over8 << 2;
  const shift1 = <u64>(over7 - over8 * 8) << 2;
  const shift2 = <u64>(over6 - over7 * 7) << 2;
  const shift3 = <u64>(over5 - over6 * 6) << 2;
  const shift4 = <u64>(over4 - over5 * 5) << 2;
  const shift5 = <u64>(over3 - over4 * 4) << 2;
  const shift6 = <u64>(over2 - over3 * 3) << 2;
  const shift7 = <u64>(rank & 1) << 2;
  let unused = ASCENDING_CELLS;
  let cells = (unused >> shift0) & 15;
  unused = withoutCell(unused, shift0);
  cells |= ((unused >> shift1) & 15) << 4;
  unused = withoutCell(unused, shift1);
  cells |= ((unused >> shift2) & 15) << 8;
  unused = withoutCell(unused, shift2);
  cells |= ((unused >> shift3) & 15) << 12;
  unused = withoutCell(unused, shift3);
  cells |= ((unused >> shift4) & 15) << 16;
  unused = withoutCell(unused, shift4);
  cells |= ((unused >> shift5) & 15) << 20;
  unused = withoutCell(unused, shift5);
  cells |= ((unused >> shift6) & 15) << 24;
  unused = withoutCell(unused, shift6);
  cells |= ((unused >> shift7) & 15) << 28;
  unused = withoutCell(unused, shift7);
  return cells | ((unused & 15) << 32);
}

@inline
function cellAt(cells: u64, position: u64): u32 {
  return <u32>(cells >> (position << 2)) & 15;
}

// bits[v] = 1 << v. A load, not a shift: with the shifts of the unranking beside it,
// the variable shifts were the bottleneck (x86 takes each count in one register).
const bits: usize = memory.data<u32>([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768]);

@inline
function bitOf(value: u32): u32 {
  return load<u32>(bits + (<usize>value << 2));
}

// Lehmer digit of a value: the smaller values not seen before it.
@inline
function smallerUnseen(value: u32, seen: u32): u32 {
  return value - popcnt<u32>(seen & (bitOf(value) - 1));
}

// Lehmer rank of a packed permutation of 0..8 (rankCells with n = 9).
@inline
function rankNine(cells: u64): u32 {
  const value0 = cellAt(cells, 0);
  const value1 = cellAt(cells, 1);
  const value2 = cellAt(cells, 2);
  const value3 = cellAt(cells, 3);
  const value4 = cellAt(cells, 4);
  const value5 = cellAt(cells, 5);
  const value6 = cellAt(cells, 6);
  const value7 = cellAt(cells, 7);
  const seen1 = bitOf(value0);
  const seen2 = seen1 | bitOf(value1);
  const seen3 = seen2 | bitOf(value2);
  const seen4 = seen3 | bitOf(value3);
  const seen5 = seen4 | bitOf(value4);
  const seen6 = seen5 | bitOf(value5);
  const seen7 = seen6 | bitOf(value6);
  return (
    value0 * 40320 +
    smallerUnseen(value1, seen1) * 5040 +
    smallerUnseen(value2, seen2) * 720 +
    smallerUnseen(value3, seen3) * 120 +
    smallerUnseen(value4, seen4) * 24 +
    smallerUnseen(value5, seen5) * 6 +
    smallerUnseen(value6, seen6) * 2 +
    smallerUnseen(value7, seen7)
  );
}

// A whole batch in one call, every board of one size against the goal at
// scratch 32.. (written once by the host). `count` slots of BATCH_SLOT_BYTES
// from `slots` (an address in the batch buffer, see ./batch): the host writes a
// start board at slot bytes 0..n-1; this writes at slot byte 16 an i32 (the
// path length, BATCH_UNSOLVABLE for a board of the other parity,
// BATCH_TOO_LONG for a path that does not fit the slot, which the host solves
// again alone, or -1 as slidingSolve), at 24 the nodes as f64, and the moves
// from 32. Returns the batch's nodes.
const BATCH_SLOT_BYTES: usize = Sliding.SLOT_BYTES;
const BATCH_SLOT_MOVES: i32 = Sliding.SLOT_MAX_MOVES;
const BATCH_UNSOLVABLE: i32 = Sliding.BATCH_UNSOLVABLE;
const BATCH_TOO_LONG: i32 = Sliding.BATCH_TOO_LONG;

export function slidingSolveBatch(width: i32, height: i32, algorithm: i32, slots: usize, count: i32): f64 {
  const scratch = scratchPointer();
  const n = <usize>min(max(width * height, 0), 16);
  let total: f64 = 0;
  for (let slot = slots, end = slots + <usize>count * BATCH_SLOT_BYTES; slot < end; slot += BATCH_SLOT_BYTES) {
    memory.copy(scratch + START_OFFSET, slot, n);
    let length: i32;
    let nodes: f64 = 0;
    if (slidingSolvable(width, height) == 0) {
      length = BATCH_UNSOLVABLE;
    } else {
      length = slidingSolve(width, height, algorithm);
      nodes = lastNodes();
      if (length > BATCH_SLOT_MOVES) length = BATCH_TOO_LONG;
      else if (length > 0) memory.copy(slot + <usize>Sliding.SLOT_MOVES_AT, scratch + OUTPUT_OFFSET, <usize>length);
    }
    total += nodes;
    store<i32>(slot, length, Sliding.SLOT_LENGTH_AT);
    store<f64>(slot, nodes, Sliding.SLOT_NODES_AT);
  }
  setLastNodes(total);
  return total;
}
