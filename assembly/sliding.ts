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
// Everything here must stay step-for-step identical to src/engine/twin/sliding.ts: same
// move order, same queue discipline, same open-list keys, same node counting.
//
// The files: ./slidingRanks (sizes, tables, ranking), ./slidingPacked (packed
// boards), ./slidingSearches (BFS, bidirectional BFS, A*) and this one (the
// checks and the host's entries).

import { Sliding } from './abi';
import { lastNodes, setLastNodes, scratchPointer } from './scratch';
import { START_OFFSET, GOAL_OFFSET, OUTPUT_OFFSET, MAX_SIDE, MAX_RANKED_CELLS, MAX_PERMUTATION, ALGORITHM_BFS, ALGORITHM_BIBFS, ALGORITHM_ASTAR, ROOT, board, moveTargets, codes, queue, factorial, reserveCodes, reserveCosts, reserveQueue, reserveOpenList, rankCells, prepareReciprocals, prepareSelections, unrankCells } from './slidingRanks';
import { RANK_SHIFT, packCells, blankOf, rankOf, MOVE_UP, MOVE_DOWN, MOVE_LEFT, MOVE_RIGHT, visit } from './slidingPacked';
import { prepareBoardTables, breadthFirst, bidirectional, maxDegree, aStar } from './slidingSearches';
import { local } from './instance';

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
