/**
 * The public API's types: a solver's options and calls (the Solver
 * interface), the results and their variants, the moves, sliding options and
 * progress, and solveMany's families and board errors. No code beyond the
 * lists the types derive from; the calls are solverCalls.ts and solveMany.ts,
 * the facade solver.ts.
 */
import { EXHAUSTIVE_ALGORITHMS, type EngineName, type Heuristic, type MovePruningName } from '../engine/contract.js';
import type { GoalName, GridInput, SlidingInput } from './boards.js';
import type { WasmSource } from '../engine/wasm/loader.js';
import type { HostAbortSignal } from '../engine/hostTypes.js';
import type { LightsOutInput, LightsOutOptions, LightsOutResult } from './lightsOut.js';
import type { PrepareTablesOptions, ReleaseTablesOptions, TablesOptions } from '../pdb/tables.js';
import type { TablesPlan } from '../pdb/plan.js';
import type { TrialStats } from '../pdb/trial.js';
import type { FlipHint, FourLineHint, LightsOutHint, SlidingHint } from './hint.js';
import type { Census, CensusOptions } from './census.js';

export type { TrialStats };

export interface SolverOptions {
  /** 'wasm' (default) or 'ts', the pure-TypeScript twin. */
  engine?: EngineName;
  /** Where to load the module from, for bundlers that move it; defaults to the file beside the package. */
  wasm?: WasmSource;
  /** PDB tables: cache directory (false: memory only) and partition for the sizes that have it ('7-8' on 4x4; each size's default elsewhere). */
  tables?: TablesOptions;
}

export interface Stats {
  /** Search nodes (states expanded, or children generated for IDA*). */
  nodes: number;
  /**
   * Sliding IDA* only: nodes expanded, those whose children were generated (f
   * within the bound, not the goal), the count Korf and Felner's and later
   * papers publish (about 2.2 of `nodes` to one on the 24-puzzle). A pool's
   * parallel search counts its subtrees' nodes, as for `nodes`: the walks
   * above the subtrees' roots are not counted.
   */
  expanded?: number;
  /** Wall time of the call in milliseconds. */
  ms: number;
  /** Sliding tiles: the heuristic the search used ('none' for BFS), and the PDB's partition (the one a trial chose, with `trial`). */
  heuristic?: Heuristic | 'none';
  partition?: string;
  /**
   * Sliding IDA* whose partition a per-board trial chose (see
   * SlidingOptions.partition): the trial's nodes (counted in `nodes` and
   * `expanded` too), the partition chosen and the one passed over, and the
   * bound the two were compared at.
   */
  trial?: TrialStats;
  /** A pool's parallel IDA*: how many workers shared the search. */
  workers?: number;
}

/**
 * Every result is one of three variants, told apart by `status` (or, equally,
 * by `solvable` and `length`): solved, unsolvable, or stopped before an answer.
 */
export type Status = 'solved' | 'unsolvable' | 'stopped';

/** A shortest solution. */
export interface Solved<M> {
  status: 'solved';
  solvable: true;
  length: number;
  moves: M[];
  stats: Stats;
  /** Something unusual about the input that did not stop it being solved. */
  warning?: string;
}

/** No solution exists. */
export interface Unsolvable {
  status: 'unsolvable';
  solvable: false;
  length: null;
  moves: [];
  /** Why there is no solution, in one sentence. */
  reason: string;
  stats: Stats;
  warning?: string;
}

/** A sliding search stopped by `maxNodes`: a solution exists (the board passed the parity test) but was not found. */
export interface Stopped {
  status: 'stopped';
  solvable: true;
  length: null;
  moves: [];
  /** `stopped: no solution found within N nodes`. */
  reason: string;
  /**
   * IDA*: the f-bound of the iteration the node limit cut short. No path is
   * shorter (every smaller bound was searched through), and a search resumed
   * at this bound skips the iterations before it (as the pool's parallel
   * search does after its lone try).
   */
  bound?: number;
  stats: Stats;
}

export type NotSolved = Unsolvable | Stopped;

/** Any result; `flip`, `pilots` and `fourLine` never stop, so theirs is `Solved<M> | Unsolvable`. */
export type Result<M> = Solved<M> | NotSolved;

/** A cell, 1-based as the judges print it. */
export interface Cell {
  row: number;
  col: number;
}

export interface FourLineMove {
  colour: 'B' | 'W';
  from: Cell;
  to: Cell;
}

export type SlidingMove = 'u' | 'd' | 'l' | 'r';
/** Every sliding algorithm; the type derives from this list. */
export const SLIDING_ALGORITHMS = [...EXHAUSTIVE_ALGORITHMS, 'idastar'] as const;
export type SlidingAlgorithm = (typeof SLIDING_ALGORITHMS)[number];

