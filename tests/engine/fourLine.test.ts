/**
 * Four in a line (Wikioi 1004) on both engines, checked against a breadth-first
 * search written here from the rules in PUZZLES.md (boards as strings of
 * 'B', 'W', 'O'), every returned move list replayed, and the two engines
 * compared move for move and node for node.
 */
import { describe, expect, it } from 'vitest';
import type { FourLineAnswer, FourLineCore } from '../../src/engine/contract.js';
import { engineNames, loadCore } from '../support/engines.js';
import { hasLine, replayFourLine as replay, seededRandom } from '../oracles.js';

type Side = 'B' | 'W';

function adjacent(a: number, b: number): boolean {
  const rowA = Math.floor(a / 4);
  const rowB = Math.floor(b / 4);
  const colA = a % 4;
  const colB = b % 4;
  return Math.abs(rowA - rowB) + Math.abs(colA - colB) === 1;
}

/** Every board reached by one move of `side`. */
function successors(board: string, side: Side): string[] {
  const out: string[] = [];
  for (let to = 0; to < 16; to++) {
    if (board[to] !== 'O') continue;
    for (let from = 0; from < 16; from++) {
      if (board[from] !== side || !adjacent(from, to)) continue;
      const cells = board.split('');
      cells[to] = side;
      cells[from] = 'O';
      out.push(cells.join(''));
    }
  }
  return out;
}

const other = (side: Side): Side => (side === 'B' ? 'W' : 'B');

/** Fewest moves to a line, either side first, or null; level by level over (board, side to move). */
function fewestMoves(board: string): number | null {
  if (hasLine(board)) return 0;
  const seen = new Set<string>([`${board}B`, `${board}W`]);
  let level: Array<[string, Side]> = [
    [board, 'B'],
    [board, 'W'],
  ];
  for (let depth = 1; level.length > 0; depth++) {
    const next: Array<[string, Side]> = [];
    for (const [current, side] of level) {
      for (const child of successors(current, side)) {
        if (hasLine(child)) return depth;
        const key = child + other(side);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push([child, other(side)]);
      }
    }
    level = next;
  }
  return null;
}

/** Counted once per board and shared by both engines' tests. */
const reachableCounts = new Map<string, number>();

/** Number of (board, side to move) states reachable from `board`, either side first. */
function reachableStates(board: string): number {
  const known = reachableCounts.get(board);
  if (known !== undefined) return known;
  const seen = new Set<string>([`${board}B`, `${board}W`]);
  const queue: string[] = [`${board}B`, `${board}W`];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const side = state[16] as Side;
    for (const child of successors(state.slice(0, 16), side)) {
      const key = child + other(side);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    }
  }
  reachableCounts.set(board, queue.length);
  return queue.length;
}

function toCells(board: string): Uint8Array {
  return Uint8Array.from(board, (ch) => (ch === 'B' ? 1 : ch === 'W' ? 2 : 0));
}

