/**
 * Outside: how "Compare engines" turns solve times into a fair verdict.
 *
 * Both engines do the same work under the same conditions: one untimed
 * warm-up run each (it creates the engine's solver, lets the JIT and
 * the wasm tier-up settle), then a few timed rounds, interleaved and in
 * alternating order so that neither engine always runs first, and the
 * medians are compared. A ratio is shown only when both medians are well
 * above the clock's resolution: a worker's performance.now() without
 * cross-origin isolation ticks in 0.1 ms steps, so a 0 ms time (a trivial
 * board) would otherwise make an "Infinity×".
 */
import type { EngineName } from '../../../src/index.js';
import { formatMs } from '../shared/dom.js';

/** Below this median a ratio would be mostly clock noise. */
export const measurableMs = 1;
/** Timed rounds after the warm-up, at most (odd, for a plain median). */
export const maxRounds = 7;
/** About how long the timed rounds may take in all, judged from the warm-up. */
export const roundsBudgetMs = 3_000;

/** Timed rounds for a board whose warm-up runs (both engines) took `warmUpMs`: none when one more round would blow the budget. */
export function plannedRounds(warmUpMs: number): number {
  if (!(warmUpMs > 0)) return maxRounds;
  return Math.max(0, Math.min(maxRounds, Math.floor(roundsBudgetMs / warmUpMs)));
}

/** The order of the engines in timed round `round` (0-based): alternating, so that each runs first as often as the other. */
export function roundOrder(engines: readonly EngineName[], round: number): EngineName[] {
  return round % 2 === 0 ? [...engines] : [...engines].reverse();
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface Comparison {
  /** Judge text (plus goal) of the position compared. */
  key: string;
  /** Median time per engine (the warm-up time when there were no timed rounds). */
  ms: Record<EngineName, number>;
  rounds: number;
  sameNodes: boolean;
}

export interface Verdict {
  text: string;
  /** TypeScript time over WebAssembly time; null when too fast to compare. */
  ratio: number | null;
}

export function verdict(comparison: Comparison): Verdict {
  const { wasm, ts } = comparison.ms;
  const basis =
    comparison.rounds > 0
      ? `medians of ${comparison.rounds} timed run${comparison.rounds === 1 ? '' : 's'} each after a warm-up run, interleaved`
      : 'one run each: too long a search to repeat';
  const nodes = comparison.sameNodes ? '; same nodes searched' : '';
  if (!(wasm >= measurableMs && ts >= measurableMs)) {
    return {
      ratio: null,
      text: `Too fast to compare: WebAssembly took ${formatMs(wasm)}, the TypeScript twin ${formatMs(ts)} (${basis}). Under ${measurableMs} ms the browser’s clock is too coarse for a ratio.`,
    };
  }
  const ratio = ts / wasm;
  return {
    ratio,
    text:
      ratio >= 1
        ? `WebAssembly was ${ratio.toFixed(1)}× faster than the TypeScript twin (${basis}${nodes}).`
        : `The TypeScript twin was ${(1 / ratio).toFixed(1)}× faster than WebAssembly (${basis}${nodes}): small searches are dominated by call overhead.`,
  };
}
