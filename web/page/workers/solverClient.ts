/**
 * Outside: the page's handle on the library's worker pool (src/pool). The page
 * shares one pool per engine, started on first use; each panel owns a client
 * that runs one search at a time on it, so a long 15-puzzle search never
 * blocks the other puzzles. Cancel aborts the call: the pool stops the search
 * in its worker (or, on a page without cross-origin isolation, replaces that
 * one worker).
 */
import {
  createSolverPool,
  type CallOptions,
  type Census,
  type CensusProgress,
  type FlipHint,
  type FourLineHint,
  type LightsOutHint,
  type SlidingHint,
  type Cell,
  type EngineName,
  type FourLineMove,
  type GoalName,
  type LightsOutOptions,
  type LightsOutResult,
  type Progress,
  type SlidingMove,
  type SolverPool,
  type TablesProgress,
} from '../../../src/index.js';

export type Family = 'flip' | 'pilots' | 'fourLine' | 'sliding';
export type SolutionMove = Cell | FourLineMove | SlidingMove;

/** The fields of a result that the page reads (every result variant has this shape). */
export interface SolveAnswer {
  solvable: boolean;
  length: number | null;
  moves: SolutionMove[];
  reason?: string;
  warning?: string;
  /** 'solved', 'unsolvable', or for a sliding search given maxNodes, 'stopped'. */
  status?: string;
  /** Said with the answer by the page itself: how it was found (e.g. without the tables). */
  note?: string;
  /** Sliding: the heuristic the search used, and the PDB's partition. */
  stats: { nodes: number; ms: number; heuristic?: string; partition?: string };
}

/** One solve: the board as judge text, the engine, and for sliding the goal. */
export interface SolveRequest {
  engine: EngineName;
  family: Family;
  board: string;
  goal?: GoalName;
  /** Sliding: force a heuristic; default the PDB where its tables are ready. */
  heuristic?: 'linear-conflict';
  /** Sliding: stop after this many nodes (status 'stopped'). */
  maxNodes?: number;
}

/** A hint: a solve request, and for four in a line whose turn it is. */
export interface HintRequest extends SolveRequest {
  toMove?: 'B' | 'W';
}

/** What a hint answers, by family: cells to press (flip, pilots), moves of pieces (four in a line) or of the blank (sliding). */
export type HintAnswer = FlipHint | FourLineHint | SlidingHint;

/** Where a panel's tables came from: built in a worker now, loaded from IndexedDB now, or already in the workers. */
export type TablesSource = 'built' | 'loaded' | 'ready';

export class SolveCancelled extends Error {
  /** What happened to the worker, in words for the page. */
  readonly how: string;
  constructor(how: string) {
    super('cancelled');
    this.name = 'SolveCancelled';
    this.how = how;
  }
}

/**
 * The move-pruning machines' files, emitted by Vite as assets of the page (and
 * kept by its service worker with the rest): each pool fetches them once and
 * hands them to its workers, which would otherwise each build the 5x5 machine
 * (about a second) at their first 24-puzzle and the 4x4 one (0.3 s) at their
 * first 15-puzzle. Named here, not in the library, which leaves the choice of
 * shipping them to its users' bundles. A file the pool cannot use (not
 * served, damaged) is said once on the console, by the pool's default `warn`,
 * as the workers say the tables' cache problems; the page works on, its
 * workers building that machine.
 */
const pruningFiles = {
  '4x4': new URL('../../../data/pruning-4x4.bin', import.meta.url),
  '5x5': new URL('../../../data/pruning-5x5.bin', import.meta.url),
};

const pools = new Map<EngineName, Promise<SolverPool>>();
const started: SolverPool[] = [];
/** The pools started, by engine (the pool itself says which tables it holds). */
const startedByEngine = new Map<EngineName, SolverPool>();

/** Who hears of the pools: each once it has started, and again after each call on it. */
const poolWatchers: Array<(pool: SolverPool) => void> = [];

/** Calls `watcher` with each engine's pool once it has started and after each call on it (the page's line on how its workers hold the tables). */
export function watchPools(watcher: (pool: SolverPool) => void): void {
  poolWatchers.push(watcher);
  for (const pool of started) watcher(pool);
}

function announce(pool: SolverPool): void {
  for (const watcher of poolWatchers) watcher(pool);
}

