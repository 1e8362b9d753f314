/**
 * Zero-aware pattern databases (an entry per placement and region of the
 * blank; see src/engine/zeroAwareLayout.ts), on both engines: every entry
 * against the oracle's search over (placement, blank cell), read through this
 * file's own reading of the documented layout; then h against true distances
 * on every 8-puzzle board, and IDA* against them.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSolver } from '../../src/api/solver.js';
import type { Core, PdbPartition, SlidingBoard } from '../../src/engine/contract.js';
import { makePartition, namedPartition, partitionNames, symmetricSource } from '../../src/pdb/partitions.js';
import { engineNames, loadCore } from '../support/engines.js';
import { expectDerivedEqualBuilt } from '../support/derivedTables.js';
import {
  bfsAllDistances,
  groupStateDistances,
  iterationExpansions,
  pdbOracle,
  placementOfRank,
  placementRank,
  replaySliding,
  slidingNeighbours,
} from '../oracles.js';

function board(width: number, height: number, tiles: ArrayLike<number>): SlidingBoard {
  return { width, height, tiles: Uint8Array.from(tiles) };
}

function buildAll(core: Core, partition: PdbPartition): void {
  partition.groups.forEach((_, group) => {
    const build = core.pdb.build(partition, group);
    while (build.round());
    expect(build.settled()).toBe(build.entries);
  });
}

const binomial = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let value = 1;
  for (let i = 0; i < k; i++) value = (value * (n - i)) / (i + 1);
  return value;
};

/** The free cells of `cover` split into regions (connected over the board), each a sorted list, by lowest cell. */
function regionsOf(cover: number[], width: number, height: number): number[][] {
  const cells = width * height;
  const taken = new Set(cover);
  const regionOf = new Array<number>(cells).fill(-1);
  const regions: number[][] = [];
  for (let start = 0; start < cells; start++) {
    if (taken.has(start) || regionOf[start] !== -1) continue;
    const region = [start];
    regionOf[start] = regions.length;
    for (let head = 0; head < region.length; head++) {
      const cell = region[head]!;
      const row = Math.floor(cell / width);
      const column = cell % width;
      for (const next of [row > 0 ? cell - width : -1, row < height - 1 ? cell + width : -1, column > 0 ? cell - 1 : -1, column < width - 1 ? cell + 1 : -1]) {
        if (next < 0 || taken.has(next) || regionOf[next] !== -1) continue;
        regionOf[next] = regions.length;
        region.push(next);
      }
    }
    regions.push(region.sort((a, b) => a - b));
  }
  return regions;
}

/**
 * This file's reading of the layout: a byte per placement at its rank (as a
 * plain table ranks it), the least value over the blank's regions in the low
 * nibble and the largest region's (the first of equals by lowest cell) in
 * the high one; then, for each cover (ranked by the sum of C(c_j, j + 1)),
 * k! entries for each of its other regions (numbered from 1 by lowest cell),
 * the tiles' order on the cover's cells ranked as a permutation.
 */
function layoutReading(width: number, height: number, tiles: number) {
  const cells = width * height;
  const coverRank = (cover: number[]) => [...cover].sort((a, b) => a - b).reduce((sum, cell, j) => sum + binomial(cell, j + 1), 0);
  const covers: number[][] = [];
  const choose = (from: number, chosen: number[]) => {
    if (chosen.length === tiles) return void covers.push(chosen.slice());
    for (let cell = from; cell < cells; cell++) choose(cell + 1, [...chosen, cell]);
  };
  choose(0, []);
  covers.sort((a, b) => coverRank(a) - coverRank(b));
  expect(covers.map(coverRank)).toEqual(covers.map((_, i) => i));
  let factorial = 1;
  for (let i = 2; i <= tiles; i++) factorial *= i;
  const placements = covers.length * factorial;
  const pocketsBefore: number[] = [];
  let pockets = 0;
  // Each cover's region of each free cell, by rank (-1 on the cover's cells).
  const regionOfCell = covers.map((cover) => {
    const regions = regionsOf(cover, width, height);
    pocketsBefore.push(pockets);
    pockets += regions.length - 1;
    const largest = regions.reduce((best, region, r) => (region.length > regions[best]!.length ? r : best), 0);
    const of = new Array<number>(cells).fill(-1);
    [regions[largest]!, ...regions.filter((_, r) => r !== largest)].forEach((region, r) => region.forEach((cell) => (of[cell] = r)));
    return of;
  });
  return {
    entries: 2 * placements + pockets * factorial,
    /** The index of the least value of `placement`. */
    leastIndexOf: (placement: number[]) => 2 * placementRank(placement, cells),
    /** The index of the value of `placement` as a function of the blank's cell. */
    indexOf(placement: number[]): (blank: number) => number {
      const rankOfPlacement = placementRank(placement, cells);
      const cover = [...placement].sort((a, b) => a - b);
      const rank = coverRank(cover);
      const order = placement.map((cell) => cover.indexOf(cell));
      let orderRank = 0;
      order.forEach((o, i) => {
        orderRank = orderRank * (tiles - i) + o - order.slice(0, i).filter((earlier) => earlier < o).length;
      });
      return (blank) => {
        const region = regionOfCell[rank]![blank]!;
        return region === 0 ? 2 * rankOfPlacement + 1 : 2 * placements + (pocketsBefore[rank]! + region - 1) * factorial + orderRank;
      };
    },
  };
}

