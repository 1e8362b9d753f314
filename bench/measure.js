// @ts-check
/**
 * Timing: the two engines run in the same process, interleaved. Each round is a
 * small tinybench `Bench` holding one task per engine (order alternating from
 * round to round); the samples of all rounds are pooled per engine. Long
 * searches use rounds of exactly one iteration (`time: 0, iterations: 1`), so
 * tinybench never runs them more often than asked.
 */
import { Bench } from 'tinybench';

/** @typedef {'wasm' | 'ts'} EngineName */
export const ENGINES = /** @type {const} */ (['wasm', 'ts']);

/**
 * @typedef {object} Plan
 * @property {number} rounds interleaved rounds (tinybench runs per engine)
 * @property {number} time tinybench time budget per engine per round, ms (0: iterations only)
 * @property {number} iterations minimum iterations per engine per round
 * @property {number} warmupTime tinybench warm-up per engine before the first round, ms (0: none)
 * @property {number} warmupIterations minimum warm-up iterations
 */

/**
 * Runs `fns.wasm` and `fns.ts` interleaved under tinybench; returns every sample (ms).
 * @param {string} name
 * @param {Record<EngineName, () => unknown>} fns
 * @param {Plan} plan
 * @param {number} [roundOffset] shifts which engine goes first (wasm on even rounds)
 * @returns {Record<EngineName, number[]>}
 */
export function measurePair(name, fns, plan, roundOffset = 0) {
  /** @type {Record<EngineName, number[]>} */
  const samples = { wasm: [], ts: [] };
  for (let round = 0; round < plan.rounds; round++) {
    const order = (round + roundOffset) % 2 === 0 ? ENGINES : [...ENGINES].reverse();
    const warmup = round === 0 && plan.warmupTime > 0;
    const bench = new Bench({
      name,
      time: plan.time,
      iterations: plan.iterations,
      warmup,
      warmupTime: plan.warmupTime,
      warmupIterations: plan.warmupIterations,
      retainSamples: true,
      throws: true,
    });
    for (const engine of order) bench.add(engine, fns[engine], { async: false });
    bench.runSync();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed') {
        const error = 'error' in result ? result.error : undefined;
        throw new Error(`${name} (${task.name}): tinybench ended in state '${result.state}'${error ? `: ${error.message}` : ''}`, { cause: error });
      }
      const taken = result.latency.samples;
      if (!taken) throw new Error(`${name} (${task.name}): tinybench kept no samples`);
      samples[/** @type {EngineName} */ (task.name)].push(...taken);
    }
  }
  return samples;
}

/**
 * @typedef {object} Summary
 * @property {number} median ms
 * @property {number} p99 ms
 * @property {number} mean ms
 * @property {number} min ms
 * @property {number} max ms
 * @property {number} samples
 */

/**
 * Quantile with linear interpolation between order statistics.
 * @param {number[]} sorted
 * @param {number} q
 */
function quantile(sorted, q) {
  if (sorted.length === 1) return sorted[0];
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/**
 * @param {number[]} samples ms
 * @returns {Summary}
 */
export function summarize(samples) {
  if (samples.length === 0) throw new Error('no samples to summarize');
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    samples: sorted.length,
  };
}

/**
 * The first place where `a` and `b` differ (deep, for plain data and typed
 * arrays), as a readable path and values; null when they are equal.
 * @param {unknown} a
 * @param {unknown} b
 * @param {string} [path]
 * @returns {string | null}
 */
export function firstDifference(a, b, path = '') {
  if (Object.is(a, b)) return null;
  const show = (/** @type {unknown} */ value) => {
    const text = ArrayBuffer.isView(value) ? `[${Array.from(/** @type {Uint8Array} */ (value)).join(',')}]` : JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}...` : text;
  };
  const isList = (/** @type {unknown} */ value) => Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (isList(a) && isList(b)) {
    const listA = /** @type {ArrayLike<unknown>} */ (a);
    const listB = /** @type {ArrayLike<unknown>} */ (b);
    const shared = Math.min(listA.length, listB.length);
    for (let i = 0; i < shared; i++) {
      const inner = firstDifference(listA[i], listB[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return listA.length === listB.length ? null : `${path || 'value'}: length ${listA.length} vs ${listB.length}`;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !isList(a) && !isList(b)) {
    const recordA = /** @type {Record<string, unknown>} */ (a);
    const recordB = /** @type {Record<string, unknown>} */ (b);
    for (const key of new Set([...Object.keys(recordA), ...Object.keys(recordB)])) {
      const inner = firstDifference(recordA[key], recordB[key], `${path}.${key}`);
      if (inner) return inner;
    }
    return null;
  }
  return `${path || 'value'}: ${show(a)} vs ${show(b)}`;
}

/** Thrown when the engines disagree, or an answer fails an independent check. */
export class MismatchError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'MismatchError';
  }
}
