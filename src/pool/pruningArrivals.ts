/**
 * Inside: the move-pruning files a worker is handed after it starts (the
 * pool's pruningFiles, see pruningFiles.ts). The pool fetches them while its
 * workers start, so a file may come after the worker's first calls: a search
 * of a board of its size waits for it (without it, the search would make the
 * machine the file holds: about a second for 5x5 in a browser), and any other
 * call runs at once.
 */
import { parseSlidingBoard } from '../api/boards.js';
import { installMovePruning, movePruningOrigin } from '../engine/movePruning.js';
import type { PruningMessage } from './protocol.js';

/** A board's size as pruningFiles names it ('5x5'), or null when it is no board (the search then says what is wrong with it). */
function sizeOf(board: unknown): string | null {
  try {
    const { width, height } = parseSlidingBoard(board as Parameters<typeof parseSlidingBoard>[0]);
    return `${width}x${height}`;
  } catch {
    return null;
  }
}

export class PruningArrivals {
  /** The sizes whose file has not come yet, each with what its searches wait on. */
  private readonly waiting = new Map<string, { came: Promise<void>; resolve(): void }>();

  constructor(sizes: readonly string[]) {
    for (const size of sizes) {
      let resolve!: () => void;
      const came = new Promise<void>((done) => {
        resolve = done;
      });
      this.waiting.set(size, { came, resolve });
    }
  }

  /**
   * Installs a file that came (bytes null: the pool could not have it, the
   * machine is made as without the option) and lets its searches go on. False
   * when the bytes hold no machine of their size, to be reported.
   */
  arrived({ width, height, bytes }: PruningMessage): boolean {
    const size = `${width}x${height}`;
    const waiting = this.waiting.get(size);
    this.waiting.delete(size);
    // Installed before its searches go on; a machine in use already (made before the file came) is not the file's fault.
    const fine = bytes === null || movePruningOrigin(width, height) !== undefined || installMovePruning(width, height, bytes);
    waiting?.resolve();
    return fine;
  }

  /** Settles once the files of the boards' sizes have come (at once when none is awaited); 'all': every file. */
  before(boards: readonly unknown[] | 'all'): Promise<void> | undefined {
    if (this.waiting.size === 0) return undefined;
    const sizes = boards === 'all' ? [...this.waiting.keys()] : boards.map(sizeOf);
    const waits = sizes.flatMap((size) => (size === null ? [] : (this.waiting.get(size)?.came ?? [])));
    return waits.length === 0 ? undefined : Promise.all(waits).then(() => undefined);
  }
}
