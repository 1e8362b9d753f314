/**
 * `puzzlesearch hint eight|sliding` (issue 23 §1): a line per case, each legal
 * move of the blank in the judge's letters with the optimal distance after it,
 * checked against a full BFS distance table of the 8-puzzle written here; bad
 * and unsolvable cases keep their places; --json and --max-nodes.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';
import {
  bfsAllDistances,
  blankTarget,
  fourLineDistance,
  fourLineMoves,
  lightsOutFewest,
  lightsOutReach,
  lightsOutStencils,
  seededRandom,
  shuffle,
  slidingNeighbours,
} from '../oracles.js';

const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const distance = bfsAllDistances(
  goal,
  (tiles: number[]) => slidingNeighbours(tiles, 3),
  (tiles: number[]) => tiles.join(''),
);
const text = (tiles: readonly number[]) => tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ');

/** The line the oracle expects: every legal move (u, d, l, r) and the distance after it. */
function expectedLine(tiles: readonly number[]): string {
  const blank = tiles.indexOf(0);
  return ['u', 'd', 'l', 'r']
    .flatMap((move) => {
      const next = blankTarget(3, 3, blank, move);
      if (next < 0) return [];
      const child = [...tiles];
      child[blank] = child[next]!;
      child[next] = 0;
      return [`${move} ${distance.get(child.join(''))}`];
    })
    .join(' ');
}

