/**
 * Outside: how long a pattern-database build takes on this machine, and how
 * much memory, said before it starts and while it runs. The memory comes from
 * the work to do (known table sizes, see tablesWork.ts). The time is measured
 * here, never assumed. Before the build, and until this build has measured
 * its own, it comes from a rate timed earlier in this browser (buildRates.ts:
 * a table built before, or a trial build just now), in milliseconds an entry,
 * over the entries of every table to make. Then from this build: until a
 * whole table is built, the rate at which the table in hand settles its
 * entries; after that, the time that table took, for each table still to
 * build (tables of one size take the same rounds over the same entries). A
 * table read out of another through a symmetry takes seconds: counted once
 * one was timed, here or earlier.
 */
import type { EarlierRate, Making } from './buildRates.js';
import type { TablesProgress } from '../../../src/index.js';
import type { TablesWork } from './tablesWork.js';
import type { EstimateShown } from '../panel/contract.js';

/**
 * A build's first rounds reach few entries (a BFS from the goal): its rate
 * says how long the table takes only once this much of it is settled, this
 * long after it started. Timed on a 6-tile 5x5 table in wasm: at 5% settled
 * the rate put the whole at twice its time, at 15% within a fifth, and later
 * within a fifth short (the middle rounds settle fastest). A read through a
 * symmetry fills its entries evenly.
 */
const MIN_FRACTION = 0.15;
const MIN_MS = 3000;

/** A table made in this build: its group, and how long it took. */
export interface Timed {
  group: number;
  making: Making;
  ms: number;
}

/**
 * The time left, and what most of it was predicted from: this build's rates,
 * or an earlier one (its source in words), and whether from tables smaller
 * than those it predicts (which run faster an entry: see buildRates.ts).
 */
