/**
 * The public API: parse a board, ask one engine's core, and return the answer
 * in the shape a caller wants (1-based cells, move letters, timings). The same
 * code runs over the wasm engine and the TypeScript twin.
 */
import type { HostAbortSignal } from '../engine/hostTypes.js';
import { checkOptions, checkPartitionName, checkPrepareTables, checkTablesOptions, optionKeys } from './checks.js';
import {
  ENGINES,
  EXHAUSTIVE_ALGORITHMS,
  HEURISTICS,
  MAX_RANKED_CELLS,
  MOVE_LETTERS,
  type Core,
  type EngineName,
  type FlipKind,
  type FourLineAnswer,
  type Heuristic,
  type MovePruningName,
  type SlidingAnswer,
  type SlidingBoard,
  MOVE_PRUNINGS,
} from '../engine/contract.js';
import {
  PuzzleInputError,
  checkChoice,
  describeValue,
  parseFlipBoard,
  parseFourLineBoard,
  parseSlidingBoard,
  resolveGoal,
  sizedGoal,
  type GoalName,
  type GridInput,
  type SlidingInput,
} from './boards.js';
import type { WasmSource } from '../engine/wasm/loader.js';
import {
  flipProblem,
  lightsOutImpossible,
  lightsOutProblem,
  solveLightsOut,
  LIGHTS_OUT_OPTION_KEYS,
  type LightsOutInput,
  type LightsOutOptions,
  type LightsOutResult,
} from './lightsOut.js';
import { movePruning } from '../engine/movePruning.js';
import { pdbTables, type PdbTables, type PrepareTablesOptions, type TablesOptions } from '../pdb/tables.js';
import { tablesPlanOf, type TablesPlan } from '../pdb/plan.js';
import { flipHint, fourLineHint, lightsOutHint, slidingHint, type FlipHint, type FourLineHint, type LightsOutHint, type SlidingHint } from './hint.js';
import { runCensus, type Census, type CensusOptions } from './census.js';

export { ENGINES, HEURISTICS, type EngineName };

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
  /** Sliding tiles: the heuristic the search used ('none' for BFS), and the PDB's partition. */
  heuristic?: Heuristic | 'none';
  partition?: string;
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
   * tables prepareTables made ready last for the board's size and goal.
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
  onProgress?: (progress: SlidingProgress) => void;
  /** IDA* only: aborting it stops the search within a few thousand nodes; sliding() then throws a DOMException named AbortError. */
  signal?: HostAbortSignal;
}

/**
 * tablesPlan's options: sliding's, so that the object a search is given can
 * be asked about first; it reads goal, algorithm, heuristic, partition and
 * maxNodes, and checks every key as sliding does.
 */
export type TablesPlanQuery = SlidingOptions;

/** The option names each call knows; any other is a PuzzleInputError with the nearest of these (checks.ts). */
const SLIDING_OPTION_KEYS = optionKeys<SlidingOptions>({
  goal: true,
  algorithm: true,
  heuristic: true,
  partition: true,
  maxNodes: true,
  pruning: true,
  onIteration: true,
  onProgress: true,
  signal: true,
});
const SOLVER_OPTION_KEYS = optionKeys<SolverOptions>({ engine: true, wasm: true, tables: true });
const ONE_SHOT_OPTION_KEYS = optionKeys<OneShotOptions>({ engine: true });

/** What `onProgress` receives. */
export interface SlidingProgress {
  bound: number;
  nodes: number;
  ms: number;
}

/** How often (ms) `onProgress` fires inside an iteration. */
const PROGRESS_EVERY_MS = 100;

/** The IDA* poll for `onProgress` and `signal`; undefined when neither is given. */
export function progressPoll(
  onProgress: SlidingOptions['onProgress'],
  signal: HostAbortSignal | undefined,
): ((bound: number, nodes: number) => boolean) | undefined {
  if (!onProgress && !signal) return undefined;
  const started = performance.now();
  let last = started;
  return (bound, nodes) => {
    if (signal?.aborted) return true;
    if (onProgress) {
      const now = performance.now();
      if (now - last >= PROGRESS_EVERY_MS) {
        last = now;
        onProgress({ bound, nodes, ms: now - started });
      }
    }
    return false;
  };
}

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

