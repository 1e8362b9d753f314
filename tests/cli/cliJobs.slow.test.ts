/**
 * `puzzlesearch --jobs N` (issue 12): cases spread over a worker pool in
 * chunks, answers in input order, byte for byte what --jobs 1 prints, with the
 * same standard error lines and exit status; bad cases inside chunks included.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engineNames, loadCore } from '../support/engines.js';
import { createSolverPool, judgeCasesOn } from '../../src/pool/outside.js';
import { answerCases, type JudgeCase, type JudgeOptions } from '../../src/judge/judge.js';
import { solverFromCore } from '../../src/api/solver.js';
import { FLIP_GOALS, bfsDistance, replayPresses, replaySliding, seededRandom, shuffle, slidingNeighbours } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

// The 4x4 tables the sliding runs build (once, by the first) go to a folder of this file's own.
const cache = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-jobs-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

function run(args: string[], input: string) {
  const env = { ...process.env, PUZZLESEARCH_CACHE: cache };
  const child = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** `count` 8-puzzle cases, every `badEvery`-th one broken (a repeated tile), some unsolvable. */
function eightInput(count: number, badEvery: number, seed: number): { text: string; boards: Array<number[] | null> } {
  const random = seededRandom(seed);
  const boards: Array<number[] | null> = [];
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % badEvery === badEvery - 1) {
      boards.push(null);
      lines.push('1 2 3 4 5 6 7 8 8');
      continue;
    }
    const tiles = shuffle([1, 2, 3, 4, 5, 6, 7, 8, 0], random);
    boards.push(tiles);
    lines.push(tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' '));
  }
  return { text: `${lines.join('\n')}\n`, boards };
}

