/** The command-line tool as a child process, the way a judge runs it. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engineNames } from '../support/engines.js';
import { lightsOutFewest, lightsOutStencils, pressMask, replayLightsOut, replaySliding, seededRandom } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
// Pattern-database tables built by the CLI go to a folder of this test file's own.
const cache = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-tables-'));
process.env.PUZZLESEARCH_CACHE = cache;
afterAll(() => rmSync(cache, { recursive: true, force: true }));

function run(args: string[], input = '') {
  const child = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 300_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** The pid of a process that has ended (a temporary table file named with it is a stray one). */
function endedPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '0']);
  return ended.pid!;
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
    expect(stdout.trim().split('\n')).toEqual(['4', '0', 'error', 'Impossible']);
    expect(stderr.trim().split('\n')).toEqual(["case 3: line 2, column 3: stray character 'q', expected 'w' or 'b'"]);
  });

  it('names wrong sizes, duplicate and missing tiles by case', () => {
    const input = '1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 7 x\n1 2 3\n\n1 2 3 4 5 6 8 7 x\n';
    const { status, stdout, stderr } = cli('eight', input);
    expect(status).toBe(2);
    expect(stdout.split('\n')).toEqual(['', 'error', 'error', 'unsolvable', '']);
    expect(stderr.trim().split('\n')).toEqual(['case 2: position 8: duplicate tile 7 (also at position 7)', 'case 3: wrong size: 3 tokens, expected 9']);
  });

  it('solves 15-puzzles with a blank-first goal and skips a malformed line', () => {
    const korf2 = '13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6';
    const goal = Array.from({ length: 16 }, (_, i) => i).join(' ');
    const { status, stdout, stderr } = cli('sliding', `${korf2} 55\n${korf2}\n`, '--goal', goal, '--stats');
    expect(status).toBe(2);
    expect(stderr).toMatch(/^case 1: wrong size: 17 tokens, expected 9, 16 or 25$/m);
    expect(stderr).toMatch(/^case 2: \d+ nodes, [\d.]+ ms \((wasm|ts), pdb 6-6-3\)$/m);
    const [placeholder, path] = stdout.trim().split('\n');
    expect(placeholder).toBe('error');
    expect(path).toHaveLength(55);
    expect(replaySliding(korf2.split(' ').map(Number), 4, path).join(' ')).toBe(goal);
  });

  it('gives up on a case at --max-nodes with status 3 and answers the rest', () => {
    const korf1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
    const { status, stdout, stderr } = cli('sliding', `${korf1}\n1 2 3 4 5 6 7 8 x\n`, '--goal', 'blank-first', '--max-nodes', '5000');
    expect(status).toBe(3);
    expect(
      stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('case')),
    ).toEqual(['case 1: stopped: no solution found within 5000 nodes']);
    expect(stdout.trim()).toMatch(/^stopped\n[udlr]+$/);
    expect(run(['eight', '--max-nodes', 'many'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/--max-nodes takes a whole number/) });
  });

  it('solves Lights Out cases with the fewest presses, against a brute force, and replays --moves', () => {
    const random = seededRandom(17);
    for (const torus of [false, true]) {
      const [m, n] = [3, 4];
      const stencil = lightsOutStencils.cross(m, n);
      const fewest = lightsOutFewest(stencil, m, n, torus);
      const boards = Array.from({ length: 12 }, () => Math.floor(random() * 2 ** (m * n)));
      const text = boards.map((bits) =>
        Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => (bits >> (r * n + c)) & 1).join('')).join('\n'),
      );
      const { status, stdout } = cli('lightsout', `${text.join('\n\n')}\n`, '--moves', ...(torus ? ['--torus'] : []));
      expect(status).toBe(0);
      const lines = stdout.trim().split('\n');
      for (const bits of boards) {
        const head = lines.shift();
        if (fewest[bits] < 0) {
          expect(head).toBe('Impossible');
          continue;
        }
        expect(Number(head)).toBe(fewest[bits]);
        const grid = lines.splice(0, m);
        const presses = grid.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === '1' ? [{ row: r + 1, col: c + 1 }] : [])));
        expect(presses).toHaveLength(fewest[bits]);
        const board = Array.from({ length: m * n }, (_, i) => (bits >> i) & 1);
        expect(replayLightsOut(board, presses, stencil, m, n, torus, 2).every((v) => v === 0)).toBe(true);
      }
    }
  });

  it('reports a bad Lights Out case by case, line and column, and answers the rest', () => {
    const { status, stdout, stderr } = cli('lightsout', '01\n10\n\n012\n111\n\n01\n1\n\n0#.\n.#.\n', '--colors', '2');
    expect(status).toBe(2);
    expect(stdout).toBe('2\nerror\nerror\n2\n');
    expect(stderr).toMatch(/^case 2: line 1, column 3: /);
    expect(stderr.trim().split('\n')).toHaveLength(2);
    expect(stderr).toMatch(/^case 3: /m);
    expect(run(['lightsout', '--colors', '4'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/not prime/) });
    expect(run(['lightsout', '--pattern', 'bogus'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/unknown pattern 'bogus'/) });
    expect(run(['lightsout', '--goal', 'blank-first'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/--goal for lightsout is off or on/) });
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
  });
});

