/**
 * The CLI's worker threads for --jobs: a pool started on first need (an input
 * this thread answers sooner than a worker starts never pays for one), given
 * the wasm module this thread compiled, and given each size's tables once,
 * loaded from the cache this thread's preparation filled.
 */
import { compilePuzzleWasm } from '../engine/wasm/loader.js';
import type { SolverPool } from '../pool/outside.js';
import type { Options } from './options.js';
import type { CliIO } from './output.js';
import type { TablesGoal } from './slidingTables.js';

/** A size's tables for one goal, or undefined for a case that needs none. */
export type TablesNeed = { size: string; goal: TablesGoal } | undefined;

export class CliWorkers {
  /** The pool once up; null before, or when it could not start. */
  started: SolverPool | null = null;
  /** The pool module's hook for answering a chunk of cases on a worker, once the module is loaded. */
  judgeOn: typeof import('../pool/outside.js').judgeCasesOn | null = null;
  private starting: Promise<SolverPool | null> | null = null;
  // Ends a start still under way when the input is done first.
  private readonly abandon = new AbortController();
  // The pool with the tables of each need ('' for none); a key is in `ready` once its promise has settled.
  private readonly withTablesOf = new Map<string, Promise<SolverPool | null>>();
  private readonly ready = new Set<string>();

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
    this.starting ??= Promise.all([import('../pool/outside.js'), options.engine === 'wasm' ? compilePuzzleWasm() : undefined])
      // The module this thread compiled (code already tiered up included) goes to the workers as is.
      .then(([{ createSolverPool, judgeCasesOn }, wasm]) => {
        this.judgeOn = judgeCasesOn;
        return createSolverPool({ workers: this.count, engine: options.engine, wasm, signal: this.abandon.signal, tables: { partition: options.partition } });
      })
      .then(
        (ready) => (this.started = ready),
        (error: Error) => {
          if (error.name !== 'AbortError') this.io.error(`puzzlesearch: warning: no worker threads (${error.message.split('\n')[0]}); solving in one thread`);
          return null;
        },
      );
    return this.starting;
  }

  /** The pool with `need`'s tables loaded in every worker (once per need). */
  withTables(need: TablesNeed): Promise<SolverPool | null> {
    const key = needKey(need);
    let ready = this.withTablesOf.get(key);
    if (!ready) {
      ready = this.start().then(async (pool) => {
        if (pool && need)
          await pool.prepareTables(need.size, { goal: need.goal }).catch((error: Error) => {
            this.io.error(`puzzlesearch: warning: the workers have no ${need.size} pattern database (${error.message.split('\n')[0]})`);
          });
        this.ready.add(key);
        return pool;
      });
      this.withTablesOf.set(key, ready);
    }
    return ready;
  }

  /** Whether withTables(need) has settled: the workers can take such a case now. */
  readyFor(need: TablesNeed): boolean {
    return this.ready.has(needKey(need));
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

function needKey(need: TablesNeed): string {
  return need ? `${need.size} ${need.goal}` : '';
}
