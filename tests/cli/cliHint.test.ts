/**
 * `puzzlesearch hint eight|sliding` (issue 23 §1): a line per case, each legal
 * move of the blank in the judge's letters with the optimal distance after it,
 * checked against a full BFS distance table of the 8-puzzle written here; bad
 * and unsolvable cases keep their places; --json and --max-nodes.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';
import { bfsAllDistances, blankTarget, seededRandom, shuffle, slidingNeighbours } from '../oracles.js';

const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const distance = bfsAllDistances(goal, (tiles: number[]) => slidingNeighbours(tiles, 3), (tiles: number[]) => tiles.join(''));
const text = (tiles: readonly number[]) => tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ');

/** The line the oracle expects: every legal move (u, d, l, r) and the distance after it. */
function expectedLine(tiles: readonly number[]): string {
  const blank = tiles.indexOf(0);
  return ['u', 'd', 'l', 'r'].flatMap((move) => {
    const next = blankTarget(3, 3, blank, move);
    if (next < 0) return [];
    const child = [...tiles];
    child[blank] = child[next]!;
    child[next] = 0;
    return [`${move} ${distance.get(child.join(''))}`];
  }).join(' ');
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

  it('--json gives the distance and the moves; --max-nodes too small says stopped; flip has no hint', async () => {
    const board = [1, 2, 3, 4, 0, 6, 7, 5, 8];
    const json = await runCli(['hint', 'sliding', '--json'], `${text(board)}\n`);
    expect(JSON.parse(json.answers[0]!)).toMatchObject({ case: 1, status: 'solved', length: distance.get(board.join('')), moves: expectedLine(board).match(/[udlr] \d+/g) });
    const stopped = await runCli(['hint', 'sliding', '--goal', 'blank-first', '--heuristic', 'linear-conflict', '--max-nodes', '100'], '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n');
    expect(stopped.answers).toEqual(['stopped']);
    expect(stopped.status).toBe(3);
    const flip = await runCli(['hint', 'flip'], '');
    expect(flip.status).toBe(1);
    expect(flip.errors[0]).toMatch(/hint takes eight or sliding, not flip/);
  });
});
