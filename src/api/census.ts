/**
 * The census of a small sliding board (issue 23 §2): how many states lie at
 * each distance from the goal, the largest distance (the board's "God's
 * number") and one state that far, by a breadth-first search over every
 * ranked permutation in the engine (assembly/census.ts, src/engine/twin/census.ts),
 * a layer at a time in rounds, with progress and cancel between rounds.
 */
import type { CensusCore, Core } from '../engine/contract.js';
import { PuzzleInputError, describeValue, sizedGoal, type GoalName, type SlidingInput } from './boards.js';

export interface CensusOptions {
  /** The goal: 'blank-last' (default), 'blank-first' or any board of the size. */
  goal?: GoalName | SlidingInput;
  /** Honoured between rounds: the census stops with an AbortError. */
  signal?: AbortSignal;
  /** After every round: the layer being expanded and the states found so far, of all reachable ones. */
  onProgress?: (progress: CensusProgress) => void;
}

export interface CensusProgress {
  /** The distance of the layer being expanded. */
  depth: number;
  /** States found so far (every layer up to the next one, as far as found). */
  states: number;
  /** The states reachable from the goal: n!/2. */
  total: number;
}

export interface Census {
  width: number;
  height: number;
  /** The goal board, tiles by position (0 the blank). */
  goal: number[];
  /** counts[d]: the states at distance d from the goal. */
  counts: number[];
  /** Every state reachable from the goal: n!/2. */
  total: number;
  /** The largest distance: the fewest moves that solve every board of this size and goal. */
  godsNumber: number;
  /** A state at that distance, tiles by position. */
  farthest: number[];
  stats: { ms: number };
}

/** Boards the census takes: 2 to 12 cells, each side at least 2. */
const MAX_CELLS = 12;
/** How long a round should take (ms): progress and a cancel that answer promptly, rounds few enough that yielding costs nothing. */
const ROUND_MS = 50;

const running = new WeakSet<CensusCore>();
const nextRound = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function checkSize(size: unknown): { width: number; height: number } {
  let width: unknown;
  let height: unknown;
  if (typeof size === 'string') {
    const match = /^(\d+)x(\d+)$/.exec(size.trim());
    if (!match) throw new PuzzleInputError(`census: size must be like '3x4' or { width, height }, not ${describeValue(size)}`);
    [width, height] = [Number(match[1]), Number(match[2])];
  } else if (typeof size === 'object' && size !== null) {
    ({ width, height } = size as { width: unknown; height: unknown });
  } else {
    throw new PuzzleInputError(`census: size must be like '3x4' or { width, height }, not ${describeValue(size)}`);
  }
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || (width as number) < 2 || (height as number) < 2 || (width as number) * (height as number) > MAX_CELLS) {
    throw new PuzzleInputError(`census: a ${describeValue(width)}x${describeValue(height)} board is not one it takes: sides of 2 or more, ${MAX_CELLS} cells at most (2x2 to 3x4, 2x6 and their turns)`);
  }
  return { width: width as number, height: height as number };
}

/** The census of `size` from `options.goal`, on `core`; one at a time per core. */
export async function runCensus(core: Core, size: string | { width: number; height: number }, options: CensusOptions = {}): Promise<Census> {
  if (typeof options !== 'object' || options === null) throw new PuzzleInputError(`census options must be an object, not ${describeValue(options)}`);
  const { width, height } = checkSize(size);
  const goal = sizedGoal(options.goal ?? 'blank-last', { width, height });
  const { signal, onProgress } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new PuzzleInputError(`onProgress must be a function, not ${describeValue(onProgress)}`);
  const census = core.census;
  if (running.has(census)) throw new PuzzleInputError('census: another census is running on this solver; wait for it, or use another solver');
  running.add(census);
  const started = performance.now();
  try {
    signal?.throwIfAborted();
    const ranks = census.start(goal);
    const total = ranks / 2;
    const counts = [1];
    let states = 1;
    // Words a round scans, sized from the rounds so far to take about ROUND_MS (layers differ a hundredfold in states).
    let budget = 1 << 12;
    for (;;) {
      const roundStarted = performance.now();
      const status = census.round(budget);
      const took = performance.now() - roundStarted;
      budget = Math.max(1 << 10, Math.min(1 << 24, Math.round(took > 0 ? (budget * ROUND_MS) / took : budget * 4)));
      if (status === -1) break;
      if (status === 0) {
        const next = census.found();
        counts.push(next);
        states += next;
      }
      onProgress?.({ depth: counts.length - 1, states, total });
      await nextRound();
      signal?.throwIfAborted();
    }
    return { width, height, goal: [...goal.tiles], counts, total: states, godsNumber: counts.length - 1, farthest: census.farthest(), stats: { ms: performance.now() - started } };
  } finally {
    running.delete(census);
  }
}
