// @ts-check
/**
 * How good the time left of a table build is (issue 39 §1, "Honest build
 * estimates"), after `npm run build`:
 *   node bench/buildEstimate.js [--size 4x4] [--runs 1] [--record FILE]
 *
 * Builds the size's default tables for both goals into an empty directory,
 * as `puzzlesearch tables build --size SIZE --dir DIR` does (one thread, no
 * cache), keeping every progress report with the time it came; then replays
 * them through the estimator the CLI's bar and the web page share
 * (src/pdb/buildTimer.ts, with the library's plan, as the CLI has it) and
 * through the share-of-entries extrapolation the CLI used before. For each
 * partition (blank last: built; blank first: read through a symmetry) it
 * prints, as each table begins, the partition's end as each predicts it
 * beside the real one, and the range of their errors over every report
 * after the first table. `--record FILE` writes the reports (the shape of
 * tests/pdb/buildTraces.json).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSolver, tablesOf } from '../dist/api/solver.js';
import { BuildTimer, buildPlans } from '../dist/pdb/buildTimer.js';

const { values } = parseArgs({ options: { size: { type: 'string', default: '4x4' }, runs: { type: 'string', default: '1' }, record: { type: 'string' } } });
const size = values.size ?? '4x4';

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** @param {number} fraction */
const percent = (fraction) => `${fraction >= 0 ? '+' : ''}${Math.round(fraction * 100)}%`;

for (let run = 1; run <= Number(values.runs); run++) {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-estimate-'));
  /** @type {Array<import('../dist/pdb/tables.js').TablesProgress & { t: number }>} */
  const reports = [];
  const load = loadavg()[0].toFixed(1);
  const solver = await createSolver({ engine: 'wasm', tables: { dir } });
  const plans = buildPlans(tablesOf(solver).partitionsFor(size, { goal: 'both' }));
  const t0 = performance.now();
  await solver.prepareTables(size, { goal: 'both', onProgress: (progress) => reports.push({ t: performance.now() - t0, ...progress }) });
  const totalMs = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  console.log(`${size} run ${run}: ${seconds(totalMs)} in all, load average ${load} to ${loadavg()[0].toFixed(1)}`);
  if (values.record) {
    const rows = reports.map((r) => [Math.round(r.t), r.group, r.groups, r.phase, r.settled, r.entries, r.done, r.total]);
    writeFileSync(values.record, JSON.stringify({ size, partition: reports[0]?.partition, reports: rows }));
  }
  // Partitions as the CLI's bar meets them: each ends at the first report with all its work done.
  /** @type {(typeof reports)[]} */
  const partitions = [];
  let current = /** @type {typeof reports} */ ([]);
  // Every report of a preparation says its done and total (TablesProgress makes them optional for other callers).
  const whole = (/** @type {(typeof reports)[number]} */ report) => (report.done ?? 0) >= (report.total ?? 0);
  for (const report of reports) {
    const ended = partitions.at(-1)?.at(-1);
    if (current.length === 0 && ended && ended.group === report.group && whole(report)) continue;
    current.push(report);
    if (whole(report)) {
      partitions.push(current);
      current = [];
    }
  }
  let previousEnd = 0;
  for (const [index, part] of partitions.entries()) {
    const start = previousEnd;
    const end = /** @type {(typeof reports)[number]} */ (part.at(-1)).t;
    previousEnd = end;
    let now = start;
    const timer = new BuildTimer(plans[index], undefined, () => now, start);
    /** @type {{ estimate: number[]; linear: number[] }} */
    const errors = { estimate: [], linear: [] };
    let group = -1;
    for (const report of part) {
      now = report.t;
      timer.hear(report);
      const ran = now - start;
      const left = timer.timeLeft(now)?.ms;
      const share = (report.done ?? 0) / (report.total ?? 1);
      // The CLI's bar before: the share of the partition's entries done, extrapolated, after 3 s.
      const linear = ran >= 3000 && share >= 0.01 && share < 1 ? (ran * (1 - share)) / share : undefined;
      const after = report.group !== part[0].group;
      if (after && left !== undefined) errors.estimate.push((ran + left) / (end - start) - 1);
      if (after && linear !== undefined) errors.linear.push((ran + linear) / (end - start) - 1);
      if (report.group === group) continue;
      group = report.group;
      /** @param {number | undefined} ms */
      const said = (ms) => (ms === undefined ? 'nothing' : `${seconds(ran + ms)} (${percent((ran + ms) / (end - start) - 1)})`);
      console.log(
        `  ${report.partition} ${report.phase} table ${report.group + 1} of ${report.groups} begins at ${seconds(ran)}: the end predicted ${said(left)}, by the share done ${said(linear)}; real ${seconds(end - start)}`,
      );
    }
    /** @param {number[]} list */
    const range = (list) => (list.length === 0 ? 'none shown' : `${percent(Math.min(...list))} to ${percent(Math.max(...list))}`);
    console.log(`    after the first table: the estimate ${range(errors.estimate)}, the share done ${range(errors.linear)}`);
  }
}
