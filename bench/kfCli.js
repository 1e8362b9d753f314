// @ts-check
/**
 * Korf and Felner's 24-puzzles through the CLI (issue 19 §4): each instance is
 * one whole process, `puzzlesearch sliding --size 5x5 --goal blank-first
 * --json`, with the 6-6-6-6 tables already in the cache (`--dir`, default the
 * user's cache; build them first with `puzzlesearch tables build --size 5x5
 * --goal blank-first`). The time is the process's wall time: start, loading
 * the tables, the search and printing.
 *   node bench/kfCli.js [--instances 38,40,...] [--jobs N] [--dir DIR] [--limit SECONDS]
 * The default instances are the 12 that took Korf and Felner the fewest nodes.
 * Every length is checked against data/korf24.txt and every path replayed;
 * nodes are printed beside the published counts of data/kf50-reference.tsv
 * (KF 2002 counts nodes generated, the zero-aware columns nodes expanded, about
 * half as many: see that file's header). One run each: a search's node count
 * does not vary, and the time is read against the load printed beside it.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseNumberList, readKfReference, readKorf, slidingBoard, slidingReplayError } from './inputs.js';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '38,40,25,32,44,37,30,13,1,28,36,5' },
    jobs: { type: 'string', default: '2' },
    dir: { type: 'string' },
    limit: { type: 'string', default: '600' },
  },
});
const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const instances = readKorf(new URL('../data/korf24.txt', import.meta.url), 5);
const goal = slidingBoard(
  5,
  5,
  Array.from({ length: 25 }, (_, i) => i),
);

const millions = (/** @type {number} */ n) => `${(n / 1e6).toFixed(1)}M`;
const published = readKfReference();
const env = values.dir ? { ...process.env, PUZZLESEARCH_CACHE: values.dir } : process.env;

console.log(`Korf & Felner's 24-puzzles through the CLI, --jobs ${values.jobs}, one process each (load ${loadavg()[0].toFixed(2)})`);
console.log('| KF # | length | nodes generated | whole process | nodes/s | KF 2002 (generated) | zero-aware, KF partition (expanded) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
const failures = [];
for (const number of parseNumberList(values.instances)) {
  const instance = instances[number - 1];
  if (!instance) throw new Error(`no instance ${number} in data/korf24.txt`);
  const input = `${Array.from(instance.board.tiles, (tile) => (tile === 0 ? 'x' : String(tile))).join(' ')}\n`;
  const started = performance.now();
  const run = spawnSync(process.execPath, [bin, 'sliding', '--size', '5x5', '--goal', 'blank-first', '--json', '--jobs', values.jobs], {
    input,
    env,
    encoding: 'utf8',
    timeout: Number(values.limit) * 1000,
    maxBuffer: 1 << 24,
  });
  const seconds = (performance.now() - started) / 1000;
  const answer = run.status === 0 ? JSON.parse(run.stdout) : null;
  const problem =
    answer === null
      ? `exit ${run.status ?? run.signal}: ${run.stderr.trim().split('\n')[0] ?? ''}`
      : answer.length !== instance.optimal
        ? `length ${answer.length}, published ${instance.optimal}`
        : // --json gives each move as { move: 'l' } (the judge's letter).
          slidingReplayError(
            instance.board,
            goal,
            answer.moves.map((/** @type {{ move: string }} */ step) => step.move),
          );
  if (problem) failures.push(`#${number}: ${problem}`);
  const counts = published.get(number) ?? {};
  console.log(
    `| ${number} | ${answer?.length ?? '-'} | ${answer ? millions(answer.nodes) : '-'} | ${seconds.toFixed(1)} s | ${answer ? millions(answer.nodes / seconds) : '-'} | ${millions(counts.kf2002 ?? 0)} | ${millions(counts.kf_zero_aware ?? 0)} |`,
  );
}
console.log(`load after: ${loadavg()[0].toFixed(2)}`);
if (failures.length > 0) {
  console.error(`failed: ${failures.join('; ')}`);
  process.exitCode = 1;
}
