/**
 * The one estimator of a table build's time left (src/pdb/buildTimer.ts: the
 * CLI's bar and the web page's estimate), replayed on progress recorded from
 * real `tables build` runs on a loaded 2-core machine, both goals, no cache
 * (4x4 6-6-3: three tables built, then three read through a symmetry; 5x5
 * 6-6-6-6: two built and two read, then four read), with the times they were
 * reported at (tests/pdb/buildTraces.json, recorded by `bench/buildEstimate.js
 * --record`). No clock is read here: the recorded times are the clock. Once a
 * partition's first table is made, the estimate of its end is within 30% of
 * when it really ended, at every report after (the target), from the
 * library's plan as the CLI has it. On 5x5 a read through a half turn takes
 * three or four times as long as a read in place, so the plan's kind of each
 * read (ReadKind) is what keeps the reads within 30%; from the reports alone
 * (no plan) the 4x4 reads come within 35% (the first read of a partition there
 * took up to twice as long as the next: the only one in the process run before
 * V8 has tiered pdbDeriveSlice up from its baseline code).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BuildTimer, type BuildWork, buildPlans, reportedWork } from '../../src/pdb/buildTimer.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import type { TablesProgress } from '../../src/pdb/tables.js';

type Row = [number, number, number, TablesProgress['phase'], number, number, number, number];
const traces: Record<string, { size: string; partition: string; reports: Row[] }> = JSON.parse(
  readFileSync(new URL('./buildTraces.json', import.meta.url), 'utf8'),
);

interface Timed extends TablesProgress {
  t: number;
}

/** A trace's reports by partition, as the CLI's bar meets them: each ends at the first report with all its work done. */
function partitionsOf(rows: Row[]): Timed[][] {
  const parts: Timed[][] = [];
  let current: Timed[] = [];
  for (const [t, group, groups, phase, settled, entries, done, total] of rows) {
    const report = { t, partition: '6-6-3', group, groups, phase, settled, entries, done, total };
    // A build reports its last round more than once: the repeats belong to the partition ended.
    if (current.length === 0 && parts.length > 0 && parts.at(-1)!.at(-1)!.group === group && done >= total) continue;
    current.push(report);
    if (done >= total) {
      parts.push(current);
      current = [];
    }
  }
  return parts;
}

/** The estimate of each partition's end, as a fraction of its real length less one, at every report after its first table is made. */
function errorsAfterFirstTable(
  rows: Row[],
  planOf: (index: number, first: Timed) => BuildWork & { hear?(progress: TablesProgress): void },
): { phase: string; errors: number[] }[] {
  let previousEnd: number | undefined;
  return partitionsOf(rows).map((reports, index) => {
    const start = previousEnd ?? reports[0]!.t;
    const end = reports.at(-1)!.t;
    previousEnd = end;
    let now = start;
    const work = planOf(index, reports[0]!);
    const timer = new BuildTimer(work, undefined, () => now, start);
    const errors: number[] = [];
    for (const report of reports) {
      now = report.t;
      work.hear?.(report);
      timer.hear(report);
      if (report.group === reports[0]!.group) continue;
      const left = timer.timeLeft(now);
      expect(left, `a time left at ${now} ms`).toBeDefined();
      errors.push((now - start + left!.ms) / (end - start) - 1);
    }
    return { phase: reports[0]!.phase, errors };
  });
}

const plansOf = (size: string, partition: string) => {
  const [width, height] = size.split('x').map(Number) as [number, number];
  // The CLI's --goal both: blank last, then blank first (tables.ts, partitionsFor).
  return buildPlans([namedPartition(width, height, width * height - 1, partition)!, namedPartition(width, height, 0, partition)!]);
};

describe('the build estimate on recorded builds', () => {
  for (const [name, trace] of Object.entries(traces)) {
    it(`${name}: within 30% of each partition's end once its first table is made, from the library's plan`, () => {
      const plans = plansOf(trace.size, trace.partition);
      const partitions = errorsAfterFirstTable(trace.reports, (index) => plans[index]!);
      expect(partitions.map(({ phase }) => phase)).toEqual(['build', 'derive']);
      for (const { errors } of partitions) {
        expect(errors.length).toBeGreaterThan(0);
        for (const error of errors) expect(Math.abs(error)).toBeLessThanOrEqual(0.3);
      }
    });
  }

  for (const [name, trace] of Object.entries(traces).filter(([, trace]) => trace.size === '4x4')) {
    it(`${name}: from the reports alone (no plan), builds within 30%, reads within 35%`, () => {
      const partitions = errorsAfterFirstTable(trace.reports, (_, first) => reportedWork(first));
      expect(partitions.map(({ phase }) => phase)).toEqual(['build', 'derive']);
      for (const { phase, errors } of partitions) {
        expect(errors.length).toBeGreaterThan(0);
        for (const error of errors) expect(Math.abs(error)).toBeLessThanOrEqual(phase === 'build' ? 0.3 : 0.35);
      }
    });
  }

  it('says from the plan how each read reads its source: 5x5 6-6-6-6 blank first reads two groups in place (the same cells) and two through a half turn', () => {
    const [last, first] = plansOf('5x5', '6-6-6-6');
    expect([last!.builds, last!.derives.map((group) => last!.readKind?.(group))]).toEqual([
      [0, 3],
      ['moved', 'moved'],
    ]);
    expect(first!.derives.map((group) => [group, first!.readKind?.(group)])).toEqual([
      [0, 'moved'],
      [1, 'in place'],
      [2, 'in place'],
      [3, 'moved'],
    ]);
  });

  it('reads the plan as the library makes it: 4x4 6-6-3 for both goals builds three tables, then reads three out of them', () => {
    const [last, first] = plansOf('4x4', '6-6-3');
    expect([last!.builds.length, last!.derives.length, first!.builds.length, first!.derives.length]).toEqual([3, 0, 0, 3]);
    expect([0, 1, 2].map((group) => last!.entries(group))).toEqual([5_765_760, 5_765_760, 3_360]);
  });

  it('says nothing while the first table is young (its first rounds settle few entries), and something once it is made', () => {
    const [build] = partitionsOf(traces[Object.keys(traces)[0]!]!.reports);
    const start = build![0]!.t;
    let now = start;
    const timer = new BuildTimer(plansOf('4x4', '6-6-3')[0]!, undefined, () => now, start);
    const said = build!.map((report) => {
      now = report.t;
      timer.hear(report);
      return { report, left: timer.timeLeft(now) };
    });
    // Half a second in, few of the first table's 5.8 million entries are settled: the share of the
    // partition's entries done would say more than one and a half times the real length.
    const early = said.filter(({ report }) => report.t - start < 500);
    expect(early.length).toBeGreaterThan(10);
    for (const { left } of early) expect(left).toBeUndefined();
    const { report } = early.at(-1)!;
    const linear = report.t - start + ((report.t - start) * (report.total! - report.done!)) / report.done!;
    expect(linear).toBeGreaterThan(1.5 * (build!.at(-1)!.t - start));
    for (const { report, left } of said) if (report.group > 0) expect(left).toBeDefined();
  });
});
