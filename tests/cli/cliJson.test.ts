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
import { FLIP_GOALS, bfsDistance, replayPresses, replaySliding, seededRandom, shuffle, slidingNeighbours } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const run = (args: string[], input: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 120_000 });

type Answer = { case: number; status: string; length?: number | null; moves?: string[]; nodes?: number; ms?: number; reason?: string };
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
});
