// Parallel IDA* (pool.solveParallel on 2 workers) against one worker (pool.sliding) on Korf's
// 15-puzzles with the 6-6-3 PDB, wasm. Run after `npm run build`:
//   node bench/parallel.js [--korf 1-100] [--reps 3] [--workers 2]
// Each repetition solves the whole set both ways (order alternating between repetitions) and
// checks every length against the file; it prints the median wall time of the set per way, their
// ratio, and the median of per-instance ratios. Wall time includes the messages to the workers.
// The machine may be shared: the load average is printed beside the numbers.
import { poolInternals } from '../dist/pool/outside.js';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createSolverPool } from '../dist/index.js';

const args = process.argv.slice(2);
/** @param {string} name @param {string} fallback */
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const [first, last] = option('korf', '1-100').split('-').map(Number);
const reps = Number(option('reps', '3'));
const workers = Number(option('workers', '2'));

const korf = readFileSync(new URL('../data/korf100.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const numbers = Array.from({ length: (last || first) - first + 1 }, (_, i) => first + i);

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const one = await createSolverPool({ workers: 1, engine: 'wasm' });
const many = await createSolverPool({ workers, engine: 'wasm' });
try {
  await one.prepareTables('4x4', { goal: 'blank-first' });
  await many.prepareTables('4x4', { goal: 'blank-first' });
  /** @typedef {'one' | 'parallel'} Way */
  /** @type {Record<Way, (tiles: number[]) => ReturnType<typeof one.sliding>>} */
  const ways = {
    one: (tiles) => one.sliding(tiles, { goal: 'blank-first' }),
    parallel: (tiles) => many.solveParallel(tiles, { goal: 'blank-first', depth: Number(option('depth', '8')) }),
  };
  // Warm-up (compilation, tables paged in).
  for (const solve of Object.values(ways)) await solve(korf[0].slice(0, 16));
  const boards = numbers.map((n) => korf[n - 1].slice(0, 16));
  // The machine's own capacity for two at once: the set by solveMany, one board per worker, on 1 and on `workers` workers.
  /** @type {{ one: number[], many: number[] }} */
  const capacity = { one: [], many: [] };
  /** @type {Record<Way, number[]>} */
  const totals = { one: [], parallel: [] };
  /** @type {Map<number, Record<Way, number[]>>} */
  const perInstance = new Map(numbers.map((n) => [n, { one: [], parallel: [] }]));
  /** @param {number} n */
  const timesOf = (n) => /** @type {Record<Way, number[]>} */ (perInstance.get(n));
  for (let rep = 0; rep < reps; rep++) {
    /** @type {Way[]} */
    const order = rep % 2 ? ['parallel', 'one'] : ['one', 'parallel'];
    for (const way of order) {
      let total = 0;
      for (const n of numbers) {
        const tiles = korf[n - 1].slice(0, 16);
        const started = performance.now();
        const result = await ways[way](tiles);
        const ms = performance.now() - started;
        if (result.length !== korf[n - 1][16]) throw new Error(`Korf #${n}: ${way} gave length ${result.length}, expected ${korf[n - 1][16]}`);
        total += ms;
        timesOf(n)[way].push(ms);
      }
      totals[way].push(total);
      const pool = way === 'one' ? one : many;
      const started = performance.now();
      await pool.solveEach('sliding', boards, { args: [{ goal: 'blank-first' }] });
      capacity[way === 'one' ? 'one' : 'many'].push(performance.now() - started);
      console.log(`rep ${rep + 1} ${way}: ${(total / 1000).toFixed(2)} s (load average ${loadavg()[0].toFixed(2)})`);
    }
  }
  const oneMs = median(totals.one);
  const parallelMs = median(totals.parallel);
  const ratios = numbers.map((n) => median(timesOf(n).one) / median(timesOf(n).parallel));
  console.log(`Korf #${first}-#${last || first}, PDB 6-6-3, wasm, ${reps} repetitions`);
  console.log(`1 worker (sliding):            median ${(oneMs / 1000).toFixed(2)} s`);
  console.log(`${workers} workers (solveParallel):    median ${(parallelMs / 1000).toFixed(2)} s`);
  console.log(
    `machine capacity now: solveMany (one board per worker) on ${workers} workers vs 1: ${(median(capacity.one) / median(capacity.many)).toFixed(2)}x`,
  );
  // Load-independent: the rounds as solveParallel runs them (pool.slidingShare), each costed at its
  // busiest share's nodes; the ideal speed-up on free cores, before messages.
  let serialNodes = 0;
  let spanNodes = 0;
  for (const tiles of boards) {
    serialNodes += (await one.sliding(tiles, { goal: 'blank-first' })).stats.nodes;
    for (let bound = -1; ; ) {
      const flags = new Int32Array(new SharedArrayBuffer(8));
      const share = { bound, depth: Number(option('depth', '8')), flags };
      // A share is the pool's internal transport call (not a pool method).
      const shares = /** @type {import('../dist/parallel/share.js').SlidingShareResult[]} */ (
        await Promise.all(Array.from({ length: workers }, () => poolInternals(many).call(undefined, 'slidingShare', [tiles, { goal: 'blank-first' }, share])))
      );
      spanNodes += Math.max(...shares.map((s) => s.nodes));
      if (shares.some((s) => s.path !== null)) break;
      bound = Math.min(...shares.map((s) => s.nextBound));
    }
  }
  console.log(
    `node span: one worker ${serialNodes} nodes, ${workers} workers' busiest shares ${spanNodes}: ideal speed-up ${(serialNodes / spanNodes).toFixed(2)}x`,
  );
  console.log(`speed-up of the set: ${(oneMs / parallelMs).toFixed(2)}x; median per-instance speed-up: ${median(ratios).toFixed(2)}x`);
} finally {
  await one.terminate();
  await many.terminate();
}
