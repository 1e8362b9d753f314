/**
 * A pool on the shared build (the default in Node): one copy of the tables in
 * the memory every worker's IDA* shares. One worker loads or builds them, the
 * others adopt them where they lie (the same address in every worker, no
 * copy), a restarted worker adopts them again, and every worker's searches
 * are optimal. `sharedTables: false` keeps the plain build's copies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import type { TableAddress } from '../../src/pool/inside.js';
import { bfsAllDistances, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { builtModule } from '../support/builtPackage.js';
import { rejection } from '../support/rejection.js';

let lib: typeof Package;
let outside: typeof Outside;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
});

type Goal = 'blank-last' | 'blank-first';
type Tiles = number[];
type Progress = Package.TablesProgress;

const goalTiles = (goal: Goal): Tiles => Array.from({ length: 9 }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % 9));
const key = (tiles: Tiles) => tiles.join(',');
const distances = new Map<Goal, Map<string | number, number>>();

/** The 8-puzzle distance, by one plain BFS from the goal. */
function distance(tiles: Tiles, goal: Goal): number {
  let table = distances.get(goal);
  if (!table) distances.set(goal, (table = bfsAllDistances(goalTiles(goal), (state: Tiles) => slidingNeighbours(state, 3), key)));
  return table.get(key(tiles))!;
}

/** Every worker solves random boards of both goals with the 4-4 tables: optimal, paths replayed. */
async function expectOptimalOnEveryWorker(pool: Package.SolverPool, seed: number): Promise<void> {
  const internals = outside.poolInternals(pool);
  const random = seededRandom(seed);
  for (const goal of ['blank-last', 'blank-first'] as const) {
    for (let worker = 0; worker < pool.size; worker++) {
      for (let i = 0; i < 4; i++) {
        const tiles = slidingWalk(goalTiles(goal), 3, 30 + i, random).tiles;
        const result = (await internals.call(worker, 'sliding', [tiles, { goal }])) as Package.SlidingResult;
        expect(result.stats.heuristic, `worker ${worker}`).toBe('pdb');
        expect(result.length, `worker ${worker}, ${tiles.join(' ')}`).toBe(distance(tiles, goal));
        expect(replaySliding(tiles, 3, result.path)).toEqual(goalTiles(goal));
      }
    }
  }
}

/** Where each worker's tables lie: the same addresses in every worker when they share one memory. */
async function addresses(pool: Package.SolverPool): Promise<TableAddress[][]> {
  const internals = outside.poolInternals(pool);
  return Promise.all(
    Array.from({ length: pool.size }, (_, worker) => internals.call(worker, 'tableAddresses', ['3x3', { goal: 'both' }]) as Promise<TableAddress[]>),
  );
}

describe('a pool with one copy of the tables (the shared build)', () => {
  it('3 workers: one builds, the others adopt the same tables in place, and every worker solves optimally', async () => {
    const pool = await lib.createSolverPool({ workers: 3, tables: { dir: false } });
    try {
      expect(pool.sharedTables).toBe(true);
      const heard: Progress[] = [];
      await pool.prepareTables('3x3', { goal: 'both' }, { onProgress: (progress) => heard.push(progress) });
      // Four tables built once (or derived), then each adopted by the two others.
      expect(heard.filter((progress) => progress.phase === 'share')).toHaveLength(2 * 4);
      const [first, ...others] = await addresses(pool);
      expect(first).toHaveLength(4);
      for (const other of others) expect(other.map(({ at }) => at)).toEqual(first!.map(({ at }) => at));
      await expectOptimalOnEveryWorker(pool, 7);
    } finally {
      await pool.terminate();
    }
  });

  it('tables in the cache: one worker loads them, the others adopt them, none is built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pool-one-memory-'));
    try {
      const filler = await lib.createSolver({ tables: { dir } });
      await filler.prepareTables('3x3', { goal: 'both' });
      const pool = await lib.createSolverPool({ workers: 2, tables: { dir } });
      try {
        const heard: Progress[] = [];
        await pool.prepareTables('3x3', { goal: 'both' }, { onProgress: (progress) => heard.push(progress) });
        expect(heard.map((progress) => progress.phase)).toEqual(['load', 'load', 'load', 'load', 'share', 'share', 'share', 'share']);
        await expectOptimalOnEveryWorker(pool, 8);
      } finally {
        await pool.terminate();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a restarted worker adopts the tables again from the memory, with no build and no copy', async () => {
    const pool = await lib.createSolverPool({ workers: 2, tables: { dir: false }, restartAfterMs: 0 });
    try {
      const internals = outside.poolInternals(pool);
      const restores: Outside.TablesRestore[] = [];
      internals.onRestore = (restore) => restores.push(restore);
      await pool.prepareTables('3x3', { goal: 'both' });
      const before = await addresses(pool);
      // A breadth-first search over the 1,814,400 boards of 2x5 makes no flag check: aborted while it runs,
      // its worker is replaced (restartAfterMs 0). An abort that comes before it starts is answered at once, so retry.
      for (let attempt = 1; attempt <= 8 && pool.workers[0]!.generation === 1; attempt++) {
        const controller = new AbortController();
        const running = internals.call(0, 'slidingDistances', ['blank-first', { width: 5, height: 2 }], { signal: controller.signal });
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
        controller.abort();
        await running.catch(() => {});
        await internals.call(1, 'slidingSolvable', ['1 2 3\n4 5 6\n8 7 x']);
      }
      expect(pool.workers[0]!.generation).toBe(2);
      await internals.restored(0);
      expect(restores).toHaveLength(1);
      expect(restores[0]).toMatchObject({ worker: 0, generation: 2, from: 'memory' });
      expect(restores[0]!.progress.map((progress) => progress.phase)).toEqual(['share', 'share', 'share', 'share']);
      expect(await addresses(pool)).toEqual(before);
      await expectOptimalOnEveryWorker(pool, 9);
    } finally {
      await pool.terminate();
    }
  });

  it('sharedTables: false keeps a copy per worker; true where it cannot be says why', async () => {
    const plain = await lib.createSolverPool({ workers: 2, tables: { dir: false }, sharedTables: false });
    try {
      expect(plain.sharedTables).toBe(false);
      await plain.prepareTables('3x3', { goal: 'both' });
      await expectOptimalOnEveryWorker(plain, 10);
    } finally {
      await plain.terminate();
    }
    const twin = await rejection(lib.createSolverPool({ workers: 1, engine: 'ts', sharedTables: true }));
    expect(twin.name).toBe('PuzzleInputError');
    expect(twin.message).toBe("sharedTables: the 'ts' engine has no shared build");
    const bad = await rejection(lib.createSolverPool({ workers: 1, sharedTables: 'yes' as never }));
    expect(bad.message).toBe("sharedTables must be true or false, not 'yes'");
  });
});
