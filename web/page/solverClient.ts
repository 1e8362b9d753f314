/**
 * Outside: the page's handle on a solving worker. Each panel owns one, so
 * that a long 15-puzzle search never blocks the other puzzles. Cancel
 * terminates the worker (a search in wasm cannot be interrupted otherwise)
 * and the next solve starts a fresh one.
 */
import type { SolveAnswer, SolveRequest, WorkerMessage } from '../protocol.js';

export interface Progress {
  bound: number;
  nodes: number;
}

export class SolveCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'SolveCancelled';
  }
}

/** An error reported by the worker, keeping the name (e.g. PuzzleInputError) for the page to show. */
export class WorkerError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface Pending {
  id: number;
  resolve: (answer: SolveAnswer) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: Progress) => void;
}

let nextId = 1;

export class SolverClient {
  private worker: Worker | null = null;
  private pending: Pending | null = null;
  /** How many workers were started (shown in the page's data attributes for the tests). */
  generation = 0;

  get busy(): boolean {
    return this.pending !== null;
  }

  private start(): Worker {
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module', name: 'puzzlesearch-solver' });
    worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => this.receive(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(new WorkerError('WorkerError', event.message || 'the solver worker failed to start'));
      this.worker?.terminate();
      this.worker = null;
    });
    this.generation++;
    return worker;
  }

  private receive(message: WorkerMessage): void {
    const pending = this.pending;
    if (!pending || message.id !== pending.id) return;
    if (message.type === 'progress') {
      pending.onProgress?.({ bound: message.bound, nodes: message.nodes });
    } else if (message.type === 'result') {
      this.pending = null;
      pending.resolve(message.answer);
    } else {
      this.pending = null;
      pending.reject(new WorkerError(message.name, message.message));
    }
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  /** Starts the worker ahead of the first solve so that the first answer is quick. */
  warm(): void {
    this.worker ??= this.start();
  }

  solve(request: Omit<SolveRequest, 'id'>, onProgress?: (progress: Progress) => void): Promise<SolveAnswer> {
    if (this.pending) this.cancel();
    this.worker ??= this.start();
    const id = nextId++;
    return new Promise<SolveAnswer>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.worker!.postMessage({ ...request, id } satisfies SolveRequest);
    });
  }

  /** Stops the running search at once: the worker is terminated and a fresh one started. */
  cancel(): void {
    if (!this.pending) return;
    this.worker?.terminate();
    this.worker = this.start();
    this.fail(new SolveCancelled());
  }
}
