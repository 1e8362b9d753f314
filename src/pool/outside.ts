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
 */
import { PuzzleInputError, checkChoice, describeValue, parseSlidingBoard } from '../boards.js';
import { ENGINES, type EngineName } from '../core.js';
import type { WasmSource } from '../loader.js';
import { insideApi, type Progress, type ProgressOf } from './inside.js';
import { ALONE_NODES, parallelSliding, type ParallelSlidingOptions } from './parallel.js';
import type { SlidingInput } from '../boards.js';
import type { SlidingResult, SlidingShareResult, Stopped, Unsolvable } from '../solver.js';
import { CANCEL_CELL, type Answer, type Args, type ErrorData, type FromInside, type MethodName, type ToInside, type WasmMessage } from './protocol.js';

export interface SolverPoolOptions {
  /** How many workers; default: the number of cores (`os.availableParallelism()`, `navigator.hardwareConcurrency`). */
  workers?: number;
  /** 'wasm' (default) or 'ts', for every worker. */
  engine?: EngineName;
  /** Where the workers load the module from; defaults to the file beside the package. */
  wasm?: WasmSource;
  /**
   * How a running call is stopped: 'auto' (default) uses the shared cancel flag
   * wherever SharedArrayBuffer is available and restarts the worker elsewhere;
   * 'restart' always terminates and restarts the worker (the fallback, for tests).
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
   * and each build round (TablesProgress), from every worker it prepares.
   */
  onProgress?: (progress: P) => void;
}

/** The arguments after the board, the same for every board of a `solveMany`. */
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
  /** `method` on every board (its first argument), spread over the workers; the answers in input order. */
  solveMany<M extends MethodName>(method: M, boards: readonly Args<M>[0][], options?: ManyOptions<M>): Promise<Answer<M>[]>;
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
  post(message: ToInside): void;
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

function isNode(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof proc?.versions?.node === 'string';
}

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
      post: (message) => worker.postMessage(message),
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
      post: (message) => worker.postMessage(message),
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
  method: MethodName;
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
  if (typeof value !== 'object' || value === null) throw new PuzzleInputError(`call options must be an object ({ signal, onProgress }), not ${describeValue(value)}`);
  const { signal, onProgress } = value as CallOptions<never>;
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')) {
    throw new PuzzleInputError(`signal must be an AbortSignal, not ${describeValue(signal)}`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new PuzzleInputError(`onProgress must be a function, not ${describeValue(onProgress)}`);
  return { signal, onProgress };
}

/**
 * A pool of `workers` solver workers on `engine`. Resolves once every worker
 * has loaded its solver (so a bad `wasm` source rejects here, naming it).
 */
