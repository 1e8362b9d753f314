/**
 * Outside: a pool of solver workers owned by the library, with one API in Node
 * (`worker_threads`) and in browsers (module Web Workers). Each worker holds
 * one solver for its whole life and runs one call at a time; calls that arrive
 * while every worker is busy wait in a queue. A call is cancelled with an
 * AbortSignal: a queued call is dropped, a running one is stopped through the
 * worker's shared cancel flag (see worker.ts) and the worker lives on; only
 * where there is no SharedArrayBuffer (a page that is not cross-origin
 * isolated) is the worker terminated and a fresh one started instead.
 *
 * The methods are not written here: they are read from `insideApi`, whose
 * types also give every method's parameters and answer.
 *
 * Tables: every worker has its own wasm instance (one linear memory each), so
 * tables cannot live in one place that all of them search. The pool has one
 * worker prepare them and then hands the bytes to the others (`shareTables`):
 * over one SharedArrayBuffer posted to all where shared memory works, else
 * transferred, a copy per worker. Each worker keeps its own search state.
 */
import { checkPrepareTables, checkSignalAndProgress, checkTablesOptions } from '../api/checks.js';
import { PuzzleInputError, checkChoice, describeValue, parseSlidingBoard } from '../api/boards.js';
import { ENGINES, type EngineName } from '../engine/contract.js';
import type { JudgeCase, JudgeChunk, JudgeOptions } from '../cli/judge.js';
import { isNode } from '../platform.js';
import type { WasmSource } from '../engine/wasm/loader.js';
import type { TablesProgress } from '../pdb/tables.js';
import { insideApi, insideArity, type Progress, type ProgressOf, type TableRef } from './inside.js';
import { ALONE_NODES, parallelSliding, type ParallelSlidingOptions } from '../parallel/dealer.js';
import type { SlidingInput } from '../api/boards.js';
import type { SlidingResult, Stopped, Unsolvable } from '../api/solver.js';
import type { SlidingShareResult } from '../parallel/share.js';
import {
  CANCEL_CELL,
  type Answer,
  type Args,
  type ErrorData,
  type FromInside,
  type MethodName,
  type PoolTablesOptions,
  type ToInside,
  type WasmMessage,
  type WorkerMethodName,
} from './protocol.js';

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
   * Every worker's solver's table options (`dir`: the cache directory, false
   * for memory only; `partition`). Whatever `dir` says, one worker prepares
   * the tables and the others get them from it (see prepareTables).
   */
  tables?: PoolTablesOptions;
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
  signal?: AbortSignal;
}

/** The last argument of every pool method, after the method's own. */
export interface CallOptions<P = Progress> {
  /** Abort the call: it rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
  /**
   * Sliding IDA*: called before each iteration and about every 100 ms inside
   * one, with the f-bound, nodes so far and milliseconds since the call started. prepareTables: each table loaded
   * and each build round (TablesProgress) of the worker that prepares them, then each table
   * every other worker received from it (phase 'share').
   */
  onProgress?: (progress: P) => void;
}

/** The arguments after the board, the same for every board of a `solveEach`. */
export type RestArgs<M extends MethodName> = Args<M> extends [unknown, ...infer Rest] ? Rest : [];

export interface ManyOptions<M extends MethodName> {
  /** Arguments after the board, e.g. `[{ goal: 'blank-first' }]` for sliding. */
  args?: RestArgs<M>;
  /** Abort every call not yet answered. */
  signal?: AbortSignal;
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
  /** Ends every worker; calls not yet answered reject with AbortError. */
  terminate(): Promise<void>;
}

// ---------------------------------------------------------------- starting workers

/** The outside's handle on one started worker, the same in Node and in browsers. */
interface Port {
  /** What `transfer` lists moves to the worker instead of being copied. */
  post(message: ToInside, transfer?: ArrayBuffer[]): void;
  terminate(): Promise<void>;
  /** Node: a busy worker keeps the process alive, an idle one does not. */
  keepAlive(busy: boolean): void;
}

