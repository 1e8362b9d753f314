/**
 * A pool shares its PDB tables between workers (src/pool/outside.ts,
 * shareTables): one worker prepares them, the others install its bytes (over
 * one SharedArrayBuffer in 'flag' mode, transferred copies in 'restart' mode,
 * as on a page without shared memory), with `tables: { dir: false }` so that
 * nothing can come from a disk cache. Checked on both engines: the tables are
 * built exactly once (one worker's 'build' progress), every worker holds
 * byte-identical tables, equal to a single solver's, and solves with the PDB
 * at the optimal length of a BFS written in tests/oracles.js (paths replayed);
 * where the cache holds the tables, every worker reads them itself (nothing
 * handed over); a restarted worker gets its tables back from a live worker without a build
 * (or, with none to give them, by preparing again); an abort during the
 * sharing rejects with AbortError and leaves the pool usable.
 *
 * Like tests/pool/pool.slow.test.ts, this starts dist/pool/worker.js: run `npm run build` first.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../support/rejection.js';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import type * as SolverModule from '../../src/api/solver.js';
import { bfsAllDistances, bidirectionalDistance, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { engineNames } from '../support/engines.js';
import { builtModule, packageRoot } from '../support/builtPackage.js';

const root = packageRoot;
let lib: typeof Package;
let outside: typeof Outside;
let solverModule: typeof SolverModule;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
  solverModule = await builtModule<typeof SolverModule>('dist/api/solver.js');
});

type Goal = 'blank-last' | 'blank-first';
type Tiles = number[];

const goalTiles = (goal: Goal, cells: number): Tiles => Array.from({ length: cells }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % cells));
const key = (tiles: Tiles) => tiles.join(',');

/** 3x3: the distance of every board to each goal, by one plain BFS from the goal (moves are reversible). */
const eightDistances = new Map<Goal, Map<string | number, number>>();
function eightDistance(tiles: Tiles, goal: Goal): number {
  let distances = eightDistances.get(goal);
  if (!distances) {
    distances = bfsAllDistances(goalTiles(goal, 9), (state: Tiles) => slidingNeighbours(state, 3), key);
    eightDistances.set(goal, distances);
  }
  return distances.get(key(tiles))!;
}

/** Boards a random walk of `length` moves from the goal (so solvable). */
function walks(goal: Goal, width: number, length: number, count: number, seed: number): Tiles[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => slidingWalk(goalTiles(goal, width * width), width, length, random).tiles);
}

const korf = readFileSync(join(root, 'data/korf100.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
/** Korf's #60, one of the hardest: with linear conflicts alone a search there runs long enough to be aborted. */
const hardBoard = korf[59]!.slice(0, 16);

type Progress = Package.TablesProgress;
type Pool = Package.SolverPool;

/**
 * The group of each table build heard: a build reports every round, so a run
 * of 'build' reports of one group (the last rounds can each report every entry
 * settled) is one build; a second worker building the group would add a run.
 */
function builtTables(heard: Progress[]): Progress[] {
  return heard.filter(
    (progress, i) =>
      progress.phase === 'build' &&
      !(heard[i - 1]?.phase === 'build' && heard[i - 1]!.group === progress.group && heard[i - 1]!.partition === progress.partition),
  );
}

/** Every table `size`/`goal` names, as worker `worker` holds it (its bytes exported without shared memory). */
async function workerTables(pool: Pool, worker: number, size: string, goal: Goal | 'both'): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const internals = outside.poolInternals(pool);
  const refs = (await internals.call(worker, 'heldTables', [size, { goal }])) as Array<{ partition: Package.PdbPartition; group: number; held: boolean }>;
  return Promise.all(
    refs.map(async ({ partition, group, held }) => {
      expect(held, `worker ${worker} holds ${partition.name} blank ${partition.blankCell} group ${group}`).toBe(true);
      const bytes = (await internals.call(worker, 'exportTable', [partition, group, false])) as Uint8Array;
      return { name: `${size} blank ${partition.blankCell} ${partition.name} group ${group}`, bytes };
    }),
  );
}

/** The same tables from one solver in this thread, built there. */
async function singleSolverTables(engine: Package.EngineName, size: string, goal: Goal | 'both'): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const solver = await lib.createSolver({ engine, tables: { dir: false } });
  const tables = solverModule.tablesOf(solver);
  const partitions = await tables.prepare(size, { goal });
  return partitions.flatMap((partition) =>
    partition.groups.map((_, group) => ({
      name: `${size} blank ${partition.blankCell} ${partition.name} group ${group}`,
      bytes: tables.read(partition, group)!,
    })),
  );
}

