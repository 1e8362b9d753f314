// @ts-check
/**
 * Loading cached tables (issue 38 §3): each sample is one fresh process that
 * creates a solver and calls `prepareTables(size, { partition, goal })` with
 * every table of that goal in the cache; the time is that call's, measured
 * in the process, beside the process's peak RSS. The tables must be cached
 * first (`puzzlesearch tables build ...`): a sample that builds anything
 * (a 'build' or 'derive' progress) aborts the run, so a time is always a load.
 *   node bench/tableLoad.js [--size 5x5] [--partition 6-6-6-6] [--goal blank-first]
 *     [--engine wasm|ts] [--pool N] [--rounds 5] [--dir DIR]
 * `--pool N` loads through a pool of N workers (createSolverPool) instead of
 * one solver: on the shared build one worker loads into the shared memory.
 * Prints each sample, the median, and the rate in GB/s of table bytes.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '5x5' },
    partition: { type: 'string', default: '6-6-6-6' },
    goal: { type: 'string', default: 'blank-first' },
    engine: { type: 'string', default: 'wasm' },
    pool: { type: 'string', default: '0' },
    rounds: { type: 'string', default: '5' },
    dir: { type: 'string' },
    child: { type: 'boolean', default: false },
  },
});

const dist = new URL('../dist/index.js', import.meta.url).href;

if (values.child) {
  const { createSolver, createSolverPool } = await import(dist);
  const options = { partition: values.partition, goal: values.goal };
  const tables = values.dir ? { dir: values.dir } : {};
  /** @type {string[]} */
  const phases = [];
  let bytes = 0;
  const onProgress = (/** @type {{ phase: string, entries: number, settled: number }} */ progress) => {
    phases.push(progress.phase);
    if (progress.phase === 'load') bytes += progress.entries / 2;
  };
  const workers = Number(values.pool);
  const solver = workers > 0 ? await createSolverPool({ workers, engine: values.engine, tables }) : await createSolver({ engine: values.engine, tables });
  const started = performance.now();
  if (workers > 0) await solver.prepareTables(values.size, options, { onProgress });
  else await solver.prepareTables(values.size, { ...options, onProgress });
  const ms = performance.now() - started;
  if (workers > 0) await solver.terminate();
  const made = phases.filter((phase) => phase === 'build' || phase === 'derive');
  process.stdout.write(`${JSON.stringify({ ms, bytes, made: made.length, peakRss: process.resourceUsage().maxRSS * 1024 })}\n`);
  process.exit(0);
}

const script = fileURLToPath(import.meta.url);
const args = Object.entries(values).flatMap(([name, value]) => (name === 'child' || value === undefined ? [] : [`--${name}`, String(value)]));
const samples = [];
console.log(
  `loading ${values.size} ${values.partition} ${values.goal}, engine ${values.engine}${Number(values.pool) > 0 ? `, pool of ${values.pool}` : ''}; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')}`,
);
for (let round = 0; round < Number(values.rounds); round++) {
  const run = spawnSync(process.execPath, [script, ...args, '--child'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`sample ${round + 1} failed: ${run.stderr}`);
  const sample = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
  if (sample.made > 0) throw new Error(`sample ${round + 1} built ${sample.made} tables: cache them first`);
  samples.push(sample);
  console.log(`  ${sample.ms.toFixed(0)} ms, ${(sample.bytes / 1e6).toFixed(0)} MB, peak RSS ${(sample.peakRss / 1e9).toFixed(2)} GB`);
}
const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
const bytes = samples[0]?.bytes ?? 0;
console.log(
  `median ${median.toFixed(0)} ms (${samples.length} samples), ${(bytes / median / 1e6).toFixed(2)} GB/s; load average after ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')}`,
);
