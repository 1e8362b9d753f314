// Flip Game (POJ 1753) and the Pilots Brothers' refrigerator (POJ 2965).
//
// Both puzzles live on 4x4 boards of bits (bit i = cell 4 * row + column), and a
// press XORs a fixed mask into the board. Presses commute and undo themselves, so
// the distance from a board to the goal equals the distance from the goal to the
// board: one breadth-first search from the goal board(s) over all 2^16 boards
// answers every later query by walking the table back down to a goal.
//
// Kinds: 0 = flip (cross masks, goals 0 and 0xFFFF), 1 = pilots (row + column
// masks, goal 0).
//
// Scratch layout (see ./scratch): flipSolve writes the pressed cells, one byte
// each, at offsets 0..15 (a shortest path never presses a cell twice, so at most
// 16 bytes).
//
// Batches walk the same table through a wider copy of it, the step table (see
// flipSolveBatch), derived from it on the first batch after each build.

import { Flip } from './abi';
import { setLastNodes, scratchPointer } from './scratch';

const BOARDS: i32 = 1 << 16;
const CELLS: i32 = 16;
const KINDS: i32 = 2;
const KIND_FLIP: i32 = Flip.KIND_FLIP;
const KIND_PILOTS: i32 = Flip.KIND_PILOTS;
// towardGoal entries: the cell whose press leads one step toward a goal, or one
// of these. A goal board has no such press; UNSEEN marks a board the search has
// not reached, so the table doubles as the visited set.
const AT_GOAL: u8 = 16;
const UNSEEN: u8 = 0xFF;

// One heap block for everything the searches need, allocated the first time a
// table is built and kept for the life of the instance. The sizes are fixed by
// the 4x4 board, so there is no capacity to grow.
const TOWARD_GOAL_BYTES: usize = <usize>BOARDS; // u8 per board, per kind
const QUEUE_BYTES: usize = <usize>BOARDS << 1; // u16 per board, shared
const STEP_BYTES: usize = <usize>BOARDS << 2; // u32 per board, per kind
let towardGoalBase: usize = 0;
let queue: usize = 0;
let stepBase: usize = 0;
// A table is trusted by flipSolve only after a complete build.
let tableReady: u32 = 0; // bit per kind
// A step table is trusted by flipSolveBatch only when derived from the current table.
let stepReady: u32 = 0; // bit per kind

// What pressing `cell` XORs into the board. Called with constant arguments only
// (the unrolled search below) except when filling pressMasks, so the optimizer folds it to a literal.
@inline function pressMask(kind: i32, cell: i32): u32 {
  const row = cell >> 2;
  const col = cell & 3;
  if (kind == KIND_FLIP) {
    let cross: u32 = 1 << cell;
    if (row > 0) cross |= 1 << (cell - 4);
    if (row < 3) cross |= 1 << (cell + 4);
    if (col > 0) cross |= 1 << (cell - 1);
    if (col < 3) cross |= 1 << (cell + 1);
    return cross;
  }
  // Row and column share the pressed cell; XOR-ing them would cancel it.
  return (<u32>0xF << (row << 2)) | (<u32>0x1111 << col);
}

// Press masks for the table walk in flipSolve, u16 per cell, flip's 16 then
// pilots' 16; filled with the table buffers.
const pressMasks: usize = memory.data(KINDS * CELLS * 2, 16);

function prepareBuffers(): void {
  if (queue != 0) return;
  for (let cell = 0; cell < CELLS; cell++) {
    store<u16>(pressMasks + (<usize>cell << 1), <u16>pressMask(KIND_FLIP, cell));
    store<u16>(pressMasks + (<usize>(CELLS + cell) << 1), <u16>pressMask(KIND_PILOTS, cell));
  }
  // A fixed 0.8 MB from the heap: bounded by construction (./memory's map).
  const block = heap.alloc(<usize>KINDS * (TOWARD_GOAL_BYTES + STEP_BYTES) + QUEUE_BYTES);
  towardGoalBase = block;
  stepBase = block + <usize>KINDS * TOWARD_GOAL_BYTES;
  queue = stepBase + <usize>KINDS * STEP_BYTES;
}

