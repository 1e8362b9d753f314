/**
 * Outside: how a sliding panel shows its pattern database being readied
 * before a search (built in a worker the first time and kept in IndexedDB,
 * loaded from there after a reload, or handed from worker to worker): the
 * pool's per-group progress becomes a line, a bar for all the groups and one
 * for the group in hand, and while the tables are made, a note that this
 * happens once and what the build takes on this machine (buildEstimate.ts),
 * said before it starts: from a rate this browser keeps (buildRates.ts), or
 * where it keeps none, from a trial build timed first (trialBuild.ts). The
 * tables made whole are timed for the next estimate.
 */
import type { EngineName, GoalName, TablesProgress } from '../../../src/index.js';
import { BuildEstimate, memoryText } from './buildEstimate.js';
import { earlierRates, keepRates, ratesTimed, readRates, type MeasuredRate } from './buildRates.js';
import type { EstimateShown, TablesShown } from '../panel/contract.js';
import type { SlidingTables } from './slidingSizes.js';
import { SolveCancelled, type SolverClient, type TablesSource } from '../workers/solverClient.js';
import type { TablesWork } from './tablesWork.js';
import { timeTrialBuild, trialFor } from './trialBuild.js';

const oneTimeNote = (tables: SlidingTables) => `A one-time build (${tables.bytes}): the tables are kept in this browser, so later visits load them in seconds.`;

/**
 * A progress listener for one preparation of `tables` (`work`: what it was
 * planned to take, when a build is part of it): each report turned into what
 * `show` draws. The groups are counted in the order of the plan (the kept
 * ones, the builds, then the reads through a symmetry), or where there is no
 * plan in the order they come, never by their index in the partition, and the
 * count never goes back: the 6-6-6-6 build makes groups 0 and 3, then reads
 * 1 and 2, which the page said as group 1, 4, 2, 3; and a kept group the
 * worker loads after the build (the library loads and makes in one order)
 * does not take the count back either.
 */
export function tablesReporter(
  tables: SlidingTables,
  work: TablesWork | null,
  estimate: BuildEstimate | null,
  show: (shown: TablesShown) => void,
): (progress: TablesProgress) => void {
  const fractions = new Map<number, number>();
  const planned = work ? [...work.loads, ...work.builds, ...work.derives] : [];
  const ordinal = new Map<number, number>();
  let shownNumber = 0;
  return (progress) => {
    const groupFraction = progress.entries > 0 ? progress.settled / progress.entries : 1;
    fractions.set(progress.group, groupFraction);
    if (!ordinal.has(progress.group)) ordinal.set(progress.group, planned.includes(progress.group) ? planned.indexOf(progress.group) + 1 : ordinal.size + 1);
    shownNumber = Math.max(shownNumber, ordinal.get(progress.group)!);
    const number = shownNumber;
    const fraction = [...fractions.values()].reduce((sum, part) => sum + part, 0) / progress.groups;
    // 'derive': a table read out of another through a board symmetry, part of the build.
    // 'share': a worker receiving the tables another worker prepared.
    const making = progress.phase === 'build' || progress.phase === 'derive';
    const verb = progress.phase === 'build' ? 'Building' : progress.phase === 'derive' ? 'Deriving' : progress.phase === 'share' ? 'Sharing' : 'Loading';
    show({
      // One percentage, the whole's, as its bar shows it; the group's bar has no number of its own.
      text: `${verb} the ${progress.partition} pattern database (group ${number} of ${progress.groups}, ${Math.floor(fraction * 100)}%)`,
      fraction,
      group: { number, of: progress.groups, fraction: groupFraction },
      note: making ? oneTimeNote(tables) : undefined,
      estimate: estimate?.hear(progress),
      phase: progress.phase,
    });
  };
}

/**
 * What the panel shows as a build is about to start ('start'), or before
 * that while a trial build times this machine ('trial'): what will be built,
 * loaded and derived, and what the build takes.
 */
function buildStarting(tables: SlidingTables, work: TablesWork, phase: 'trial' | 'start', estimate: EstimateShown): TablesShown {
  const count = (groups: number[], what: string) => (groups.length > 0 ? [`${groups.length} ${what}`] : []);
  const parts = [
    ...count(work.builds, work.builds.length === 1 ? 'table to build' : 'tables to build'),
    ...count(work.derives, 'to read out of another by symmetry'),
    ...count(work.loads, 'kept in this browser'),
  ];
  const groups = work.partition.groups.length;
  const doing = phase === 'trial' ? 'Timing a trial build, then starting' : 'Starting';
  return {
    text: `${doing} the ${tables.partition} pattern database (${parts.join(', ')})`,
    fraction: work.loads.length / groups,
    // Counted in the order of preparation (see tablesReporter): nothing is prepared yet, the first comes next.
    group: { number: 1, of: groups, fraction: 0 },
    note: oneTimeNote(tables),
    estimate,
    phase,
  };
}

/**
 * The rates to estimate `work` with: those this browser keeps, after a trial
 * build when none of them comes from a table as large as the trial's (said on
 * the panel while it runs; if the trial fails, the build's own rate says the
 * time later).
 */
async function ratesFor(
  client: SolverClient,
  engine: EngineName,
  tables: SlidingTables,
  work: TablesWork,
  show: (shown: TablesShown) => void,
): Promise<MeasuredRate[]> {
  const kept = readRates();
  const tiles = trialFor(
    kept,
    engine,
    work.builds.reduce((all, group) => all + work.entries(group), 0),
  );
  if (tiles === null) return kept;
  const memoryBytes = work.memoryBytes;
  show(
    buildStarting(tables, work, 'trial', {
      text: `On this machine: ${memoryText(memoryBytes)}; timing a trial build here first to say how long it takes…`,
      memoryBytes,
    }),
  );
  try {
    const trial = await client.cancellable(
      async (signal) => {
        // Timed once the pool's workers have started, not while they compile and set up beside it.
        await client.started(engine);
        return timeTrialBuild(engine, tiles, signal);
      },
      async () => 'the trial build was stopped before any table was built.',
    );
    return keepRates(trial);
  } catch (error) {
    if (error instanceof SolveCancelled) throw error;
    console.warn(`puzzlesearch: ${error instanceof Error ? error.message : String(error)}; the build times itself instead`);
    return kept;
  }
}

/** Readies `tables` for `goal` on the engine's workers as `work` says, shown through `show` (null when done or stopped); where they came from. */
export async function readyTables(
  client: SolverClient,
  engine: EngineName,
  tables: SlidingTables,
  goal: GoalName,
  work: TablesWork | null,
  show: (shown: TablesShown | null) => void,
): Promise<TablesSource> {
  const building = work && work.builds.length > 0 ? work : null;
  let estimate: BuildEstimate | null = null;
  try {
    if (building) {
      const rates = await ratesFor(client, engine, tables, building, show);
      estimate = new BuildEstimate(building, earlierRates(rates, engine, building));
      show(buildStarting(tables, building, 'start', estimate.shown()));
    }
    const source = await client.prepareTables(engine, tables.size, goal, tablesReporter(tables, building, estimate, show));
    estimate?.finish();
    return source;
  } finally {
    // Every table made whole is timed, those before a Cancel too (the one it stopped is not).
    if (building && estimate) keepRates(ratesTimed(engine, building, estimate.timed()));
    show(null);
  }
}
