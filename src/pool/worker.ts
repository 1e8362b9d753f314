/**
 * Inside: the entry of a pool worker, in Node (`worker_threads`) and in
 * browsers (a module Web Worker). It creates its solver once, on `init`, and
 * keeps it (and any table it builds) for the worker's whole life; it answers
 * one call at a time through `insideApi`. The pool's move-pruning files come
 * after `init`, each as the pool has it; a search of a file's size waits for
 * it (pruningArrivals.ts).
 *
 * A cancel never terminates the worker: the outside writes the call's id into
 * the shared cancel flag, and `onIteration` (between IDA* iterations) or
 * `onProgress` (inside one, about every 100 ms) sees it and throws, which unwinds the search; the solver releases its busy mark in
 * its `finally`, and the worker answers AbortError and waits for the next call.
 */
import type { TablesProgress } from '../pdb/tables.js';
import type { CensusProgress } from '../api/census.js';
import { coreOf, createSolver, solverFromCore, tablesOf } from '../api/solver.js';
import type { Solver, SolverOptions } from '../api/types.js';
import { insideApi, insideTransport, runCall, searchedBoards } from './inside.js';
import { PruningArrivals } from './pruningArrivals.js';
import { setTraceThread, trace } from '../trace.js';
import {
  CANCEL_CELL,
  type Answer,
  type CallMessage,
  type ErrorData,
  type FromInside,
  type InitMessage,
  type PruningMessage,
  type SharedMemoryMessage,
  type ToInside,
  type WorkerMethodName,
} from './protocol.js';

/** Thrown from onIteration to unwind a cancelled search. */
class CallCancelled extends Error {
  constructor() {
    super('the call was cancelled');
    this.name = 'AbortError';
  }
}

/** Posts to the outside; what `transfer` lists moves there instead of being copied. */
type Post = (message: FromInside, transfer?: ArrayBuffer[]) => void;

/**
 * What of an answer to transfer rather than copy: the bytes of a table
 * exported without shared memory (a fresh ArrayBuffer nobody else holds).
 */
function transferOf(value: unknown): ArrayBuffer[] {
  if (value instanceof Uint8Array && value.buffer instanceof ArrayBuffer && value.byteLength === value.buffer.byteLength) return [value.buffer];
  return [];
}

let solver: Promise<Solver> | null = null;
let cancelFlag: Int32Array | null = null;
/** The pool's shared memory (the shared build), else null. */
let sharedMemory: SharedMemoryMessage | null = null;
/** The move-pruning files this worker's pool was given, as they come. */
let pruning = new PruningArrivals([]);

/**
 * Whether call `id` was cancelled. This is the one read of the flag: between
 * IDA* iterations (onIteration) and inside them (the solver's onProgress,
 * which the search's poll calls about every 100 ms).
 */
function cancelled(id: number): boolean {
  return cancelFlag !== null && Atomics.load(cancelFlag, CANCEL_CELL) === id;
}

