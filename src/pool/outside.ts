/**
 * Outside: a pool of solver workers owned by the library, with one API in Node
 * (`worker_threads`) and in browsers (module Web Workers). Each worker holds
 * one solver for its whole life and runs one call at a time.
 *
 * This file is the facade: the options, the methods (read from `insideApi`,
 * whose types also give every method's parameters and answer), solveEach and
 * parallel IDA*. The parts: spawn.ts starts a worker, slots.ts runs the calls
 * on the workers (the queue, cancel, restarts), tableSharing.ts has one worker
 * prepare the tables and hands them to the others.
 *
 * One file of about 420 lines: what is left is the facade itself (options,
 * the methods bound to the slots, the two calls made of several inner ones),
 * and its parts already live in the files named above.
 */
import type { HostAbortSignal } from '../engine/hostTypes.js';
import { checkOptionKeys, checkOptions, checkPartitionName, checkTablesOptions, optionKeys } from '../api/checks.js';
import { PuzzleInputError, checkChoice, describeValue, parseSlidingBoard } from '../api/boards.js';
import { ENGINES, type EngineName } from '../engine/contract.js';
import type { JudgeCase, JudgeChunk, JudgeOptions } from '../judge/judge.js';
import { isNode } from '../platform.js';
import { compilePuzzleWasm, createSharedMemory, instantiatePuzzleWasm, sharedWasmUrl, WASM_MAX_PAGES, type WasmSource } from '../engine/wasm/loader.js';
import type { SharedMemoryMessage } from './protocol.js';
import { insideApi, insideArity, type ProgressOf } from './inside.js';
import { ALONE_NODES, parallelSliding, type ParallelSlidingOptions } from '../parallel/dealer.js';
import type { SlidingInput } from '../api/boards.js';
import type { Progress, SlidingResult, Stopped, Unsolvable } from '../api/types.js';
import type { SlidingShareResult } from '../parallel/share.js';
import type { Answer, Args, MethodName, PoolTablesOptions, WasmMessage, WorkerMethodName } from './protocol.js';
import { nodeSpawner, webSpawner } from './spawn.js';
import { abortError, checkCallOptions, WorkerSlots } from './slots.js';
import { PoolTables, type TablesRestore } from './tableSharing.js';
import { checkPruningFiles, PruningDelivery, type PruningFiles } from './pruningFiles.js';
import { trace } from '../trace.js';

export type { TablesRestore };
export type { PruningFiles, PruningFileSource } from './pruningFiles.js';

/** Table options for every worker's solver: plain data only (a `warn` function cannot cross to a worker). */
export type { PoolTablesOptions } from './protocol.js';