// One press of `cell` from `board`: records and enqueues the result if it is
// new. Returns the new tail.
@inline function press(board: u32, kind: i32, cell: i32, towardGoal: usize, tail: usize): usize {
  const next = board ^ pressMask(kind, cell);
  const entry = towardGoal + next;
  if (load<u8>(entry) == UNSEEN) {
    store<u8>(entry, <u8>cell);
    store<u16>(tail, next);
    tail += 2;
  }
  return tail;
}

// The breadth-first loop with `kind` a constant: the 16 presses unrolled, masks
// as immediates. Takes queue pointers; returns the final head (= final tail).
@inline function expandAll(kind: i32, towardGoal: usize, head: usize, tail: usize): usize {
  while (head < tail) {
    const board = <u32>load<u16>(head);
    head += 2;
    tail = press(board, kind, 0, towardGoal, tail);
    tail = press(board, kind, 1, towardGoal, tail);
    tail = press(board, kind, 2, towardGoal, tail);
    tail = press(board, kind, 3, towardGoal, tail);
    tail = press(board, kind, 4, towardGoal, tail);
    tail = press(board, kind, 5, towardGoal, tail);
    tail = press(board, kind, 6, towardGoal, tail);
    tail = press(board, kind, 7, towardGoal, tail);
    tail = press(board, kind, 8, towardGoal, tail);
    tail = press(board, kind, 9, towardGoal, tail);
    tail = press(board, kind, 10, towardGoal, tail);
    tail = press(board, kind, 11, towardGoal, tail);
    tail = press(board, kind, 12, towardGoal, tail);
    tail = press(board, kind, 13, towardGoal, tail);
    tail = press(board, kind, 14, towardGoal, tail);
    tail = press(board, kind, 15, towardGoal, tail);
  }
  return head;
}

// One copy of the loop per kind, kept apart (@noinline) so that the optimizer
// does not merge them back into one loop choosing each mask at run time.
@noinline function expandFlip(towardGoal: usize, head: usize, tail: usize): usize {
  return expandAll(KIND_FLIP, towardGoal, head, tail);
}

@noinline function expandPilots(towardGoal: usize, head: usize, tail: usize): usize {
  return expandAll(KIND_PILOTS, towardGoal, head, tail);
}

// Breadth-first search from the goal board(s) of `kind`, recording for every
// board the press that leads one step back toward a goal. Always rebuilds.
// Returns the number of boards expanded (taken off the queue).
export function flipBuildTable(kind: i32): i32 {
  prepareBuffers();
  const towardGoal = towardGoalBase + <usize>kind * TOWARD_GOAL_BYTES;
  memory.fill(towardGoal, UNSEEN, TOWARD_GOAL_BYTES);

  let tail = queue;
  store<u8>(towardGoal, AT_GOAL);
  store<u16>(tail, 0);
  tail += 2;
  if (kind == KIND_FLIP) {
    store<u8>(towardGoal + 0xFFFF, AT_GOAL);
    store<u16>(tail, 0xFFFF);
    tail += 2;
  }
  const end = kind == KIND_FLIP ? expandFlip(towardGoal, queue, tail) : expandPilots(towardGoal, queue, tail);
  const expanded = <i32>((end - queue) >> 1);
  tableReady |= 1 << kind;
  stepReady &= ~(1 << kind);
  setLastNodes(expanded);
  return expanded;
}

