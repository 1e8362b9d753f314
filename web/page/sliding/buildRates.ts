/**
 * Outside: the table build rates measured in this browser, and which one
 * predicts a table. This module is the one reader and writer of their
 * localStorage record: per engine, per making (a build, or a read through a
 * symmetry) and per kind of table (board cells, group tiles), the latest
 * table timed here, whole: its entries and milliseconds, and when.
 *
 * A table is predicted by its own kind when one was timed, else by the
 * largest table timed. Milliseconds an entry is the unit because it carries
 * over between kinds: in wasm on this project's 2-core machine a 5-tile 4x4
 * table, a 6-tile 4x4 one and a 6-tile 5x5 one took 0.59, 0.61 and 0.61 µs an
 * entry; but small tables, whose working memory stays in the caches, can run
 * up to twice as fast an entry, so a prediction from them may come out short
 * (measurements in docs/web.md).
 */
import { ENGINES, type EngineName } from '../../../src/index.js';
import type { EarlierRate, Making } from '../../../src/internal.js';
import type { TablesWork } from './tablesWork.js';

/** One table made and timed in this browser. */
export interface MeasuredRate {
  engine: EngineName;
  making: Making;
  cells: number;
  tiles: number;
  entries: number;
  ms: number;
  /** When it was timed (Date.now()). */
  at: number;
  /** A trial build that timed this machine (trialBuild.ts), not a table the page needed. */
  trial: boolean;
}

/** The localStorage key of the record (the page's tables themselves live in IndexedDB, owned by the library). */
export const RATES_KEY = 'puzzlesearch-build-rates';

/**
 * Tables this small are not kept: in the page a table's time runs from one
 * progress report to the next, and a few thousand entries take less than the
 * reports' own overhead.
 */
const MIN_KEPT_ENTRIES = 100_000;

const kindKey = (rate: Pick<MeasuredRate, 'engine' | 'making' | 'cells' | 'tiles'>) => `${rate.engine} ${rate.making} ${rate.cells} ${rate.tiles}`;

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

function isMeasuredRate(value: unknown): value is MeasuredRate {
  const rate = value as Partial<MeasuredRate> | null;
  return (
    typeof rate === 'object' &&
    rate !== null &&
    (ENGINES as readonly unknown[]).includes(rate.engine) &&
    (rate.making === 'build' || rate.making === 'derive') &&
    [rate.cells, rate.tiles, rate.entries, rate.ms, rate.at].every(positive) &&
    typeof rate.trial === 'boolean'
  );
}

/** The rates kept in this browser; none where localStorage is unavailable or its record unreadable (it is then written afresh). */
export function readRates(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): MeasuredRate[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RATES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isMeasuredRate) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps `measured` (each replacing the earlier rate of its kind; tables too
 * small to time well are left out) and returns every rate kept now. Where
 * localStorage refuses (a private window, a full quota) the rates serve this
 * page only: the next visit times a trial build again.
 */
export function keepRates(
  measured: readonly MeasuredRate[],
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): MeasuredRate[] {
  const byKind = new Map(readRates(storage).map((rate) => [kindKey(rate), rate]));
  for (const rate of measured) if (rate.entries >= MIN_KEPT_ENTRIES && isMeasuredRate(rate)) byKind.set(kindKey(rate), rate);
  const rates = [...byKind.values()];
  try {
    storage?.setItem(RATES_KEY, JSON.stringify(rates));
  } catch {
    // Unavailable or full: see above.
  }
  return rates;
}

/** The largest table timed `making` on `engine`, if any. */
export function largestTimed(rates: readonly MeasuredRate[], engine: EngineName, making: Making): MeasuredRate | undefined {
  return rates
    .filter((rate) => rate.engine === engine && rate.making === making)
    .reduce<MeasuredRate | undefined>((best, rate) => (best && best.entries >= rate.entries ? best : rate), undefined);
}

/** The rate that predicts a `tiles`-tile table on `cells` cells: its own kind's, else the largest table's timed that way on `engine`. */
export function rateFor(rates: readonly MeasuredRate[], engine: EngineName, making: Making, cells: number, tiles: number): MeasuredRate | undefined {
  const own = rates.find((rate) => rate.engine === engine && rate.making === making && rate.cells === cells && rate.tiles === tiles);
  return own ?? largestTimed(rates, engine, making);
}

/** `ms` as a measurement is said: 0.2 s, 12 s, 75 s, 5.9 min. */
export function measuredText(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** What `rate` was measured on, as the estimate cites it: "just now: a trial 5-tile 4x4 table built in 0.2 s". */
export function rateSource(rate: MeasuredRate, now = Date.now()): string {
  const side = Math.round(Math.sqrt(rate.cells));
  const board = side * side === rate.cells ? `${side}x${side}` : `${rate.cells}-cell`;
  const when = now - rate.at < 60_000 ? 'just now' : `here on ${new Date(rate.at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}`;
  const made = rate.making === 'build' ? 'built' : 'read through a symmetry';
  return `${when}: a ${rate.trial ? 'trial ' : ''}${rate.tiles}-tile ${board} table ${made} in ${measuredText(rate.ms)}`;
}

/** For the build `work` on `engine`: each group's earlier rate, from the rates kept (see BuildEstimate). */
export function earlierRates(
  rates: readonly MeasuredRate[],
  engine: EngineName,
  work: TablesWork,
  now = Date.now(),
): (making: Making, group: number) => EarlierRate | undefined {
  const { partition } = work;
  const cells = partition.width * partition.height;
  return (making, group) => {
    const rate = rateFor(rates, engine, making, cells, partition.groups[group]!.length);
    return rate && { msPerEntry: rate.ms / rate.entries, source: rateSource(rate, now), fromSmaller: rate.entries < work.entries(group) };
  };
}

/** The tables of `work` this build timed, as rates to keep. */
export function ratesTimed(
  engine: EngineName,
  work: TablesWork,
  timed: ReadonlyArray<{ group: number; making: Making; ms: number }>,
  at = Date.now(),
): MeasuredRate[] {
  const { partition } = work;
  const cells = partition.width * partition.height;
  return timed.map(({ group, making, ms }) => ({
    engine,
    making,
    cells,
    tiles: partition.groups[group]!.length,
    entries: work.entries(group),
    ms,
    at,
    trial: false,
  }));
}
