/**
 * The live line of a long sliding search, on a terminal only (issue 39), and
 * the table progress on standard error (issue 22 §3): plain lines off a
 * terminal; on one, a bar that counts work (entries, not tables), never goes
 * back, fits the terminal's width, gives the time left on a long build and
 * ends with a final message on a line of its own; loads from the cache say so
 * in one line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TablesProgress } from '../../src/pdb/tables.js';
import { tablesProgress } from '../../src/cli/progress.js';
import { buildPlans } from '../../src/pdb/buildTimer.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import { main } from '../../src/cli/main.js';
import { engineNames } from '../support/engines.js';
import { replaySliding } from '../oracles.js';

/** A step of 6-6-3: groups of 100, 100 and 4 entries (204 in all), `before` entries of earlier groups done. */
const step = (phase: string, group: number, settled: number, before: number): TablesProgress => {
  const entries = group === 2 ? 4 : 100;
  return { partition: '6-6-3', group, groups: 3, phase: phase as TablesProgress['phase'], settled, entries, done: before + settled, total: 204 };
};
/** The visible lines of what a terminal shows: each carriage return or erase starts the line again. */
const screen = (out: string) => out.split('\n').map((line) => line.split('\r').pop()!.replace('\x1b[K', ''));

afterEach(() => {
  vi.useRealTimers();
});

