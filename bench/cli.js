// @ts-check
/**
 * The CLI with --jobs 1 against --jobs N (default 2) on random 8-puzzles
 * (issue 12): the whole process timed (start, workers, reading, solving,
 * printing), under tinybench, one iteration of each setting per round, the
 * order alternating between rounds, outputs compared byte for byte before any
 * time counts. Medians; the machine may be shared, so the load average is
 * printed beside them: read the ratio, not the milliseconds.
 * `node bench/cli.js [--cases N] [--rounds R] [--family eight|flip|korf] [--jobs N]`.
 * `korf`: Korf's 100 15-puzzles (`sliding --goal blank-first`, the 6-6-3
 * tables built into the cache first, so every run loads them).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { Bench } from 'tinybench';
import { summarize } from './measure.js';
import { createSolverPool } from '../dist/index.js';
import { mulberry32 } from './inputs.js';

const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
    family: { type: 'string', default: 'eight' },
    jobs: { type: 'string', default: '2' },
  },
});
const cases = Number(values.cases);
const rounds = Number(values.rounds);
const family = values.family === 'flip' || values.family === 'korf' ? values.family : 'eight';
const jobs = Number(values.jobs);

/** @param {number} count @param {number} seed */
function eightInput(count, seed) {
  const random = mulberry32(seed);
  const lines = [];
  for (let i = 0; i < count; i++) {
    const tiles = ['1', '2', '3', '4', '5', '6', '7', '8', 'x'];
    for (let j = tiles.length - 1; j > 0; j--) {
      const k = Math.floor(random() * (j + 1));
      [tiles[j], tiles[k]] = [tiles[k], tiles[j]];
    }
    lines.push(tiles.join(' '));
  }
  return `${lines.join('\n')}\n`;
}

/** @param {number} count @param {number} seed */
function flipInput(count, seed) {
  const random = mulberry32(seed);
  const grids = [];
  for (let i = 0; i < count; i++) {
    const board = Math.floor(random() * 65536);
    grids.push(Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ((board >> (4 * r + c)) & 1 ? 'b' : 'w')).join('')).join('\n'));
  }
  return `${grids.join('\n\n')}\n`;
}

/** Korf's 100, a board a line, without the lengths. */
function korfInput() {
  const lines = readFileSync(new URL('../data/korf100.txt', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  return `${lines
    .map((line) =>
      line
        .trim()
        .split(/\s+/)
        .slice(0, 16)
        .map((tile) => (tile === '0' ? 'x' : tile))
        .join(' '),
    )
    .join('\n')}\n`;
}

const input = family === 'eight' ? eightInput(cases, 1077) : family === 'korf' ? korfInput() : flipInput(cases, 1753);
const command = family === 'korf' ? ['sliding', '--goal', 'blank-first'] : [family];
if (family === 'korf') {
  const built = spawnSync(process.execPath, [bin, 'tables', 'build', '--size', '4x4', '--goal', 'blank-first'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`tables build failed: ${built.stderr}`);
}

/** @param {number} n */
function once(n) {
  const child = spawnSync(process.execPath, [bin, ...command, '--jobs', String(n)], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`--jobs ${n} exited ${child.status}: ${child.stderr.slice(0, 200)}`);
  return child.stdout;
}

const reference = once(1);
if (once(jobs) !== reference) throw new Error(`--jobs ${jobs} printed something else than --jobs 1`);
// What the machine can give a second thread, measured in every round beside
// the CLI runs: the same cases solved in two halves on a pool of two workers,
// one half after the other against both at once (in-process, no start-up).
// On a shared machine this is the ceiling for the speed-up.
const halves = input.trimEnd().split(family === 'flip' ? '\n\n' : '\n');
const split = [halves.slice(0, halves.length >> 1), halves.slice(halves.length >> 1)];
const manyFamily = family === 'flip' ? 'flip' : 'sliding';
const manyOptions = family === 'korf' ? { goal: 'blank-first' } : undefined;
const pool = await createSolverPool({ workers: 2 });
if (family === 'korf') await pool.prepareTables('4x4', { goal: 'blank-first' });
for (const half of split) await pool.solveMany(manyFamily, half, manyOptions);
/** @type {Record<string, number[]>} */
const capacity = { serial: [], parallel: [] };
async function measureCapacity() {
  let started = performance.now();
  for (const half of split) await pool.solveMany(manyFamily, half, manyOptions);
  capacity.serial.push(performance.now() - started);
  started = performance.now();
  await Promise.all(split.map((half) => pool.solveMany(manyFamily, half, manyOptions)));
  capacity.parallel.push(performance.now() - started);
}
const load = loadavg();
/** @type {Record<string, number[]>} */
const samples = { one: [], many: [] };
for (let round = 0; round < rounds; round++) {
  const bench = new Bench({ name: 'cli', time: 0, iterations: 1, warmup: false, retainSamples: true, throws: true });
  const tasks = /** @type {const} */ ([
    ['one', 1],
    ['many', jobs],
  ]);
  for (const [name, n] of round % 2 ? [...tasks].reverse() : tasks) bench.add(name, () => void once(n), { async: false });
  bench.runSync();
  for (const task of bench.tasks) {
    const taken = task.result.state === 'completed' ? task.result.latency.samples : undefined;
    if (!taken) throw new Error(`${task.name}: tinybench ended in state '${task.result.state}'`);
    samples[task.name].push(...taken);
  }
  await measureCapacity();
}
await pool.terminate();
const ceiling = summarize(capacity.serial).median / summarize(capacity.parallel).median;
const one = summarize(samples.one).median;
const manyMs = summarize(samples.many).median;
const after = loadavg();
console.log(
  `${family}: ${(family === 'korf' ? 100 : cases).toLocaleString('en-US')} cases, ${rounds} rounds, outputs identical; load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${after.map((x) => x.toFixed(2)).join(' ')} after`,
);
console.log(`  --jobs 1: median ${one.toFixed(0)} ms (${samples.one.map((ms) => ms.toFixed(0)).join(', ')})`);
console.log(`  --jobs ${jobs}: median ${manyMs.toFixed(0)} ms (${samples.many.map((ms) => ms.toFixed(0)).join(', ')})`);
console.log(`  speed-up ${(one / manyMs).toFixed(2)}x (target with --jobs 2: ${family === 'korf' ? '>= 1.6x' : '>= 1.7x'})`);
console.log(`  machine capacity now: two halves on 2 workers at once vs one after the other ${ceiling.toFixed(2)}x (the ceiling for the speed-up)`);
