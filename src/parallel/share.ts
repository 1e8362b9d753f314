/**
 * Parallel IDA*'s share search, the inside of src/parallel/dealer.ts: one
 * worker's part of an iteration (or of every iteration, with the others, over
 * shared memory), on a solver's own core and tables. Not a public Solver
 * method: a pool's workers reach it through `slidingShareOf(solver)`.
 */
import { MOVE_LETTERS, MOVE_PRUNINGS, type Heuristic } from '../engine/contract.js';
import { PuzzleInputError, checkChoice, parseSlidingBoard, resolveGoal, type SlidingInput } from '../api/boards.js';
import { coreOf, exclusive, tablesOf } from '../api/solver.js';
import type { SlidingMove, SlidingOptions, Solver } from '../api/types.js';
import { progressPoll } from '../api/solverCalls.js';
import type { PdbTables } from '../pdb/tables.js';
import { prefixStemEnds, slidingPrefixes } from './prefixes.js';
import { movePruning } from '../engine/movePruning.js';
import { ARRIVED, ENDED_FOUND, FOUND_PATH, GIVE_UP, ITERATION, LEAST_NEXT, NEXT_BOUND, NEXT_PREFIX, NO_NEXT_BOUND, SHARE_FLAGS, STATE } from './flags.js';

/**
 * A share of one parallel IDA* iteration: the subtrees below every walk of
 * `depth` moves (src/parallel/prefixes.ts) at f-bound `bound`, taken one at a time from
 * the counter `flags[0]` that every worker shares; `flags[1]` becomes nonzero
 * when a worker found a path, which stops the others within 2^14 nodes.
 *
 * With `workers`, the share goes on through every later iteration with the
 * others, without a message between them: at the end of an iteration each
 * worker waits (Atomics.wait, so only in a worker thread) until all
 * `workers` are in, and the last one in sets up the next bound (the least f
 * that any of them pruned) in `flags`. Then `flags` needs SHARE_FLAGS cells,
 * all 0 but for a given `bound`; `flags[1]` = 2 tells every worker to give up
 * (abort, or a worker that failed), and wakes those waiting.
 */
export interface SlidingShare {
  /** The f-bound; -1: the start's estimate (the first bound of IDA*), which the result then names. */
  bound: number;
  depth: number;
  flags: Int32Array;
  /** The workers sharing every iteration until the search ends (see above); absent: this one iteration. */
  workers?: number;
}

/** How many sets of walks (board size, blank cell, depth) are kept for parallel shares: every blank cell of a 5x5 board. */
const SHARE_WALKS_KEPT = 25;
/** How often (ms) a worker waiting for the others checks its own cancel and reports progress. */
const WAIT_SLICE_MS = 50;

export interface SlidingShareResult {
  /** The bound searched (with `workers`: the last one). */
  bound: number;
  /** The path found (letters), or null. */
  path: string | null;
  /** The least f above the bound among the nodes pruned (0x7fffffff: none). */
  nextBound: number;
  nodes: number;
  /** Nodes expanded in the subtrees this worker searched (their roots included, the walks above them not). */
  expanded: number;
  heuristic: Heuristic;
  partition?: string;
}

/** What `solveMany` takes and gives, by family. */
const letters = MOVE_LETTERS.split('') as SlidingMove[];

/** The walks a share deals, by board size, blank cell and depth: made once each (0.1 to 0.7 ms on 4x4 at depth 8). */
const shareWalks = new Map<string, { prefixes: Uint8Array[]; stemEnds: Int32Array[] }>();

/** One worker's share of a parallel IDA* iteration (see SolverPool.solveParallel, which deals the shares). */
export type SlidingShareSearch = (board: SlidingInput, options: SlidingOptions | undefined, share: SlidingShare) => SlidingShareResult;

/** The share search on `solver`, for a pool's workers (src/pool/inside.ts), exclusive as every solver call is. Internal: not exported from the package. */
export function slidingShareOf(solver: Solver): SlidingShareSearch {
  const core = coreOf(solver);
  return (board, options, share) => exclusive(core, 'slidingShare', () => searchShare(solver, board, options, share));
}