interface Left {
  ms: number;
  source: string | null;
  fromSmaller: boolean;
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/** `bytes` in words: 1.8 GB, 35 MB. */
export function bytesText(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`;
}

/** The memory part of the estimate: "1.8 GB of memory while building". */
export function memoryText(bytes: number): string {
  return `${bytesText(bytes)} of memory while building`;
}

/** `ms` in words, as rounded as an estimate deserves: a few seconds, 40 seconds, 3 minutes. */
export function durationText(ms: number): string {
  if (ms < 10_000) return 'a few seconds';
  if (ms < 90_000) return `${Math.round(ms / 10_000) * 10} seconds`;
  return `${Math.round(ms / 60_000)} minutes`;
}

export class BuildEstimate {
  private readonly began: number;
  /** When the last report came: a table's making starts when the one before it ended. */
  private last: number;
  private heard = false;
  private current: { group: number; making: Making; start: number; settled: number } | null = null;
  private readonly made: Timed[] = [];
  private readonly left: Record<Making, Set<number>>;

  /** `earlier`: the rate kept in this browser for group `group` made that way, if any. */
  constructor(
    private readonly work: TablesWork,
    private readonly earlier: (making: Making, group: number) => EarlierRate | undefined = () => undefined,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.began = this.last = now();
    this.left = { build: new Set(work.builds), derive: new Set(work.derives) };
  }

  /** One progress report of the preparation (loads and shares take no part in the timing, but end the table in hand); what to say now. */
  hear(progress: TablesProgress): EstimateShown {
    const now = this.now();
    const { phase, group } = progress;
    const making = phase === 'build' || phase === 'derive' ? phase : null;
    if (this.current && (this.current.group !== group || this.current.making !== making)) this.finish();
    if (making && !this.current) {
      this.current = { group, making, start: this.last, settled: 0 };
      this.left.build.delete(group);
      this.left.derive.delete(group);
    }
    if (this.current) this.current.settled = progress.settled;
    this.last = now;
    this.heard = true;
    return this.shown(now);
  }

  /** The table in hand is done (the preparation ended): timed up to its last report. */
  finish(): void {
    const { current } = this;
    if (current) this.made.push({ group: current.group, making: current.making, ms: this.last - current.start });
    this.current = null;
  }

  /** The tables made whole so far, with their times. */
  timed(): Timed[] {
    return [...this.made];
  }

  /** What to say at `now` (before the first report: the time from an earlier rate, if any, and the memory). */
  shown(now = this.now()): EstimateShown {
    const memoryBytes = this.work.memoryBytes;
    const memory = memoryText(memoryBytes);
    const left = this.leftMs(now);
    if (left === undefined) return { text: `On this machine: ${memory}; timing the build to say how long it takes…`, memoryBytes };
    const totalMs = now - this.began + left.ms;
    const basis = left.source === null ? 'build' : 'earlier';
    const how = left.source === null ? 'measured on this build' : `measured ${left.source}`;
    const orMore = left.fromSmaller ? ' or more' : '';
    const time = this.heard ? `about ${durationText(totalMs)} in all, ${durationText(left.ms)}${orMore} left` : `about ${durationText(totalMs)}${orMore}`;
    return { text: `On this machine: ${time} (${how}); ${memory}.`, memoryBytes, leftMs: left.ms, totalMs, basis };
  }

  /** Milliseconds per entry of the tables this build made that way, if any. */
  private madeRate(making: Making): number | undefined {
    const timed = this.made.filter((table) => table.making === making);
    return timed.length === 0 ? undefined : sum(timed.map(({ ms }) => ms)) / sum(timed.map(({ group }) => this.work.entries(group)));
  }

  /** Milliseconds per entry of the table in hand, once it says enough (see MIN_FRACTION). */
  private currentRate(now: number): number | undefined {
    const { current } = this;
    if (!current) return undefined;
    const elapsed = now - current.start;
    const measurable =
      current.making === 'derive' ? current.settled > 0 : current.settled >= this.work.entries(current.group) * MIN_FRACTION && elapsed >= MIN_MS;
    return measurable ? elapsed / current.settled : undefined;
  }

  private leftMs(now: number): Left | undefined {
    const { current } = this;
    const live: Record<Making, number | undefined> = { build: this.madeRate('build'), derive: this.madeRate('derive') };
    const inHand = this.currentRate(now);
    if (current && live[current.making] === undefined && inHand !== undefined) live[current.making] = inHand;
    // Milliseconds by where their rate came from (null: this build).
    const bySource = new Map<string | null, number>();
    const add = (source: string | null, ms: number) => bySource.set(source, (bySource.get(source) ?? 0) + ms);
    const fromSmaller = new Set<string>();
    /** Adds group `group`'s time (`done` of it spent already); false when nothing predicts it. */
    const predict = (making: Making, group: number, done = 0): boolean => {
      const entries = this.work.entries(group);
      if (live[making] !== undefined) {
        add(null, Math.max(0, entries * live[making] - done));
        return true;
      }
      const earlier = this.earlier(making, group);
      if (earlier) add(earlier.source, Math.max(0, entries * earlier.msPerEntry - done));
      if (earlier?.fromSmaller) fromSmaller.add(earlier.source);
      return earlier !== undefined;
    };
    if (current) {
      const elapsed = now - current.start;
      // The table in hand at its own rate: what its unsettled entries take.
      if (inHand !== undefined && this.madeRate(current.making) === undefined) add(null, (this.work.entries(current.group) - current.settled) * inHand);
      else if (!predict(current.making, current.group, elapsed)) return undefined;
    }
    for (const group of this.left.build) if (!predict('build', group)) return undefined;
    // Reads through a symmetry: seconds; counted once one was timed, here or earlier.
    for (const group of this.left.derive) predict('derive', group);
    const ms = sum(bySource.values());
    const [source] = [...bySource].reduce((most, entry) => (entry[1] > most[1] ? entry : most), [null, -1] as [string | null, number]);
    return { ms, source, fromSmaller: source !== null && fromSmaller.has(source) };
  }
}
