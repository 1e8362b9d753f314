// @ts-check
/**
 * Where a CLI process's time goes (issue 37, Korf's 100 through the CLI):
 * runs the CLI with PUZZLESEARCH_TRACE=1 (src/trace.ts: each mark a line on
 * standard error, from the main thread and the workers alike) and prints the
 * median time of each mark since the process started, thread by thread, with
 * phases that the machine's load distorts less than the wall: each thread's
 * time in its searches and in its table loads, and the process's CPU time.
 *   node bench/timeline.js [--jobs 1,2] [--runs 5] [--dir DIR] [--input korf100|FILE]
 *                          [--variants 'NAME=VAR=VALUE,VAR=VALUE;NAME=...'] [-- CLI ARGS...]
 * Default CLI arguments: `sliding --size 4x4 --goal blank-first --partition 7-8`
 * (Korf's 100 on the cached 7-8 tables). `--variants` names environments to
 * compare (e.g. `split=;alone=PUZZLESEARCH_SPLIT_LOAD=0`); every `--jobs`
 * value and variant alternate run by run, so that a busy machine weighs on
 * each alike.
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
      const [, at, cpu, thread, ...label] = line.split(' ');
      return { at: Number(at), cpu: Number(cpu), thread, label: label.join(' ') };
    });
  const start = marks.find((mark) => mark.label === 'process start')?.at;
  if (start === undefined) throw new Error('no trace: was the CLI built with src/trace.ts?');
  /** @type {Map<string, number>} */
  const first = new Map();
  /**
   * Per thread, wall and CPU ms: in searches (a call to its answer), in table
   * loads, in all (its CPU at its last mark); the first search's start, the last one's end.
   * @type {Map<string, { search: number, searchCpu: number, searches: number, load: number, loadCpu: number, cpu: number, firstSearch: number, lastSearch: number, open?: { at: number, cpu: number }, loading?: { at: number, cpu: number } }>}
   */
  const threads = new Map();
  for (const { at, cpu, thread, label } of marks) {
    const ms = at - start;
    const key = `${thread.padEnd(9)} ${label}`;
    if (!/^(call|answer) (sliding|slidingShare|slidingSolvable)$/.test(label) && !first.has(key)) first.set(key, ms);
    const own = threads.get(thread) ?? { search: 0, searchCpu: 0, searches: 0, load: 0, loadCpu: 0, cpu: 0, firstSearch: Infinity, lastSearch: 0 };
    threads.set(thread, own);
    own.cpu = cpu;
    if (label === 'call sliding' || label === 'call slidingShare') {
      own.open = { at: ms, cpu };
      own.firstSearch = Math.min(own.firstSearch, ms);
    } else if ((label === 'answer sliding' || label === 'answer slidingShare') && own.open !== undefined) {
      own.search += ms - own.open.at;
      own.searchCpu += cpu - own.open.cpu;
      own.searches++;
      own.lastSearch = ms;
      own.open = undefined;
    } else if (label.startsWith('load ')) own.loading = { at: ms, cpu };
    else if (label.startsWith('loaded ') && own.loading !== undefined) {
      own.load += ms - own.loading.at;
      own.loadCpu += cpu - own.loading.cpu;
      own.loading = undefined;
    }
  }
  return { wall: Number(timed[1]) * 1000, cpu: (Number(timed[2]) + Number(timed[3])) * 1000, first, threads, stdout: child.stdout };
}

const fmt = (/** @type {number} */ ms) => (Number.isFinite(ms) ? ms.toFixed(0).padStart(6) : '     -');

/** @type {Map<string, ReturnType<typeof tracedRun>[]>} */
const results = new Map();
const loads = [loadavg()[0]];
for (let run = 0; run < runs; run++) {
  for (const jobs of jobsList) {
    for (const variant of variants) {
      const key = `--jobs ${jobs}${variant.name ? `, ${variant.name}` : ''}`;
      results.set(key, [...(results.get(key) ?? []), tracedRun(jobs, variant.env)]);
    }
  }
  loads.push(loadavg()[0]);
}
const answers = new Set([...results.values()].map((samples) => samples[0]?.stdout));
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
    console.log(
      `  ${name.padEnd(9)} CPU ${med((own) => own.cpu)} ms in all; ${median(of.map((own) => own.searches))} searches: ${med((own) => own.search)} ms wall, ${med((own) => own.searchCpu)} ms CPU, from ${med((own) => own.firstSearch)} to ${med((own) => own.lastSearch)}; table loads ${med((own) => own.load)} ms wall, ${med((own) => own.loadCpu)} ms CPU`,
    );
  }
}