export interface SolverPoolOptions {
  /** How many workers; default: the number of cores in Node (`os.availableParallelism()`), one less in a browser (`navigator.hardwareConcurrency - 1`, at least 1), so that the page keeps a core. */
  workers?: number;
  /** 'wasm' (default) or 'ts', for every worker. */
  engine?: EngineName;
  /** Where the workers load the module from; defaults to the file beside the package. */
  wasm?: WasmSource;
  /**
   * One copy of the tables for every worker: their IDA* runs on the shared
   * build (`puzzlesearch-shared.wasm`) over one shared memory, where one
   * worker loads or builds the tables and the others search them in place.
   * Default: wherever shared memory works (Node; a page that is
   * cross-origin isolated) with the 'wasm' engine and cancel 'auto'. false:
   * the plain build, each worker with its own copy of the tables. true: the
   * shared build or an error saying why not.
   */
  sharedTables?: boolean;
  /** Where the shared build comes from; defaults to the file beside the package. */
  sharedWasm?: WasmSource;
  /**
   * Every worker's solver's table options (`dir`: the cache directory, false
   * for memory only; `partition`). Whatever `dir` says, one worker prepares
   * the tables, the others read what the cache holds at the same time and
   * get the rest from it (see prepareTables).
   */
  tables?: PoolTablesOptions;
  /**
   * The move-pruning machines' files by board size, for a browser: `{ '4x4':
   * url4, '5x5': url5 }` (URLs, strings, or the files' bytes), the package's
   * `puzzlesearch/pruning-4x4.bin` and `puzzlesearch/pruning-5x5.bin` as the
   * page serves them (with Vite, `import url5 from
   * 'puzzlesearch/pruning-5x5.bin?url'`). IDA* on 4x4 and 5x5 boards prunes
   * its moves with a machine that Node reads from the package's `data/` but a
   * browser builds, in 0.3 s (4x4) and about 1 s (5x5), in every worker at
   * its first search of that size. Given the files, the pool fetches each once,
   * while its workers start, and hands the bytes to every worker (a restarted
   * one too), which then builds none; a worker's first search of that size
   * waits for its file (other calls do not). The package does not name the files
   * itself, so that a bundler of it does not take them for assets unasked. A
   * file that cannot be fetched, or holds no machine of its size (damaged, or
   * of another version of the package), is passed over: that machine is built
   * as without the option, and `warn` hears it once, in one line naming the
   * size, the file and why. Default: none (in Node the workers read data/).
   */
  pruningFiles?: PruningFiles;
  /**
   * Hears what the pool passes over without failing, each line once: a
   * `pruningFiles` file it cannot use, and the warnings of the workers'
   * tables (a cache file refused and rebuilt, a cache directory that cannot
   * be written), which are a solver's `tables.warn` lines. Default
   * console.warn, as the tables' `warn` of a solver.
   */
  warn?: (message: string) => void;
  /**
   * How a running call is stopped: 'auto' (default) uses the shared cancel flag
   * wherever SharedArrayBuffer is available and restarts the worker elsewhere;
   * 'restart' always terminates and restarts the worker (the fallback, for tests).
   * 'restart' also makes the pool act as without shared memory elsewhere:
   * tables are transferred to each worker, and solveParallel is sliding().
   */
  cancel?: 'auto' | 'restart';
  /**
   * A running call stopped on the flag is stopped between two IDA* iterations;
   * if its worker has not answered this many milliseconds after the abort (one
   * iteration can be long), the worker is restarted after all, so that it never
   * stays out of service for long. Default 10 000; Infinity never restarts.
   */
  restartAfterMs?: number;
  /**
   * Abandons the start: the workers started so far are ended and
   * createSolverPool rejects with AbortError (a caller that no longer needs
   * the pool need not wait for its workers to load).
   */
  signal?: HostAbortSignal;
}

/** The last argument of every pool method, after the method's own. */
export interface CallOptions<P = Progress> {
  /** Abort the call: it rejects with a DOMException named AbortError. */
  signal?: HostAbortSignal;
  /**
   * Sliding IDA*: called before each iteration and about every 100 ms inside
   * one, with the f-bound, nodes so far and milliseconds since the call started. prepareTables: each table loaded
   * and each build round (TablesProgress) of the worker that prepares them, then each table
   * every other worker received from it (phase 'share'; a table another worker read from
   * the cache itself is not reported).
   */
  onProgress?: (progress: P) => void;
}

/** The arguments after the board, the same for every board of a `solveEach`. */
export type RestArgs<M extends MethodName> = Args<M> extends [unknown, ...infer Rest] ? Rest : [];

export interface ManyOptions<M extends MethodName> {
  /** Arguments after the board, e.g. `[{ goal: 'blank-first' }]` for sliding. */
  args?: RestArgs<M>;
  /** Abort every call not yet answered. */
  signal?: HostAbortSignal;
  /** Each answer as it arrives (in completion order), with its board's index. */
  onResult?: (result: Answer<M>, index: number) => void;
}

/** The Solver's methods, each taking the same arguments plus `CallOptions` and answering a promise. */
export type PoolMethods = {
  [M in MethodName]: (...args: [...Args<M>, CallOptions<ProgressOf<M>>?]) => Promise<Answer<M>>;
};

