/**
 * Outside: a trial table build timed on this machine, for a build estimate
 * when this browser has timed no table as large yet (see buildRates.ts). It runs in a
 * worker of its own (trialBuildWorker.ts), started for it and ended after, so
 * that the pool's workers keep their memory for the real tables; Cancel ends
 * it at once.
 *
 * Its table is a 4x4 board's, of 5 tiles (524,160 entries: 0.2-0.4 s in
 * wasm here, 3.5 MB) or of 6 (5,765,760: 3-4.5 s, 40 MB): the larger one that
 * costs at most a twentieth of the build it times, as large a table as the
 * build can afford (small tables run faster an entry: see buildRates.ts). It
 * runs unless this browser keeps a rate from a table at least that large.
 */
import { pdbEntryCount } from '../../../src/internal.js';
import type { EngineName } from '../../../src/index.js';
import { largestTimed, type MeasuredRate } from './buildRates.js';

/** The tiles of a trial table (see trialBuildWorker.ts). */
export type TrialTiles = 5 | 6;

/** What the page asks of the trial's worker. */
export interface TrialRequest {
  engine: EngineName;
  tiles: TrialTiles;
}

/** A trial costs at most this share of the build it times. */
const TRIAL_SHARE = 1 / 20;

/** The trial table's tiles for a build of `entries` entries in all. */
export function trialTiles(entries: number): TrialTiles {
  return pdbEntryCount(16, 6) <= entries * TRIAL_SHARE ? 6 : 5;
}

/** The trial to time before a build of `entries` entries on `engine`, or null when `rates` hold one from a table at least as large. */
export function trialFor(rates: readonly MeasuredRate[], engine: EngineName, entries: number): TrialTiles | null {
  const tiles = trialTiles(entries);
  return (largestTimed(rates, engine, 'build')?.entries ?? 0) >= pdbEntryCount(16, tiles) ? null : tiles;
}

/** What the trial's worker answers: each table it made, timed; or why it could not. */
export type TrialAnswer = { timed: Array<Pick<MeasuredRate, 'making' | 'cells' | 'tiles' | 'entries' | 'ms'>> } | { error: string };

/** Times the trial of `tiles` tiles on `engine`: its build and its read through a symmetry, as rates to keep; rejects with `signal`'s reason once it aborts. */
export function timeTrialBuild(engine: EngineName, tiles: TrialTiles, signal: AbortSignal): Promise<MeasuredRate[]> {
  signal.throwIfAborted();
  // This exact shape is what Vite recognises and bundles as a worker entry.
  const worker = new Worker(new URL('./trialBuildWorker.ts', import.meta.url), { type: 'module', name: 'puzzlesearch-trial-build' });
  return new Promise<MeasuredRate[]>((resolve, reject) => {
    const end = (settle: () => void) => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
      settle();
    };
    const abort = () => end(() => reject(signal.reason));
    signal.addEventListener('abort', abort);
    worker.addEventListener('message', (event: MessageEvent<TrialAnswer>) => {
      const answer = event.data;
      const at = Date.now();
      if ('error' in answer) end(() => reject(new Error(`the trial build failed: ${answer.error}`)));
      else end(() => resolve(answer.timed.map((table) => ({ ...table, engine, at, trial: true }))));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      end(() => reject(new Error(`the trial build's worker failed: ${event.message || 'it could not be loaded'}`)));
    });
    const request: TrialRequest = { engine, tiles };
    worker.postMessage(request);
  });
}
