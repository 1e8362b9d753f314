/**
 * `puzzlesearch census` (issue 23 §2): the count at each distance, the total,
 * the largest distance and a state that far, checked against a plain BFS
 * written in tests/oracles.js; a goal given as text; --json; both engines
 * print the same report; bad usage is one line and status 1.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cliRun.js';
import { slidingCensus } from '../oracles.js';

/** 'x 1 / 2 3' as tiles by position. */
const tilesOf = (text: string) => text.split(/[\s/]+/).map((token) => (token === 'x' ? 0 : Number(token)));

function checkReport(answers: string[], goal: number[], width: number) {
  const oracle = slidingCensus(goal, width);
  const height = goal.length / width;
  expect(answers[0]).toMatch(new RegExp(`^${width}x${height} census from `));
  expect(tilesOf(answers[0]!.replace(/^.* census from /, ''))).toEqual(goal);
  expect(answers[1]).toMatch(/^distance +states$/);
  const counts = answers.slice(2, 2 + oracle.counts.length).map((line) => line.trim().split(/ +/).map(Number));
  expect(counts).toEqual(oracle.counts.map((count, distance) => [distance, count]));
  const tail = answers.slice(2 + oracle.counts.length);
  expect(tail.slice(0, 2)).toEqual([`total ${oracle.distance.size} states`, `God's number ${oracle.counts.length - 1}`]);
  expect(tail[2]).toMatch(/^farthest /);
  expect(oracle.farthest.has(tilesOf(tail[2]!.replace(/^farthest /, '')).join(','))).toBe(true);
  expect(tail).toHaveLength(3);
}

describe('CLI: census', () => {
  it('3x3: every count, the total, 31 and a farthest state, as a plain BFS has them', async () => {
    const run = await runCli(['census', '--size', '3x3'], '');
    expect(run.status).toBe(0);
    checkReport(run.answers, [1, 2, 3, 4, 5, 6, 7, 8, 0], 3);
  });

  it('a goal given as text, rows between slashes, on a board two wide', async () => {
    const run = await runCli(['census', '--size', '2x3', '--goal', 'x 1 / 2 3 / 4 5'], '');
    expect(run.status).toBe(0);
    checkReport(run.answers, [0, 1, 2, 3, 4, 5], 2);
    const centre = await runCli(['census', '--size', '3x3', '--goal', '1 2 3 4 x 5 6 7 8', '--engine', 'ts'], '');
    checkReport(centre.answers, [1, 2, 3, 4, 0, 5, 6, 7, 8], 3);
  });

  it('the same report on both engines, and --json the same numbers', async () => {
    const wasm = await runCli(['census', '--size', '4x2', '--goal', 'blank-first'], '');
    const ts = await runCli(['census', '--size', '4x2', '--goal', 'blank-first', '--engine', 'ts'], '');
    expect(ts.answers).toEqual(wasm.answers);
    const json = await runCli(['census', '--size', '4x2', '--goal', 'blank-first', '--json'], '');
    expect(json.answers).toHaveLength(1);
    const census = JSON.parse(json.answers[0]!);
    expect(census).toMatchObject({ width: 4, height: 2, goal: [0, 1, 2, 3, 4, 5, 6, 7], total: 20_160, godsNumber: 36 });
    expect(census.counts.map((count: number, distance: number) => `${String(distance).padStart(8)}  ${String(count).padStart(8)}`)).toEqual(
      wasm.answers.slice(2, 2 + census.counts.length),
    );
  });

  it('bad usage: one line naming what is wrong, status 1, nothing on standard output', async () => {
    const cases: [string[], RegExp][] = [
      [['census'], /--size is missing/],
      [['census', '--size', '4x4'], /a 4x4 board is not one it takes/],
      [['census', '--size', '3 by 3'], /size must be like '3x4'/],
      [['census', '--size', '2x2', '--goal', '1 2 3'], /the goal must be .* the 4 tiles of the 2x2 board/],
      [['census', '--size', '2x2', '--goal', '1 2 2 x'], /goal position 3: duplicate tile 2/],
      [['census', '--size', '2x2', '--engine', 'gpu'], /--engine must be wasm or ts/],
      [['census', '--size', '2x2', '--depth', '3'], /unknown option '--depth'/],
      // Rows of the wrong width are refused, as the API refuses rows of an array (D9), never reflowed.
      [['census', '--size', '2x3', '--goal', 'x 1 2 / 3 4 5'], /the goal's rows \(3, 3 tiles\) do not make the 2x3 board/],
      [['census', '--size', '3x2', '--goal', 'x 1\n2 3\n4 5'], /the goal's rows \(2, 2, 2 tiles\) do not make the 3x2 board/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, '');
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.answers).toEqual([]);
      expect(run.errors[0]).toMatch(/^puzzlesearch census: /);
      expect(run.errors[0]).toMatch(message);
    }
  });

  it('census --help prints its usage; the whole help names the command', async () => {
    const help = await runCli(['census', '--help'], '');
    expect(help.status).toBe(0);
    expect(help.answers[0]).toMatch(/^Usage: puzzlesearch census --size WxH/);
    const whole = await runCli(['--help'], '');
    expect(whole.answers).toContain('       puzzlesearch census --size WxH [options]');
    expect(whole.answers.join('\n')).toContain('--json               one JSON object: counts, total, godsNumber, farthest');
  });
});
