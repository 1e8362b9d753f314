// @ts-check
/**
 * The census of small sliding boards (issue 23 §2), after `npm run build`:
 *   node bench/census.js [--twelve 3x4,2x6] [--rounds N]
 *
 * 1. 3x3 and 2x5 on both engines, interleaved under tinybench (the engine's
 *    rounds run back to back, as the solver runs them between its yields);
 *    the two engines' counts must be equal and match the published ones.
 * 2. The 12-cell boards (`--twelve`, default 3x4 and 2x6; '' for none) through
 *    solver.census in wasm, one sample each: time, peak memory of the process,
 *    the largest distance and the states that far beside the published ones.
 *    Target: 3x4 in at most 60 s and 1 GB.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createSolver } from '../dist/index.js';
import { createWasmCore } from '../dist/engine/wasm/index.js';
import { createTwinCore } from '../dist/engine/twin/index.js';
import { namedGoal } from '../dist/api/boards.js';
import { measurePair, summarize } from './measure.js';

const { values } = parseArgs({ options: { twelve: { type: 'string', default: '3x4,2x6' }, rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Published figures: the largest distance (OEIS A151944) and the states that far (A090163, where it gives them), blank's goal in a corner. */
const PUBLISHED = {
  '3x3': { gods: 31, farthest: 2 },
  '2x5': { gods: 55, farthest: undefined },
  '3x4': { gods: 53, farthest: 18 },
  '2x6': { gods: 80, farthest: undefined },
};

/**
 * The census of `size` on a core, its rounds back to back.
 * @param {import('../dist/engine/contract.js').Core} core
 * @param {string} size
 */
function censusOn(core, size) {
  const [width, height] = size.split('x').map(Number);
  core.census.start(namedGoal('blank-last', width, height));
  const counts = [1];
  for (;;) {
    const status = core.census.round(1 << 20);
    if (status === -1) return counts;
    if (status === 0) counts.push(core.census.found());
  }
}

const cores = { wasm: await createWasmCore(), ts: createTwinCore() };
console.log(`census, both engines (load ${load()})`);
console.log('| board | states | largest distance | wasm | TS twin | TS/wasm |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const size of ['3x3', '2x5']) {
  /** @type {Record<string, number[]>} */
  const counts = {};
  const samples = measurePair(
    `census-${size}`,
    {
      wasm: () => (counts.wasm = censusOn(cores.wasm, size)),
      ts: () => (counts.ts = censusOn(cores.ts, size)),
    },
    { rounds, time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 },
  );
  if (JSON.stringify(counts.wasm) !== JSON.stringify(counts.ts)) throw new Error(`${size}: the engines' counts differ`);
  const published = PUBLISHED[/** @type {keyof PUBLISHED} */ (size)];
  if (counts.wasm.length - 1 !== published.gods) throw new Error(`${size}: largest distance ${counts.wasm.length - 1}, published ${published.gods}`);
  const wasm = summarize(samples.wasm).median;
  const ts = summarize(samples.ts).median;
  const states = counts.wasm.reduce((a, b) => a + b, 0);
  console.log(
    `| ${size} | ${states.toLocaleString('en-US')} | ${counts.wasm.length - 1} | ${wasm.toFixed(0)} ms | ${ts.toFixed(0)} ms | ${(ts / wasm).toFixed(2)} |`,
  );
}

const twelve = values.twelve ? values.twelve.split(',') : [];
if (twelve.length > 0) {
  const solver = await createSolver({ engine: 'wasm', tables: { dir: false } });
  console.log(`\n12-cell boards, wasm, one sample each (load ${load()})`);
  console.log('| board | states | largest distance (published) | states that far (published) | time | peak memory of the process |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const size of twelve) {
    const census = await solver.census(size);
    const published = PUBLISHED[/** @type {keyof PUBLISHED} */ (size)] ?? { gods: undefined, farthest: undefined };
    const rss = process.resourceUsage().maxRSS / 1024;
    const last = census.counts[census.counts.length - 1];
    console.log(
      `| ${size} | ${census.total.toLocaleString('en-US')} | ${census.godsNumber} (${published.gods ?? '-'}) | ${last} (${published.farthest ?? '-'}) | ${(census.stats.ms / 1000).toFixed(1)} s | ${rss.toFixed(0)} MB |`,
    );
    if (published.gods !== undefined && census.godsNumber !== published.gods)
      throw new Error(`${size}: largest distance ${census.godsNumber}, published ${published.gods}`);
  }
}