/** Each worker solves `boards` on its own: the PDB, the optimal length, a path that reaches the goal. */
async function expectOptimalOnEveryWorker(
  pool: Pool,
  boards: Tiles[],
  goal: Goal,
  width: number,
  distance: (tiles: Tiles) => number,
  partition: string,
): Promise<void> {
  const internals = outside.poolInternals(pool);
  for (let worker = 0; worker < pool.size; worker++) {
    for (const tiles of boards) {
      const result = (await internals.call(worker, 'sliding', [tiles, { goal }])) as Package.SlidingResult;
      expect(result.status, `worker ${worker}`).toBe('solved');
      expect(result.stats.heuristic, `worker ${worker}`).toBe('pdb');
      expect(result.stats.partition).toBe(partition);
      expect(result.length, `worker ${worker}, board ${tiles.join(' ')}`).toBe(distance(tiles));
      expect(replaySliding(tiles, width, result.path)).toEqual(goalTiles(goal, width * width));
    }
  }
}

describe('the pool option tables', () => {
  it("rejects what cannot be a worker's table options with a PuzzleInputError naming it", async () => {
    const cases: Array<[unknown, string]> = [
      ['memory', "tables must be an object ({ dir, partition }), not 'memory'"],
      [{ dir: 3 }, 'tables.dir must be a directory or false, not 3'],
      [{ partition: 663 }, 'tables.partition must be a partition name, not 663'],
      [{ warn: () => {} }, "tables: unknown option 'warn' for a pool, expected dir or partition (a function cannot cross to a worker)"],
    ];
    for (const [tables, message] of cases) {
      const error = await rejection(lib.createSolverPool({ workers: 1, tables } as Package.SolverPoolOptions));
      expect(error).toBeInstanceOf(lib.PuzzleInputError);
      expect(error.message).toBe(message);
    }
  });
});

