// Sliding tiles on small boards (see ./sliding): the sizes and codes, the
// per-rank tables and queues, and the permutation ranking (Lehmer rank and
// unrank, division by k! as a multiply and shift) the searches index them by.

import { Sliding } from './abi';
import { local } from './instance';

export const START_OFFSET: usize = Sliding.START_AT;
export const GOAL_OFFSET: usize = Sliding.GOAL_AT;
export const OUTPUT_OFFSET: usize = Sliding.OUTPUT_AT;

export const MAX_SIDE: i32 = 5;
export const MAX_RANKED_CELLS: i32 = 10;
export const MAX_PERMUTATION: i32 = Sliding.MAX_PERMUTATION;

export const ALGORITHM_BFS: i32 = Sliding.ALGORITHM_BFS;
export const ALGORITHM_BIBFS: i32 = Sliding.ALGORITHM_BIBFS;
export const ALGORITHM_ASTAR: i32 = Sliding.ALGORITHM_ASTAR;

// Codes in the per-rank table: 0 = not reached, move + 1 = reached by that blank
// move from its parent, ROOT = where its search started. Bidirectional search keeps
// the forward side's code in bits 0..2 and the backward side's in bits 3..5, so one
// byte answers both "seen by me?" and "seen by the other side?".
export const UNSEEN: u32 = 0;
export const ROOT: u32 = 5;
export const SIDE_BITS: u32 = 3;
export const SIDE_MASK: u32 = 7;
export const NO_NEIGHBOUR: u32 = 0xff;
// Cost table entry of a state A* has not reached; larger than any real g.
export const COST_UNSEEN: u8 = 0xff;

// A* open-list key, one u64 that orders by f ascending, then g descending (deeper
// first, which reaches the goal sooner among equals), then rank ascending. Keys are
// unique per (state, g), so every correct heap pops the same sequence, and the twin
// (which holds the same integers exactly in f64) pops it too.
export const RANK_BITS: u64 = 22; // 10! < 2^22
export const RANK_MASK: u64 = (1 << RANK_BITS) - 1;
export const G_BITS: u64 = 7; // no board of <= 10 cells is 128 moves from its goal
export const G_MAX: u64 = (1 << G_BITS) - 1;
export const F_SHIFT: u64 = RANK_BITS + G_BITS;

export const factorials: usize = memory.data<u32>([
  1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600,
]);

// The board being expanded (and the round-trip test's permutation), its Lehmer
// digits, and the weight (n-1-position)! of each position for the current board size.
export const board: usize = memory.data(16);
export const digits: usize = memory.data(16);
export const weights: usize = memory.data(4 * MAX_RANKED_CELLS);
// neighbours[4 * position + move]: where the blank lands, or NO_NEIGHBOUR. These
// and the weights are rebuilt only when the board size changes (tablesWidth/Height).
export const neighbours: usize = memory.data(MAX_RANKED_CELLS * 4);
// moveTargets[4 * position + move]: the same, but the position itself for a move off
// the board, whose "child" is then the state itself (see packedChild).
export const moveTargets: usize = memory.data(MAX_RANKED_CELLS * 4);
export let tablesWidth: i32 = 0;
export let tablesHeight: i32 = 0;
// manhattan[MAX_RANKED_CELLS * tile + position]: the tile's distance from there to its goal cell.
export const manhattan: usize = memory.data(MAX_RANKED_CELLS * MAX_RANKED_CELLS);

// Per-rank tables and queues: allocated on first use at the size asked for, kept,
// and replaced only when a larger board needs more. Only the used prefix is cleared.
export let codes: usize = 0; // u8 per rank
export let codesCapacity: usize = 0;
export let costs: usize = 0; // u8 g per rank (A*)
export let costsCapacity: usize = 0;
export let queue: usize = 0; // u64 packed boards (see RANK_SHIFT); bidirectional search uses both halves
export let queueCapacity: usize = 0;
export let openList: usize = 0; // u64 keys, binary min-heap (A*)
export let openCapacity: usize = 0;
export let openSize: usize = 0;

// Bidirectional search's layer expansion reports here besides its return value.
export let layerEnd: usize = 0;
export let meetingRank: u32 = 0;
export let met: bool = false;

@inline
export function factorial(k: i32): u32 {
  return load<u32>(factorials + (<usize>k << 2));
}

// The ranked searches' arrays come from the heap: at most 10! states
// (MAX_RANKED_CELLS), bounded by construction (./memory's map).
export function reserveCodes(count: usize): void {
  if (count <= codesCapacity) return;
  if (codes != 0) heap.free(codes);
  codes = heap.alloc(count);
  codesCapacity = count;
}

export function reserveCosts(count: usize): void {
  if (count <= costsCapacity) return;
  if (costs != 0) heap.free(costs);
  costs = heap.alloc(count);
  costsCapacity = count;
}

// Spare entries past a queue's end for visit's unconditional write.
export const QUEUE_SLACK: usize = 1;

export function reserveQueue(count: usize): void {
  if (count <= queueCapacity) return;
  if (queue != 0) heap.free(queue);
  queue = heap.alloc((count + QUEUE_SLACK) << 3);
  queueCapacity = count;
}

export function reserveOpenList(count: usize): void {
  if (count <= openCapacity) return;
  if (openList != 0) heap.free(openList);
  openList = heap.alloc(count << 3);
  openCapacity = count;
}

// Lehmer rank: digit i counts the later items smaller than item i, which are the
// smaller values not seen yet. The last digit is always 0.
@inline
export function rankCells(cells: usize, n: i32): u32 {
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
export const DIVIDEND_BITS: u64 = 29;
export const reciprocals: usize = memory.data(8 * (MAX_PERMUTATION + 1));
export const reciprocalShifts: usize = memory.data(8 * (MAX_PERMUTATION + 1));
export let reciprocalsReady: bool = false;

export function prepareReciprocals(): void {
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
export function divideByFactorial(value: u32, k: i32): u32 {
  const at = <usize>k << 3;
  return <u32>((<u64>value * load<u64>(local(reciprocals) + at)) >> load<u64>(local(reciprocalShifts) + at));
}

// selections[16 * mask + k]: position of the k-th lowest set bit of a 12-bit mask.
// A lookup keeps the unranking's dependency chain (each value depends on the values
// already used) to one load per item.
export const selections: usize = memory.data(16 << MAX_PERMUTATION);
export let selectionsReady: bool = false;

export function prepareSelections(): void {
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
export function selectBit(mask: u32, k: u32): u32 {
  return <u32>load<u8>(local(selections) + (<usize>mask << 4) + <usize>k);
}

// Writes the permutation of rank `rank` at `cells` and its Lehmer digits at
// `digits`; returns the position of value 0 (the blank).
@inline
export function unrankCells(rank: u32, n: i32, cells: usize): i32 {
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
export function childRank(rank: u32, blank: i32, target: i32): u32 {
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
