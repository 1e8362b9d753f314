/**
 * The pool's workers and its calls: a slot per worker, each running one call
 * at a time; calls that arrive while every worker is busy wait in one queue.
 * A call is cancelled with an AbortSignal: a queued call is dropped, a running
 * one is stopped through the worker's shared cancel flag (see worker.ts) and
 * the worker lives on; only where there is no shared memory is the worker
 * ended and a fresh one started instead. A worker that dies is replaced.
 *
 * WorkerSlots is about 230 lines, over the house's 150: the queue and the
 * workers' life cycle change each other's state at every step (an answer frees
 * a slot and pumps the queue, an abort restarts a worker, a failure empties
 * the queue), and split in two each half would reach into the other's fields.
 */
import type { HostAbortController, HostAbortSignal } from '../engine/hostTypes.js';
import { checkOptionKeys, checkSignalAndProgress } from '../api/checks.js';
import { PuzzleInputError, describeValue } from '../api/boards.js';
import type { EngineName } from '../engine/contract.js';
import {
  CANCEL_CELL,
  type ErrorData,
  type FromInside,
  type PoolTablesOptions,
  type SharedMemoryMessage,
  type ToInside,
  type WasmMessage,
  type WorkerMethodName,
} from './protocol.js';
import type { Port, Spawn } from './spawn.js';
import { trace } from '../trace.js';

