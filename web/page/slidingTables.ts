/**
 * Outside: how a sliding panel shows its pattern database being readied
 * before a search (built in a worker the first time and kept in IndexedDB,
 * loaded from there after a reload, or handed from worker to worker): the
 * pool's per-group progress becomes a line, a bar for all the groups and one
 * for the group in hand, and while the tables are made, a note that this
 * happens once.
 */
import type { EngineName, GoalName } from '../../src/index.js';
import type { TablesShown } from './panel.js';
import type { SlidingTables } from './slidingSizes.js';
import type { SolverClient, TablesProgress, TablesSource } from './solverClient.js';

/** A progress listener for one preparation of `tables`: each report turned into what `show` draws. */
function tablesReporter(tables: SlidingTables, show: (shown: TablesShown) => void): (progress: TablesProgress) => void {
  const fractions = new Map<number, number>();
  return (progress) => {
    const groupFraction = progress.entries > 0 ? progress.settled / progress.entries : 1;
    fractions.set(progress.group, groupFraction);
    const fraction = [...fractions.values()].reduce((sum, part) => sum + part, 0) / progress.groups;
    // 'derive': a table read out of another through a board symmetry, part of the build.
    // 'share': a worker receiving the tables another worker prepared.
    const making = progress.phase === 'build' || progress.phase === 'derive';
    const verb = progress.phase === 'build' ? 'Building' : progress.phase === 'derive' ? 'Deriving' : progress.phase === 'share' ? 'Sharing' : 'Loading';
    show({
      text: `${verb} the ${progress.partition} pattern database (group ${progress.group + 1} of ${progress.groups}, ${Math.floor(fraction * 100)}%)`,
      fraction,
      group: { number: progress.group + 1, of: progress.groups, fraction: groupFraction },
      note: making ? `A one-time build (${tables.bytes}): the tables are kept in this browser, so later visits load them in seconds.` : undefined,
      phase: progress.phase,
    });
  };
}

/** Readies `tables` for `goal` on the engine's workers, shown through `show` (null when done); where they came from, and how long it took. */
export async function readyTables(
  client: SolverClient,
  engine: EngineName,
  tables: SlidingTables,
  goal: GoalName,
  show: (shown: TablesShown | null) => void,
): Promise<{ source: TablesSource; ms: number }> {
  const began = performance.now();
  const source = await client.prepareTables(engine, tables.size, goal, tablesReporter(tables, show));
  show(null);
  return { source, ms: performance.now() - began };
}
