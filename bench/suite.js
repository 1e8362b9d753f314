// @ts-check
/**
 * Runs the tasks on two engines' cores: answers first (compared between the
 * engines and checked independently; any difference throws MismatchError before
 * a single time is taken), then interleaved timing under tinybench.
 */
import { MismatchError, firstDifference, measurePair, summarize } from './measure.js';
import { copyBoard, formatNumberList, readKorf, slidingBoard, slidingReplayError } from './inputs.js';
import { buildTasks } from './tasks.js';
import { namedPartition } from '../dist/pdb/partitions.js';

/** @typedef {import('../dist/engine/contract.js').Core} Core */
/** @typedef {import('./measure.js').EngineName} EngineName */
/** @typedef {import('./measure.js').Plan} Plan */
/** @typedef {import('./measure.js').Summary} Summary */
/** @typedef {import('./tasks.js').TaskSpec} TaskSpec */

/** @typedef {Summary & { rate: number }} EngineFigures rate: work units per second at the median */

/**
 * @typedef {object} InstanceResult
 * @property {number} number Korf instance number (1-based line of the file)
 * @property {number} optimal
 * @property {number} nodes
 * @property {Record<EngineName, EngineFigures>} engines
 * @property {number} ratio
 */

/**
 * @typedef {object} TaskResult
 * @property {string} id
 * @property {string} group
 * @property {string} label
 * @property {string} workload
 * @property {string} unit
 * @property {number} nodes work of one iteration
 * @property {Record<EngineName, EngineFigures>} engines
 * @property {number} ratio time_ts / time_wasm (medians)
 * @property {string | null} target e.g. "TS/wasm >= 2.5"
 * @property {boolean | null} targetMet
 * @property {Record<EngineName, number[]>} samples raw samples, ms
 * @property {string} timing how the samples were taken
 * @property {InstanceResult[]} [instances]
 * @property {number} [seconds] wall time of the task, checked runs included
 */

/** Speed-up targets by class. */
export const TARGETS = { bfs: 2.5, ranking: 2.5, idastar: 1.5, elimination: 3, batch: 2, gfp: 5 };
/** Target for the wasm engine on the 15-puzzle, nodes per second. */
export const FIFTEEN_RATE_TARGET = 40e6;

/**
 * Which Korf instances run by default, chosen from the nodes IDA* with linear
 * conflict generates on each (measured with this engine; the other 22 need from
 * 50M to over 400M nodes each, #66 and #88 the most):
 * - quick: the 25 easiest, each under 1.5M nodes (13.3M nodes in all);
 * - full: all 78 under 50M nodes (689M nodes in all), about 30 ns a node for
 *   one pass of both engines on the 2-core reference machine.
 * `--korf LIST` (or `--korf all`) overrides this.
 */
export const KORF_DEFAULTS = {
  quick: [9, 12, 19, 23, 30, 31, 34, 42, 46, 47, 48, 55, 61, 71, 73, 74, 79, 85, 86, 90, 93, 94, 95, 96, 97],
  full: [
    1, 2, 4, 5, 6, 8, 9, 11, 12, 13, 16, 18, 19, 20, 21, 23, 24, 25, 27, 28, 29, 30, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 50, 51,
    54, 55, 57, 58, 61, 62, 63, 64, 65, 67, 68, 69, 70, 71, 73, 74, 75, 76, 77, 78, 79, 80, 81, 83, 84, 85, 86, 87, 89, 90, 93, 94, 95, 96, 97, 99, 100,
  ],
  // With the 6-6-3 PDB all 100 take about 143M nodes.
  pdb: Array.from({ length: 100 }, (_, i) => i + 1),
};

/**
 * @typedef {object} SuiteOptions
 * @property {Record<EngineName, Core>} cores
 * @property {boolean} quick
 * @property {string[]} [only] run only tasks whose id contains one of these
 * @property {number[]} [korf] Korf instance numbers (default KORF_DEFAULTS)
 * @property {number[]} [korfPdb] Korf instance numbers for the PDB search (default KORF_DEFAULTS.pdb, quick: .quick)
 * @property {number} [longRounds] samples per engine for long tasks
 * @property {(line: string) => void} [log]
 */

