/**
 * The web page's build estimate (web/page/sliding/buildEstimate.ts) on a made-up
 * clock: the memory at once; the time from a rate kept from an earlier build
 * before the build starts and until this build is measurable; then the rate
 * of the build in hand over the entries left to build, then a finished
 * table's time for each table still to build, and a timed read through a
 * symmetry for the reads left. And the rates kept in this browser
 * (web/page/sliding/buildRates.ts): which predicts a table, what replaces what, and
 * what is said of them.
 */
import { describe, expect, it } from 'vitest';
import { BuildEstimate, bytesText, durationText } from '../../web/page/sliding/buildEstimate.js';
import {
  earlierRates,
  keepRates,
  measuredText,
  RATES_KEY,
  rateFor,
  rateSource,
  ratesTimed,
  readRates,
  type MeasuredRate,
} from '../../web/page/sliding/buildRates.js';
import type { TablesProgress } from '../../src/index.js';
import type { TablesWork } from '../../web/page/sliding/tablesWork.js';
import { trialFor, trialTiles } from '../../web/page/sliding/trialBuild.js';
import { pdbEntryCount } from '../../src/engine/pdbSizes.js';
import { namedPartition } from '../../src/pdb/partitions.js';

const ENTRIES = 1_000_000;
/** Four groups of a million entries: 0 and 3 built, 1 and 2 read out of them. */
const work = { builds: [0, 3], derives: [1, 2], loads: [], entries: () => ENTRIES, memoryBytes: 1_785_168_000 } as unknown as TablesWork;

function report(group: number, phase: TablesProgress['phase'], settled: number): TablesProgress {
  return { partition: '6-6-6-6', group, groups: 4, phase, settled, entries: ENTRIES };
}

/** A store in memory, as localStorage behaves. */
function memoryStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as unknown as Storage & { items: Map<string, string> };
}

const rate = (fields: Partial<MeasuredRate>): MeasuredRate => ({
  engine: 'wasm',
  making: 'build',
  cells: 25,
  tiles: 6,
  entries: 127_512_000,
  ms: 76_507,
  at: Date.UTC(2026, 10, 20, 12),
  trial: false,
  ...fields,
});

