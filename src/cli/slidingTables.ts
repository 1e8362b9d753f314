/**
 * The pattern databases a stream of sliding cases needs, readied once per
 * size and goal before the first case that needs them (loaded from the cache,
 * or built with progress); a 24-puzzle that linear conflict settles soon is
 * answered without them.
 */
import type { SlidingOptions, Solver } from '../api/types.js';
import type { TablesPlan } from '../pdb/plan.js';
import type { TablesProgress } from '../pdb/tables.js';
import type { AnyResult } from '../judge/judge.js';
import { familyOptions, type Options } from './options.js';
import { tablesProgress, type ProgressSink } from './progress.js';

/** Readies one size's tables for one goal: in this thread's solver, or in every worker of the pool. */
export type PrepareTables = (size: string, goal: TablesGoal, onProgress: (progress: TablesProgress) => void) => Promise<void>;
export type TablesGoal = 'blank-first' | 'blank-last';
/** What a sliding case needs before its search: its answer already (settled on linear conflict), or a size's tables for one goal, readied; undefined for neither. */
export type CaseTables = { settled: AnyResult } | { size: string; goal: TablesGoal } | undefined;
/** One search of a board on linear conflict within `maxNodes`: here, or on a worker. */
export type TryLinearConflict = (text: string, maxNodes: number) => Promise<AnyResult>;

/**
 * Readies, before each sliding case, the pattern database its search will
 * use (the library's plan: solver.tablesPlan), through `prepare`: loaded from
 * the cache, or built once with progress on standard error. A bad board gets
 * no tables: its search reports the error. --partition applies to the size
 * that has it; boards of other sizes keep their default partition (as a
 * solver's `tables.partition` does). Where the plan says to try linear
 * conflict first (and not for hints), a board is first tried so
 * (`tryFirst`); resolves with that answer when it settled the board (optimal
 * all the same), else with the tables' size and goal once they are ready.
 */
export function slidingTables(
  solver: Solver,
  options: Options,
  sink: ProgressSink,
  prepare: PrepareTables,
  tryFirst: TryLinearConflict,
): (text: string) => Promise<CaseTables> {
  const planOptions = familyOptions(options) as SlidingOptions;
  const ready = new Map<string, Promise<void>>();
  return async (text) => {
    let plan: TablesPlan | null;
    // Parsed here as well as in the search (a few microseconds): the tables
    // depend on the board's size, its goal and whether it is solvable at all.
    try {
      plan = solver.tablesPlan(text, planOptions);
    } catch {
      return;
    }
    if (plan === null) return;
    const { size, goal } = plan;
    let done = ready.get(`${size} ${goal}`);
    if (done === undefined && plan.linearConflictFirst !== undefined && !options.hint) {
      const tried = await tryFirst(text, plan.linearConflictFirst);
      if ((tried as { status?: string }).status === 'solved') return { settled: tried };
      done = ready.get(`${size} ${goal}`);
    }
    if (done === undefined) {
      // Builds always; loads from the cache (or copies from another worker), a fraction of a second, only with --stats.
      const onProgress = tablesProgress(sink, `puzzlesearch: ${size} tables`, { loads: options.stats });
      done = prepare(size, goal, onProgress).catch((error: Error) => {
        // Searches still run, on linear conflict: slower, never wrong.
        sink.write(`puzzlesearch: warning: no ${size} pattern database (${error.message.split('\n')[0]}); searching with linear conflict\n`);
      });
      ready.set(`${size} ${goal}`, done);
    }
    await done;
    return { size, goal };
  };
}