const manhattanOf = (placement: number[], homes: number[], width: number) =>
  placement.reduce(
    (sum, cell, i) => sum + Math.abs(Math.floor(cell / width) - Math.floor(homes[i]! / width)) + Math.abs((cell % width) - (homes[i]! % width)),
    0,
  );

const entryAt = (table: Uint8Array, index: number) => (table[index >> 1]! >> ((index & 1) * 4)) & 15;

describe('zero-aware entries against the search over (placement, blank cell)', () => {
  const shapes = [
    {
      corner: 'bottom right',
      width: 3,
      height: 3,
      blankCell: 8,
      groups: [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
      ],
    },
    // The blank's goal corner walled in by the first group's tiles 1 and 3.
    {
      corner: 'top left',
      width: 3,
      height: 3,
      blankCell: 0,
      groups: [
        [1, 3, 4, 5],
        [2, 6, 7, 8],
      ],
    },
    {
      corner: 'bottom right',
      width: 4,
      height: 3,
      blankCell: 11,
      groups: [
        [0, 1, 4, 5],
        [2, 3, 6, 7],
        [8, 9, 10],
      ],
    },
    {
      corner: 'top left',
      width: 4,
      height: 3,
      blankCell: 0,
      groups: [
        [1, 4, 5, 8, 9],
        [2, 3, 6, 7, 10, 11],
      ],
    },
  ];

  test.each(shapes)(
    '$width x $height, blank goal $corner: every entry exact on both engines, tables byte-identical, derived ones too',
    async ({ width, height, blankCell, groups }) => {
      const cells = width * height;
      const partition = makePartition(width, height, blankCell, groups, 'zero', true);
      const cores = await Promise.all(engineNames.map((name) => loadCore(name)));
      for (const core of cores) buildAll(core, partition);
      partition.groups.forEach((homes, group) => {
        const layout = layoutReading(width, height, homes.length);
        const oracle = groupStateDistances(width, height, homes, blankCell);
        const tables = cores.map((core) => core.pdb.table(partition, group)!);
        expect(tables[0]!.length).toBe(Math.ceil(layout.entries / 2));
        expect(Buffer.compare(tables[0]!, tables[1]!)).toBe(0);
        let checked = 0;
        const wrong: string[] = [];
        for (let rank = 0; rank < oracle.length / cells; rank++) {
          const placement = placementOfRank(rank, homes.length, cells);
          const indexAt = layout.indexOf(placement);
          const manhattan = manhattanOf(placement, homes, width);
          let least = 255;
          for (let blank = 0; blank < cells; blank++) {
            if (placement.includes(blank)) continue;
            const d = oracle[rank * cells + blank]!;
            if (d === 255) wrong.push(`group ${group} placement ${placement} blank ${blank}: unreached by the oracle`);
            least = Math.min(least, d);
            const expected = Math.min(15, (d - manhattan) / 2);
            const entry = entryAt(tables[0]!, indexAt(blank));
            if (entry !== expected && wrong.length < 5) wrong.push(`group ${group} placement ${placement} blank ${blank}: ${entry}, expected ${expected}`);
            checked++;
          }
          const expectedLeast = Math.min(15, (least - manhattan) / 2);
          const leastEntry = entryAt(tables[0]!, layout.leastIndexOf(placement));
          if (leastEntry !== expectedLeast && wrong.length < 5)
            wrong.push(`group ${group} placement ${placement}: least ${leastEntry}, expected ${expectedLeast}`);
        }
        expect(wrong).toEqual([]);
        expect(checked).toBe(oracle.length - (oracle.length / cells) * homes.length);
      });

      // Every symmetry of the board gives each group's table, read out of
      // another through it, byte for byte as a build of that group does.
      for (const core of cores) expectDerivedEqualBuilt(core, partition);
    },
  );
});