/** @param {boolean} quick */
export function workloadFor(quick) {
  return quick ? { fourLineBoards: 1000, eightBoards: 100 } : { fourLineBoards: 1000, eightBoards: 1000 };
}

/**
 * @param {boolean} quick
 * @param {number | undefined} longRounds
 * @returns {Record<'short' | 'long' | 'korf', Plan>}
 */
function plansFor(quick, longRounds) {
  return quick
    ? {
        short: { rounds: 3, time: 50, iterations: 2, warmupTime: 50, warmupIterations: 1 },
        long: { rounds: longRounds ?? 2, time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 },
        korf: { rounds: longRounds ?? 2, time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 },
      }
    : {
        short: { rounds: 6, time: 200, iterations: 5, warmupTime: 200, warmupIterations: 3 },
        long: { rounds: longRounds ?? 5, time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 },
        korf: { rounds: longRounds ?? 3, time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 },
      };
}

/** @param {Plan} plan */
function describePlan(plan) {
  if (plan.time === 0 && plan.iterations === 1) {
    return `tinybench, ${plan.rounds} interleaved single run(s) per engine (time 0, iterations 1), after one untimed checked run`;
  }
  return `tinybench, ${plan.rounds} interleaved rounds of >= ${plan.time} ms and >= ${plan.iterations} iterations per engine, ${plan.warmupTime} ms warm-up`;
}

/**
 * @param {number[]} samples
 * @param {number} nodes
 * @returns {EngineFigures}
 */
function figures(samples, nodes) {
  const summary = summarize(samples);
  return { ...summary, rate: nodes / (summary.median / 1000) };
}

/**
 * Answers of both engines: equal, or MismatchError.
 * @param {string} what
 * @param {unknown} wasm
 * @param {unknown} ts
 */
function mustAgree(what, wasm, ts) {
  const difference = firstDifference(wasm, ts);
  if (difference) throw new MismatchError(`${what}: the wasm engine and the TS twin disagree at ${difference} (wasm vs ts)`);
}

/**
 * Wraps a timed function so that every iteration's checksum must equal the
 * first one's (kept in `seen`); the two engines' first checksums are compared
 * after timing, before anything is reported.
 * @param {string} what
 * @param {() => number} run
 * @param {{ failure: string | null, seen: Partial<Record<EngineName, number>> }} status
 * @param {EngineName} engine
 */
function checked(what, run, status, engine) {
  return () => {
    const value = run();
    const first = status.seen[engine];
    if (first === undefined) status.seen[engine] = value;
    else if (value !== first && status.failure === null) status.failure = `${what} (${engine}): checksum ${value} on one timed iteration, ${first} on another`;
  };
}

/**
 * After timing: no iteration changed its answer, and both engines' checksums agree.
 * @param {string} what
 * @param {{ failure: string | null, seen: Partial<Record<EngineName, number>> }} status
 */
function mustHaveAgreed(what, status) {
  if (status.failure) throw new MismatchError(status.failure);
  mustAgree(`${what} (checksum of the timed answers)`, status.seen.wasm, status.seen.ts);
}

/** @returns {{ failure: string | null, seen: Partial<Record<EngineName, number>> }} */
const freshStatus = () => ({ failure: null, seen: {} });

