// @ts-check
/**
 * The host's share of the work (issue 21): whole `puzzlesearch` processes
 * beside the same work in-process, under tinybench, rounds interleaved,
 * medians. The machine may be shared: the load average is printed beside them.
 *
 * - Lights Out, a 1000x1000 cross board: the CLI (`lightsout --moves`, read,
 *   solve, print) against the same in-process (parse, solve, write the grid),
 *   the host's part alone (parse and write, no solve), and a native
 *   light-chasing program (`lightsOutNative.c`, compiled with `gcc -O2` into
 *   a temporary folder; its row is skipped, with a word, where gcc is missing),
 *   whose output must equal the CLI's: the board's solution is unique.
 * - Start-up: one Flip board through the CLI against `node -e 0`.
 *
 * `node bench/host.js [--rounds R]`. Korf's 100 and the 8-puzzles with
 * `--jobs 1` and `--jobs 2` are in `bench/cli.js`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import { summarize } from './measure.js';
import { createSolver, parseLightsOutBoard, pressGridText } from '../dist/index.js';
import { mulberry32 } from './inputs.js';

const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const rounds = Number(values.rounds);

/** A random 1000x1000 board of 0 and 1, as text. @param {number} side @param {number} seed */
function lightsOutText(side, seed) {
  const random = mulberry32(seed);
  const lines = [];
  for (let r = 0; r < side; r++) {
    let line = '';
    for (let c = 0; c < side; c++) line += random() < 0.5 ? '1' : '0';
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** @param {string[]} args @param {string} input @param {string} [program] */
function process_(args, input, program = process.execPath) {
  const child = spawnSync(program, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`${program} ${args.join(' ')} exited ${child.status}: ${child.stderr?.slice(0, 200) ?? child.error}`);
  return child.stdout;
}

/** The native light-chasing program compiled into `dir`; null (and why) when gcc cannot build it. */
function nativeProgram(/** @type {string} */ dir) {
  const source = fileURLToPath(new URL('./lightsOutNative.c', import.meta.url));
  const program = join(dir, 'lightsOutNative');
  const built = spawnSync('gcc', ['-O2', '-o', program, source], { encoding: 'utf8' });
  if (built.error || built.status !== 0) return { program: null, why: built.error ? 'gcc not found' : `gcc failed: ${built.stderr.slice(0, 200)}` };
  return { program, why: '' };
}

/**
 * Runs the tasks interleaved (order alternating by round), `iterations` a task a round.
 * @param {Record<string, () => unknown>} tasks
 * @param {number} iterations
 * @returns {Record<string, number>} medians, ms
 */
function medians(tasks, iterations) {
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries(Object.keys(tasks).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ name: 'host', time: 0, iterations, warmup: round === 0, warmupIterations: 1, retainSamples: true, throws: true });
    const names = round % 2 ? Object.keys(tasks).reverse() : Object.keys(tasks);
    for (const name of names) bench.add(name, tasks[name], { async: false });
    bench.runSync();
    for (const task of bench.tasks) {
      const taken = task.result.state === 'completed' ? task.result.latency.samples : undefined;
      if (!taken) throw new Error(`${task.name}: tinybench ended in state '${task.result.state}'`);
      samples[task.name].push(...taken);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, taken]) => [name, summarize(taken).median]));
}

const load = loadavg();
const board = lightsOutText(1000, 21);
const solver = await createSolver();
const cliOut = process_([bin, 'lightsout', '--moves'], board);
const inProcess = () => {
  const result = solver.lightsOut(board);
  if (result.status !== 'solved') throw new Error('the board is unsolvable');
  return `${result.length}\n${pressGridText(result)}\n`;
};
if (inProcess() !== cliOut) throw new Error('the CLI printed something else than the in-process answer');
const bytes = new TextEncoder().encode(board);
const solved = solver.lightsOut(board);
if (solved.status !== 'solved') throw new Error('the board is unsolvable');
// A trivial kernel: one press set solves the board, so the native program must print the CLI's bytes.
if (solved.kernelDimension !== 0) throw new Error(`the board's kernel has dimension ${solved.kernelDimension}: outputs could differ`);
const nativeDir = mkdtempSync(join(tmpdir(), 'puzzlesearch-native-'));
const native = nativeProgram(nativeDir);
if (native.program && process_([], board, native.program) !== cliOut) throw new Error('the native program printed something else than the CLI');
const nativeProgramPath = native.program;
/** @type {Record<string, () => unknown>} */
const nativeTask = nativeProgramPath ? { native: () => process_([], board, nativeProgramPath) } : {};

const lights = medians(
  {
    cli: () => process_([bin, 'lightsout', '--moves'], board),
    ...nativeTask,
    'in-process': inProcess,
    'read text': () => parseLightsOutBoard(board),
    'read bytes': () => parseLightsOutBoard(bytes),
    'write grid': () => pressGridText(solved),
  },
  3,
);
const flipBoard = 'bwwb\nbbwb\nbwwb\nbwww\n';
if (process_([bin, 'flip'], flipBoard) !== '4\n') throw new Error('flip answered something else than 4');
const start = medians(
  {
    'cli flip': () => process_([bin, 'flip'], flipBoard),
    'node -e 0': () => process_(['-e', '0'], ''),
  },
  5,
);
const after = loadavg();
rmSync(nativeDir, { recursive: true, force: true });

const ms = (/** @type {number} */ x) => `${x.toFixed(1)} ms`;
console.log(`host: ${rounds} rounds; load average ${load.map((x) => x.toFixed(2)).join(' ')} before, ${after.map((x) => x.toFixed(2)).join(' ')} after`);
console.log('Lights Out 1000x1000 cross, --moves:');
if (lights.native !== undefined) {
  const met = lights.cli <= 4 * lights.native ? 'met' : 'missed';
  console.log(
    `  CLI process ${ms(lights.cli)}; native light chasing (gcc -O2) ${ms(lights.native)}, 4x: ${ms(4 * lights.native)} (target CLI <= 4x native: ${met})`,
  );
} else {
  console.log(`  CLI process ${ms(lights.cli)}; the native row is skipped: ${native.why} (target CLI <= 4x a native light-chasing program)`);
}
console.log(`  in-process solve and write ${ms(lights['in-process'])}; the process costs ${ms(lights.cli - lights['in-process'])} more`);
console.log(
  `  read ${ms(lights['read text'])} (text), ${ms(lights['read bytes'])} (bytes); write ${ms(lights['write grid'])}; read and write ${ms(lights['read text'] + lights['write grid'])} (target <= 10 ms)`,
);
console.log('Start-up, one Flip board:');
console.log(
  `  CLI ${ms(start['cli flip'])}, node -e 0 ${ms(start['node -e 0'])}: ${ms(start['cli flip'] - start['node -e 0'])} over bare Node (target <= 30 ms)`,
);
