/**
 * The table progress on standard error (issue 22 §3): plain lines off a
 * terminal; on one, a bar that counts work (entries, not tables), never goes
 * back, fits the terminal's width, gives the time left on a long build and
 * ends with a final message on a line of its own; loads from the cache say so
 * in one line.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TablesProgress } from '../../src/pdb/tables.js';
import { tablesProgress } from '../../src/cli/progress.js';

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
});