export async function createSolverPool(options: SolverPoolOptions = {}): Promise<SolverPool> {
  if (typeof options !== 'object' || options === null) throw new PuzzleInputError(`pool options must be an object, not ${describeValue(options)}`);
  const engine = checkChoice('engine', options.engine ?? 'wasm', ENGINES);
  const cancelChoice = checkChoice('cancel', options.cancel ?? 'auto', ['auto', 'restart'] as const);
  const size = checkWorkers(options.workers, options.workers === undefined ? await coreCount() : 0);
  const restartAfterMs = checkRestartAfter(options.restartAfterMs);
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
    slot.port.post({ type: 'init', engine, wasm, cancel: slot.cancel });
    // A restarted worker starts without tables: it prepares again what the pool prepared.
    if (slot.generation > 1) {
      for (const args of prepared) submit('prepareTables', args, undefined, slot).catch(() => {});
    }
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
      const next = queue.findIndex((job) => job.slot === undefined || job.slot === slot);
      if (next >= 0) run(slot, queue.splice(next, 1)[0]);
    }
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.calls++;
    slot.port!.keepAlive(true);
    try {
      slot.port!.post({ type: 'call', id: job.id, method: job.method, args: job.args, progress: job.onProgress !== undefined } as ToInside);
    } catch (error) {
      // A DataCloneError: an argument (a function, a class instance) cannot cross to a worker.
      slot.job = null;
      slot.port!.keepAlive(false);
      const why = error instanceof Error ? error.message : String(error);
      settle(job, () => job.reject(new PuzzleInputError(`${job.method}(): its arguments cannot be sent to a worker (${why}); pass plain data, and onProgress instead of onIteration`)));
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

  function submit(method: MethodName, args: unknown[], callOptions: unknown, slot?: Slot): Promise<unknown> {
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

  async function solveMany<M extends MethodName>(method: M, boards: readonly Args<M>[0][], manyOptions: ManyOptions<M> = {}): Promise<Answer<M>[]> {
    checkChoice('solveMany method', method, Object.keys(insideApi) as MethodName[]);
    if (!Array.isArray(boards)) throw new PuzzleInputError(`solveMany: boards must be an array, not ${describeValue(boards)}`);
    if (typeof manyOptions !== 'object' || manyOptions === null) throw new PuzzleInputError(`solveMany options must be an object, not ${describeValue(manyOptions)}`);
    const { args = [], signal, onResult } = manyOptions;
    if (!Array.isArray(args)) throw new PuzzleInputError(`solveMany: args must be an array of the arguments after the board, not ${describeValue(args)}`);
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
    const arity = insideApi[method].length;
    methods[method] = (...args) => submit(method, args.slice(0, arity), args[arity]);
  }

  /** Arguments of every prepareTables call that succeeded, replayed on restarted workers. */
  const prepared: unknown[][] = [];
  methods.prepareTables = async (...args) => {
    const arity = insideApi.prepareTables.length;
    const own = args.slice(0, arity);
    // The first worker builds and saves to the cache; the others then load what it saved (fast, and no core spent twice).
    const [first, ...rest] = slots;
    await submit('prepareTables', own, args[arity], first);
    await Promise.all(rest.map((slot) => submit('prepareTables', own, args[arity], slot)));
    prepared.push(own);
  };

  /** Parallel IDA*; with `alone`, one worker first tries within that many nodes. */
  const shareSearch = (board: SlidingInput, options: ParallelSlidingOptions | undefined, callOptions: CallOptions | undefined, alone = 0) =>
    parallelSliding(
      {
        workers: cancelMode === 'flag' ? size : 1,
        share: (worker, shareBoard, shareOptions, share, signal, onProgress) =>
          submit('slidingShare', [shareBoard, shareOptions, share], { signal, onProgress }, slots[worker]) as Promise<SlidingShareResult>,
        sliding: (slidingBoard, slidingOptions, slidingCall) => methods.sliding(slidingBoard, slidingOptions, slidingCall) as Promise<SlidingResult | Unsolvable | Stopped>,
        solvable: (solvableBoard, goal) => methods.slidingSolvable(solvableBoard, goal) as Promise<boolean>,
      },
      board,
      options,
      callOptions,
      alone,
    );
  const solveParallel: SolverPool['solveParallel'] = (board, options, callOptions) => shareSearch(board, options, callOptions);

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
      if (parallel !== undefined && typeof parallel !== 'boolean') return Promise.reject(new PuzzleInputError(`parallel must be true or false, not ${describeValue(parallel)}`));
      if (parallel ?? parallelByDefault(board)) return shareSearch(board, depth === undefined ? sliding : { ...sliding, depth }, callOptions, ALONE_NODES);
      return methods.sliding(board, sliding, callOptions) as Promise<SlidingResult | Unsolvable | Stopped>;
    },
    engine,
    size,
    cancelMode,
    get workers(): PoolWorkerInfo[] {
      return slots.map(({ generation, calls, stopped, busy }) => ({ generation, calls, stopped, busy }));
    },
    solveMany,
    solveParallel,
    terminate,
  };

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
