// @ts-check
/**
 * Where a CLI process's time goes (issue 37, Korf's 100 through the CLI):
 * runs the CLI with PUZZLESEARCH_TRACE=1 (src/trace.ts: each mark a line on
 * standard error, from the main thread and the workers alike) and prints the
 * median time of each mark since the process started, thread by thread, with
 * phases that the machine's load distorts less than the wall: each thread's
 * time in its searches and in its table loads, and the process's CPU time.
 *   node bench/timeline.js [--jobs 1,2] [--runs 5] [--dir DIR] [--input korf100|FILE]
 *                          [--variants 'NAME=VAR=VALUE,VAR=VALUE;NAME=...'] [--idle SECONDS] [-- CLI ARGS...]
 * Default CLI arguments: `sliding --size 4x4 --goal blank-first --partition 7-8`
 * (Korf's 100 on the cached 7-8 tables). `--variants` names environments to
 * compare (e.g. `split=;alone=PUZZLESEARCH_SPLIT_LOAD=0`); every `--jobs`
 * value and variant alternate run by run, so that a busy machine weighs on
 * each alike. `--idle S`: before each run, wait up to S seconds for half a
 * second in which the machine's cores were at least 90% idle (Linux's
 * /proc/stat), so that on a shared machine runs land in its quiet moments;
 * how many did is printed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    jobs: { type: 'string', default: '1,2' },
    runs: { type: 'string', default: '5' },
    dir: { type: 'string', default: process.env.PUZZLESEARCH_CACHE ?? join(homedir(), '.cache', 'puzzlesearch') },
    input: { type: 'string', default: 'korf100' },
    variants: { type: 'string', default: '' },
    idle: { type: 'string', default: '0' },
  },
});
const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const cliArgs = positionals.length > 0 ? positionals : ['sliding', '--size', '4x4', '--goal', 'blank-first', '--partition', '7-8'];
const input =
  values.input === 'korf100'
    ? readFileSync(new URL('../data/korf100.txt', import.meta.url), 'utf8')
        .trim()
        .split('\n')
        .map((text) =>
          text
            .trim()
            .split(/\s+/)
            .slice(0, 16)
            .map((tile) => (tile === '0' ? 'x' : tile))
            .join(' '),
        )
        .join('\n')
    : readFileSync(values.input, 'utf8');
const jobsList = values.jobs.split(',').map(Number);
/** @type {Array<{ name: string, env: Record<string, string> }>} */
const variants = values.variants
  ? values.variants.split(';').map((variant) => {
      const [name, ...settings] = variant.split('=');
      const env = Object.fromEntries(
        settings
          .join('=')
          .split(',')
          .filter((setting) => setting.includes('='))
          .map((setting) => [setting.slice(0, setting.indexOf('=')), setting.slice(setting.indexOf('=') + 1)]),
      );
      return { name: name ?? '', env };
    })
  : [{ name: '', env: {} }];
const runs = Math.max(1, Number(values.runs));

/** @param {number[]} samples */
const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor((samples.length - 1) / 2)];

/**
 * One traced process: each mark's time since the process started (first
 * occurrence by thread and label), and the phases.
 * @param {number} jobs
 * @param {Record<string, string>} variant
 */
