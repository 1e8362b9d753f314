/**
 * How a sliding panel shows its tables being made (web/page/sliding/
 * slidingTables.ts): the groups counted in the order they are made, never by
 * their index in the partition (the 6-6-6-6 build makes groups 0 and 3, then
 * reads 1 and 2 out of them: the page said group 1, 4, 2, 3), and one
 * percentage, the whole's, as its bar has it.
 */
import { describe, expect, it } from 'vitest';
import type { TablesShown } from '../../web/page/panel/contract.js';
import { tablesReporter } from '../../web/page/sliding/slidingTables.js';
import { slidingSizes } from '../../web/page/sliding/slidingSizes.js';
import type { TablesWork } from '../../web/page/sliding/tablesWork.js';
import type { TablesProgress } from '../../web/page/workers/solverClient.js';

const entries = 1000;
const progress = (group: number, phase: TablesProgress['phase'], settled: number): TablesProgress => ({
  partition: '6-6-6-6',
  group,
  groups: 4,
  phase,
  settled,
  entries,
});
/** What the page planned: groups kept, to build and to read (the rest of TablesWork plays no part here). */
const plan = (loads: number[], builds: number[], derives: number[]) => ({ loads, builds, derives }) as unknown as TablesWork;

describe('table preparation as the page says it', () => {
  it('counts groups in the order they are made, with one percentage for the whole', () => {
    const shown: TablesShown[] = [];
    const report = tablesReporter(slidingSizes[5].tables!, null, null, (tables) => shown.push(tables));
    // Built: groups 0 and 3, half-way then whole; then 1 and 2 read through a symmetry.
    for (const [group, phase] of [
      [0, 'build'],
      [3, 'build'],
      [1, 'derive'],
      [2, 'derive'],
    ] as const) {
      report(progress(group, phase, entries / 2));
      report(progress(group, phase, entries));
    }
    expect(shown.map(({ group }) => group.number)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(shown.map(({ fraction }) => fraction)).toEqual([0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]);
    for (const { text, fraction, group } of shown) {
      expect(text).toContain(`(group ${group.number} of 4, ${Math.floor(fraction * 100)}%)`);
      expect(text.match(/%/g)).toHaveLength(1);
    }
    expect(shown[2]!.text).toMatch(/^Building the 6-6-6-6 pattern database \(group 2 of 4, 37%\)$/);
    expect(shown[6]!.text).toMatch(/^Deriving the 6-6-6-6 pattern database \(group 4 of 4, 87%\)$/);
  });
  it('with a plan, counts as planned (kept, built, read), and a kept group loaded after the build does not take the count back', () => {
    const run = (work: TablesWork, reports: Array<[number, TablesProgress['phase']]>) => {
      const shown: TablesShown[] = [];
      const report = tablesReporter(slidingSizes[5].tables!, work, null, (tables) => shown.push(tables));
      for (const [group, phase] of reports) report(progress(group, phase, entries));
      return shown.map(({ group }) => group.number);
    };
    // Nothing kept: as made.
    expect(
      run(plan([], [0, 3], [1, 2]), [
        [0, 'build'],
        [3, 'build'],
        [1, 'derive'],
        [2, 'derive'],
      ]),
    ).toEqual([1, 2, 3, 4]);
    // Groups 0, 1 and 2 kept: the worker loads 0, builds 3, then loads 1 and 2 (the library's order); the build is group 4 of 4.
    expect(
      run(plan([0, 1, 2], [3], []), [
        [0, 'load'],
        [3, 'build'],
        [1, 'load'],
        [2, 'load'],
      ]),
    ).toEqual([1, 4, 4, 4]);
  });
});
