/**
 * Progress of a table build on standard error: a bar redrawn in place when
 * standard error is a terminal, plain lines (at most one a second, and one per
 * finished group) when it is a file or a pipe, so that logs stay readable.
 * Written here rather than taken from a progress-bar package because it must go
 * through the CLI's own error sink (tests run the CLI in-process) and needs one
 * line of drawing.
 *
 * The bar counts work (entries, `TablesProgress.done` of `total`), not
 * tables; it never goes back (a pool's workers report the same tables again
 * as they receive them); it fits the terminal's width; a long build shows an
 * estimate of the time left, from the library's BuildTimer (the web page's
 * estimator too: the time a whole table took, or the rate of the table in
 * hand once enough of it is settled, never the share of entries done, which
 * a BFS's slow first rounds make say minutes for seconds); and it ends with
 * a final message on a line of its own. Tables loaded from the cache, which take a fraction of a second,
 * say so in one line rather than one a table.
 */
import type { TablesProgress } from '../pdb/tables.js';
import { BuildTimer, type BuildWork, reportedWork } from '../pdb/buildTimer.js';
import type { CensusProgress } from '../api/census.js';
import type { SlidingProgress } from '../api/types.js';

export interface ProgressSink {
  write(text: string): unknown;
  /** True when the sink is a terminal that honours a carriage return. */
  isTTY?: boolean;
  /** The terminal's width in columns, when known. */
  columns?: number;
}

const BAR_WIDTH = 30;
/** A census shows its estimate of the time left once it has run this long (ms). */
const ETA_AFTER_MS = 3000;

/**
 * What a group's line says while its phase runs and once it is done. Keyed by
 * string: a table read through a board symmetry ('derive') says so, and a
 * phase added later reads as a build rather than breaking the bar.
 */
const PHASE_WORDS: Record<string, [string, string]> = {
  load: ['loaded', 'loaded'],
  build: ['building', 'built'],
  derive: ['deriving', 'derived'],
  share: ['receiving', 'received'],
};

/** 0.456 as ' 45%'. */
const percentOf = (shown: number) => `${Math.floor(100 * shown)}%`.padStart(4);

/** 75 s as '1m 15s', 8 s as '8s'. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

/** The work done, 0..1: entries when the progress counts them, else whole tables. */
function workDone(progress: TablesProgress): number {
  if (progress.total !== undefined && progress.done !== undefined && progress.total > 0) return progress.done / progress.total;
  return (progress.group + progress.settled / progress.entries) / progress.groups;
}

/** Whether this is the partition's last step: all its work done (or, counting tables, its last one finished). */
function lastStep(progress: TablesProgress): boolean {
  if (progress.total !== undefined && progress.done !== undefined) return progress.done >= progress.total;
  return progress.settled === progress.entries && progress.group === progress.groups - 1;
}

/**
 * The reporter of one sink. `loads: false` (the solving commands without
 * --stats) keeps loads and a pool's copies silent, unless a build of the same
 * partition is on screen: then its final line still comes.
 */
export function tablesProgress(
  sink: ProgressSink,
  label: string,
  { loads = true, plans = [] }: { loads?: boolean; plans?: readonly BuildWork[] } = {},
): (progress: TablesProgress) => void {
  let lastTime = 0;
  let lastText = '';
  let started = 0;
  let shown = 0;
  /**
   * What was done to each finished table, for the final message, by
   * partition and group: another partition's late reports (a pool's workers
   * adopting the tables of the one readied before) count for none of this
   * one's tables.
   */
  let finishedBy = new Map<string, { partition: string; word: string }>();
  /** The partition just ended (its final line written). */
  let ended = false;
  /** The time left of the partition in hand, from its plan (buildPlans), else its work as its reports tell it. */
  let estimate: { work: ReturnType<typeof reportedWork>; timer: BuildTimer } | null = null;
  let partitions = 0;
  /** When the partition before ended: the next one's first table began then. */
  let previousEnd: number | undefined;
  return (progress) => {
    const quick = progress.phase === 'load' || progress.phase === 'share';
    if (quick && !loads && started === 0) return;
    const now = Date.now();
    if (started === 0) started = now;
    if (estimate === null) {
      const work = reportedWork(progress);
      const plan = plans[partitions++];
      const planned = plan && plan.builds.length + plan.derives.length === progress.groups ? plan : work;
      estimate = { work, timer: new BuildTimer(planned, undefined, Date.now, previousEnd) };
    }
    estimate.work.hear(progress);
    estimate.timer.hear(progress);
    const done = progress.settled === progress.entries;
    // A pool's copies of tables come from other workers' builds: never this partition's end.
    const last = progress.phase !== 'share' && lastStep(progress);
    // A build reports its last round twice (settled, then stopped): one final line.
    if (last && ended) return;
    ended = last;
    const [going, finished] = PHASE_WORDS[progress.phase] ?? PHASE_WORDS.build;
    if (done) finishedBy.set(`${progress.partition} ${progress.group}`, { partition: progress.partition, word: finished });
    // Never backwards: another worker's copy of an earlier table reads as less work done.
    shown = Math.max(shown, workDone(progress));
    const percent = percentOf(shown);
    const what = `${label}: ${progress.partition} table ${progress.group + 1} of ${progress.groups} ${done ? finished : going}`;
    if (last) {
      // One final line, on its own: what was done to the tables, and how long it took.
      const counts = new Map<string, number>();
      for (const { partition, word } of finishedBy.values()) if (partition === progress.partition) counts.set(word, (counts.get(word) ?? 0) + 1);
      const how = [...counts].map(([word, count]) => `${count} ${word}`).join(', ');
      const final = `${label}: ${progress.partition} tables ready (${how}) in ${((now - started) / 1000).toFixed(1)} s`;
      // Off a terminal the last table's own line comes first, as every finished table's does (a load's does not).
      sink.write(sink.isTTY ? `\r\x1b[K${fit(final, sink.columns)}\n` : `${quick ? '' : `${percent} ${what}\n`}${final}\n`);
      started = 0;
      shown = 0;
      lastText = '';
      finishedBy = new Map();
      estimate = null;
      previousEnd = now;
      return;
    }
    // Loads and copies take a fraction of a second: the final line alone says they happened.
    if (quick) return;
    if (sink.isTTY) {
      if (done && what === lastText) return;
      lastText = done ? what : '';
      // The estimate is of the partition on screen: with more to come (--goal both), it says whose.
      const whose = plans.length > 1 && partitions <= plans.length ? ` for goal ${partitions} of ${plans.length}` : '';
      sink.write(barLine(sink, shown, what, estimate.timer.timeLeft(now)?.ms, whose));
      return;
    }
    const line = `${percent} ${what}\n`;
    // A group reports every round; a line a second while building, and each finished group once.
    if (line === lastText || (!done && now - lastTime < 1000)) return;
    lastTime = now;
    lastText = line;
    sink.write(line);
  };
}

