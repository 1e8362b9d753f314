/**
 * How long the rest of a pattern-database preparation takes, from its own
 * progress reports: the one estimator of the CLI's `tables build` bar
 * (src/cli/progress.ts) and the web page's build estimate
 * (web/page/sliding/buildEstimate.ts, which adds the words and the memory).
 *
 * A BFS build's rounds are not linear in its entries: the first rounds reach
 * few entries and the middle ones settle most of them fastest, so the work
 * done (entries settled of the partition's) says little of the time left
 * early in a table (the CLI said 7 min 38 s left of a build that took 96 s).
 * What predicts a table is a table made the same way: until one is whole,
 * the rate at which the table in hand settles its entries once enough of it
 * is settled (MIN_FRACTION, MIN_MS), or a rate timed before (the page keeps
 * them); after that, the milliseconds an entry of the tables made whole in
 * this preparation, preferring those of the same entries (a 3-tile table's
 * working memory stays in the caches and runs faster an entry), for each
 * table still to make. A read through a board symmetry (a derive) is timed
 * apart: seconds, where a build takes minutes. A read fills its entries
 * evenly, so the read in hand is predicted by its own rate; the reads to come
 * by those made the same way (see ReadKind), else by the read in hand.
 */
import type { PdbPartition } from '../engine/contract.js';
import { groupTableEntries } from '../engine/pdbSizes.js';
import { symmetricSource } from './partitions.js';
import { makingOrder, type TablesProgress } from './tables.js';

export type Making = 'build' | 'derive';

/**
 * How a read through a symmetry reads its source: 'in place' when the
 * symmetry leaves every cell where it is (the source's entries read in
 * order, a copy), 'moved' through a turn or a reflection (the source read
 * scattered: on 5x5 6-6-6-6, load 5 to 9, a half turn read 16 to 25 s a
 * table where in place took 5.5 to 7 s).
 */
export type ReadKind = 'in place' | 'moved';

/** A rate to predict a table with: milliseconds an entry, in words what it was measured on, and whether on a smaller table. */
export interface EarlierRate {
  msPerEntry: number;
  source: string;
  /** Timed on a table of fewer entries than the one predicted: such tables run faster an entry, so the time may come out short. */
  fromSmaller?: boolean;
}

/** What the preparation will make: the groups to build and to read through a symmetry, and each group's entries. */
export interface BuildWork {
  builds: readonly number[];
  derives: readonly number[];
  entries(group: number): number;
  /** How a read group reads its source, when the plan knows it; undefined otherwise (every read alike). */
  readKind?(group: number): ReadKind | undefined;
}

/** A table made in this preparation: its group, and how long it took. */
export interface Timed {
  group: number;
  making: Making;
  ms: number;
}

/**
 * The time left, and what most of it was predicted from: this build's rates
 * (source null), or an earlier one (its source in words), and whether from
 * tables smaller than those it predicts.
 */
export interface TimeLeft {
  ms: number;
  source: string | null;
  fromSmaller: boolean;
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

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

export class BuildTimer {
  protected readonly began: number;
  /** When the last report came: a table's making starts when the one before it ended. */
  private last: number;
  protected heard = false;
  private current: { group: number; making: Making; start: number; settled: number } | null = null;
  private readonly made: Timed[] = [];
  private readonly left: Record<Making, Set<number>>;

  /** `earlier`: a rate timed before for group `group` made that way, if any; `began`: when the first table began, if before now. */
  constructor(
    private readonly work: BuildWork,
    private readonly earlier: (making: Making, group: number) => EarlierRate | undefined = () => undefined,
    protected readonly now: () => number = () => performance.now(),
    began = now(),
  ) {
    this.began = this.last = began;
    this.left = { build: new Set(work.builds), derive: new Set(work.derives) };
  }