const letters = MOVE_LETTERS.split('') as SlidingMove[];

function cellOf(index: number): Cell {
  return { row: (index >> 2) + 1, col: (index & 3) + 1 };
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

function unsolvable(reason: string, nodes: number, ms: number, warning?: string): Unsolvable {
  const result: Unsolvable = { status: 'unsolvable', solvable: false, length: null, moves: [], reason, stats: { nodes, ms } };
  if (warning) result.warning = warning;
  return result;
}

function parityReason(board: SlidingBoard): string {
  const evenWidth = board.width % 2 === 0;
  return evenWidth
    ? "unsolvable: the parity of the tile permutation plus the blank row differs from the goal's, and every move preserves it"
    : "unsolvable: the parity of the tile permutation differs from the goal's, and every move preserves it";
}

/** A call made on a solver while another call on the same engine core is still running. */
export class SolverBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolverBusyError';
  }
}

/**
 * The call running on each core, if any. A core's scratch memory and search state
 * serve one call at a time, so a call made from inside another (from `onIteration`)
 * would corrupt the outer search; it is refused instead. Keyed by core, not by
 * solver, because `defaultSolver` wraps one shared core in a fresh solver per call.
 */
const runningCall = new WeakMap<Core, string>();

/** Runs `work` as the one call on `core`; throws SolverBusyError if a call is already running there. */
export function exclusive<T>(core: Core, call: string, work: () => T): T {
  const running = runningCall.get(core);
  if (running !== undefined) {
    throw new SolverBusyError(
      `solver is busy: ${call}() was called while ${running}() is still running on this ${core.engine} solver (from its onIteration?); use another solver (createSolver) for nested work`,
    );
  }
  runningCall.set(core, call);
  try {
    return work();
  } finally {
    runningCall.delete(core);
  }
}

/** Builds the public API over one engine's core. */
/** What the solver's calls work on: one engine core and its pattern-database tables. */
interface SolverState {
  core: Core;
  tables: PdbTables;
}

/** Why a Flip or Pilots board has no answer. */
function flipImpossible(kind: FlipKind): string {
  return `Impossible: no set of presses ${kind === 'flip' ? 'turns the board all white or all black' : 'opens every handle'}`;
}

function flipFamily({ core }: SolverState, kind: FlipKind, input: GridInput): Solved<Cell> | Unsolvable {
  // Answered by the Lights Out solver (the BFS table of core.flip stays as a test
  // oracle and benchmark); nodes are then the press sets weighed in its coset search.
  const problem = flipProblem(kind, parseFlipBoard(kind, input));
  const { value, ms } = timed(() => core.lightsOut.solve(problem));
  if (value.presses === null) return unsolvable(flipImpossible(kind), value.nodes, ms);
  const cells: number[] = [];
  value.presses.forEach((count, cell) => count !== 0 && cells.push(cell));
  return { status: 'solved', solvable: true, length: cells.length, moves: cells.map(cellOf), stats: { nodes: value.nodes, ms } };
}

/** Everything a sliding search needs, checked; throws PuzzleInputError. */
/**
 * The search options that sliding() and tablesPlan() both read, checked
 * alike: the algorithm (and the board sizes it takes), the heuristic's name,
 * maxNodes and the partition (a name of the board's size, for IDA* on the
 * PDB); `call` is the public call the errors name.
 */
function checkedSearch(start: SlidingBoard, options: TablesPlanQuery, call: string) {
  const algorithm = checkChoice('algorithm', options.algorithm ?? 'idastar', SLIDING_ALGORITHMS);
  if (algorithm !== 'idastar' && start.width * start.height > MAX_RANKED_CELLS) {
    throw new PuzzleInputError(
      `algorithm '${algorithm}' handles boards of at most ${MAX_RANKED_CELLS} cells; a ${start.width}x${start.height} board needs 'idastar'`,
    );
  }
  const heuristic = options.heuristic === undefined ? undefined : checkChoice('heuristic', options.heuristic, HEURISTICS);
  const { maxNodes } = options;
  // null, NaN, strings and fractions once slipped through (and meant different things per engine).
  if (maxNodes !== undefined && !(Number.isSafeInteger(maxNodes) && maxNodes > 0)) {
    throw new PuzzleInputError(`maxNodes must be a positive integer (or left out for no limit), not ${describeValue(maxNodes)}`);
  }
  const partition = options.partition === undefined ? undefined : checkPartitionName(call, options.partition, start.width, start.height);
  if (partition !== undefined && algorithm !== 'idastar') throw new PuzzleInputError(`${call}(): a partition is for IDA*, not algorithm '${algorithm}'`);
  if (partition !== undefined && heuristic !== undefined && heuristic !== 'pdb') {
    throw new PuzzleInputError(`${call}(): partition '${partition}' goes with heuristic 'pdb' (or none), not '${heuristic}'`);
  }
  return { algorithm, heuristic, maxNodes, partition };
}

