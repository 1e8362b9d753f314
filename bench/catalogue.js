// @ts-check
/**
 * What a catalogue's node costs (issue 38 item 1), after `npm run build`:
 *   node bench/catalogue.js [--dir DIR] [--old OLD.wasm] [--rounds 3]
 *     [--korf100 6-6-3,6-6-3-zero-aware] [--partition 6-6-6-6x7] [--kf 1,25] [--budget 30000000] [--orders] [--ts]
 *
 * Engines, in one process, interleaved round by round under tinybench (rounds
 * of one run each, the order turning from round to round): `new` is
 * build/puzzlesearch.wasm; `old` (with --old) another build of the module,
 * e.g. the merge base's, compiled with `npx asc assembly/index.ts --target
 * release` in a copy of its tree; `ts` (with --ts) the twin. Every engine
 * must report the same nodes; the run stops if not.
 * 1. Korf's 100 (data/korf100.txt) on each partition of --korf100, tables
 *    from DIR: total nodes and the median time of the whole set.
 * 2. Korf and Felner's --kf boards with --partition's tables from DIR (read
 *    straight from the files, nothing built), each search cut at --budget
 *    nodes (0: the whole search): nodes, median time, nodes/s.
 * 3. With --orders: the same searches with each sum of the catalogue tried
 *    first in turn (the others after in their order), new engine only: which
 *    order prunes soonest shows as time, the nodes being equal.
 * The load is printed (uptime's averages) before each figure: the machine
 * is shared, so compare old and new of the same run, not runs.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { createWasmCore } from '../dist/engine/wasm/index.js';
import { createTwinCore } from '../dist/engine/twin/index.js';
import { makePartition, namedPartition } from '../dist/pdb/partitions.js';
import { decodeTableFile, tableFileName } from '../dist/pdb/cache/format.js';
import { cacheDir } from '../dist/pdb/cache/node.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    old: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    korf100: { type: 'string', default: '' },
    partition: { type: 'string', default: '' },
    kf: { type: 'string', default: '1,25' },
    budget: { type: 'string', default: '30000000' },
    orders: { type: 'boolean', default: false },
    ts: { type: 'boolean', default: false },
  },
});
const dir = values.dir ?? (await cacheDir());
const rounds = Number(values.rounds);
const budget = Number(values.budget) || undefined;
const rows = (/** @type {string} */ name) =>
  readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
const load = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** @type {Array<{ name: string, core: import('../dist/engine/contract.js').Core }>} */
const engines = [{ name: 'new', core: await createWasmCore() }];
if (values.old) engines.push({ name: 'old', core: await createWasmCore(readFileSync(values.old)) });
if (values.ts) engines.push({ name: 'ts', core: createTwinCore() });

/** Installs `partition`'s tables from DIR in every engine; throws naming a missing or refused file. */
function install(/** @type {import('../dist/engine/contract.js').PdbPartition} */ partition) {
  partition.groups.forEach((_, group) => {
    const file = join(dir, tableFileName(partition, group));
    const table = decodeTableFile(partition, group, readFileSync(file));
    if (typeof table === 'string') throw new Error(`${file}: ${table}`);
    for (const { core } of engines) core.pdb.install(partition, group, table);
  });
}

/**
 * Runs each runner `rounds` times, interleaved; prints per runner the median time and nodes/s, and its ratio to the first.
 * The nodes must be equal on all (checked).
 * @param {string} what
 * @param {Array<{ name: string, run: () => number }>} runners each returns the nodes of its run
 */