describe('CLI: hint', () => {
  it('eight: 200 random boards, a bad one and an unsolvable one, a line each in input order, as the BFS table has them', async () => {
    const random = seededRandom(2323);
    const boards = Array.from({ length: 200 }, () => shuffle([...goal], random));
    const cases = [...boards.slice(0, 100).map(text), '1 2 3 4 5 6 7 8 8', ...boards.slice(100).map(text)];
    const run = await runCli(['hint', 'eight'], `${cases.join('\n')}\n`);
    expect(run.answers).toHaveLength(cases.length);
    run.answers.forEach((line, i) => {
      if (i === 100) {
        expect(line).toBe('error');
        return;
      }
      const tiles = boards[i < 100 ? i : i - 1]!;
      expect(line, text(tiles)).toBe(distance.has(tiles.join('')) ? expectedLine(tiles) : 'unsolvable');
    });
    expect(run.status).toBe(2);
    expect(run.errors.some((line) => line.startsWith('case 101: '))).toBe(true);
  });

  it('--json gives the distance and the moves; --max-nodes too small says stopped; a family it does not know is bad usage', async () => {
    const board = [1, 2, 3, 4, 0, 6, 7, 5, 8];
    const json = await runCli(['hint', 'sliding', '--json'], `${text(board)}\n`);
    expect(JSON.parse(json.answers[0]!)).toMatchObject({
      case: 1,
      status: 'solved',
      length: distance.get(board.join('')),
      // One object a move (issue 39): the move, its distance, and whether it keeps the board optimal.
      moves: expectedLine(board)
        .match(/[udlr] \d+/g)!
        .map((each) => ({ move: each[0], distance: Number(each.slice(2)), optimal: Number(each.slice(2)) < distance.get(board.join(''))! })),
    });
    const stopped = await runCli(
      ['hint', 'sliding', '--goal', 'blank-first', '--heuristic', 'linear-conflict', '--max-nodes', '100'],
      '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n',
    );
    expect(stopped.answers).toEqual(['stopped']);
    expect(stopped.status).toBe(3);
    const lightsout = await runCli(['hint', 'tetris'], '');
    expect(lightsout.status).toBe(1);
    expect(lightsout.errors[0]).toMatch(/unknown family 'tetris'/);
  });

  it("lightsout: each cell's fewest presses after pressing it, rows between slashes, as brute force over every press set has them, on a 3x4 plane and torus; Impossible in place", async () => {
    for (const torus of [false, true]) {
      const [m, n] = [3, 4];
      const stencil = lightsOutStencils.cross(m, n);
      const fewest = lightsOutFewest(stencil, m, n, torus);
      const effect = (cell: number) =>
        lightsOutReach(stencil, m, n, torus, Math.floor(cell / n), cell % n).reduce((bits: number, at: number) => bits | (1 << at), 0);
      const random = seededRandom(torus ? 2027 : 2029);
      const boards = Array.from({ length: 30 }, () => Math.floor(random() * 2 ** (m * n)));
      const text = (board: number) => Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => (board >> (r * n + c)) & 1).join('')).join('\n');
      const run = await runCli(['hint', 'lightsout', ...(torus ? ['--torus'] : [])], `${boards.map(text).join('\n\n')}\n`);
      expect(run.answers).toHaveLength(boards.length);
      run.answers.forEach((line, i) => {
        const board = boards[i]!;
        if (fewest[board]! < 0) {
          expect(line).toBe('Impossible');
          return;
        }
        const rows = Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => fewest[board ^ effect(r * n + c)]).join(' '));
        expect([board, line]).toEqual([board, rows.join(' / ')]);
      });
    }
  });

  it('fourline: every legal move of either side and the fewest moves after it, as a plain BFS has them; a bad case and an Impossible one in place', async () => {
    const random = seededRandom(2357);
    const boards = Array.from({ length: 30 }, () => shuffle([...'BBBBBBBWWWWWWWOO'], random).join(''));
    // Two lone pieces on an empty board can never make four.
    const hopeless = 'BOOOOOOOOOOOOOOW';
    const cases = [...boards.slice(0, 15), 'BWBXWBWBBWBWWBWO', hopeless, ...boards.slice(15)];
    const run = await runCli(['hint', 'fourline'], `${cases.map((board) => board.match(/.{4}/g)!.join('\n')).join('\n')}\n`);
    expect(run.answers).toHaveLength(cases.length);
    expect(run.answers[15]).toBe('error');
    expect(run.answers[16]).toBe('Impossible');
    run.answers.forEach((line, i) => {
      if (i === 15 || i === 16) return;
      const board = cases[i]!;
      const expected = [...'BW']
        .flatMap((colour) =>
          fourLineMoves(board, colour).map(([from, to]) => {
            const child = [...board];
            child[to] = colour;
            child[from] = 'O';
            const after = fourLineDistance(child.join(''), colour === 'B' ? 'W' : 'B');
            return { from, line: `${colour} ${(from >> 2) + 1} ${(from & 3) + 1} -> ${(to >> 2) + 1} ${(to & 3) + 1} = ${after ?? '-'}` };
          }),
        )
        .sort((a, b) => a.from - b.from)
        .map((move) => move.line);
      expect([board, line]).toEqual([board, expected.join('; ')]);
    });
  });

  it("flip: a line of each cell's fewest presses after pressing it, rows between slashes, as brute force has them; Impossible in place", async () => {
    const toZero = lightsOutFewest(lightsOutStencils.cross(4, 4), 4, 4, false);
    const fewest = (board: number) => {
      const reachable = [toZero[board]!, toZero[board ^ 0xffff]!].filter((n) => n >= 0);
      return reachable.length === 0 ? null : Math.min(...reachable);
    };
    const random = seededRandom(1753);
    const boards = Array.from({ length: 40 }, () => Math.floor(random() * 65536));
    const grid = (board: number) => [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => ((board >> (4 * r + c)) & 1 ? 'b' : 'w')).join('')).join('\n');
    const run = await runCli(['hint', 'flip'], `${boards.map(grid).join('\n\n')}\n`);
    expect(run.answers).toHaveLength(boards.length);
    run.answers.forEach((line, i) => {
      const board = boards[i]!;
      if (fewest(board) === null) {
        expect(line).toBe('Impossible');
        return;
      }
      const after = Array.from({ length: 16 }, (_, cell) => {
        const r = cell >> 2;
        const c = cell & 3;
        let mask = 0;
        for (const [dr, dc] of lightsOutStencils.cross(4, 4)) if (r + dr >= 0 && r + dr < 4 && c + dc >= 0 && c + dc < 4) mask |= 1 << (4 * (r + dr) + c + dc);
        return fewest(board ^ mask);
      });
      expect(line).toBe([0, 1, 2, 3].map((r) => after.slice(4 * r, 4 * r + 4).join(' ')).join(' / '));
    });
  });
});
