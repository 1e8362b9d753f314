/**
 * `puzzlesearch --jobs N` (issue 12): cases spread over a worker pool in
 * chunks, answers in input order, byte for byte what --jobs 1 prints, with the
 * same standard error lines and exit status; bad cases inside chunks included.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineNames } from './engines.js';
import { FLIP_GOALS, replayPresses, replaySliding, seededRandom, shuffle } from './oracles.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

function run(args: string[], input: string) {
  const child = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
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

  it('a tiny input with --jobs 4 is answered without waiting for workers, same output as alone', () => {
    const one = run(['fourline', '--engine', engine], 'BWBO\nWBWB\nBWBW\nWBWO\n');
    const four = run(['fourline', '--engine', engine, '--jobs', '4'], 'BWBO\nWBWB\nBWBW\nWBWO\n');
    expect(four).toEqual(one);
    expect(one.stdout).toBe('5\n');
  });

  it('refuses --jobs 0 and --jobs 2x as usage errors', () => {
    expect(run(['flip', '--jobs', '0'], '').status).toBe(1);
    const bad = run(['flip', '--jobs', '2x'], '');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--jobs');
  });
});