export interface SlidingOptions {
  /** 'blank-last' (default: 1 2 ... x), 'blank-first' (0 1 2 ...), or any board of the same size. */
  goal?: GoalName | SlidingInput;
  /** 'idastar' (default, any size) or, for boards of at most 10 cells, 'bfs', 'bibfs', 'astar'. */
  algorithm?: SlidingAlgorithm;
  /** IDA* heuristic: default the PDB once prepareTables made its tables ready, else 'manhattan' up to 3x3, 'linear-conflict' above. */
  heuristic?: Heuristic;
  /**
   * IDA* only: the pattern database to search with, by name (`partitionNames(width,
   * height)` lists a size's: '4-4' on 3x3, '6-6-3' or '7-8' on 4x4,
   * '6-6-6-6x7-zero-aware' on 5x5, ...). It implies heuristic 'pdb'; its tables
   * are used if ready, else built in memory. Left out, a PDB search uses the
   * solver's partition when its tables are ready, else the partition whose
   * tables prepareTables made ready last for the board's size and goal. But
   * when the solver has no partition of its own (tables.partition) and holds
   * ready tables of two partitions of the board's size and goal whose node
   * prices were measured to differ (src/pdb/plan.ts PARTITION_NODE_COST:
   * 6-6-6-6 and 6-6-6-6x7-zero-aware on 5x5, 6-6-3 and 6-6-3-zero-aware on
   * 4x4; 7-8 has none, and pays on every board), a per-board trial chooses
   * (src/pdb/trial.ts):
   * the cheap kind searches up to 1M nodes (its answer if that settles the
   * board), then the dear kind gets the cheap one's nodes up to its last
   * completed bound, divided by its price; if it completes that bound within
   * them it searches the board, else the cheap kind does (from the start, or
   * in a pool from where the trial's search was cut). `stats.partition`
   * names the kind chosen, `stats.trial` the trial. Hints make no trial
   * (they search as without it); a pool's `sliding` makes it in its lone
   * try, and `solveParallel` in a lone try of its own, just long enough.
   */
  partition?: string;
  /** IDA* only: give up (solvable, length null) after this many nodes; a positive integer, or undefined for no limit. */
  maxNodes?: number;
  /**
   * IDA* only: 'fsm' (default) prunes every move string that an earlier one
   * of no more moves repeats, by a finite-state machine built once per board
   * size; 'parent' prunes only the move that undoes the last one (the node
   * counts of the published figures). The answer's length is the same.
   */
  pruning?: MovePruningName;
  /**
   * IDA* only: called before each iteration with its f-bound, the nodes
   * generated so far and the nodes expanded so far (children generated for
   * them; undefined in a parallel search, whose workers count apart).
   */
  onIteration?: (bound: number, nodes: number, expanded?: number) => void;
  /** IDA* only: called inside iterations too, about every 100 ms, with the bound being searched, nodes so far and ms since the start. */
  onProgress?: (progress: Progress) => void;
  /** IDA* only: aborting it stops the search within a few thousand nodes; sliding() then throws a DOMException named AbortError. */
  signal?: HostAbortSignal;
}

/**
 * tablesPlan's options: sliding's, so that the object a search is given can
 * be asked about first; it reads goal, algorithm, heuristic, partition and
 * maxNodes, and checks every key as sliding does.
 */
export type TablesPlanQuery = SlidingOptions;

/** The options of the one-shot calls (solveFlip, solveSliding, ...): the engine of the shared default solver. */
export interface OneShotOptions {
  /** 'wasm' (default) or 'ts'. */
  engine?: EngineName;
}

/** What a search's `onProgress` receives (one solver's or a pool's): the IDA* f-bound being searched, nodes so far, and milliseconds since the call started. */
export interface Progress {
  bound: number;
  nodes: number;
  ms: number;
}

/** The name this type had on one solver before the pool's `Progress` and it became one type. */
export type SlidingProgress = Progress;

/** Sliding options for a pool call: plain data only (functions and signals cannot cross to a worker; use the call's `onProgress` and `signal`). */
export type PoolSlidingOptions = Omit<SlidingOptions, 'onIteration' | 'onProgress' | 'signal'>;

/** The size of a sliding board, for goals given by name. */
export interface BoardSize {
  width: number;
  height: number;
}

export interface SlidingResult extends Solved<SlidingMove> {
  /** The moves as one string, as the 8-puzzle judge prints it. */
  path: string;
}

