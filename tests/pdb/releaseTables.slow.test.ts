/**
 * Releasing tables (issue 38 §5), the costly parts. On 4x4 (wasm): the 6-6-3
 * zero-aware tables (3x the bytes of 6-6-3), released, then the 6-6-3 ones
 * built, released, then the zero-aware ones again, then those of the other
 * goal: the engine's memory stays within what the larger needs alone, where without the release it would hold
 * both; the answers are optimal (against linear conflict) and replayed. On a pool, both
 * builds (one shared memory, a copy per worker): a release waits for the
 * searches running before it, every worker gives the goal back, the other goal
 * stays, and tablesPrepared says so.
 */
import { describe, expect, it } from 'vitest';
import { coreOf, createSolver } from '../../src/api/solver.js';
import type { WasmPdb } from '../../src/engine/wasm/pdb.js';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import { bfsAllDistances, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { builtModule } from '../support/builtPackage.js';

type Solver = Awaited<ReturnType<typeof createSolver>>;
const goal15 = Array.from({ length: 16 }, (_, i) => (i + 1) % 16);

/** Random 4x4 boards (blank last) solved with `partition`'s tables: lengths equal to linear conflict's (another solver), paths replayed. */
function expectOptimal15(solver: Solver, partition: string, seed: number): void {
  const random = seededRandom(seed);
  for (let i = 0; i < 4; i++) {
    const tiles = slidingWalk(goal15, 4, 40 + 4 * i, random).tiles;
    const result = solver.sliding(tiles, { partition });
    if (result.status !== 'solved') throw new Error(`not solved: ${tiles}`);
    expect(result.stats.partition).toBe(partition);
    const plain = solver.sliding(tiles, { heuristic: 'linear-conflict' });
    expect(result.length, tiles.join(' ')).toBe(plain.status === 'solved' ? plain.length : -1);
    expect(replaySliding(tiles, 4, result.path)).toEqual(goal15);
  }
}

describe('wasm: a release, then another partition, within what the larger needs', () => {
  it('4x4: 6-6-3 zero-aware, released, then 6-6-3, released, then zero-aware again, then for the other goal: memory stays what the zero-aware tables alone take', async () => {
    const memoryAfter = async (steps: (solver: Solver) => Promise<void>) => {
      const solver = await createSolver({ engine: 'wasm', tables: { dir: false } });
      // A first search grows what searches use, once, before anything is measured.
      solver.sliding(goal15.map((tile, i) => (i === 14 ? 0 : i === 15 ? 15 : tile)));
      await steps(solver);
      return { solver, bytes: (coreOf(solver).pdb as WasmPdb).memoryBytes() };
    };
    const plain = await memoryAfter((solver) => solver.prepareTables('4x4'));
    const zeroAware = await memoryAfter((solver) => solver.prepareTables('4x4', { partition: '6-6-3-zero-aware' }));
    const kept = await memoryAfter(async (solver) => {
      await solver.prepareTables('4x4', { partition: '6-6-3-zero-aware' });
      await solver.prepareTables('4x4');
    });
    const larger = Math.max(plain.bytes, zeroAware.bytes);
    // What the release saves: without it, the solver holds both.
    expect(kept.bytes).toBeGreaterThan(larger);
    const { solver } = zeroAware;
    const pdb = coreOf(solver).pdb as WasmPdb;
    expectOptimal15(solver, '6-6-3-zero-aware', 1);
    expect(await solver.releaseTables('4x4')).toBe(2 * 8_791_200 + 3576);
    await solver.prepareTables('4x4');
    expect(pdb.memoryBytes()).toBeLessThanOrEqual(larger);
    expectOptimal15(solver, '6-6-3', 2);
    expect(await solver.releaseTables('4x4', { partition: '6-6-3' })).toBe(2 * 2_882_880 + 1680);
    await solver.prepareTables('4x4', { partition: '6-6-3-zero-aware' });
    expect(pdb.memoryBytes()).toBeLessThanOrEqual(larger);
    expectOptimal15(solver, '6-6-3-zero-aware', 3);
    // The case: one goal's tables, released, then the other goal's (the same sizes) in their rooms.
    await solver.releaseTables('4x4');
    await solver.prepareTables('4x4', { partition: '6-6-3-zero-aware', goal: 'blank-first' });
    expect(pdb.memoryBytes()).toBeLessThanOrEqual(larger);
    const random = seededRandom(5);
    const goalFirst = Array.from({ length: 16 }, (_, i) => i);
    for (let i = 0; i < 3; i++) {
      const tiles = slidingWalk(goalFirst, 4, 40 + 4 * i, random).tiles;
      const result = solver.sliding(tiles, { goal: 'blank-first', partition: '6-6-3-zero-aware' });
      const plainResult = solver.sliding(tiles, { goal: 'blank-first', heuristic: 'linear-conflict' });
      if (result.status !== 'solved' || plainResult.status !== 'solved') throw new Error(`not solved: ${tiles}`);
      expect(result.length).toBe(plainResult.length);
      expect(replaySliding(tiles, 4, result.path)).toEqual(goalFirst);
    }
  });
});

describe('a pool releases tables on every worker, after the searches before it', () => {
  type Goal = 'blank-last' | 'blank-first';
  const goalTiles = (goal: Goal): number[] => Array.from({ length: 9 }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % 9));
  const distances = new Map<Goal, Map<string | number, number>>();
  const distance = (tiles: number[], goal: Goal) => {
    let table = distances.get(goal);
    if (!table) distances.set(goal, (table = bfsAllDistances(goalTiles(goal), (state: number[]) => slidingNeighbours(state, 3), String)));
    return table.get(String(tiles))!;
  };

  for (const sharedTables of [true, false]) {
    it(`${sharedTables ? 'one shared memory' : 'a copy per worker'}: the goal released everywhere, the other kept, searches optimal`, async () => {
      const lib = await builtModule<typeof Package>('dist/index.js');
      const outside = await builtModule<typeof Outside>('dist/pool/outside.js');
      const pool = await lib.createSolverPool({ workers: 2, tables: { dir: false }, sharedTables });
      try {
        const internals = outside.poolInternals(pool);
        await pool.prepareTables('3x3', { goal: 'both' });
        const heuristics = async (goal: Goal, seed: number) => {
          const random = seededRandom(seed);
          const used = new Set<string>();
          for (let worker = 0; worker < pool.size; worker++) {
            for (let i = 0; i < 3; i++) {
              const tiles = slidingWalk(goalTiles(goal), 3, 24 + i, random).tiles;
              const result = (await internals.call(worker, 'sliding', [tiles, { goal }])) as Package.SlidingResult;
              expect(result.length, `worker ${worker}`).toBe(distance(tiles, goal));
              expect(replaySliding(tiles, 3, result.path)).toEqual(goalTiles(goal));
              used.add(`${worker} ${result.stats.heuristic}`);
            }
          }
          return [...used].sort();
        };
        expect(await heuristics('blank-last', 1)).toEqual(['0 pdb', '1 pdb']);
        // A call running on the second worker (a breadth-first search of the 1,814,400 2x5 boards) ends before the release does.
        const order: string[] = [];
        const running = internals.call(1, 'slidingDistances', ['blank-first', { width: 5, height: 2 }]).then(() => order.push('search'));
        const released = pool.releaseTables('3x3', { goal: 'blank-last' }).then((bytes) => {
          order.push('release');
          return bytes;
        });
        await Promise.all([running, released]);
        expect(order).toEqual(['search', 'release']);
        expect(await released).toBe(2 * 1512);
        for (let worker = 0; worker < pool.size; worker++) {
          const held = (await internals.call(worker, 'heldTables', ['3x3', { goal: 'both' }])) as Array<{ held: boolean; partition: { blankCell: number } }>;
          expect(
            held.map((ref) => `${ref.partition.blankCell} ${ref.held}`),
            `worker ${worker}`,
          ).toEqual(['8 false', '8 false', '0 true', '0 true']);
        }
        expect(await heuristics('blank-last', 2)).toEqual(['0 manhattan', '1 manhattan']);
        expect(await heuristics('blank-first', 3)).toEqual(['0 pdb', '1 pdb']);
        // What the pool prepared is what it holds: both goals no more, the blank-first one still.
        expect(pool.tablesPrepared('3x3', { goal: 'both' })).toBe(false);
        expect(pool.tablesPrepared('3x3', { goal: 'blank-first' })).toBe(true);
        // Prepared again, in the rooms given back.
        await pool.prepareTables('3x3', { goal: 'blank-last' });
        expect(await heuristics('blank-last', 4)).toEqual(['0 pdb', '1 pdb']);
      } finally {
        await pool.terminate();
      }
    });
  }
});
