/**
 * Which pattern database a sliding search would use, and how to come by it:
 * one policy for the CLI, the pool and the web page (issue 20 §6), which each
 * kept their own "tables ready for this size and goal" before.
 *
 * A search uses tables when it is IDA* on the default heuristic (or 'pdb'),
 * on a board of a size in TABLE_SIZES, toward the goal with the blank first
 * or last, and the board can reach that goal. Tables of the sizes in
 * LINEAR_CONFLICT_FIRST cost minutes and gigabytes to build: a search on
 * linear conflict within that many nodes (about a second in wasm) settles many
 * boards (a 40-move scramble, say) without them, so a caller tries it first
 * on the default heuristic, and only a board it does not settle starts the
 * build. 4x4 tables take seconds: no try.
 */
import type { Heuristic } from '../engine/contract.js';
import { DEFAULT_PARTITIONS } from './partitions.js';

/**
 * Board sizes whose searches use pattern databases by default: every size
 * with a default partition but 3x3, whose searches take less time than its
 * tables take to load.
 */
export const TABLE_SIZES: readonly string[] = Object.keys(DEFAULT_PARTITIONS).filter((size) => {
  // Read here, not by tables.ts's parseSize: tables.ts reads this file's prices (through ./trial.ts).
  const [width = 0, height = 0] = size.split('x').map(Number);
  return width * height > 9;
});

/** Sizes whose tables take minutes to build, with the nodes a search on linear conflict gets first. */
export const LINEAR_CONFLICT_FIRST: Readonly<Record<string, number>> = { '5x5': 30_000_000 };

/** The tables a search would use. */
export interface TablesPlan {
  /** The board size, as prepareTables takes it ('4x4', '5x5'). */
  size: string;
  /** The goal the tables are for. */
  goal: 'blank-first' | 'blank-last';
  /**
   * Set where the tables take minutes to build and the search is on the
   * default heuristic (and its own maxNodes, if any, allows more): search on
   * linear conflict within this many nodes first; the tables are needed only
   * if that does not settle the board.
   */
  linearConflictFirst?: number;
  /** The partition the search names (its `partition` option); absent, prepareTables' default. */
  partition?: string;
}

/** What of a search's options the plan depends on. */
export interface TablesPlanOptions {
  /** 'idastar' (default) or an exhaustive search (which uses no tables). */
  algorithm?: string;
  heuristic?: Heuristic;
  maxNodes?: number;
  /** A partition named by the search: tables on any size that has partitions (3x3 too), and no linear-conflict try first. */
  partition?: string;
}

/**
 * The plan for a search from a board of `width` x `height` toward a goal
 * whose blank is at `goalBlank`, when `solvable`; null when the search uses
 * no tables.
 */
export function tablesPlanOf(width: number, height: number, goalBlank: number, solvable: boolean, options: TablesPlanOptions = {}): TablesPlan | null {
  if ((options.algorithm ?? 'idastar') !== 'idastar') return null;
  if (options.heuristic !== undefined && options.heuristic !== 'pdb') return null;
  const size = `${width}x${height}`;
  const { partition } = options;
  const sized = partition === undefined ? TABLE_SIZES.includes(size) : size in DEFAULT_PARTITIONS;
  if (!sized || !solvable) return null;
  const goal = goalBlank === 0 ? 'blank-first' : goalBlank === width * height - 1 ? 'blank-last' : null;
  // Any other goal has no tables, and its search runs on linear conflict.
  if (goal === null) return null;
  const nodes = LINEAR_CONFLICT_FIRST[size];
  if (partition !== undefined) return { size, goal, partition };
  const tryFirst = nodes !== undefined && options.heuristic === undefined && (options.maxNodes ?? Infinity) > nodes;
  return tryFirst ? { size, goal, linearConflictFirst: nodes } : { size, goal };
}