// Shortest press sequence from `board` to a goal of `kind`: its cells go to
// scratch bytes 0... The node count includes the table build when this call had
// to run it. Returns `nodes << 5 | (length + 1)`, length -1 when no goal is
// reachable (nodes < 2^17, length <= 16), so the host learns both from one call;
// lastNodes() reports the same count.
export function flipSolve(kind: i32, board: i32): i32 {
  let nodes: i32 = 0;
  if ((tableReady & (1 << kind)) == 0) nodes = flipBuildTable(kind);
  const masks = pressMasks + (<usize>(kind * CELLS) << 1);
  const towardGoal = towardGoalBase + <usize>kind * TOWARD_GOAL_BYTES;
  let current = <u32>board & 0xFFFF;
  let cell = load<u8>(towardGoal + current);
  if (cell == UNSEEN) {
    setLastNodes(nodes);
    return nodes << 5;
  }
  const out = scratchPointer() + <usize>Flip.PATH_AT;
  let length: i32 = 0;
  while (cell != AT_GOAL) {
    store<u8>(out + <usize>length, cell);
    length++;
    current ^= <u32>load<u16>(masks + (<usize>cell << 1));
    cell = load<u8>(towardGoal + current);
  }
  nodes += length;
  setLastNodes(nodes);
  return (nodes << 5) | (length + 1);
}

// Step table entries: a board's towardGoal entry with the press already
// applied. A board one press from its walk's next board holds
// `1 << (16 + cell) | next`: the cell as a bit above the next board. A goal
// holds 0, and an unreached board STEP_UNSEEN (all bits set; an entry of a
// press has a single bit above the board).
const STEP_UNSEEN: u32 = 0xFFFFFFFF;

// Fills the step table of `kind` from its towardGoal table, the one that
// flipSolve walks; same presses, so the same walks.
function deriveSteps(kind: i32, towardGoal: usize, steps: usize): void {
  const masks = pressMasks + (<usize>(kind * CELLS) << 1);
  for (let board: u32 = 0; board < <u32>BOARDS; board++) {
    const cell = <u32>load<u8>(towardGoal + board);
    let entry: u32 = 0;
    if (cell == UNSEEN) entry = STEP_UNSEEN;
    else if (cell != AT_GOAL) entry = (<u32>1 << (cell + 16)) | (board ^ <u32>load<u16>(masks + (<usize>cell << 1)));
    store<u32>(steps + (<usize>board << 2), entry);
  }
  stepReady |= 1 << kind;
}

// A whole batch in one call: `count` boards, u16 each from `boards` (an
// address in the batch buffer, see ./batch), answered as u32 each from
// `answers`: `(length + 1) << 16 | pressedCells`, the pressed cells as a bit set
// (bit i = cell i; presses commute, so the set is the answer), 0 when no goal
// is reachable. Returns the nodes of the whole batch: the table build if it
// ran, plus every walk step.
//
// The walk of flipSolve, through the step table: one load per step instead of
// two (table entry, then the press mask it names), and no count (a shortest
// path presses each cell at most once, so its length is the number of bits
// pressed). A walk is a chain of dependent loads, so the chain's length is what
// a batch costs. The cells ORed into `trail` accumulate above bit 16; the
// boards ORed below are noise, dropped at the end.
export function flipSolveBatch(kind: i32, boards: usize, answers: usize, count: i32): f64 {
  let nodes: f64 = 0;
  if ((tableReady & (1 << kind)) == 0) nodes = <f64>flipBuildTable(kind);
  const steps = stepBase + <usize>kind * STEP_BYTES;
  if ((stepReady & (1 << kind)) == 0) deriveSteps(kind, towardGoalBase + <usize>kind * TOWARD_GOAL_BYTES, steps);
  let walked: u32 = 0;
  for (let i: usize = 0, end = <usize>count; i < end; i++) {
    let entry = load<u32>(steps + (<usize>load<u16>(boards + (i << 1)) << 2));
    let answer: u32 = 0;
    if (entry != STEP_UNSEEN) {
      let trail: u32 = 0;
      while (entry != 0) {
        trail |= entry;
        entry = load<u32>(steps + (<usize>(entry & 0xFFFF) << 2));
      }
      const pressed = trail >>> 16;
      const length = popcnt(pressed);
      walked += length;
      answer = ((length + 1) << 16) | pressed;
    }
    store<u32>(answers + (i << 2), answer);
  }
  nodes += <f64>walked;
  setLastNodes(nodes);
  return nodes;
}
