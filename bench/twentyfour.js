// @ts-check
/**
 * The 24-puzzle with the 6-6-6-6 pattern databases, after `npm run build`:
 *   node bench/twentyfour.js [--instances 40,...] [--ts 40] [--dir DIR] [--no-build] [--partition NAME]
 *
 * 1. One 6-tile table (127,512,000 entries) built from scratch by each engine,
 *    interleaved under tinybench (one sample each: a TS build takes minutes);
 *    the two tables must be byte-identical.
 * 2. The whole blank-first set built once in wasm, as `prepareTables` does
 *    it (two groups built, two read from them through board symmetries), into
 *    DIR (default: a temporary directory) — or loaded from DIR with --no-build.
 * 3. Korf and Felner's instances (data/korf24.txt, goal 0 1 ... 24) on the
 *    wasm engine, one thread; the `--ts` ones on both engines under tinybench.
 *    Steps 2 and 3 use --partition (default 6-6-6-6; e.g. 6-6-6-6x3, a
 *    catalogue, or 6-6-6-6-zero-aware).
 *    Every length is checked against the file, every path replayed, and the
 *    engines' node counts compared.
 * Peak memory of step 2 alone: run it in its own process (/usr/bin/time -v).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSolver } from '../dist/index.js';
import { namedPartition } from '../dist/pdb/partitions.js';
import { createWasmCore } from '../dist/engine/wasm/index.js';
import { createTwinCore } from '../dist/engine/twin/index.js';
import { measurePair, summarize } from './measure.js';
import { slidingReplayError, slidingBoard } from './inputs.js';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '40' },
    ts: { type: 'string', default: '40' },
    dir: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    partition: { type: 'string', default: '6-6-6-6' },
  },
});
const list = (/** @type {string} */ text) => (text ? text.split(',').map(Number) : []);
const ONE_SAMPLE = { rounds: 1, time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 };
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const instances = readFileSync(new URL('../data/korf24.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const goal = Array.from({ length: 25 }, (_, i) => i);

if (!values['no-build']) {
  const partition = namedPartition(5, 5, 0, '6-6-6-6');
  if (!partition) throw new Error('no 6-6-6-6 partition for 5x5');
  const cores = { wasm: await createWasmCore(), ts: createTwinCore() };
  const build = (/** @type {'wasm' | 'ts'} */ engine) => () => {
    const run = cores[engine].pdb.build(partition, 0);
    while (run.round());
  };
  const samples = measurePair('pdb-build-5x5-group', { wasm: build('wasm'), ts: build('ts') }, ONE_SAMPLE);
  const same =
    Buffer.compare(/** @type {Uint8Array} */ (cores.wasm.pdb.table(partition, 0)), /** @type {Uint8Array} */ (cores.ts.pdb.table(partition, 0))) === 0;
  if (!same) throw new Error('the two engines built different tables');
  const wasm = summarize(samples.wasm).median;
  const ts = summarize(samples.ts).median;
  console.log(
    `one 6-tile table (group 0, 127,512,000 entries): wasm ${seconds(wasm)}, TS ${seconds(ts)}, TS/wasm ${(ts / wasm).toFixed(2)}; byte-identical (load ${load()})`,
  );
}

const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'puzzlesearch-bench24-'));
try {
  const { partition } = values;
  const solver = await createSolver({ engine: 'wasm', tables: { dir, partition } });
  const started = performance.now();
  /** @type {Record<string, number>} */
  const phases = {};
  await solver.prepareTables('5x5', { goal: 'blank-first', partition, onProgress: ({ phase }) => void (phases[phase] = (phases[phase] ?? 0) + 1) });
  console.log(`blank-first ${partition} set ready in ${seconds(performance.now() - started)} (${Object.keys(phases).join(', ')}; load ${load()})`);
  const twin = await createSolver({ engine: 'ts', tables: { dir, partition } });
  await twin.prepareTables('5x5', { goal: 'blank-first', partition });
  const solvers = { wasm: solver, ts: twin };

  const both = new Set(list(values.ts));
  console.log('| # | optimal | wasm | nodes | wasm nodes/s | TS | TS/wasm |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const number of list(values.instances)) {
    const instance = instances[number - 1];
    if (!instance) throw new Error(`no instance ${number} in data/korf24.txt`);
    const tiles = instance.slice(0, 25);
    /** @type {Record<'wasm' | 'ts', any>} */
    const answers = { wasm: null, ts: null };
    const solve = (/** @type {'wasm' | 'ts'} */ engine) => () => (answers[engine] = solvers[engine].sliding(tiles, { goal: 'blank-first' }));
    const samples = both.has(number) ? measurePair(`korf24-${number}`, { wasm: solve('wasm'), ts: solve('ts') }, ONE_SAMPLE) : { wasm: [0], ts: [] };
    if (!both.has(number)) {
      const at = performance.now();
      solve('wasm')();
      samples.wasm = [performance.now() - at];
    }
    const answer = answers.wasm;
    if (answer.status !== 'solved' || answer.length !== instance[25])
      throw new Error(`#${number}: ${answer.status} ${answer.length}, the optimal length is ${instance[25]}`);
    const error = slidingReplayError(slidingBoard(5, 5, tiles), slidingBoard(5, 5, goal), answer.path);
    if (error) throw new Error(`#${number}: ${error}`);
    if (answers.ts && (answers.ts.length !== answer.length || answers.ts.stats.nodes !== answer.stats.nodes))
      throw new Error(`#${number}: the engines disagree`);
    const wasm = summarize(samples.wasm).median;
    const ts = answers.ts ? summarize(samples.ts).median : NaN;
    const nodes = answer.stats.nodes;
    console.log(
      `| ${number} | ${instance[25]} | ${seconds(wasm)} | ${nodes.toLocaleString('en-US')} | ${(nodes / wasm / 1000).toFixed(1)}M | ${answers.ts ? seconds(ts) : '-'} | ${answers.ts ? (ts / wasm).toFixed(2) : '-'} |`,
    );
  }
  console.log(`(load ${load()})`);
} finally {
  if (!values.dir) rmSync(dir, { recursive: true, force: true });
}
