/**
 * The element's puzzle rules (src/element/*Family.ts) held to the shared
 * oracles, in Node, without a browser: a press or a move on the element's
 * board changes exactly what the oracle's rules say; a solution from the
 * library, applied by the element's `apply`, ends where the oracle's replay
 * ends, at the goal; a hint marks exactly the moves after which the oracle's
 * distance is one less; scrambles can be solved. The families call the pool's
 * methods with (board, options, call); a solver of either engine answers the
 * same calls (the call options are for a pool), so each runs here on both.
 * The browser tests (tests/web/element.slow.test.ts) check the element
 * itself in two fresh consumers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Family } from '../../src/element/family.js';
import { familyFor } from '../../src/element/families.js';
import { createSolver, type Solver, type SolverPool } from '../../src/index.js';
import {
  fourLineDistance,
  lightsOutFewest,
  lightsOutReach,
  lightsOutStencils,
  pressMask,
  replayFourLine,
  replayLightsOut,
  replayPresses,
  replaySliding,
  seededRandom,
} from '../oracles.js';
import { engineNames } from '../support/engines.js';

const rules = { goal: null, pattern: null, torus: false, colors: null };
// biome-ignore lint/suspicious/noExplicitAny: each family's own position type.
const family = (puzzle: string, more: Partial<typeof rules> = {}): Family<any, any> => familyFor(puzzle, { ...rules, ...more });
const call = {};

describe('the element families follow the oracles', () => {
  it('flip and pilots: every press turns the oracle press mask; the bits are the judge’s board', () => {
    for (const kind of ['flip', 'pilots'] as const) {
      const rules = family(kind);
      const random = seededRandom(7);
      for (let trial = 0; trial < 20; trial++) {
        const board = Math.floor(random() * 0x10000);
        expect(rules.parse(rules.format(board))).toBe(board);
        for (let cell = 0; cell < 16; cell++) {
          const outcome = rules.press(board, cell, null);
          expect(outcome.state).toBe(board ^ pressMask(kind, cell >> 2, cell & 3));
          expect(rules.apply(board, outcome.move)).toBe(outcome.state);
          expect(rules.affected!(board, cell).reduce((mask: number, at: number) => mask | (1 << at), 0)).toBe(pressMask(kind, cell >> 2, cell & 3));
        }
      }
    }
  });

  it('lights out: a press adds one to the oracle stencil’s cells, on the plane and the torus, k = 2 and 3; on a 2-row torus a cell reached twice counts once', () => {
    for (const rows of ['0120\n1201\n2012', '0120\n1201']) {
      const m = rows.split('\n').length;
      for (const pattern of ['cross', 'plus-only', 'x', 'rowcol'] as const) {
        for (const torus of [false, true]) {
          for (const colors of [2, 3]) {
            const rules = family('lightsout', { pattern, torus, colors: String(colors) });
            const board = rules.parse(rows.replace(/2/g, String(colors - 1)));
            const stencil = lightsOutStencils[pattern](m, 4);
            for (let cell = 0; cell < m * 4; cell++) {
              const outcome = rules.press(board, cell, null);
              expect(outcome.state.cells).toEqual(replayLightsOut(board.cells, [outcome.move], stencil, m, 4, torus, colors));
              expect(rules.affected!(board, cell).sort((a: number, b: number) => a - b)).toEqual(
                lightsOutReach(stencil, m, 4, torus, cell >> 2, cell & 3).sort((a, b) => a - b),
              );
            }
          }
        }
      }
    }
  });

  it('sliding: clicks, arrows and solution moves move the blank as the oracle does', () => {
    const rules = family('15', { goal: 'blank-first' });
    let tiles = rules.parse(rules.sample);
    const path: string[] = [];
    const random = seededRandom(3);
    for (let step = 0; step < 40; step++) {
      const key = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'][Math.floor(random() * 4)]!;
      const outcome = rules.key!(tiles, key);
      if (!outcome?.state) continue;
      expect(outcome.state).toEqual(replaySliding(tiles, 4, outcome.move));
      path.push(outcome.move);
      tiles = outcome.state;
    }
    // A click on a tile next to the blank is the blank's move onto it; any other tile does nothing.
    for (let cell = 0; cell < 16; cell++) {
      const outcome = rules.press(tiles, cell, null);
      if (outcome.state) expect(outcome.state).toEqual(replaySliding(tiles, 4, outcome.move));
      else expect(outcome.message).toMatch(/next to the blank/);
    }
    expect(path.length).toBeGreaterThan(20);
  });

  it('four in a line: a move is two clicks, turns alternate, and the stone keeps its identity', () => {
    const rules = family('fourline');
    const start = rules.parse(rules.sample);
    // The sample's empty cells are 3 and 15; cell 2, next to 3, is black.
    expect(rules.press(start, 3, null).message).toMatch(/Pick a stone first/);
    const picked = rules.press(start, 2, null);
    expect(picked.selected).toBe(2);
    const moved = rules.press(start, 3, 2);
    expect(moved.state.cells).toBe(replayFourLine(start.cells, [[2, 3]]));
    expect(moved.state.turn).toBe('W');
    expect(moved.state.ids[3]).toBe(start.ids[2]);
    expect(rules.press(moved.state, 7, null).message).toMatch(/White’s move/);
  });
});

describe.each(engineNames)('the element families with the %s solver', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine });
  });
  const pool = () => solver as unknown as SolverPool;

  it('flip, pilots: solutions replay to the goal with the fewest presses, hints mark the presses one closer', async () => {
    for (const kind of ['flip', 'pilots'] as const) {
      const rules = family(kind);
      for (const text of [rules.sample, rules.format(rules.scramble(0))]) {
        const board = rules.parse(text);
        const answer = await rules.solve(pool(), board, call);
        expect(answer.status).toBe('solved');
        const end = answer.moves.reduce((state: number, move: unknown) => rules.apply(state, move), board);
        expect(end).toBe(replayPresses(kind, board, answer.moves));
        expect(rules.isGoal(end)).toBe(true);
        const hint = await rules.hint(pool(), board, call);
        expect(hint.distance).toBe(answer.length);
        const closer = Array.from({ length: 16 }, (_, cell) => cell).filter((cell) => isCloser(kind, board, cell, answer.length!));
        expect(hint.cells.sort((a, b) => a - b)).toEqual(closer);
      }
    }
  });

  it('four in a line: the solution replays to a line in the oracle’s fewest moves, and the hint marks stones', async () => {
    const rules = family('fourline');
    const board = rules.parse(rules.sample);
    const answer = await rules.solve(pool(), board, call);
    expect(answer.length).toBe(fourLineDistance(board.cells, 'BW'));
    const end = answer.moves.reduce((state: unknown, move: unknown) => rules.apply(state, move), board);
    expect(end.cells).toBe(replayFourLine(board.cells, answer.moves));
    expect(rules.isGoal(end)).toBe(true);
    const hint = await rules.hint(pool(), board, call);
    expect(hint.distance).toBe(answer.length);
    expect(hint.cells).toContain((answer.moves[0].from.row - 1) * 4 + answer.moves[0].from.col - 1);
    // Mid-game, White to move: Solve keeps the turn, in the oracle's fewest moves with White first.
    const midGame = rules.press(board, 3, 2).state;
    const turnKept = await rules.solve(pool(), midGame, call);
    expect(turnKept.length).toBe(fourLineDistance(midGame.cells, 'W'));
    expect(turnKept.moves[0].colour).toBe('W');
    const after = turnKept.moves.reduce((state: unknown, move: unknown) => rules.apply(state, move), midGame);
    expect(after.cells).toBe(replayFourLine(midGame.cells, turnKept.moves));
    expect(rules.isGoal(after)).toBe(true);
  });

  it('8 and 15: the solution replays to the goal; the hint marks the tiles whose move keeps it optimal', async () => {
    for (const [puzzle, side] of [
      ['8', 3],
      ['15', 4],
    ] as const) {
      const rules = family(puzzle, { goal: 'blank-first' });
      const board = rules.parse(rules.sample);
      const answer = await rules.solve(pool(), board, call);
      expect(answer.status).toBe('solved');
      const end = answer.moves.reduce((state: unknown, move: unknown) => rules.apply(state, move), board);
      expect(end).toEqual(replaySliding(board, side, answer.moves.join('')));
      expect(end).toEqual(Array.from({ length: side * side }, (_, i) => i));
      const hint = await rules.hint(pool(), board, call);
      expect(hint.distance).toBe(answer.length);
      // The first move's tile keeps it optimal; every marked tile's move leads one closer.
      const first = replaySliding(board, side, answer.moves[0]).indexOf(0);
      expect(hint.cells).toContain(first);
      for (const cell of hint.cells) {
        const after = rules.press(board, cell, null).state;
        expect((await rules.solve(pool(), after, call)).length).toBe(answer.length! - 1);
      }
    }
  });

  it('lights out: the solution replays to dark in the oracle’s fewest presses; hint cells are in a fewest set', async () => {
    const rules = family('lightsout');
    const stencil = lightsOutStencils.cross();
    for (const text of ['101\n010\n111', '011\n110\n001']) {
      const board = rules.parse(text);
      const bits = board.cells.reduce((mask: number, value: number, cell: number) => mask | (value << cell), 0);
      const answer = await rules.solve(pool(), board, call);
      expect(answer.length).toBe(lightsOutFewest(stencil, 3, 3, false)[bits]);
      const end = answer.moves.reduce((state: unknown, move: unknown) => rules.apply(state, move), board);
      expect(end.cells).toEqual(replayLightsOut(board.cells, answer.moves, stencil, 3, 3, false, 2));
      expect(rules.isGoal(end)).toBe(true);
      const hint = await rules.hint(pool(), board, call);
      for (const cell of hint.cells) {
        const after = rules.press(board, cell, null).state;
        const afterBits = after.cells.reduce((mask: number, value: number, at: number) => mask | (value << at), 0);
        expect(lightsOutFewest(stencil, 3, 3, false)[afterBits]).toBe(answer.length! - 1);
      }
    }
  });
});

/** Whether pressing `cell` brings `board` one press closer to the goal, by the oracle's breadth-first count. */
function isCloser(kind: 'flip' | 'pilots', board: number, cell: number, distance: number): boolean {
  return fewest(kind, board ^ pressMask(kind, cell >> 2, cell & 3)) === distance - 1;
}

const fewestTables = new Map<string, Int8Array>();
function fewest(kind: 'flip' | 'pilots', board: number): number {
  let table = fewestTables.get(kind);
  if (!table) {
    // Breadth-first from every goal over the 65,536 boards (presses are their own inverses).
    table = new Int8Array(0x10000).fill(-1);
    const goals = kind === 'flip' ? [0, 0xffff] : [0];
    let frontier = goals;
    for (const goal of goals) table[goal] = 0;
    for (let depth = 1; frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const state of frontier)
        for (let at = 0; at < 16; at++) {
          const child = state ^ pressMask(kind, at >> 2, at & 3);
          if (table[child] === -1) {
            table[child] = depth;
            next.push(child);
          }
        }
      frontier = next;
    }
    fewestTables.set(kind, table);
  }
  return table[board]!;
}
