/**
 * The census of a small sliding board (issue 23 §2): how many states lie at
 * each distance from the goal, the largest distance (the board's "God's
 * number") and one state that far, by a breadth-first search over every
 * ranked permutation in the engine (assembly/census.ts, src/engine/twin/census.ts),
 * a layer at a time in rounds, with progress and cancel between rounds.
 */
import type { HostAbortSignal } from '../engine/hostTypes.js';
import type { CensusCore, Core, SlidingBoard } from '../engine/contract.js';
import { GOAL_NAMES, PuzzleInputError, checkTiles, describeValue, namedGoal, type GoalName, type SlidingInput } from './boards.js';
import { checkOptions, optionKeys } from './checks.js';

export interface CensusOptions {
  /** The goal: 'blank-last' (default), 'blank-first' or any board of the size. */
  goal?: GoalName | SlidingInput;
  /** Honoured between rounds: the census stops with an AbortError. */
  signal?: HostAbortSignal;
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
  if (
    !Number.isSafeInteger(width) ||
    !Number.isSafeInteger(height) ||
    (width as number) < 2 ||
    (height as number) < 2 ||
    (width as number) * (height as number) > MAX_CELLS
  ) {
    throw new PuzzleInputError(
      `census: a ${describeValue(width)}x${describeValue(height)} board is not one it takes: sides of 2 or more, ${MAX_CELLS} cells at most (2x2 to 3x4, 2x6 and their turns)`,
    );
  }
  return { width: width as number, height: height as number };
}

/**
 * The goal of a census: a named one, or the tiles of a board of the size (the
 * size is known, so any shape of input will do, and sides past the solvers'
 * 5 are fine): text (tiles in reading order, x or 0 the blank, rows broken by
 * lines or '/', each row as wide as the board), rows, a flat array or
 * { width, height, tiles }.
 */
function censusGoal(goal: unknown, width: number, height: number): SlidingBoard {
  if ((GOAL_NAMES as readonly unknown[]).includes(goal)) return namedGoal(goal as GoalName, width, height);
  let tiles: unknown = goal;
  if (typeof goal === 'string') {
    // Rows (between '/' or lines) must be the board's, as an array of rows must: '1 2 3 / 4 5 x' is a 3x2 board, never
    // reflowed onto a 2x3 one. One line is the tiles in reading order.
    const rows = goal
      .trim()
      .split(/\s*(?:\/|\r?\n)\s*/)
      .map((row) => row.split(/\s+/).filter((token) => token !== ''));
    if (rows.length > 1 && (rows.length !== height || rows.some((row) => row.length !== width))) {
      throw new PuzzleInputError(`census: the goal's rows (${rows.map((row) => row.length).join(', ')} tiles) do not make the ${width}x${height} board`);
    }
    tiles = rows.flat().map((token) => (token === 'x' || token === 'X' ? 0 : /^\d+$/.test(token) ? Number(token) : token));
  } else if (Array.isArray(goal) && goal.length > 0 && goal.every((row) => Array.isArray(row))) {
    const rows = goal as unknown[][];
    if (rows.length !== height || rows.some((row) => row.length !== width)) {
      throw new PuzzleInputError(`census: the goal's rows (${rows.map((row) => row.length).join(', ')} tiles) do not make the ${width}x${height} board`);
    }
    tiles = rows.flat();
  } else if (typeof goal === 'object' && goal !== null && 'tiles' in goal) {
    const board = goal as { width?: unknown; height?: unknown; tiles: unknown };
    if (board.width !== width || board.height !== height)
      throw new PuzzleInputError(`census: size ${width}x${height} does not match the ${describeValue(board.width)}x${describeValue(board.height)} goal`);
    tiles = board.tiles;
  }
  if (!(Array.isArray(tiles) || ArrayBuffer.isView(tiles)) || (tiles as ArrayLike<unknown>).length !== width * height) {
    throw new PuzzleInputError(
      `census: the goal must be '${GOAL_NAMES.join("' or '")}' or the ${width * height} tiles of the ${width}x${height} board, not ${describeValue(goal)}`,
    );
  }
  try {
    return { width, height, tiles: checkTiles(width, height, Array.from(tiles as ArrayLike<unknown>)) };
  } catch (error) {
    if (error instanceof PuzzleInputError) throw new PuzzleInputError(`census: goal ${error.message}`);
    throw error;
  }
}

/** The census of `size` from `options.goal`, on `core`; one at a time per core. */
const CENSUS_OPTION_KEYS = optionKeys<CensusOptions>({ goal: true, signal: true, onProgress: true });

export async function runCensus(core: Core, size: string | { width: number; height: number }, given?: CensusOptions): Promise<Census> {
  const options = checkOptions<CensusOptions>('census', given, CENSUS_OPTION_KEYS);
  const { width, height } = checkSize(size);
  const goal = censusGoal(options.goal ?? 'blank-last', width, height);
  const { signal, onProgress } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new PuzzleInputError(`onProgress must be a function, not ${describeValue(onProgress)}`);
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
    return {
      width,
      height,
      goal: [...goal.tiles],
      counts,
      total: states,
      godsNumber: counts.length - 1,
      farthest: census.farthest(),
      stats: { ms: performance.now() - started },
    };
  } finally {
    running.delete(census);
  }
}
