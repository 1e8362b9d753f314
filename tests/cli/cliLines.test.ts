/**
 * The CLI's promise about lines: every case gets exactly one line on standard
 * output, in input order, however the input is cut into reads and whenever it
 * arrives. A solved board's line is empty, and is still a line. Each answer is
 * replayed on its own case, so a dropped or shifted line fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lightsOutStencils, replayLightsOut, replaySliding, seededRandom, slidingWalk } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const SOLVED = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const text = (tiles: readonly number[]) => tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ');

function run(args: string[], input: string, cwd?: string) {
  return spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', cwd, timeout: 120_000 });
}

/** Each answer line replayed on its board reaches the goal: the lines line up with the cases. */
function expectAligned(boards: readonly (readonly number[])[], stdout: string) {
  expect(stdout.endsWith('\n')).toBe(true);
  const lines = stdout.slice(0, -1).split('\n');
  expect(lines).toHaveLength(boards.length);
  boards.forEach((board, i) => expect(replaySliding([...board], 3, lines[i]), `case ${i + 1}`).toEqual(SOLVED));
}

/** Sends `pieces` to the CLI one at a time with `pauseMs` between them, standard input left open until the end. */
async function slowPipe(args: string[], pieces: readonly string[], pauseMs: number) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  for (const piece of pieces) {
    child.stdin.write(piece);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  child.stdin.end();
  return { status: await closed, stdout };
}

describe('CLI: one line for every case, a solved board included (D1)', () => {
  const random = seededRandom(1801);
  const hard = Array.from({ length: 256 }, () => slidingWalk(SOLVED, 3, 40, random).tiles);

  for (const family of ['eight', 'sliding']) {
    it(`${family}: a solved board alone prints one empty line`, () => {
      const child = run([family, '--jobs', '1'], `${text(SOLVED)}\n`);
      expect(child.status).toBe(0);
      expect(child.stdout).toBe('\n');
    });

    it(`${family}: 256 boards and then a solved one give 257 lines`, () => {
      const boards = [...hard, SOLVED];
      const child = run([family], `${boards.map(text).join('\n')}\n`);
      expect(child.status).toBe(0);
      expectAligned(boards, child.stdout);
    });

    it(`${family}: on a slow pipe, a case, a solved board and a case give three lines`, async () => {
      const boards = [hard[0], SOLVED, hard[1]];
      const { status, stdout } = await slowPipe(
        [family],
        boards.map((board) => `${text(board)}\n`),
        150,
      );
      expect(status).toBe(0);
      expectAligned(boards, stdout);
    });
  }
});

describe('CLI: an answer is written as soon as it lands, with standard input still open (D5)', () => {
  // A 15-puzzle a few moves from the goal, and an 8-puzzle: each sent alone,
  // the input left open, must be answered while the CLI waits for more.
  const cases = [
    { family: 'sliding', args: ['--heuristic', 'linear-conflict'], board: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15], width: 4 },
    { family: 'sliding', args: [], board: hardEight(), width: 3 },
  ];
  function hardEight() {
    return slidingWalk(SOLVED, 3, 30, seededRandom(18)).tiles;
  }

  for (const jobs of ['1', '2', '3']) {
    for (const { family, args, board, width } of cases) {
      it(`${family} --jobs ${jobs}, a ${width}x${width} board`, async () => {
        const child = spawn(process.execPath, [bin, family, '--jobs', jobs, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
        try {
          child.stdin.write(`${board.map((t) => (t === 0 ? 'x' : String(t))).join(' ')}\n`);
          const started = Date.now();
          while (!stdout.includes('\n') && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 20));
          expect(stdout.endsWith('\n'), 'an answer while the input is open').toBe(true);
          const goal = [...Array(width * width - 1).keys()].map((i) => i + 1).concat(0);
          expect(replaySliding(board, width, stdout.trim())).toEqual(goal);
        } finally {
          child.stdin.end();
          await closed;
        }
      });
    }
  }
});