  /** One progress report of the preparation (loads and shares take no part in the timing, but end the table in hand). */
  hear(progress: TablesProgress): void {
    const now = this.now();
    const { phase, group } = progress;
    const making = phase === 'build' || phase === 'derive' ? phase : null;
    if (this.current && (this.current.group !== group || this.current.making !== making)) this.finish();
    if (making && !this.current) this.current = { group, making, start: this.last, settled: 0 };
    // A group reported is begun, or done (a load, a share): no longer to make.
    this.left.build.delete(group);
    this.left.derive.delete(group);
    if (making === 'derive') {
      // The builds come first (buildsFirst in tables.ts): once a read begins, what is left is read too,
      // which a work guessed from the reports alone (the CLI's, reportedWork) cannot know sooner.
      for (const build of this.left.build) this.left.derive.add(build);
      this.left.build.clear();
    }
    if (this.current) this.current.settled = progress.settled;
    this.last = now;
    this.heard = true;
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

  /** Milliseconds since the timer began. */
  elapsed(now = this.now()): number {
    return now - this.began;
  }

  /** The time left at `now`; undefined while nothing predicts a table still to build. */
  timeLeft(now = this.now()): TimeLeft | undefined {
    const { current } = this;
    const inHand = this.currentRate(now);
    const liveRate = (making: Making, group: number): number | undefined => {
      const alike = this.madeRate(making, group, true);
      if (alike !== undefined) return alike;
      // A read in hand read the same way says more than reads made another way.
      const inHandAlike = current?.making === making && this.sameKind(making, current.group, group);
      if (inHandAlike && inHand !== undefined) return inHand;
      return this.madeRate(making, group) ?? (current?.making === making ? inHand : undefined);
    };
    // Milliseconds by where their rate came from (null: this build).
    const bySource = new Map<string | null, number>();
    const add = (source: string | null, ms: number) => bySource.set(source, (bySource.get(source) ?? 0) + ms);
    const fromSmaller = new Set<string>();
    /** Adds group `group`'s time (`done` of it spent already); false when nothing predicts it. */
    const predict = (making: Making, group: number, done = 0): boolean => {
      const entries = this.work.entries(group);
      const live = liveRate(making, group);
      if (live !== undefined) {
        add(null, Math.max(0, entries * live - done));
        return true;
      }
      const earlier = this.earlier(making, group);
      if (earlier) add(earlier.source, Math.max(0, entries * earlier.msPerEntry - done));
      if (earlier?.fromSmaller) fromSmaller.add(earlier.source);
      return earlier !== undefined;
    };
    if (current) {
      // The table in hand at its own rate, what its unsettled entries take: a build's only while no
      // table was made (its rate varies over its rounds), a read's always (it fills its entries evenly).
      if (inHand !== undefined && (current.making === 'derive' || this.madeRate(current.making, current.group) === undefined)) {
        add(null, (this.work.entries(current.group) - current.settled) * inHand);
      } else if (!predict(current.making, current.group, now - current.start)) return undefined;
    }
    for (const group of this.left.build) if (!predict('build', group)) return undefined;
    // Reads through a symmetry: seconds; counted once one was timed, here or earlier.
    for (const group of this.left.derive) predict('derive', group);
    const ms = sum(bySource.values());
    const [source] = [...bySource].reduce((most, entry) => (entry[1] > most[1] ? entry : most), [null, -1] as [string | null, number]);
    return { ms, source, fromSmaller: source !== null && fromSmaller.has(source) };
  }

  /**
   * Milliseconds an entry of the tables this preparation made that way, read
   * the same way as `group` (ReadKind) if any was, and of those, those of
   * `group`'s entries if any; undefined before one (with `sameKindOnly`,
   * before one read the same way).
   */
  private madeRate(making: Making, group: number, sameKindOnly = false): number | undefined {
    const timed = this.made.filter((table) => table.making === making);
    const sameKind = timed.filter((table) => this.sameKind(making, table.group, group));
    if (sameKindOnly && sameKind.length === 0) return undefined;
    const kind = sameKind.length > 0 ? sameKind : timed;
    const alike = kind.filter((table) => this.work.entries(table.group) === this.work.entries(group));
    const basis = alike.length > 0 ? alike : kind;
    return basis.length === 0 ? undefined : sum(basis.map(({ ms }) => ms)) / sum(basis.map(({ group }) => this.work.entries(group)));
  }

  /** Whether groups `a` and `b` are made alike: builds always; reads when the plan says they read the same way, or says nothing. */
  private sameKind(making: Making, a: number, b: number): boolean {
    return making === 'build' || this.work.readKind?.(a) === this.work.readKind?.(b);
  }

  /** Milliseconds an entry of the table in hand, once it says enough (see MIN_FRACTION). */
  private currentRate(now: number): number | undefined {
    const { current } = this;
    if (!current) return undefined;
    const elapsed = now - current.start;
    const measurable =
      current.making === 'derive' ? current.settled > 0 : current.settled >= this.work.entries(current.group) * MIN_FRACTION && elapsed >= MIN_MS;
    return measurable ? elapsed / current.settled : undefined;
  }
}

/**
 * The work of one partition as its own progress reports tell it, for a caller
 * not told the plan (the CLI's bar): the groups not yet begun, each built
 * (until a read begins, see BuildTimer.hear), and each group's entries once
 * reported, the rest of the partition's (`total`) shared evenly by the
 * groups not yet reported. `hear` every report before the timer does.
 */
export function reportedWork(first: TablesProgress): BuildWork & { hear(progress: TablesProgress): void } {
  const seen = new Map<number, number>();
  const all = Array.from({ length: first.groups }, (_, group) => group);
  const total = first.total ?? first.entries * first.groups;
  return {
    builds: all,
    derives: [],
    entries(group) {
      const known = seen.get(group);
      if (known !== undefined) return known;
      return Math.max(0, total - sum(seen.values())) / Math.max(1, first.groups - seen.size);
    },
    hear(progress) {
      seen.set(progress.group, progress.entries);
    },
  };
}

/**
 * The work of each partition a prepare() makes, in its order, for a solver
 * that holds no tables yet (the CLI's `tables build`): which groups it
 * builds and which it reads out of one, by the library's own makingOrder,
 * each partition after those before it are held. A group found in the cache
 * is loaded instead, which its report says (BuildTimer.hear drops it).
 */
export function buildPlans(partitions: readonly PdbPartition[]): BuildWork[] {
  return partitions.map((partition, index) => {
    const held = partitions.slice(0, index).flatMap((before) => before.groups.map((_, group) => ({ partition: before, group })));
    const { built, derived } = makingOrder(partition, held);
    // Each read's source as the preparation finds it: among the held tables, those built and the reads before it.
    const sources = [...held, ...built.map((group) => ({ partition, group }))];
    const kinds = new Map<number, ReadKind>();
    for (const group of derived) {
      const cellMap = symmetricSource(partition, group, sources)?.cellMap;
      kinds.set(group, cellMap?.every((to, from) => to === from) ? 'in place' : 'moved');
      sources.push({ partition, group });
    }
    return { builds: built, derives: derived, entries: (group) => groupTableEntries(partition, group), readKind: (group) => kinds.get(group) };
  });
}
