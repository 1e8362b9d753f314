// The census of a small sliding board: how many states lie at each distance
// from the goal, by a breadth-first search over every permutation of the
// cells (tiles and blank), ranked.
//
// Ranking: Myrvold and Ruskey's linear-time ranking of permutations (not in
// lexicographic order; any bijection onto 0..n!-1 serves), so that a state
// costs an unrank and a rank per move, O(n) each. Boards of up to 12 cells:
// 12! = 479,001,600 ranks fit a u32. Half of them (the other parity) are
// never reached; they stay unseen.
//
// Memory: two bits a rank, in one region (./memory): 0 unseen, 3 done, and 1
// and 2 the layer being expanded and the next one, which swap roles from one
// layer to the next (the frontier by depth parity). 12! ranks take 120 MB.
//
// Rounds: a layer is expanded in slices of words (censusRound), so that the
// host reports progress and honours a cancel between them, as the table
// builds do.

import { Region, lastNeeded, reserve } from './memory';

const MAX_CELLS = 12;
const UNSEEN: u32 = 0;
const DONE: u32 = 3;
// 0b01 in every two-bit field of a word.
const LOW_BITS: u64 = 0x5555555555555555;

const region = new Region();
let width = 0;
let height = 0;
let cells = 0;
let ranks: u32 = 0;
let words: u32 = 0;
// The layer being expanded: its code (1 or 2), its depth and the next word to scan.
let current: u32 = 1;
let scanAt: u32 = 0;
// States put in the next layer so far, and the last state expanded (a farthest one once the search ends).
let found: u32 = 0;
let lastExpanded: u32 = 0;

// ceil(2^35 / n) for n = 0..12 (0 and 1 unused): floor(r / n) is (r * it) >> 35 for every r below 2^32 / 12.
const reciprocals: usize = memory.data(8 * (MAX_CELLS + 1));
for (let n = 2; n <= MAX_CELLS; n++) store<u64>(reciprocals + (<usize>n << 3), ((<u64>1 << 35) + <u64>n - 1) / <u64>n);

// Scratch permutations: position -> cell content (tile, 0 the blank), and its inverse.
const perm: usize = memory.data(16);
const inverse: usize = memory.data(16);
const work: usize = memory.data(16);
const workInverse: usize = memory.data(16);

// @ts-ignore: decorator
@inline
function codeAt(rank: u32): u32 {
  return <u32>(load<u64>(region.base + ((<usize>(rank >>> 5)) << 3)) >>> ((<u64>(rank & 31)) << 1)) & 3;
}

// @ts-ignore: decorator
@inline
function setCode(rank: u32, code: u32): void {
  const at = region.base + ((<usize>(rank >>> 5)) << 3);
  const shift = (<u64>(rank & 31)) << 1;
  store<u64>(at, (load<u64>(at) & ~(<u64>3 << shift)) | (<u64>code << shift));
}

// Myrvold-Ruskey rank of the permutation in work/workInverse (which it consumes).
function rankWork(): u32 {
  let rank: u32 = 0;
  let scale: u32 = 1;
  for (let n = cells; n > 1; n--) {
    const s = <u32>load<u8>(work + n - 1);
    const at = <u32>load<u8>(workInverse + n - 1);
    // Swap positions n-1 and at of the permutation, and fix the inverse.
    store<u8>(work + n - 1, load<u8>(work + at));
    store<u8>(work + at, <u8>s);
    store<u8>(workInverse + s, <u8>at);
    store<u8>(workInverse + n - 1, <u8>(n - 1));
    rank += s * scale;
    scale *= <u32>n;
  }
  return rank;
}

// The permutation of `rank` into perm/inverse (the inverse of rankWork).
function unrank(rank: u32): void {
  for (let i = 0; i < cells; i++) store<u8>(perm + i, <u8>i);
  let r = rank;
  for (let n = cells; n > 1; n--) {
    // r / n by a multiply and a shift (ranks are below 2^29, so exact): a
    // 32-bit division costs more than the rest of the step, and this is the
    // census's hottest loop.
    const quotient = <u32>((<u64>r * load<u64>(reciprocals + (<usize>n << 3))) >>> 35);
    const s = r - quotient * <u32>n;
    r = quotient;
    const t = load<u8>(perm + n - 1);
    store<u8>(perm + n - 1, load<u8>(perm + s));
    store<u8>(perm + s, t);
  }
  for (let i = 0; i < cells; i++) store<u8>(inverse + <usize>load<u8>(perm + i), <u8>i);
}

