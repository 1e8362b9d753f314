/**
 * Outside: parallel IDA* on one sliding board, dealt over the pool's workers.
 * Every worker gets one share of the whole search (the share search of src/parallel/share.ts, with
 * `workers`): in each f-bound's iteration, the subtrees below all blank walks
 * of `depth` moves (src/parallel/prefixes.ts), which the workers take one at a time
 * from a counter in shared memory. The first worker to find a path raises the
 * shared found flag, which stops the others within 2^14 nodes. Otherwise the
 * bound goes up to the least f pruned by any worker, only once every subtree
 * of the bound was searched (the workers wait for each other, and the last
 * one done sets the next bound), so the path is optimal as in plain IDA* (a
 * path found at bound B has length B).
 */
import type { HostAbortSignal } from '../engine/hostTypes.js';
import { PuzzleInputError, describeValue, type SlidingInput } from '../api/boards.js';
import type { PoolSlidingOptions, Progress, SlidingMove, SlidingResult, Stopped, Unsolvable } from '../api/types.js';
import type { SlidingShare, SlidingShareResult } from './share.js';
import { GIVE_UP, ITERATION, NEXT_BOUND, SHARE_FLAGS, STATE } from './flags.js';
import { TRIAL_MOST_NODES } from '../pdb/trial.js';

export interface ParallelSlidingOptions extends PoolSlidingOptions {
  /** Moves below the root at which the search splits into subtrees (1..32; default 8). */
  depth?: number;
}

/** What the driver needs of the pool. */
export interface ParallelDeps {
  workers: number;
  share(
    worker: number,
    board: SlidingInput,
    options: PoolSlidingOptions,
    share: SlidingShare,
    signal: HostAbortSignal,
    onProgress: (progress: Progress) => void,
  ): Promise<SlidingShareResult>;
  sliding(
    board: SlidingInput,
    options: PoolSlidingOptions,
    callOptions: { signal?: HostAbortSignal; onProgress?: (progress: Progress) => void },
  ): Promise<SlidingResult | Unsolvable | Stopped>;
  solvable(board: SlidingInput, goal: PoolSlidingOptions['goal']): Promise<boolean>;
  /** Whether a worker's sliding(board, options) would choose its partition by a per-board trial (src/pdb/trial.ts). */
  trialDue(board: SlidingInput, options: PoolSlidingOptions): Promise<boolean>;
}

const DEFAULT_DEPTH = 8;
/** Nodes one worker searches alone before pool.sliding() shares the search (tens of ms in wasm). */
export const ALONE_NODES = 4_000_000;

export async function parallelSliding(
  deps: ParallelDeps,
  board: SlidingInput,
  options: ParallelSlidingOptions = {},
  callOptions: { signal?: HostAbortSignal; onProgress?: (progress: Progress) => void } = {},
  alone = 0,
): Promise<SlidingResult | Unsolvable | Stopped> {
  if (typeof options !== 'object' || options === null) throw new PuzzleInputError(`options must be an object, not ${describeValue(options)}`);
  const { depth = DEFAULT_DEPTH, ...sliding } = options;
  if (!(Number.isInteger(depth) && depth >= 1 && depth <= 32)) throw new PuzzleInputError(`depth must be an integer from 1 to 32, not ${describeValue(depth)}`);
  const { signal, onProgress } = callOptions;
  // What plain IDA* on one worker does best (or alone): exhaustive algorithms, node limits, no shared memory, one worker.
  const plain = (sliding.algorithm !== undefined && sliding.algorithm !== 'idastar') || sliding.maxNodes !== undefined;
  if (plain || deps.workers < 2 || typeof SharedArrayBuffer !== 'function') return deps.sliding(board, sliding, { signal, onProgress });
  const started = performance.now();
  // With `alone`, one worker first searches within that node budget: most
  // boards are solved (or found unsolvable) before the others could be told
  // the first bound, and the search is shared only when the budget runs out.
  //
  // The lone try also makes the per-board trial between two ready kinds of
  // tables (src/pdb/trial.ts), when one is due: its result names the kind
  // chosen, which the shares then search by name. Without a lone try of its
  // own (solveParallel), a search whose trial is due makes one just long
  // enough for it, so that no worker takes a kind the trial would not have
  // (each worker's choice alone is the search without the trial).
  let probe = alone > 0 ? await deps.sliding(board, { ...sliding, maxNodes: alone }, { signal, onProgress }) : null;
  if (!probe && sliding.partition === undefined && (await deps.trialDue(board, sliding))) {
    probe = await deps.sliding(board, { ...sliding, maxNodes: TRIAL_MOST_NODES }, { signal, onProgress });
  }
  if (probe && probe.status !== 'stopped') return probe;
  if (!probe && !(await deps.solvable(board, sliding.goal))) return deps.sliding(board, sliding, { signal, onProgress });
  // One failed or aborted share drops the others.
  const all = new AbortController();
  const stop = () => all.abort();
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) all.abort();
  try {
    // -1: the workers start from the start's estimate, and say which bound
    // that was; after a lone try, from the bound it was cut short in (the
    // iterations below it are done).
    const bound = probe?.status === 'stopped' && probe.bound !== undefined ? probe.bound : -1;
    const before = probe?.stats.nodes ?? 0;
    if (bound >= 0) onProgress?.({ bound, nodes: before, ms: performance.now() - started });
    // Each worker searches its share of every iteration until one finds a
    // path; between iterations they meet in `flags` (Solver.slidingShare),
    // not through messages here, which cost more than the early iterations.
    const flags = new Int32Array(new SharedArrayBuffer(SHARE_FLAGS * 4));
    if (bound >= 0) flags[NEXT_BOUND] = bound;
    // A share that fails or is aborted makes the others give up, waiting ones included.
    all.signal.addEventListener('abort', () => {
      Atomics.compareExchange(flags, STATE, 0, GIVE_UP);
      Atomics.notify(flags, ITERATION);
    });
    // Inside the iterations: every share's nodes so far, added up.
    const live = new Array<number>(deps.workers).fill(0);
    const shareProgress = (worker: number) => (progress: Progress) => {
      live[worker] = progress.nodes;
      onProgress?.({ bound: progress.bound, nodes: before + live.reduce((sum, part) => sum + part, 0), ms: performance.now() - started });
    };
    // The kind the lone try's trial chose, by name (a worker left to choose would take the search's without the trial).
    const trial = probe?.stats.trial;
    const searched = trial ? { ...sliding, partition: trial.chose } : sliding;
    const shares = await Promise.all(
      Array.from({ length: deps.workers }, (_, worker) =>
        deps.share(worker, board, searched, { bound, depth, flags, workers: deps.workers }, all.signal, shareProgress(worker)).catch((error: unknown) => {
          all.abort();
          throw error;
        }),
      ),
    );
    const nodes = before + shares.reduce((sum, share) => sum + share.nodes, 0);
    // As nodes: the lone try's, then every worker's subtrees'.
    const expanded = (probe?.stats.expanded ?? 0) + shares.reduce((sum, share) => sum + share.expanded, 0);
    const found = shares.find((share) => share.path !== null);
    if (!found) throw new Error('parallel IDA*: every subtree was exhausted without a path; is the board solvable?');
    const path = found.path!;
    const moves = path.split('') as SlidingMove[];
    const stats: SlidingResult['stats'] = { nodes, expanded, ms: performance.now() - started, heuristic: found.heuristic, workers: deps.workers };
    if (found.partition) stats.partition = found.partition;
    if (trial) stats.trial = trial;
    return { status: 'solved', solvable: true, length: moves.length, moves, path, stats };
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
