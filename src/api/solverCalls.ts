/**
 * What each call of a solver does over its engine core: parse the board, ask
 * the core, and shape the answer (1-based cells, move letters, timings), for
 * Flip and Pilots, four in a line and sliding tiles, with the sliding plan
 * (algorithm, heuristic, tables) and the IDA* poll for progress and signal.
 * solver.ts runs each one exclusively on the core.
 */
import {
  HEURISTICS,
  MAX_RANKED_CELLS,
  MOVE_LETTERS,
  type Core,
  type FlipKind,
  type FourLineAnswer,
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
import { flipProblem } from './lightsOut.js';
import type { HostAbortSignal } from '../engine/hostTypes.js';
import { checkOptions, checkPartitionName, optionKeys } from './checks.js';
import { movePruning } from '../engine/movePruning.js';
import type { PdbTables } from '../pdb/tables.js';
import { tablesPlanOf, type TablesPlan } from '../pdb/plan.js';
import { searchByTrial, type TrialOutcome } from '../pdb/trial.js';
import { fourLineHint, slidingHint, type FourLineHint, type SlidingHint } from './hint.js';
import {
  type SlidingMove,
  type Stats,
  type FourLineHintOptions,
  SLIDING_ALGORITHMS,
  type BoardSize,
  type SlidingOptions,
  type Solved,
  type Cell,
  type FourLineMove,
  type SlidingResult,
  type Unsolvable,
  type Stopped,
  type TablesPlanQuery,
} from './types.js';

/** The option names each call knows; any other is a PuzzleInputError with the nearest of these (checks.ts). */
export const SLIDING_OPTION_KEYS = optionKeys<SlidingOptions>({
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
const FOUR_LINE_HINT_OPTION_KEYS = optionKeys<FourLineHintOptions>({ toMove: true });

/** How often (ms) `onProgress` fires inside an iteration. */
export const PROGRESS_EVERY_MS = 100;

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

export const letters = MOVE_LETTERS.split('') as SlidingMove[];

export function cellOf(index: number): Cell {
  return { row: (index >> 2) + 1, col: (index & 3) + 1 };
}

export function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

export function unsolvable(reason: string, nodes: number, ms: number, warning?: string): Unsolvable {
  const result: Unsolvable = { status: 'unsolvable', solvable: false, length: null, moves: [], reason, stats: { nodes, ms } };
  if (warning) result.warning = warning;
  return result;
}

export function parityReason(board: SlidingBoard): string {
  const evenWidth = board.width % 2 === 0;
  return evenWidth
    ? "unsolvable: the parity of the tile permutation plus the blank row differs from the goal's, and every move preserves it"
    : "unsolvable: the parity of the tile permutation differs from the goal's, and every move preserves it";
}

export interface SolverState {
  core: Core;
  tables: PdbTables;
}

/** Why a Flip or Pilots board has no answer. */
export function flipImpossible(kind: FlipKind): string {
  return `Impossible: no set of presses ${kind === 'flip' ? 'turns the board all white or all black' : 'opens every handle'}`;
}

export function flipFamily({ core }: SolverState, kind: FlipKind, input: GridInput): Solved<Cell> | Unsolvable {
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
export function checkedSearch(start: SlidingBoard, options: TablesPlanQuery, call: string) {
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
export function slidingPlan({ tables }: SolverState, input: SlidingInput, given: SlidingOptions | undefined, call: string) {
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
  // Only a search of its own: a hint takes `partition`, as before.
  const trial = algorithm === 'idastar' ? choice.trial : undefined;
  const pruning = checkChoice('pruning', options.pruning ?? 'fsm', MOVE_PRUNINGS);
  // The machine of the size, built (once a process) before the search's clock and progress start.
  if (algorithm === 'idastar') movePruning(start.width, start.height, pruning);
  return { start, goal, algorithm, heuristic, partition, trial, pruning, maxNodes, onIteration, onProgress, signal };
}

export function sliding(state: SolverState, input: SlidingInput, options: SlidingOptions | undefined): SlidingResult | Unsolvable | Stopped {
  return solvePlan(state, slidingPlan(state, input, options, 'sliding'));
}

/**
 * Whether sliding(input, options) on this solver would choose its partition
 * by a per-board trial (src/pdb/trial.ts); builds nothing. A pool's parallel
 * search without a lone try asks first, and then makes one.
 */
export function slidingTrialDue({ tables }: SolverState, input: SlidingInput, given: SlidingOptions | undefined): boolean {
  const options = checkOptions<SlidingOptions>('sliding', given, SLIDING_OPTION_KEYS);
  const start = parseSlidingBoard(input);
  const goal = resolveGoal(options.goal, start);
  const { algorithm, partition } = checkedSearch(start, options, 'sliding');
  if (algorithm !== 'idastar' || partition !== undefined) return false;
  try {
    return tables.choose(start, goal, options.heuristic, false).trial !== undefined;
  } catch (error) {
    throw new PuzzleInputError((error as Error).message);
  }
}

/** A checked sliding search: board, goal, algorithm, heuristic, limits. */
export type SlidingPlan = ReturnType<typeof slidingPlan>;

/** One sliding search, alone; with `plan.trial`, the per-board trial's searches (src/pdb/trial.ts), one after another on this core. */
export function solvePlan({ core }: SolverState, plan: SlidingPlan): SlidingResult | Unsolvable | Stopped {
  const { start, goal, algorithm, heuristic, partition, trial, pruning, maxNodes, onIteration, onProgress, signal } = plan;
  const poll = progressPoll(onProgress, signal);
  let chosen: TrialOutcome | undefined;
  const { value, ms } = timed(() => {
    if (!core.sliding.solvable(start, goal)) return null;
    if (algorithm !== 'idastar') return core.sliding.solveExhaustive(start, goal, algorithm);
    if (!trial) return core.idaStar.solve(start, goal, { heuristic, partition, pruning, maxNodes, onIteration, poll });
    // Each search hears the caller's onIteration and progress with the nodes of those before it added.
    chosen = searchByTrial(trial, maxNodes, (searched, limit, heard, before) =>
      core.idaStar.solve(start, goal, {
        heuristic,
        partition: searched,
        pruning,
        ...(limit === undefined ? {} : { maxNodes: limit }),
        onIteration: (bound, nodes, expanded) => {
          heard?.(bound, nodes);
          onIteration?.(bound, before + nodes, expanded);
        },
        ...(poll ? { poll: (bound: number, nodes: number) => poll(bound, before + nodes) } : {}),
      }),
    );
    return chosen.answer;
  });
  return slidingResult(plan, value, ms, chosen);
}

/**
 * The public result of a sliding search's answer (null: unsolvable by
 * parity); `chosen`, what a per-board trial chose (its partition and stats).
 */
export function slidingResult(plan: SlidingPlan, value: SlidingAnswer | null, ms: number, chosen?: TrialOutcome): SlidingResult | Unsolvable | Stopped {
  const { start, algorithm, heuristic, maxNodes } = plan;
  const partition = chosen?.partition ?? plan.partition;
  const used = algorithm === 'idastar' ? heuristic : algorithm === 'astar' ? 'manhattan' : 'none';
  const labelled = <R extends { stats: Stats }>(result: R): R => {
    result.stats.heuristic = used;
    if (used === 'pdb') result.stats.partition = partition!.name;
    if (chosen) result.stats.trial = chosen.trial;
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

export function fourLine({ core }: SolverState, input: GridInput): Solved<FourLineMove> | Unsolvable {
  const { cells, warning } = parseFourLineBoard(input);
  const { value, ms } = timed(() => core.fourLine.solve(cells));
  return fourLineResult(cells, warning, value, ms);
}

export const FOUR_LINE_IMPOSSIBLE = 'Impossible: no sequence of alternating moves makes a line of four';

export function fourLineHintOf({ core }: SolverState, input: GridInput, options: FourLineHintOptions | undefined): FourLineHint {
  const { toMove } = checkOptions<FourLineHintOptions>('fourLineHint', options, FOUR_LINE_HINT_OPTION_KEYS);
  if (toMove !== undefined && toMove !== 'B' && toMove !== 'W') throw new PuzzleInputError(`toMove must be 'B' or 'W', not ${describeValue(toMove)}`);
  const { cells, warning } = parseFourLineBoard(input);
  const hint = fourLineHint(core, cells, toMove === 'B' ? 1 : toMove === 'W' ? 2 : 3, FOUR_LINE_IMPOSSIBLE);
  if (warning) hint.warning = warning;
  return hint;
}

export function fourLineResult(cells: Uint8Array, warning: string | undefined, value: FourLineAnswer, ms: number): Solved<FourLineMove> | Unsolvable {
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

export function slidingDistances({ core }: SolverState, input: GoalName | SlidingInput, size?: BoardSize): number[] {
  const goal = sizedGoal(input, size);
  if (goal.width * goal.height > MAX_RANKED_CELLS) {
    throw new PuzzleInputError(`a full BFS handles boards of at most ${MAX_RANKED_CELLS} cells, not ${goal.width}x${goal.height}`);
  }
  return core.sliding.distances(goal);
}

/** The hint of a board (see Solver.hint and ./hint.ts), on IDA* whatever `algorithm` says. */
export function hint(state: SolverState, input: SlidingInput, options: SlidingOptions | undefined): SlidingHint {
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

export function slidingSolvable({ core }: SolverState, input: SlidingInput, goalInput?: GoalName | SlidingInput): boolean {
  const start = parseSlidingBoard(input);
  return core.sliding.solvable(start, resolveGoal(goalInput, start));
}

export function tablesPlan({ core }: SolverState, input: SlidingInput, given: TablesPlanQuery | undefined): TablesPlan | null {
  const options = checkOptions<TablesPlanQuery>('tablesPlan', given, SLIDING_OPTION_KEYS);
  const start = parseSlidingBoard(input);
  const goal = resolveGoal(options.goal, start);
  // A misspelt option is an error, as in the search, not a plan for a search that would not run.
  return tablesPlanOf(start.width, start.height, goal.tiles.indexOf(0), core.sliding.solvable(start, goal), checkedSearch(start, options, 'tablesPlan'));
}