/** @param {number} ms */
export function formatMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toPrecision(3)} s`;
  if (ms >= 1) return `${ms.toPrecision(3)} ms`;
  return `${(ms * 1000).toPrecision(3)} µs`;
}

/** @param {number} rate */
export function formatRate(rate) {
  if (!Number.isFinite(rate)) return '-';
  if (rate >= 1e9) return `${(rate / 1e9).toPrecision(3)} G/s`;
  if (rate >= 1e6) return `${(rate / 1e6).toPrecision(3)} M/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toPrecision(3)} k/s`;
  return `${rate.toPrecision(3)} /s`;
}

/** @param {TaskResult | InstanceResult} result @param {string} name */
function progressLine(result, name) {
  const { wasm, ts } = result.engines;
  return `${name.padEnd(34)} wasm ${formatMs(wasm.median).padStart(9)}  ts ${formatMs(ts.median).padStart(9)}  TS/wasm ${result.ratio.toFixed(2).padStart(5)}  (${result.nodes.toLocaleString('en-US')} nodes, n=${wasm.samples}/${ts.samples})`;
}

/**
 * @param {TaskSpec} task
 * @param {Record<EngineName, Core>} cores
 * @param {Plan} plan
 * @returns {TaskResult}
 */
function runTask(task, cores, plan) {
  /** @type {Record<EngineName, unknown>} */
  const inputs = { wasm: task.inputs(), ts: task.inputs() };
  const answers = { wasm: task.answer(cores.wasm, inputs.wasm), ts: task.answer(cores.ts, inputs.ts) };
  mustAgree(task.label, answers.wasm, answers.ts);
  const problem = task.check?.(answers.wasm, inputs.wasm) ?? null;
  if (problem) throw new MismatchError(`${task.label}: both engines agree, but the answer fails the independent check: ${problem}`);
  const status = freshStatus();
  const samples = measurePair(
    task.id,
    {
      wasm: checked(task.label, () => task.run(cores.wasm, inputs.wasm), status, 'wasm'),
      ts: checked(task.label, () => task.run(cores.ts, inputs.ts), status, 'ts'),
    },
    plan,
  );
  mustHaveAgreed(task.label, status);
  if (status.seen.wasm !== answers.wasm.checksum) {
    throw new MismatchError(`${task.label}: the timed runs gave checksum ${status.seen.wasm}, the checked answers ${answers.wasm.checksum}`);
  }

  const nodes = answers.wasm.nodes;
  const engines = { wasm: figures(samples.wasm, nodes), ts: figures(samples.ts, nodes) };
  const ratio = engines.ts.median / engines.wasm.median;
  const goal = task.target ? TARGETS[task.target] : null;
  return {
    id: task.id,
    group: task.group,
    label: task.label,
    workload: task.workload,
    unit: task.unit,
    nodes,
    engines,
    ratio,
    target: goal === null ? null : `TS/wasm >= ${goal}`,
    targetMet: goal === null ? null : ratio >= goal,
    samples,
    timing: describePlan(plan),
  };
}

const FIFTEEN_GOAL = slidingBoard(
  4,
  4,
  Array.from({ length: 16 }, (_, i) => i),
);

/** Korf 100 with the 6-6-3 PDB: all of it in wasm should take at most this long (one thread, tables ready). */
export const KORF_PDB_SECONDS_TARGET = 10;

/**
 * @typedef {object} KorfVariant
 * @property {string} id
 * @property {string} name heuristic, as the label and workload say it
 * @property {import('../dist/engine/contract.js').IdaStarOptions} options
 * @property {(numbers: number[], engines: Record<EngineName, EngineFigures>, ratio: number) => { target: string, met: boolean }} target
 */

/** @type {KorfVariant} */
const LINEAR_CONFLICT_KORF = {
  id: 'fifteen-idastar',
  name: 'linear conflict',
  options: { heuristic: 'linear-conflict' },
  target: (_, engines, ratio) => ({
    target: `TS/wasm >= ${TARGETS.idastar}; wasm >= ${FIFTEEN_RATE_TARGET / 1e6}M nodes/s`,
    met: ratio >= TARGETS.idastar && engines.wasm.rate >= FIFTEEN_RATE_TARGET,
  }),
};

/**
 * The 6-6-3 PDB variant; builds the tables (untimed) in any core that lacks them.
 * @param {Record<EngineName, Core>} cores
 * @returns {KorfVariant}
 */
function pdbKorf(cores) {
  const partition = /** @type {import('../dist/engine/contract.js').PdbPartition} */ (namedPartition(4, 4, 0, '6-6-3'));
  for (const core of Object.values(cores)) {
    partition.groups.forEach((_, group) => {
      if (core.pdb.has(partition, group)) return;
      const build = core.pdb.build(partition, group);
      while (build.round());
    });
  }
  return {
    id: 'fifteen-pdb',
    name: '6-6-3 PDB',
    options: { heuristic: 'pdb', partition },
    target: (numbers, engines, ratio) => ({
      target: `TS/wasm >= ${TARGETS.idastar}; all 100 in wasm <= ${KORF_PDB_SECONDS_TARGET} s`,
      met: ratio >= TARGETS.idastar && (numbers.length < 100 || engines.wasm.median <= KORF_PDB_SECONDS_TARGET * 1000),
    }),
  };
}

/**
 * IDA* (linear conflict) on Korf's 15-puzzle instances: one tinybench round per
 * instance and repetition, engines alternating; a repetition's sample for the
 * whole set is the sum of its instance times.
 * @param {number[]} numbers
 * @param {Record<EngineName, Core>} cores
 * @param {Plan} plan
 * @param {(line: string) => void} log
 * @param {KorfVariant} variant
 * @returns {TaskResult}
 */
function runKorf(numbers, cores, plan, log, variant) {
  const all = readKorf(new URL('../data/korf100.txt', import.meta.url), 4);
  const chosen = numbers.map((number) => {
    const instance = all[number - 1];
    if (!instance) throw new Error(`no Korf instance ${number}: data/korf100.txt has ${all.length}`);
    return instance;
  });
  const options = variant.options;

  /** @type {number[]} */
  const nodes = [];
  for (const { number, board, optimal } of chosen) {
    const wasm = cores.wasm.idaStar.solve(copyBoard(board), copyBoard(FIFTEEN_GOAL), options);
    const ts = cores.ts.idaStar.solve(copyBoard(board), copyBoard(FIFTEEN_GOAL), options);
    mustAgree(`15-puzzle, Korf #${number}`, wasm, ts);
    if (wasm.moves === null) throw new MismatchError(`15-puzzle, Korf #${number}: no solution`);
    if (wasm.moves.length !== optimal) throw new MismatchError(`15-puzzle, Korf #${number}: ${wasm.moves.length} moves, the optimal length is ${optimal}`);
    const error = slidingReplayError(board, FIFTEEN_GOAL, wasm.moves);
    if (error) throw new MismatchError(`15-puzzle, Korf #${number}: ${error}`);
    nodes.push(wasm.nodes);
    log(`  checked Korf #${number}: ${optimal} moves, ${wasm.nodes.toLocaleString('en-US')} nodes, both engines agree`);
  }

  /** @type {Array<Record<EngineName, number[]>>} */
  const perInstance = chosen.map(() => ({ wasm: [], ts: [] }));
  /** @type {Record<EngineName, number[]>} */
  const totals = { wasm: [], ts: [] };
  for (let rep = 0; rep < plan.rounds; rep++) {
    /** @type {Record<EngineName, number>} */
    const sum = { wasm: 0, ts: 0 };
    chosen.forEach(({ number, board }, i) => {
      const status = freshStatus();
      /** @param {EngineName} engine */
      const fn = (engine) => {
        const start = copyBoard(board);
        const goal = copyBoard(FIFTEEN_GOAL);
        return checked(`15-puzzle, Korf #${number}`, () => cores[engine].idaStar.solve(start, goal, options).nodes, status, engine);
      };
      // Alternate which engine goes first, by repetition and instance.
      const { wasm, ts } = measurePair(`korf-${number}`, { wasm: fn('wasm'), ts: fn('ts') }, { ...plan, rounds: 1 }, rep + i);
      mustHaveAgreed(`15-puzzle, Korf #${number}`, status);
      if (status.seen.wasm !== nodes[i]) throw new MismatchError(`15-puzzle, Korf #${number}: ${status.seen.wasm} nodes when timed, ${nodes[i]} when checked`);
      perInstance[i].wasm.push(...wasm);
      perInstance[i].ts.push(...ts);
      sum.wasm += wasm.reduce((a, b) => a + b, 0);
      sum.ts += ts.reduce((a, b) => a + b, 0);
    });
    totals.wasm.push(sum.wasm);
    totals.ts.push(sum.ts);
  }

  /** @type {InstanceResult[]} */
  const instances = chosen.map(({ number, optimal }, i) => {
    const engines = { wasm: figures(perInstance[i].wasm, nodes[i]), ts: figures(perInstance[i].ts, nodes[i]) };
    const result = { number, optimal, nodes: nodes[i], engines, ratio: engines.ts.median / engines.wasm.median };
    log(progressLine(result, `  Korf #${number} (${optimal} moves)`));
    return result;
  });
  const totalNodes = nodes.reduce((a, b) => a + b, 0);
  const engines = { wasm: figures(totals.wasm, totalNodes), ts: figures(totals.ts, totalNodes) };
  const ratio = engines.ts.median / engines.wasm.median;
  const { target, met } = variant.target(numbers, engines, ratio);
  return {
    id: variant.id,
    group: '15-puzzle',
    label: `15-puzzle: IDA* ${variant.id === 'fifteen-pdb' ? 'PDB 6-6-3' : 'LC'}, ${chosen.length} Korf`,
    workload: `IDA* with ${variant.name} on Korf instances ${formatNumberList(numbers)} of data/korf100.txt (goal 0 1 ... 15); one sample = the whole set`,
    unit: 'nodes',
    nodes: totalNodes,
    engines,
    ratio,
    target,
    targetMet: met,
    samples: totals,
    timing: `${describePlan({ ...plan })}; per instance`,
    instances,
  };
}

