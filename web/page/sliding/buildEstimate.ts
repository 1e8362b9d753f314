/**
 * Outside: how long a pattern-database build takes on this machine, and how
 * much memory, said before it starts and while it runs. The memory comes from
 * the work to do (known table sizes, see tablesWork.ts). The time is measured,
 * never assumed, by the library's BuildTimer (src/pdb/buildTimer.ts, the
 * CLI's estimator too): before the build, and until this build has measured
 * its own, from a rate timed earlier in this browser (buildRates.ts: a table
 * built before, or a trial build just now), in milliseconds an entry, over
 * the entries of every table to make; then from this build: until a whole
 * table is built, the rate at which the table in hand settles its entries;
 * after that, the time that table took, for each table still to build. A
 * table read out of another through a symmetry takes seconds: counted once
 * one was timed, here or earlier. This file says it in words.
 */
import type { TablesProgress } from '../../../src/index.js';
import { BuildTimer, type EarlierRate, type Making } from '../../../src/internal.js';
import type { TablesWork } from './tablesWork.js';
import type { EstimateShown } from '../panel/contract.js';

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

export class BuildEstimate extends BuildTimer {
  private readonly memoryBytes: number;

  /** `work`: the tables to make and the memory they take (tablesWork.ts); `earlier`: the rate kept in this browser for group `group` made that way, if any. */
  constructor(work: TablesWork, earlier?: (making: Making, group: number) => EarlierRate | undefined, now: () => number = () => performance.now()) {
    super(work, earlier, now);
    this.memoryBytes = work.memoryBytes;
  }

  /** One progress report of the preparation; what to say now. */
  override hear(progress: TablesProgress): EstimateShown {
    super.hear(progress);
    return this.shown();
  }

  /** What to say at `now` (before the first report: the time from an earlier rate, if any, and the memory). */
  shown(now = this.now()): EstimateShown {
    const { memoryBytes } = this;
    const memory = memoryText(memoryBytes);
    const left = this.timeLeft(now);
    if (left === undefined) return { text: `On this machine: ${memory}; timing the build to say how long it takes…`, memoryBytes };
    const totalMs = this.elapsed(now) + left.ms;
    const basis = left.source === null ? 'build' : 'earlier';
    const how = left.source === null ? 'measured on this build' : `measured ${left.source}`;
    const orMore = left.fromSmaller ? ' or more' : '';
    const time = this.heard ? `about ${durationText(totalMs)} in all, ${durationText(left.ms)}${orMore} left` : `about ${durationText(totalMs)}${orMore}`;
    return { text: `On this machine: ${time} (${how}); ${memory}.`, memoryBytes, leftMs: left.ms, totalMs, basis };
  }
}
