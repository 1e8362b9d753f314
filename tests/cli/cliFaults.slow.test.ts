/**
 * The CLI when the world around it fails (reliability round 3): standard
 * output or standard error on a full device (D3), and a table cache that is a
 * file, holds a broken link or a directory named like a table, or cannot be
 * written (D7). Each gets one line naming what is wrong and an exit status
 * that says so; answers that can still be written are.
 *
 * Round 4: `tables build` reports what its saves did, not which file names it
 * finds (D1): a corrupt table whose replacement cannot be written is "built
 * but not saved", naming its path, exit 1, on both engines; and one path that
 * cannot be written (a directory in the way) is the only table left unsaved
 * (D6).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engineNames } from '../support/engines.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-faults-'));
  dirs.push(dir);
  return dir;
};

function run(args: string[], options: { input?: string; stdout?: number; stderr?: number } = {}) {
  const stdio = ['pipe', options.stdout ?? 'pipe', options.stderr ?? 'pipe'] as const;
  return spawnSync(process.execPath, [bin, ...args], { input: options.input ?? '', stdio: [...stdio], encoding: 'utf8', timeout: 120_000 });
}

const flipBoard = 'bwwb\nbbwb\nbwwb\nbwww\n';
const badFlip = 'bwwq\nbbwb\nbwwb\nbwww\n';
const full = () => openSync('/dev/full', 'w');

describe('CLI: a write error on standard output or standard error (D3)', () => {
  for (const [what, args, input] of [
    ['answers', ['flip'], flipBoard],
    ['--help', ['--help'], ''],
    ['tables list', ['tables', 'list', '--dir', '/nonexistent-puzzlesearch-dir'], ''],
  ] as const) {
    it(`standard output full (${what}): one line, status 1, no stack trace`, () => {
      const child = run([...args], { input, stdout: full() });
      expect(child.status).toBe(1);
      expect(child.stderr).toBe('puzzlesearch: cannot write standard output: no space left on device\n');
    });
  }

  it('a slow reader: output waits for room without piling up listeners (no MaxListenersExceededWarning)', async () => {
    const child = spawn(process.execPath, [bin, 'flip', '--jobs', '1'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let lines = 0;
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.setEncoding('utf8').on('data', (text: string) => (lines += text.split('\n').length - 1));
    child.stdout.pause();
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end(flipBoard.repeat(40_000).replace(/bwww\n/g, 'bwww\n\n'));
    // Nobody reads for a while: the pipe fills and the CLI waits for room, many times over.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.stdout.resume();
    expect(await closed).toBe(0);
    expect(lines).toBe(40_000);
    expect(stderr).toBe('');
  });

  it('standard error full: the answers still reach standard output, every case its line', () => {
    const child = run(['flip'], { input: `${badFlip}\n${flipBoard}`, stderr: full() });
    expect(child.stdout).toBe('error\n4\n');
    expect(child.status).toBe(2);
  });
});

describe('CLI: tables build, list and clear say what they could not do (D7)', () => {
  it('build with --dir a file: "built but not saved", status 1', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    const child = run(['tables', 'build', '--size', '3x3', '--dir', file]);
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/puzzlesearch tables: built but not saved: cannot write tables to /);
    expect(child.stderr).toContain(`(${file} is not a directory)`);
    expect(child.stderr).not.toMatch(/EEXIST/);
    expect(child.stdout).not.toMatch(/ready/);
  });

  it('build into a directory that cannot be written: "built but not saved", status 1', () => {
    // A read-only directory; as root (CI), which ignores permissions, a place under /proc instead.
    const dir = join(tempDir(), 'cache');
    mkdirSync(dir);
    chmodSync(dir, 0o500);
    const target = process.getuid?.() === 0 ? '/proc/puzzlesearch-cache' : dir;
    const child = run(['tables', 'build', '--size', '3x3', '--dir', target]);
    chmodSync(dir, 0o700);
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/puzzlesearch tables: built but not saved: cannot write tables to /);
  });

  it.each(engineNames)('a corrupt table whose replacement cannot be written: "built but not saved" naming it, status 1 (D1, %s)', (engine) => {
    const dir = tempDir();
    expect(run(['tables', 'build', '--size', '3x3', '--dir', dir]).status).toBe(0);
    const path = join(dir, '3x3-blank8-4-4-group0.pdb');
    const bytes = readFileSync(path);
    // One byte of the table (past the 64-byte header): its checksum no longer holds.
    bytes[100]! ^= 0xff;
    writeFileSync(path, bytes);
    // The tests run as root, which a read-only directory does not stop. What stops root too: a
    // file-size limit (ulimit -f 1, 1 KiB at most) below a table's 1,576 bytes, so that every table
    // written fails with EFBIG (Node ignores SIGXFSZ) while the corrupt file stays at its name.
    const child = spawnSync(
      'bash',
      ['-c', 'ulimit -f 1 && exec "$@"', 'bash', process.execPath, bin, 'tables', 'build', '--size', '3x3', '--dir', dir, '--engine', engine],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(child.stderr).toContain(`puzzlesearch: ignoring table file ${path}: checksum mismatch (corrupt); rebuilding it`);
    expect(child.stderr).toContain(`puzzlesearch tables: built but not saved: cannot save ${path} (EFBIG`);
    expect(child.status).toBe(1);
    expect(child.stdout).toBe('');
    // The corrupt file is still there: the old check saw its name and said "ready".
    expect(Buffer.compare(readFileSync(path), bytes)).toBe(0);
  });

  it.each(engineNames)("a directory at one table's path: that table alone is not saved, and the line names its path (D6, %s)", (engine) => {
    const dir = tempDir();
    const blocked = join(dir, '3x3-blank0-4-4-group0.pdb');
    // A directory in the way fails for root too.
    mkdirSync(blocked);
    const child = run(['tables', 'build', '--size', '3x3', '--dir', dir, '--engine', engine]);
    expect(child.status).toBe(1);
    const notSaved = child.stderr.split('\n').filter((line) => line.startsWith('puzzlesearch tables: built but not saved'));
    expect(notSaved).toEqual([`puzzlesearch tables: built but not saved: cannot save ${blocked} (a directory is in the way)`]);
    expect(child.stderr).not.toMatch(/cannot write tables to/);
    // Every other table of both goals is saved, the one after it included.
    expect(readdirSync(dir).sort()).toEqual([
      '3x3-blank0-4-4-group0.pdb',
      '3x3-blank0-4-4-group1.pdb',
      '3x3-blank8-4-4-group0.pdb',
      '3x3-blank8-4-4-group1.pdb',
    ]);
    expect(run(['tables', 'list', '--dir', dir]).stderr).toBe('puzzlesearch tables: skipped 3x3-blank0-4-4-group0.pdb: not a regular file\n');
  });

  it('list and clear skip and name a broken link and a directory named like a table, and go on', () => {
    const dir = tempDir();
    expect(run(['tables', 'build', '--size', '3x3', '--dir', dir]).status).toBe(0);
    const tables = readdirSync(dir).filter((name) => name.endsWith('.pdb'));
    expect(tables.length).toBeGreaterThan(0);
    symlinkSync(join(dir, 'nowhere'), join(dir, 'a-broken-link.pdb'));
    mkdirSync(join(dir, 'a-folder.pdb'));

    const listed = run(['tables', 'list', '--dir', dir]);
    expect(listed.status).toBe(2);
    for (const name of tables) expect(listed.stdout).toContain(name);
    expect(listed.stderr).toContain('puzzlesearch tables: skipped a-broken-link.pdb: a broken link');
    expect(listed.stderr).toContain('puzzlesearch tables: skipped a-folder.pdb: not a regular file');

    const cleared = run(['tables', 'clear', '--dir', dir]);
    expect(cleared.status).toBe(2);
    // The tables and the broken link (a link, not a folder) are gone; the folder is named and kept.
    expect(cleared.stdout).toBe(`removed ${tables.length + 1} files from ${dir}\n`);
    expect(cleared.stderr).toContain('puzzlesearch tables: skipped a-folder.pdb: a directory, not a table file');
    expect(readdirSync(dir)).toEqual(['a-folder.pdb']);
    expect(existsSync(join(dir, 'a-folder.pdb'))).toBe(true);
  });

  it('list on a file says it is not a directory, status 1', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const child = run(['tables', 'list', '--dir', file]);
    expect(child.status).toBe(1);
    expect(child.stderr).toBe(`puzzlesearch tables: ${file} is not a directory\n`);
  });

  it('an empty --dir is a usage error, not the default folder; usage errors exit 1 as the main CLI does', () => {
    expect(run(['tables', 'list', '--dir', ''])).toMatchObject({ status: 1, stderr: 'puzzlesearch tables: --dir is empty; give a directory\n' });
    expect(run(['tables', 'frobnicate']).status).toBe(1);
    expect(run(['frobnicate']).status).toBe(1);
  });

  it('a library error is named once, without a doubled prefix', () => {
    const child = run(['tables', 'build', '--size', '3x3', '--goal', 'sideways', '--dir', tempDir()]);
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/^puzzlesearch tables: unknown goal 'sideways'/);
    expect(child.stderr).not.toMatch(/tables: tables:/);
  });
});

describe('CLI: usage errors in our own words, with the nearest spelling (issue 22 §3)', () => {
  it('an unknown option, family, choice or tables action names the likely one', () => {
    expect(run(['flip', '--mvoes'])).toMatchObject({
      status: 1,
      stderr: "puzzlesearch: unknown option '--mvoes' (did you mean --moves?); see puzzlesearch --help\n",
    });
    expect(run(['flipp']).stderr).toMatch(/unknown family 'flipp', expected .* \(did you mean 'flip'\?\)/);
    expect(run(['eight', '--algorithm', 'astr']).stderr).toMatch(/unknown algorithm 'astr', .* \(did you mean 'astar'\?\)/);
    expect(run(['tables', 'biuld']).stderr).toMatch(/expected one of build, list, clear, not 'biuld' \(did you mean 'build'\?\)/);
    // Nothing close: no guess, and never Node's own wording.
    const far = run(['flip', '--zzzzzz']);
    expect(far.stderr).toBe("puzzlesearch: unknown option '--zzzzzz'; see puzzlesearch --help\n");
    expect(far.stderr).not.toMatch(/positional argument/);
  });

  it('a value given to a switch is told apart from a value left out, and tables and census speak as the main CLI', () => {
    expect(run(['flip', '--stats=yes'])).toMatchObject({ status: 1, stderr: "puzzlesearch: option '--stats' takes no value; see puzzlesearch --help\n" });
    expect(run(['flip', '--jobs'])).toMatchObject({ status: 1, stderr: "puzzlesearch: option '--jobs' needs a value; see puzzlesearch --help\n" });
    for (const [command, args, first] of [
      ['tables', ['clear', '--szie', '4x4'], "puzzlesearch tables: unknown option '--szie' (did you mean --size?)"],
      ['tables', ['list', '--dir'], "puzzlesearch tables: option '--dir' needs a value"],
      ['census', ['--size', '2x3', '--jobs', '2'], "puzzlesearch census: unknown option '--jobs'"],
      ['census', ['--size', '2x3', '--json=1'], "puzzlesearch census: option '--json' takes no value"],
    ] as const) {
      const child = run([command, ...args]);
      expect(child.status).toBe(1);
      // The whole of standard error: the one line, ended as the main CLI's are by where the help is (issue 39).
      expect(child.stderr).toBe(`${first}; see puzzlesearch ${command} --help\n`);
      expect(child.stderr).not.toMatch(/positional argument|Option '/);
    }
  });

  it("a library message's own prefix is not doubled after the command's (D7)", () => {
    // The twin refuses 7-8's 8-tile table (3.1 GiB of blank sets) before building anything.
    const child = run([
      'tables',
      'build',
      '--size',
      '4x4',
      '--partition',
      '7-8',
      '--engine',
      'ts',
      '--goal',
      'blank-first',
      '--dir',
      mkdtempSync(join(tmpdir(), 'puzzlesearch-d7-')),
    ]);
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/^puzzlesearch tables: building the 8-tile table of partition 7-8 needs /m);
    expect(child.stderr).not.toMatch(/puzzlesearch tables: puzzlesearch:/);
  });

  it('arguments after a bare -- are quoted as typed, never glued to an option', () => {
    expect(run(['flip', '--', '--jobs', '2'])).toMatchObject({
      status: 1,
      stderr: 'puzzlesearch: one FAMILY expected, got flip --jobs 2; see puzzlesearch --help\n',
    });
    expect(run(['flip', '--jobs', '--', '2'])).toMatchObject({ status: 1, stderr: "puzzlesearch: option '--jobs' needs a value; see puzzlesearch --help\n" });
  });

  it('--colors is told the one range it takes, 2 to 251, whatever number was given', () => {
    for (const colors of ['0', '1', '257', '99999999999999999999', '1.5', '-3', 'two']) {
      const child = run(['lightsout', '--colors', colors], { input: '1\n' });
      expect(child.status, colors).toBe(1);
      expect(child.stderr, colors).toMatch(/^puzzlesearch: (colors must be a whole number|--colors takes a prime number of colours) from 2 to 251, /);
    }
  });

  it("FAMILY --help is that family's help: its own options and input rules, none of the others'", () => {
    const expectations: Array<[string, string[], string[]]> = [
      [
        'flip',
        ['--moves', '--jobs', '--json', '4 lines of 4 characters'],
        ['--heuristic', '--pattern', '--size', 'lightsout: the lines between blank lines', 'eight, sliding: a line holding'],
      ],
      [
        'sliding',
        ['--heuristic', '--size', '--partition', '--max-nodes', 'eight, sliding:'],
        ['--pattern', '--torus', '--goal off|on', 'flip, pilots, fourline: 4 lines'],
      ],
      [
        'lightsout',
        ['--pattern', '--torus', '--colors', '--goal off|on', '--moves', 'lightsout: the lines between blank lines'],
        ['--heuristic', '--size', '--goal "TILES"'],
      ],
    ];
    for (const [family, has, hasNot] of expectations) {
      for (const flag of ['--help', '-h']) {
        const help = run([family, flag]);
        expect(help.status).toBe(0);
        expect(help.stderr).toBe('');
        expect(help.stdout.startsWith(`Usage: puzzlesearch ${family} [options] < input\n`)).toBe(true);
        for (const text of has) expect(help.stdout, `${family} ${text}`).toContain(text);
        for (const text of hasNot) expect(help.stdout, `${family} not ${text}`).not.toContain(text);
      }
    }
    // The whole help lists every family; a misspelt family with --help gets the whole help too.
    const whole = run(['--help']).stdout;
    for (const family of ['flip', 'pilots', 'fourline', 'eight', 'sliding', 'lightsout']) expect(whole).toMatch(new RegExp(`^  ${family} +`, 'm'));
    expect(run(['flipp', '--help']).stdout).toBe(whole);
  });

  it("a family's help speaks of that family alone: flip's --moves and --jobs say nothing of Lights Out or sliding (issue 39)", () => {
    const flip = run(['flip', '--help']).stdout;
    const entry = (help: string, option: string) => {
      const at = help.indexOf(`\n  ${option} `);
      const lines = help.slice(at + 1).split('\n');
      return [lines[0], ...lines.slice(1).filter((_, i, rest) => rest.slice(0, i + 1).every((line) => /^ {10,}/.test(line)))].join('\n');
    };
    expect(entry(flip, '--moves')).not.toMatch(/lightsout|grid/i);
    expect(entry(flip, '--jobs')).not.toMatch(/sliding|IDA\*|4x4/);
    expect(entry(flip, '--jobs').split('\n').length).toBeLessThanOrEqual(6);
    const sliding = run(['sliding', '--help']).stdout;
    expect(entry(sliding, '--jobs')).toMatch(/parallel\s+IDA\*/);
    expect(entry(sliding, '--jobs')).not.toMatch(/chunks of cases/);
    expect(entry(run(['lightsout', '--help']).stdout, '--moves')).toMatch(/grid of each cell's presses/);
    expect(entry(run(['lightsout', '--help']).stdout, '--moves')).not.toMatch(/flip|fourline/);
  });

  it("hint --help is hint's help and hint FAMILY --help that family's hint, not the whole help (issue 39)", () => {
    const whole = run(['--help']).stdout;
    const hint = run(['hint', '--help']);
    expect(hint.status).toBe(0);
    expect(hint.stdout).not.toBe(whole);
    expect(hint.stdout.startsWith('Usage: puzzlesearch hint FAMILY [options] < input\n')).toBe(true);
    expect(hint.stdout.split('\n').length).toBeLessThan(whole.split('\n').length / 2);
    for (const family of ['flip', 'pilots', 'fourline', 'eight', 'sliding', 'lightsout']) {
      const one = run(['hint', family, '-h']);
      expect(one.status).toBe(0);
      expect(one.stderr).toBe('');
      expect(one.stdout.startsWith(`Usage: puzzlesearch hint ${family} [options] < input\n`), family).toBe(true);
      expect(one.stdout, family).not.toContain('--jobs');
      expect(one.stdout.split('\n').length, family).toBeLessThan(whole.split('\n').length / 2);
    }
    expect(run(['hint', 'flip', '--help']).stdout).toMatch(/fewest presses after pressing each cell/);
    expect(run(['hint', 'flip', '--help']).stdout).not.toMatch(/--heuristic|--pattern/);
    expect(run(['hint', 'eight', '--help']).stdout).toMatch(/each legal move of the blank/);
  });

  it('tables and census say Usage: as the other commands do, and a bad command line is one line pointing at --help (issue 39)', () => {
    for (const command of ['tables', 'census']) {
      const help = run([command, '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout.startsWith(`Usage: puzzlesearch ${command} `)).toBe(true);
    }
    for (const args of [
      ['tables', 'biuld'],
      ['tables', 'build', '--szie', '3x3'],
      ['census'],
      ['census', '--size', '2x2', '--depth', '3'],
      ['census', '--size', '2x2', '--engine', 'gpu'],
    ]) {
      const bad = run(args);
      expect(bad.status, args.join(' ')).toBe(1);
      expect(bad.stderr, args.join(' ')).toMatch(new RegExp(`^puzzlesearch ${args[0]}: [^\n]*; see puzzlesearch ${args[0]} --help\n$`));
    }
    expect(run(['flip', '--bogus']).stderr).toMatch(/^puzzlesearch: [^\n]*; see puzzlesearch --help\n$/);
  });

  it('every --help example is one line that runs as shown', () => {
    const help = run(['--help']).stdout;
    const examples = help
      .slice(help.indexOf('Examples:'))
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '');
    expect(examples.every((line) => /\| puzzlesearch /.test(line))).toBe(true);
    const printf = examples.find((line) => line.includes('printf'))!;
    const shell = spawnSync('sh', ['-c', printf.trim().replace(/puzzlesearch/, `${process.execPath} ${bin}`)], { encoding: 'utf8' });
    expect(shell.status).toBe(0);
    expect(shell.stdout).toMatch(/^[udlr]+\n$/);
  });
});
