/**
 * Cases in chunks (--jobs with every family but sliding's, and this thread's
 * batches): a chunk is answered as printed text (judge.ts), in this thread or
 * on a worker, and printed as it lands, in input order. With N jobs, this
 * thread and N - 1 workers: this thread answers a chunk whenever the workers
 * have enough queued, and every chunk while they start.
 */
import type { Solver } from '../api/types.js';
import type { Answers } from './answers.js';
import type { InputCase } from './cases.js';
import { answerCases, joinChunks, type JudgeChunk } from '../judge/judge.js';
import type { Options } from './options.js';
import type { Family } from './usage.js';
import type { CliWorkers } from './workers.js';

/** How long (ms) the CLI's own thread solves before --jobs starts its workers. */
const POOL_AFTER_MS = 25;
/**
 * The least time (ms) a case must take to solve in the CLI's own thread for
 * workers to be worth starting: a cheaper case costs about as much to send to
 * a worker and back as to solve (8-puzzles take about 0.03 ms; flip, pilots
 * and fourline, a chunk in one engine call, about 0.001 ms).
 */
const POOL_CASE_MS = 0.01;

/** Cases a batch holds: many cheap ones, fewer searches (a chunk should not keep a worker busy for long). */
function chunkSize(family: Family): number {
  return family === 'eight' ? 256 : family === 'lightsout' ? 32 : family === 'sliding' ? 8 : 1024;
}

export class ChunkCases {
  /** Cases a chunk holds. */
  readonly chunk: number;
  private solvingMs = 0;
  private solvedHere = 0;
  private onPool = 0;
  // At most three chunks a worker are on the pool (one running, two that the
  // pool hands over as soon as the worker answers, even while this thread is
  // busy), and at most four a thread solving wait on the chain, so memory stays flat.
  private readonly landingLimit: number;

  constructor(
    private readonly solver: Solver,
    options: Options,
    private readonly answers: Answers,
    private readonly workers: CliWorkers,
    /** The cases read and not yet sent, in input order (the framer fills it). */
    private readonly ready: InputCase[],
  ) {
    this.chunk = chunkSize(options.family);
    this.landingLimit = 4 * options.jobs;
  }

  /** Sends full chunks (and with `all`, the rest) to be solved; with `end`, waits for every answer. */
  async dispatch(all: boolean, end = false): Promise<void> {
    const { ready, chunk, workers, answers } = this;
    while (ready.length >= chunk || (all && ready.length > 0)) {
      const items = ready.splice(0, chunk);
      // The workers start once this thread has solved for a while, its cases
      // are not too cheap to send, and a full chunk waits: an input that this
      // thread answers sooner than a worker starts (about 0.1 s) never pays
      // for one.
      if (workers.count > 0 && items.length === chunk && this.solvingMs >= POOL_AFTER_MS && this.solvingMs >= POOL_CASE_MS * this.solvedHere)
        void workers.start();
      const pool = workers.started;
      const toPool = pool !== null && this.onPool < 3 * workers.count;
      const answer = toPool ? workers.judgeOn!(pool, answers.judge, items).catch((error: Error) => error) : await this.answerHere(items);
      if (toPool) this.onPool++;
      answers.inOrder(
        async () => {
          answers.reportChunk(items, await answer);
          if (toPool) this.onPool--;
        },
        () => answers.output.flush(toPool && answers.waiting === 0),
      );
      // Lets answers land, and the pool's messages (workers up, answers in) arrive.
      await (workers.count > 0 ? new Promise((resolve) => setImmediate(resolve)) : answers.landed());
      await answers.below(this.landingLimit);
    }
    if (end) await answers.landed();
  }

  /**
   * A chunk answered in this thread. With workers, in slices, between which
   * the pool hands a worker that finished its next chunk (the pool posts calls
   * from this thread, so a worker waits while this thread is busy).
   */
  private async answerHere(items: InputCase[]): Promise<JudgeChunk> {
    const since = performance.now();
    this.solvedHere += items.length;
    if (this.workers.count === 0) {
      const answer = answerCases(this.solver, this.answers.judge, items);
      this.solvingMs += performance.now() - since;
      return answer;
    }
    const slice = Math.max(1, this.chunk >> 4);
    const parts: JudgeChunk[] = [];
    for (let at = 0; at < items.length; at += slice) {
      parts.push(answerCases(this.solver, this.answers.judge, items.slice(at, at + slice)));
      // Also while the workers start: each step of a start waits for this thread.
      if (this.workers.requested) await new Promise((resolve) => setImmediate(resolve));
    }
    this.solvingMs += performance.now() - since;
    return joinChunks(parts);
  }
}
