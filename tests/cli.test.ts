/** The command-line tool as a child process, the way a judge runs it. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineNames } from './engines.js';
import { pressMask, replaySliding } from './replay.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

function run(args: string[], input = '') {
  const child = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 300_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe.each(engineNames)('puzzlesearch CLI with --engine %s', (engine) => {
  const cli = (family: string, input: string, ...args: string[]) => run([family, '--engine', engine, ...args], input);

  it('prints the judge answers for the samples', () => {
    expect(cli('flip', 'bwwb\nbbwb\nbwwb\nbwww\n')).toMatchObject({ status: 0, stdout: '4\n', stderr: '' });
    expect(cli('fourline', 'BWBO\nWBWB\nBWBW\nWBWO\n')).toMatchObject({ status: 0, stdout: '5\n' });
    const eight = cli('eight', '2  3  4  1  5  x  7  6  8\n');
    expect(eight.status).toBe(0);
    const path = eight.stdout.trim();
    expect(path).toMatch(/^[udlr]{19}$/);
    expect(replaySliding([2, 3, 4, 1, 5, 0, 7, 6, 8], 3, path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  });

  it('prints Pilots presses that open every handle', () => {
    const { status, stdout } = cli('pilots', '-+--\n----\n----\n-+--\n');
    expect(status).toBe(0);
    const [count, ...moves] = stdout.trim().split('\n');
    expect(Number(count)).toBe(6);
    expect(moves).toHaveLength(6);
    const board = (1 << 1) | (1 << 13);
    const end = moves.reduce((b, line) => {
      const [row, col] = line.split(' ').map(Number);
      return b ^ pressMask('pilots', row - 1, col - 1);
    }, board);
    expect(end).toBe(0);
  });

  it('answers several cases in order, reports a bad one on stderr and exits 2', () => {
    const input = 'bwwb\nbbwb\nbwwb\nbwww\n\nwwww\nwwww\nwwww\nwwww\nbwwb\nbbqb\nbwwb\nbwww\nbbbb\nbbbb\nbbbb\nbbbw\n';
    const { status, stdout, stderr } = cli('flip', input);
    expect(status).toBe(2);
    expect(stdout.trim().split('\n')).toEqual(['4', '0', 'Impossible']);
    expect(stderr.trim().split('\n')).toEqual(["case 3: line 2, column 3: stray character 'q', expected 'w' or 'b'"]);
  });

  it('names wrong sizes, duplicate and missing tiles by case', () => {
    const input = '1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 7 x\n1 2 3\n\n1 2 3 4 5 6 8 7 x\n';
    const { status, stdout, stderr } = cli('eight', input);
    expect(status).toBe(2);
    expect(stdout.split('\n').slice(0, 2)).toEqual(['', 'unsolvable']);
    expect(stderr.trim().split('\n')).toEqual([
      'case 2: position 8: duplicate tile 7 (also at position 7)',
      'case 3: wrong size: 3 tokens, expected 9',
    ]);
  });

  it('solves 15-puzzles with a blank-first goal and skips a malformed line', () => {
    const korf2 = '13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6';
    const goal = Array.from({ length: 16 }, (_, i) => i).join(' ');
    const { status, stdout, stderr } = cli('sliding', `${korf2} 55\n${korf2}\n`, '--goal', goal, '--stats');
    expect(status).toBe(2);
    expect(stderr).toMatch(/^case 1: wrong size: 17 tokens, expected 9, 16 or 25$/m);
    expect(stderr).toMatch(/^case 2: \d+ nodes, [\d.]+ ms \((wasm|ts)\)$/m);
    const path = stdout.trim();
    expect(path).toHaveLength(55);
    expect(replaySliding(korf2.split(' ').map(Number), 4, path).join(' ')).toBe(goal);
  });

  it('gives up on a case at --max-nodes with status 3 and answers the rest', () => {
    const korf1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
    const { status, stdout, stderr } = cli('sliding', `${korf1}\n1 2 3 4 5 6 7 8 x\n`, '--goal', 'blank-first', '--max-nodes', '5000');
    expect(status).toBe(3);
    expect(stderr.trim()).toBe('case 1: stopped: no solution found within 5000 nodes');
    expect(stdout.trim()).toMatch(/^[udlr]+$/);
    expect(run(['eight', '--max-nodes', 'many'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/--max-nodes takes a whole number/) });
  });

  it('prints flip presses and four-in-a-line moves with --moves', () => {
    const flip = cli('flip', 'bwwb\nbbwb\nbwwb\nbwww\n', '--moves').stdout.trim().split('\n');
    expect(flip[0]).toBe('4');
    expect(flip.slice(1)).toHaveLength(4);
    flip.slice(1).forEach((line) => expect(line).toMatch(/^[1-4] [1-4]$/));
    const four = cli('fourline', 'BWBO\nWBWB\nBWBW\nWBWO\n', '--moves').stdout.trim().split('\n');
    expect(four).toHaveLength(6);
    four.slice(1).forEach((line) => expect(line).toMatch(/^[BW] [1-4] [1-4] -> [1-4] [1-4]$/));
  });
});

describe('puzzlesearch CLI usage', () => {
  it('documents itself', () => {
    const { status, stdout } = run(['--help']);
    expect(status).toBe(0);
    for (const word of ['flip', 'pilots', 'fourline', 'eight', 'sliding', '--engine', '--algorithm', '--goal', '--moves', '--stats']) {
      expect(stdout).toContain(word);
    }
  });

  it('refuses unknown families and options with status 1', () => {
    expect(run(['tetris'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/unknown family 'tetris'/) });
    expect(run(['eight', '--algorithm', 'dfs'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/unknown algorithm 'dfs'/) });
    expect(run(['flip', '--goal', 'x'])).toMatchObject({ status: 1 });
  });
});
