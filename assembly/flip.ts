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

import { setLastNodes, scratchPointer } from './scratch';

const BOARDS: i32 = 1 << 16;
const CELLS: i32 = 16;
const KINDS: i32 = 2;
const KIND_FLIP: i32 = 0;
// towardGoal entry of a goal board: no press leads further toward the goal.
const AT_GOAL: u8 = 16;

// Press masks, u16 per cell, flip's 16 then pilots' 16; filled once.
const pressMasks: usize = memory.data(KINDS * CELLS * 2, 16);
let masksReady: bool = false;

// One heap block for everything the searches need, allocated the first time a
// table is built and kept for the life of the instance. The sizes are fixed by
// the 4x4 board, so there is no capacity to grow.
const TOWARD_GOAL_BYTES: usize = <usize>BOARDS; // u8 per board, per kind
const VISITED_BYTES: usize = <usize>BOARDS >> 3; // one bit per board, per kind
const QUEUE_BYTES: usize = <usize>BOARDS << 1; // u16 per board, shared
let towardGoalBase: usize = 0;
let visitedBase: usize = 0;
let queue: usize = 0;
// A table is trusted by flipSolve only after a complete build.
let tableReady: u32 = 0; // bit per kind

function prepareMasks(): void {
  if (masksReady) return;
  for (let cell = 0; cell < CELLS; cell++) {
    const row = cell >> 2;
    const col = cell & 3;
    let cross: u32 = 1 << cell;
    if (row > 0) cross |= 1 << (cell - 4);
    if (row < 3) cross |= 1 << (cell + 4);
    if (col > 0) cross |= 1 << (cell - 1);
    if (col < 3) cross |= 1 << (cell + 1);
    // Row and column share the pressed cell; XOR-ing them would cancel it.
    const rowAndColumn: u32 = (<u32>0xF << (row << 2)) | (<u32>0x1111 << col);
    store<u16>(pressMasks + (<usize>cell << 1), <u16>cross);
    store<u16>(pressMasks + (<usize>(CELLS + cell) << 1), <u16>rowAndColumn);
  }
  masksReady = true;
}

function prepareBuffers(): void {
  if (queue != 0) return;
  const kinds = <usize>KINDS;
  const block = heap.alloc(kinds * (TOWARD_GOAL_BYTES + VISITED_BYTES) + QUEUE_BYTES);
  towardGoalBase = block;
  visitedBase = block + kinds * TOWARD_GOAL_BYTES;
  queue = visitedBase + kinds * VISITED_BYTES;
}

// Breadth-first search from the goal board(s) of `kind`, recording for every
// board the press that leads one step back toward a goal. Always rebuilds.
// Returns the number of boards expanded (taken off the queue).
export function flipBuildTable(kind: i32): i32 {
  prepareMasks();
  prepareBuffers();
  const masks = pressMasks + (<usize>(kind * CELLS) << 1);
  const towardGoal = towardGoalBase + <usize>kind * TOWARD_GOAL_BYTES;
  const visited = visitedBase + <usize>kind * VISITED_BYTES;
  memory.fill(visited, 0, VISITED_BYTES);

  let tail: i32 = 0;
  const goalCount: i32 = kind == KIND_FLIP ? 2 : 1;
  for (let g = 0; g < goalCount; g++) {
    const goal: u32 = g == 0 ? 0 : 0xFFFF;
    const goalByte = visited + (goal >> 3);
    store<u8>(goalByte, <u32>load<u8>(goalByte) | (<u32>1 << (goal & 7)));
    store<u8>(towardGoal + goal, AT_GOAL);
    store<u16>(queue + (<usize>tail << 1), <u16>goal);
    tail++;
  }

  let head: i32 = 0;
  while (head < tail) {
    const board = <u32>load<u16>(queue + (<usize>head << 1));
    head++;
    for (let cell = 0; cell < CELLS; cell++) {
      const next = board ^ <u32>load<u16>(masks + (<usize>cell << 1));
      const byteAddress = visited + (next >> 3);
      const bits = <u32>load<u8>(byteAddress);
      const bit: u32 = 1 << (next & 7);
      if ((bits & bit) == 0) {
        store<u8>(byteAddress, bits | bit);
        store<u8>(towardGoal + next, <u8>cell);
        store<u16>(queue + (<usize>tail << 1), <u16>next);
        tail++;
      }
    }
  }
  tableReady |= 1 << kind;
  setLastNodes(head);
  return head;
}

// Shortest press sequence from `board` to a goal of `kind`: its cells go to
// scratch bytes 0.. and its length is returned, or -1 when no goal is reachable.
// The node count (lastNodes) includes the table build when this call had to run it.
export function flipSolve(kind: i32, board: i32): i32 {
  let nodes: i32 = 0;
  if ((tableReady & (1 << kind)) == 0) nodes = flipBuildTable(kind);
  const masks = pressMasks + (<usize>(kind * CELLS) << 1);
  const towardGoal = towardGoalBase + <usize>kind * TOWARD_GOAL_BYTES;
  const visited = visitedBase + <usize>kind * VISITED_BYTES;
  let current = <u32>board & 0xFFFF;
  if (((<u32>load<u8>(visited + (current >> 3)) >> (current & 7)) & 1) == 0) {
    setLastNodes(nodes);
    return -1;
  }
  const out = scratchPointer();
  let length: i32 = 0;
  let cell = load<u8>(towardGoal + current);
  while (cell != AT_GOAL) {
    store<u8>(out + <usize>length, cell);
    length++;
    current ^= <u32>load<u16>(masks + (<usize>cell << 1));
    cell = load<u8>(towardGoal + current);
  }
  setLastNodes(nodes + length);
  return length;
}