describe('CLI: lightsout --pattern reads a file at any path (D6)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'puzzlesearch-pattern-'));
  // The cross as a file; a 4x4 board of lights, all on, takes 4 presses with it.
  writeFileSync(join(folder, 'cross.txt'), '.#.\n#X#\n.#.\n');
  writeFileSync(join(folder, 'x'), '.#.\n#X#\n.#.\n');
  const board = '1111\n1111\n1111\n1111\n';

  /** The presses of a --moves grid, replayed with the cross on the board: all lights off. */
  function expectCrossSolves(stdout: string, presses: number) {
    const lines = stdout.trim().split('\n');
    expect(Number(lines[0])).toBe(presses);
    const grid = lines.slice(1).map((row) => [...row].map(Number));
    const start = [...board.replace(/\n/g, '')].map(Number);
    const pressed = grid.flatMap((row, r) => row.flatMap((count, c) => (count > 0 ? [{ row: r + 1, col: c + 1, count }] : [])));
    expect(replayLightsOut(start, pressed, lightsOutStencils.cross(4, 4), 4, 4, false, 2)).toEqual(Array(16).fill(0));
  }

  it('reads ./cross.txt relative to the working folder', () => {
    const child = run(['lightsout', '--moves', '--pattern', './cross.txt'], board, folder);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expectCrossSolves(child.stdout, 4);
  });

  it('reads an absolute path', () => {
    const child = run(['lightsout', '--moves', '--pattern', join(folder, 'cross.txt')], board);
    expect(child.status).toBe(0);
    expectCrossSolves(child.stdout, 4);
  });

  it('reads ./x from its file, and says so, since it would also be an inline stencil', () => {
    const child = run(['lightsout', '--moves', '--pattern', './x'], board, folder);
    expect(child.status).toBe(0);
    expect(child.stderr).toMatch(/--pattern '\.\/x' is read from the file \.\/x/);
    expectCrossSolves(child.stdout, 4);
  });

  it('a pattern name is the pattern even beside a file of that name, and says so; ./x is the file (D10)', () => {
    // The file x holds the cross, the built-in x the diagonals: a 4x4 board all on takes 4 presses with the cross, and none solves it with x.
    const named = run(['lightsout', '--moves', '--pattern', 'x'], board, folder);
    expect(named.stderr).toBe("puzzlesearch: note: --pattern 'x' is the built-in pattern x, not the file x; write ./x for the file\n");
    const builtIn = run(['lightsout', '--moves', '--pattern', 'x'], board);
    expect(builtIn.stderr).toBe('');
    expect(named.stdout).toBe(builtIn.stdout);
    expect(named.status).toBe(builtIn.status);
    const file = run(['lightsout', '--moves', '--pattern', './x'], board, folder);
    expectCrossSolves(file.stdout, 4);
  });

  it('names a missing file rather than reading its name as a stencil', () => {
    const child = run(['lightsout', '--pattern', './missing.txt'], board, folder);
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/^puzzlesearch: --pattern: cannot read \.\/missing\.txt: ENOENT/);
    expect(child.stdout).toBe('');
  });

  it('names the file of a stencil it cannot take: an empty one, or one with no pressed cell', () => {
    writeFileSync(join(folder, 'empty.txt'), '\n');
    writeFileSync(join(folder, 'unpressed.txt'), '.#.\n###\n.#.\n');
    for (const [file, why] of [
      ['empty.txt', "empty, expected a stencil of '.', '#' and one 'X' or 'O'"],
      ['unpressed.txt', "no pressed cell: mark it 'X' (toggled) or 'O' (not toggled)"],
    ]) {
      const child = run(['lightsout', '--pattern', `./${file}`], board, folder);
      expect(child.status).toBe(1);
      expect(child.stderr).toBe(`puzzlesearch: --pattern: ./${file}: ${why}; see puzzlesearch --help\n`);
      expect(child.stdout).toBe('');
    }
  });

  it('still takes an inline stencil when no file has its name', () => {
    const child = run(['lightsout', '--moves', '--pattern', '.#./#X#/.#.'], board, folder);
    expect(child.status).toBe(0);
    expectCrossSolves(child.stdout, 4);
  });
});

