/**
 * Catalogues: several partitions over one set of pattern-database tables,
 * h the largest of their sums (PdbPartition.sums), on both engines. A sum
 * may share a group with an earlier one, which the search then reads once
 * per child. Every h against the oracle's own tables on all 8-puzzle boards,
 * plain and zero-aware, with the mirrored lookup; IDA* against true
 * distances, and each completed iteration against an IDA* on the oracle's values.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core, PdbPartition, SlidingBoard } from '../../src/engine/contract.js';
import { makePartition } from '../../src/pdb/partitions.js';
import { engineNames, loadCore } from '../support/engines.js';
import { bfsAllDistances, iterationExpansions, pdbOracle, replaySliding, slidingNeighbours } from '../oracles.js';
import { CATALOGUE_3X3_GROUPS, CATALOGUE_3X3_SUMS } from '../support/catalogue3x3.js';

function board(tiles: ArrayLike<number>): SlidingBoard {
  return { width: 3, height: 3, tiles: Uint8Array.from(tiles) };
}

function buildAll(core: Core, partition: PdbPartition): void {
  partition.groups.forEach((_, group) => {
    const build = core.pdb.build(partition, group);
    while (build.round());
  });
}

// The blank-first goal (tests/support/catalogue3x3.ts says why this catalogue).
const goal = board([0, 1, 2, 3, 4, 5, 6, 7, 8]);
const groups = CATALOGUE_3X3_GROUPS;
const sums = CATALOGUE_3X3_SUMS;
const key = (tiles: ArrayLike<number>) => Array.from(tiles).join(',');

describe('8-puzzle catalogue of three partitions over six groups', () => {
  const kinds = [
    { zeroAware: false, partition: makePartition(3, 3, 0, groups, 'catalogue', false, sums) },
    { zeroAware: true, partition: makePartition(3, 3, 0, groups, 'catalogue-zero-aware', true, sums) },
  ];
  const cores = new Map<string, Core>();
  const distance = bfsAllDistances(Array.from(goal.tiles), (tiles: number[]) => slidingNeighbours(tiles, 3), key);

  beforeAll(async () => {
    for (const name of engineNames) {
      const core = await loadCore(name);
      for (const { partition } of kinds) buildAll(core, partition);
      cores.set(name, core);
    }
  });

  test("on all 181,440 boards h is the oracle's largest sum, and above each sum alone somewhere", () => {
    expect(distance.size).toBe(181_440);
    for (const { zeroAware, partition } of kinds) {
      const h = pdbOracle(3, 3, goal.tiles, groups, sums, { zeroAware, mirror: true });
      const alone = sums.map((sum) => pdbOracle(3, 3, goal.tiles, groups, [sum], { zeroAware, mirror: true }));
      for (const [name, core] of cores) {
        let wrong = 0;
        let over = 0;
        const aboveEach = sums.map(() => 0);
        for (const [tilesKey, d] of distance) {
          const tiles = tilesKey.split(',').map(Number);
          const value = core.idaStar.estimate(board(tiles), goal, 'pdb', partition);
          if (value !== h(tiles)) wrong++;
          if (value > d) over++;
          alone.forEach((one, sum) => {
            if (value > one(tiles)) aboveEach[sum]!++;
          });
        }
        expect(wrong, `${name} ${partition.name}`).toBe(0);
        expect(over, `${name} ${partition.name}`).toBe(0);
        for (const count of aboveEach) expect(count, `${name} ${partition.name}`).toBeGreaterThan(0);
      }
    }
  });

  test('IDA* solves sampled boards optimally, paths replayed, the same nodes on both engines', () => {
    const boards = [...distance.keys()];
    for (const { partition } of kinds) {
      for (let i = 0; i < boards.length; i += 151) {
        const tiles = boards[i]!.split(',').map(Number);
        const answers = [...cores.values()].map((core) => core.idaStar.solve(board(tiles), goal, { heuristic: 'pdb', partition }));
        for (const answer of answers) {
          expect(answer.moves!.length).toBe(distance.get(boards[i]!));
          expect(replaySliding(tiles, 3, answer.moves!)).toEqual(Array.from(goal.tiles));
        }
        expect(answers[1]!.nodes).toBe(answers[0]!.nodes);
      }
    }
  });

  test("each completed iteration expands exactly the nodes of an IDA* on the oracle's values, on both engines", () => {
    const boards = [...distance.keys()].filter((tilesKey) => distance.get(tilesKey)! >= 20);
    for (const { zeroAware, partition } of kinds) {
      const h = pdbOracle(3, 3, goal.tiles, groups, sums, { zeroAware, mirror: true });
      let iterations = 0;
      for (let i = 0; i < boards.length; i += 2003) {
        const tiles = boards[i]!.split(',').map(Number);
        for (const [name, core] of cores) {
          const calls: Array<{ bound: number; expanded: number }> = [];
          core.idaStar.solve(board(tiles), goal, {
            heuristic: 'pdb',
            partition,
            pruning: 'parent',
            onIteration: (bound, _nodes, expanded) => calls.push({ bound, expanded }),
          });
          expect(calls[0]!.bound, `${name} ${partition.name} ${tiles}`).toBe(h(tiles));
          for (let k = 0; k + 1 < calls.length; k++) {
            expect(calls[k + 1]!.expanded - calls[k]!.expanded, `${name} ${partition.name} ${tiles} bound ${calls[k]!.bound}`).toBe(
              iterationExpansions(tiles, 3, calls[k]!.bound, h, goal.tiles),
            );
            iterations++;
          }
        }
      }
      expect(iterations).toBeGreaterThan(20);
    }
  });
});

describe('a catalogue is checked when made', () => {
  test('each sum must cover every cell but the blank once, name real groups, and every group be in a sum', () => {
    expect(() => makePartition(3, 3, 0, groups, 'c', false, [[0, 1], [2]])).toThrow(/sum 1: the groups leave cell 3 out/);
    expect(() =>
      makePartition(3, 3, 0, groups, 'c', false, [
        [0, 1],
        [0, 2, 3],
      ]),
    ).toThrow(/sum 1: cell 4 is in two groups/);
    expect(() =>
      makePartition(3, 3, 0, groups, 'c', false, [
        [0, 1],
        [2, 9],
      ]),
    ).toThrow(/sum 1: group 9 does not exist/);
    expect(() => makePartition(3, 3, 0, groups, 'c', false, [[0, 1]])).toThrow(/group 2 is in no sum/);
    expect(() => makePartition(3, 3, 0, groups, 'c', false, [])).toThrow(/0 sums, 1\.\.8/);
    expect(() => makePartition(3, 3, 0, [[0, 1, 2]], 'c', false, [[0]])).toThrow(/cell 0 is off the board or the blank's/);
  });

  test('without sums the groups must still cover every cell but the blank once', () => {
    expect(() => makePartition(3, 3, 0, groups)).toThrow(/cell 1 is in two groups/);
  });
});
