/**
 * The pattern databases a stream of sliding cases needs, readied once per
 * size and goal before the first case that needs them (loaded from the cache,
 * or built with progress); a 24-puzzle that linear conflict settles soon is
 * answered without them.
 */
import { parseSlidingBoard, resolveGoal } from '../api/boards.js';
import type { SlidingOptions, Solver } from '../api/solver.js';
import type { SlidingBoard } from '../engine/contract.js';
import type { TablesProgress } from '../pdb/tables.js';
import type { AnyResult } from './judge.js';
import { familyOptions, TABLE_SIZES, type Options } from './options.js';
import { tablesProgress, type ProgressSink } from './progress.js';

/** Readies one size's tables for one goal in this thread's solver. */
export type PrepareTables = (size: string, goal: TablesGoal, onProgress: (progress: TablesProgress) => void) => Promise<void>;
export type TablesGoal = 'blank-first' | 'blank-last';
/** What a sliding case needs before its search: its answer already (settled on linear conflict), or a size's tables for one goal, readied in this thread; undefined for neither. */
export type CaseTables = { settled: AnyResult } | { size: string; goal: TablesGoal } | undefined;
/** One search of a board on linear conflict within `maxNodes`: here, or on a worker. */
export type TryLinearConflict = (text: string, maxNodes: number) => Promise<AnyResult>;

/**
 * Sizes whose tables cost minutes and gigabytes to build, with the nodes a
 * search on linear conflict gets first (about a second in wasm): a board it
 * settles (a 40-move scramble, say) is answered without the tables. The first
 * board it does not settle starts the build, and the later boards of that
 * size and goal use the tables. 4x4 tables take seconds: no try.
 */
const TRY_BEFORE_BUILD: Record<string, number> = { '5x5': 30_000_000 };

/**
 * Readies, before each sliding case, the pattern database of its board size
 * when its search will use one (IDA* on the default heuristic or pdb, a board
 * of a size in TABLE_SIZES, a goal with the blank first or last, a solvable
 * board), through `prepare`: loaded from the cache, or built once with
 * progress on standard error. A bad board gets no tables: its search reports
 * the error. --partition applies to the size that has it; boards of other
 * sizes keep their default partition (as a solver's `tables.partition` does).
 * Before the tables of a size in TRY_BEFORE_BUILD are readied, a board on the
 * default heuristic is first tried on linear conflict (`tryFirst`); resolves
 * with that answer when it settled the board (optimal all the same), else
 * with the tables' size and goal once they are ready.
 */
export function slidingTables(
  solver: Solver,
  options: Options,
  sink: ProgressSink,
  prepare: PrepareTables,
  tryFirst: TryLinearConflict,
): (text: string) => Promise<CaseTables> {
  const usesTables = (options.algorithm ?? 'idastar') === 'idastar' && (options.heuristic === undefined || options.heuristic === 'pdb');
  const goalOption = (familyOptions(options) as SlidingOptions | undefined)?.goal;
  const ready = new Map<string, Promise<void>>();
  return async (text) => {
    let board: SlidingBoard;
    let goal: SlidingBoard;
    // Parsed here as well as in the search (a few microseconds): the tables
    // depend on the board's size, its goal and whether it is solvable at all.
    try {
      board = parseSlidingBoard(text);
      goal = resolveGoal(goalOption, board);
    } catch {
      return;
    }
    const size = `${board.width}x${board.height}`;
    if (!TABLE_SIZES.includes(size)) return;
    const blank = goal.tiles.indexOf(0);
    const which = blank === 0 ? 'blank-first' : blank === goal.tiles.length - 1 ? 'blank-last' : null;
    // Any other goal has no tables, and its search runs on linear conflict.
    if (!usesTables || which === null || !solver.slidingSolvable(board, goal)) return;
    let done = ready.get(`${size} ${which}`);
    const tryNodes = TRY_BEFORE_BUILD[size];
    // Only on the default heuristic (--heuristic pdb asks for the tables), and within the case's own --max-nodes.
    if (done === undefined && tryNodes !== undefined && options.heuristic === undefined && !options.hint && (options.maxNodes ?? Infinity) > tryNodes) {
      const tried = await tryFirst(text, tryNodes);
      if ((tried as { status?: string }).status === 'solved') return { settled: tried };
      done = ready.get(`${size} ${which}`);
    }
    if (done === undefined) {
      // Builds always; loads from the cache (or copies from another worker), a fraction of a second, only with --stats.
      const onProgress = tablesProgress(sink, `puzzlesearch: ${size} tables`, { loads: options.stats });
      done = prepare(size, which, onProgress).catch((error: Error) => {
        // Searches still run, on linear conflict: slower, never wrong.
        sink.write(`puzzlesearch: warning: no ${size} pattern database (${error.message.split('\n')[0]}); searching with linear conflict\n`);
      });
      ready.set(`${size} ${which}`, done);
    }
    await done;
    return { size, goal: which };
  };
}