describe('table progress on standard error', () => {
  it('writes plain lines off a terminal: each finished group once, then a final line', () => {
    const lines: string[] = [];
    const report = tablesProgress({ write: (text) => lines.push(text) }, 'tables 4x4');
    report(step('build', 0, 100, 0));
    report(step('build', 0, 100, 0));
    report(step('build', 1, 100, 100));
    report(step('derive', 2, 4, 200));
    expect(lines.join('')).toMatch(
      /^ 49% tables 4x4: 6-6-3 table 1 of 3 built\n 98% tables 4x4: 6-6-3 table 2 of 3 built\n100% tables 4x4: 6-6-3 table 3 of 3 derived\ntables 4x4: 6-6-3 tables ready \(2 built, 1 derived\) in [\d.]+ s\n$/,
    );
  });

  it('on a terminal: a bar of work, never backwards, cut to the width, ending in a final line of its own', () => {
    let out = '';
    const report = tablesProgress({ write: (text) => (out += text), isTTY: true, columns: 60 }, 'tables 4x4');
    report(step('build', 0, 50, 0));
    // The third table is 4 entries of 204: a third of the tables, 2% of the work.
    expect(screen(out).pop()).toMatch(/^\[#{7}\.{23}\] {2}24% tables 4x4: 6-6-3 ta…$/);
    // A worker's copy of the first table (no work count) reads as less done: the bar stays.
    report({ partition: '6-6-3', group: 0, groups: 3, phase: 'build', settled: 10, entries: 100 });
    expect(screen(out).pop()).toMatch(/^\[#{7}\.{23}\] {2}24% /);
    for (const line of screen(out)) expect(line.length).toBeLessThan(60);
    report(step('build', 1, 100, 100));
    report(step('build', 2, 4, 200));
    const lines = screen(out);
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toMatch(/^tables 4x4: 6-6-3 tables ready \(2 built\) in [\d.]+ s$/);
    expect(out.endsWith('\n')).toBe(true);
  });

  it('gives the time left once a build has run a few seconds', () => {
    vi.useFakeTimers();
    let out = '';
    const report = tablesProgress({ write: (text) => (out += text), isTTY: true }, 'tables 4x4');
    report(step('build', 0, 10, 0));
    expect(out).not.toMatch(/left/);
    vi.advanceTimersByTime(10_000);
    report(step('build', 0, 51, 0));
    // A quarter of the work in 10 s: about 30 s to go.
    expect(screen(out).pop()).toMatch(/, about 30s left$/);
  });

  it('with the plan of tables build --goal both: the time left of the goal on screen, from the time its first table took', () => {
    vi.useFakeTimers();
    let out = '';
    const plans = buildPlans([namedPartition(4, 4, 15, '6-6-3')!, namedPartition(4, 4, 0, '6-6-3')!]);
    const report = tablesProgress({ write: (text) => (out += text), isTTY: true }, 'tables 4x4', { plans });
    const table = (group: number, settled: number, before: number): TablesProgress => {
      const entries = plans[0]!.entries(group);
      return { partition: '6-6-3', group, groups: 3, phase: 'build', settled, entries, done: before + settled, total: 11_534_880 };
    };
    report(table(0, 1000, 0));
    // 1% of the first table settled after 2 s: too early to say.
    vi.advanceTimersByTime(2_000);
    report(table(0, 57_000, 0));
    expect(screen(out).pop()).not.toMatch(/left/);
    // The first table took 10 s; the second, as large, takes as long (and the third, 3,360 entries, a moment).
    vi.advanceTimersByTime(8_000);
    report(table(0, 5_765_760, 0));
    report(table(1, 1000, 5_765_760));
    expect(screen(out).pop()).toMatch(/table 2 of 3 building, about 10s left for goal 1 of 2$/);
  });

  it('says in one line that tables were loaded from the cache, and nothing at all when told to keep loads quiet', () => {
    const lines: string[] = [];
    const report = tablesProgress({ write: (text) => lines.push(text), isTTY: true }, 'tables 4x4');
    report(step('load', 0, 100, 0));
    report(step('load', 1, 100, 100));
    report(step('load', 2, 4, 200));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\r\x1b\[Ktables 4x4: 6-6-3 tables ready \(3 loaded\) in [\d.]+ s\n$/);
    const quiet: string[] = [];
    const quietReport = tablesProgress({ write: (text) => quiet.push(text), isTTY: true }, 'tables 4x4', { loads: false });
    for (const group of [0, 1, 2]) quietReport(step('load', group, group === 2 ? 4 : 100, [0, 100, 200][group]!));
    expect(quiet).toEqual([]);
  });

  it("counts in a partition's final line only its own tables, not another partition's late copies", () => {
    // The CLI readies two kinds in turn with one reporter (the per-board trial's pair); a pool's
    // workers may still be adopting the first kind's tables (phase 'share') when the second loads.
    const lines: string[] = [];
    const report = tablesProgress({ write: (text) => lines.push(text) }, 'tables 4x4');
    // Five groups of 100 entries: more tables than 6-6-3 has, as the catalogue's 14 beside 6-6-6-6's 4.
    const other = (phase: string, group: number): TablesProgress => ({
      partition: '6-6-3-zero-aware',
      group,
      groups: 5,
      phase: phase as TablesProgress['phase'],
      settled: 100,
      entries: 100,
      done: 100 * (group + 1),
      total: 500,
    });
    for (const group of [0, 1, 2, 3, 4]) report(other('load', group));
    for (const group of [0, 1, 2, 3, 4]) report(other('share', group));
    report(step('load', 0, 100, 0));
    report(step('load', 1, 100, 100));
    report(step('load', 2, 4, 200));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^tables 4x4: 6-6-3-zero-aware tables ready \(5 loaded\) in [\d.]+ s\n$/);
    expect(lines[1]).toMatch(/^tables 4x4: 6-6-3 tables ready \(3 loaded\) in [\d.]+ s\n$/);
  });
});

describe('the live line of a long sliding search (issue 39)', () => {
  /**
   * Korf's 15-puzzles on linear conflict (no tables), long enough that the
   * line shows (after 500 ms) with two workers on a quiet machine: on wasm
   * #88 with only the undo pruned, 423M nodes (4.0 s alone, 2.3 s over two
   * workers; #3's 59M took 0.7 s alone, and over two ended before the line);
   * on the twin #7, 35M (seconds).
   */
  const korf = (number: number) =>
    readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
      .split('\n')
      [number - 1]!.trim()
      .split(/\s+/)
      .slice(0, 16)
      .join(' ');
  const hard = { wasm: korf(88), ts: korf(7) } as const;
  const pruning = { wasm: ['--pruning', 'parent'], ts: [] } as const;

  /** main() in-process with standard error as a stream that says whether it is a terminal. */
  async function runWith(isTTY: boolean, args: string[], input: string) {
    const stream: string[] = [];
    const errors: string[] = [];
    let out = '';
    const status = await main(args, {
      input: async function* () {
        yield input;
      },
      write: (text) => {
        out += text;
        // What standard error had when the answer was written.
        stream.push(`<answer ${text.length}>`);
      },
      error: (line) => errors.push(line),
      errorStream: { isTTY, columns: 120, write: (text) => stream.push(text) },
    });
    return { status, out, errors, stream };
  }

  for (const engine of engineNames) {
    for (const jobs of ['1', '2']) {
      it(`${engine}, --jobs ${jobs}: on a terminal, bound, nodes, rate and time on one line redrawn in place, cleared before the answer`, async () => {
        const args = ['sliding', '--engine', engine, '--goal', 'blank-first', '--heuristic', 'linear-conflict', ...pruning[engine], '--jobs', jobs];
        const run = await runWith(true, args, `${hard[engine]}\n`);
        expect(run.status).toBe(0);
        expect(run.errors).toEqual([]);
        const drawn = run.stream.filter((text) => text.startsWith('\r\x1b[Kcase 1: searching'));
        expect(drawn.length).toBeGreaterThan(0);
        for (const text of drawn) {
          expect(text).toMatch(/^\r\x1b\[Kcase 1: searching, bound \d+, [\d.]+[kMG]? nodes, [\d.]+[kMG]? nodes\/s, (\d+m )?\d+s$/);
          expect(text.length).toBeLessThan(120);
          expect(text).not.toContain('\n');
        }
        // The last thing on standard error before the answer clears the line.
        const answer = run.stream.findIndex((text) => text.startsWith('<answer'));
        expect(run.stream.slice(0, answer).at(-1)).toBe('\r\x1b[K');
        expect(run.stream.indexOf(drawn[0]!)).toBeLessThan(answer);
        // The answer replays to the goal.
        const tiles = hard[engine].split(' ').map(Number);
        expect(replaySliding(tiles, 4, run.out.trim())).toEqual(Array.from({ length: 16 }, (_, i) => i));
      });
    }
  }

  it('off a terminal nothing new: the same answer, nothing on standard error; a short search on a terminal draws nothing', async () => {
    const args = ['sliding', '--goal', 'blank-first', '--heuristic', 'linear-conflict', '--jobs', '1'];
    const piped = await runWith(false, args, `${hard.wasm}\n`);
    expect(piped.status).toBe(0);
    expect(piped.errors).toEqual([]);
    expect(piped.stream.filter((text) => !text.startsWith('<answer'))).toEqual([]);
    const short = await runWith(true, args, '1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n');
    expect(short.out).toBe('l\n');
    expect(short.stream.filter((text) => !text.startsWith('<answer'))).toEqual([]);
    // --stats notes go on lines of their own, after the line is cleared.
    const stats = await runWith(true, [...args, '--stats'], `${hard.wasm}\n`);
    expect(stats.errors).toEqual([expect.stringMatching(/^case 1: \d+ nodes/), expect.stringMatching(/^case 1: \d+ expanded$/)]);
  });

  it('a whole process with standard error on a pipe writes nothing to it but what it wrote before', () => {
    const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
    const child = spawnSync(process.execPath, [bin, 'sliding', '--goal', 'blank-first', '--heuristic', 'linear-conflict', '--jobs', '1'], {
      input: `${hard.wasm}\n`,
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    expect(child.stderr).toBe('');
    expect(child.stdout).toMatch(/^[udlr]{55,}\n$/);
  });
});
