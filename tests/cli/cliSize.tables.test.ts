/**
 * `puzzlesearch sliding --size WxH`: m x n boards through the CLI, held to a
 * breadth-first search written in tests/oracles.js with every path replayed;
 * the framing of m x n rows; bad --size values; and the 24-puzzle on the 5x5
 * tables prepared by the global setup (tests/support/tables5x5.setup.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { splitCases, tokenFramer } from '../../src/cli/cases.js';
import { runCli } from '../support/cliRun.js';
import { engineNames } from '../support/engines.js';
import { tables5x5Dir } from '../support/tables5x5.js';
import { bfsAllDistances, bfsDistance, replaySliding, seededRandom, shuffle, slidingNeighbours, slidingWalk } from '../oracles.js';

// Any tables the in-process runs would build go to a folder of this file's own.
const cache = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-size-'));
process.env.PUZZLESEARCH_CACHE = cache;
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const blankLast = (cells: number) => Array.from({ length: cells }, (_, i) => (i + 1) % cells);
const blankFirst = (cells: number) => Array.from({ length: cells }, (_, i) => i);
const oneLine = (tiles: readonly number[]) => tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ');
const asRows = (tiles: readonly number[], width: number) =>
  Array.from({ length: tiles.length / width }, (_, r) => oneLine(tiles.slice(r * width, (r + 1) * width))).join('\n');

/** Replays `path` from `start` and expects the goal, and its length to be `distance`. */
function expectOptimal(answer: string, start: number[], width: number, goal: number[], distance: number | undefined) {
  if (distance === undefined) {
    expect(answer).toBe('unsolvable');
    return;
  }
  expect(answer).toMatch(/^[udlr]*$/);
  expect(answer).toHaveLength(distance);
  expect(replaySliding(start, width, answer)).toEqual(goal);
}

