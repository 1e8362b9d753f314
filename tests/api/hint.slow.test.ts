/**
 * Hints (issue 23 §1), on both engines: for every 3x3 board, each legal
 * move's distance and whether it keeps the position optimal agree with a full
 * breadth-first distance table written here; on random 4x4 boards (6-6-3
 * tables) each move's distance equals the child solved on its own; a node
 * budget leaves a move unknown rather than guessed; an unsolvable board, a
 * solved one and an abort say so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSolver, PuzzleInputError, type Solver } from '../../src/index.js';
import { engineNames } from '../support/engines.js';
import {
  bfsAllDistances,
  blankTarget,
  fourLineDistance,
  fourLineMoves,
  lightsOutFewest,
  lightsOutLightest,
  lightsOutReach,
  lightsOutStencils,
  seededRandom,
  shuffle,
  slidingNeighbours,
  slidingWalk,
} from '../oracles.js';

const goal3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const goal4 = [0, ...Array.from({ length: 15 }, (_, i) => i + 1)];

/** The board after the blank moves `letter` (u, d, l, r). */
function after(tiles: readonly number[], width: number, letter: string): number[] {
  const blank = tiles.indexOf(0);
  const next = blankTarget(width, tiles.length / width, blank, letter);
  const child = [...tiles];
  child[blank] = child[next]!;
  child[next] = 0;
  return child;
}

