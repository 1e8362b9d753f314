/**
 * Outside: how long a pattern-database build takes on this machine, and how
 * much memory, said while it runs. The memory comes from the work to do (known table
 * sizes, see tablesWork.ts). The time is measured here, not assumed: until a
 * whole table is built, from the rate at which the table in hand settles its
 * entries, over the entries of every table still to build; after that, from
 * the time that table took, for each table still to build (tables of one size
 * take the same rounds over the same entries). A table read out of another
 * through a symmetry takes seconds: counted once one was timed.
 */
import type { TablesProgress } from './solverClient.js';
import type { TablesWork } from './tablesWork.js';

/** What the estimate says now: its words, and its numbers (for the page's data attributes). */
export interface EstimateShown {
  text: string;
  memoryBytes: number;
  /** Milliseconds still to go, and for the whole preparation from its start; absent until measured. */
  leftMs?: number;
  totalMs?: number;
}

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

type Making = 'build' | 'derive';

interface Timed {
  ms: number;
  entries: number;
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/** `bytes` in words: 1.8 GB, 35 MB. */
export function bytesText(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`;
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
  private current: { group: number; making: Making; start: number; settled: number } | null = null;
  private readonly made: Record<Making, Timed[]> = { build: [], derive: [] };
  private readonly left: Record<Making, Set<number>>;

  constructor(
    private readonly work: TablesWork,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.began = this.last = now();
    this.left = { build: new Set(work.builds), derive: new Set(work.derives) };
  }

  /** One progress report of the preparation (loads and shares take no part in the timing); what to say now. */
  hear(progress: TablesProgress): EstimateShown {
    const now = this.now();
    const { phase, group } = progress;
    if (phase === 'build' || phase === 'derive') {
      if (this.current?.group !== group || this.current.making !== phase) {
        this.finishCurrent();
        this.current = { group, making: phase, start: this.last, settled: 0 };
        this.left.build.delete(group);
        this.left.derive.delete(group);
      }
      this.current.settled = progress.settled;
    }
    this.last = now;
    return this.shown(now);
  }

  /** What to say at `now` (before the first report: the memory, and that the timing is under way). */
  shown(now = this.now()): EstimateShown {
    const memoryBytes = this.work.memoryBytes;
    const memory = `${bytesText(memoryBytes)} of memory while building`;
    const leftMs = this.leftMs(now);
    if (leftMs === undefined) return { text: `On this machine: ${memory}; timing the build to say how long it takes…`, memoryBytes };
    const totalMs = now - this.began + leftMs;
    return {
      text: `On this machine: about ${durationText(totalMs)} in all, ${durationText(leftMs)} left (measured); ${memory}.`,
      memoryBytes,
      leftMs,
      totalMs,
    };
  }

  private finishCurrent(): void {
    const { current } = this;
    if (current) this.made[current.making].push({ ms: this.last - current.start, entries: this.work.entries(current.group) });
  }

  /** Milliseconds per entry of the tables made so far that way, if any. */
  private msPerEntry(making: Making): number | undefined {
    const timed = this.made[making];
    return timed.length === 0 ? undefined : sum(timed.map(({ ms }) => ms)) / sum(timed.map(({ entries }) => entries));
  }

  private leftMs(now: number): number | undefined {
    const rates: Record<Making, number | undefined> = { build: this.msPerEntry('build'), derive: this.msPerEntry('derive') };
    let left = 0;
    const { current } = this;
    if (current) {
      const elapsed = now - current.start;
      const entries = this.work.entries(current.group);
      const timed = rates[current.making];
      if (timed !== undefined) {
        left += Math.max(0, entries * timed - elapsed);
      } else {
        const measurable = current.making === 'derive' ? current.settled > 0 : current.settled >= entries * MIN_FRACTION && elapsed >= MIN_MS;
        if (!measurable) return undefined;
        const rate = elapsed / current.settled;
        left += (entries - current.settled) * rate;
        rates[current.making] = rate;
      }
    }
    const later = (making: Making) => sum([...this.left[making]].map((group) => this.work.entries(group)));
    if (this.left.build.size > 0) {
      if (rates.build === undefined) return undefined;
      left += later('build') * rates.build;
    }
    // Reads through a symmetry: seconds; counted once one was timed.
    if (rates.derive !== undefined) left += later('derive') * rates.derive;
    return left;
  }
}
