/**
 * The strongest cached tables, by default (issue 38 §2): the CLI searches a
 * board on the strongest kind the cache holds for its size and goal
 * (src/pdb/plan.ts STRONGER_PARTITIONS), or, when the default's tables are
 * cached too, readies both and a trial per board chooses (src/pdb/trial.ts);
 * it says which in --stats, and builds nothing it was not asked to: a goal
 * with no stronger kind cached gets the default's tables, as before. Each
 * case runs the built CLI on a cache of its own holding only 4x4 kinds (the
 * 6-6-3 and 6-6-3-zero-aware tables, seconds to build); answers at Korf's
 * published lengths (or a named search's), paths replayed.
 * `tables build --strongest` says what it will build, and its size, first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { replaySliding, seededRandom, slidingWalk } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const korf = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const blankFirst = Array.from({ length: 16 }, (_, i) => i);
const dirs: string[] = [];

function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-strongest-'));
  dirs.push(dir);
  return dir;
}

function run(dir: string, args: string[], input = '') {
  return spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 300_000, env: { ...process.env, PUZZLESEARCH_CACHE: dir } });
}

function build(dir: string, partition: string): void {
  const built = run(dir, ['tables', 'build', '--size', '4x4', '--partition', partition, '--goal', 'blank-first']);
  expect(built.status, built.stderr).toBe(0);
}

const files = (dir: string) => readdirSync(dir).sort();

/** Korf's #9, #5 and #2 (46 to 56 moves) toward the blank-first goal: each at its published length, replayed. */
function solveKorf(dir: string, jobs: number): string {
  const numbers = [9, 5, 2];
  const input = numbers.map((number) => korf[number - 1]!.slice(0, 16).join(' ')).join('\n');
  const solved = run(dir, ['sliding', '--goal', 'blank-first', '--stats', '--jobs', String(jobs)], `${input}\n`);
  expect(solved.status, solved.stderr).toBe(0);
  const paths = solved.stdout.trim().split('\n');
  numbers.forEach((number, i) => {
    expect(paths[i]).toHaveLength(korf[number - 1]![16]!);
    expect(replaySliding(korf[number - 1]!.slice(0, 16), 4, paths[i]!)).toEqual(blankFirst);
  });
  return solved.stderr;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the CLI takes the strongest tables in the cache (issue 38 §2)', () => {
  it.each([1, 2])('a cache holding 6-6-3-zero-aware: taken, said in --stats, nothing built (--jobs %i)', (jobs) => {
    const dir = cacheDir();
    build(dir, '6-6-3-zero-aware');
    const before = files(dir);
    const stderr = solveKorf(dir, jobs);
    for (const i of [1, 2, 3]) expect(stderr).toMatch(new RegExp(`^case ${i}: \\d+ nodes, [\\d.]+ ms \\(wasm, pdb 6-6-3-zero-aware\\)$`, 'm'));
    // One kind ready: no trial.
    expect(stderr).not.toMatch(/built|trial/);
    expect(files(dir)).toEqual(before);
  });

  it.each([1, 2])('the default kind beside it: both readied, a trial per board chooses and --stats says so, nothing built (--jobs %i)', (jobs) => {
    const dir = cacheDir();
    build(dir, '6-6-3');
    build(dir, '6-6-3-zero-aware');
    const before = files(dir);
    // Korf's #9 (settled within the trial's 1M nodes on 6-6-3), #15 (6-6-3 kept: the zero-aware tables save 1.56x at the bound
    // compared, a zero-aware node costs 1.6) and a random board where they save more (see tests/pdb/trial.slow.test.ts).
    const boards = [korf[8]!.slice(0, 16), korf[14]!.slice(0, 16), [7, 1, 14, 2, 13, 8, 11, 10, 15, 6, 5, 3, 0, 4, 12, 9]];
    const input = `${boards.map((tiles) => tiles.join(' ')).join('\n')}\n`;
    const solved = run(dir, ['sliding', '--goal', 'blank-first', '--stats', '--jobs', String(jobs)], input);
    expect(solved.status, solved.stderr).toBe(0);
    // The lengths of a search named 6-6-3 (no trial), the paths replayed.
    const named = run(dir, ['sliding', '--goal', 'blank-first', '--partition', '6-6-3'], input);
    expect(named.stderr).toBe('');
    const paths = solved.stdout.trim().split('\n');
    named.stdout
      .trim()
      .split('\n')
      .forEach((path, i) => {
        expect(paths[i]).toHaveLength(path.length);
        expect(replaySliding(boards[i]!, 4, paths[i]!)).toEqual(blankFirst);
      });
    const { stderr } = solved;
    expect(stderr).toMatch(/6-6-3-zero-aware tables ready \(3 loaded\)/);
    expect(stderr).toMatch(/6-6-3 tables ready \(3 loaded\)/);
    const chose = (i: number, chosen: string, over: string, at: string) => {
      expect(stderr).toMatch(new RegExp(`^case ${i}: \\d+ nodes, [\\d.]+ ms \\(wasm, pdb ${chosen}\\)$`, 'm'));
      expect(stderr).toMatch(new RegExp(`^case ${i}: ${chosen} chosen over ${over} by a trial of \\d+ nodes \\(in the count above\\)${at}$`, 'm'));
    };
    chose(1, '6-6-3', '6-6-3-zero-aware', '');
    chose(2, '6-6-3', '6-6-3-zero-aware', ', compared at bound \\d+');
    chose(3, '6-6-3-zero-aware', '6-6-3', ', compared at bound \\d+');
    expect(stderr).not.toMatch(/built|warning/);
    expect(files(dir)).toEqual(before);
  });

  it('a goal with no stronger kind cached gets the default built, as before, and no trial', () => {
    const dir = cacheDir();
    build(dir, '6-6-3');
    build(dir, '6-6-3-zero-aware');
    const before = files(dir);
    // The blank-last goal: no stronger kind cached for it, so the default 6-6-3, built once and kept.
    const goal = Array.from({ length: 16 }, (_, i) => (i + 1) % 16);
    const board = slidingWalk(goal, 4, 40, seededRandom(38)).tiles;
    const blankLast = run(dir, ['sliding', '--stats'], `${board.join(' ')}\n`);
    expect(blankLast.status, blankLast.stderr).toBe(0);
    expect(blankLast.stderr).toMatch(/^case 1: \d+ nodes, [\d.]+ ms \(wasm, pdb 6-6-3\)$/m);
    expect(blankLast.stderr).not.toMatch(/trial/);
    expect(replaySliding(board, 4, blankLast.stdout.trim())).toEqual(goal);
    const added = files(dir).filter((name) => !before.includes(name));
    expect(added).toEqual(['4x4-blank15-6-6-3-group0.pdb', '4x4-blank15-6-6-3-group1.pdb', '4x4-blank15-6-6-3-group2.pdb']);
  });

  it('a cache holding only the default: the default, and --partition still names what the search takes', () => {
    const dir = cacheDir();
    build(dir, '6-6-3');
    const before = files(dir);
    const stderr = solveKorf(dir, 1);
    expect(stderr).toMatch(/^case 1: \d+ nodes, [\d.]+ ms \(wasm, pdb 6-6-3\)$/m);
    expect(stderr).not.toMatch(/trial/);
    expect(files(dir)).toEqual(before);
    // Named, the zero-aware kind is built, as asked.
    const named = run(dir, ['sliding', '--goal', 'blank-first', '--stats', '--partition', '6-6-3-zero-aware'], `${korf[8]!.slice(0, 16).join(' ')}\n`);
    expect(named.status, named.stderr).toBe(0);
    expect(named.stderr).toMatch(/pdb 6-6-3-zero-aware/);
    expect(files(dir).filter((name) => !before.includes(name))).toHaveLength(3);
  });
});