/**
 * The kinds above a size's default that a search takes when the cache holds
 * all their tables for its goal, strongest first (issue 38 §2). Nothing is
 * ever built for this: a kind is there only because someone built it
 * (`puzzlesearch tables build --strongest` builds the first of its size).
 * The rule: by fewest nodes on the measured boards (bench/RESULTS.md), and
 * only kinds that beat the default in time on the hardest measured board.
 * - 4x4: 7-8 (Korf's 100 in 3.0M nodes and 0.28 s against 27.3M and 1.11
 *   s), then 6-6-3-zero-aware (18.7M nodes; but 1.48 s against 1.19 s: it
 *   wins only where nodes are many).
 * - 5x5: 6-6-6-6x7-zero-aware (KF #1 in 69.6M nodes and 22.7 s against 986M
 *   and 49.8 s), 6-6-6-6x3-zero-aware (158.1M, 29.0 s), 6-6-6-6x7 (187.8M,
 *   33.5 s), 6-6-6-6-zero-aware (380.9M, 28.2 s). Not 6-6-6-6x3, slower
 *   than the default on every board measured. On easy boards (KF #38, #40)
 *   every one of them is slower than the default (a node costs 1.6-9x), and
 *   the catalogues take seconds to load: the CLI tries linear conflict first
 *   on 5x5 (LINEAR_CONFLICT_FIRST), so the tables serve the boards that
 *   survive it. Measured on Korf and Felner's 12 as a whole (bench/RESULTS.md,
 *   "Korf and Felner's 12 on the zero-aware catalogue"): x7-zero-aware takes
 *   5.2x fewer nodes but a node costs about 7x, so it pays on #44 and #1
 *   only, and over the 12 it takes about 1.4x the default's time. Which
 *   boards those are shows in the two searches' first iterations (the node
 *   ratio at a bound holds from there on). So a cached stronger kind is
 *   readied beside the default when the default's tables are cached too, and
 *   a per-board trial (./trial.ts) chooses between them by nodes, with the
 *   prices of PARTITION_NODE_COST.
 * - 3x3: none (its searches use no tables by default).
 */
export const STRONGER_PARTITIONS: Readonly<Record<string, readonly string[]>> = {
  '4x4': ['7-8', '6-6-3-zero-aware'],
  '5x5': ['6-6-6-6x7-zero-aware', '6-6-6-6x3-zero-aware', '6-6-6-6x7', '6-6-6-6-zero-aware'],
};

/** The strongest of STRONGER_PARTITIONS[size] among `cached` (the partitions whose every table the cache holds for the goal); undefined: keep the default. */
export function strongestPartition(size: string, cached: readonly string[]): string | undefined {
  return STRONGER_PARTITIONS[size]?.find((name) => cached.includes(name));
}

/**
 * What a node of each kind costs, in nodes of its size's default (1), where
 * measured: the price the per-board trial (./trial.ts) weighs two ready
 * kinds' nodes by. Nodes a second, wasm, one thread, fsm pruning, the same
 * machine and run for both sides (bench/RESULTS.md):
 * - 4x4 6-6-3-zero-aware: 1.6 (13.16M/s against 20.66M/s on Korf's 100,
 *   "pdbChildEstimate's pruned returns", load 1.9-3.0). Not 7-8, whose node
 *   costs about 2.3 (Korf's 100 in 3.0M nodes and 0.28 s against 27.3M and
 *   1.12 s, "Korf's 100 in-process on one thread"): it takes 2.2x to 35x
 *   fewer nodes than 6-6-3 on every one of Korf's 100 (8.8x in all), so
 *   it pays on all but one, and never loses much. Weighed, it lost: the
 *   trial's first million 6-6-3 nodes settle most 4x4 boards, so 94 of
 *   the 100 stayed on 6-6-3, and the CLI took 1.53 s against 0.69 s on
 *   7-8 alone (--jobs 1, 2026-11-28). Without a price it is taken for
 *   every board, as before the trial.
 * - 5x5 6-6-6-6x7-zero-aware: 7 (3.05M/s against 22M/s over Korf and
 *   Felner's 12, 6.8-7.9 on #38; "Korf and Felner's 12 on the zero-aware
 *   catalogue"); 6-6-6-6x3-zero-aware 3.6, 6-6-6-6x7 3.5 and
 *   6-6-6-6-zero-aware 1.5 (KF #1's nodes and times above, against the
 *   default's 986M in 49.8 s).
 * A kind left out has no measured price: the trial never weighs it.
 */
export const PARTITION_NODE_COST: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  '4x4': { '6-6-3-zero-aware': 1.6 },
  '5x5': { '6-6-6-6x7-zero-aware': 7, '6-6-6-6x3-zero-aware': 3.6, '6-6-6-6x7': 3.5, '6-6-6-6-zero-aware': 1.5 },
};

/**
 * The kind readied beside `strongest` (a kind of STRONGER_PARTITIONS the
 * cache holds) for the per-board trial: the size's default, when `cached`
 * holds it too and `strongest` has a price to weigh (PARTITION_NODE_COST);
 * undefined when `strongest` serves every board alone.
 */
export function trialPartner(size: string, strongest: string, cached: readonly string[]): string | undefined {
  const fallback = DEFAULT_PARTITIONS[size];
  return fallback !== undefined && fallback !== strongest && cached.includes(fallback) && PARTITION_NODE_COST[size]?.[strongest] !== undefined
    ? fallback
    : undefined;
}

/** The price of a node of kind `name` on `size` in the default's nodes (PARTITION_NODE_COST; the default's is 1), or undefined where not measured. */
export function partitionNodeCost(size: string, name: string): number | undefined {
  return DEFAULT_PARTITIONS[size] === name ? 1 : PARTITION_NODE_COST[size]?.[name];
}