/** Starts the CLI with standard input left open, for tests of what happens while input is still coming. */
function start(args: string[]) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const output = async (predicate: (text: string) => boolean) => {
    while (!predicate(stdout)) await new Promise((resolve) => setTimeout(resolve, 10));
    return stdout;
  };
  return { child, exited, output, stderr: () => stderr };
}

describe('puzzlesearch CLI framing: a bad case never takes the lines of a good one', () => {
  it('ends grid cases at blank lines and answers the cases after a short one', () => {
    const input = 'bwwb\nbbwb\nbwwb\n\nwwww\nwwww\nwwww\nwwww\n\nbbbb\nbbbb\nbbbb\nbbbb\n';
    const { status, stdout, stderr } = run(['flip'], input);
    expect(status).toBe(2);
    expect(stdout).toBe('error\n0\n0\n');
    expect(stderr).toBe('case 1: wrong size: 3 lines, expected 4 lines of 4 characters\n');
  });

  it('makes a grid line of the wrong length a case of its own', () => {
    const { status, stdout, stderr } = run(['flip'], 'bwwbbbwbbwwbbwww\nbwwb\nbbwb\nbwwb\nbwww\nbw\nwwww\nwwww\nwwww\nwwww\n');
    expect(status).toBe(2);
    expect(stdout).toBe('error\n4\nerror\n0\n');
    expect(stderr.trim().split('\n')).toEqual([
      'case 1: wrong size: a line of 16 characters, expected 4 lines of 4 characters',
      'case 3: wrong size: a line of 2 characters, expected 4 lines of 4 characters',
    ]);
  });

  it('makes a sliding line with a stray token, or a count that is neither board nor row, a case of its own', () => {
    const lines = ['hello', '2 3 4 1 5 x 7 6 8', '1,2,3,4,5,6,7,8,x', '1 2 3 4', '2 3 4 1 5 x 7 6 8', '1 2 3', '2 3 4 1 5 x 7 6 8', '1 2 3', '4 5 6', '7 8 x'];
    const input = `${lines.join('\n')}\n\xff\xfe\n2 3 4 1 5 x 7 6 8\n`;
    const { status, stdout, stderr } = run(['eight'], input);
    expect(status).toBe(2);
    const answers = stdout.split('\n').slice(0, -1);
    expect(answers.map((a) => (/^[udlr]{19}$/.test(a) ? 'path' : a))).toEqual([
      'error',
      'path',
      'error',
      'error',
      'path',
      'error',
      'path',
      '',
      'error',
      'path',
    ]);
    for (const path of answers.filter((a) => a.length === 19)) {
      expect(replaySliding([2, 3, 4, 1, 5, 0, 7, 6, 8], 3, path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    }
    expect(stderr.trim().split('\n')).toEqual([
      "case 1: token 1: stray token 'hello', expected a tile number or 'x' for the blank",
      "case 3: token 1: stray token '1,2,3,4,5,6,7,8,x', expected a tile number or 'x' for the blank",
      'case 4: wrong size: 4 tokens, expected 9',
      'case 6: wrong size: 3 tokens, expected 9',
      expect.stringMatching(/^case 9: token 1: stray token/),
    ]);
  });

  it('reports an over-long line as one bad case without holding it', () => {
    const long = '1 '.repeat(100_000);
    const { status, stdout, stderr } = run(['eight'], `${long}\n1 2 3 4 5 6 7 8 x\n`);
    expect(status).toBe(2);
    expect(stdout).toBe('error\n\n');
    expect(stderr).toBe('case 1: line too long: 200000 characters, at most 4096 in a line\n');
  });
});

describe('puzzlesearch CLI as a Unix tool', () => {
  it('checks its arguments before reading any input', async () => {
    for (const args of [['--help'], ['--version'], ['tetris'], ['flip', '--engine', 'gpu']]) {
      const { child, exited } = start(args);
      // Standard input stays open: a CLI that read it first would never exit.
      const status = await exited;
      child.stdin.destroy();
      expect(status).toBe(args[0].startsWith('--') ? 0 : 1);
    }
  });

  it('writes each answer as soon as its case is read', async () => {
    const cli = start(['flip']);
    cli.child.stdin.write('bwwb\nbbwb\nbwwb\nbwww\n');
    expect(await cli.output((text) => text.includes('\n'))).toBe('4\n');
    cli.child.stdin.write('wwww\nwwww\nwwww\nwwww\n');
    expect(await cli.output((text) => text.split('\n').length > 2)).toBe('4\n0\n');
    cli.child.stdin.end();
    expect(await cli.exited).toBe(0);
  });

  it('ends quietly with status 0 when standard output is closed', async () => {
    const cli = start(['flip', '--moves']);
    const board = 'bwwb\nbbwb\nbwwb\nbwww\n\n';
    cli.child.stdin.on('error', () => {});
    cli.child.stdin.write(board.repeat(200_000));
    await cli.output((text) => text.length > 0);
    cli.child.stdout.destroy();
    cli.child.stdin.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toBe('');
  });

  it('gives one line for a directory as input, a bad --goal, and a bad --max-nodes', () => {
    const dir = spawnSync(process.execPath, [bin, 'flip'], { stdio: [openSync('/', 'r'), 'pipe', 'pipe'], encoding: 'utf8' });
    expect(dir).toMatchObject({ status: 1, stderr: 'puzzlesearch: cannot read standard input: it is a directory\n' });
    const goal = run(['eight', '--goal', '1 2 3'], '1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 x\n');
    expect(goal.status).toBe(1);
    expect(goal.stderr.trim().split('\n')).toHaveLength(1);
    expect(goal.stderr).toMatch(/^puzzlesearch: --goal: wrong size/);
    for (const value of ['', '1e3', '-1', '0', '2.5']) {
      const bad = run(['sliding', '--max-nodes', value]);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toBe(`puzzlesearch: --max-nodes takes a whole number of nodes from 1, not '${value}'; see puzzlesearch --help\n`);
    }
  });

  it('warns once about options that do nothing for the family, and still answers', () => {
    const eight = run(['eight', '--moves', '--algorithm', 'bfs', '--max-nodes', '10'], '1 2 3 4 5 6 7 8 x\n');
    expect(eight.status).toBe(0);
    expect(eight.stderr.trim().split('\n')).toEqual([
      'puzzlesearch: warning: --max-nodes does nothing with --algorithm bfs: it applies to idastar',
      'puzzlesearch: warning: --moves does nothing for eight: its answer always lists the moves',
    ]);
    const flip = run(['flip', '--goal', 'x'], 'wwww\nwwww\nwwww\nwwww\n');
    expect(flip).toMatchObject({
      status: 0,
      stdout: '0\n',
      stderr: 'puzzlesearch: warning: --goal does nothing for flip: it applies to eight, sliding and lightsout\n',
    });
  });

  it('says "no cases read" on empty input with --stats, and nothing otherwise', () => {
    expect(run(['flip', '--stats'], ' \n\n')).toMatchObject({ status: 0, stdout: '', stderr: 'puzzlesearch: no cases read\n' });
    expect(run(['flip'], '')).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('keeps memory flat on a million cases', () => {
    // The CLI's main over a generated stream of 1,000,000 Flip cases, output
    // discarded; the child prints its peak resident memory at exit.
    const script = `
      import { main } from ${JSON.stringify(new URL('../../dist/cli/main.js', import.meta.url).href)};
      async function* input() {
        const chunk = 'bwwb\\nbbwb\\nbwwb\\nbwww\\n\\n'.repeat(4000);
        for (let i = 0; i < 250; i++) yield chunk;
      }
      let answers = 0;
      const status = await main(['flip'], { input, write: (t) => { answers += t.split('\\n').length - 1; }, error: (l) => console.error(l) });
      console.log(JSON.stringify({ status, answers, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 300_000 });
    const report = JSON.parse(child.stdout);
    expect(report.status).toBe(0);
    expect(report.answers).toBe(1_000_000);
    expect(report.maxRssMb).toBeLessThan(200);
  });
});

describe('puzzlesearch CLI and pattern databases', () => {
  it('builds, lists and clears tables with the tables command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-tables-cmd-'));
    try {
      const built = run(['tables', 'build', '--size', '3x3', '--dir', dir]);
      expect(built.status).toBe(0);
      expect(built.stdout).toMatch(/^tables for 3x3 ready in [\d.]+ s\n$/);
      expect(built.stderr).toMatch(/100% tables 3x3: 4-4 table 2 of 2 built/);
      const files = readdirSync(dir).filter((name) => name.endsWith('.pdb'));
      expect(files.length).toBe(4); // two groups for each of the two goals
      const listed = run(['tables', 'list', '--dir', dir]);
      expect(listed.status).toBe(0);
      for (const file of files) expect(listed.stdout).toContain(file);
      expect(run(['tables', 'clear', '--dir', dir])).toMatchObject({ status: 0, stdout: `removed 4 files from ${dir}\n` });
      expect(readdirSync(dir).filter((name) => name.endsWith('.pdb'))).toEqual([]);
      expect(run(['tables', 'bogus'])).toMatchObject({ status: 1, stderr: expect.stringMatching(/expected one of build, list, clear/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('list and clear keep to the --size, --partition and --goal given: clearing 4x4 leaves the 5x5 tables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-tables-select-'));
    // list and clear go by name only, so empty files named as the tables stand in for them.
    const names = [
      '3x3-blank8-4-4-group0.pdb',
      '4x4-blank15-6-6-3-group0.pdb',
      '4x4-blank0-6-6-3-group2.pdb',
      '4x4-blank15-7-8-group1.pdb',
      `4x4-blank15-7-8-group1.pdb.${endedPid()}.abc.tmp`,
      '5x5-blank0-6-6-6-6-group3.pdb',
      '5x5-blank24-6-6-6-6-group0.pdb',
    ];
    const left = () => readdirSync(dir).sort();
    try {
      for (const name of names) writeFileSync(join(dir, name), '');
      const listed = (args: string[]) =>
        run(['tables', 'list', '--dir', dir, ...args])
          .stdout.split('\n')
          .slice(1, -1)
          .map((line) => line.trim().split(/\s+/)[0]);
      expect(listed(['--size', '5x5'])).toEqual(['5x5-blank0-6-6-6-6-group3.pdb', '5x5-blank24-6-6-6-6-group0.pdb']);
      expect(listed(['--goal', 'blank-first'])).toEqual(['4x4-blank0-6-6-3-group2.pdb', '5x5-blank0-6-6-6-6-group3.pdb']);
      expect(listed(['--size', '4x4', '--partition', '7-8'])).toEqual(['4x4-blank15-7-8-group1.pdb']);
      expect(listed([]).length).toBe(names.length - 1);
      expect(run(['tables', 'list', '--dir', dir, '--size', '4x4', '--partition', '6-6-6-6'])).toMatchObject({
        status: 1,
        stderr: expect.stringMatching(/^puzzlesearch tables: unknown partition '6-6-6-6' for 4x4, expected 6-6-3, 7-8 or 6-6-3-zero-aware\n/),
      });
      expect(run(['tables', 'clear', '--dir', dir, '--size', '4x4', '--goal', 'blank-last'])).toMatchObject({
        status: 0,
        stdout: `removed 3 files from ${dir}\n`,
      });
      expect(left()).toEqual(['3x3-blank8-4-4-group0.pdb', '4x4-blank0-6-6-3-group2.pdb', '5x5-blank0-6-6-6-6-group3.pdb', '5x5-blank24-6-6-6-6-group0.pdb']);
      expect(run(['tables', 'clear', '--dir', dir, '--partition', '6-6-6-6'])).toMatchObject({ status: 0, stdout: `removed 2 files from ${dir}\n` });
      expect(left()).toEqual(['3x3-blank8-4-4-group0.pdb', '4x4-blank0-6-6-3-group2.pdb']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('clear leaves a temporary file another running process is writing, and says so; one whose writer has ended goes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-tables-busy-'));
    // A process that runs through the test, standing for another build saving its table.
    const writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const busy = `4x4-blank0-6-6-3-group0.pdb.${writer.pid}.k2x.tmp`;
      const stray = `4x4-blank0-6-6-3-group1.pdb.${endedPid()}.q7z.tmp`;
      for (const name of ['4x4-blank0-6-6-3-group0.pdb', busy, stray]) writeFileSync(join(dir, name), '');
      expect(run(['tables', 'clear', '--dir', dir])).toMatchObject({
        status: 0,
        stdout: `removed 2 files from ${dir}\n`,
        stderr: `puzzlesearch tables: left ${busy}: process ${writer.pid} is writing it\n`,
      });
      expect(readdirSync(dir)).toEqual([busy]);
    } finally {
      writer.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses the 4x4 tables by default, builds them on first need with progress, and falls back when told', () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-cli-first-need-'));
    const korf = ['14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3', '13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6'];
    const lengths = [57, 55];
    try {
      const env = { ...process.env, PUZZLESEARCH_CACHE: dir };
      const first = spawnSync(process.execPath, [bin, 'sliding', '--goal', 'blank-first', '--stats'], { input: `${korf.join('\n')}\n`, env, encoding: 'utf8' });
      expect(first.status).toBe(0);
      expect(first.stderr).toMatch(/100% puzzlesearch: 4x4 tables: 6-6-3 table 3 of 3 built/);
      expect(first.stderr).toMatch(/^case 1: \d+ nodes, [\d.]+ ms \(wasm, pdb 6-6-3\)$/m);
      const paths = first.stdout.trim().split('\n');
      paths.forEach((path, i) => {
        expect(path).toHaveLength(lengths[i]);
        expect(replaySliding(korf[i].split(' ').map(Number), 4, path)).toEqual(Array.from({ length: 16 }, (_, t) => t));
      });
      // Second run: loaded from the cache, not built.
      const second = spawnSync(process.execPath, [bin, 'sliding', '--goal', 'blank-first', '--stats'], { input: `${korf[0]}\n`, env, encoding: 'utf8' });
      expect(second.stderr).toMatch(/^puzzlesearch: 4x4 tables: 6-6-3 tables ready \(3 loaded\) in [\d.]+ s$/m);
      expect(second.stderr).not.toMatch(/built/);
      expect(second.stdout.trim()).toHaveLength(57);
      const plain = spawnSync(process.execPath, [bin, 'sliding', '--goal', 'blank-first', '--heuristic', 'linear-conflict', '--stats'], {
        input: `${korf[1]}\n`,
        env,
        encoding: 'utf8',
      });
      expect(plain.stderr).toMatch(/^case 1: \d+ nodes, [\d.]+ ms \(wasm, linear-conflict\)$/m);
      expect(plain.stdout.trim()).toHaveLength(55);
      expect(run(['sliding', '--partition', '5-5-5'])).toMatchObject({
        status: 1,
        stderr: expect.stringMatching(/unknown partition '5-5-5', expected 6-6-3, 7-8 or 6-6-3-zero-aware/),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm start (dist/cli/demo.js)', () => {
  it('shows warm medians of several runs beside the first call, and says so; both engines give the same answers (issue 39 §5)', () => {
    const demo = spawnSync(process.execPath, [fileURLToPath(new URL('../../dist/cli/demo.js', import.meta.url))], { encoding: 'utf8', timeout: 600_000 });
    expect(demo.status).toBe(0);
    expect(demo.stdout).toMatch(/^Each time is the median of \d+ to \d+ warm runs/);
    const rows = [...demo.stdout.matchAll(/^ {2}(wasm|ts) +([\d.]+) ms median of +(\d+) \(first +([\d.]+) ms\) +(\d+) nodes {2}(.*)$/gm)];
    expect(rows).toHaveLength(10);
    for (const [, , , runs] of rows) expect(Number(runs)).toBeGreaterThanOrEqual(5);
    // Each sample's two rows (wasm, then ts) give the same answer and nodes.
    for (let at = 0; at < rows.length; at += 2) {
      expect(rows[at]![1]).toBe('wasm');
      expect(rows[at + 1]![1]).toBe('ts');
      expect(rows[at + 1]![6]).toBe(rows[at]![6]);
      expect(rows[at + 1]![5]).toBe(rows[at]![5]);
    }
    // Korf #1, blank first: the path shown replays to the goal in 57 moves.
    const korf = rows[8]![6]!.match(/^57 moves: ([udlr]+)$/)![1]!;
    const goal = Array.from({ length: 16 }, (_, i) => i);
    expect(replaySliding([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], 4, korf)).toEqual(goal);
  });
});
