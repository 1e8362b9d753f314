/**
 * The pool's `pruningFiles` (src/pool/pruningFiles.ts): the move-pruning
 * machines' files, loaded once by the pool and handed to every worker, which
 * installs them instead of building (or, in Node, reading data/). On both
 * engines: given the files (as a `file:` URL and as bytes), every worker
 * answers a 24-puzzle that linear conflicts settle and a 15-puzzle optimally
 * (paths replayed; lengths against IDA* pruning only the parent move, and a
 * bidirectional BFS of tests/oracles.js), and says its machines were
 * installed, a restarted worker's too; a file that cannot be had, or holds no
 * machine, is passed over (the worker reads data/ as without the option); a
 * bad option is a one-line PuzzleInputError.
 *
 * Like tests/pool/pool.test.ts, this starts dist/pool/worker.js: run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import { bidirectionalDistance, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { engineNames } from '../support/engines.js';
import { builtModule, packageRoot } from '../support/builtPackage.js';
import { rejection } from '../support/rejection.js';

const root = packageRoot;
let lib: typeof Package;
let outside: typeof Outside;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
});

type Tiles = number[];
const blankLast = (cells: number): Tiles => Array.from({ length: cells }, (_, i) => (i + 1) % cells);
const key = (tiles: Tiles) => tiles.join(',');
const dataFile = (name: string) => pathToFileURL(join(root, 'data', name));

const random = seededRandom(19);
/** A 24-puzzle 40 moves from home (linear conflicts settle it, no tables needed) and a 15-puzzle 30 moves from home. */
const board24 = slidingWalk(blankLast(25), 5, 40, random).tiles;
const board15 = slidingWalk(blankLast(16), 4, 30, random).tiles;

/** Where each worker's 'fsm' machine of a size came from (installed, read, built), by worker. */
function origins(pool: Package.SolverPool, width: number, height: number): Promise<unknown[]> {
  const internals = outside.poolInternals(pool);
  return Promise.all(pool.workers.map((_, worker) => internals.call(worker, 'movePruningOrigin', [width, height])));
}

describe.each(engineNames)('a pool given the move-pruning files, on %s', (engine) => {
  it('every worker installs them, builds none, and answers a 24-puzzle and a 15-puzzle optimally', async () => {
    const pool = await lib.createSolverPool({
      workers: 2,
      engine,
      tables: { dir: false },
      pruningFiles: { '4x4': dataFile('pruning-4x4.bin'), '5x5': readFileSync(join(root, 'data/pruning-5x5.bin')) },
    });
    try {
      const solver = await lib.createSolver({ engine, tables: { dir: false } });
      for (const [tiles, width] of [
        [board24, 5],
        [board15, 4],
      ] as const) {
        const parentOnly = solver.sliding(tiles, { heuristic: 'linear-conflict', pruning: 'parent' });
        expect(parentOnly.status).toBe('solved');
        // Every worker searches it, so that each uses its machine.
        for (const worker of [0, 1]) {
          const result = (await outside.poolInternals(pool).call(worker, 'sliding', [tiles])) as Package.SlidingResult;
          expect(result.length).toBe(parentOnly.length);
          expect(replaySliding(tiles, width, result.moves)).toEqual(blankLast(width * width));
        }
      }
      const distance15 = bidirectionalDistance(board15, blankLast(16), (state: Tiles) => slidingNeighbours(state, 4), key);
      expect(solver.sliding(board15).length).toBe(distance15);
      expect(await origins(pool, 5, 5)).toEqual(['installed', 'installed']);
      expect(await origins(pool, 4, 4)).toEqual(['installed', 'installed']);
    } finally {
      await pool.terminate();
    }
  });

  it('a restarted worker is handed them again', async () => {
    const pool = await lib.createSolverPool({ workers: 1, engine, cancel: 'restart', pruningFiles: { '5x5': dataFile('pruning-5x5.bin') } });
    try {
      const controller = new AbortController();
      // Aborted at its first progress: 'restart' ends the worker and starts a fresh one.
      const search = pool.sliding(
        board24,
        { heuristic: 'linear-conflict', pruning: 'parent' },
        { signal: controller.signal, onProgress: () => controller.abort() },
      );
      expect((await rejection(search)).name).toBe('AbortError');
      expect(pool.workers[0]!.generation).toBe(2);
      // Installed as the fresh worker started (a file read would say 'read').
      expect(await origins(pool, 5, 5)).toEqual(['installed']);
      expect((await pool.sliding(board24, { heuristic: 'linear-conflict' })).status).toBe('solved');
    } finally {
      await pool.terminate();
    }
  });

  it('a file that cannot be had, or holds no machine, is passed over: the worker reads data/ as without the option', async () => {
    const pool = await lib.createSolverPool({
      workers: 1,
      engine,
      pruningFiles: { '5x5': dataFile('no-such-file.bin'), '4x4': readFileSync(join(root, 'data/pruning-5x5.bin')) },
    });
    try {
      expect((await pool.sliding(board24, { heuristic: 'linear-conflict' })).status).toBe('solved');
      expect((await pool.sliding(board15, { heuristic: 'linear-conflict' })).status).toBe('solved');
      expect(await origins(pool, 5, 5)).toEqual(['read']);
      expect(await origins(pool, 4, 4)).toEqual(['read']);
    } finally {
      await pool.terminate();
    }
  });
});

describe('the pruningFiles option, checked', () => {
  it.each([
    ['not an object', 'data/pruning-5x5.bin', /pruningFiles must be an object of files by board size/],
    ['a size with no board', { '6x6': new Uint8Array(1) }, /pruningFiles: unknown board size '6x6', expected WIDTHxHEIGHT, each side 2 to 5/],
    ['no size', { five: new Uint8Array(1) }, /pruningFiles: unknown board size 'five'/],
    ['a file that is no source', { '5x5': 42 }, /pruningFiles\['5x5'\] must be a URL, a string or the file's bytes, not 42/],
  ])('%s is a PuzzleInputError', async (_, pruningFiles, message) => {
    const error = await rejection(lib.createSolverPool({ workers: 1, pruningFiles: pruningFiles as never }));
    expect(error).toBeInstanceOf(lib.PuzzleInputError);
    expect((error as Error).message).toMatch(message);
  });
});