describe.each(engineNames)('solver.hint on %s', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine, tables: { dir: false } });
  });

  it("every 3x3 board: each move's distance and optimality as a full BFS from the goal has them", () => {
    const distance = bfsAllDistances(
      goal3,
      (tiles: number[]) => slidingNeighbours(tiles, 3),
      (tiles: number[]) => tiles.join(''),
    );
    expect(distance.size).toBe(181_440);
    let optimalMoves = 0;
    for (const [key, d] of distance) {
      const tiles = [...key].map(Number);
      const hint = solver.hint(tiles);
      expect(hint.status).toBe('solved');
      expect(hint.distance).toBe(d);
      expect(hint.moves).toHaveLength(slidingNeighbours(tiles, 3).length);
      for (const { move, distance: after3, optimal } of hint.moves) {
        const child = distance.get(after(tiles, 3, move).join(''))!;
        if (after3 !== child || optimal !== (child === d - 1)) {
          expect({ board: key, move, distance: after3, optimal }).toEqual({ board: key, move, distance: child, optimal: child === d - 1 });
        }
        if (optimal) optimalMoves++;
      }
    }
    // Every board but the goal has at least one move that keeps it optimal.
    expect(optimalMoves).toBeGreaterThanOrEqual(181_439);
  }, 300_000);

  it("random 4x4 boards on the 6-6-3 tables: each move's distance is its child's, solved on its own", async () => {
    await solver.prepareTables('4x4', { goal: 'blank-first' });
    const random = seededRandom(2311);
    for (let trial = 0; trial < 6; trial++) {
      const { tiles } = slidingWalk(goal4, 4, 40 + trial * 4, random);
      const hint = solver.hint(tiles, { goal: 'blank-first' });
      const own = solver.sliding(tiles, { goal: 'blank-first' });
      expect(hint.status).toBe('solved');
      expect(hint.distance).toBe(own.length);
      for (const { move, distance, optimal } of hint.moves) {
        const child = solver.sliding(after(tiles, 4, move), { goal: 'blank-first' });
        expect(distance, `${tiles.join(' ')} ${move}`).toBe(child.length);
        expect(optimal).toBe(child.length === own.length! - 1);
      }
      expect(hint.moves.some((move) => move.optimal)).toBe(true);
    }
  }, 300_000);

  it('the solved board: every move one step away; an unsolvable board: no distances, and why', () => {
    const solved = solver.hint(goal3);
    expect(solved.distance).toBe(0);
    expect(solved.moves).toEqual([
      { move: 'u', distance: 1, optimal: false },
      { move: 'l', distance: 1, optimal: false },
    ]);
    const odd = solver.hint([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    expect(odd.status).toBe('unsolvable');
    expect(odd.distance).toBeNull();
    expect(odd.reason).toMatch(/^unsolvable: the parity/);
    expect(odd.moves.every((move) => move.distance === null && move.optimal === null)).toBe(true);
  });

  it('a budget too small leaves distances unknown, never guessed', () => {
    // Korf #1 (57 moves) with linear conflict needs millions of nodes: 1,000 cannot settle it.
    const korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    const stopped = solver.hint(korf1, { goal: 'blank-first', heuristic: 'linear-conflict', maxNodes: 1000 });
    expect(stopped.status).toBe('stopped');
    expect(stopped.distance).toBeNull();
    expect(stopped.moves.every((move) => move.distance === null)).toBe(true);
    // A budget of the board's own search alone: its distance and the path's first move, and no other move guessed.
    const board = [4, 1, 3, 7, 2, 6, 5, 8, 0];
    const full = solver.hint(board);
    const own = solver.sliding(board).stats.nodes;
    const tight = solver.hint(board, { maxNodes: own });
    expect(tight.status).toBe('solved');
    expect(tight.distance).toBe(full.distance);
    const settled = tight.moves.filter((move) => move.distance !== null);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toEqual(full.moves.find((move) => move.move === settled[0]!.move));
    expect(settled[0]!.optimal).toBe(true);
  });

  it('an aborted signal stops it with an AbortError', () => {
    const korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    expect(() => solver.hint(korf1, { goal: 'blank-first', signal: AbortSignal.abort() })).toThrow(/aborted/);
  });

  it("Flip and Pilots: every one of the 65,536 boards, each cell's fewest presses after pressing it, as brute force over all press sets has them", () => {
    for (const kind of ['flip', 'pilots'] as const) {
      const stencil = kind === 'flip' ? lightsOutStencils.cross(4, 4) : lightsOutStencils.rowcol(4, 4);
      const toZero = lightsOutFewest(stencil, 4, 4, false);
      // Flip ends all white or all black; Pilots with every handle open (all 0).
      const fewest = (board: number) => {
        const options = kind === 'flip' ? [toZero[board]!, toZero[board ^ 0xffff]!] : [toZero[board]!];
        const reachable = options.filter((n) => n >= 0);
        return reachable.length === 0 ? null : Math.min(...reachable);
      };
      const masks = Array.from({ length: 16 }, (_, cell) =>
        stencil.reduce((mask, [dr, dc]) => {
          const r = (cell >> 2) + dr;
          const c = (cell & 3) + dc;
          return r >= 0 && r < 4 && c >= 0 && c < 4 ? mask | (1 << (4 * r + c)) : mask;
        }, 0),
      );
      const [on, off] = kind === 'flip' ? ['b', 'w'] : ['+', '-'];
      for (let board = 0; board < 65536; board++) {
        const text = [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => ((board >> (4 * r + c)) & 1 ? on : off)).join('')).join('\n');
        const hint = kind === 'flip' ? solver.flipHint(text) : solver.pilotsHint(text);
        const d = fewest(board);
        const wanted = masks.map((mask, cell) => {
          const after = d === null ? null : fewest(board ^ mask);
          return { row: (cell >> 2) + 1, col: (cell & 3) + 1, distance: after, optimal: after === null ? null : after === d! - 1 };
        });
        if (hint.distance !== d || JSON.stringify(hint.cells) !== JSON.stringify(wanted)) {
          expect({ kind, board, distance: hint.distance, cells: hint.cells }).toEqual({ kind, board, distance: d, cells: wanted });
        }
        expect(hint.status).toBe(d === null ? 'unsolvable' : 'solved');
      }
    }
  }, 300_000);

  it('four in a line: random boards, either side first or one, every legal move and its distance with the other side next, as a plain BFS has them', () => {
    const random = seededRandom(2341);
    for (let trial = 0; trial < 40; trial++) {
      // The judge's 7, 7 and 2, and now and then other counts (a warning, still searched).
      const counts = trial % 8 === 7 ? [6, 6, 4] : [7, 7, 2];
      const board = shuffle([...'B'.repeat(counts[0]!), ...'W'.repeat(counts[1]!), ...'O'.repeat(counts[2]!)], random).join('');
      const text = board.match(/.{4}/g)!.join('\n');
      for (const toMove of [undefined, 'B', 'W'] as const) {
        const first = toMove ?? 'BW';
        const hint = solver.fourLineHint(text, toMove === undefined ? undefined : { toMove });
        const distance = fourLineDistance(board, first);
        expect([board, first, hint.distance]).toEqual([board, first, distance]);
        expect(hint.status).toBe(distance === null ? 'unsolvable' : 'solved');
        const expected = [...first].flatMap((colour) => fourLineMoves(board, colour)).sort(([a, b], [c, d]) => a - c || b - d);
        const listed = hint.moves.map(({ from, to }) => [(from.row - 1) * 4 + from.col - 1, (to.row - 1) * 4 + to.col - 1]);
        expect([...listed].sort(([a, b], [c, d]) => a! - c! || b! - d!)).toEqual(expected);
        for (const move of hint.moves) {
          const [from, to] = [(move.from.row - 1) * 4 + move.from.col - 1, (move.to.row - 1) * 4 + move.to.col - 1];
          expect(board[from]).toBe(move.colour);
          const child = [...board];
          child[to] = move.colour;
          child[from] = 'O';
          const after = fourLineDistance(child.join(''), move.colour === 'B' ? 'W' : 'B');
          expect({ board, move, distance: move.distance, optimal: move.optimal }).toEqual({
            board,
            move,
            distance: after,
            optimal: distance !== null && after === distance - 1,
          });
        }
        // A board that is not won has a move that keeps it optimal, unless no line can be made.
        if (distance !== null && distance > 0) expect(hint.moves.some((move) => move.optimal)).toBe(true);
      }
    }
    expect(() => solver.fourLineHint('BWBO\nWBWB\nBWBW\nWBWO', { toMove: 'X' as never })).toThrow(/toMove must be 'B' or 'W'/);
    expect(() => solver.fourLineHint('BWBO\nWBWB')).toThrow(PuzzleInputError);
  });

  it("Lights Out up to 20 cells, every pattern, plane and torus: each cell's fewest presses after a press, and the cells of some fewest set, as brute force has them", () => {
    const random = seededRandom(4402);
    let inSomeSet = 0;
    for (const [m, n] of [
      [3, 3],
      [4, 4],
      [4, 5],
      [2, 6],
    ] as const) {
      for (const pattern of ['cross', 'x', 'plus-only', 'rowcol'] as const) {
        for (const torus of [false, true]) {
          const stencil = lightsOutStencils[pattern](m, n);
          const fewest = lightsOutFewest(stencil, m, n, torus);
          const masks = Array.from({ length: m * n }, (_, cell) =>
            lightsOutReach(stencil, m, n, torus, Math.floor(cell / n), cell % n).reduce((mask, at) => mask | (1 << at), 0),
          );
          for (let trial = 0; trial < 12; trial++) {
            const board = Math.floor(random() * 2 ** (m * n));
            const rows = Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => (board >> (r * n + c)) & 1).join(''));
            const hint = solver.lightsOutHint(rows, { pattern, torus });
            const d = fewest[board]!;
            const where = `${m}x${n} ${pattern} ${torus ? 'torus' : 'plane'} ${rows.join('/')}`;
            expect(hint.distance, where).toBe(d < 0 ? null : d);
            expect(hint.minimal).toBe(true);
            const after = masks.map((mask) => (d < 0 ? -1 : fewest[board ^ mask]!));
            expect([...hint.after], where).toEqual(after);
            expect([...hint.optimal], where).toEqual(after.map((a) => (d >= 0 && a === d - 1 ? 1 : 0)));
            inSomeSet += hint.optimal.reduce((sum, x) => sum + x, 0);
          }
        }
      }
    }
    expect(inSomeSet).toBeGreaterThan(100);
  }, 300_000);

  it("Lights Out over GF(3), GF(5) and GF(7): each cell's fewest presses after a press, as elimination over every cell has them", () => {
    const random = seededRandom(4403);
    let checked = 0;
    for (const colors of [3, 5, 7]) {
      for (const [m, n] of [
        [3, 3],
        [4, 3],
        [1, 6],
      ] as const) {
        for (const pattern of ['cross', 'x', 'rowcol'] as const) {
          for (const torus of [false, true]) {
            const stencil = lightsOutStencils[pattern](m, n);
            const board = Array.from({ length: m * n }, () => Math.floor(random() * colors));
            const rows = Array.from({ length: m }, (_, r) => board.slice(r * n, (r + 1) * n));
            const hint = solver.lightsOutHint(rows, { pattern, torus, colors });
            const target = new Array<number>(m * n).fill(0);
            const fewest = (cells: number[]) => lightsOutLightest(stencil, m, n, torus, colors, cells, target)!.fewest;
            const d = fewest(board);
            const where = `GF(${colors}) ${m}x${n} ${pattern} ${torus ? 'torus' : 'plane'} ${board.join('')}`;
            expect(hint.distance, where).toBe(d < 0 ? null : d);
            const after = board.map((_, cell) => {
              if (d < 0) return -1;
              const pressed = [...board];
              for (const at of lightsOutReach(stencil, m, n, torus, Math.floor(cell / n), cell % n)) pressed[at] = (pressed[at]! + 1) % colors;
              return fewest(pressed);
            });
            expect([...hint.after], where).toEqual(after);
            expect([...hint.optimal], where).toEqual(after.map((a) => (d >= 0 && a === d - 1 ? 1 : 0)));
            checked += d < 0 ? 0 : 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a board whose press map is not invertible is solved once a cell only up to 1024 cells, and those solves weigh at most 2^26 press sets', () => {
    // 50x50, plane cross: kernel dimension 8, so 2,500 solves; refused, naming the limit.
    const fifty = Array.from({ length: 50 }, () => '0'.repeat(50));
    expect(solver.lightsOut(fifty).kernelDimension).toBe(8);
    expect(() => solver.lightsOutHint(fifty)).toThrow(PuzzleInputError);
    expect(() => solver.lightsOutHint(fifty)).toThrow(
      /^hint: a 50x50 board with a press map of kernel dimension 8 is solved once a cell .* at most 1024 cells$/,
    );
    // 32x32, x pattern: kernel dimension 22, 1,024 cosets of 2^22 press sets each (2^32 in all) if every one were walked.
    const board = Array.from({ length: 32 }, () => '0'.repeat(32));
    const own = solver.lightsOut(board, { pattern: 'x' });
    expect(own.kernelDimension).toBe(22);
    const hint = solver.lightsOutHint(board, { pattern: 'x' });
    expect(hint.minimal).toBe(false);
    expect(hint.stats.nodes).toBeLessThanOrEqual(own.stats.nodes + 2 ** 26);
    // Whatever was cut short, a press on the solved board is undone by one press.
    expect([...hint.after]).toEqual(new Array(1024).fill(1));
  });

  it('a board whose press map is invertible is solved once for its hint, not once a cell: a 200x200 board weighs what its solve weighs', () => {
    const random = seededRandom(4404);
    const rows = Array.from({ length: 200 }, () => Array.from({ length: 200 }, () => (random() < 0.5 ? '1' : '0')).join(''));
    const solved = solver.lightsOut(rows);
    expect(solved.kernelDimension).toBe(0);
    const hint = solver.lightsOutHint(rows);
    expect(hint.distance).toBe(solved.length);
    expect(hint.stats.nodes).toBe(solved.stats.nodes);
    // Spot checks against a solve of the pressed board.
    for (const cell of [0, 199, 20_100, 39_999]) {
      const pressed = rows.map((row) => [...row].map(Number));
      for (const at of lightsOutReach(lightsOutStencils.cross(200, 200), 200, 200, false, Math.floor(cell / 200), cell % 200)) {
        pressed[Math.floor(at / 200)]![at % 200]! ^= 1;
      }
      expect(hint.after[cell]).toBe(solver.lightsOut(pressed).length);
    }
  });
});