describe.each(engineNames)('sliding --size with --engine %s', (engine) => {
  // Small boards: every board's distance from a whole-space BFS (a board missing from it is unsolvable).
  it.each([
    [2, 3],
    [3, 2],
    [4, 2],
  ])('answers %ix%i boards (W columns, H rows) as a full BFS does, for both goals', async (width, height) => {
    const cells = width * height;
    const random = seededRandom(width * 10 + height);
    for (const [goalName, goal] of [
      ['blank-last', blankLast(cells)],
      ['blank-first', blankFirst(cells)],
    ] as const) {
      const distances = bfsAllDistances(
        goal,
        (tiles) => slidingNeighbours(tiles, width),
        (tiles) => tiles.join(','),
      );
      const starts = Array.from({ length: 12 }, () => shuffle(blankFirst(cells), random));
      // Half on one line, half a row a line.
      const input = starts.map((tiles, i) => (i % 2 === 0 ? oneLine(tiles) : asRows(tiles, width))).join('\n');
      const run = await runCli(['sliding', '--engine', engine, '--size', `${width}x${height}`, '--goal', goalName], `${input}\n`);
      expect(run.errors).toEqual([]);
      expect(run.status).toBe(0);
      expect(run.answers).toHaveLength(starts.length);
      starts.forEach((start, i) => expectOptimal(run.answers[i], start, width, goal, distances.get(start.join(','))));
      // Both solvable and unsolvable boards were drawn.
      expect(run.answers.some((a) => a === 'unsolvable') && run.answers.some((a) => a !== 'unsolvable')).toBe(true);
    }
  });

  // Larger boards: random walks of 14 moves, each checked by a BFS from its start.
  it.each([
    [3, 4],
    [5, 4],
  ])('answers %ix%i boards a random walk away as a BFS does, and says unsolvable after a swap', async (width, height) => {
    const cells = width * height;
    const random = seededRandom(width * 100 + height);
    const goal = blankLast(cells);
    const starts = Array.from({ length: 3 }, () => slidingWalk(goal, width, 14, random).tiles);
    // Swapping two tiles (not the blank) changes the permutation's parity: unsolvable.
    const swapped = [...starts[0]];
    const [a, b] = [swapped.indexOf(1), swapped.indexOf(2)];
    [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
    const boards = [...starts, swapped];
    const input = boards.map((tiles, i) => (i % 2 === 0 ? asRows(tiles, width) : oneLine(tiles))).join('\n');
    const run = await runCli(['sliding', '--engine', engine, '--size', `${width}x${height}`], `${input}\n`);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe(0);
    starts.forEach((start, i) => {
      const distance = bfsDistance(
        [start],
        (tiles) => slidingNeighbours(tiles, width),
        (tiles) => tiles.join(',') === goal.join(','),
        (tiles) => tiles.join(','),
      );
      expectOptimal(run.answers[i], start, width, goal, distance ?? undefined);
    });
    expect(run.answers[3]).toBe('unsolvable');
  });

  it('frames m x n rows: a whole line, rows, and bad lines each a case of their own', async () => {
    // 3x2: rows of 3 tokens, two rows a board, or 6 tokens on a line.
    const input = [
      '1 2 3 4 x 5', // 1: a whole board on a line
      '1 2 3', // 2: rows...
      '4 x 5',
      '1 2 3 4', // 3: neither a board nor a row
      '1 2 3', // 4: a row cut short by a blank line
      '',
      '1 2 3', // 5: a row cut short by a whole board (6)
      'x 1 2 3 4 5', // 6
      '1 2 q 4 5 x', // 7: a stray token: its own case, named by the parser
      '1 2', // 8: a row of 2 is not a row of this board
      '1 2 3 4 5 x', // 9: solved
      '1 2 3', // 10: cut short by the end of input
    ].join('\n');
    const run = await runCli(['sliding', '--engine', engine, '--size', '3x2'], `${input}\n`);
    expect(run.status).toBe(2);
    expect(run.answers).toHaveLength(10);
    expect(run.answers[0]).toBe('r');
    expect(run.answers[1]).toBe('r');
    expect(run.answers.filter((_, i) => [2, 3, 4, 6, 7, 9].includes(i))).toEqual(Array(6).fill('error'));
    expectOptimal(
      run.answers[5],
      [0, 1, 2, 3, 4, 5],
      3,
      blankLast(6),
      bfsDistance(
        [[0, 1, 2, 3, 4, 5]],
        (t) => slidingNeighbours(t, 3),
        (t) => t.join(',') === blankLast(6).join(','),
        (t) => t.join(','),
      ) ?? undefined,
    );
    expect(run.answers[8]).toBe('');
    expect(run.errors).toEqual([
      'case 3: wrong size: 4 tokens, expected 6 (a 3x2 board: one line, or 2 rows of 3)',
      'case 4: wrong size: 3 tokens, expected 6 (a 3x2 board: one line, or 2 rows of 3)',
      'case 5: wrong size: 3 tokens, expected 6 (a 3x2 board: one line, or 2 rows of 3)',
      "case 7: token 3: stray token 'q', expected a tile number or 'x' for the blank",
      'case 8: wrong size: 2 tokens, expected 6 (a 3x2 board: one line, or 2 rows of 3)',
      'case 10: wrong size: 3 tokens, expected 6 (a 3x2 board: one line, or 2 rows of 3)',
    ]);
  });

  it('takes a --goal board of the --size shape, on one line or in rows, and refuses another shape', async () => {
    const goal = [1, 2, 0, 3, 4, 5];
    const start = [1, 2, 5, 3, 4, 0];
    for (const goalText of [oneLine(goal), asRows(goal, 3)]) {
      const run = await runCli(['sliding', '--engine', engine, '--size', '3x2', '--goal', goalText], `${oneLine(start)}\n`);
      expect(run.status).toBe(0);
      expect(run.answers).toEqual(['u']);
      expect(replaySliding(start, 3, run.answers[0])).toEqual(goal);
    }
    const wrong = await runCli(['sliding', '--engine', engine, '--size', '3x2', '--goal', '1 2 3 4 5 6 7 8 x'], '1 2 3 4 5 x\n');
    expect(wrong.status).toBe(1);
    expect(wrong.answers).toEqual([]);
    expect(wrong.errors).toEqual([
      'puzzlesearch: --goal: not one 3x2 board (wrong size: 9 tokens, expected 6 (a 3x2 board: one line, or 2 rows of 3)); see puzzlesearch --help',
    ]);
  });
});

describe('--size and --partition as options', () => {
  it.each(['5', '6x6', '1x5', 'axb', '4x', 'x4', '3x3x3', '4X4', ' 4x4', ''])('refuses --size %j with one usage error naming it', async (size) => {
    const run = await runCli(['sliding', '--size', size], '1 2 3 4 5 6 7 8 x\n');
    expect(run.status).toBe(1);
    expect(run.answers).toEqual([]);
    expect(run.errors).toEqual([`puzzlesearch: --size takes WxH, W columns and H rows of 2 to 5 each (e.g. 4x3), not '${size}'; see puzzlesearch --help`]);
  });

  it('warns that --size does nothing for the other families, and still answers', async () => {
    const flip = await runCli(['flip', '--size', '4x4'], 'bwwb\nbbwb\nbwwb\nbwww\n');
    expect(flip).toEqual({ status: 0, answers: ['4'], errors: ['puzzlesearch: warning: --size does nothing for flip: it applies to sliding'] });
    const eight = await runCli(['eight', '--size', '3x2'], '1 2 3 4 5 6 7 x 8\n');
    expect(eight).toEqual({ status: 0, answers: ['r'], errors: ['puzzlesearch: warning: --size does nothing for eight: it applies to sliding'] });
  });

  it('checks --partition against the size: per --size, or against 4x4 and 5x5 without it', async () => {
    const refused = async (args: string[]) => {
      const run = await runCli(['sliding', ...args], '');
      expect(run.status).toBe(1);
      expect(run.errors).toHaveLength(1);
      return run.errors[0];
    };
    expect(await refused(['--size', '5x5', '--partition', '7-8'])).toBe(
      "puzzlesearch: unknown partition '7-8' for 5x5 boards, expected 6-6-6-6, 6-6-6-6x3, 6-6-6-6x7, 6-6-6-6-zero-aware, 6-6-6-6x3-zero-aware or 6-6-6-6x7-zero-aware; see puzzlesearch --help",
    );
    expect(await refused(['--size', '4x4', '--partition', '6-6-6-6'])).toBe(
      "puzzlesearch: unknown partition '6-6-6-6' for 4x4 boards, expected 6-6-3, 7-8 or 6-6-3-zero-aware; see puzzlesearch --help",
    );
    expect(await refused(['--size', '5x4', '--partition', '6-6-3'])).toBe(
      'puzzlesearch: --partition: 5x4 boards have no pattern database (4x4 and 5x5 have); see puzzlesearch --help',
    );
    expect(await refused(['--partition', '5-5-5'])).toBe(
      "puzzlesearch: unknown partition '5-5-5', expected 6-6-3, 7-8 or 6-6-3-zero-aware (4x4) or 6-6-6-6, 6-6-6-6x3, 6-6-6-6x7, 6-6-6-6-zero-aware, 6-6-6-6x3-zero-aware or 6-6-6-6x7-zero-aware (5x5); see puzzlesearch --help",
    );
    for (const args of [
      ['--partition', '6-6-6-6'],
      ['--partition', '7-8'],
      ['--size', '5x5', '--partition', '6-6-6-6'],
    ]) {
      expect(await runCli(['sliding', ...args], '')).toEqual({ status: 0, answers: [], errors: [] });
    }
  });

  it('frames one-line m x n boards into rows for the parser, and leaves square counts alone', () => {
    const texts = (input: string, sizes: Parameters<typeof tokenFramer>[1]) =>
      splitCases((emit) => tokenFramer(emit, sizes), input).map((c) => [c.text, c.error]);
    expect(texts('1 2 3 4 5 x\n1 2\n3 4\n5 x\n', [{ width: 2, height: 3 }])).toEqual([
      ['1 2\n3 4\n5 x', undefined],
      ['1 2\n3 4\n5 x', undefined],
    ]);
    expect(texts('1 2 3 x\n', [{ width: 2, height: 2 }])).toEqual([['1 2\n3 x', undefined]]);
    expect(texts('1 2 3 4 5 6 7 8 x\n', [9, 16, 25])).toEqual([['1 2 3 4 5 6 7 8 x', undefined]]);
  });
});

// ------------------------------------------------------------------ 24-puzzle

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

/** A cache directory of this test's own whose 5x5 files link to the prepared tables (read, never written: a rebuild would replace a link, not its target). */
async function linkedCache(): Promise<string> {
  const source = await tables5x5Dir();
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-5x5-'));
  for (const name of readdirSync(source).filter((file) => /^5x5-.*\.pdb$/.test(file))) symlinkSync(join(source, name), join(dir, name));
  return dir;
}

function runBin(args: string[], input: string, env: Record<string, string>) {
  const child = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 600_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('sliding on 5x5 boards with the prepared 6-6-6-6 tables', () => {
  it('loads the tables, and both engines give paths that replay, with the walk parity and no longer than the walk', async () => {
    const dir = await linkedCache();
    try {
      const random = seededRandom(2425);
      const walks = [
        { goalName: 'blank-last', goal: blankLast(25), args: [] as string[] },
        { goalName: 'blank-first', goal: blankFirst(25), args: ['--size', '5x5'] },
      ].map((each) => ({ ...each, ...slidingWalk(each.goal, 5, 30, random) }));
      for (const walk of walks) {
        const lengths = engineNames.map((engine) => {
          // One line without --size; rows with it.
          const input = walk.args.length > 0 ? asRows(walk.tiles, 5) : oneLine(walk.tiles);
          // --heuristic pdb: on the default heuristic, linear conflict would settle a 30-move walk without the tables.
          const run = runBin(['sliding', '--engine', engine, '--heuristic', 'pdb', '--goal', walk.goalName, '--stats', ...walk.args], `${input}\n`, {
            PUZZLESEARCH_CACHE: dir,
          });
          expect(run.status).toBe(0);
          expect(run.stderr).toMatch(/6-6-6-6 tables ready \(4 loaded\)/);
          expect(run.stderr).not.toMatch(/built|building/);
          expect(run.stderr).toMatch(new RegExp(`^case 1: \\d+ nodes, [\\d.]+ ms \\(${engine}, pdb 6-6-6-6\\)$`, 'm'));
          const path = run.stdout.trim();
          expect(path).toMatch(/^[udlr]+$/);
          expect(replaySliding(walk.tiles, 5, path)).toEqual(walk.goal);
          expect(path.length % 2).toBe(walk.moves.length % 2);
          expect(path.length).toBeLessThanOrEqual(walk.moves.length);
          return path.length;
        });
        expect(lengths[1]).toBe(lengths[0]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives --partition to the size that has it: 5x5 boards on 6-6-6-6, 4x4 boards on their default 6-6-3', async () => {
    const dir = await linkedCache();
    try {
      const random = seededRandom(1544);
      const big = slidingWalk(blankFirst(25), 5, 24, random);
      const small = slidingWalk(blankFirst(16), 4, 24, random);
      const input = `${oneLine(big.tiles)}\n${oneLine(small.tiles)}\n`;
      const run = runBin(['sliding', '--heuristic', 'pdb', '--partition', '6-6-6-6', '--goal', 'blank-first', '--stats'], input, { PUZZLESEARCH_CACHE: dir });
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(/^case 1: \d+ nodes, [\d.]+ ms \(wasm, pdb 6-6-6-6\)$/m);
      expect(run.stderr).toMatch(/^case 2: \d+ nodes, [\d.]+ ms \(wasm, pdb 6-6-3\)$/m);
      expect(run.stderr).toMatch(/100% puzzlesearch: 4x4 tables: 6-6-3 table 3 of 3 built/);
      const [bigPath, smallPath] = run.stdout.trim().split('\n');
      expect(replaySliding(big.tiles, 5, bigPath)).toEqual(blankFirst(25));
      expect(replaySliding(small.tiles, 4, smallPath)).toEqual(blankFirst(16));
      expect(bigPath.length).toBeLessThanOrEqual(24);
      expect(smallPath.length).toBeLessThanOrEqual(24);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a board linear conflict does not settle within its try (Korf & Felner #40) loads the tables and is solved on them, at its published length', async () => {
    const dir = await linkedCache();
    try {
      const instance = readFileSync(new URL('../../data/korf24.txt', import.meta.url), 'utf8')
        .trim()
        .split('\n')[39]!
        .trim()
        .split(/\s+/)
        .map(Number);
      const tiles = instance.slice(0, 25);
      const run = runBin(['sliding', '--goal', 'blank-first', '--stats'], `${oneLine(tiles)}\n`, { PUZZLESEARCH_CACHE: dir });
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(/6-6-6-6 tables ready \(4 loaded\)/);
      // On the pool (a thread per core by default), shared by its workers once past the lone try.
      expect(run.stderr).toMatch(/^case 1: \d+ nodes, [\d.]+ ms \(wasm, pdb 6-6-6-6(, over \d+ workers)?\)$/m);
      const path = run.stdout.trim();
      expect(path).toHaveLength(instance[25]!);
      expect(replaySliding(tiles, 5, path)).toEqual(blankFirst(25));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('readies no tables for a bad or unsolvable 5x5 board, or a goal with the blank inside', async () => {
    // This file's own cache is empty: readying 5x5 tables here would build them for minutes.
    const unsolvable = [2, 1, ...blankLast(25).slice(2)];
    const duplicate = [1, 1, ...blankLast(25).slice(2)];
    const inside = [...blankLast(25)];
    [inside[12], inside[24]] = [0, 13];
    const run = await runCli(['sliding', '--stats'], `${oneLine(unsolvable)}\n${oneLine(duplicate)}\n`);
    expect(run.status).toBe(2);
    expect(run.answers).toEqual(['unsolvable', 'error']);
    expect(run.errors.filter((line) => /tables/.test(line))).toEqual([]);
    const start = replaySliding(inside, 5, 'uldr');
    const other = await runCli(['sliding', '--goal', oneLine(inside), '--stats'], `${oneLine(start)}\n`);
    expect(other.status).toBe(0);
    expect(replaySliding(start, 5, other.answers[0])).toEqual(inside);
    expect(other.answers[0]).toHaveLength(4);
    expect(other.errors.filter((line) => /tables/.test(line))).toEqual([]);
    expect(other.errors[0]).toMatch(/\(wasm, linear-conflict\)$/);
  });

  it('tables build --size 5x5 loads the cached tables of both goals without building, and tables list shows them', async () => {
    const dir = await linkedCache();
    try {
      const built = runBin(['tables', 'build', '--size', '5x5', '--dir', dir], '', {});
      expect(built.status).toBe(0);
      expect(built.stdout).toMatch(/^tables for 5x5 ready in [\d.]+ s\n$/);
      // One line a goal, not one a table: four groups for each of the two goals.
      const loaded = built.stderr.split('\n').filter((line) => /^tables 5x5: 6-6-6-6 tables ready \(4 loaded\) in [\d.]+ s$/.test(line));
      expect(loaded).toHaveLength(2);
      expect(built.stderr.trim().split('\n')).toHaveLength(2);
      expect(built.stderr).not.toMatch(/built|building/);
      const listed = runBin(['tables', 'list', '--dir', dir], '', {});
      expect(listed.status).toBe(0);
      for (const blank of [0, 24]) {
        for (const group of [0, 1, 2, 3]) expect(listed.stdout).toContain(`5x5-blank${blank}-6-6-6-6-group${group}.pdb`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
