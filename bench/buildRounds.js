// @ts-check
/**
 * One group's table build, round by round (issue 19 §2, "the 7-8 build in
 * about a minute"), after `npm run build`:
 *   node bench/buildRounds.js [--size 4x4] [--blank 0] [--partition 7-8] [--group 1]
 *
 * Prints, for each breadth-first round, the states expanded (placements whose
 * blank set grew in the round before), the placements still unsettled, and the
 * round's time. The shape of these layers decides whether a build that looks
 * backwards from the unsettled placements (a direction-optimizing BFS, as
 * Beamer's for small-world graphs) could do less work than one that expands
 * the frontier: see bench/RESULTS.md, "Where the 7-8 build's work is".
 *
 * It drives the module's own build through its exports (pdbBuildStart and
 * pdbBuildRound, whose value at a round's end is the states the round
 * expanded), since the engine's PdbBuild hides rounds behind slices.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { instantiatePuzzleWasm } from '../dist/engine/wasm/loader.js';
import { groupMask } from '../dist/engine/wasm/pdb.js';
import { namedPartition } from '../dist/pdb/partitions.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '4x4' },
    blank: { type: 'string', default: '0' },
    partition: { type: 'string', default: '7-8' },
    group: { type: 'string', default: '1' },
  },
});
const [width, height] = values.size.split('x').map(Number);
const partition = namedPartition(width, height, Number(values.blank), values.partition);
if (!partition) throw new Error(`no partition ${values.partition} for ${values.size} with the blank's goal on cell ${values.blank}`);
const group = partition.groups[Number(values.group)];
if (!group) throw new Error(`${values.partition} has no group ${values.group}`);

/** @type {Record<string, (...args: number[]) => number>} */
const wasm = /** @type {any} */ (await instantiatePuzzleWasm());
const cells = width * height;
const entries = wasm.pdbEntryCount(cells, group.length);
const tableAt = wasm.pdbGrow(Math.ceil(entries / 2));
const workAt = wasm.pdbGrow(entries * 3 * wasm.pdbMaskBytes(cells, group.length));
if (tableAt < 0 || workAt < 0) throw new Error('the module could not grow its memory for the build');
wasm.pdbBuildStart(width, height, groupMask(group), partition.blankCell, tableAt, workAt, 0);

const load = loadavg()[0];
console.log(
  `${values.size} ${values.partition} group ${values.group} (home cells ${group.join(' ')}): ${entries.toLocaleString('en')} placements; load ${load.toFixed(1)}`,
);
const began = performance.now();
/** @type {{ expanded: number, unsettled: number, ms: number }[]} */
const rounds = [];
for (;;) {
  const start = performance.now();
  let expanded = -1;
  while (expanded === -1) expanded = wasm.pdbBuildRound(1 << 24);
  if (expanded === 0) break;
  rounds.push({ expanded, unsettled: entries - wasm.pdbBuildSettled(), ms: performance.now() - start });
}
const seconds = (performance.now() - began) / 1000;
const expandedInAll = rounds.reduce((sum, round) => sum + round.expanded, 0);
console.log('| round | states expanded | share of all | placements unsettled after it | ms |');
console.log('|---:|---:|---:|---:|---:|');
const percent = (/** @type {number} */ part, /** @type {number} */ whole) => `${((100 * part) / whole).toFixed(2)}%`;
rounds.forEach(({ expanded, unsettled, ms }, round) => {
  console.log(`| ${round} | ${expanded.toLocaleString('en')} | ${percent(expanded, expandedInAll)} | ${percent(unsettled, entries)} | ${ms.toFixed(0)} |`);
});
console.log(`${expandedInAll.toLocaleString('en')} states expanded in all (${(expandedInAll / entries).toFixed(2)} a placement), ${seconds.toFixed(1)} s`);
