/**
 * Inside: the methods a pool worker answers. This list is the one source of
 * the pool's API: the message types (`protocol.ts`) and the outside's methods
 * (`outside.ts`) are derived from it, so a method the Solver gains later needs
 * one line here and nothing anywhere else.
 *
 * Only types are imported, so that the outside can read the method names and
 * their parameter counts without loading any solver code. Each method runs on
 * the solver of the call in progress (`runCall`), whose `onIteration` reports
 * progress and stops the search when the call was cancelled.
 */
import type { GoalName, GridInput, SlidingInput } from '../boards.js';
import type { LightsOutInput, LightsOutOptions } from '../lightsOut.js';
import type { PrepareTablesOptions, TablesProgress } from '../pdbTables.js';
import type { BoardSize, ManyFamilies, ManyFamily, SlidingOptions, SlidingShare, Solver } from '../solver.js';
import type { JudgeCase, JudgeOptions } from './judge.js';

/** What `onProgress` receives: the IDA* f-bound about to be searched, nodes so far, and milliseconds since the call started. */
export interface Progress {
  bound: number;
  nodes: number;
  ms: number;
}

/** What a method's `onProgress` hears, by method: table preparation reports tables, the searches report Progress. */
export interface ProgressKinds {
  prepareTables: TablesProgress;
}
export type ProgressOf<M extends string> = M extends keyof ProgressKinds ? ProgressKinds[M] : Progress;

/** Sliding options for a pool call: plain data only (functions and signals cannot cross to a worker; use the call's `onProgress` and `signal`). */
export type PoolSlidingOptions = Omit<SlidingOptions, 'onIteration' | 'onProgress' | 'signal'>;

/** Table options for a pool call: plain data only (the pool prepares every worker, so progress and signal are the pool call's own). */
export type PoolPrepareTablesOptions = Omit<PrepareTablesOptions, 'onProgress' | 'signal'>;

/** The call a worker is running: its solver and the hook the search calls between iterations. */
export interface CallContext {
  solver: Solver;
  /** Reports progress, and throws (stopping the search) once the call was cancelled. */
  onIteration(bound: number, nodes: number): void;
  /** Throws (stopping the search inside an iteration) once the call was cancelled. */
  stopIfCancelled(): void;
  /** Relays table progress, and throws (stopping the build between rounds) once the call was cancelled. */
  onTables(progress: TablesProgress): void;
}

let running: CallContext | null = null;

function call(): CallContext {
  if (!running) throw new Error('puzzlesearch pool: a worker method was called outside runCall');
  return running;
}

/** Sliding options with the call's `onIteration` added; anything but an object is passed on for the solver to reject. */
function withHook(options: PoolSlidingOptions | undefined): SlidingOptions {
  const { onIteration } = call();
  // Inside an iteration (about every 100 ms) progress is relayed as between
  // iterations, and a cancel stops the search there too (onIteration throws).
  const onProgress = ({ bound, nodes }: { bound: number; nodes: number }) => onIteration(bound, nodes);
  if (options === undefined) return { onIteration, onProgress };
  if (typeof options !== 'object' || options === null) return options;
  return { ...options, onIteration, onProgress };
}

/**
 * One line per Solver method. Keep every parameter plain (no defaults, no rest):
 * the outside reads each method's `length` to know where its call options begin.
 */
export const insideApi = {
  flip: (board: GridInput) => call().solver.flip(board),
  pilots: (board: GridInput) => call().solver.pilots(board),
  fourLine: (board: GridInput) => call().solver.fourLine(board),
  sliding: (board: SlidingInput, options?: PoolSlidingOptions) => call().solver.sliding(board, withHook(options)),
  slidingDistances: (goal: GoalName | SlidingInput, size?: BoardSize) => call().solver.slidingDistances(goal, size),
  slidingSolvable: (board: SlidingInput, goal?: GoalName | SlidingInput) => call().solver.slidingSolvable(board, goal),
  lightsOut: (board: LightsOutInput, options?: LightsOutOptions) => call().solver.lightsOut(board, options),
  solveBatch: <F extends ManyFamily>(family: F, boards: readonly ManyFamilies[F]['board'][], options?: ManyFamilies[F]['options']) => call().solver.solveMany(family, boards, options),
  slidingShare: (board: SlidingInput, options: PoolSlidingOptions | undefined, share: SlidingShare) => call().solver.slidingShare(board, withHook(options), share),
  // The CLI's chunks: cases in, printed text out (see judge.ts); loaded on first use, as only the CLI calls it.
  judgeCases: (options: JudgeOptions, cases: readonly JudgeCase[]) => {
    const { solver } = call();
    return import('./judge.js').then(({ answerCases }) => answerCases(solver, options, cases));
  },
  // The outside sends this one to every worker (and again to a restarted one): each holds its own tables.
  prepareTables: (size: string | { width: number; height: number }, options?: PoolPrepareTablesOptions) =>
    call().solver.prepareTables(size, options === undefined || (typeof options === 'object' && options !== null) ? { ...options, onProgress: call().onTables } : options),
};

/** Runs `work` as the call in progress (a worker runs one call at a time). */
export function runCall<T>(context: CallContext, work: () => T): T {
  running = context;
  try {
    return work();
  } finally {
    running = null;
  }
}
