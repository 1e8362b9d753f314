/**
 * Catalogue sums, and the premise of lazy sums (issue 38 item 1; built,
 * measured and not kept: bench/RESULTS.md, "Lazy sums"). A lazy catalogue
 * would read a sum only when a bound on it could prune the child, the bound
 * being each group's entry as last read plus 1 per move of one of its tiles
 * toward home since.
 * - The premise, on the oracle's own tables (tests/oracles.js): a zero-aware
 *   entry changes only when one of the group's tiles moves, by at most 1, up
 *   only when the tile moves toward home. A plain table's entry (the least
 *   over the blank's regions) can rise by more: a lazy catalogue must read a
 *   plain group that moved.
 * - Catalogues of small groups, several sums sharing groups (where a lazy
 *   search's bounds would stay stale over many moves), make exactly the
 *   iterations (bounds, nodes, expansions) of the twin pricing every sum of
 *   every child (createTwinCore({ plainMax: true })), on both engines. With
 *   the lazy sums in, a bound that ignored a move toward home failed here.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core, PdbPartition } from '../../src/engine/contract.js';
import { createTwinCore } from '../../src/engine/twin/index.js';
import { makePartition } from '../../src/pdb/partitions.js';
import { blankTarget, groupDistanceTable, groupStateDistances, placementOfRank, placementRank, seededRandom, slidingWalk } from '../oracles.js';
import { loadCore } from '../support/engines.js';

/** A tile's Manhattan distance from `home` on `cell`, on a board `width` wide. */
function manhattan(cell: number, home: number, width: number): number {
  return Math.abs((cell % width) - (home % width)) + Math.abs(Math.floor(cell / width) - Math.floor(home / width));
}

/**
 * Over every (placement, blank cell) of a group on a 3x3 board (blank's goal
 * cell 0) and every move from it: the change of the group's entry
 * ((distance - group Manhattan) / 2), by whether a group tile moved and which way.
 * `distance` gives the group's distance of a placement rank and blank cell.
 */
function entryChanges(homes: number[], distance: (rank: number, blank: number) => number) {
  const width = 3;
  const cells = 9;
  const changes = { otherTile: new Set<number>(), toward: new Set<number>(), away: new Set<number>() };
  let placements = 1;
  for (let i = 0; i < homes.length; i++) placements *= cells - i;
  for (let rank = 0; rank < placements; rank++) {
    const placement = placementOfRank(rank, homes.length, cells);
    for (let blank = 0; blank < cells; blank++) {
      if (placement.includes(blank)) continue;
      const before = distance(rank, blank);
      if (before === 255) continue;
      const groupManhattan = placement.reduce((total, cell, i) => total + manhattan(cell, homes[i]!, width), 0);
      for (let move = 0; move < 4; move++) {
        const from = blankTarget(width, width, blank, move);
        if (from < 0) continue;
        const tile = placement.indexOf(from);
        if (tile < 0) {
          changes.otherTile.add(distance(rank, from) - before);
          continue;
        }
        const moved = placement.slice();
        moved[tile] = blank;
        const delta = manhattan(blank, homes[tile]!, width) - manhattan(from, homes[tile]!, width);
        const entryChange = (distance(placementRank(moved, cells), from) - before - delta) / 2;
        (delta < 0 ? changes.toward : changes.away).add(entryChange);
        expect(groupManhattan + delta).toBeGreaterThanOrEqual(0);
      }
    }
  }
  return changes;
}

describe("the bound's premise, on the oracle's 3x3 tables", () => {
  const groups = [
    [4, 5, 7, 8],
    [1, 2, 3, 6],
    [1, 2],
    [3, 6, 7],
  ];

  test.each(groups.map((homes) => ({ homes, cells: homes.join(' ') })))(
    'zero-aware group $cells: unchanged by another tile, up by at most 1 toward home, never up away',
    ({ homes }) => {
      const state = groupStateDistances(3, 3, homes, 0);
      const changes = entryChanges(homes, (rank, blank) => state[rank * 9 + blank]!);
      expect([...changes.otherTile]).toEqual([0]);
      expect([...changes.toward].sort()).toEqual([0, 1]);
      expect([...changes.away].sort()).toEqual([-1, 0]);
    },
  );

  test('a plain table (least over the regions) can rise by more: a lazy catalogue must read its moved groups', () => {
    const rises = groups.map((homes) => {
      const table = groupDistanceTable(3, 3, homes, 0);
      const changes = entryChanges(homes, (rank) => table[rank]!);
      return Math.max(...changes.toward, ...[...changes.away].map((change) => change + 1));
    });
    expect(Math.max(...rises)).toBeGreaterThan(1);
  });
});

