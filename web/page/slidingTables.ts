/**
 * Outside: how a sliding panel shows its pattern database being readied
 * before a search (built in a worker the first time and kept in IndexedDB,
 * loaded from there after a reload, or handed from worker to worker): the
 * pool's per-group progress becomes a line, a bar for all the groups and one
 * for the group in hand, and while the tables are made, a note that this
 * happens once and what the build takes on this machine (buildEstimate.ts),
 * said from the moment it is about to start.
 */
import type { EngineName, GoalName } from '../../src/index.js';
import { BuildEstimate } from './buildEstimate.js';
import type { TablesShown } from './panel.js';
import type { SlidingTables } from './slidingSizes.js';
import type { SolverClient, TablesProgress, TablesSource } from './solverClient.js';
import type { TablesWork } from './tablesWork.js';

const oneTimeNote = (tables: SlidingTables) => `A one-time build (${tables.bytes}): the tables are kept in this browser, so later visits load them in seconds.`;

/** A progress listener for one preparation of `tables`: each report turned into what `show` draws. */
function tablesReporter(tables: SlidingTables, estimate: BuildEstimate | null, show: (shown: TablesShown) => void): (progress: TablesProgress) => void {
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
      note: making ? oneTimeNote(tables) : undefined,
      estimate: estimate?.hear(progress),
      phase: progress.phase,
    });
  };
}

/** What the panel shows as a build is about to start: what will be built, loaded and derived, and the memory it needs. */
function buildStarting(tables: SlidingTables, work: TablesWork, estimate: BuildEstimate): TablesShown {
  const count = (groups: number[], what: string) => (groups.length > 0 ? [`${groups.length} ${what}`] : []);
  const parts = [
    ...count(work.builds, work.builds.length === 1 ? 'table to build' : 'tables to build'),
    ...count(work.derives, 'to read out of another by symmetry'),
    ...count(work.loads, 'kept in this browser'),
  ];
  const groups = work.partition.groups.length;
  return {
    text: `Starting the ${tables.partition} pattern database (${parts.join(', ')})`,
    fraction: work.loads.length / groups,
    group: { number: work.builds[0]! + 1, of: groups, fraction: 0 },
    note: oneTimeNote(tables),
    estimate: estimate.shown(),
    phase: 'start',
  };
}

/** Readies `tables` for `goal` on the engine's workers as `work` says, shown through `show` (null when done); where they came from. */
export async function readyTables(
  client: SolverClient,
  engine: EngineName,
  tables: SlidingTables,
  goal: GoalName,
  work: TablesWork | null,
  show: (shown: TablesShown | null) => void,
): Promise<TablesSource> {
  const estimate = work && work.builds.length > 0 ? new BuildEstimate(work) : null;
  if (work && estimate) show(buildStarting(tables, work, estimate));
  const source = await client.prepareTables(engine, tables.size, goal, tablesReporter(tables, estimate, show));
  show(null);
  return source;
}