interface PortEvents {
  receive(message: FromInside): void;
  /** The worker died (a load error, an uncaught exception, an exit we did not ask for). */
  fail(error: ErrorData): void;
}

type Spawn = (events: PortEvents) => Port;

/**
 * The compiled worker beside this file. Run from the TypeScript source (tests,
 * vite-node), Node cannot start a .ts worker, so the compiled one in dist/ is used.
 */
function nodeWorkerUrl(): URL {
  const name = import.meta.url.endsWith('.ts') ? '../../dist/pool/worker.js' : './worker.js';
  return new URL(name, import.meta.url);
}

async function nodeSpawner(): Promise<Spawn> {
  // Hidden from bundlers: a browser build must not try to resolve node:worker_threads.
  const threadsName = 'node:worker_threads';
  const { Worker: NodeWorker } = (await import(/* @vite-ignore */ threadsName)) as typeof import('node:worker_threads');
  const url = nodeWorkerUrl();
  return (events) => {
    const worker = new NodeWorker(url, { name: 'puzzlesearch-solver' });
    let ending = false;
    worker.on('message', events.receive);
    worker.on('error', (error) => events.fail({ name: 'WorkerError', message: `puzzlesearch pool worker failed: ${error.message}` }));
    worker.on('exit', (code) => {
      if (!ending) events.fail({ name: 'WorkerError', message: `puzzlesearch pool worker exited with code ${code}` });
    });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      terminate: async () => {
        ending = true;
        await worker.terminate();
      },
      keepAlive: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  };
}

function webSpawner(): Spawn {
  return (events) => {
    // This exact shape (`new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`)
    // is what bundlers such as Vite recognise and bundle as a worker entry.
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'puzzlesearch-solver' });
    worker.addEventListener('message', (event: MessageEvent<FromInside>) => events.receive(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      events.fail({ name: 'WorkerError', message: `puzzlesearch pool worker failed: ${event.message || 'it could not be loaded'}` });
    });
    return {
      post: (message, transfer = []) => worker.postMessage(message, transfer),
      terminate: async () => worker.terminate(),
      keepAlive: () => {},
    };
  };
}

// ---------------------------------------------------------------- errors

function abortError(message: string): DOMException {
  return new DOMException(message, 'AbortError');
}