/**
 * @param {SuiteOptions} options
 * @returns {{ tasks: TaskResult[], korf: number[], plans: Record<string, Plan>, workload: ReturnType<typeof workloadFor> }}
 */
export function runSuite(options) {
  const log = options.log ?? (() => {});
  const plans = plansFor(options.quick, options.longRounds);
  const workload = workloadFor(options.quick);
  const selected = (/** @type {string} */ id) => !options.only || options.only.some((part) => id.includes(part));
  const korf = options.korf ?? (options.quick ? KORF_DEFAULTS.quick : KORF_DEFAULTS.full);
  /** @type {TaskResult[]} */
  const results = [];
  for (const task of buildTasks(workload)) {
    if (!selected(task.id)) continue;
    const started = performance.now();
    const rounds = options.longRounds ?? (options.quick ? undefined : task.fullRounds);
    const plan = task.size === 'short' ? plans.short : { ...plans.long, rounds: rounds ?? plans.long.rounds };
    const result = runTask(task, options.cores, plan);
    result.seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    log(`${progressLine(result, task.id)} ${result.seconds} s`);
    results.push(result);
  }
  if (selected('fifteen-idastar') && korf.length > 0) {
    log(`fifteen-idastar: Korf instances ${formatNumberList(korf)}`);
    const started = performance.now();
    const result = runKorf(korf, options.cores, plans.korf, log, LINEAR_CONFLICT_KORF);
    result.seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    log(`${progressLine(result, result.id)} ${result.seconds} s`);
    results.push(result);
  }
  const korfPdb = options.korfPdb ?? options.korf ?? (options.quick ? KORF_DEFAULTS.quick : KORF_DEFAULTS.pdb);
  if (selected('fifteen-pdb') && korfPdb.length > 0) {
    log(`fifteen-pdb: Korf instances ${formatNumberList(korfPdb)}`);
    const started = performance.now();
    const result = runKorf(korfPdb, options.cores, plans.korf, log, pdbKorf(options.cores));
    result.seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    log(`${progressLine(result, result.id)} ${result.seconds} s`);
    results.push(result);
  }
  return { tasks: results, korf, plans, workload };
}