/** What a pool tells about one of its workers. */
export interface PoolWorkerInfo {
  /** Times this slot started a worker: 1, plus one per restart. */
  readonly generation: number;
  /** Calls it was given. */
  readonly calls: number;
  /** Running calls it stopped on its cancel flag (and lived on). */
  readonly stopped: number;
  readonly busy: boolean;
}

/** Options of the pool's sliding(): the solver's, plus whether to spread one search over the workers. */
export interface PoolSlidingCallOptions extends ParallelSlidingOptions {
  /**
   * Parallel IDA* over every worker (see solveParallel); default true on 4x4
   * and 5x5 boards when the pool has two or more workers, false elsewhere (a
   * smaller board's search is over before the workers could share it).
   */
  parallel?: boolean;
}

export interface SolverPool extends Omit<PoolMethods, 'sliding'> {
  /** The solver's sliding() on a worker, or over all of them (`parallel`). */
  sliding(board: SlidingInput, options?: PoolSlidingCallOptions, callOptions?: CallOptions): Promise<SlidingResult | Unsolvable | Stopped>;
  readonly engine: EngineName;
  /** The number of workers. */
  readonly size: number;
  /** 'flag': a running call stops between IDA* iterations and its worker lives on; 'restart': its worker is replaced. */
  readonly cancelMode: 'flag' | 'restart';
  /** Whether the workers share one copy of the tables (the shared build; see the option). */
  readonly sharedTables: boolean;
  /** One entry per worker, as it is now. */
  readonly workers: readonly PoolWorkerInfo[];
  /**
   * `method` on every board (its first argument), one call a board spread over
   * the workers; the answers in input order. (`solveMany` is the Solver's: a
   * batch in one call, on one worker.)
   */
  solveEach<M extends MethodName>(method: M, boards: readonly Args<M>[0][], options?: ManyOptions<M>): Promise<Answer<M>[]>;
  /**
   * Sliding IDA* on one board over every worker at once (see parallel.ts): the
   * same optimal length as sliding(); for boards with no short answer. It
   * needs shared memory (else, or with maxNodes or another algorithm, it is sliding()).
   */
  solveParallel(board: SlidingInput, options?: ParallelSlidingOptions, callOptions?: CallOptions): Promise<SlidingResult | Unsolvable | Stopped>;
  /**
   * Whether prepareTables(size, options) with these arguments has succeeded
   * on this pool: every worker holds the tables (a restarted one gets them
   * back before any other call), so preparing them again costs nothing.
   */
  tablesPrepared(size: Args<'prepareTables'>[0], options?: Args<'prepareTables'>[1]): boolean;
  /** Ends every worker; calls not yet answered reject with AbortError. */
  terminate(): Promise<void>;
}

/** The option names each of the pool's own calls knows (its others take the solver's, checked by the worker's solver). */
const POOL_OPTION_KEYS = optionKeys<SolverPoolOptions>({
  workers: true,
  engine: true,
  wasm: true,
  sharedTables: true,
  sharedWasm: true,
  tables: true,
  pruningFiles: true,
  warn: true,
  cancel: true,
  restartAfterMs: true,
  signal: true,
});
const MANY_OPTION_KEYS = optionKeys<ManyOptions<'flip'>>({ args: true, signal: true, onResult: true });
/** A pool's sliding options: plain data only (the call options carry signal and progress), with the parallel search's own. */
const POOL_SLIDING_OPTION_KEYS = optionKeys<PoolSlidingCallOptions>({
  goal: true,
  algorithm: true,
  heuristic: true,
  partition: true,
  maxNodes: true,
  pruning: true,
  depth: true,
  parallel: true,
});
const PARALLEL_OPTION_KEYS = POOL_SLIDING_OPTION_KEYS.filter((key) => key !== 'parallel');

