#!/usr/bin/env node
// @ts-check
/**
 * The benchmark: `npm run bench` (full; writes bench/RESULTS.md, bench/results.json,
 * bench/results.svg) or `npm run bench -- --quick` (smaller workloads, prints only).
 *
 * Options:
 *   --quick            smaller workloads and fewer samples (under 30 s)
 *   --no-write         print only, even on a full run
 *   --out PREFIX       write PREFIX.md, PREFIX.json and PREFIX.svg (any mode)
 *   --only a,b         run only tasks whose id contains one of these words
 *   --korf LIST        Korf instances for the 15-puzzle, e.g. 1-10,15, or all (0 or none: skip)
 *   --rounds N         samples per engine for the long tasks
 *
 * Exit code 0 on success, 1 when the engines disagree or an answer is wrong
 * (MismatchError), 2 on bad options.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MismatchError } from './measure.js';
import { formatNumberList, parseNumberList } from './inputs.js';
import { json, machineInfo, markdown, svg } from './report.js';
import { runSuite } from './suite.js';

/** @param {string[]} argv */
function parseArgs(argv) {
  const options = {
    quick: false,
    write: true,
    out: /** @type {string | undefined} */ (undefined),
    only: /** @type {string[] | undefined} */ (undefined),
    korf: /** @type {number[] | undefined} */ (undefined),
    rounds: /** @type {number | undefined} */ (undefined),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-write') options.write = false;
    else if (arg === '--out') options.out = value();
    else if (arg === '--only') options.only = value().split(',').filter(Boolean);
    else if (arg === '--korf') {
      const text = value();
      options.korf = text === '0' || text === 'none' ? [] : text === 'all' ? parseNumberList('1-100') : parseNumberList(text);
    } else if (arg === '--rounds') {
      options.rounds = Number(value());
      if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error('--rounds needs a positive integer');
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: node bench/run.js [--quick] [--no-write] [--out PREFIX] [--only ids] [--korf 1-10,15] [--rounds N]');
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

/** Loads both engines from the compiled package (dist/, build/puzzlesearch.wasm). */
async function loadCores() {
  try {
    const { createWasmCore } = await import('../dist/engine/wasm/index.js');
    const { createTwinCore } = await import('../dist/engine/twin/index.js');
    const cores = { wasm: await createWasmCore(), ts: createTwinCore() };
    return cores;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot load the engines from dist/ and build/ (run \`npm run build\` first): ${message}`, { cause: error });
  }
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  const info = machineInfo(options.quick);
  const started = performance.now();
  console.log(`puzzlesearch benchmark, ${info.mode} run: ${info.cpu} x${info.cores}, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
  const cores = await loadCores();
  const suite = runSuite({
    cores,
    quick: options.quick,
    only: options.only,
    korf: options.korf,
    longRounds: options.rounds,
    log: (line) => console.log(line),
  });
  const seconds = (performance.now() - started) / 1000;
  const extra = {
    korf: suite.korf,
    plans: suite.plans,
    workload: suite.workload,
    options: { only: options.only ?? null, korf: options.korf ?? null, rounds: options.rounds ?? null },
    seconds: Number(seconds.toFixed(1)),
  };
  const notes = [
    `Korf instances run: ${suite.korf.length > 0 ? formatNumberList(suite.korf) : 'none'} (of 100).`,
    `Whole run: ${seconds.toFixed(1)} s including the checked runs.`,
  ];
  const table = markdown(info, suite.tasks, { korf: suite.korf, notes });
  console.log('');
  console.log(table);
  console.log('All answers agree between the wasm engine and the TS twin.');

  /** @type {{ md: string, json: string, svg: string } | undefined} */
  let paths;
  if (options.out !== undefined) {
    paths = { md: `${options.out}.md`, json: `${options.out}.json`, svg: `${options.out}.svg` };
  } else if (options.write && !options.quick) {
    const here = (/** @type {string} */ name) => fileURLToPath(new URL(name, import.meta.url));
    paths = { md: here('RESULTS.md'), json: here('results.json'), svg: here('results.svg') };
  }
  if (paths) {
    mkdirSync(dirname(paths.md), { recursive: true });
    writeFileSync(paths.md, table);
    writeFileSync(paths.json, json(info, suite.tasks, extra));
    writeFileSync(paths.svg, svg(info, suite.tasks));
    console.log(`wrote ${paths.md}, ${paths.json}, ${paths.svg}`);
  } else {
    console.log('(quick run: nothing written; use --out PREFIX to keep the report)');
  }
}

main().catch((error) => {
  if (error instanceof MismatchError) {
    console.error(`\nbench: ABORTED, answers differ: ${error.message}`);
  } else {
    console.error(`\nbench: failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  }
  process.exit(1);
});
