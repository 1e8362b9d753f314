// @ts-check
/**
 * How much the pattern databases know, beside the published figures, after
 * `npm run build` (issue 19's benchmark):
 *   node bench/pdbStrength.js [--dir DIR] [--partitions 6-6-3,7-8] [--kf 38,40,25] [--kf-partition 6-6-6-6] [--pruning parent,fsm]
 *
 * 1. Korf's 100 (data/korf100.txt, blank-first goal) on the wasm engine, one
 *    thread, tables from DIR (built there on first use): total nodes
 *    generated, total time, and every length against the file, per partition.
 *    Korf & Felner's reflected 7-8 takes about 3.7M nodes on 100 random
 *    instances (as quoted in the issue).
 * 2. Korf & Felner's 24-puzzles (data/korf24.txt) with the 6-6-6-6 tables
 *    (or --kf-partition, e.g. 6-6-6-6-zero-aware):
 *    h at the start and the nodes expanded per completed iteration, beside
 *    data/kf-iterations.tsv (the independent blank-aware build), stopped once
 *    those iterations are done, and the published totals of
 *    data/kf50-reference.tsv for scale.
 * Each runs once per move pruning of --pruning (default both): 'parent'
 * prunes only the undo of the last move, as the published counts do; 'fsm'
 * is the default machine (src/engine/movePruning.ts), built before the clock
 * starts. Node counts are exact and repeatable; times are of one run on a
 * shared 2-core machine, so read them as such: each is given as wall clock
 * and as this process's CPU time, which a loaded machine inflates less.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createSolver } from '../dist/index.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: undefined },
    partitions: { type: 'string', default: '6-6-3' },
    kf: { type: 'string', default: '' },
    'kf-partition': { type: 'string', default: '6-6-6-6' },
    pruning: { type: 'string', default: 'parent,fsm' },
  },
});
const read = (/** @type {string} */ name) => readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');
const rows = (/** @type {string} */ text) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
const blankFirst = (/** @type {number} */ cells) => Array.from({ length: cells }, (_, i) => i);
const prunings = /** @type {Array<'parent' | 'fsm'>} */ (values.pruning.split(',').filter(Boolean));
const { movePruning } = await import('../dist/engine/movePruning.js');
/** This process's CPU time in ms (user and system). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

for (const partition of values.partitions.split(',').filter(Boolean)) {
  const solver = await createSolver({ engine: 'wasm', tables: { dir: values.dir ?? false, partition } });
  let started = performance.now();
  await solver.prepareTables('4x4', { goal: 'blank-first', partition });
  const tablesMs = performance.now() - started;
  for (const pruning of prunings) {
    movePruning(4, 4, pruning);
    let nodes = 0;
    let wrong = 0;
    started = performance.now();
    const cpuStarted = cpuMs();
    for (const row of rows(read('korf100.txt'))) {
      const result = solver.sliding(row.slice(0, 16), { goal: blankFirst(16), pruning });
      if (result.status !== 'solved' || result.length !== row[16]) wrong++;
      nodes += result.stats.nodes;
    }
    const ms = performance.now() - started;
    const cpu = cpuMs() - cpuStarted;
    console.log(
      `Korf's 100, ${partition}, ${pruning} pruning: ${(nodes / 1e6).toFixed(1)}M nodes generated, ${(ms / 1000).toFixed(2)} s (CPU ${(cpu / 1000).toFixed(2)} s), ${wrong} not at Korf's length (tables ready in ${(tablesMs / 1000).toFixed(1)} s)`,
    );
  }
}

const kf = values.kf.split(',').filter(Boolean).map(Number);
if (kf.length > 0) {
  const published = new Map(
    read('kf-iterations.tsv')
      .split('\n')
      .filter((line) => /^\d/.test(line))
      .map((line) => {
        const [no, h, counts] = line.split('\t');
        return [Number(no), { h: Number(h), expanded: counts ? counts.split(',').map(Number) : [] }];
      }),
  );
  const totals = new Map(
    read('kf50-reference.tsv')
      .split('\n')
      .filter((line) => /^\d/.test(line))
      .map((line) => {
        const [no, , kf2002, tables, zeroAware] = line.split('\t');
        return [Number(no), { generated2002: Number(kf2002), expanded: Number(tables), zeroAware: Number(zeroAware) }];
      }),
  );
  const partition = values['kf-partition'];
  const solver = await createSolver({ engine: 'wasm', tables: { dir: values.dir ?? false, partition } });
  await solver.prepareTables('5x5', { goal: 'blank-first', partition });
  const instances = rows(read('korf24.txt'));
  for (const pruning of prunings)
    for (const no of kf) {
      movePruning(5, 5, pruning);
      const tiles = instances[no - 1].slice(0, 25);
      /** @type {Array<{ bound: number, nodes: number, expanded: number }>} */
      const calls = [];
      const started = performance.now();
      const cpuStarted = cpuMs();
      const result = solver.sliding(tiles, {
        goal: blankFirst(25),
        pruning,
        onIteration: (/** @type {number} */ bound, /** @type {number} */ nodes, /** @type {number | undefined} */ expanded) =>
          calls.push({ bound, nodes, expanded: expanded ?? NaN }),
      });
      const ms = performance.now() - started;
      const cpu = cpuMs() - cpuStarted;
      const perIteration = calls.slice(1).map((call, i) => call.expanded - calls[i].expanded);
      const want = published.get(no);
      const total = totals.get(no);
      console.log(
        `KF #${no}, ${partition}, ${pruning} pruning: length ${result.length} (file ${instances[no - 1][25]}), h ${calls[0].bound}${want ? ` (independent: ${want.h})` : ''}, ${(result.stats.nodes / 1e6).toFixed(1)}M generated in ${(ms / 1000).toFixed(1)} s (CPU ${(cpu / 1000).toFixed(1)} s; ${(result.stats.nodes / ms / 1e3).toFixed(1)}M/s)`,
      );
      console.log(`  expanded per completed iteration: ${perIteration.join(', ')}`);
      if (want?.expanded.length && pruning === 'parent') console.log(`  independent build:                ${want.expanded.join(', ')}`);
      if (total)
        console.log(
          `  published totals: KF 2002 ${(total.generated2002 / 1e6).toFixed(1)}M generated; blank-aware tables ${(total.expanded / 1e6).toFixed(1)}M expanded; zero-aware tables ${(total.zeroAware / 1e6).toFixed(1)}M expanded`,
        );
    }
}