describe('the build estimate', () => {
  it('without an earlier rate: the memory at once, and the time once measured: the rate of the table in hand, then the finished tables’ times', () => {
    let now = 0;
    const estimate = new BuildEstimate(work, undefined, () => now);
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
    expect(measured.basis).toBe('build');
    expect(measured.text).toBe('On this machine: about 3 minutes in all, 3 minutes left (measured on this build); 1.8 GB of memory while building.');
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
    // The read done at 124 s; the other read reported half done at 125 s: a read fills its entries
    // evenly, so its own rate says 1 s more (the first read's would say 3 s: reads differ by symmetry).
    now = 124_000;
    estimate.hear(report(1, 'derive', ENTRIES));
    now = 125_000;
    expect(estimate.hear(report(2, 'derive', 500_000)).leftMs).toBeCloseTo(1_000);
    // Done at 126 s; a share after it ends it: every table timed, up to its last report.
    now = 126_000;
    estimate.hear(report(2, 'derive', ENTRIES));
    now = 127_000;
    expect(estimate.hear(report(2, 'share', ENTRIES)).leftMs).toBe(0);
    expect(estimate.timed()).toEqual([
      { group: 0, making: 'build', ms: 60_000 },
      { group: 3, making: 'build', ms: 60_000 },
      { group: 1, making: 'derive', ms: 4_000 },
      { group: 2, making: 'derive', ms: 2_000 },
    ]);
  });

  it('with earlier rates: the time before the build starts is every table’s entries at them, counted down until this build measures its own', () => {
    let now = 0;
    const earlier = (making: 'build' | 'derive') =>
      making === 'build' ? { msPerEntry: 0.06, source: 'here on 20 Nov: a 6-tile 5x5 table built in 60 s' } : { msPerEntry: 0.002, source: 'just now: a read' };
    const estimate = new BuildEstimate(work, earlier, () => now);
    // Two builds of 1M entries at 0.06 ms and two reads at 0.002 ms: 124 s.
    const before = estimate.shown();
    expect(before.totalMs).toBeCloseTo(124_000);
    expect(before.leftMs).toBeCloseTo(124_000);
    expect(before.basis).toBe('earlier');
    expect(before.text).toBe('On this machine: about 2 minutes (measured here on 20 Nov: a 6-tile 5x5 table built in 60 s); 1.8 GB of memory while building.');
    // 10 s in, too early for this build's own rate: the earlier one, less the time spent.
    now = 10_000;
    const early = estimate.hear(report(0, 'build', 100_000));
    expect(early.leftMs).toBeCloseTo(114_000);
    expect(early.totalMs).toBeCloseTo(124_000);
    expect(early.text).toMatch(/^On this machine: about 2 minutes in all, 2 minutes left \(measured here on 20 Nov: /);
    // 20 s in, a fifth settled: this build's rate (0.1 ms an entry) takes over for the builds; the reads keep the earlier rate.
    now = 20_000;
    const measured = estimate.hear(report(0, 'build', 200_000));
    expect(measured.leftMs).toBeCloseTo(180_000 + 4_000);
    expect(measured.basis).toBe('build');
    expect(measured.text).toMatch(/\(measured on this build\)/);
  });

  it('says "or more" while most of the time comes from a rate timed on smaller tables', () => {
    let now = 0;
    const trial = { msPerEntry: 0.05, source: 'just now: a trial 6-tile 4x4 table built in 3.5 s', fromSmaller: true };
    const estimate = new BuildEstimate(
      work,
      (making) => (making === 'build' ? trial : undefined),
      () => now,
    );
    expect(estimate.shown().text).toBe(
      'On this machine: about 2 minutes or more (measured just now: a trial 6-tile 4x4 table built in 3.5 s); 1.8 GB of memory while building.',
    );
    now = 10_000;
    expect(estimate.hear(report(0, 'build', 100_000)).text).toMatch(/^On this machine: about 2 minutes in all, 2 minutes or more left \(measured just now: /);
    now = 20_000;
    expect(estimate.hear(report(0, 'build', 200_000)).text).toMatch(/in all, 3 minutes left \(measured on this build\)/);
  });

  it('words bytes and times as an estimate deserves', () => {
    expect(bytesText(1_785_168_000)).toBe('1.8 GB');
    expect(bytesText(34_594_560)).toBe('35 MB');
    expect(durationText(4_000)).toBe('a few seconds');
    expect(durationText(44_000)).toBe('40 seconds');
    expect(durationText(89_000)).toBe('90 seconds');
    expect(durationText(100_000)).toBe('2 minutes');
    expect(durationText(200_000)).toBe('3 minutes');
    expect(measuredText(213)).toBe('0.2 s');
    expect(measuredText(76_507)).toBe('77 s');
    expect(measuredText(352_000)).toBe('5.9 min');
  });
});

describe('the build rates kept in this browser', () => {
  it('predict a table by its own kind, else by the largest table timed on that engine and that way', () => {
    const five4x4 = rate({ cells: 16, tiles: 5, entries: 524_160, ms: 300, trial: true });
    const six4x4 = rate({ cells: 16, tiles: 6, entries: 5_765_760, ms: 3_500 });
    const six5x5 = rate({});
    const twin = rate({ engine: 'ts', entries: 200_000_000 });
    const rates = [five4x4, six4x4, six5x5, twin];
    expect(rateFor(rates, 'wasm', 'build', 16, 6)).toBe(six4x4);
    expect(rateFor(rates, 'wasm', 'build', 16, 3)).toBe(six5x5);
    expect(rateFor(rates, 'wasm', 'build', 25, 6)).toBe(six5x5);
    expect(rateFor(rates, 'ts', 'build', 16, 6)).toBe(twin);
    expect(rateFor(rates, 'wasm', 'derive', 16, 6)).toBeUndefined();
    // For a build of the 15-puzzle's 6-6-3 tables: the 6-tile groups at their own rate, the 3-tile one at the 5x5 table's.
    const partition = namedPartition(4, 4, 15, '6-6-3')!;
    const work663 = { partition, entries: (group: number) => pdbEntryCount(16, partition.groups[group]!.length) } as unknown as TablesWork;
    const earlier = earlierRates(rates, 'wasm', work663, Date.UTC(2026, 10, 25));
    expect(earlier('build', 0)?.msPerEntry).toBeCloseTo(3_500 / 5_765_760);
    expect(earlier('build', 2)?.msPerEntry).toBeCloseTo(76_507 / 127_512_000);
    expect(earlier('build', 2)?.source).toMatch(/^here on .+: a 6-tile 5x5 table built in 77 s$/);
    expect(earlier('derive', 0)).toBeUndefined();
    // Only a rate from a smaller table is said to be one: a 5-tile trial's for the 6-tile groups.
    expect([earlier('build', 0)?.fromSmaller, earlier('build', 2)?.fromSmaller]).toEqual([false, false]);
    expect(earlierRates([five4x4], 'wasm', work663)('build', 0)?.fromSmaller).toBe(true);
  });

  it('are kept per kind, the latest replacing the earlier; small tables and bad records are left out', () => {
    const storage = memoryStorage();
    expect(readRates(storage)).toEqual([]);
    const trial = rate({ cells: 16, tiles: 5, entries: 524_160, ms: 300, trial: true });
    keepRates([trial, rate({ cells: 16, tiles: 3, entries: 3_360, ms: 40 })], storage);
    expect(readRates(storage)).toEqual([trial]);
    const again = { ...trial, ms: 250, at: trial.at + 1000 };
    const built = rate({});
    expect(keepRates([again, built], storage)).toEqual([again, built]);
    expect(readRates(storage)).toEqual([again, built]);
    storage.setItem(RATES_KEY, JSON.stringify([built, { ...built, ms: -1 }, { engine: 'gpu' }, 7]));
    expect(readRates(storage)).toEqual([built]);
    storage.setItem(RATES_KEY, '{not json');
    expect(readRates(storage)).toEqual([]);
    // No storage at all (localStorage refused): the rates serve this page only.
    expect(keepRates([built], undefined)).toEqual([built]);
  });

  it('say what they were measured on, and turn a build’s timed tables into rates', () => {
    const at = Date.UTC(2026, 10, 20, 12);
    expect(rateSource(rate({ cells: 16, tiles: 5, ms: 213, trial: true, at }), at + 5_000)).toBe('just now: a trial 5-tile 4x4 table built in 0.2 s');
    expect(rateSource(rate({ making: 'derive', ms: 4_200, at }), at + 86_400_000)).toMatch(
      /^here on .+: a 6-tile 5x5 table read through a symmetry in 4\.2 s$/,
    );
    const work6666 = { partition: namedPartition(5, 5, 0, '6-6-6-6')!, entries: () => 127_512_000 } as unknown as TablesWork;
    expect(ratesTimed('wasm', work6666, [{ group: 3, making: 'build', ms: 76_507 }], at)).toEqual([rate({ at })]);
  });

  it('come from a trial of at most a twentieth of the build it times, unless one kept comes from a table as large', () => {
    // The 15-puzzle's 6-6-3 tables: a 5-tile trial (524,160 entries); a 6-tile one would be half the build.
    expect(trialTiles(2 * 5_765_760 + 3_360)).toBe(5);
    // One or two of the 24-puzzle's 6-tile tables: a 6-tile 4x4 trial (5,765,760 entries).
    expect(trialTiles(127_512_000)).toBe(6);
    expect(trialTiles(2 * 127_512_000)).toBe(6);
    expect(trialTiles(20 * 5_765_760 - 1)).toBe(5);
    // Not where a rate kept comes from a table at least as large as the trial's (on the same engine).
    const fifteen = 2 * 5_765_760 + 3_360;
    const smallTrial = rate({ cells: 16, tiles: 5, entries: 524_160, ms: 300, trial: true });
    const six4x4 = rate({ cells: 16, tiles: 6, entries: 5_765_760, ms: 3_500 });
    expect(trialFor([], 'wasm', fifteen)).toBe(5);
    expect(trialFor([smallTrial], 'wasm', fifteen)).toBeNull();
    expect(trialFor([smallTrial], 'ts', fifteen)).toBe(5);
    expect(trialFor([smallTrial], 'wasm', 127_512_000)).toBe(6);
    expect(trialFor([smallTrial, six4x4], 'wasm', 127_512_000)).toBeNull();
    expect(trialFor([{ ...six4x4, making: 'derive' }], 'wasm', 127_512_000)).toBe(6);
  });
});