describe('CLI: a board unsolvable for the default goal but solvable for blank-first says so (issue 22 §3)', () => {
  it('Korf #1 with the default goal: "unsolvable" on standard output, the hint on standard error, status 0', () => {
    const child = run(['sliding', '--heuristic', 'linear-conflict'], '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n');
    expect(child.status).toBe(0);
    expect(child.stdout).toBe('unsolvable\n');
    expect(child.stderr).toBe('case 1: unsolvable for goal blank-last; solvable for blank-first (--goal blank-first)\n');
  });

  it('no hint when neither standard goal is reachable, or for a goal given with --goal', () => {
    // 1 and 2 swapped: odd for the default goal; the blank-first goal is the other parity class here too.
    const child = run(['eight'], '2 1 3 4 5 6 7 8 x\n');
    expect(child.stdout).toBe('unsolvable\n');
    expect(child.stderr).toBe('');
    // A goal given with --goal was meant as given.
    const given = run(['sliding', '--heuristic', 'linear-conflict', '--goal', 'blank-last'], '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n');
    expect(given.stdout).toBe('unsolvable\n');
    expect(given.stderr).toBe('');
    const tiles = run(['eight', '--goal', '1 2 3 4 5 6 8 7 x'], '1 2 3 4 5 6 7 8 x\n');
    expect(tiles.stdout).toBe('unsolvable\n');
    expect(tiles.stderr).toBe('');
  });
});

describe('CLI: files named after FAMILY are read in order, as cat would give them (issue 39)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-files-'));
  const good = 'bwwb\nbbwb\nbwwb\nbwww\n';
  const bad = 'bwwb\nbbqb\nbwwb\nbwww\n';
  writeFileSync(join(dir, 'one.txt'), `${good}\n${bad}`);
  writeFileSync(join(dir, 'two.txt'), `wwww\nwwww\nwwww\nwwwb\n\n${good}`);

  it('answers the cases of one file and of several in order, exactly as the same text on standard input', () => {
    const piped = run(['flip'], `${good}\n${bad}\nwwww\nwwww\nwwww\nwwwb\n\n${good}`);
    const files = run(['flip', 'one.txt', 'two.txt'], '', dir);
    expect(files.stdout).toBe(piped.stdout);
    expect(files.stdout).toBe('4\nerror\nImpossible\n4\n');
    expect(files.status).toBe(2);
    expect(run(['flip', 'two.txt'], '', dir).stdout).toBe('Impossible\n4\n');
    // Standard input is not read when files are named; '-' names it.
    expect(run(['flip', 'two.txt'], good, dir).stdout).toBe('Impossible\n4\n');
    expect(run(['flip', 'two.txt', '-'], good, dir).stdout).toBe('Impossible\n4\n4\n');
  });

  it('names the file and the line of a case in its messages, and hint and --json take files too', () => {
    const files = run(['flip', 'two.txt', 'one.txt'], '', dir);
    expect(files.stdout).toBe('Impossible\n4\n4\nerror\n');
    expect(files.stderr).toMatch(/^case 4 \(one\.txt, line 6\): line 2, column 3: stray character 'q'/m);
    const stats = run(['flip', '--stats', 'two.txt'], '', dir);
    expect(stats.stderr).toMatch(/^case 2 \(two\.txt, line 6\): \d+ nodes/m);
    expect(run(['hint', 'flip', 'one.txt'], '', dir).stdout.split('\n')[0]).toMatch(/^\d+ \d+ \d+ \d+ \/ /);
    expect(JSON.parse(run(['flip', '--json', 'one.txt'], '', dir).stdout.split('\n')[0]!)).toMatchObject({ case: 1, status: 'solved', length: 4 });
  });

  it('a missing or unreadable file is one line naming it, status 1, before any case is answered', () => {
    const missing = run(['flip', 'one.txt', 'boards.txt'], good, dir);
    expect(missing).toMatchObject({ status: 1, stdout: '', stderr: 'puzzlesearch: cannot read boards.txt: no such file or directory\n' });
    expect(run(['flip', '.'], '', dir)).toMatchObject({ status: 1, stdout: '', stderr: 'puzzlesearch: cannot read .: it is a directory\n' });
    // A word that is no file but reads as an option or a family was not meant as a file.
    expect(run(['flip', 'sliding'], '', dir).stderr).toBe('puzzlesearch: one FAMILY expected, got flip sliding; see puzzlesearch --help\n');
  });
});
