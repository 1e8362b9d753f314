/**
 * The CLI's worker threads for --jobs: a pool started on first need (an input
 * this thread answers sooner than a worker starts never pays for one), given
 * the wasm module this thread compiled, and given each size's tables once.
 */
import { compilePuzzleWasm } from '../engine/wasm/loader.js';
import type { TablesProgress } from '../pdb/tables.js';
import type { SolverPool } from '../pool/outside.js';
import type { Options } from './options.js';
import type { CliIO } from './output.js';
import type { TablesGoal } from './slidingTables.js';
import { trace } from '../trace.js';

export class CliWorkers {
  /** The pool once up; null before, or when it could not start. */
  started: SolverPool | null = null;
  /** The pool module's hook for answering a chunk of cases on a worker, once the module is loaded. */
  judgeOn: typeof import('../pool/outside.js').judgeCasesOn | null = null;
  private starting: Promise<SolverPool | null> | null = null;
  // Ends a start still under way when the input is done first.
  private readonly abandon = new AbortController();

  constructor(
    /** Worker threads: 0 for none. */
    readonly count: number,
    private readonly options: Options,
    private readonly io: CliIO,
  ) {}

  /** Whether a start was asked for (it may still be under way). */
  get requested(): boolean {
    return this.starting !== null;
  }

  /** The pool, started on the first call; null when it cannot start (every answer then comes from this thread). */
  start(): Promise<SolverPool | null> {
    const { options } = this;
    if (this.starting === null) trace('pool asked for');
    this.starting ??= Promise.all([import('../pool/outside.js'), options.engine === 'wasm' ? compilePuzzleWasm() : undefined])
      // The module this thread compiled (code already tiered up included) goes to the workers as is.
      .then(([{ createSolverPool, judgeCasesOn }, wasm]) => {
        trace('pool module loaded, plain module compiled');
        this.judgeOn = judgeCasesOn;
        // The workers' table warnings come through this process's standard error, as its own solver's do.
        const warn = (line: string) => this.io.error(line);
        return createSolverPool({
          workers: this.count,
          engine: options.engine,
          wasm,
          signal: this.abandon.signal,
          tables: { partition: options.partition },
          // One copy of the tables for every worker (the shared build) unless the
          // environment asks for the plain build's copy per worker (bench/threads.js compares the two).
          sharedTables: process.env.PUZZLESEARCH_SHARED_TABLES === '0' ? false : undefined,
          warn,
        });
      })
      .then(
        (ready) => {
          trace('pool ready');
          return (this.started = ready);
        },
        (error: Error) => {
          if (error.name !== 'AbortError') this.io.error(`puzzlesearch: warning: no worker threads (${error.message.split('\n')[0]}); solving in one thread`);
          return null;
        },
      );
    return this.starting;
  }

  /**
   * Readies a size's tables for one goal in every worker (one loads or
   * builds them, the others get its copy); false when the pool cannot start.
   */
  async prepareTables(size: string, goal: TablesGoal, onProgress: (progress: TablesProgress) => void, partition?: string): Promise<boolean> {
    const pool = await this.start();
    trace(`tables ${size} asked of the pool`);
    if (pool) await pool.prepareTables(size, { goal, partition }, { onProgress });
    trace(`tables ${size} ready on the pool`);
    return pool !== null;
  }

  /** Ends the pool, or a start still under way. */
  async end(): Promise<void> {
    if (this.started !== null) await this.started.terminate();
    else if (this.starting !== null) {
      this.abandon.abort();
      await this.starting;
    }
  }
}