function errorData(error: unknown): ErrorData {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

function init(message: InitMessage, post: Post): void {
  trace('init');
  cancelFlag = message.cancel;
  sharedMemory = message.sharedMemory ?? null;
  pruning = new PruningArrivals(message.pruningSizes);
  // The tables' warnings (a cache file refused, a directory not writable) go to the pool's `warn`, not this worker's console.
  const warn = (line: string) => post({ type: 'warning', message: line });
  const options = { engine: message.engine, wasm: message.wasm, tables: { ...message.tables, warn } };
  solver = message.sharedMemory ? sharedMemorySolver(options, message.sharedMemory) : createSolver(options);
  solver.then(
    () => {
      trace('solver ready');
      post({ type: 'ready' });
    },
    (error: unknown) => post({ type: 'failed', error: errorData(error) }),
  );
}

/** A solver whose IDA* and tables run on the pool's shared memory (never its owner: the pool's thread is). */
async function sharedMemorySolver(options: SolverOptions, shared: SharedMemoryMessage): Promise<Solver> {
  const { createWasmCore } = await import('../engine/wasm/index.js');
  const core = await createWasmCore(options.wasm, { memory: shared.memory, owner: false, source: shared.module });
  return solverFromCore(core, options.tables);
}

async function answer(message: CallMessage, post: Post): Promise<void> {
  const { id } = message;
  try {
    if (!solver) throw new Error('puzzlesearch pool: a call arrived before init');
    const callSolver = await solver;
    // A search of a size whose move-pruning file is on its way waits for it rather than make the machine.
    await pruning.before(searchedBoards(message.method, message.args));
    if (cancelled(id)) throw new CallCancelled();
    const started = performance.now();
    const onIteration = (bound: number, nodes: number) => {
      if (cancelled(id)) throw new CallCancelled();
      if (message.progress) post({ type: 'progress', id, progress: { bound, nodes, ms: performance.now() - started } });
    };
    const stopIfCancelled = () => {
      if (cancelled(id)) throw new CallCancelled();
    };
    const relayProgress = (progress: TablesProgress | CensusProgress) => {
      if (cancelled(id)) throw new CallCancelled();
      if (message.progress) post({ type: 'progress', id, progress });
    };
    // The message's method and arguments were typed together; one call site serves every method.
    const name = message.method;
    const method = (Object.hasOwn(insideApi, name) ? insideApi[name as keyof typeof insideApi] : insideTransport[name as keyof typeof insideTransport]) as (
      ...args: unknown[]
    ) => unknown;
    // Table preparation answers a promise; the solving methods answer at once.
    const context = {
      solver: callSolver,
      tables: tablesOf(callSolver),
      core: coreOf(callSolver),
      sharedMemory: sharedMemory?.memory,
      onIteration,
      stopIfCancelled,
      relayProgress,
    };
    trace(`call ${name}`);
    const value = (await runCall(context, () => method(...message.args))) as Answer<WorkerMethodName>;
    trace(`answer ${name}`);
    post({ type: 'answer', id, value }, transferOf(value));
  } catch (error) {
    post({ type: 'error', id, error: errorData(error) });
  }
}

/** Installs a move-pruning file at once, not after the calls before it: one of them may be waiting for it. */
function installPruning(message: PruningMessage, post: Post): void {
  if (!pruning.arrived(message)) post({ type: 'pruningRefused', width: message.width, height: message.height });
}

function listen(post: Post, subscribe: (receive: (message: ToInside) => void) => void): void {
  // Calls run one after another even if the outside ever sent two at once.
  let previous = Promise.resolve();
  subscribe((message) => {
    if (message.type === 'init') init(message, post);
    else if (message.type === 'pruning') installPruning(message, post);
    else previous = previous.then(() => answer(message, post));
  });
}

/**
 * Starts listening where this worker runs. No top-level await: a bundler that
 * emits workers as classic scripts (Vite's default 'iife' format) refuses one,
 * so Node's `parentPort` arrives through a promise instead.
 */
function start(): void {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (typeof proc?.versions?.node !== 'string') {
    const scope = globalThis as unknown as DedicatedWorkerGlobalScope;
    listen(
      (message, transfer = []) => scope.postMessage(message, transfer),
      (receive) => scope.addEventListener('message', (event: MessageEvent<ToInside>) => receive(event.data)),
    );
    return;
  }
  // Hidden from bundlers: a browser build must not try to resolve node:worker_threads.
  const threadsName = 'node:worker_threads';
  void (import(/* @vite-ignore */ threadsName) as Promise<typeof import('node:worker_threads')>).then(({ parentPort, threadId }) => {
    setTraceThread(`worker ${threadId}`);
    trace('worker modules loaded');
    if (!parentPort) {
      console.error('puzzlesearch pool: worker.js is a worker entry, not a module to import');
      return;
    }
    listen(
      (message, transfer) => parentPort.postMessage(message, transfer),
      (receive) => parentPort.on('message', receive),
    );
  });
}

start();