/**
 * The options of the pool's sliding (`parallel` included) or solveParallel,
 * checked on this side: a parallel search's shares do not check them. A bad
 * board is left for a worker's solver to report.
 */
function checkPoolSliding(call: string, board: SlidingInput, options: unknown): PoolSlidingCallOptions {
  for (const key of ['onIteration', 'onProgress', 'signal']) {
    if (typeof options === 'object' && options !== null && key in options) {
      throw new PuzzleInputError(
        `${call}(): option '${key}' cannot be sent to a worker; pass plain data, and onProgress instead of onIteration, with signal in the call options (the argument after these)`,
      );
    }
  }
  const checked = checkOptions<PoolSlidingCallOptions>(call, options, call === 'sliding' ? POOL_SLIDING_OPTION_KEYS : PARALLEL_OPTION_KEYS);
  if (checked.partition !== undefined) {
    let size: { width: number; height: number } | undefined;
    try {
      size = parseSlidingBoard(board);
    } catch {
      size = undefined;
    }
    if (size) checkPartitionName(call, checked.partition, size.width, size.height);
  }
  return checked;
}

function checkRestartAfter(value: unknown): number {
  if (value === undefined) return 10_000;
  if (!(typeof value === 'number' && value >= 0 && !Number.isNaN(value))) {
    throw new PuzzleInputError(`restartAfterMs must be a number of milliseconds (0 or more, or Infinity), not ${describeValue(value)}`);
  }
  return value;
}

function checkWorkers(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 256)) {
    throw new PuzzleInputError(`workers must be an integer from 1 to 256, not ${describeValue(value)}`);
  }
  return value as number;
}

async function coreCount(): Promise<number> {
  if (isNode()) {
    const osName = 'node:os';
    const os = (await import(/* @vite-ignore */ osName)) as typeof import('node:os');
    return os.availableParallelism?.() ?? os.cpus().length;
  }
  return globalThis.navigator?.hardwareConcurrency || 2;
}

/**
 * The default number of workers: every core in Node; in a browser every core
 * but one, which is left to the page (on 2 cores, two searching workers starve
 * its frames), and at least one.
 */
function defaultWorkerCount(cores: number): number {
  return isNode() ? cores : Math.max(1, cores - 1);
}

/** The module source as it can be posted: URL objects become strings, resolved against the page (a worker's base differs). */
function wasmMessage(source: WasmSource | undefined): WasmMessage | undefined {
  if (source === undefined) return undefined;
  if (source instanceof URL) return source.href;
  if (typeof source === 'string' && !isNode() && globalThis.location) return new URL(source, globalThis.location.href).href;
  return source;
}

function sharedMemoryWorks(): boolean {
  // Browsers that are not cross-origin isolated have no SharedArrayBuffer (or cannot post one).
  return typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
}

/**
 * The shared memory's maximum, in pages of 64 KiB. A shared memory reserves
 * its maximum as address space when it is made (no RAM until used). Node:
 * all of wasm32 (4 GiB), as the plain build may grow to. A browser: 2 GiB on
 * a machine that says it has less than 8 GB (navigator.deviceMemory; a 4 GB
 * laptop), else 4 GiB; see docs/threads.md.
 */
function sharedMemoryPages(): number {
  if (isNode()) return WASM_MAX_PAGES;
  const deviceMemory = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
  return deviceMemory !== undefined && deviceMemory < 8 ? WASM_MAX_PAGES / 2 : WASM_MAX_PAGES;
}

/**
 * The pool's shared memory and the shared build, with its owner instance
 * made here (it runs the start function before any worker's instance grows
 * the memory, and keeps the heap nobody else may touch); undefined for the
 * plain build.
 */
