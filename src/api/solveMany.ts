/**
 * solveMany: a batch of boards of one family in as few engine calls as the
 * family allows (one table walk for Flip and Pilots, one call for four in a
 * line, a call per group of sliding boards sharing an algorithm, size, goal,
 * heuristic and partition), a bad board becoming its own error result.
 */
import { PuzzleInputError, checkChoice, describeValue, parseFlipBoard, parseFourLineBoard, type GridInput, type SlidingInput } from './boards.js';
import { solveLightsOut, LIGHTS_OUT_OPTION_KEYS, type LightsOutInput, type LightsOutOptions } from './lightsOut.js';
import { checkOptions } from './checks.js';
import { type ManyFamily, type SlidingOptions, type Solved, type Cell, type BoardError, MANY_FAMILIES } from './types.js';
import {
  slidingResult,
  unsolvable,
  cellOf,
  fourLineResult,
  progressPoll,
  solvePlan,
  timed,
  type SolverState,
  slidingPlan,
  flipImpossible,
  SLIDING_OPTION_KEYS,
} from './solverCalls.js';

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

export function solveMany(state: SolverState, family: ManyFamily, boards: readonly unknown[], given: unknown): unknown[] {
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
  // with onIteration is searched alone (a batch reports no iterations), and
  // so is one whose partition a per-board trial chooses (src/pdb/trial.ts).
  const plans = parseEach(boards, (board) => slidingPlan(state, board as SlidingInput, options as SlidingOptions, 'solveMany'));
  type Plan = Exclude<(typeof plans)[number], BoardError>;
  const results: unknown[] = plans.slice();
  const groups = new Map<string, number[]>();
  plans.forEach((plan, i) => {
    if (isError(plan)) return;
    if (plan.algorithm === 'idastar' && (plan.onIteration || plan.trial)) {
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
