/**
 * Sliding cases with --jobs: N workers, each case alone on one or spread over
 * all of them once it proves hard (parallel IDA*, src/parallel/dealer.ts),
 * while this thread reads, orders and prints.
 *
 * Measured and dropped: this thread answering the cases it settled within 2M
 * nodes while the workers started (with tables of its own). On 2 cores it
 * only took CPU from the starting workers: Korf's 100 with --jobs 2 took
 * 925 ms against 827 ms without it.
 */
import type { ManyFamilies, SlidingProgress, Solver } from '../api/types.js';
import { solveOne, type Answers } from './answers.js';
import type { InputCase } from './cases.js';
import { format, type Formatted } from '../judge/judge.js';
import { familyOptions, type Options } from './options.js';
import type { CaseTables } from './slidingTables.js';
import type { CliWorkers } from './workers.js';

/** A framed sliding case's cells: its token count (the framer made it 9, 16, 25 or --size's). */
function boardCells(text: string): number {
  return text.trim().split(/\s+/).length;
}

export class SlidingCases {
  constructor(
    private readonly solver: Solver,
    private readonly options: Options,
    private readonly answers: Answers,
    private readonly workers: CliWorkers,
    /** Readies a case's tables on the workers (or settles it on linear conflict). */
    private readonly tablesFor: (text: string) => Promise<CaseTables>,
  ) {}

  /**
   * A sliding case with workers: a board of 4x4 or larger goes to the pool, a
   * smaller one (over before a worker could be told) and a bad one are
   * answered here. While at least as many cases as workers are in flight or
   * read and waiting (`crowd`, with `behind` read after this one), a board
   * smaller than 5x5 is searched alone on a worker: the cases keep every
   * worker busy, and a search split over workers pays for a barrier at every
   * bound. With fewer (one hard board, or the last ones of a stream), and for
   * every 5x5 board, a case is tried alone and then spread over every worker.
   * A 24-puzzle's hard search runs for seconds to minutes, and one left
   * alone at the end of a stream kept the other worker idle: Korf and
   * Felner's 12 with --jobs 2 ended on #5 alone for 73 s of its 262 s.
   * Spread, they took 244.5 s: two cases alone at once searched about 41M
   * nodes/s together, one spread case 35-37M/s, a tenth less, which the
   * idle tail outweighed (bench/RESULTS.md, "On a quiet machine, the
   * afternoon"). Its outcome lands in input order on the chain, at most
   * eight a thread ahead.
   */
  async solve(item: InputCase, behind: number): Promise<void> {
    const { answers, options } = this;
    const crowd = answers.waiting + 1 + behind;
    const cells = boardCells(item.text);
    const outcome = item.error || cells <= 9 ? Promise.resolve(this.here(item)) : this.onWorkers(item, crowd >= options.jobs && cells < 25);
    answers.inOrder(
      async () => {
        // A search may run for long: what is already answered goes out first.
        await answers.output.flush(true);
        answers.report(item, await outcome);
      },
      // Written as it lands, also while the input stays open: a harness that
      // sends a case and waits for its answer must get it.
      () => answers.output.flush(true),
    );
    await answers.below(8 * options.jobs);
  }

  /** The case solved in this thread when its outcome is read. */
  private here(item: InputCase): () => Formatted {
    return () => format(this.answers.judge, item, solveOne(this.solver, this.options, item, this.answers.line));
  }

  /** `alone`: searched on one worker, never spread (see solve). */
  private async onWorkers(item: InputCase, alone: boolean): Promise<() => Formatted> {
    const { answers, options, workers } = this;
    const needs = await this.tablesFor(item.text);
    if (needs && 'settled' in needs) return () => format(answers.judge, item, needs.settled);
    const pool = await workers.start();
    if (!pool) return this.here(item);
    const sliding = { ...familyOptions(options), ...(alone ? { parallel: false } : {}) } as ManyFamilies['sliding']['options'];
    // The live line on a terminal: with several searches under way it shows the one that reported last.
    const line = answers.line;
    const onProgress = line && ((progress: SlidingProgress) => line.report(`case ${item.index}`, progress));
    const result = await pool.sliding(item.text, sliding, onProgress ? { onProgress } : undefined).catch((error: Error) => error);
    line?.clear();
    return () => {
      if (result instanceof Error) throw result;
      return format(answers.judge, item, result);
    };
  }
}