function randomBoards(count: number, blacks: number, whites: number, seed: number): string[] {
  const random = seededRandom(seed);
  const boards: string[] = [];
  for (let n = 0; n < count; n++) {
    const cells = [...'B'.repeat(blacks), ...'W'.repeat(whites), ...'O'.repeat(16 - blacks - whites)];
    for (let i = cells.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
    boards.push(cells.join(''));
  }
  return boards;
}

const SAMPLE = 'BWBO' + 'WBWB' + 'BWBW' + 'WBWO';
/** No empty cell and no line: nobody can move. */
const LOCKED = 'BBWW' + 'WWBB' + 'BBWW' + 'WWBB';
const judgeBoards = randomBoards(1000, 7, 7, 1004);
const otherCountBoards = [...randomBoards(40, 8, 6, 86), ...randomBoards(40, 6, 6, 664), ...randomBoards(20, 5, 5, 556), ...randomBoards(5, 4, 3, 439)];
/** Three pieces a side can never make four: the search must exhaust the space. */
const tooFewPieces = randomBoards(1, 3, 3, 33)[0];

const expectedFewest = new Map<string, number | null>();
function expectedFor(board: string): number | null {
  if (!expectedFewest.has(board)) expectedFewest.set(board, fewestMoves(board));
  return expectedFewest.get(board)!;
}

function checkAnswer(board: string, answer: FourLineAnswer): void {
  const fewest = expectedFor(board);
  if (fewest === null) {
    expect(answer.moves, board).toBeNull();
    return;
  }
  expect(answer.moves, board).not.toBeNull();
  expect(answer.moves!.length, board).toBe(fewest);
  expect(hasLine(replay(board, answer.moves!)), board).toBe(true);
}

describe.each(engineNames)('four in a line, %s engine', (name) => {
  const core = (): Promise<FourLineCore> => loadCore(name).then((c) => c.fourLine);

  it('solves the judge sample in 5 moves', async () => {
    const fourLine = await core();
    const answer = fourLine.solve(toCells(SAMPLE));
    expect(answer.moves).not.toBeNull();
    expect(answer.moves!.length).toBe(5);
    expect(hasLine(replay(SAMPLE, answer.moves!))).toBe(true);
    checkAnswer(SAMPLE, answer);
  });

  it('is optimal on 1,000 random 7/7/2 boards', async () => {
    const fourLine = await core();
    for (const board of judgeBoards) checkAnswer(board, fourLine.solve(toCells(board)));
  });

  it('solves boards with other counts (8/6/2, 6/6/4, 5/5/6, 4/3/9)', async () => {
    const fourLine = await core();
    for (const board of otherCountBoards) checkAnswer(board, fourLine.solve(toCells(board)));
  });

  it('answers 0 moves when the start already has a line', async () => {
    const fourLine = await core();
    const board = 'BBBB' + 'WOWB' + 'WBWO' + 'WBWW';
    expect(hasLine(board)).toBe(true);
    expect(fourLine.solve(toCells(board)).moves).toEqual([]);
  });

  it('reports Impossible when nobody can move, and when no colour has four pieces', async () => {
    const fourLine = await core();
    expect(hasLine(LOCKED)).toBe(false);
    expect(fourLine.solve(toCells(LOCKED)).moves).toBeNull();
    expect(fourLine.reachable(toCells(LOCKED))).toBe(2);
    checkAnswer(tooFewPieces, fourLine.solve(toCells(tooFewPieces)));
    expect(fourLine.solve(toCells(tooFewPieces)).moves).toBeNull();
  });

  it('counts the reachable states of the sample like a plain BFS', async () => {
    const fourLine = await core();
    expect(fourLine.reachable(toCells(SAMPLE))).toBe(reachableStates(SAMPLE));
    const small = otherCountBoards[otherCountBoards.length - 1];
    expect(fourLine.reachable(toCells(small))).toBe(reachableStates(small));
  });

  it('gives the same answers when called again (buffers reused, resized)', async () => {
    const fourLine = await core();
    const boards = [SAMPLE, otherCountBoards[60], LOCKED, tooFewPieces, SAMPLE, judgeBoards[7]];
    const first = boards.map((board) => fourLine.solve(toCells(board)));
    const second = boards.map((board) => fourLine.solve(toCells(board)));
    expect(second).toEqual(first);
  });
});

describe('four in a line, engines agree', () => {
  it('on moves and node counts for every test board, and on reachable counts', async () => {
    const [wasm, ts] = await Promise.all([loadCore('wasm'), loadCore('ts')]);
    const boards = [SAMPLE, LOCKED, tooFewPieces, ...judgeBoards, ...otherCountBoards];
    for (const board of boards) {
      const a = wasm.fourLine.solve(toCells(board));
      const b = ts.fourLine.solve(toCells(board));
      expect(a, board).toEqual(b);
    }
    for (const board of [SAMPLE, LOCKED, tooFewPieces, otherCountBoards[0], otherCountBoards[50]]) {
      expect(wasm.fourLine.reachable(toCells(board)), board).toBe(ts.fourLine.reachable(toCells(board)));
    }
  });
});