export interface Solver {
  readonly engine: EngineName;
  /** Flip Game (POJ 1753): fewest presses making the board all white or all black. */
  flip(board: GridInput): Solved<Cell> | Unsolvable;
  /** The Pilots Brothers' refrigerator (POJ 2965): fewest presses opening every handle. */
  pilots(board: GridInput): Solved<Cell> | Unsolvable;
  /** Four in a line (Wikioi 1004): fewest alternating moves making a line of four. */
  fourLine(board: GridInput): Solved<FourLineMove> | Unsolvable;
  /** Sliding tiles, 2x2 to 5x5 (the 8-, 15- and 24-puzzles). */
  sliding(board: SlidingInput, options?: SlidingOptions): SlidingResult | Unsolvable | Stopped;
  /**
   * Boards at each distance from `goal` (full BFS; boards of at most 10 cells).
   * A goal name needs the size: `slidingDistances('blank-first', { width: 3, height: 3 })`.
   */
  slidingDistances(goal: GoalName | SlidingInput, size?: BoardSize): number[];
  /** Whether `board` can reach `goal` (parity; no search). */
  slidingSolvable(board: SlidingInput, goal?: GoalName | SlidingInput): boolean;
  /**
   * The pattern database sliding(board, options) would search with (its size
   * and goal, for prepareTables), and whether to try linear conflict first
   * (where the tables take minutes to build); null when it uses none. No
   * search; throws PuzzleInputError for a bad board or goal.
   */
  tablesPlan(board: SlidingInput, options?: TablesPlanQuery): TablesPlan | null;
  /**
   * For every legal move of the blank, the optimal distance after it (d - 1
   * keeps the position optimal, d + 1 does not): one solve, then one IDA*
   * iteration below each other move. Takes sliding's goal, heuristic,
   * partition, maxNodes (for the whole hint, to the node), signal and
   * onProgress; a move not settled within maxNodes has distance null.
   */
  hint(board: SlidingInput, options?: SlidingOptions): SlidingHint;
  /** For every cell of a Flip Game board, the fewest presses after pressing it (see hint). */
  flipHint(board: GridInput): FlipHint;
  /** For every handle of a Pilots board, the fewest presses after pressing it (see hint). */
  pilotsHint(board: GridInput): FlipHint;
  /**
   * Every legal move of a four-in-a-line board and the fewest moves after it.
   * `toMove` is the side whose turn it is ('B' or 'W'); without it either
   * side may move first, as in the judge's rule.
   */
  fourLineHint(board: GridInput, options?: FourLineHintOptions): FourLineHint;
  /**
   * For every cell of a Lights Out board, the fewest presses after pressing it
   * once, and which cells belong to a fewest press set: rows * cols + 1
   * solves, so meant for boards a player plays (up to a few thousand cells).
   */
  lightsOutHint(board: LightsOutInput, options?: LightsOutOptions): LightsOutHint;
  /**
   * The census of a board of up to 12 cells ('3x4' or { width, height }): the
   * states at each distance from the goal, the largest distance and one state
   * that far, by a breadth-first search in rounds (progress, signal).
   */
  census(size: string | { width: number; height: number }, options?: CensusOptions): Promise<Census>;
  /** Lights Out on any m x n board: fewest presses to the target(s), by linear algebra over GF(k). */
  lightsOut(board: LightsOutInput, options?: LightsOutOptions): LightsOutResult;
  /**
   * One family on many boards, in input order, each result shaped as the single
   * call's; a bad board gets `{ status: 'error', reason }` (its PuzzleInputError
   * message) and the others are solved. flip, pilots, fourLine and the
   * sliding searches (IDA* and the exhaustive ones) go to the engine in one call
   * a batch; lightsOut calls the single solver per board. See docs/api.md.
   */
  solveMany<F extends ManyFamily>(
    family: F,
    boards: readonly ManyFamilies[F]['board'][],
    options?: ManyFamilies[F]['options'],
  ): Array<ManyFamilies[F]['result'] | BoardError>;
  /** Makes the PDB tables of a board size ready (cache or build); sliding() then uses them by default. */
  prepareTables(size: string | { width: number; height: number }, options?: PrepareTablesOptions): Promise<void>;
  /**
   * Gives back the PDB tables of a size and goal (default the blank last), of
   * `partition` only when named, else of every partition held for them; the
   * next tables reuse their memory. Waits for the prepareTables calls before
   * it; a later search without those tables uses another heuristic, or builds
   * them in memory when it names them ('pdb', `partition`). Resolves with the
   * bytes given back.
   */
  releaseTables(size: string | { width: number; height: number }, options?: ReleaseTablesOptions): Promise<number>;
}

export interface ManyFamilies {
  flip: { board: GridInput; options: undefined; result: Solved<Cell> | Unsolvable };
  pilots: { board: GridInput; options: undefined; result: Solved<Cell> | Unsolvable };
  fourLine: { board: GridInput; options: undefined; result: Solved<FourLineMove> | Unsolvable };
  sliding: { board: SlidingInput; options: Omit<SlidingOptions, 'onIteration'>; result: SlidingResult | Unsolvable | Stopped };
  lightsOut: { board: LightsOutInput; options: LightsOutOptions; result: LightsOutResult };
}
export type ManyFamily = keyof ManyFamilies;
export const MANY_FAMILIES = ['flip', 'pilots', 'fourLine', 'sliding', 'lightsOut'] as const satisfies readonly ManyFamily[];

/** A board of a `solveMany` batch that could not be read: its PuzzleInputError message. */
export interface BoardError {
  status: 'error';
  reason: string;
}

export interface FourLineHintOptions {
  /** Whose turn it is: 'B' or 'W'; left out, either side may move first. */
  toMove?: 'B' | 'W';
}
