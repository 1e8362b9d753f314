/**
 * TypeScript twin of `assembly/flip.ts`: Flip Game (POJ 1753) and the Pilots
 * Brothers' refrigerator (POJ 2965). Presses commute and undo themselves, so one
 * breadth-first search from the goal board(s) over all 2^16 boards gives, for
 * every board, the press that leads one step back toward a goal; a query walks
 * that table. Same press order (cells 0..15), same goal order and same node
 * counting as the wasm engine, so both give identical cells and nodes.
 */
import { flipBatchAnswers } from '../boardChecks.js';
import type { FlipAnswer, FlipBatchAnswer, FlipCore, FlipKind } from '../contract.js';

const BOARDS = 1 << 16;
const CELLS = 16;
/** towardGoal entry of a goal board: no press leads further toward the goal. */
const AT_GOAL = 16;
/** towardGoal entry of a board the search has not reached: the table doubles as the visited set. */
const UNSEEN = 0xff;

function crossMasks(): Uint16Array {
  const masks = new Uint16Array(CELLS);
  for (let cell = 0; cell < CELLS; cell++) {
    const row = cell >> 2;
    const col = cell & 3;
    let cross = 1 << cell;
    if (row > 0) cross |= 1 << (cell - 4);
    if (row < 3) cross |= 1 << (cell + 4);
    if (col > 0) cross |= 1 << (cell - 1);
    if (col < 3) cross |= 1 << (cell + 1);
    masks[cell] = cross;
  }
  return masks;
}

function rowAndColumnMasks(): Uint16Array {
  const masks = new Uint16Array(CELLS);
  // Row and column share the pressed cell; OR keeps it once where XOR would cancel it.
  for (let cell = 0; cell < CELLS; cell++) masks[cell] = (0xf << ((cell >> 2) << 2)) | (0x1111 << (cell & 3));
  return masks;
}

interface KindTable {
  masks: Uint16Array;
  goals: readonly number[];
  /** Per board: the cell to press toward a goal, AT_GOAL, or UNSEEN. */
  towardGoal: Uint8Array;
  ready: boolean;
}

export function twinFlip(): FlipCore {
  // Shared by both kinds: a build runs to completion before anything else uses it.
  const queue = new Uint16Array(BOARDS);
  const tables: Record<FlipKind, KindTable> = {
    flip: { masks: crossMasks(), goals: [0, 0xffff], towardGoal: new Uint8Array(BOARDS), ready: false },
    pilots: { masks: rowAndColumnMasks(), goals: [0], towardGoal: new Uint8Array(BOARDS), ready: false },
  };

  function buildTable(kind: FlipKind): number {
    const table = tables[kind];
    const { masks, towardGoal } = table;
    towardGoal.fill(UNSEEN);
    let tail = 0;
    for (const goal of table.goals) {
      towardGoal[goal] = AT_GOAL;
      queue[tail++] = goal;
    }
    let head = 0;
    while (head < tail) {
      const board = queue[head++];
      for (let cell = 0; cell < CELLS; cell++) {
        const next = board ^ masks[cell];
        if (towardGoal[next] === UNSEEN) {
          towardGoal[next] = cell;
          queue[tail++] = next;
        }
      }
    }
    table.ready = true;
    return head;
  }

  function solve(kind: FlipKind, board: number): FlipAnswer {
    const table = tables[kind];
    const nodes = table.ready ? 0 : buildTable(kind);
    const { masks, towardGoal } = table;
    let current = board & 0xffff;
    let cell = towardGoal[current];
    if (cell === UNSEEN) return { cells: null, nodes };
    const cells: number[] = [];
    while (cell !== AT_GOAL) {
      cells.push(cell);
      current ^= masks[cell];
      cell = towardGoal[current];
    }
    return { cells, nodes: nodes + cells.length };
  }

  function solveBatch(kind: FlipKind, boards: ArrayLike<number>, into?: Uint32Array): FlipBatchAnswer {
    const table = tables[kind];
    let nodes = table.ready ? 0 : buildTable(kind);
    const { masks, towardGoal } = table;
    const count = boards.length;
    const answers = flipBatchAnswers(count, into);
    // An unreached board's answer is 0: a fresh array is all zeros, a reused one is cleared in one fill.
    if (into !== undefined) answers.fill(0, 0, count);
    for (let i = 0; i < count; i++) {
      let current = boards[i] & 0xffff;
      let cell = towardGoal[current];
      if (cell === UNSEEN) continue;
      let pressed = 0;
      let length = 0;
      while (cell !== AT_GOAL) {
        pressed |= 1 << cell;
        length++;
        current ^= masks[cell];
        cell = towardGoal[current];
      }
      answers[i] = ((length + 1) << 16) | pressed;
      nodes += length;
    }
    return { answers, nodes };
  }

  return { buildTable, solve, solveBatch };
}
