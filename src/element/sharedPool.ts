/**
 * The worker pool the board elements of a page share, started at the first
 * Solve or Hint (not at page load: a page of boards that nobody asks costs no
 * worker). One pool per engine, of at most two workers, leaving the page a
 * core: a board runs one search at a time, and the pool queues the rest. A
 * page that wants other options calls configureBoards() before the first
 * Solve, or hands an element a pool of its own (`element.pool = ...`).
 */
import { createSolverPool, type EngineName, type SolverPool, type SolverPoolOptions } from '../index.js';

/** The pool options a page may set for its boards' shared pools (everything but the engine, which each board's attribute names). */
export type BoardPoolOptions = Omit<SolverPoolOptions, 'engine'>;

let configured: BoardPoolOptions = {};
const pools = new Map<EngineName, Promise<SolverPool>>();

/**
 * Sets the options of the pools the boards share (for example `wasm`, where the
 * module is served, or `pruningFiles`). Pools already started keep theirs:
 * call it before the first Solve or Hint.
 */
export function configureBoards(options: BoardPoolOptions): void {
  configured = { ...options };
}

function defaultWorkers(): number {
  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(cores - 1, 2));
}

/** The page's pool for `engine`, started on first use; a pool that failed to start is forgotten, so that the next call tries again. */
export function sharedPool(engine: EngineName): Promise<SolverPool> {
  let pool = pools.get(engine);
  if (!pool) {
    pool = createSolverPool({ workers: defaultWorkers(), ...configured, engine });
    pools.set(engine, pool);
    pool.catch(() => pools.delete(engine));
  }
  return pool;
}