function poolFor(engine: EngineName): Promise<SolverPool> {
  let pool = pools.get(engine);
  if (!pool) {
    // One core is the page's (a search on every core was seen to starve it: 10 frames in 2 s on 2 cores);
    // at most 4. On 2 cores the panels' searches and hints then take turns on one worker.
    const workers = Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, 4));
    pool = createSolverPool({ engine, workers, pruningFiles });
    pools.set(engine, pool);
    pool.then(
      (ready) => {
        started.push(ready);
        startedByEngine.set(engine, ready);
        announce(ready);
      },
      () => pools.delete(engine),
    );
  }
  return pool;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export class SolverClient {
  private running: AbortController | null = null;

  get busy(): boolean {
    return this.running !== null;
  }

  /** Workers started by the page's pools so far, restarts included (shown in the page's data attributes for the tests). */
  get generation(): number {
    return started.reduce((sum, pool) => sum + pool.workers.reduce((count, worker) => count + worker.generation, 0), 0);
  }

  /** Starts the engine's pool ahead of the first solve so that the first answer is quick. */
  warm(engine: EngineName): void {
    poolFor(engine).catch(() => {});
  }

  /** Resolves once the engine's pool has started its workers (started now if need be), so that work timed after it does not share the cores with their start. */
  async started(engine: EngineName): Promise<void> {
    await poolFor(engine);
  }

  solve(request: SolveRequest, onProgress?: (progress: Progress) => void): Promise<SolveAnswer> {
    return this.call<SolveAnswer>(
      request.engine,
      (pool, call) =>
        request.family === 'sliding'
          ? pool.sliding(request.board, { goal: request.goal, heuristic: request.heuristic, maxNodes: request.maxNodes }, call)
          : pool[request.family](request.board, call),
      { onProgress },
    );
  }

  /** Whether the engine's workers hold the PDB tables of `size` for `goal` (the pool keeps them): then preparing them is instant. */
  tablesPrepared(engine: EngineName, size: string, goal: GoalName): boolean {
    return startedByEngine.get(engine)?.tablesPrepared(size, { goal }) ?? false;
  }

  /**
   * Readies the PDB tables of `size` for `goal` on every worker of the
   * engine's pool (built by the first worker and kept in IndexedDB, handed by
   * it to the others, and loaded by any later page). Cancel stops a build between rounds.
   */
  async prepareTables(engine: EngineName, size: string, goal: GoalName, onProgress: (progress: TablesProgress) => void): Promise<TablesSource> {
    if (this.tablesPrepared(engine, size, goal)) return 'ready';
    let built = false;
    await this.call<void, TablesProgress>(engine, (pool, call) => pool.prepareTables(size, { goal }, call), {
      onProgress: (progress) => {
        // 'share': a worker receiving what the first prepared, a copy, not a build.
        built ||= progress.phase === 'build' || progress.phase === 'derive';
        onProgress(progress);
      },
    });
    return built ? 'built' : 'loaded';
  }

  /** The optimal moves from a position, on a worker (see solver.hint and its kin). */
  hint(request: HintRequest): Promise<HintAnswer> {
    const { engine, family, board } = request;
    return this.call<HintAnswer>(
      engine,
      (pool, call) => {
        if (family === 'flip') return pool.flipHint(board, call);
        if (family === 'pilots') return pool.pilotsHint(board, call);
        if (family === 'fourLine') return pool.fourLineHint(board, { toMove: request.toMove }, call);
        return pool.hint(board, { goal: request.goal, heuristic: request.heuristic, maxNodes: request.maxNodes }, call);
      },
      {},
    );
  }

  /** Lights Out: each cell's fewest presses after a press, and the cells of some fewest press set. */
  lightsOutHint(engine: EngineName, board: string, options: LightsOutOptions): Promise<LightsOutHint> {
    return this.call(engine, (pool, call) => pool.lightsOutHint(board, options, call), {});
  }

  /** The census of a small sliding board ('3x3') from a named goal, on a worker, with its progress. */
  census(engine: EngineName, size: string, goal: GoalName, onProgress: (progress: CensusProgress) => void): Promise<Census> {
    return this.call<Census, CensusProgress>(engine, (pool, call) => pool.census(size, { goal }, call), { onProgress });
  }

  /** Lights Out on any board (text rows of digits) with its pattern, torus and colours. */
  lightsOut(engine: EngineName, board: string, options: LightsOutOptions): Promise<LightsOutResult> {
    return this.call(engine, (pool, call) => pool.lightsOut(board, options, call), {});
  }

  /** One call on the engine's pool; a new call cancels the running one, and Cancel turns into SolveCancelled. */
  private call<T, P = Progress>(
    engine: EngineName,
    run: (pool: SolverPool, call: CallOptions<P>) => Promise<T>,
    extra: Omit<CallOptions<P>, 'signal'>,
  ): Promise<T> {
    return this.cancellable(
      async (signal) => {
        const pool = await poolFor(engine);
        signal.throwIfAborted();
        try {
          return await run(pool, { signal, ...extra });
        } finally {
          announce(pool);
        }
      },
      async () => {
        const pool = await poolFor(engine);
        return pool.cancelMode === 'flag'
          ? 'the worker stopped the search and stays ready, keeping what it loaded.'
          : 'the worker was stopped and a fresh one started (this page is not cross-origin isolated, so a search cannot be stopped in place).';
      },
    );
  }

  /**
   * Work that Cancel stops as it stops a call (the page's own, off the pool):
   * `work` hears the signal and rejects with its reason; a new call or Cancel
   * aborts it, and the abort turns into SolveCancelled saying `how`.
   */
  async cancellable<T>(work: (signal: AbortSignal) => Promise<T>, how: () => Promise<string>): Promise<T> {
    this.cancel();
    const running = new AbortController();
    this.running = running;
    try {
      return await work(running.signal);
    } catch (error) {
      if (!isAbort(error)) throw error;
      throw new SolveCancelled(await how());
    } finally {
      if (this.running === running) this.running = null;
    }
  }

  /** Stops the running search at once. */
  cancel(): void {
    this.running?.abort();
    this.running = null;
  }
}