function measure(what, runners) {
  /** @type {Map<string, number[]>} */
  const samples = new Map(runners.map(({ name }) => [name, []]));
  /** @type {Map<string, number>} */
  const nodes = new Map();
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ name: what, time: 0, iterations: 1, warmup: false, retainSamples: true, throws: true });
    for (let i = 0; i < runners.length; i++) {
      const { name, run } = runners[(i + round) % runners.length];
      bench.add(name, () => nodes.set(name, run()));
    }
    bench.runSync();
    for (const task of bench.tasks) {
      if (task.result.state !== 'completed') throw new Error(`${what} (${task.name}): tinybench ended in state '${task.result.state}'`);
      samples.get(task.name)?.push(...(task.result.latency.samples ?? []));
    }
  }
  const counts = new Set(nodes.values());
  if (counts.size !== 1) throw new Error(`${what}: the nodes differ: ${[...nodes].map(([name, count]) => `${name} ${count}`).join(', ')}`);
  const count = [...counts][0];
  const median = (/** @type {string} */ name) => {
    const list = (samples.get(name) ?? []).sort((a, b) => a - b);
    return list[Math.floor(list.length / 2)];
  };
  const first = median(runners[0].name);
  const line = runners.map(({ name }, i) => {
    const ms = median(name);
    return `${name} ${(ms / 1000).toFixed(2)} s (${(count / ms / 1000).toFixed(2)}M nodes/s${i > 0 ? `, ${(ms / first).toFixed(2)}x` : ''})`;
  });
  console.log(`${what}: ${(count / 1e6).toFixed(2)}M nodes; ${line.join(', ')} [${load()}, ${rounds} rounds, medians]`);
}

const goal = (/** @type {number} */ width) => ({ width, height: width, tiles: Uint8Array.from({ length: width * width }, (_, i) => i) });

for (const name of values.korf100.split(',').filter(Boolean)) {
  const partition = namedPartition(4, 4, 0, name);
  if (!partition) throw new Error(`no 4x4 partition ${name}`);
  install(partition);
  const boards = rows('korf100.txt');
  const solveAll = (/** @type {import('../dist/engine/contract.js').Core} */ core) => {
    let nodes = 0;
    for (const row of boards) {
      const answer = core.idaStar.solve({ width: 4, height: 4, tiles: Uint8Array.from(row.slice(0, 16)) }, goal(4), {
        heuristic: 'pdb',
        partition,
        pruning: 'parent',
      });
      if (answer.moves?.length !== row[16]) throw new Error(`Korf's 100, ${name}: ${row.join(' ')} solved in ${answer.moves?.length}, not ${row[16]}`);
      nodes += answer.nodes;
    }
    return nodes;
  };
  measure(
    `Korf's 100, ${name}`,
    engines.filter(({ name: engine }) => engine !== 'ts').map(({ name: engine, core }) => ({ name: engine, run: () => solveAll(core) })),
  );
}

if (values.partition) {
  const partition = namedPartition(5, 5, 0, values.partition);
  if (!partition) throw new Error(`no 5x5 partition ${values.partition}`);
  install(partition);
  const kf = rows('korf24.txt');
  /**
   * @param {import('../dist/engine/contract.js').Core} core
   * @param {number} number
   * @param {import('../dist/engine/contract.js').PdbPartition} searched
   */
  const search = (core, number, searched) => {
    const tiles = Uint8Array.from(kf[number - 1].slice(0, 25));
    return core.idaStar.solve({ width: 5, height: 5, tiles }, goal(5), { heuristic: 'pdb', partition: searched, pruning: 'parent', maxNodes: budget }).nodes;
  };
  const [newest] = engines;
  const sums = partition.sums ?? [];
  // Sum k tried first, the others after in their order; the tables in the new engine's memory taken as they lie.
  const orders = (values.orders ? sums.slice(1) : []).map((sum, i) => {
    const reordered = makePartition(5, 5, 0, partition.groups, `${partition.name}-first${i + 1}`, partition.zeroAware, [
      sum,
      ...sums.filter((_, k) => k !== i + 1),
    ]);
    reordered.groups.forEach((_, group) => newest.core.pdb.adopt?.(reordered, group, /** @type {number} */ (newest.core.pdb.address?.(partition, group))));
    return { name: `sum ${i + 1} first`, run: (/** @type {number} */ number) => search(newest.core, number, reordered) };
  });
  for (const number of values.kf.split(',').filter(Boolean).map(Number)) {
    const what = `KF #${number}, ${values.partition}${budget ? `, cut at ${budget / 1e6}M nodes` : ''}`;
    measure(
      what,
      engines.map(({ name, core }) => ({ name, run: () => search(core, number, partition) })),
    );
    if (orders.length > 0)
      measure(`${what}, by the sum tried first`, [
        { name: 'sum 0 first', run: () => search(newest.core, number, partition) },
        ...orders.map(({ name, run }) => ({ name, run: () => run(number) })),
      ]);
  }
}
