/**
 * The web page's build estimate (web/page/buildEstimate.ts) on a made-up
 * clock: the memory at once, no time until the build in hand is measurable,
 * then its rate over the entries left to build, then a finished table's time
 * for each table still to build, and a timed read through a symmetry for the
 * reads left.
 */
import { describe, expect, it } from 'vitest';
import { BuildEstimate, bytesText, durationText } from '../../web/page/buildEstimate.js';
import type { TablesProgress } from '../../web/page/solverClient.js';
import type { TablesWork } from '../../web/page/tablesWork.js';

const ENTRIES = 1_000_000;
/** Four groups of a million entries: 0 and 3 built, 1 and 2 read out of them. */
const work = { builds: [0, 3], derives: [1, 2], loads: [], entries: () => ENTRIES, memoryBytes: 1_785_168_000 } as unknown as TablesWork;

function report(group: number, phase: TablesProgress['phase'], settled: number): TablesProgress {
  return { partition: '6-6-6-6', group, groups: 4, phase, settled, entries: ENTRIES };
}

describe('the build estimate', () => {
  it('says the memory at once, and the time once measured: the rate of the table in hand, then the finished tables’ times', () => {
    let now = 0;
    const estimate = new BuildEstimate(work, () => now);
    expect(estimate.shown()).toEqual({
      text: 'On this machine: 1.8 GB of memory while building; timing the build to say how long it takes…',
      memoryBytes: 1_785_168_000,
    });
    // 10 s in, a tenth settled: the first rounds say too little yet.
    now = 10_000;
    expect(estimate.hear(report(0, 'build', 100_000)).leftMs).toBeUndefined();
    // 20 s in, a fifth: 800k entries of this table and 1M of the other to go at 0.1 ms each.
    now = 20_000;
    const measured = estimate.hear(report(0, 'build', 200_000));
    expect(measured.leftMs).toBeCloseTo(180_000);
    expect(measured.totalMs).toBeCloseTo(200_000);
    expect(measured.text).toBe('On this machine: about 3 minutes in all, 3 minutes left (measured); 1.8 GB of memory while building.');
    // Table 0 took 60 s in all; 10 s into table 3, 50 s of it are left (the reads are not timed yet).
    now = 60_000;
    estimate.hear(report(0, 'build', ENTRIES));
    now = 70_000;
    expect(estimate.hear(report(3, 'build', 10)).leftMs).toBeCloseTo(50_000);
    // Table 3 done at 120 s; the first read, a quarter done after 1 s, leaves 3 s of it and 4 s for the other.
    now = 120_000;
    estimate.hear(report(3, 'build', ENTRIES));
    now = 121_000;
    const reading = estimate.hear(report(1, 'derive', 250_000));
    expect(reading.leftMs).toBeCloseTo(7_000);
    expect(reading.text).toMatch(/about 2 minutes in all, a few seconds left/);
    // Loads and shares take no part in the timing: the read in hand, still a quarter done after 2 s, leaves 6 s and 8 s for the other.
    now = 122_000;
    expect(estimate.hear(report(0, 'load', ENTRIES)).leftMs).toBeCloseTo(14_000);
  });

  it('words bytes and times as an estimate deserves', () => {
    expect(bytesText(1_785_168_000)).toBe('1.8 GB');
    expect(bytesText(34_594_560)).toBe('35 MB');
    expect(durationText(4_000)).toBe('a few seconds');
    expect(durationText(44_000)).toBe('40 seconds');
    expect(durationText(89_000)).toBe('90 seconds');
    expect(durationText(100_000)).toBe('2 minutes');
    expect(durationText(200_000)).toBe('3 minutes');
  });
});