/** One share on `solver`'s core and tables (see SlidingShare); the caller holds the core exclusively. */
function searchShare(solver: Solver, input: SlidingInput, options: SlidingOptions = {}, share: SlidingShare): SlidingShareResult {
  const core = coreOf(solver);
  const tables = tablesOf(solver);
  const start = parseSlidingBoard(input);
  const goal = resolveGoal(options.goal, start);
  const { depth, flags, workers } = share;
  let { bound } = share;
  const cells = workers === undefined ? 2 : SHARE_FLAGS;
  if (
    !Number.isSafeInteger(bound) ||
    bound < -1 ||
    !Number.isSafeInteger(depth) ||
    depth < 1 ||
    depth > 32 ||
    !(flags instanceof Int32Array) ||
    flags.length < cells ||
    (workers !== undefined && !(Number.isSafeInteger(workers) && workers >= 1 && workers <= 256))
  ) {
    throw new PuzzleInputError(`slidingShare: expected { bound, depth 1..32, flags: Int32Array(${cells}), workers?: 1..256 }`);
  }
  let choice: ReturnType<PdbTables['choose']>;
  try {
    choice = tables.choose(start, goal, options.heuristic, true, options.partition);
  } catch (error) {
    throw new PuzzleInputError((error as Error).message);
  }
  const { heuristic, partition } = choice;
  // As a solve alone prunes: the shares of one iteration make up that search.
  const pruning = checkChoice('pruning', options.pruning ?? 'fsm', MOVE_PRUNINGS);
  // Built (once a process) before the share's progress clock starts.
  movePruning(start.width, start.height, pruning);
  if (bound === -1) bound = core.idaStar.estimate(start, goal, heuristic, partition);
  // Boards with the blank on the same cell deal the same walks (kept for a few dozen such keys).
  const key = `${start.width}x${start.height}@${start.tiles.indexOf(0)}/${depth}`;
  let walks = shareWalks.get(key);
  if (walks === undefined) {
    const prefixes = slidingPrefixes(start.width, start.height, start.tiles.indexOf(0), depth);
    walks = { prefixes, stemEnds: prefixStemEnds(prefixes, depth) };
    if (shareWalks.size >= SHARE_WALKS_KEPT) shareWalks.clear();
    shareWalks.set(key, walks);
  }
  const { prefixes, stemEnds } = walks;
  const progress = progressPoll(options.onProgress, options.signal);
  // Nodes of the iterations before this one (a share of every iteration reports its running total).
  let before = 0;
  let expandedBefore = 0;
  const poll = (pollBound: number, nodes: number) => Atomics.load(flags, STATE) !== 0 || (progress?.(pollBound, before + nodes) ?? false);
  let taken = 0;
  const takePrefix = () => {
    if (Atomics.load(flags, STATE) !== 0) return null;
    taken = Atomics.add(flags, NEXT_PREFIX, 1);
    return taken < prefixes.length ? prefixes[taken]! : null;
  };
  // The walk of the prefix just taken went past the bound after `stem`
  // moves: so do those of the prefixes after it that share those moves,
  // with the same f. The shared counter moves past them (unless another
  // worker moved it further): early rounds then walk far fewer prefixes.
  const cutOff = (stem: number) => {
    const end = stemEnds[stem - 1]![taken]!;
    for (let at = Atomics.load(flags, NEXT_PREFIX); at < end; ) {
      const seen = Atomics.compareExchange(flags, NEXT_PREFIX, at, end);
      if (seen === at) break;
      at = seen;
    }
  };
  const aborted = () => new DOMException('slidingShare() was aborted', 'AbortError');
  try {
    return shareIterations();
  } catch (error) {
    // The others stop too (and those waiting wake), rather than wait for this one.
    if (workers !== undefined) {
      Atomics.compareExchange(flags, STATE, 0, GIVE_UP);
      Atomics.notify(flags, ITERATION);
    }
    throw error;
  }

  function shareIterations(): SlidingShareResult {
    for (;;) {
      const answer = core.idaStar.subtrees(start, goal, { heuristic, partition, pruning, poll }, bound, takePrefix, cutOff);
      const nodes = before + answer.nodes;
      const expanded = expandedBefore + (answer.expanded ?? 0);
      if (answer.moves) Atomics.store(flags, STATE, FOUND_PATH);
      else if (answer.stopped && Atomics.load(flags, STATE) === 0) throw aborted();
      const result: SlidingShareResult = {
        bound,
        path: answer.moves ? Array.from(answer.moves, (move) => letters[move]).join('') : null,
        nextBound: answer.nextBound,
        nodes,
        expanded,
        heuristic,
      };
      if (partition) result.partition = partition.name;
      if (workers === undefined) return result;
      // The end of an iteration for this worker: its least pruned f joins the others', and it waits for them.
      for (let least = Atomics.load(flags, LEAST_NEXT); answer.nextBound < least || least === 0; least = Atomics.load(flags, LEAST_NEXT)) {
        if (Atomics.compareExchange(flags, LEAST_NEXT, least, answer.nextBound) === least) break;
      }
      const iteration = Atomics.load(flags, ITERATION);
      if (Atomics.add(flags, ARRIVED, 1) + 1 === workers) {
        // The last one in: how the iteration ended (a path found, or the
        // next bound), a fresh counter, and the others woken. Each reads
        // the ending here, not STATE, which a worker quick into the next
        // iteration could set before a slow one has left this one.
        const next = Atomics.load(flags, STATE) === FOUND_PATH ? ENDED_FOUND : Atomics.load(flags, LEAST_NEXT);
        Atomics.store(flags, NEXT_BOUND, next);
        Atomics.store(flags, NEXT_PREFIX, 0);
        Atomics.store(flags, LEAST_NEXT, 0);
        Atomics.store(flags, ARRIVED, 0);
        Atomics.add(flags, ITERATION, 1);
        Atomics.notify(flags, ITERATION);
        // Progress as a plain search gives it, before each iteration (the caller adds up the workers' nodes).
        if (next !== ENDED_FOUND && next < NO_NEXT_BOUND) options.onIteration?.(next, nodes);
      } else {
        while (Atomics.load(flags, ITERATION) === iteration && Atomics.load(flags, STATE) !== GIVE_UP) {
          Atomics.wait(flags, ITERATION, iteration, WAIT_SLICE_MS);
          if (progress?.(bound, nodes)) throw aborted();
        }
      }
      if (Atomics.load(flags, STATE) === GIVE_UP) throw aborted();
      const next = Atomics.load(flags, NEXT_BOUND);
      if (next === ENDED_FOUND) return result;
      if (next >= NO_NEXT_BOUND) return { ...result, nextBound: next };
      before = nodes;
      expandedBefore = expanded;
      bound = next;
    }
  }
}