/** Each completed iteration's bound, nodes and expansions, and the moves found. */
function iterations(core: Core, tiles: number[], width: number, partition: PdbPartition) {
  const calls: Array<{ bound: number; nodes: number; expanded: number }> = [];
  const goal = { width, height: width, tiles: Uint8Array.from({ length: width * width }, (_, i) => i) };
  const answer = core.idaStar.solve({ width, height: width, tiles: Uint8Array.from(tiles) }, goal, {
    heuristic: 'pdb',
    partition,
    pruning: 'parent',
    onIteration: (bound, nodes, expanded) => calls.push({ bound, nodes, expanded }),
  });
  return { calls: [...calls, { bound: -1, nodes: answer.nodes, expanded: answer.expanded }], length: answer.moves?.length };
}

describe('catalogues of small groups: the iterations of a search that reads every sum', () => {
  const searchers: Array<{ name: string; core: Core }> = [];
  beforeAll(async () => {
    searchers.push(
      { name: 'wasm', core: await loadCore('wasm') },
      { name: 'ts', core: createTwinCore() },
      { name: 'ts plain max', core: createTwinCore({ plainMax: true }) },
    );
  });

  /** Builds `partition` on wasm and gives the bytes to the others; each board's iterations equal everywhere. */
  function sameEverywhere(partition: PdbPartition, boards: number[][], width: number): number {
    const [wasm, ...others] = searchers;
    partition.groups.forEach((_, group) => {
      const build = wasm!.core.pdb.build(partition, group);
      while (build.round());
      for (const { core } of others) core.pdb.install(partition, group, wasm!.core.pdb.table(partition, group)!.slice());
    });
    let nodes = 0;
    for (const tiles of boards) {
      const [first, ...rest] = searchers.map(({ core }) => iterations(core, tiles, width, partition));
      rest.forEach((run, i) => expect(run, `${searchers[i + 1]!.name}, ${tiles.join(' ')}`).toEqual(first));
      nodes += first!.calls.at(-1)!.nodes;
    }
    return nodes;
  }

  test.each([true, false])('3x3, four sums over eleven groups of 1-3 tiles, zero-aware %s', (zeroAware) => {
    const groups = [[1, 2], [3, 6], [4, 5], [7, 8], [1, 4], [2, 3], [5, 6], [1, 2, 3], [4, 7], [5, 8], [6]];
    const sums = [
      [0, 1, 2, 3],
      [4, 5, 6, 3],
      [7, 8, 9, 10],
      [0, 1, 8, 9],
    ];
    const partition = makePartition(3, 3, 0, groups, zeroAware ? 'lazy-zero-aware' : 'lazy', zeroAware, sums);
    const random = seededRandom(38);
    const boards = Array.from({ length: 300 }, (_, i) => slidingWalk([0, 1, 2, 3, 4, 5, 6, 7, 8], 3, 16 + (i % 17), random).tiles);
    expect(sameEverywhere(partition, boards, 3)).toBeGreaterThan(20_000);
  });

  test.each([true, false])('4x4, three sums over twelve groups of 3 tiles (two shared), zero-aware %s', (zeroAware) => {
    const groups = [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
      [10, 11, 12],
      [13, 14, 15],
      [4, 8, 12],
      [1, 5, 9],
      [2, 6, 10],
      [3, 7, 11],
      [1, 2, 5],
      [3, 6, 7],
      [4, 8, 9],
    ];
    const sums = [
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 4],
      [9, 10, 11, 3, 4],
    ];
    const partition = makePartition(4, 4, 0, groups, zeroAware ? 'lazy-zero-aware' : 'lazy', zeroAware, sums);
    const random = seededRandom(24);
    const boards = Array.from({ length: 24 }, (_, i) => slidingWalk([...Array(16).keys()], 4, 24 + (i % 9), random).tiles);
    expect(sameEverywhere(partition, boards, 4)).toBeGreaterThan(20_000);
  });
});