/** The bar redrawn in place: `shown` of the work done, what is being done, and the time left (ms) once known, and of what (`whose`). */
function barLine(sink: ProgressSink, shown: number, what: string, leftMs: number | undefined, whose = ''): string {
  const filled = Math.round(BAR_WIDTH * shown);
  const percent = percentOf(shown);
  const left = leftMs !== undefined && shown < 1 ? `, about ${duration(leftMs)} left${whose}` : '';
  return `\r\x1b[K${fit(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent} ${what}${left}`, sink.columns)}`;
}

/**
 * The progress of a census (`puzzlesearch census`): the bar of states found
 * of all reachable ones on a terminal, else a line a second; `end()` clears
 * the bar (or does nothing off a terminal) before the result is printed.
 */
export function censusProgress(sink: ProgressSink, label: string): { onProgress: (progress: CensusProgress) => void; end: () => void } {
  const started = Date.now();
  let lastTime = started;
  let drawn = false;
  return {
    onProgress({ depth, states, total }) {
      const now = Date.now();
      const shown = states / total;
      const what = `${label}: distance ${depth}, ${states.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} states`;
      if (sink.isTTY) {
        // A census still says the time left from the share of states found (its rounds are BFS rounds too: left as it was).
        const ran = now - started;
        sink.write(barLine(sink, shown, what, ran >= ETA_AFTER_MS && shown >= 0.01 ? (ran * (1 - shown)) / shown : undefined));
        drawn = true;
      } else if (now - lastTime >= 1000) {
        lastTime = now;
        sink.write(`${percentOf(shown)} ${what}\n`);
      }
    },
    end() {
      if (drawn) sink.write('\r\x1b[K');
    },
  };
}

/** `text` cut to the terminal's width less one column, so that it never wraps (a wrapped bar cannot be redrawn in place). */
function fit(text: string, columns: number | undefined): string {
  if (columns === undefined || columns < 2 || text.length < columns) return text;
  return `${text.slice(0, columns - 2)}…`;
}

/** A search shows its line once it has run this long (ms): most searches end sooner, and a line that flashes says nothing. */
const SEARCH_LINE_AFTER_MS = 500;

/** 12_345_678 as '12.3M'. */
function compact(count: number): string {
  if (count >= 1e9) return `${(count / 1e9).toFixed(1)}G`;
  if (count >= 1e6) return `${(count / 1e6).toFixed(1)}M`;
  if (count >= 1e3) return `${(count / 1e3).toFixed(1)}k`;
  return String(Math.round(count));
}

/** A long search's live line: redrawn as the library reports, cleared before anything else is written. */
export interface SearchLine {
  /** The search of `label` ('case 3') reached `progress` (the IDA* bound, nodes so far, ms since it started). */
  report(label: string, progress: SlidingProgress): void;
  /** Clears the line if one is drawn (the search ended, or another line is about to be written). */
  clear(): void;
}

/**
 * The live line of a long sliding search (issue 39): on a terminal, once a
 * search has run SEARCH_LINE_AFTER_MS, its bound, nodes, rate and time so far
 * on one line of standard error, redrawn in place and cleared when the search
 * ends. Off a terminal there is none (undefined): no progress is asked of the
 * library, and logs and pipes get exactly what they got before.
 */
export function searchLine(sink: ProgressSink): SearchLine | undefined {
  if (!sink.isTTY) return undefined;
  let drawn = false;
  return {
    report(label, { bound, nodes, ms }) {
      if (ms < SEARCH_LINE_AFTER_MS) return;
      const rate = ms > 0 ? compact((1000 * nodes) / ms) : '?';
      sink.write(`\r\x1b[K${fit(`${label}: searching, bound ${bound}, ${compact(nodes)} nodes, ${rate} nodes/s, ${duration(ms)}`, sink.columns)}`);
      drawn = true;
    },
    clear() {
      if (!drawn) return;
      sink.write('\r\x1b[K');
      drawn = false;
    },
  };
}