async function sharedMemoryFor(
  choice: unknown,
  engine: EngineName,
  cancelMode: 'flag' | 'restart',
  source: WasmSource | undefined,
): Promise<SharedMemoryMessage | undefined> {
  if (choice !== undefined && typeof choice !== 'boolean') throw new PuzzleInputError(`sharedTables must be true or false, not ${describeValue(choice)}`);
  if (choice === false) return undefined;
  const why =
    engine !== 'wasm' ? `the '${engine}' engine has no shared build` : cancelMode !== 'flag' ? 'there is no shared memory here (or cancel is restart)' : null;
  if (why !== null) {
    if (choice === true) throw new PuzzleInputError(`sharedTables: ${why}`);
    return undefined;
  }
  trace('shared memory: compile');
  const memory = createSharedMemory(sharedMemoryPages());
  const module = await compilePuzzleWasm(source ?? sharedWasmUrl);
  trace('shared memory: compiled');
  await instantiatePuzzleWasm(undefined, undefined, { memory, owner: true, source: module });
  trace('shared memory: owner instance');
  return { memory, module };
}

function checkWarn(value: unknown): (message: string) => void {
  if (value === undefined) return (message) => console.warn(message);
  if (typeof value !== 'function') throw new PuzzleInputError(`warn must be a function, not ${describeValue(value)}`);
  return value as (message: string) => void;
}

/** `warn`, each line passed on once: every worker says what it found wrong with a table they share. */
function onceEach(warn: (message: string) => void): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    warn(message);
  };
}

function checkTablesOption(value: unknown): PoolTablesOptions | undefined {
  const tables = checkTablesOptions(value, true);
  return tables && { dir: tables.dir, partition: tables.partition };
}

/** What tests and tools reach past a pool's public type; see poolInternals. */
export interface PoolInternals {
  /** A call on one worker (by index; undefined: the first free one), the transport's methods included. */
  call(worker: number | undefined, method: WorkerMethodName, args: unknown[], options?: CallOptions<never>): Promise<unknown>;
  /** Settles once the worker's latest restoration of its tables is over. */
  restored(worker: number): Promise<void>;
  /** Ends a worker as if it had died: its call fails and a fresh worker takes its place. */
  kill(worker: number): void;
  /** Hears each restarted worker's table restoration once it is done. */
  onRestore?: (restore: TablesRestore) => void;
}

/**
 * A chunk of the CLI's cases answered on `pool` as printed text (src/judge/judge.ts):
 * the CLI's hook into its pool, not a pool method.
 */
export function judgeCasesOn(pool: SolverPool, options: JudgeOptions, cases: readonly JudgeCase[]): Promise<JudgeChunk> {
  return poolInternals(pool).call(undefined, 'judgeCases', [options, cases]) as Promise<JudgeChunk>;
}

/** Why tables `pool.prepareTables(size, options)` made were not saved to the cache (none: all were): the CLI's `tables build` reports them. */
export function unsavedTablesOn(pool: SolverPool, size: Args<'prepareTables'>[0], options?: Args<'prepareTables'>[1]): Promise<string[]> {
  // The first worker prepares a pool's tables (tableSharing.ts), so it made and saved them.
  return poolInternals(pool).call(0, 'unsavedTables', [size, options]) as Promise<string[]>;
}

const internalsOf = new WeakMap<SolverPool, PoolInternals>();

/** A pool's internals, for tests (not exported from the package). */
export function poolInternals(pool: SolverPool): PoolInternals {
  const internals = internalsOf.get(pool);
  if (!internals) throw new Error('puzzlesearch pool: not a pool made by createSolverPool');
  return internals;
}

/**
 * A pool of `workers` solver workers on `engine`. Resolves once every worker
 * has loaded its solver (so a bad `wasm` source rejects here, naming it).
 */