/** An error from a worker, as the class the caller can test for. */
function rebuildError(error: ErrorData): Error {
  if (error.name === 'PuzzleInputError') return new PuzzleInputError(error.message);
  if (error.name === 'AbortError') return abortError(error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

// ---------------------------------------------------------------- calls and workers

interface Job {
  id: number;
  method: WorkerMethodName;
  args: unknown[];
  onProgress?: (progress: never) => void;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Answered (or rejected) already; a worker may still be finishing it. */
  settled: boolean;
  /** Cancelled while running. */
  aborted: boolean;
  detach(): void;
  /** Set for a call that must run on one worker (table preparation goes to each). */
  slot?: Slot;
  /** Buffers among the arguments that move to the worker (a table's bytes without shared memory). */
  transfer?: ArrayBuffer[];
  /** Part of getting a restarted worker's tables back: the one kind of call such a worker takes until then. */
  restore?: boolean;
}

class Slot {
  generation = 0;
  calls = 0;
  stopped = 0;
  port: Port | null = null;
  ready = false;
  /** The call it runs; it stays here after an abort until the worker answers, so that no second call is sent meanwhile. */
  job: Job | null = null;
  /** The cancel flag this worker reads, over shared memory; null in 'restart' mode. */
  cancel: Int32Array | null = null;
  /** Set after an abort on the flag: restarts the worker if it has not stopped in time. */
  stopTimer: ReturnType<typeof setTimeout> | undefined;
  /** A restarted worker getting back the tables the pool prepared: it takes no other call until then. */
  restoring = false;
  /** Settles when the latest restoration is over. */
  restored: Promise<void> = Promise.resolve();

  get busy(): boolean {
    return this.job !== null;
  }
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

function checkCallOptions(value: unknown): CallOptions<never> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null)
    throw new PuzzleInputError(`call options must be an object ({ signal, onProgress }), not ${describeValue(value)}`);
  return checkSignalAndProgress(value as CallOptions<never>) as CallOptions<never>;
}

function checkTablesOption(value: unknown): PoolTablesOptions | undefined {
  const tables = checkTablesOptions(value, true);
  return tables && { dir: tables.dir, partition: tables.partition };
}

/** One prepareTables call the pool made, with the workers that hold its tables. */
interface PreparedTables {
  /** The call's own arguments (size, options), replayed for a restarted worker. */
  args: unknown[];
  /** The generation of each slot's worker that holds them (a restarted worker does not). */
  held: Map<Slot, number>;
}

/** How a restarted worker got its tables back: from another worker (its index) or by preparing them again. */
export interface TablesRestore {
  worker: number;
  generation: number;
  from: number | 'replay';
  progress: TablesProgress[];
}

/** What tests and tools reach past a pool's public type; see poolInternals. */
export interface PoolInternals {
  /** A call on one worker (by index; undefined: the first free one), the transport's methods included. */
  call(worker: number | undefined, method: WorkerMethodName, args: unknown[], options?: CallOptions<never>): Promise<unknown>;
  /** Settles once the worker's latest restoration of its tables is over. */
  restored(worker: number): Promise<void>;
  /** Hears each restarted worker's table restoration once it is done. */
  onRestore?: (restore: TablesRestore) => void;
}

/**
 * A chunk of the CLI's cases answered on `pool` as printed text (src/cli/judge.ts):
 * the CLI's hook into its pool, not a pool method.
 */
export function judgeCasesOn(pool: SolverPool, options: JudgeOptions, cases: readonly JudgeCase[]): Promise<JudgeChunk> {
  return poolInternals(pool).call(undefined, 'judgeCases', [options, cases]) as Promise<JudgeChunk>;
}

const internalsOf = new WeakMap<SolverPool, PoolInternals>();

/** A pool's internals, for tests (not exported from the package). */
export function poolInternals(pool: SolverPool): PoolInternals {
  const internals = internalsOf.get(pool);
  if (!internals) throw new Error('puzzlesearch pool: not a pool made by createSolverPool');
  return internals;
}

/** `error` with `context` before its message, its name (the class a caller tests for) kept. */
function withContext(error: unknown, context: string): Error {
  if (!(error instanceof Error) || error.name === 'AbortError') return error as Error;
  const wrapped = error instanceof PuzzleInputError ? new PuzzleInputError(`${context}: ${error.message}`) : new Error(`${context}: ${error.message}`);
  wrapped.name = error.name;
  return wrapped;
}

/**
 * A pool of `workers` solver workers on `engine`. Resolves once every worker
 * has loaded its solver (so a bad `wasm` source rejects here, naming it).
 */
export async function createSolverPool(options: SolverPoolOptions = {}): Promise<SolverPool> {
  if (typeof options !== 'object' || options === null) throw new PuzzleInputError(`pool options must be an object, not ${describeValue(options)}`);
  const engine = checkChoice('engine', options.engine ?? 'wasm', ENGINES);
  const cancelChoice = checkChoice('cancel', options.cancel ?? 'auto', ['auto', 'restart'] as const);
  const cores = await coreCount();
  const size = checkWorkers(options.workers, defaultWorkerCount(cores));
  const restartAfterMs = checkRestartAfter(options.restartAfterMs);
  const tables = checkTablesOption(options.tables);
  const { signal } = checkCallOptions({ signal: options.signal });
  if (signal?.aborted) throw abortError('createSolverPool() was aborted');
  const wasm = wasmMessage(options.wasm);
  const cancelMode = cancelChoice === 'auto' && sharedMemoryWorks() ? 'flag' : 'restart';
  const spawn = isNode() ? await nodeSpawner() : webSpawner();

  const slots = Array.from({ length: size }, () => new Slot());
  const queue: Job[] = [];
  let nextId = 1;
  let terminated = false;
  /** Settles pool creation: every worker ready, or the first failure. */
  let starting: { left: number; resolve(): void; reject(error: Error): void } | null = null;

  function start(slot: Slot): void {
    clearTimeout(slot.stopTimer);
    slot.generation++;
    slot.ready = false;
    slot.cancel = cancelMode === 'flag' ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const generation = slot.generation;
    // Events of a worker that was since replaced are ignored.
    const current = () => slot.generation === generation && !terminated;
    slot.port = spawn({
      receive: (message) => current() && receive(slot, message),
      fail: (error) => current() && failed(slot, error),
    });
    slot.port.post({ type: 'init', engine, wasm, cancel: slot.cancel, tables });
    // A restarted worker starts without tables: it gets back what the pool prepared.
    if (slot.generation > 1 && prepared.length > 0) restoreTables(slot);
  }

  function receive(slot: Slot, message: FromInside): void {
    switch (message.type) {
      case 'ready':
        slot.ready = true;
        if (starting && --starting.left === 0) starting.resolve();
        slot.port!.keepAlive(false);
        pump();
        return;
      case 'failed':
        failed(slot, message.error);
        return;
      case 'progress': {
        const job = slot.job;
        if (!job || job.id !== message.id || job.settled) return;
        try {
          (job.onProgress as ((progress: unknown) => void) | undefined)?.(message.progress);
        } catch (error) {
          // As with a solver's onIteration: a callback that throws stops the search, and the call fails with its error.
          abort(job, error);
        }
        return;
      }
      case 'answer':
      case 'error': {
        const job = slot.job;
        if (!job || job.id !== message.id) return;
        slot.job = null;
        clearTimeout(slot.stopTimer);
        if (message.type === 'answer') settle(job, () => job.resolve(message.value));
        else {
          if (job.aborted && message.error.name === 'AbortError') slot.stopped++;
          settle(job, () => job.reject(rebuildError(message.error)));
        }
        if (!slot.job) slot.port!.keepAlive(false);
        pump();
        return;
      }
    }
  }

  /** A worker that cannot go on: its call fails, and it is replaced (unless it never started: then the pool fails). */
  function failed(slot: Slot, error: ErrorData): void {
    const job = slot.job;
    slot.job = null;
    if (job) settle(job, () => job.reject(rebuildError(error)));
    if (starting || !slot.ready) {
      // A worker that cannot load its solver would fail again: give up on the pool.
      const rebuilt = rebuildError(error);
      if (starting) starting.reject(rebuilt);
      for (const waiting of queue.splice(0)) settle(waiting, () => waiting.reject(rebuilt));
      void terminate();
      return;
    }
    replace(slot);
  }

  function settle(job: Job, how: () => void): void {
    if (job.settled) return;
    job.settled = true;
    job.detach();
    how();
  }

  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const next = queue.findIndex((job) => (job.slot === undefined || job.slot === slot) && (!slot.restoring || job.restore));
      if (next >= 0) run(slot, queue.splice(next, 1)[0]);
    }
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.calls++;
    slot.port!.keepAlive(true);
    try {
      slot.port!.post({ type: 'call', id: job.id, method: job.method, args: job.args, progress: job.onProgress !== undefined } as ToInside, job.transfer);
    } catch (error) {
      // A DataCloneError: an argument (a function, a class instance) cannot cross to a worker.
      slot.job = null;
      slot.port!.keepAlive(false);
      const why = error instanceof Error ? error.message : String(error);
      settle(job, () =>
        job.reject(
          new PuzzleInputError(`${job.method}(): its arguments cannot be sent to a worker (${why}); pass plain data, and onProgress instead of onIteration`),
        ),
      );
    }
  }

  /** Stops `job` (dropped from the queue, or stopped in its worker); it rejects with `reason`, AbortError unless told. */
  function abort(job: Job, reason: unknown = abortError(`${job.method}() was aborted`)): void {
    if (job.settled) return;
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    job.aborted = true;
    settle(job, () => job.reject(reason));
    if (queued >= 0) return;
    const slot = slots.find((candidate) => candidate.job === job);
    if (!slot) return;
    if (slot.cancel) {
      // The worker sees this between two iterations, stops, and answers AbortError; until then it keeps the job.
      Atomics.store(slot.cancel, CANCEL_CELL, job.id);
      // Timers hold at most 2^31 - 1 ms (about 24 days); longer is as good as never.
      if (restartAfterMs < 2 ** 31) slot.stopTimer = setTimeout(() => slot.job === job && replace(slot), restartAfterMs);
      return;
    }
    // No shared memory: the only way to stop a running search is to end its worker.
    replace(slot);
  }

  /** Ends the worker of `slot` (its call already settled) and starts a fresh one. */
  function replace(slot: Slot): void {
    slot.job = null;
    void slot.port?.terminate();
    start(slot);
  }

  function submit(
    method: WorkerMethodName,
    args: unknown[],
    callOptions: unknown,
    slot?: Slot,
    extra: Pick<Job, 'transfer' | 'restore'> = {},
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (terminated) throw abortError(`${method}(): the solver pool was terminated`);
      const { signal, onProgress } = checkCallOptions(callOptions);
      if (signal?.aborted) throw abortError(`${method}() was aborted`);
      const onAbort = () => abort(job);
      const job: Job = {
        id: nextId++,
        method,
        args,
        onProgress,
        resolve,
        reject,
        settled: false,
        aborted: false,
        detach: () => signal?.removeEventListener('abort', onAbort),
        slot,
        ...extra,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(job);
      pump();
    });
  }

  async function terminate(): Promise<void> {
    if (terminated) return;
    terminated = true;
    const error = abortError('the solver pool was terminated');
    for (const job of queue.splice(0)) settle(job, () => job.reject(error));
    for (const slot of slots) {
      clearTimeout(slot.stopTimer);
      const job = slot.job;
      slot.job = null;
      if (job) settle(job, () => job.reject(error));
    }
    await Promise.all(slots.map((slot) => slot.port?.terminate()));
  }

  async function solveEach<M extends MethodName>(method: M, boards: readonly Args<M>[0][], manyOptions: ManyOptions<M> = {}): Promise<Answer<M>[]> {
    checkChoice('solveEach method', method, Object.keys(insideApi) as MethodName[]);
    if (!Array.isArray(boards)) throw new PuzzleInputError(`solveEach: boards must be an array, not ${describeValue(boards)}`);
    if (typeof manyOptions !== 'object' || manyOptions === null)
      throw new PuzzleInputError(`solveEach options must be an object, not ${describeValue(manyOptions)}`);
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

  /** Every prepareTables call whose first worker succeeded, one entry per distinct arguments; restarted workers get their tables back. */
  const prepared: PreparedTables[] = [];
  let onRestore: PoolInternals['onRestore'];

  const workerName = (slot: Slot) => `worker ${slots.indexOf(slot) + 1} of ${size}`;

  /**
   * Hands the tables that prepareTables(...args) readies from `donor`, which
   * holds them, to `receivers`, which install them (no cache read, no build):
   * where shared memory works the donor copies each table into one
   * SharedArrayBuffer and that same buffer goes to every receiver; elsewhere
   * each receiver gets an ArrayBuffer of its own, transferred, not copied, by
   * postMessage.
   */
  async function shareTables(donor: Slot, receivers: Slot[], args: unknown[], options: CallOptions<never>, restore = false): Promise<void> {
    const shared = cancelMode === 'flag';
    const refs = (await submit('heldTables', args, { signal: options.signal }, donor, { restore })) as TableRef[];
    const missing = refs.find((ref) => !ref.held);
    if (missing)
      throw new Error(
        `prepareTables(): ${workerName(donor)} no longer holds the ${missing.partition.name} table of group ${missing.group} (it was restarted); call prepareTables again`,
      );
    const install = async (slot: Slot, ref: TableRef, bytes: Uint8Array, transfer?: ArrayBuffer[]) => {
      try {
        await submit('installTable', [ref.partition, ref.group, bytes], options, slot, { transfer, restore });
      } catch (error) {
        throw withContext(
          error,
          `prepareTables(): ${workerName(slot)} could not take the ${ref.partition.name} table of group ${ref.group} from ${workerName(donor)}`,
        );
      }
    };
    // What each receiver holds already (after an aborted call, or from another call naming the same tables) is not sent again.
    const receiverHolds = await Promise.all(
      receivers.map(async (slot) => (await submit('heldTables', args, { signal: options.signal }, slot, { restore })) as TableRef[]),
    );
    // One table at a time, every receiver installing it before the next is
    // exported: at most one table is in transit (64 MB on 5x5) rather than all
    // of a goal's (256 MB), on top of what every worker holds.
    for (const [index, ref] of refs.entries()) {
      const targets = receivers.filter((_, i) => !receiverHolds[i]![index]?.held);
      if (targets.length === 0) continue;
      const bytes = (await submit('exportTable', [ref.partition, ref.group, shared], { signal: options.signal }, donor, { restore })) as Uint8Array;
      if (shared) {
        await Promise.all(targets.map((slot) => install(slot, ref, bytes)));
        continue;
      }
      // A transferred buffer is gone from here: each receiver but the last gets a copy, made just before it is sent.
      for (let i = 0; i < targets.length; i++) {
        const own = i === targets.length - 1 ? bytes : bytes.slice();
        await install(targets[i]!, ref, own, [own.buffer as ArrayBuffer]);
      }
    }
  }

  /** The entry for these prepareTables arguments, made on first use. */
  function preparedEntry(args: unknown[]): PreparedTables {
    const key = JSON.stringify(args);
    let entry = prepared.find((candidate) => JSON.stringify(candidate.args) === key);
    if (!entry) prepared.push((entry = { args, held: new Map() }));
    return entry;
  }

  const holds = (entry: PreparedTables, slot: Slot) => entry.held.get(slot) === slot.generation;

  /**
   * Gets a restarted worker's tables back: from a live worker that holds them
   * (an idle one if there is one), else by preparing them again on it. Until
   * then the worker takes no other call, so that no search runs there without
   * the tables the pool prepared.
   */
  function restoreTables(slot: Slot): void {
    const generation = slot.generation;
    const current = () => slot.generation === generation && !terminated;
    slot.restoring = true;
    const run = async () => {
      for (const entry of [...prepared]) {
        if (!current()) return;
        const progress: TablesProgress[] = [];
        const onProgress = (heard: TablesProgress) => progress.push(heard);
        const donors = slots.filter((other) => other !== slot && other.ready && holds(entry, other));
        const donor = donors.find((other) => !other.busy) ?? donors[0];
        let from: number | 'replay' = donor ? slots.indexOf(donor) : 'replay';
        if (donor) {
          try {
            await shareTables(donor, [slot], entry.args, { onProgress }, true);
          } catch {
            // The donor was restarted or failed meanwhile: prepare them here after all.
            if (!current()) return;
            from = 'replay';
            progress.length = 0;
          }
        }
        if (from === 'replay') {
          try {
            await submit('prepareTables', entry.args, { onProgress }, slot, { restore: true });
          } catch {
            continue; // As the call itself would fail now; a later prepareTables says why.
          }
        }
        if (!current()) return;
        entry.held.set(slot, generation);
        onRestore?.({ worker: slots.indexOf(slot), generation, from, progress });
      }
    };
    // Nothing to report to: a failed restoration leaves the worker as a fresh one (a later prepareTables says why).
    slot.restored = run()
      .catch(() => {})
      .finally(() => {
        if (slot.generation !== generation) return;
        slot.restoring = false;
        if (!terminated) pump();
      });
  }

  methods.prepareTables = async (...args) => {
    const arity = insideArity.prepareTables;
    const own = args.slice(0, arity);
    checkPrepareTables(own[0], own[1]);
    const callOptions = checkCallOptions(args[arity]);
    // The first worker builds (or loads) them; the others get its bytes, so no core builds twice, even without a cache.
    const [first, ...rest] = slots as [Slot, ...Slot[]];
    const generation = first.generation;
    await submit('prepareTables', own, callOptions, first);
    if (first.generation !== generation)
      throw new Error(`prepareTables(): ${workerName(first)} was restarted while preparing the tables; call prepareTables again`);
    // Remembered before the others have them: a worker restarted meanwhile gets them from the first.
    const entry = preparedEntry(own);
    entry.held.set(first, generation);
    // Workers that hold them already (an earlier call, a restoration) are left out.
    const receivers = rest.filter((slot) => !holds(entry, slot));
    const generations = receivers.map((slot) => slot.generation);
    if (receivers.length > 0) await shareTables(first, receivers, own, callOptions);
    receivers.forEach((slot, i) => slot.generation === generations[i] && entry.held.set(slot, generations[i]!));
  };

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
          submit('slidingShare', [shareBoard, shareOptions, share], { signal, onProgress }, slots[worker]) as Promise<SlidingShareResult>,
        sliding: (slidingBoard, slidingOptions, slidingCall) =>
          methods.sliding(slidingBoard, slidingOptions, slidingCall) as Promise<SlidingResult | Unsolvable | Stopped>,
        solvable: (solvableBoard, goal) => methods.slidingSolvable(solvableBoard, goal) as Promise<boolean>,
      },
      board,
      options,
      callOptions,
      alone,
    ).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'AbortError') throw abortError(error.message.replace(/^[A-Za-z]+\(\)/, `${name}()`));
      throw error;
    });
  const solveParallel: SolverPool['solveParallel'] = (board, options, callOptions) => shareSearch('solveParallel', board, options, callOptions);

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
    sliding: (board, options = {}, callOptions) => {
      // Not an object: the worker's solver says what is wrong.
      if (typeof options !== 'object' || options === null) return methods.sliding(board, options, callOptions) as Promise<SlidingResult | Unsolvable | Stopped>;
      const { parallel, depth, ...sliding } = options;
      if (parallel !== undefined && typeof parallel !== 'boolean')
        return Promise.reject(new PuzzleInputError(`parallel must be true or false, not ${describeValue(parallel)}`));
      if (parallel ?? parallelByDefault(board))
        return shareSearch('sliding', board, depth === undefined ? sliding : { ...sliding, depth }, callOptions, ALONE_NODES);
      return methods.sliding(board, sliding, callOptions) as Promise<SlidingResult | Unsolvable | Stopped>;
    },
    engine,
    size,
    cancelMode,
    get workers(): PoolWorkerInfo[] {
      return slots.map(({ generation, calls, stopped, busy }) => ({ generation, calls, stopped, busy }));
    },
    solveEach,
    solveParallel,
    terminate,
  };

  internalsOf.set(pool, {
    call: (worker, method, args, callOptions) => submit(method, args, callOptions, worker === undefined ? undefined : slots[worker]),
    restored: (worker) => slots[worker]!.restored,
    set onRestore(listener) {
      onRestore = listener;
    },
    get onRestore() {
      return onRestore;
    },
  });

  const ready = new Promise<void>((resolve, reject) => {
    starting = { left: size, resolve, reject };
  });
  const onAbort = () => {
    starting?.reject(abortError('createSolverPool() was aborted'));
    void terminate();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  for (const slot of slots) start(slot);
  // Aborted while the spawner loaded: no event comes for that.
  if (signal?.aborted) onAbort();
  try {
    await ready;
  } finally {
    starting = null;
    signal?.removeEventListener('abort', onAbort);
  }
  return pool;
}
