/**
 * Inside: a worker that times a trial table build on this machine for the
 * page's build estimate (started by trialBuild.ts, then ended): one table
 * of a 4x4 board built, then its mirror image read out of it through a board
 * symmetry, on the engine and of the size asked for, each timed whole, after
 * an untimed build of the 5-tile table that warms the engine's code up.
 */
import { type PdbBuild, loadCore, makePartition, symmetricSource } from '../../../src/internal.js';
import type { TrialAnswer, TrialRequest, TrialTiles } from './trialBuild.js';

/**
 * The trial partitions by the tiles of the table timed, all with the blank
 * on cell 0 of a 4x4 board: group 0 (the first row's right three and cells
 * below them) and group 1 are mirror images about the diagonal through the
 * blank, so group 1 is read out of group 0. The rest is never made.
 */
const TRIAL_GROUPS: Record<TrialTiles, number[][]> = {
  5: [
    [1, 2, 3, 6, 7],
    [4, 8, 9, 12, 13],
    [5, 10, 11, 14, 15],
  ],
  6: [
    [1, 2, 3, 6, 7, 11],
    [4, 8, 9, 12, 13, 14],
    [5, 10, 15],
  ],
};

/** The worker's own side of postMessage (the page's DOM types do not describe a worker's scope). */
interface WorkerScope {
  postMessage(message: TrialAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TrialRequest>) => void): void;
}

/** Runs `table` to the end: its entries and milliseconds. */
function timeWhole(table: () => PdbBuild): { entries: number; ms: number } {
  const start = performance.now();
  const build = table();
  while (build.round());
  return { entries: build.entries, ms: performance.now() - start };
}

async function timeTrial({ engine, tiles }: TrialRequest): Promise<TrialAnswer> {
  const core = await loadCore(engine);
  // Untimed first: V8 runs new code on a quick first tier and optimises the
  // hot functions in the background (a 5-tile trial timed cold once took
  // 1.4 s against 0.2-0.4 s warm).
  timeWhole(() => core.pdb.build(makePartition(4, 4, 0, TRIAL_GROUPS[5], 'warm-up'), 0));
  const partition = makePartition(4, 4, 0, TRIAL_GROUPS[tiles], 'trial');
  const source = symmetricSource(partition, 1, [{ partition, group: 0 }]);
  if (!source) throw new Error('the trial groups are not mirror images');
  const build = timeWhole(() => core.pdb.build(partition, 0));
  const derive = timeWhole(() => core.pdb.derive(partition, 1, partition, 0, source.cellMap));
  return {
    timed: [
      { making: 'build', cells: 16, tiles, ...build },
      { making: 'derive', cells: 16, tiles, ...derive },
    ],
  };
}

const scope = globalThis as unknown as WorkerScope;
scope.addEventListener('message', (event) => {
  timeTrial(event.data).then(
    (answer) => scope.postMessage(answer),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
