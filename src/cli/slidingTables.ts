/**
 * The pattern databases a stream of sliding cases needs, readied once per
 * size and goal before the first case that needs them (loaded from the cache,
 * or built with progress); a 24-puzzle that linear conflict settles soon is
 * answered without them.
 */
import type { SlidingOptions, Solver } from '../api/types.js';
import { listTableFiles } from '../pdb/cache/node.js';
import { tableFileName } from '../pdb/cache/format.js';
import { namedPartition, partitionNames } from '../pdb/partitions.js';
import { strongestPartition, trialPartner, type TablesPlan } from '../pdb/plan.js';
import { parseSize } from '../pdb/tables.js';
import type { TablesProgress } from '../pdb/tables.js';
import type { AnyResult } from '../judge/judge.js';
import { familyOptions, type Options } from './options.js';
import { tablesProgress, type ProgressSink } from './progress.js';

/** Readies one size's tables for one goal (`partition`: that one, else the solver's): in this thread's solver, or in every worker of the pool. */
export type PrepareTables = (size: string, goal: TablesGoal, onProgress: (progress: TablesProgress) => void, partition?: string) => Promise<void>;
/** The partitions of a size whose every table the cache holds for a goal. */
export type CachedPartitions = (size: string, goal: TablesGoal) => Promise<string[]>;
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
 * Without --partition, the strongest kind the cache holds for the size and
 * goal (src/pdb/plan.ts STRONGER_PARTITIONS) is readied instead of the
 * default, and the search takes it (the tables ready for its size and goal);
 * when the default's tables are cached too and the strongest has a price to
 * weigh (plan.ts trialPartner), they are readied beside it, and a per-board
 * trial chooses between the two (src/pdb/trial.ts). Nothing is
 * built that the default would not have built.
 */
export function slidingTables(
  solver: Solver,
  options: Options,
  sink: ProgressSink,
  prepare: PrepareTables,
  tryFirst: TryLinearConflict,
  cached: CachedPartitions = async () => [],
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
      const held = plan.partition === undefined && options.partition === undefined ? await cached(size, goal) : [];
      const strongest = strongestPartition(size, held);
      const partner = strongest === undefined ? undefined : trialPartner(size, strongest, held);
      const readied =
        strongest === undefined
          ? prepare(size, goal, onProgress, plan.partition)
          : prepare(size, goal, onProgress, strongest).then(
              // The default's tables cached too, and a trial due: readied beside it, and a trial per board chooses (src/pdb/trial.ts).
              () =>
                partner !== undefined
                  ? prepare(size, goal, onProgress, partner).catch((error: Error) => {
                      sink.write(
                        `puzzlesearch: warning: the cached ${partner} tables were not taken beside ${strongest} (${error.message.split('\n')[0]}); every ${size} board searches on ${strongest}\n`,
                      );
                    })
                  : undefined,
              (error: Error) => {
                // Say a solver cannot hold it besides another goal's: the defaults serve, as they would have.
                sink.write(
                  `puzzlesearch: warning: the cached ${strongest} tables were not taken (${error.message.split('\n')[0]}); using the default ${size} tables\n`,
                );
                return prepare(size, goal, onProgress);
              },
            );
      done = readied.catch((error: Error) => {
        // Searches still run, on linear conflict: slower, never wrong.
        sink.write(`puzzlesearch: warning: no ${size} pattern database (${error.message.split('\n')[0]}); searching with linear conflict\n`);
      });
      ready.set(`${size} ${goal}`, done);
    }
    await done;
    return { size, goal };
  };
}

/**
 * The partitions of a size whose every group's table file is in the default
 * cache for `goal` (CachedPartitions, for the CLI's own process). Files are
 * only listed, not read: a damaged one is found when it is loaded (refused,
 * and rebuilt with a message).
 */
export const cachedPartitions: CachedPartitions = async (size, goal) => {
  const { width, height } = parseSize(size);
  const blankCell = goal === 'blank-first' ? 0 : width * height - 1;
  let files: Array<{ name: string }>;
  try {
    ({ files } = await listTableFiles(undefined, (name) => name.startsWith(`${width}x${height}-blank${blankCell}-`)));
  } catch {
    return []; // No cache to read: the defaults, as before.
  }
  const held = new Set(files.map((file) => file.name));
  return partitionNames(width, height).filter((name) => {
    const partition = namedPartition(width, height, blankCell, name);
    return partition !== null && partition.groups.every((_, group) => held.has(tableFileName(partition, group)));
  });
};