export function abortError(message: string): Error {
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

/** A call's options as checked: an AbortSignal and a progress listener, both optional. */
export interface CheckedCallOptions {
  signal?: HostAbortSignal;
  onProgress?: (progress: never) => void;
}

const CALL_OPTION_KEYS: readonly string[] = ['signal', 'onProgress'];

/** The call options of `method` (the last argument of every pool method): undefined or { signal, onProgress }, no other key. */
export function checkCallOptions(value: unknown, method = 'call'): CheckedCallOptions {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PuzzleInputError(`call options must be an object ({ signal, onProgress }), not ${describeValue(value)}`);
  checkOptionKeys(method, value, CALL_OPTION_KEYS, 'call option');
  return checkSignalAndProgress(value as CheckedCallOptions) as CheckedCallOptions;
}

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

export class Slot {
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
  stopTimer: (() => void) | undefined;
  /** A restarted worker getting back the tables the pool prepared: it takes no other call until then. */
  restoring = false;
  /** Settles when the latest restoration is over. */
  restored: Promise<void> = Promise.resolve();

  get busy(): boolean {
    return this.job !== null;
  }
}

/** What every worker of a pool is started with. */
export interface SlotsConfig {
  size: number;
  engine: EngineName;
  wasm: WasmMessage | undefined;
  tables: PoolTablesOptions | undefined;
  /** The sizes whose move-pruning files the pool was given: each comes later (see pruningFiles.ts), and searches of its size wait for it. */
  pruningSizes: string[];
  cancelMode: 'flag' | 'restart';
  /** The memory every worker's IDA* and tables share (the shared build), or undefined (the plain build: tables copied to each). */
  sharedMemory?: SharedMemoryMessage;
  /** After an abort on the flag, how long (ms) a worker may take to stop before it is restarted. */
  restartAfterMs: number;
  spawn: Spawn;
}

export class WorkerSlots {
  readonly slots: Slot[];
  terminated = false;
  /** Hears each worker restarted after a failure or an abort (it starts without the tables the pool prepared). */
  onRestart: (slot: Slot) => void = () => {};
  /** Hears each worker as it starts, its init sent (a restarted one too). */
  onStart: (slot: Slot) => void = () => {};
  /** Hears a worker's warning (its solver's tables'). */
  onWarning: (message: string) => void = () => {};
  /** Hears each worker that found no machine of its size in a move-pruning file's bytes. */
  onPruningRefused: (width: number, height: number) => void = () => {};
  /** Aborted as the pool ends (terminated, or failed to start): what is still fetched for its workers is dropped. */
  readonly ended: HostAbortController = new AbortController();
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Settles pool creation: every worker ready, or the first failure. */
  private starting: { left: number; resolve(): void; reject(error: Error): void } | null = null;

  constructor(private readonly config: SlotsConfig) {
    this.slots = Array.from({ length: config.size }, () => new Slot());
  }

  /** Starts every worker; resolves once each has loaded its solver, rejects on the first that cannot (or on `signal`). */
  async startAll(signal: HostAbortSignal | undefined): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => {
      this.starting = { left: this.slots.length, resolve, reject };
    });
    const onAbort = () => {
      this.starting?.reject(abortError('createSolverPool() was aborted'));
      void this.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    for (const slot of this.slots) this.start(slot);
    // Aborted while the spawner loaded: no event comes for that.
    if (signal?.aborted) onAbort();
    try {
      await ready;
    } finally {
      this.starting = null;
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Queues a call (on `slot` only, when given); it settles with the worker's answer. */
  submit(method: WorkerMethodName, args: unknown[], callOptions: unknown, slot?: Slot, extra: Pick<Job, 'transfer' | 'restore'> = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.terminated) throw abortError(`${method}(): the solver pool was terminated`);
      const { signal, onProgress } = checkCallOptions(callOptions, method);
      if (signal?.aborted) throw abortError(`${method}() was aborted`);
      const onAbort = () => this.abort(job);
      const job: Job = {
        id: this.nextId++,
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
      this.queue.push(job);
      this.pump();
    });
  }

  /** Hands queued calls to idle workers (a restoring worker takes only its restoration's calls). */
  pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const next = this.queue.findIndex((job) => (job.slot === undefined || job.slot === slot) && (!slot.restoring || job.restore));
      if (next >= 0) this.run(slot, this.queue.splice(next, 1)[0]!);
    }
  }

  /** Ends every worker; calls not yet answered reject with AbortError. */
  async terminate(): Promise<void> {
    if (this.terminated) return;
    this.terminated = true;
    this.ended.abort();
    const error = abortError('the solver pool was terminated');
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(error));
    for (const slot of this.slots) {
      slot.stopTimer?.();
      const job = slot.job;
      slot.job = null;
      if (job) this.settle(job, () => job.reject(error));
    }
    await Promise.all(this.slots.map((slot) => slot.port?.terminate()));
  }

  private start(slot: Slot): void {
    const { engine, wasm, tables, pruningSizes, cancelMode, spawn, sharedMemory } = this.config;
    slot.stopTimer?.();
    slot.generation++;
    slot.ready = false;
    slot.cancel = cancelMode === 'flag' ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const generation = slot.generation;
    // Events of a worker that was since replaced are ignored.
    const current = () => slot.generation === generation && !this.terminated;
    slot.port = spawn({
      receive: (message) => current() && this.receive(slot, message),
      fail: (error) => current() && this.failed(slot, error),
    });
    slot.port.post({ type: 'init', engine, wasm, cancel: slot.cancel, sharedMemory, tables, pruningSizes });
    trace(`worker ${this.slots.indexOf(slot)} spawned`);
    this.onStart(slot);
    if (slot.generation > 1) this.onRestart(slot);
  }

  private receive(slot: Slot, message: FromInside): void {
    switch (message.type) {
      case 'ready':
        trace(`worker ${this.slots.indexOf(slot)} ready`);
        slot.ready = true;
        if (this.starting && --this.starting.left === 0) this.starting.resolve();
        slot.port!.keepAlive(false);
        this.pump();
        return;
      case 'failed':
        this.failed(slot, message.error);
        return;
      case 'warning':
        this.onWarning(message.message);
        return;
      case 'pruningRefused':
        this.onPruningRefused(message.width, message.height);
        return;
      case 'progress': {
        const job = slot.job;
        if (!job || job.id !== message.id || job.settled) return;
        try {
          (job.onProgress as ((progress: unknown) => void) | undefined)?.(message.progress);
        } catch (error) {
          // As with a solver's onIteration: a callback that throws stops the search, and the call fails with its error.
          this.abort(job, error);
        }
        return;
      }
      case 'answer':
      case 'error': {
        const job = slot.job;
        if (!job || job.id !== message.id) return;
        slot.job = null;
        slot.stopTimer?.();
        if (message.type === 'answer') this.settle(job, () => job.resolve(message.value));
        else {
          if (job.aborted && message.error.name === 'AbortError') slot.stopped++;
          this.settle(job, () => job.reject(rebuildError(message.error)));
        }
        if (!slot.job) slot.port!.keepAlive(false);
        this.pump();
        return;
      }
    }
  }

  /** A worker that cannot go on: its call fails, and it is replaced (unless it never started: then the pool fails). */
  private failed(slot: Slot, error: ErrorData): void {
    const job = slot.job;
    slot.job = null;
    if (job) this.settle(job, () => job.reject(rebuildError(error)));
    if (this.starting || !slot.ready) {
      // A worker that cannot load its solver would fail again: give up on the pool.
      const rebuilt = rebuildError(error);
      if (this.starting) this.starting.reject(rebuilt);
      for (const waiting of this.queue.splice(0)) this.settle(waiting, () => waiting.reject(rebuilt));
      void this.terminate();
      return;
    }
    this.replace(slot);
  }

  private settle(job: Job, how: () => void): void {
    if (job.settled) return;
    job.settled = true;
    job.detach();
    how();
  }

  private run(slot: Slot, job: Job): void {
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
      this.settle(job, () =>
        job.reject(
          new PuzzleInputError(`${job.method}(): its arguments cannot be sent to a worker (${why}); pass plain data, and onProgress instead of onIteration`),
        ),
      );
    }
  }

  /** Stops `job` (dropped from the queue, or stopped in its worker); it rejects with `reason`, AbortError unless told. */
  private abort(job: Job, reason: unknown = abortError(`${job.method}() was aborted`)): void {
    if (job.settled) return;
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    job.aborted = true;
    this.settle(job, () => job.reject(reason));
    if (queued >= 0) return;
    const slot = this.slots.find((candidate) => candidate.job === job);
    if (!slot) return;
    if (slot.cancel) {
      // The worker sees this between two iterations, stops, and answers AbortError; until then it keeps the job.
      Atomics.store(slot.cancel, CANCEL_CELL, job.id);
      // Timers hold at most 2^31 - 1 ms (about 24 days); longer is as good as never.
      const { restartAfterMs } = this.config;
      if (restartAfterMs < 2 ** 31) {
        const timer = setTimeout(() => slot.job === job && this.replace(slot), restartAfterMs);
        slot.stopTimer = () => clearTimeout(timer);
      }
      return;
    }
    // No shared memory: the only way to stop a running search is to end its worker.
    this.replace(slot);
  }

  /** Ends the worker of `slot` as if it had died (its call fails, a fresh one starts): for tests of a worker lost mid-call. */
  kill(slot: Slot): void {
    this.failed(slot, { name: 'WorkerError', message: 'puzzlesearch pool worker was killed' });
  }

  /** Ends the worker of `slot` (its call already settled) and starts a fresh one. */
  private replace(slot: Slot): void {
    slot.job = null;
    void slot.port?.terminate();
    this.start(slot);
  }
}
