// @ts-check
/**
 * One copy of the tables for every worker (issue 37): whole CLI processes,
 * wall time and peak RSS (`/usr/bin/time -f '%e %M'`), each run on the shared
 * build (the default) and beside it on the plain build
 * (PUZZLESEARCH_SHARED_TABLES=0: a copy of the tables per worker).
 *   node bench/threads.js [--rows rss38,korf100,kf12,build78,build663,build5x5,derive5x5] [--runs N] [--build-runs N] [--dir DIR]
 *                         [--partitions 6-6-6-6,6-6-6-6x7-zero-aware] [--builds shared,plain]
 * Rows:
 * - rss38: `sliding --jobs 2` over `--jobs 1` on Korf and Felner's #38, peak
 *   RSS and time, each partition (its 5x5 tables already in the cache `--dir`,
 *   passed as PUZZLESEARCH_CACHE);
 * - korf100: Korf's 100 in one process, `--jobs 2` over `--jobs 1`, 7-8
 *   tables (built into `--dir` first if missing, that build timed as build78);
 * - kf12: Korf and Felner's 12 easiest in one process, `--jobs 2` over `--jobs 1`,
 *   on the tables the CLI takes (the strongest kind cached);
 * - build78: `tables build --size 4x4 --partition 7-8 --goal blank-first`
 *   into a fresh directory, `--jobs 1` (this thread) against `--jobs 2` (a
 *   pool on the shared build, each table built by both workers), in the same
 *   run, the files compared byte for byte;
 * - build663: `tables build --size 4x4 --goal blank-last` (6-6-3, one goal), the same way;
 * - build5x5: 6-6-6-6 for one goal (blank first), the same way: two groups
 *   built, two derived (read through the diagonal reflection), each on every worker;
 * - derive5x5: 6-6-6-6 for the blank-last goal into a fresh directory holding
 *   the blank-first tables (from `--dir`: run build5x5 first, or have them
 *   there): all four groups read through a board symmetry, none built.
 * A `--jobs` row also gives its speed-up over `node -e 0` (the owners' rule
 * for a CLI target whose floor is Node's own start-up).
 * Medians of `--runs` runs (default 3; one for kf12, and `--build-runs`,
 * default 1, for the builds). The
 * machine's load is printed beside each row: timings on a shared machine are
 * noisy.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readKorf } from './inputs.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: 'rss38,korf100' },
    runs: { type: 'string', default: '3' },
    dir: { type: 'string', default: process.env.PUZZLESEARCH_CACHE ?? join(homedir(), '.cache', 'puzzlesearch') },
    partitions: { type: 'string', default: '6-6-6-6' },
    'build-runs': { type: 'string', default: '1' },
    builds: { type: 'string', default: 'shared,plain' },
  },
});
const rows = new Set(values.rows.split(','));
const runs = Math.max(1, Number(values.runs));
const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const builds = /** @type {Array<'shared' | 'plain'>} */ (values.builds.split(',').filter((build) => build === 'shared' || build === 'plain'));