describe('8-puzzle with zero-aware 4-4 tables (blank first: a group walls the corner in)', () => {
  const goal = board(3, 3, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const zeroAware = namedPartition(3, 3, 0, '4-4-zero-aware')!;
  const plain = namedPartition(3, 3, 0, '4-4')!;
  const cores = new Map<string, Core>();
  const key = (tiles: ArrayLike<number>) => Array.from(tiles).join(',');
  const distance = bfsAllDistances(Array.from(goal.tiles), (tiles: number[]) => slidingNeighbours(tiles, 3), key);

  beforeAll(async () => {
    for (const name of engineNames) {
      const core = await loadCore(name);
      buildAll(core, zeroAware);
      buildAll(core, plain);
      cores.set(name, core);
    }
  });

  test('the names: offered beside the plain partitions, read through a symmetry only from their own kind', () => {
    expect(partitionNames(3, 3)).toContain('4-4-zero-aware');
    expect(partitionNames(4, 4)).toContain('6-6-3-zero-aware');
    expect(partitionNames(5, 5)).toContain('6-6-6-6-zero-aware');
    // Its 8-tile table would pass the build's memory limit.
    expect(partitionNames(4, 4)).not.toContain('7-8-zero-aware');
    expect(namedPartition(4, 4, 15, '7-8-zero-aware')).toBeNull();
    expect(zeroAware.zeroAware).toBe(true);
    expect(plain.zeroAware).toBeUndefined();
    expect(zeroAware.groups).toEqual(plain.groups);
    // The other corner's zero-aware tables are this corner's turned half a turn.
    const twin = namedPartition(3, 3, 8, '4-4-zero-aware')!;
    expect(
      symmetricSource(
        twin,
        0,
        zeroAware.groups.map((_, group) => ({ partition: zeroAware, group })),
      )?.partition,
    ).toBe(zeroAware);
    expect(
      symmetricSource(
        twin,
        0,
        plain.groups.map((_, group) => ({ partition: plain, group })),
      ),
    ).toBeNull();
    // A plain table is never read for a zero-aware one, nor the other way.
    expect(
      symmetricSource(
        namedPartition(3, 3, 8, '4-4')!,
        0,
        zeroAware.groups.map((_, group) => ({ partition: zeroAware, group })),
      ),
    ).toBeNull();
  });

  test('on all 181,440 boards: admissible, consistent, the parity of the distance, never below the plain tables', () => {
    expect(distance.size).toBe(181_440);
    for (const [name, core] of cores) {
      const h = new Map<string, number>();
      let over = 0;
      let parity = 0;
      let belowPlain = 0;
      let abovePlain = 0;
      for (const [tilesKey, d] of distance) {
        const tiles = board(3, 3, tilesKey.split(',').map(Number));
        const value = core.idaStar.estimate(tiles, goal, 'pdb', zeroAware);
        const plainValue = core.idaStar.estimate(tiles, goal, 'pdb', plain);
        h.set(tilesKey, value);
        if (value > d) over++;
        if ((value - d) % 2 !== 0) parity++;
        if (value < plainValue) belowPlain++;
        if (value > plainValue) abovePlain++;
      }
      expect(over, name).toBe(0);
      expect(parity, name).toBe(0);
      expect(belowPlain, name).toBe(0);
      expect(abovePlain, name).toBeGreaterThan(0);
      // Consistent: a move changes one group's state distance by at most one,
      // so h (a sum, or the larger of two) by at most one move's worth.
      let jumps = 0;
      for (const [tilesKey, value] of h) {
        for (const next of slidingNeighbours(tilesKey.split(',').map(Number), 3)) {
          if (Math.abs(h.get(key(next))! - value) > 1) jumps++;
        }
      }
      expect(jumps, name).toBe(0);
    }
  });

  test('IDA* solves sampled boards optimally with fewer or as many nodes as on the plain tables, the same on both engines', () => {
    const boards = [...distance.keys()];
    let fewer = 0;
    for (let i = 0; i < boards.length; i += 97) {
      const tiles = boards[i]!.split(',').map(Number);
      const answers = [...cores.values()].map((core) => core.idaStar.solve(board(3, 3, tiles), goal, { heuristic: 'pdb', partition: zeroAware }));
      const plainNodes = cores.get('wasm')!.idaStar.solve(board(3, 3, tiles), goal, { heuristic: 'pdb', partition: plain }).nodes;
      for (const answer of answers) {
        expect(answer.moves!.length).toBe(distance.get(boards[i]!));
        expect(replaySliding(tiles, 3, answer.moves!)).toEqual(Array.from(goal.tiles));
      }
      expect(answers[1]!.nodes).toBe(answers[0]!.nodes);
      if (answers[0]!.nodes < plainNodes) fewer++;
    }
    expect(fewer).toBeGreaterThan(0);
  });

  test("each completed iteration expands exactly the nodes of an IDA* on the oracle's values, the same on both engines", () => {
    // h from the oracle's search over (placement, blank cell): the larger of
    // the groups' distances summed on the board and on its mirror image (the
    // board reflected about the diagonal, each tile renamed to the tile whose
    // home is the reflection of its own); only the undo of the last move pruned.
    const h = pdbOracle(3, 3, goal.tiles, zeroAware.groups, [zeroAware.groups.map((_, group) => group)], { zeroAware: true, mirror: true });
    const boards = [...distance.keys()].filter((tilesKey) => distance.get(tilesKey)! >= 20);
    let iterations = 0;
    for (let i = 0; i < boards.length; i += 2003) {
      const tiles = boards[i]!.split(',').map(Number);
      const perEngine = [...cores.values()].map((core) => {
        const calls: Array<{ bound: number; expanded: number }> = [];
        core.idaStar.solve(board(3, 3, tiles), goal, {
          heuristic: 'pdb',
          partition: zeroAware,
          pruning: 'parent',
          onIteration: (bound, _nodes, expanded) => calls.push({ bound, expanded }),
        });
        return calls;
      });
      expect(perEngine[1]).toEqual(perEngine[0]);
      const calls = perEngine[0]!;
      expect(calls[0]!.bound).toBe(h(tiles));
      for (let k = 0; k + 1 < calls.length; k++) {
        expect(calls[k + 1]!.expanded - calls[k]!.expanded, `board ${tiles} bound ${calls[k]!.bound}`).toBe(
          iterationExpansions(tiles, 3, calls[k]!.bound, h, goal.tiles),
        );
        iterations++;
      }
    }
    expect(iterations).toBeGreaterThan(20);
  });
});

describe('through the solver: built, cached under its own name, loaded, searched', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test.each(engineNames)('%s engine: 3x3 4-4-zero-aware beside 4-4, each file its own, answers at the BFS distance', async (engine) => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-zero-aware-'));
    dirs.push(dir);
    const phases: string[] = [];
    const builder = await createSolver({ engine, tables: { dir, partition: '4-4-zero-aware' } });
    await builder.prepareTables('3x3', { goal: 'both', onProgress: ({ phase }) => phases.push(phase) });
    await builder.prepareTables('3x3', { goal: 'both', partition: '4-4' });
    const files = readdirSync(dir).filter((name) => name.endsWith('.pdb'));
    // Two goals, two groups, two kinds: one goal's zero-aware tables built, the other's read
    // through a half turn; nothing shared between the kinds.
    expect(files.filter((name) => name.includes('-4-4-zero-aware-'))).toHaveLength(4);
    expect(files).toHaveLength(8);
    expect(phases.filter((phase) => phase === 'build').length).toBeGreaterThan(0);
    expect(phases.filter((phase) => phase === 'derive').length).toBeGreaterThan(0);

    const loader = await createSolver({ engine, tables: { dir, partition: '4-4-zero-aware' } });
    const loaded: string[] = [];
    await loader.prepareTables('3x3', { goal: 'blank-last', onProgress: ({ phase }) => loaded.push(phase) });
    expect(loaded).toEqual(['load', 'load']);
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    const key = (tiles: ArrayLike<number>) => Array.from(tiles).join(',');
    const distance = bfsAllDistances(goal, (tiles: number[]) => slidingNeighbours(tiles, 3), key);
    const boards = [...distance.keys()].filter((_, i) => i % 9973 === 0);
    for (const tilesKey of boards) {
      const tiles = tilesKey.split(',').map(Number);
      const result = loader.sliding(tiles.join(' '), { heuristic: 'pdb' });
      expect(result.stats.partition).toBe('4-4-zero-aware');
      expect(result.length).toBe(distance.get(tilesKey));
      expect(replaySliding(tiles, 3, result.moves!)).toEqual(goal);
    }
  });
});
