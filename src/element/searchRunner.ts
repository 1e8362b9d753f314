/**
 * One search at a time for a board element: Solve or Hint on the worker
 * pool, with its progress line, Cancel (an AbortController whose signal the
 * pool honours), and what a cancelled or failed search says. The element
 * hands it the pool and the few things it shows (SearchView); it knows
 * nothing else of the element.
 */
import type { SolverPool } from '../index.js';
import type { Call } from './family.js';

export type SearchKind = 'solve' | 'hint';

/** What the runner shows and says through the element. */
export interface SearchView {
  progress(text: string | null): void;
  message(text: string): void;
  /** The busy state changed: redraw and reflect. */
  changed(): void;
  emit(type: 'progress' | 'cancel', detail: unknown): void;
  fail(error: unknown): void;
}

const isAbort = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
const nodesText = new Intl.NumberFormat('en-US');

export class SearchRunner {
  busy: SearchKind | null = null;
  private running: AbortController | null = null;

  constructor(
    private readonly view: SearchView,
    private readonly poolOf: () => SolverPool | Promise<SolverPool>,
  ) {}

  cancel(): void {
    this.running?.abort();
  }

  /** Runs `work` on the pool; its result, or null when it was cancelled or failed (said on the view). */
  async run<T>(kind: SearchKind, work: (pool: SolverPool, call: Required<Call>) => Promise<T>): Promise<T | null> {
    const controller = new AbortController();
    this.running = controller;
    this.busy = kind;
    this.view.message('');
    this.view.progress(kind === 'solve' ? 'Searching…' : 'Looking for the best moves…');
    this.view.changed();
    try {
      const pool = await this.poolOf();
      controller.signal.throwIfAborted();
      return await work(pool, {
        signal: controller.signal,
        onProgress: (progress) => {
          this.view.progress(`bound ${progress.bound}, ${nodesText.format(progress.nodes)} nodes, ${(progress.ms / 1000).toFixed(1)} s`);
          this.view.emit('progress', progress);
        },
      });
    } catch (error) {
      if (isAbort(error)) {
        this.view.message(kind === 'solve' ? 'Search cancelled.' : 'Hint cancelled.');
        this.view.emit('cancel', { kind });
      } else {
        this.view.fail(error);
      }
      return null;
    } finally {
      if (this.running === controller) {
        this.running = null;
        this.busy = null;
      }
      this.view.progress(null);
      this.view.changed();
    }
  }
}