/** @param {ArrayLike<number>} tiles */
const line = (tiles) => `${Array.from(tiles, (tile) => (tile === 0 ? 'x' : String(tile))).join(' ')}\n`;
const kf = readKorf(new URL('../data/korf24.txt', import.meta.url), 5);
const korf100 = readFileSync(new URL('../data/korf100.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((text) => line(text.trim().split(/\s+/).map(Number).slice(0, 16)))
  .join('');
const kf12 = [38, 40, 25, 32, 44, 37, 30, 13, 1, 28, 36, 5].map((number) => line(kf[number - 1].board.tiles)).join('');

/**
 * One whole process: wall seconds and peak RSS in MB.
 * @param {string[]} args
 * @param {string} input
 * @param {'shared' | 'plain'} build
 */
function run(args, input, build) {
  const env = { ...process.env, PUZZLESEARCH_CACHE: values.dir, PUZZLESEARCH_SHARED_TABLES: build === 'plain' ? '0' : '1' };
  const child = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M %U %S', process.execPath, bin, ...args], { input, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const timed = /TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(child.stderr);
  if (child.status !== 0 || !timed) throw new Error(`${args.join(' ')}: exit ${child.status}: ${child.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  return { seconds: Number(timed[1]), mb: Number(timed[2]) / 1024, cpu: Number(timed[3]) + Number(timed[4]), load: loadavg()[0], stdout: child.stdout };
}

/** @param {number[]} samples */
const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor((samples.length - 1) / 2)];

/**
 * Medians of `times` runs.
 * @param {string[]} args @param {string} input @param {'shared' | 'plain'} build @param {number} times
 */
function measure(args, input, build, times) {
  const samples = Array.from({ length: times }, () => run(args, input, build));
  return { seconds: median(samples.map((s) => s.seconds)), mb: median(samples.map((s) => s.mb)), all: samples, stdout: samples[0].stdout };
}

const load = () => loadavg()[0].toFixed(1);

/**
 * Node's own start-up, `node -e 0`, medians of 5 whole processes: a CLI row
 * whose floor is that start-up is restated over it (the owners' rule), as
 * (t1 - floor) / (t2 - floor), beside the plain ratio.
 */
const nodeFloor = (() => {
  /** @type {number | undefined} */
  let seconds;
  return () => {
    if (seconds === undefined) {
      const samples = Array.from({ length: 5 }, () => {
        const child = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', process.execPath, '-e', '0'], { encoding: 'utf8' });
        const timed = /TIME ([\d.]+)/.exec(child.stderr);
        if (child.status !== 0 || !timed) throw new Error(`node -e 0: exit ${child.status}`);
        return Number(timed[1]);
      });
      seconds = median(samples);
    }
    return seconds;
  };
})();
const fmt = (/** @type {number} */ x, digits = 1) => x.toFixed(digits);

/**
 * `--jobs 2` over `--jobs 1` on both builds.
 * @param {string} name @param {string[]} args @param {string} input @param {number} times
 */
function jobsRow(name, args, input, times) {
  console.log(`\n${name} (runs ${times}, load before ${load()})`);
  const floor = nodeFloor();
  console.log(`(node -e 0: ${fmt(floor, 2)} s; "over node -e 0" is (t1 - that) / (t2 - that))`);
  console.log('| build | --jobs 1: wall, peak RSS | --jobs 2: wall, peak RSS | speed-up | over node -e 0 | RSS ratio |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const build of builds) {
    const one = measure([...args, '--jobs', '1'], input, build, times);
    const two = measure([...args, '--jobs', '2'], input, build, times);
    if (one.stdout !== two.stdout) throw new Error(`${name}, ${build}: --jobs 2 printed other answers than --jobs 1`);
    console.log(
      `| ${build} | ${fmt(one.seconds, 2)} s, ${fmt(one.mb, 0)} MB | ${fmt(two.seconds, 2)} s, ${fmt(two.mb, 0)} MB | ${fmt(one.seconds / two.seconds, 2)}x | ${fmt((one.seconds - floor) / (two.seconds - floor), 2)}x | ${fmt(two.mb / one.mb, 2)}x |`,
    );
  }
  console.log(`load after: ${load()}`);
}

/** The table files of a directory, by name. @param {string} dir */
const tableFiles = (dir) =>
  new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.pdb'))
      .sort()
      .map((file) => [file, readFileSync(join(dir, file))]),
  );

/**
 * A build into a fresh directory with `--jobs 1` (this thread) and `--jobs 2`
 * (a pool on the shared build: each table built by both workers), medians of
 * `--build-runs` runs each, the files held byte for byte to each other; the
 * files then go to the cache `--dir` (where a later row loads them instead of
 * building them again). Each fresh directory first gets the files of `--dir`
 * that `seed` picks (the tables a derivation reads).
 * @param {string} name @param {string[]} args @param {(file: string) => boolean} [seed]
 */
function buildRow(name, args, seed = () => false) {
  const times = Math.max(1, Number(values['build-runs']));
  console.log(`\n${name} (runs ${times}, load before ${load()})`);
  console.log('| --jobs 1: wall, peak RSS | --jobs 2: wall, peak RSS | speed-up | RSS ratio | CPU s / wall s, 1 and 2 (cores the process got) |');
  console.log('|---:|---:|---:|---:|---|');
  /** @type {Map<string, Buffer> | undefined} */
  let expected;
  /** @param {string} jobs */
  const built = (jobs) => {
    const samples = Array.from({ length: times }, () => {
      const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-threads-'));
      const seeded = readdirSync(values.dir).filter(seed);
      try {
        for (const file of seeded) copyFileSync(join(values.dir, file), join(dir, file));
        const sample = run([...args, '--dir', dir, '--jobs', jobs], '', 'shared');
        const files = new Map([...tableFiles(dir)].filter(([file]) => !seeded.includes(file)));
        if (files.size === 0) throw new Error(`${name}: --jobs ${jobs} wrote no table`);
        if (expected === undefined) {
          expected = files;
          mkdirSync(values.dir, { recursive: true });
          for (const file of files.keys()) copyFileSync(join(dir, file), join(values.dir, file));
        } else if ([...files].some(([file, bytes]) => !expected?.get(file)?.equals(bytes)) || files.size !== expected.size) {
          throw new Error(`${name}: --jobs ${jobs} wrote other tables than --jobs 1`);
        }
        return sample;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
    for (const s of samples) console.log(`  --jobs ${jobs}: ${fmt(s.seconds)} s wall, ${fmt(s.cpu)} s CPU, load ${fmt(s.load)} at its end`);
    return {
      seconds: median(samples.map((s) => s.seconds)),
      mb: median(samples.map((s) => s.mb)),
      cpu: median(samples.map((s) => s.cpu)),
    };
  };
  const one = built('1');
  const two = built('2');
  const cores = (/** @type {{ seconds: number, cpu: number }} */ m) => `${fmt(m.cpu)} / ${fmt(m.seconds)} (${fmt(m.cpu / m.seconds, 2)})`;
  console.log(
    `| ${fmt(one.seconds)} s, ${fmt(one.mb, 0)} MB | ${fmt(two.seconds)} s, ${fmt(two.mb, 0)} MB | ${fmt(one.seconds / two.seconds, 2)}x | ${fmt(two.mb / one.mb, 2)}x | ${cores(one)}, ${cores(two)} |`,
  );
  console.log(`load after: ${load()}`);
}

if (rows.has('build78')) buildRow('7-8 build, whole process', ['tables', 'build', '--size', '4x4', '--partition', '7-8', '--goal', 'blank-first']);
if (rows.has('build663')) buildRow('4x4 6-6-3 build, one goal', ['tables', 'build', '--size', '4x4', '--partition', '6-6-3', '--goal', 'blank-last']);
if (rows.has('build5x5')) buildRow('5x5 6-6-6-6 build, one goal', ['tables', 'build', '--size', '5x5', '--partition', '6-6-6-6', '--goal', 'blank-first']);
if (rows.has('derive5x5')) {
  const sources = (/** @type {string} */ file) => /^5x5-blank0-6-6-6-6-group\d\.pdb$/.test(file);
  if (readdirSync(values.dir).filter(sources).length !== 4)
    throw new Error(`derive5x5: ${values.dir} lacks the blank-first 6-6-6-6 tables (run build5x5 first)`);
  buildRow(
    '5x5 6-6-6-6 derived, one goal (blank last, from the blank-first tables)',
    ['tables', 'build', '--size', '5x5', '--partition', '6-6-6-6', '--goal', 'blank-last'],
    sources,
  );
}
if (rows.has('rss38')) {
  for (const partition of values.partitions.split(',')) {
    jobsRow(
      `KF #38, sliding --partition ${partition}`,
      ['sliding', '--size', '5x5', '--goal', 'blank-first', '--partition', partition],
      line(kf[37].board.tiles),
      runs,
    );
  }
}
if (rows.has('korf100')) {
  // The 7-8 tables into the cache directory first (a build only when missing).
  run(['tables', 'build', '--size', '4x4', '--partition', '7-8', '--goal', 'blank-first', '--dir', values.dir], '', 'shared');
  jobsRow("Korf's 100, sliding --partition 7-8", ['sliding', '--size', '4x4', '--goal', 'blank-first', '--partition', '7-8'], korf100, runs);
}
if (rows.has('kf12')) {
  // No --partition: the CLI's own choice, the strongest kind in the cache (src/pdb/plan.ts).
  jobsRow("Korf and Felner's 12 easiest, the strongest cached tables", ['sliding', '--size', '5x5', '--goal', 'blank-first'], kf12, 1);
}