// The rank of perm with the contents of positions a and b swapped.
function rankSwapped(a: i32, b: i32): u32 {
  // 16 bytes each, as two words: cheaper than a byte copy of 12.
  store<u64>(work, load<u64>(perm));
  store<u64>(work, load<u64>(perm, 8), 8);
  store<u64>(workInverse, load<u64>(inverse));
  store<u64>(workInverse, load<u64>(inverse, 8), 8);
  const x = load<u8>(work + a);
  const y = load<u8>(work + b);
  store<u8>(work + a, y);
  store<u8>(work + b, x);
  store<u8>(workInverse + <usize>x, <u8>b);
  store<u8>(workInverse + <usize>y, <u8>a);
  return rankWork();
}

// Marks the state reached by moving the blank from `blank` to `to`, if unseen.
// @ts-ignore: decorator
@inline
function reach(blank: i32, to: i32, next: u32): void {
  const child = rankSwapped(blank, to);
  if (codeAt(child) == UNSEEN) {
    setCode(child, next);
    found++;
  }
}

function expand(rank: u32, next: u32): void {
  unrank(rank);
  // perm holds cell contents by position; the blank is content 0.
  const blank = <i32>load<u8>(inverse);
  const row = blank / width;
  const col = blank % width;
  if (row > 0) reach(blank, blank - width, next);
  if (row < height - 1) reach(blank, blank + width, next);
  if (col > 0) reach(blank, blank - 1, next);
  if (col < width - 1) reach(blank, blank + 1, next);
  lastExpanded = rank;
}

/**
 * Starts a census of a width x height board from the goal in scratch at
 * `goalAt` (cells bytes: tiles, 0 the blank). Returns the ranks (n!), 0 for a
 * size it does not take, -1 when memory cannot hold two bits a rank (the
 * bytes needed are in lastNeeded()).
 */
export function censusStart(boardWidth: i32, boardHeight: i32, goalAt: usize): f64 {
  if (boardWidth < 1 || boardHeight < 1 || boardWidth * boardHeight > MAX_CELLS || boardWidth * boardHeight < 2) return 0;
  width = boardWidth;
  height = boardHeight;
  cells = boardWidth * boardHeight;
  ranks = 1;
  for (let n = 2; n <= cells; n++) ranks *= <u32>n;
  words = (ranks + 31) >>> 5;
  const bytes = <f64>words * 8;
  if (!reserve(region, bytes, 0)) return -1;
  memory.fill(region.base, 0, <usize>words << 3);
  for (let i = 0; i < cells; i++) {
    store<u8>(work + i, load<u8>(goalAt + i));
    store<u8>(workInverse + <usize>load<u8>(goalAt + i), <u8>i);
  }
  current = 1;
  scanAt = 0;
  found = 0;
  const goal = rankWork();
  setCode(goal, current);
  lastExpanded = goal;
  return <f64>ranks;
}

/**
 * Expands the current layer's states in up to `budget` words of the table.
 * Returns 1 while the layer goes on, 0 when it ended (censusFound() states
 * make the next layer, which becomes the current one), -1 when it ended with
 * no next layer (the search is over; censusFarthest() is a farthest state).
 */
export function censusRound(budget: f64): i32 {
  const next = 3 - current;
  const end = <u32>min(<f64>words, <f64>scanAt + budget);
  for (let w = scanAt; w < end; w++) {
    const at = region.base + ((<usize>w) << 3);
    const word = load<u64>(at);
    const low = word & LOW_BITS;
    const high = (word >>> 1) & LOW_BITS;
    // The fields holding `current`: 01 (low, not high) or 10 (high, not low).
    let mask = current == 1 ? low & ~high : high & ~low;
    if (mask == 0) continue;
    // The layer's states are done; their children join the next layer.
    store<u64>(at, word | mask | (mask << 1));
    while (mask != 0) {
      const bit = <u32>ctz(mask);
      mask &= mask - 1;
      expand((w << 5) + (bit >>> 1), next);
    }
  }
  scanAt = end;
  if (scanAt < words) return 1;
  scanAt = 0;
  current = next;
  return found == 0 ? -1 : 0;
}

/** States put in the next layer by the layer just ended; reset as it is read. */
export function censusFound(): f64 {
  const count = found;
  found = 0;
  return <f64>count;
}

/** The bytes the last censusStart asked for (whether or not it got them). */
export function censusNeeded(): f64 {
  return lastNeeded();
}

/** Writes a state of the last layer expanded (a farthest one once the search ended) into scratch at `into`. */
export function censusFarthest(into: usize): void {
  unrank(lastExpanded);
  memory.copy(into, perm, cells);
}