function tracedRun(jobs, variant) {
  const env = { ...process.env, ...variant, PUZZLESEARCH_CACHE: values.dir, PUZZLESEARCH_TRACE: '1' };
  const child = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S', process.execPath, bin, ...cliArgs, '--jobs', String(jobs)], {
    input,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const timed = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(child.stderr);
  if (child.status !== 0 || !timed) throw new Error(`--jobs ${jobs}: exit ${child.status}: ${child.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  const marks = child.stderr
    .split('\n')
    .filter((line) => line.startsWith('puzzlesearch-trace '))
    .map((line) => {
      const [, at, times, thread, ...label] = line.split(' ');
      const [cpu, wait] = (times ?? '').split(':').map(Number);
      return { at: Number(at), cpu: cpu ?? Number.NaN, wait: wait ?? Number.NaN, thread, label: label.join(' ') };
    });
  const start = marks.find((mark) => mark.label === 'process start')?.at;
  if (start === undefined) throw new Error('no trace: was the CLI built with src/trace.ts?');
  /** @type {Map<string, number>} */
  const first = new Map();
  /** @typedef {{ wall: number, cpu: number, wait: number }} Spent */
  /**
   * Per thread: ms of wall, CPU and wait for a core, in searches (a call to
   * its answer) and in table loads; its CPU and wait in all (at its last
   * mark); its searches, the first one's start and the last one's end.
   * @type {Map<string, { search: Spent, load: Spent, all: Spent, searches: number, firstSearch: number, lastSearch: number, open?: { at: number, cpu: number, wait: number }, loading?: { at: number, cpu: number, wait: number } }>}
   */
  const threads = new Map();
  const spent = () => ({ wall: 0, cpu: 0, wait: 0 });
  /** @param {Spent} into @param {{ at: number, cpu: number, wait: number }} from @param {{ at: number, cpu: number, wait: number }} to */
  const add = (into, from, to) => {
    into.wall += to.at - from.at;
    into.cpu += to.cpu - from.cpu;
    into.wait += to.wait - from.wait;
  };
  for (const mark of marks) {
    const { thread, label } = mark;
    const now = { at: mark.at - start, cpu: mark.cpu, wait: mark.wait };
    const key = `${thread.padEnd(9)} ${label}`;
    if (!/^(call|answer) (sliding|slidingShare|slidingSolvable)$/.test(label) && !first.has(key)) first.set(key, now.at);
    const own = threads.get(thread) ?? { search: spent(), load: spent(), all: spent(), searches: 0, firstSearch: Infinity, lastSearch: 0 };
    threads.set(thread, own);
    own.all = { wall: now.at, cpu: now.cpu, wait: now.wait };
    if (label === 'call sliding' || label === 'call slidingShare') {
      own.open = now;
      own.firstSearch = Math.min(own.firstSearch, now.at);
    } else if ((label === 'answer sliding' || label === 'answer slidingShare') && own.open !== undefined) {
      add(own.search, own.open, now);
      own.searches++;
      own.lastSearch = now.at;
      own.open = undefined;
    } else if (label.startsWith('load ')) own.loading = now;
    else if (label.startsWith('loaded ') && own.loading !== undefined) {
      add(own.load, own.loading, now);
      own.loading = undefined;
    }
  }
  return { wall: Number(timed[1]) * 1000, cpu: (Number(timed[2]) + Number(timed[3])) * 1000, first, threads, stdout: child.stdout };
}

const fmt = (/** @type {number} */ ms) => (Number.isFinite(ms) ? ms.toFixed(0).padStart(6) : '     -');

/** The machine's idle and total CPU ticks so far (/proc/stat's first line). */
function cpuTicks() {
  const fields = readFileSync('/proc/stat', 'latin1').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3] + fields[4], total: fields.reduce((sum, value) => sum + value, 0) };
}

/** Waits (at most `seconds`) for half a second with the cores at least 90% idle; whether one came. */
function waitForIdle(/** @type {number} */ seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const before = cpuTicks();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    const after = cpuTicks();
    if ((after.idle - before.idle) / Math.max(1, after.total - before.total) >= 0.9) return true;
  }
  return false;
}

/** @type {Map<string, ReturnType<typeof tracedRun>[]>} */
const results = new Map();
const idleWait = Number(values.idle);
let quietRuns = 0;
const loads = [loadavg()[0]];
for (let run = 0; run < runs; run++) {
  for (const jobs of jobsList) {
    for (const variant of variants) {
      const key = `--jobs ${jobs}${variant.name ? `, ${variant.name}` : ''}`;
      if (idleWait > 0 && waitForIdle(idleWait)) quietRuns++;
      results.set(key, [...(results.get(key) ?? []), tracedRun(jobs, variant.env)]);
    }
  }
  loads.push(loadavg()[0]);
}
const answers = new Set([...results.values()].map((samples) => samples[0]?.stdout));
if (idleWait > 0) console.log(`${quietRuns} of ${runs * jobsList.length * variants.length} runs started after an idle half second`);
console.log(
  `${cliArgs.join(' ')}, ${runs} runs each, load ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}${answers.size === 1 ? ', the same answers' : ', ANSWERS DIFFER'}`,
);
for (const [key, samples] of results) {
  console.log(
    `\n${key}: wall ${fmt(median(samples.map((s) => s.wall)))} ms, CPU (user + sys) ${fmt(median(samples.map((s) => s.cpu)))} ms; medians, ms since the process started`,
  );
  const keys = [...new Set(samples.flatMap((s) => [...s.first.keys()]))];
  const rows = keys.map((key) => ({ key, ms: median(samples.map((s) => s.first.get(key) ?? Number.NaN).filter((ms) => !Number.isNaN(ms))) }));
  rows.sort((a, b) => a.ms - b.ms);
  for (const { key, ms } of rows) console.log(`  ${fmt(ms)}  ${key}`);
  const names = [...new Set(samples.flatMap((s) => [...s.threads.keys()]))].sort();
  for (const name of names) {
    const of = samples.map((s) => s.threads.get(name)).filter((own) => own !== undefined);
    const med = (/** @type {(own: (typeof of)[0]) => number} */ pick) => fmt(median(of.map(pick)));
    /** @param {'search' | 'load' | 'all'} phase */
    const phase = (phase) =>
      `${med((own) => own[phase].wall)} ms wall, ${med((own) => own[phase].cpu)} CPU, ${med((own) => own[phase].wait)} waiting for a core`;
    console.log(`  ${name.padEnd(9)} in all (to its last mark): ${phase('all')}`);
    if (median(of.map((own) => own.load.wall)) > 0) console.log(`  ${name.padEnd(9)} table loads: ${phase('load')}`);
    if (median(of.map((own) => own.searches)) > 0)
      console.log(
        `  ${name.padEnd(9)} ${median(of.map((own) => own.searches))} searches: ${phase('search')}; from ${med((own) => own.firstSearch)} to ${med((own) => own.lastSearch)}`,
      );
  }
}