describe('tables build --strongest', () => {
  it('says the kind, its size and its time before it builds; refuses it with --partition, beside list, and where no kind is stronger', async () => {
    const dir = cacheDir();
    // The first line comes before any table is built; the build (minutes) is stopped there.
    const child = spawn(process.execPath, [bin, 'tables', 'build', '--size', '4x4', '--strongest', '--goal', 'blank-first'], {
      env: { ...process.env, PUZZLESEARCH_CACHE: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const first = await new Promise<string>((resolve) => {
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) {
          child.kill();
          resolve(text.split('\n')[0]!);
        }
      });
      child.on('close', () => resolve(text.split('\n')[0]!));
    });
    // 7-8: a 7-tile table of 57,657,600 entries and an 8-tile one of 518,918,400, half a byte each: 288,288,000 bytes.
    expect(first).toBe(
      'tables 4x4: the strongest kind, 7-8: 274.9 MiB a goal in memory and on disk, about 3 minutes and 2 GB of memory a goal to build if not cached',
    );
    for (const [args, message] of [
      [['build', '--strongest', '--partition', '7-8'], 'give --strongest or --partition, not both'],
      [['list', '--strongest'], '--strongest applies to build, not list'],
      [['build', '--strongest', '--size', '3x3'], '--strongest: 3x3 boards have no kind above their default (4x4 and 5x5 have)'],
    ] as const) {
      const refused = run(dir, ['tables', ...args]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(message);
    }
    expect(files(dir)).toEqual([]);
  }, 60_000);
});
