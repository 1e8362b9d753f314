/**
 * `--json` (issue 22 §3): one JSON object a case, in input order, for scripts:
 * case, status, length, moves, nodes, ms, or a reason. Every move list is
 * replayed with the oracles, lengths are held to a BFS, bad and stopped cases
 * keep their place, and the exit status and standard error are those of the
 * judge's lines. `--jobs 2` prints the same objects but for their times.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_MOVE_ORDER } from '../../src/engine/contract.js';
import { FLIP_GOALS, bfsDistance, iterationExpansions, replayPresses, replaySliding, seededRandom, shuffle, slidingNeighbours } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const run = (args: string[], input: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 120_000 });

type Answer = { case: number; status: string; length?: number | null; moves?: string[]; nodes?: number; expanded?: number; ms?: number; reason?: string };
const parse = (stdout: string): Answer[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Answer);
const timeless = (answers: Answer[]) => answers.map(({ ms, ...rest }) => rest);

describe('CLI --json', () => {
  it('flip: every case an object in order, presses replayed, a bad case an error with its reason', () => {
    const random = seededRandom(44);
    const boards: Array<number | null> = Array.from({ length: 300 }, (_, i) => (i % 97 === 5 ? null : Math.floor(random() * 65536)));
    const text = (board: number | null) =>
      board === null
        ? 'bwbw\nbqbw\nbwbw\nbwbw'
        : Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ((board >> (4 * r + c)) & 1 ? 'b' : 'w')).join('')).join('\n');
    const input = `${boards.map(text).join('\n\n')}\n`;
    const one = run(['flip', '--json', '--jobs', '1'], input);
    const two = run(['flip', '--json', '--jobs', '2'], input);
    expect(one.status).toBe(2);
    expect(two.status).toBe(2);
    expect(two.stderr).toBe(one.stderr);
    const answers = parse(one.stdout);
    expect(timeless(parse(two.stdout))).toEqual(timeless(answers));
    expect(answers.map((answer) => answer.case)).toEqual(boards.map((_, i) => i + 1));
    answers.forEach((answer, i) => {
      const board = boards[i]!;
      if (board === null) {
        expect(answer).toMatchObject({ status: 'error', reason: expect.stringMatching(/stray character 'q'/) });
        return;
      }
      if (answer.status === 'unsolvable') return expect(answer.length).toBeNull();
      expect(answer.status).toBe('solved');
      expect(answer.moves).toHaveLength(answer.length!);
      const presses = answer.moves!.map((move) => ({ row: Number(move.split(' ')[0]), col: Number(move.split(' ')[1]) }));
      expect(FLIP_GOALS.flip).toContain(replayPresses('flip', board, presses));
      expect(answer.nodes).toBeGreaterThanOrEqual(0);
    });
  });

  it('eight: solved paths at BFS length, an unsolvable board, a solved board (length 0), a stopped search', () => {
    const random = seededRandom(45);
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    const boards = [...Array.from({ length: 6 }, () => shuffle([...goal], random)), goal];
    const input = `${boards.map((b) => b.map((t) => (t === 0 ? 'x' : t)).join(' ')).join('\n')}\n`;
    const answers = parse(run(['eight', '--json'], input).stdout);
    expect(answers).toHaveLength(boards.length);
    answers.forEach((answer, i) => {
      const distance = bfsDistance(
        [boards[i]!],
        (tiles: number[]) => slidingNeighbours(tiles, 3),
        (tiles: number[]) => tiles.join() === goal.join(),
      );
      if (distance === null) return expect(answer).toMatchObject({ status: 'unsolvable', length: null, moves: [] });
      expect(answer).toMatchObject({ status: 'solved', length: distance });
      expect(replaySliding(boards[i]!, 3, answer.moves!.join(''))).toEqual(goal);
    });
    const stopped = run(['eight', '--json', '--max-nodes', '3'], '2 3 4 1 5 x 7 6 8\n');
    expect(stopped.status).toBe(3);
    expect(parse(stopped.stdout)).toEqual([{ case: 1, status: 'stopped', reason: expect.stringMatching(/3 nodes/) }]);
  });

  it('sliding IDA*: nodes expanded beside nodes in --json and on a --stats line of their own, equal to the oracle, --jobs 1 and 2', () => {
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    const random = seededRandom(46);
    const boards = Array.from({ length: 5 }, () => shuffle([...goal], random)).filter(
      (tiles) =>
        bfsDistance(
          [tiles],
          (state: number[]) => slidingNeighbours(state, 3),
          (state: number[]) => state.join() === goal.join(),
        ) !== null,
    );
    const input = `${boards.map((tiles) => tiles.join(' ')).join('\n')}\n`;
    const args = ['eight', '--heuristic', 'manhattan', '--pruning', 'parent', '--stats'];
    const one = run([...args, '--json', '--jobs', '1'], input);
    expect(one.status, one.stderr).toBe(0);
    const answers = parse(one.stdout);
    expect(timeless(parse(run([...args, '--json', '--jobs', '2'], input).stdout))).toEqual(timeless(answers));
    const h = (tiles: number[]) =>
      tiles.reduce(
        (sum, tile, p) => (tile === 0 ? sum : sum + Math.abs(Math.floor(p / 3) - Math.floor((tile - 1) / 3)) + Math.abs((p % 3) - ((tile - 1) % 3))),
        0,
      );
    answers.forEach((answer, i) => {
      const tiles = boards[i]!;
      // The iterations' bounds: Manhattan's parity is the length's, so every second value from h up to it.
      const bounds = Array.from({ length: (answer.length! - h(tiles)) / 2 + 1 }, (_, k) => h(tiles) + 2 * k);
      const expected = bounds.reduce(
        (sum, bound, k) => sum + iterationExpansions(tiles, 3, bound, h, goal, k === bounds.length - 1 ? SEARCH_MOVE_ORDER : undefined),
        0,
      );
      expect(answer.expanded, tiles.join(' ')).toBe(expected);
      expect(one.stderr).toContain(`case ${i + 1}: ${expected} expanded\n`);
    });
    // Not for the exhaustive searches, which count states taken off their queue.
    const bfs = run(['eight', '--algorithm', 'bfs', '--json', '--stats'], input);
    expect(parse(bfs.stdout).every((answer) => answer.expanded === undefined)).toBe(true);
    expect(bfs.stderr).not.toContain('expanded');
  });
});