describe.each(engineNames)('pool table sharing on %s', (engine) => {
  it.each([
    [2, 'auto'],
    [3, 'auto'],
    [3, 'restart'],
  ] as const)('3x3, %i workers, cancel %s: built once, shared, byte-identical, optimal on every worker', async (workers, cancel) => {
    const pool = await lib.createSolverPool({ workers, engine, cancel, tables: { dir: false } });
    try {
      const heard: Progress[] = [];
      await pool.prepareTables('3x3', { goal: 'both' }, { onProgress: (progress) => heard.push(progress) });
      // Blank-last's two groups built once (one worker's worth); blank-first's derived from them, on that worker too.
      expect(
        builtTables(heard)
          .map((progress) => progress.group)
          .sort(),
      ).toEqual([0, 1]);
      expect(new Set(heard.filter((progress) => progress.phase === 'derive').map((progress) => progress.group))).toEqual(new Set([0, 1]));
      expect(heard.filter((progress) => progress.phase === 'load')).toEqual([]);
      // Every other worker received each of the four tables once.
      const shares = heard.filter((progress) => progress.phase === 'share');
      expect(shares).toHaveLength((workers - 1) * 4);
      expect(shares.every((progress) => progress.partition === '4-4' && progress.groups === 2 && progress.settled === progress.entries)).toBe(true);
      // Shares follow the last build round.
      expect(heard.findIndex((progress) => progress.phase === 'share')).toBeGreaterThan(
        heard.findLastIndex((progress) => progress.phase === 'build' || progress.phase === 'derive'),
      );

      const reference = await singleSolverTables(engine, '3x3', 'both');
      expect(reference).toHaveLength(4);
      for (let worker = 0; worker < workers; worker++) {
        const tables = await workerTables(pool, worker, '3x3', 'both');
        expect(tables.map((table) => table.name)).toEqual(reference.map((table) => table.name));
        tables.forEach((table, i) => expect(Buffer.from(table.bytes).equals(Buffer.from(reference[i]!.bytes)), `worker ${worker}: ${table.name}`).toBe(true));
      }
      for (const goal of ['blank-last', 'blank-first'] as const) {
        await expectOptimalOnEveryWorker(pool, walks(goal, 3, 40, 6, workers * 7 + 1), goal, 3, (tiles) => eightDistance(tiles, goal), '4-4');
      }
      // Ready everywhere: a second call builds nothing and sends nothing.
      const again: Progress[] = [];
      await pool.prepareTables('3x3', { goal: 'both' }, { onProgress: (progress) => again.push(progress) });
      expect(again).toEqual([]);
    } finally {
      await pool.terminate();
    }
  });

  it('3x3, 3 workers, tables in the cache: every worker reads them itself, none is built or handed over, all byte-identical and optimal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pool-cached-'));
    try {
      const filler = await lib.createSolver({ engine, tables: { dir } });
      await filler.prepareTables('3x3', { goal: 'both' });
      // The plain build's way: each worker its own copy (the shared build's is the test below).
      const pool = await lib.createSolverPool({ workers: 3, engine, tables: { dir }, sharedTables: false });
      try {
        const heard: Progress[] = [];
        await pool.prepareTables('3x3', { goal: 'both' }, { onProgress: (progress) => heard.push(progress) });
        // The first worker's four loads are heard; the others read theirs unreported, so nothing is shared.
        expect(heard.map((progress) => progress.phase)).toEqual(['load', 'load', 'load', 'load']);
        const reference = await singleSolverTables(engine, '3x3', 'both');
        for (let worker = 0; worker < 3; worker++) {
          const tables = await workerTables(pool, worker, '3x3', 'both');
          expect(tables.map((table) => table.name)).toEqual(reference.map((table) => table.name));
          tables.forEach((table, i) => expect(Buffer.from(table.bytes).equals(Buffer.from(reference[i]!.bytes)), `worker ${worker}: ${table.name}`).toBe(true));
        }
        await expectOptimalOnEveryWorker(pool, walks('blank-first', 3, 40, 4, 53), 'blank-first', 3, (tiles) => eightDistance(tiles, 'blank-first'), '4-4');
      } finally {
        await pool.terminate();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a damaged file in the cache: the workers' warning reaches the pool's warn, once, and every worker solves optimally", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pool-damaged-'));
    try {
      const filler = await lib.createSolver({ engine, tables: { dir } });
      await filler.prepareTables('3x3');
      const file = readdirSync(dir).find((name) => name.endsWith('.pdb'))!;
      const bytes = readFileSync(join(dir, file));
      // One bit of the table flipped: its checksum no longer holds.
      bytes[bytes.length - 7]! ^= 0x10;
      writeFileSync(join(dir, file), bytes);
      const warnings: string[] = [];
      const pool = await lib.createSolverPool({ workers: 2, engine, tables: { dir }, warn: (line) => warnings.push(line) });
      try {
        await pool.prepareTables('3x3');
        await expectOptimalOnEveryWorker(pool, walks('blank-last', 3, 40, 4, 59), 'blank-last', 3, (tiles) => eightDistance(tiles, 'blank-last'), '4-4');
      } finally {
        await pool.terminate();
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(new RegExp(`^puzzlesearch: .*${file.replace(/[.]/g, '\\.')}.*checksum`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tablesPrepared says whether a prepareTables call with these arguments succeeded on the pool (the page asks it instead of keeping a list)', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine, tables: { dir: false } });
    try {
      expect(pool.tablesPrepared('3x3', { goal: 'blank-first' })).toBe(false);
      await pool.prepareTables('3x3', { goal: 'blank-first' });
      expect(pool.tablesPrepared('3x3', { goal: 'blank-first' })).toBe(true);
      expect(pool.tablesPrepared('3x3', { goal: 'blank-last' })).toBe(false);
      expect(pool.tablesPrepared('4x4', { goal: 'blank-first' })).toBe(false);
      expect(pool.tablesPrepared('3x3')).toBe(false);
      await pool.prepareTables('3x3');
      expect(pool.tablesPrepared('3x3')).toBe(true);
      expect(pool.tablesPrepared('3x3', undefined)).toBe(true);
    } finally {
      await pool.terminate();
    }
  });

  it('4x4 6-6-3, 2 workers: one build, the second worker receives the tables and solves optimally with them', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine, tables: { dir: false } });
    try {
      const heard: Progress[] = [];
      await pool.prepareTables('4x4', { partition: '6-6-3' }, { onProgress: (progress) => heard.push(progress) });
      expect(
        builtTables(heard)
          .map((progress) => progress.group)
          .sort(),
      ).toEqual([0, 1, 2]);
      expect(
        heard
          .filter((progress) => progress.phase === 'share')
          .map((progress) => progress.group)
          .sort(),
      ).toEqual([0, 1, 2]);
      const [first, second] = [await workerTables(pool, 0, '4x4', 'blank-last'), await workerTables(pool, 1, '4x4', 'blank-last')];
      first.forEach((table, i) => expect(Buffer.from(table.bytes).equals(Buffer.from(second[i]!.bytes)), table.name).toBe(true));
      const goal = 'blank-last';
      const distance = (tiles: Tiles) => bidirectionalDistance(tiles, goalTiles(goal, 16), (state: Tiles) => slidingNeighbours(state, 4), key)!;
      await expectOptimalOnEveryWorker(pool, walks(goal, 4, 36, 3, 11), goal, 4, distance, '6-6-3');
    } finally {
      await pool.terminate();
    }
  });

  it('a restarted worker gets its tables back from a live worker, without a build', async () => {
    // 'restart': an aborted running call ends its worker and a fresh one starts (and tables travel as transfers).
    const pool = await lib.createSolverPool({ workers: 2, engine, cancel: 'restart', tables: { dir: false } });
    try {
      const internals = outside.poolInternals(pool);
      const restores: Outside.TablesRestore[] = [];
      internals.onRestore = (restore) => restores.push(restore);
      await pool.prepareTables('3x3', { goal: 'both' });
      const controller = new AbortController();
      const hard = internals.call(0, 'sliding', [hardBoard, { goal: 'blank-first', heuristic: 'linear-conflict' }], {
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      expect((await rejection(hard)).name).toBe('AbortError');
      expect(pool.workers[0]!.generation).toBe(2);
      await internals.restored(0);
      expect(restores).toHaveLength(1);
      const [restore] = restores;
      expect(restore).toMatchObject({ worker: 0, generation: 2, from: 1 });
      // Four tables received whole, nothing built or derived.
      expect(restore!.progress.map((progress) => progress.phase)).toEqual(['share', 'share', 'share', 'share']);
      const [restarted, donor] = [await workerTables(pool, 0, '3x3', 'both'), await workerTables(pool, 1, '3x3', 'both')];
      donor.forEach((table, i) => expect(Buffer.from(table.bytes).equals(Buffer.from(restarted[i]!.bytes)), table.name).toBe(true));
      for (const goal of ['blank-last', 'blank-first'] as const) {
        await expectOptimalOnEveryWorker(pool, walks(goal, 3, 30, 4, 23), goal, 3, (tiles) => eightDistance(tiles, goal), '4-4');
      }
    } finally {
      await pool.terminate();
    }
  });

  it('a restarted worker with no live worker to give it the tables prepares them again', async () => {
    const pool = await lib.createSolverPool({ workers: 1, engine, cancel: 'restart', tables: { dir: false } });
    try {
      const internals = outside.poolInternals(pool);
      const restores: Outside.TablesRestore[] = [];
      internals.onRestore = (restore) => restores.push(restore);
      await pool.prepareTables('3x3');
      const controller = new AbortController();
      const hard = pool.sliding(
        hardBoard,
        { goal: 'blank-first', heuristic: 'linear-conflict' },
        { signal: controller.signal, onProgress: () => controller.abort() },
      );
      expect((await rejection(hard)).name).toBe('AbortError');
      await internals.restored(0);
      expect(restores).toMatchObject([{ worker: 0, generation: 2, from: 'replay' }]);
      expect(
        builtTables(restores[0]!.progress)
          .map((progress) => progress.group)
          .sort(),
      ).toEqual([0, 1]);
      await expectOptimalOnEveryWorker(pool, walks('blank-last', 3, 30, 4, 31), 'blank-last', 3, (tiles) => eightDistance(tiles, 'blank-last'), '4-4');
    } finally {
      await pool.terminate();
    }
  });

  it.each(['auto', 'restart'] as const)('an abort during the sharing rejects with AbortError, and the pool stays usable (cancel %s)', async (cancel) => {
    const pool = await lib.createSolverPool({ workers: 3, engine, cancel, tables: { dir: false } });
    try {
      const controller = new AbortController();
      const heard: Progress[] = [];
      const call = pool.prepareTables(
        '3x3',
        { goal: 'both' },
        {
          signal: controller.signal,
          onProgress: (progress) => {
            heard.push(progress);
            if (progress.phase === 'share') controller.abort();
          },
        },
      );
      const error = await rejection(call);
      expect(error.name).toBe('AbortError');
      // Aborted at the first table shared: not every table reached every worker.
      expect(heard.filter((progress) => progress.phase === 'share')).toHaveLength(1);
      const again: Progress[] = [];
      await pool.prepareTables('3x3', { goal: 'both' }, { onProgress: (progress) => again.push(progress) });
      // The first worker kept what it built: nothing is built again; and a table a worker got before the abort is not sent again.
      expect(builtTables(again)).toEqual([]);
      expect(again.filter((progress) => progress.phase === 'share').length).toBeLessThan(2 * 4);
      for (const goal of ['blank-last', 'blank-first'] as const) {
        await expectOptimalOnEveryWorker(pool, walks(goal, 3, 30, 3, 41), goal, 3, (tiles) => eightDistance(tiles, goal), '4-4');
      }
    } finally {
      await pool.terminate();
    }
  });

  it('a worker that cannot install a table rejects the call naming the table, and stays usable', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine, tables: { dir: false } });
    try {
      const internals = outside.poolInternals(pool);
      const partition = lib.namedPartition(3, 3, 8, '4-4')!;
      // Bytes of the wrong size, as a table that does not fit would fail: a RangeError naming the sizes.
      const error = await rejection(internals.call(1, 'installTable', [partition, 0, new Uint8Array(5)]));
      expect(error.name).toBe('RangeError');
      expect(error.message).toMatch(/a table of 5 bytes for group 0 of 4-4, expected 1512/);
      await pool.prepareTables('3x3');
      await expectOptimalOnEveryWorker(pool, walks('blank-last', 3, 30, 2, 51), 'blank-last', 3, (tiles) => eightDistance(tiles, 'blank-last'), '4-4');
    } finally {
      await pool.terminate();
    }
  });
});