export async function createSolverPool(options: SolverPoolOptions = {}): Promise<SolverPool> {
  if (typeof options !== 'object' || options === null) throw new PuzzleInputError(`pool options must be an object, not ${describeValue(options)}`);
  checkOptionKeys('createSolverPool', options, POOL_OPTION_KEYS);
  const engine = checkChoice('engine', options.engine ?? 'wasm', ENGINES);
  const cancelChoice = checkChoice('cancel', options.cancel ?? 'auto', ['auto', 'restart'] as const);
  const cores = await coreCount();
  const size = checkWorkers(options.workers, defaultWorkerCount(cores));
  const restartAfterMs = checkRestartAfter(options.restartAfterMs);
  const tables = checkTablesOption(options.tables);
  const warn = onceEach(checkWarn(options.warn));
  const pruning = new PruningDelivery(checkPruningFiles(options.pruningFiles), warn);
  const { signal } = checkCallOptions({ signal: options.signal });
  if (signal?.aborted) throw abortError('createSolverPool() was aborted');
  const wasm = wasmMessage(options.wasm);
  const cancelMode = cancelChoice === 'auto' && sharedMemoryWorks() ? 'flag' : 'restart';
  const sharedMemory = await sharedMemoryFor(options.sharedTables, engine, cancelMode, options.sharedWasm);
  const spawn = isNode() ? await nodeSpawner() : webSpawner();
  trace('pool: spawning');
  if (signal?.aborted) throw abortError('createSolverPool() was aborted');

  const workers = new WorkerSlots({ size, engine, wasm, tables, pruningSizes: pruning.sizes, cancelMode, restartAfterMs, spawn, sharedMemory });
  workers.onWarning = warn;
  // Fetched while the workers start (they need the files only for a search of their size).
  pruning.deliverTo(workers);
  const poolTables = new PoolTables(workers, cancelMode === 'flag', sharedMemory !== undefined);
  const submit = workers.submit.bind(workers);
  const terminate = () => workers.terminate();

  async function solveEach<M extends MethodName>(method: M, boards: readonly Args<M>[0][], manyOptions: ManyOptions<M> = {}): Promise<Answer<M>[]> {
    checkChoice('solveEach method', method, Object.keys(insideApi) as MethodName[]);
    if (!Array.isArray(boards)) throw new PuzzleInputError(`solveEach: boards must be an array, not ${describeValue(boards)}`);
    if (typeof manyOptions !== 'object' || manyOptions === null)
      throw new PuzzleInputError(`solveEach options must be an object, not ${describeValue(manyOptions)}`);
    checkOptionKeys('solveEach', manyOptions, MANY_OPTION_KEYS);
    const { args = [], signal, onResult } = manyOptions;
    if (!Array.isArray(args)) throw new PuzzleInputError(`solveEach: args must be an array of the arguments after the board, not ${describeValue(args)}`);
    checkCallOptions({ signal });
    if (onResult !== undefined && typeof onResult !== 'function') throw new PuzzleInputError(`onResult must be a function, not ${describeValue(onResult)}`);
    // One failure (or the caller's abort) drops every call not yet answered:
    // through one listener that aborts each call's own signal (a listener per
    // call on one signal trips Node's MaxListeners warning on large batches).
    const calls = boards.map(() => new AbortController());
    const all = new AbortController();
    all.signal.addEventListener('abort', () => calls.forEach((call) => call.abort()), { once: true });
    const stop = () => all.abort();
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) all.abort();
    try {
      return await Promise.all(
        boards.map(async (board, index) => {
          try {
            const result = (await submit(method, [board, ...args], { signal: calls[index]!.signal })) as Answer<M>;
            onResult?.(result, index);
            return result;
          } catch (error) {
            all.abort();
            if (error instanceof PuzzleInputError) throw new PuzzleInputError(`board ${index + 1} of ${boards.length}: ${error.message}`);
            throw error;
          }
        }),
      );
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  const methods = {} as Record<MethodName, (...args: unknown[]) => Promise<unknown>>;
  for (const method of Object.keys(insideApi) as MethodName[]) {
    // The method's own parameters come first; the one after them is the call options.
    const arity = insideArity[method];
    methods[method] = (...args) => submit(method, args.slice(0, arity), args[arity]);
  }

  methods.prepareTables = (...args) => poolTables.prepare(args);
  methods.releaseTables = (...args) => poolTables.release(args);

  /**
   * Parallel IDA* for the pool method `name`; with `alone`, one worker first
   * tries within that many nodes. An AbortError from any of its inner calls
   * (the lone try, the solvable check, a share) names `name`, the method the
   * caller called.
   */
  const shareSearch = (name: string, board: SlidingInput, options: ParallelSlidingOptions | undefined, callOptions: CallOptions | undefined, alone = 0) =>
    parallelSliding(
      {
        // One share a core at most: a round ends when its last share does, and
        // shares beyond the cores wait for a time slice at every bound (4
        // workers on 2 cores measured slower than 1).
        workers: cancelMode === 'flag' ? Math.min(size, cores) : 1,
        share: (worker, shareBoard, shareOptions, share, signal, onProgress) =>
          submit('slidingShare', [shareBoard, shareOptions, share], { signal, onProgress }, workers.slots[worker]) as Promise<SlidingShareResult>,
        sliding: (slidingBoard, slidingOptions, slidingCall) =>
          methods.sliding(slidingBoard, slidingOptions, slidingCall) as Promise<SlidingResult | Unsolvable | Stopped>,
        solvable: (solvableBoard, goal) => methods.slidingSolvable(solvableBoard, goal) as Promise<boolean>,
        trialDue: (trialBoard, trialOptions) => submit('slidingTrialDue', [trialBoard, trialOptions], undefined) as Promise<boolean>,
      },
      board,
      options,
      callOptions,
      alone,
    ).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'AbortError') throw abortError(error.message.replace(/^[A-Za-z]+\(\)/, `${name}()`));
      throw error;
    });
  const solveParallel: SolverPool['solveParallel'] = async (board, options, callOptions) => {
    const checked = checkPoolSliding('solveParallel', board, options);
    checkCallOptions(callOptions, 'solveParallel');
    return shareSearch('solveParallel', board, checked, callOptions);
  };

  /** Whether sliding() spreads this board over the workers by default: 4x4 and 5x5, two or more workers. */
  const parallelByDefault = (board: SlidingInput): boolean => {
    if (size < 2) return false;
    try {
      const cells = parseSlidingBoard(board).tiles.length;
      return cells === 16 || cells === 25;
    } catch {
      return false; // One worker reports what is wrong with it.
    }
  };

  const pool: SolverPool = {
    ...(methods as unknown as PoolMethods),
    sliding: async (board, options, callOptions) => {
      const { parallel, depth, ...sliding } = checkPoolSliding('sliding', board, options);
      checkCallOptions(callOptions, 'sliding');
      if (parallel !== undefined && typeof parallel !== 'boolean') throw new PuzzleInputError(`parallel must be true or false, not ${describeValue(parallel)}`);
      if (parallel ?? parallelByDefault(board))
        return shareSearch('sliding', board, depth === undefined ? sliding : { ...sliding, depth }, callOptions, ALONE_NODES);
      return methods.sliding(board, sliding, callOptions) as Promise<SlidingResult | Unsolvable | Stopped>;
    },
    engine,
    size,
    cancelMode,
    sharedTables: sharedMemory !== undefined,
    get workers(): PoolWorkerInfo[] {
      return workers.slots.map(({ generation, calls, stopped, busy }) => ({ generation, calls, stopped, busy }));
    },
    solveEach,
    solveParallel,
    tablesPrepared: (tablesSize, options) => poolTables.hasPrepared([tablesSize, options]),
    terminate,
  };

  internalsOf.set(pool, {
    call: (worker, method, args, callOptions) => submit(method, args, callOptions, worker === undefined ? undefined : workers.slots[worker]),
    restored: (worker) => workers.slots[worker]!.restored,
    kill: (worker) => workers.kill(workers.slots[worker]!),
    set onRestore(listener) {
      poolTables.onRestore = listener;
    },
    get onRestore() {
      return poolTables.onRestore;
    },
  });

  await workers.startAll(signal);
  return pool;
}