/** `call`: the public call made (sliding, hint, solveMany), which the errors name. */
function slidingPlan({ tables }: SolverState, input: SlidingInput, given: SlidingOptions | undefined, call: string) {
  const options = checkOptions<SlidingOptions>(call, given, SLIDING_OPTION_KEYS);
  const start = parseSlidingBoard(input);
  const goal = resolveGoal(options.goal, start);
  const { algorithm, maxNodes, partition: named } = checkedSearch(start, options, call);
  const { onIteration, onProgress, signal } = options;
  if (onIteration !== undefined && typeof onIteration !== 'function') {
    throw new PuzzleInputError(`onIteration must be a function, not ${describeValue(onIteration)}`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new PuzzleInputError(`onProgress must be a function, not ${describeValue(onProgress)}`);
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean')) {
    throw new PuzzleInputError(`signal must be an AbortSignal, not ${describeValue(signal)}`);
  }
  if (signal?.aborted) throw new DOMException(`${call}() was aborted`, 'AbortError');
  let choice: ReturnType<PdbTables['choose']>;
  try {
    choice = tables.choose(start, goal, options.heuristic, algorithm === 'idastar', named);
  } catch (error) {
    throw new PuzzleInputError((error as Error).message);
  }
  const { heuristic, partition } = choice;
  const pruning = checkChoice('pruning', options.pruning ?? 'fsm', MOVE_PRUNINGS);
  // The machine of the size, built (once a process) before the search's clock and progress start.
  if (algorithm === 'idastar') movePruning(start.width, start.height, pruning);
  return { start, goal, algorithm, heuristic, partition, pruning, maxNodes, onIteration, onProgress, signal };
}

function sliding(state: SolverState, input: SlidingInput, options: SlidingOptions | undefined): SlidingResult | Unsolvable | Stopped {
  return solvePlan(state, slidingPlan(state, input, options, 'sliding'));
}

/** A checked sliding search: board, goal, algorithm, heuristic, limits. */
type SlidingPlan = ReturnType<typeof slidingPlan>;

/** One sliding search, alone. */
function solvePlan({ core }: SolverState, plan: SlidingPlan): SlidingResult | Unsolvable | Stopped {
  const { start, goal, algorithm, heuristic, partition, pruning, maxNodes, onIteration, onProgress, signal } = plan;
  const { value, ms } = timed(() => {
    if (!core.sliding.solvable(start, goal)) return null;
    return algorithm === 'idastar'
      ? core.idaStar.solve(start, goal, { heuristic, partition, pruning, maxNodes, onIteration, poll: progressPoll(onProgress, signal) })
      : core.sliding.solveExhaustive(start, goal, algorithm);
  });
  return slidingResult(plan, value, ms);
}

/** The public result of a sliding search's answer (null: unsolvable by parity). */
function slidingResult(plan: SlidingPlan, value: SlidingAnswer | null, ms: number): SlidingResult | Unsolvable | Stopped {
  const { start, algorithm, heuristic, partition, maxNodes } = plan;
  const used = algorithm === 'idastar' ? heuristic : algorithm === 'astar' ? 'manhattan' : 'none';
  const labelled = <R extends { stats: Stats }>(result: R): R => {
    result.stats.heuristic = used;
    if (used === 'pdb') result.stats.partition = partition!.name;
    return result;
  };
  if (value === null) return labelled(unsolvable(parityReason(start), 0, ms));
  const counted = (nodes: number): Stats => (value.expanded === undefined ? { nodes, ms } : { nodes, expanded: value.expanded, ms });
  if (value.stopped) throw new DOMException(`sliding() was aborted after ${value.nodes} nodes`, 'AbortError');
  if (value.moves === null) {
    const reason = `stopped: no solution found within ${maxNodes} nodes`;
    const stopped: Stopped = { status: 'stopped', solvable: true, length: null, moves: [], reason, stats: counted(value.nodes) };
    if (value.bound !== undefined) stopped.bound = value.bound;
    return labelled(stopped);
  }
  const moves = Array.from(value.moves, (move) => letters[move]);
  return labelled<SlidingResult>({ status: 'solved', solvable: true, length: moves.length, moves, path: moves.join(''), stats: counted(value.nodes) });
}

function fourLine({ core }: SolverState, input: GridInput): Solved<FourLineMove> | Unsolvable {
  const { cells, warning } = parseFourLineBoard(input);
  const { value, ms } = timed(() => core.fourLine.solve(cells));
  return fourLineResult(cells, warning, value, ms);
}

export interface FourLineHintOptions {
  /** Whose turn it is: 'B' or 'W'; left out, either side may move first. */
  toMove?: 'B' | 'W';
}

const FOUR_LINE_IMPOSSIBLE = 'Impossible: no sequence of alternating moves makes a line of four';

const FOUR_LINE_HINT_OPTION_KEYS = optionKeys<FourLineHintOptions>({ toMove: true });

function fourLineHintOf({ core }: SolverState, input: GridInput, options: FourLineHintOptions | undefined): FourLineHint {
  const { toMove } = checkOptions<FourLineHintOptions>('fourLineHint', options, FOUR_LINE_HINT_OPTION_KEYS);
  if (toMove !== undefined && toMove !== 'B' && toMove !== 'W') throw new PuzzleInputError(`toMove must be 'B' or 'W', not ${describeValue(toMove)}`);
  const { cells, warning } = parseFourLineBoard(input);
  const hint = fourLineHint(core, cells, toMove === 'B' ? 1 : toMove === 'W' ? 2 : 3, FOUR_LINE_IMPOSSIBLE);
  if (warning) hint.warning = warning;
  return hint;
}

function fourLineResult(cells: Uint8Array, warning: string | undefined, value: FourLineAnswer, ms: number): Solved<FourLineMove> | Unsolvable {
  if (value.moves === null) {
    return unsolvable(FOUR_LINE_IMPOSSIBLE, value.nodes, ms, warning);
  }
  const board = Uint8Array.from(cells);
  const moves = value.moves.map(([from, to]): FourLineMove => {
    const colour = board[from] === 1 ? 'B' : 'W';
    board[to] = board[from];
    board[from] = 0;
    return { colour, from: cellOf(from), to: cellOf(to) };
  });
  const result: Solved<FourLineMove> = { status: 'solved', solvable: true, length: moves.length, moves, stats: { nodes: value.nodes, ms } };
  if (warning) result.warning = warning;
  return result;
}

function slidingDistances({ core }: SolverState, input: GoalName | SlidingInput, size?: BoardSize): number[] {
  const goal = sizedGoal(input, size);
  if (goal.width * goal.height > MAX_RANKED_CELLS) {
    throw new PuzzleInputError(`a full BFS handles boards of at most ${MAX_RANKED_CELLS} cells, not ${goal.width}x${goal.height}`);
  }
  return core.sliding.distances(goal);
}

/** The hint of a board (see Solver.hint and ./hint.ts), on IDA* whatever `algorithm` says. */
function hint(state: SolverState, input: SlidingInput, options: SlidingOptions | undefined): SlidingHint {
  // Checked as given (null refused as by sliding), then searched with IDA* whatever `algorithm` says.
  const checked = checkOptions<SlidingOptions>('hint', options, SLIDING_OPTION_KEYS);
  const plan = slidingPlan(state, input, { ...checked, algorithm: 'idastar' }, 'hint');
  const { start, goal, heuristic, partition, maxNodes, onProgress, signal } = plan;
  return slidingHint(state.core, {
    start,
    goal,
    heuristic,
    partition,
    maxNodes,
    poll: progressPoll(onProgress, signal),
    aborted: () => new DOMException('hint() was aborted', 'AbortError'),
    unsolvableReason: () => parityReason(start),
  });
}

function slidingSolvable({ core }: SolverState, input: SlidingInput, goalInput?: GoalName | SlidingInput): boolean {
  const start = parseSlidingBoard(input);
  return core.sliding.solvable(start, resolveGoal(goalInput, start));
}

function tablesPlan({ core }: SolverState, input: SlidingInput, given: TablesPlanQuery | undefined): TablesPlan | null {
  const options = checkOptions<TablesPlanQuery>('tablesPlan', given, SLIDING_OPTION_KEYS);
  const start = parseSlidingBoard(input);
  const goal = resolveGoal(options.goal, start);
  // A misspelt option is an error, as in the search, not a plan for a search that would not run.
  return tablesPlanOf(start.width, start.height, goal.tiles.indexOf(0), core.sliding.solvable(start, goal), checkedSearch(start, options, 'tablesPlan'));
}

/** Each board through `parse`; a PuzzleInputError becomes that board's error result. */
function parseEach<T>(boards: readonly unknown[], parse: (board: unknown) => T): Array<T | BoardError> {
  return boards.map((board) => {
    try {
      return parse(board);
    } catch (error) {
      if (error instanceof PuzzleInputError) return { status: 'error', reason: error.message } as BoardError;
      throw error;
    }
  });
}
const isError = (value: unknown): value is BoardError => (value as BoardError | null)?.status === 'error';

function solveMany(state: SolverState, family: ManyFamily, boards: readonly unknown[], given: unknown): unknown[] {
  const { core } = state;
  checkChoice('solveMany family', family, MANY_FAMILIES);
  if (!Array.isArray(boards)) throw new PuzzleInputError(`solveMany: boards must be an array, not ${describeValue(boards)}`);
  // The family's options (flip, pilots and fourLine take none), checked once for the batch.
  const known = family === 'sliding' ? SLIDING_OPTION_KEYS : family === 'lightsOut' ? LIGHTS_OUT_OPTION_KEYS : [];
  const options = checkOptions('solveMany', given, known);
  if (family === 'flip' || family === 'pilots') {
    // One engine call for the batch: the table walk of core.flip, whose press
    // counts equal the Lights Out solver's on every board (tests/api/batch.slow.test.ts).
    const parsed = parseEach(boards, (board) => parseFlipBoard(family, board as GridInput));
    const good = Uint16Array.from(parsed.filter((board): board is number => !isError(board)));
    const { value, ms } = timed(() => core.flip.solveBatch(family, good));
    const share = good.length > 0 ? ms / good.length : 0;
    let next = 0;
    return parsed.map((board) => {
      if (isError(board)) return board;
      const i = next++;
      const packed = value.answers[i];
      const length = (packed >>> 16) - 1;
      if (length < 0) return unsolvable(flipImpossible(family), 0, share);
      const moves: Cell[] = [];
      for (let cell = 0; cell < 16; cell++) if ((packed >> cell) & 1) moves.push(cellOf(cell));
      return { status: 'solved', solvable: true, length, moves, stats: { nodes: length, ms: share } } satisfies Solved<Cell>;
    });
  }
  if (family === 'fourLine') {
    const parsed = parseEach(boards, (board) => parseFourLineBoard(board as GridInput));
    const good = parsed.filter((board): board is ReturnType<typeof parseFourLineBoard> => !isError(board));
    const { value, ms } = timed(() => core.fourLine.solveBatch(good.map((board) => board.cells)));
    const share = good.length > 0 ? ms / good.length : 0;
    let next = 0;
    return parsed.map((board) => (isError(board) ? board : fourLineResult(board.cells, board.warning, value[next++], share)));
  }
  if (family === 'lightsOut')
    return parseEach(boards, (board) => solveLightsOut(core.lightsOut, board as LightsOutInput, options as LightsOutOptions | undefined));
  // Sliding: one engine call per group of boards that share an algorithm, a
  // size and a goal (and for IDA* a heuristic and partition). An IDA* board
  // with onIteration is searched alone: a batch reports no iterations.
  const plans = parseEach(boards, (board) => slidingPlan(state, board as SlidingInput, options as SlidingOptions, 'solveMany'));
  type Plan = Exclude<(typeof plans)[number], BoardError>;
  const results: unknown[] = plans.slice();
  const groups = new Map<string, number[]>();
  plans.forEach((plan, i) => {
    if (isError(plan)) return;
    if (plan.algorithm === 'idastar' && plan.onIteration) {
      results[i] = solvePlan(state, plan);
      return;
    }
    const { goal } = plan;
    const key = `${plan.algorithm} ${plan.heuristic} ${plan.pruning} ${plan.partition?.name ?? ''} ${goal.width}x${goal.height} ${String.fromCharCode.apply(null, goal.tiles as unknown as number[])}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const indices of groups.values()) {
    const first = plans[indices[0]] as Plan;
    const starts = indices.map((i) => (plans[i] as Plan).start);
    const { value, ms } = timed(() => {
      if (first.algorithm !== 'idastar') return core.sliding.solveExhaustiveBatch(starts, first.goal, first.algorithm);
      const { heuristic, partition, pruning, maxNodes, onProgress, signal } = first;
      return core.idaStar.solveBatch(starts, first.goal, { heuristic, partition, pruning, maxNodes, poll: progressPoll(onProgress, signal) });
    });
    indices.forEach((i, k) => {
      results[i] = slidingResult(plans[i] as Plan, value[k], ms / indices.length);
    });
  }
  return results;
}

/**
 * The public Solver over one engine core: each call checked, run exclusively
 * on the core, and shaped by the functions above.
 */
export function solverFromCore(core: Core, tablesOptions?: TablesOptions): Solver {
  const tables = pdbTables(core, checkTablesOptions(tablesOptions));
  const state: SolverState = { core, tables };
  // Every entry point is exclusive, not only sliding (the one with a callback):
  // a nested flip() would overwrite the scratch memory the outer search reads.
  const solver: Solver = {
    engine: core.engine,
    flip: (board) => exclusive(core, 'flip', () => flipFamily(state, 'flip', board)),
    pilots: (board) => exclusive(core, 'pilots', () => flipFamily(state, 'pilots', board)),
    fourLine: (board) => exclusive(core, 'fourLine', () => fourLine(state, board)),
    sliding: (board, options) => exclusive(core, 'sliding', () => sliding(state, board, options)),
    slidingDistances: (goal, size) => exclusive(core, 'slidingDistances', () => slidingDistances(state, goal, size)),
    slidingSolvable: (board, goal) => exclusive(core, 'slidingSolvable', () => slidingSolvable(state, board, goal)),
    tablesPlan: (board, options) => exclusive(core, 'tablesPlan', () => tablesPlan(state, board, options)),
    hint: (board, options) => exclusive(core, 'hint', () => hint(state, board, options)),
    flipHint: (board) => exclusive(core, 'flipHint', () => flipHint(core, 'flip', parseFlipBoard('flip', board), flipImpossible('flip'))),
    pilotsHint: (board) => exclusive(core, 'pilotsHint', () => flipHint(core, 'pilots', parseFlipBoard('pilots', board), flipImpossible('pilots'))),
    fourLineHint: (board, options) => exclusive(core, 'fourLineHint', () => fourLineHintOf(state, board, options)),
    census: (size, options) => runCensus(core, size, options),
    lightsOutHint: (board, options) =>
      exclusive(core, 'lightsOutHint', () => {
        const problem = lightsOutProblem(board, checkOptions('lightsOutHint', options, LIGHTS_OUT_OPTION_KEYS), core.lightsOut);
        return lightsOutHint(core, problem, lightsOutImpossible(problem.targets.length));
      }),
    lightsOut: (board, options) =>
      exclusive(core, 'lightsOut', () => solveLightsOut(core.lightsOut, board, checkOptions('lightsOut', options, LIGHTS_OUT_OPTION_KEYS))),
    solveMany: ((family: ManyFamily, boards: readonly unknown[], options?: unknown) =>
      exclusive(core, 'solveMany', () => solveMany(state, family, boards, options))) as Solver['solveMany'],
    prepareTables: async (size, options) => {
      await tables.prepare(size, checkPrepareTables(size, options));
    },
  };
  solverTables.set(solver, tables);
  solverCores.set(solver, core);
  return solver;
}

/** The engine core behind each solver made here; see coreOf. */
const solverCores = new WeakMap<Solver, Core>();

/**
 * The engine core of `solver`, for parallel IDA*'s share search
 * (src/parallel/share.ts), which runs beside the solver's own calls.
 * Internal: not exported from the package.
 */
export function coreOf(solver: Solver): Core {
  const core = solverCores.get(solver);
  if (!core) throw new Error('puzzlesearch: not a solver made by createSolver or solverFromCore');
  return core;
}

/** The PDB tables behind each solver made here; see tablesOf. */
const solverTables = new WeakMap<Solver, PdbTables>();

/**
 * The PDB tables of `solver`, for the worker pool (src/pool/inside.ts), which
 * hands the tables one worker prepared to the others' solvers. Internal: not
 * exported from the package.
 */
export function tablesOf(solver: Solver): PdbTables {
  const tables = solverTables.get(solver);
  if (!tables) throw new Error('puzzlesearch: not a solver made by createSolver or solverFromCore');
  return tables;
}

const cores = new Map<string, Promise<Core>>();

/**
 * A solver on the chosen engine. The wasm module is compiled once and cached;
 * each wasm solver has an instance of its own (its own scratch memory).
 */
export async function createSolver(given?: SolverOptions): Promise<Solver> {
  const options = checkOptions<SolverOptions>('createSolver', given, SOLVER_OPTION_KEYS);
  const engine = checkChoice('engine', options.engine ?? 'wasm', ENGINES);
  return solverFromCore(await loadCore(engine, options.wasm), options.tables);
}

/**
 * An engine's core, its code loaded on demand: a page using only the twin
 * never fetches the module, and a CLI run on wasm never loads the twin.
 */
async function loadCore(engine: EngineName, wasm?: WasmSource): Promise<Core> {
  if (engine === 'ts') return (await import('../engine/twin/index.js')).createTwinCore();
  return (await import('../engine/wasm/index.js')).createWasmCore(wasm);
}

/** One-shot use: a solver per engine, created on first use and shared by later calls. */
export async function defaultSolver(engineName: EngineName = 'wasm'): Promise<Solver> {
  const engine = checkChoice('engine', engineName, ENGINES);
  let core = cores.get(engine);
  if (!core) {
    core = loadCore(engine);
    cores.set(engine, core);
    core.catch(() => cores.delete(engine));
  }
  return core.then(solverFromCore);
}

/** The options of the one-shot calls (solveFlip, solveSliding, ...): the engine of the shared default solver. */
export interface OneShotOptions {
  /** 'wasm' (default) or 'ts'. */
  engine?: EngineName;
}

/** A one-shot call's options, checked: { engine } (or, as before, the engine's name alone). */
function oneShotEngine(call: string, options: unknown): EngineName | undefined {
  if (typeof options === 'string') return options as EngineName;
  return checkOptions<OneShotOptions>(call, options, ONE_SHOT_OPTION_KEYS).engine;
}

/**
 * One-shot calls over the shared default solver of an engine (wasm unless
 * told): async, as the solver is made (and the module compiled) on first use.
 * Each takes `{ engine }`, and solveSliding the sliding options beside it;
 * the engine's name alone (`solveFlip(board, 'ts')`) is still taken.
 */
export const solveFlip = async (board: GridInput, options?: OneShotOptions | EngineName) =>
  (await defaultSolver(oneShotEngine('solveFlip', options))).flip(board);
export const solvePilots = async (board: GridInput, options?: OneShotOptions | EngineName) =>
  (await defaultSolver(oneShotEngine('solvePilots', options))).pilots(board);
export const solveFourLine = async (board: GridInput, options?: OneShotOptions | EngineName) =>
  (await defaultSolver(oneShotEngine('solveFourLine', options))).fourLine(board);
export const solveSliding = async (board: SlidingInput, options?: SlidingOptions & OneShotOptions) => {
  const { engine, ...sliding } = checkOptions<SlidingOptions & OneShotOptions>('solveSliding', options, [...SLIDING_OPTION_KEYS, ...ONE_SHOT_OPTION_KEYS]);
  return (await defaultSolver(engine)).sliding(board, sliding);
};