describe.each(engineNames)('puzzlesearch --jobs with --engine %s', (engine) => {
  it('eight: --jobs 2 prints what --jobs 1 prints, in input order, on 600 cases with bad ones among them', () => {
    const { text, boards } = eightInput(600, 37, 12);
    const one = run(['eight', '--engine', engine, '--jobs', '1'], text);
    const two = run(['eight', '--engine', engine, '--jobs', '2'], text);
    expect(two).toEqual(one);
    expect(one.status).toBe(2);
    const lines = one.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(600);
    lines.forEach((line, i) => {
      const board = boards[i];
      if (board === null) {
        expect(line).toBe('error');
        expect(one.stderr).toContain(`case ${i + 1}: `);
      } else if (line !== 'unsolvable') {
        expect(replaySliding(board, 3, line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
      }
    });
    expect(lines.filter((line) => line === 'unsolvable').length).toBeGreaterThan(200);
  }, 300_000);

  it('eight: 20,000 cases (enough for the worker to start) with bad and stopped ones and --stats: --jobs 2 equals --jobs 1, times aside', () => {
    const { text } = eightInput(20_000, 997, 13);
    const args = ['eight', '--engine', engine, '--stats', '--max-nodes', '3000'];
    const one = run([...args, '--jobs', '1'], text);
    const two = run([...args, '--jobs', '2'], text);
    expect(one.status).toBe(2);
    expect(two.status).toBe(2);
    expect(two.stdout).toBe(one.stdout);
    const timesAside = (stderr: string) => stderr.replace(/\d+\.\d+ ms/g, 'ms');
    expect(timesAside(two.stderr)).toBe(timesAside(one.stderr));
    const lines = one.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(20_000);
    expect(lines.filter((line) => line === 'error')).toHaveLength(20);
    expect(lines.filter((line) => line === 'stopped').length).toBeGreaterThan(1000);
  }, 300_000);

  it('flip: 3,000 cases over --jobs 2 equal --jobs 1, bad grids reported in place', () => {
    const random = seededRandom(5);
    const boards: Array<number | null> = [];
    const cases: string[] = [];
    for (let i = 0; i < 3000; i++) {
      if (i % 500 === 7) {
        boards.push(null);
        cases.push('bwbw\nbqbw\nbwbw\nbwbw');
        continue;
      }
      const board = Math.floor(random() * 65536);
      boards.push(board);
      cases.push(Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ((board >> (4 * r + c)) & 1 ? 'b' : 'w')).join('')).join('\n'));
    }
    const input = `${cases.join('\n\n')}\n`;
    const one = run(['flip', '--engine', engine, '--moves'], input);
    const two = run(['flip', '--engine', engine, '--moves', '--jobs', '2'], input);
    expect(two).toEqual(one);
    expect(one.status).toBe(2);
    // Answers in input order: walk the output case by case and replay each press list.
    const out = one.stdout.trimEnd().split('\n');
    let at = 0;
    boards.forEach((board) => {
      const head = out[at++];
      if (board === null) return expect(head).toBe('error');
      if (head === 'Impossible') return;
      const presses = out.slice(at, at + Number(head)).map((line) => {
        const [row, col] = line.split(' ').map(Number);
        return { row, col };
      });
      at += presses.length;
      expect(FLIP_GOALS.flip).toContain(replayPresses('flip', board, presses));
    });
    expect(at).toBe(out.length);
  }, 300_000);

  it('a worker answers a chunk as printed text, byte for byte what this thread prints: bad, stopped and warned cases included', async () => {
    const solver = solverFromCore(await loadCore(engine));
    const pool = await createSolverPool({ workers: 1, engine });
    try {
      const random = seededRandom(77);
      const eight: JudgeCase[] = Array.from({ length: 60 }, (_, i) => ({
        index: i + 1,
        text: i % 17 === 3 ? '1 2 3 4 5 6 7 8 8' : shuffle(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], random).join(' '),
      }));
      eight.push({ index: 61, text: '', error: 'framing: rows stop short' });
      const flip: JudgeCase[] = [
        { index: 1, text: 'bwwb\nbbwb\nbwwb\nbwww' },
        { index: 2, text: 'bwbw\nbqbw\nbwbw\nbwbw' },
        { index: 3, text: 'bwbw\nwwww\nbbbb\nwbwb' },
      ];
      const lights: JudgeCase[] = [
        { index: 1, text: '11111\n11111\n11111\n11111\n11111' },
        { index: 2, text: '101\n010\n101' },
      ];
      const chunks: Array<[JudgeOptions, JudgeCase[]]> = [
        [{ family: 'eight', solve: {}, moves: false, stats: false }, eight],
        // A bound so low that most searches stop: 'stopped' lines, counted apart from bad input.
        [{ family: 'eight', solve: { maxNodes: 20 }, moves: false, stats: false }, eight],
        [{ family: 'flip', solve: undefined, moves: true, stats: false }, flip],
        [{ family: 'pilots', solve: undefined, moves: false, stats: false }, [{ index: 1, text: '-+--\n----\n----\n-+--' }]],
        [{ family: 'fourline', solve: undefined, moves: true, stats: false }, [{ index: 1, text: 'BWBO\nWBWB\nBWBW\nWBWO' }]],
        // A coset too big to weigh: the warning on standard error.
        [{ family: 'lightsout', solve: { maxKernel: 1 }, moves: true, stats: false }, lights],
      ];
      for (const [options, cases] of chunks) {
        const here = answerCases(solver, options, cases);
        const there = await judgeCasesOn(pool, options, cases);
        expect(there, options.family).toEqual(here);
        expect(here.out.split('\n').length, options.family).toBeGreaterThanOrEqual(cases.length);
      }
      const [plain, stopped] = await Promise.all([judgeCasesOn(pool, ...chunks[0]), judgeCasesOn(pool, ...chunks[1])]);
      expect(plain.failed).toBe(5);
      expect(plain.stopped).toBe(0);
      expect(plain.notes).toContain('case 61: framing: rows stop short');
      expect(stopped.stopped).toBeGreaterThan(10);
      expect(stopped.out.split('\n').filter((line) => line === 'stopped')).toHaveLength(stopped.stopped);
      const lightsOut = await judgeCasesOn(pool, ...chunks[5]);
      expect(lightsOut.notes.some((note) => note.startsWith('case 1: not proven minimal'))).toBe(true);
      // --stats: one line per case with this engine's name (times differ from run to run).
      const withStats = await judgeCasesOn(pool, { family: 'flip', solve: undefined, moves: false, stats: true }, flip);
      expect(withStats.notes.filter((note) => new RegExp(`^case [13]: \\d+ nodes, [\\d.]+ ms \\(${engine}\\)$`).test(note))).toHaveLength(2);
    } finally {
      await pool.terminate();
    }
  }, 120_000);

  it('a pool start can be abandoned (as the CLI does when the input ends first): AbortError, its workers ended', async () => {
    const controller = new AbortController();
    const starting = createSolverPool({ workers: 2, engine, signal: controller.signal });
    controller.abort();
    await expect(starting).rejects.toMatchObject({ name: 'AbortError' });
    await expect(createSolverPool({ workers: 1, engine, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    // A signal that never fires leaves the pool as usual.
    const pool = await createSolverPool({ workers: 1, engine, signal: new AbortController().signal });
    try {
      expect((await pool.flip('bwwb\nbbwb\nbwwb\nbwww')).length).toBe(4);
    } finally {
      await pool.terminate();
    }
  }, 60_000);

  it('a tiny input with --jobs 4 is answered without waiting for workers, same output as alone', () => {
    const one = run(['fourline', '--engine', engine], 'BWBO\nWBWB\nBWBW\nWBWO\n');
    const four = run(['fourline', '--engine', engine, '--jobs', '4'], 'BWBO\nWBWB\nBWBW\nWBWO\n');
    expect(four).toEqual(one);
    expect(one.stdout).toBe('5\n');
  });

  it('defaults to a thread per core, and the help says so; sliding takes --jobs without a warning', () => {
    const board = '1 2 3 4 5 6 7 8 x\n';
    const quiet = run(['sliding', '--engine', engine, '--heuristic', 'manhattan'], board);
    expect(quiet).toEqual({ status: 0, stdout: '\n', stderr: '' });
    expect(run(['sliding', '--engine', engine, '--heuristic', 'manhattan', '--jobs', '2'], board)).toEqual(quiet);
    expect(run(['--help'], '').stdout).toMatch(/--jobs N +solve cases on N threads \(default: one per core\)/);
  });

  it('sliding: --jobs 2 solves 4x4 boards on the workers (each alone while others wait; a hard one alone in the input over both), 3x3 ones here; optimal, replayed, in input order', () => {
    // Korf's #1, #2 and #88 (#88 needs about 5.4 million nodes with the 6-6-3
    // tables and parent pruning, past the 4 million one worker tries alone), with their optimal
    // lengths from the file.
    const korf = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .filter((_, i) => i === 0 || i === 1 || i === 87)
      .map((line) => line.trim().split(/\s+/).map(Number));
    const random = seededRandom(2965);
    const small = Array.from({ length: 4 }, () => shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8], random));
    const swapped = [...korf[0]!.slice(0, 16)];
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    // A string: a bad case (a 3x3 one answered here, a 4x4 one on the pool).
    type Case = { tiles: number[]; width: number; length?: number } | string;
    const cases: Case[] = [
      { tiles: korf[0]!.slice(0, 16), width: 4, length: korf[0]![16] },
      { tiles: small[0]!, width: 3 },
      '1 2 3 4 5 6 7 8 8',
      '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15',
      { tiles: korf[2]!.slice(0, 16), width: 4, length: korf[2]![16] },
      { tiles: small[1]!, width: 3 },
      { tiles: swapped, width: 4 },
      { tiles: korf[1]!.slice(0, 16), width: 4, length: korf[1]![16] },
      { tiles: small[2]!, width: 3 },
      { tiles: small[3]!, width: 3 },
    ];
    const input = cases.map((c) => (typeof c === 'string' ? c : c.tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' '))).join('\n');
    const args = ['sliding', '--engine', engine, '--goal', 'blank-first', '--stats'];
    const one = run([...args, '--jobs', '1'], `${input}\n`);
    const two = run([...args, '--jobs', '2'], `${input}\n`);
    for (const answer of [one, two]) {
      expect(answer.status).toBe(2);
      const lines = answer.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(cases.length);
      lines.forEach((line, i) => {
        const c = cases[i]!;
        if (typeof c === 'string') {
          expect(line).toBe('error');
          expect(answer.stderr).toContain(`case ${i + 1}: `);
          return;
        }
        const goal = c.tiles.map((_, t) => t);
        // 3x3: the distance by breadth-first search; 4x4: Korf's length (the swapped one is unsolvable).
        const length =
          c.width === 3
            ? bfsDistance(
                [c.tiles],
                (tiles: number[]) => slidingNeighbours(tiles, 3),
                (tiles: number[]) => tiles.every((t, k) => t === k),
              )
            : c.length;
        if (length === undefined || length === null) {
          expect(line).toBe('unsolvable');
          return;
        }
        expect(line).toHaveLength(length);
        expect(replaySliding(c.tiles, c.width, line)).toEqual(goal);
        if (c.width === 4) expect(answer.stderr).toMatch(new RegExp(`case ${i + 1}: \\d+ nodes, .*pdb 6-6-3`));
      });
    }
    // With as many cases in flight as workers, each is searched alone on one (no barrier a bound).
    expect(two.stderr).not.toMatch(/over \d+ workers/);
    // Alone in its input, Korf's #88 goes past the lone try and is shared by both workers. With move
    // pruning no Korf instance needs 4 million nodes on 6-6-3, so this run prunes only the parent move.
    const hard = cases[4] as { tiles: number[]; length: number };
    const alone = run([...args, '--jobs', '2', '--pruning', 'parent'], `${input.split('\n')[4]}\n`);
    expect(alone.status).toBe(0);
    expect(alone.stderr).toMatch(/case 1: \d+ nodes, .*pdb 6-6-3, over 2 workers\)/);
    expect(alone.stdout.trimEnd()).toHaveLength(hard.length);
    expect(replaySliding(hard.tiles, 4, alone.stdout.trimEnd())).toEqual(hard.tiles.map((_, t) => t));
    // Bad cases say the same, here or from a worker.
    const said = (text: string) => text.split('\n').filter((line) => /^case [34]: /.test(line));
    expect(said(two.stderr)).toEqual(said(one.stderr));
    expect(said(one.stderr)).toHaveLength(2);
    expect(one.stderr).not.toMatch(/over \d+ workers/);
    // The 3x3 boards, solved in the CLI's own thread either way, print the same paths.
    const threeByThree = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .filter((_, i) => (cases[i] as { width?: number }).width === 3);
    expect(threeByThree(two.stdout)).toEqual(threeByThree(one.stdout));
  }, 300_000);

  it('sliding: --jobs 2 spreads every 5x5 board that outlasts the lone try over both workers, also with cases waiting; the lengths of --jobs 1, replayed', () => {
    // Two 24-puzzles of 56 and 60 moves (random walks) that take 14.7M and
    // 16.3M nodes on linear conflict with only the undo pruned: past the 4
    // million one worker tries alone. Two cases at once on two workers would
    // each be searched alone (as 4x4 boards are above); a 5x5 one is spread,
    // so that the last of a stream does not leave the other worker idle.
    const boards = [
      [0, 8, 17, 3, 4, 12, 2, 20, 11, 9, 1, 15, 13, 16, 14, 6, 5, 22, 18, 19, 10, 7, 21, 23, 24],
      [13, 1, 12, 9, 2, 7, 0, 8, 16, 4, 5, 20, 3, 15, 14, 21, 22, 11, 18, 19, 6, 10, 23, 17, 24],
    ];
    const input = `${boards.map((tiles) => tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ')).join('\n')}\n`;
    const args = ['sliding', '--engine', engine, '--goal', 'blank-first', '--heuristic', 'linear-conflict', '--pruning', 'parent', '--stats'];
    const one = run([...args, '--jobs', '1'], input);
    const two = run([...args, '--jobs', '2'], input);
    expect(one.status).toBe(0);
    expect(two.status).toBe(0);
    expect(one.stderr).not.toMatch(/over \d+ workers/);
    const goal = boards[0]!.map((_, t) => t);
    const lengths = one.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.length);
    expect(lengths).toEqual([56, 60]);
    two.stdout
      .trimEnd()
      .split('\n')
      .forEach((line, i) => {
        expect(line).toHaveLength(lengths[i]!);
        expect(replaySliding(boards[i]!, 5, line)).toEqual(goal);
        expect(two.stderr).toMatch(new RegExp(`^case ${i + 1}: \\d+ nodes, .*linear-conflict, over 2 workers\\)$`, 'm'));
      });
  }, 300_000);

  it('refuses --jobs 0 and --jobs 2x as usage errors', () => {
    expect(run(['flip', '--jobs', '0'], '').status).toBe(1);
    const bad = run(['flip', '--jobs', '2x'], '');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--jobs');
  });
});
