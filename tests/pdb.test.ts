/**
 * Additive pattern databases on both engines. The oracles are written here:
 * a breadth-first search per group over (placement, blank) with the other
 * tiles' moves free, and a full BFS of the 8-puzzle for the true distances.
 * The tables' format (rank, 4-bit entries of (distance - Manhattan) / 2) is
 * read back with this file's own ranking.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core, PdbPartition, SlidingBoard } from '../src/core.js';
import { makePartition, namedPartition } from '../src/partitions.js';
import { engineNames, loadCore } from './engines.js';

function board(width: number, height: number, tiles: ArrayLike<number>): SlidingBoard {
  return { width, height, tiles: Uint8Array.from(tiles) };
}

function buildAll(core: Core, partition: PdbPartition): void {
  partition.groups.forEach((_, group) => {
    const build = core.pdb.build(partition, group);
    let rounds = 0;
    while (build.round()) rounds++;
    expect(build.settled()).toBe(build.entries);
    expect(rounds).toBeGreaterThan(0);
  });
}

const neighbourCells = (cell: number, width: number, height: number): number[] => {
  const row = Math.floor(cell / width);
  const column = cell % width;
  const out: number[] = [];
  if (row > 0) out.push(cell - width);
  if (row < height - 1) out.push(cell + width);
  if (column > 0) out.push(cell - 1);
  if (column < width - 1) out.push(cell + 1);
  return out;
};

/**
 * The test's own group BFS: for every placement of the group's tiles (as a
 * string key of their cells, tile i = the group's i-th home), the fewest
 * moves of those tiles that bring them home, the blank anywhere, other tiles'
 * moves free. A 0-1 BFS over (placement, blank cell) from every goal state.
 */
function groupDistances(width: number, height: number, homes: number[]): Map<string, number> {
  const cells = width * height;
  const best = new Map<string, number>();
  const stateDistance = new Map<string, number>();
  let deque: Array<[number[], number, number]> = [];
  for (let blank = 0; blank < cells; blank++) {
    if (homes.includes(blank)) continue;
    deque.push([homes.slice(), blank, 0]);
    stateDistance.set(`${homes.join(',')}|${blank}`, 0);
  }
  // Layered: zero-cost moves stay in the layer, unit moves go to the next.
  for (let layer = 0; deque.length > 0; layer++) {
    const next: Array<[number[], number, number]> = [];
    for (let head = 0; head < deque.length; head++) {
      const [placement, blank, d] = deque[head]!;
      if (stateDistance.get(`${placement.join(',')}|${blank}`)! < d) continue;
      const key = placement.join(',');
      if (!best.has(key)) best.set(key, d);
      for (const to of neighbourCells(blank, width, height)) {
        const tile = placement.indexOf(to);
        const child = placement.slice();
        if (tile >= 0) child[tile] = blank;
        const cost = tile >= 0 ? 1 : 0;
        const childKey = `${child.join(',')}|${to}`;
        const known = stateDistance.get(childKey);
        if (known !== undefined && known <= d + cost) continue;
        stateDistance.set(childKey, d + cost);
        (cost === 0 ? deque : next).push([child, to, d + cost]);
      }
    }
    deque = next;
  }
  return best;
}

/** This file's reading of the documented rank: digits = cell less the cells of earlier tiles below it. */
function rankOf(placement: number[], cells: number): number {
  let rank = 0;
  placement.forEach((cell, i) => {
    const below = placement.slice(0, i).filter((other) => other < cell).length;
    rank = rank * (cells - i) + cell - below;
  });
  return rank;
}

const manhattanOf = (placement: number[], homes: number[], width: number) =>
  placement.reduce(
    (sum, cell, i) => sum + Math.abs(Math.floor(cell / width) - Math.floor(homes[i]! / width)) + Math.abs((cell % width) - (homes[i]! % width)),
    0,
  );

// ---------------------------------------------------------------------------

describe('8-puzzle, partition 4-4 (blank last)', () => {
  const goal = board(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  // Not symmetric about the diagonal, so that the mirrored lookup differs.
  const partition = makePartition(3, 3, 8, [[0, 1, 2, 3], [4, 5, 6, 7]]);
  const groupBfs = partition.groups.map((homes) => groupDistances(3, 3, homes));
  const cores = new Map<string, Core>();

  // The full BFS from the goal: every reachable board with its distance.
  const distance = new Map<string, number>([[goal.tiles.join(','), 0]]);
  const boards: number[][] = [Array.from(goal.tiles)];
  for (let head = 0; head < boards.length; head++) {
    const tiles = boards[head]!;
    const d = distance.get(tiles.join(','))!;
    const blank = tiles.indexOf(0);
    for (const to of neighbourCells(blank, 3, 3)) {
      const child = tiles.slice();
      child[blank] = child[to]!;
      child[to] = 0;
      const key = child.join(',');
      if (!distance.has(key)) {
        distance.set(key, d + 1);
        boards.push(child);
      }
    }
  }

  beforeAll(async () => {
    for (const name of engineNames) {
      const core = await loadCore(name);
      buildAll(core, partition);
      cores.set(name, core);
    }
  });

  test('the oracle BFS sees all 181,440 boards', () => {
    expect(boards).toHaveLength(181_440);
  });

  test('every entry of each group equals the group BFS, on both engines', () => {
    partition.groups.forEach((homes, group) => {
      expect(groupBfs[group]!.size).toBe(9 * 8 * 7 * 6);
      for (const [name, core] of cores) {
        const table = core.pdb.table(partition, group)!;
        expect(table.length, name).toBe((9 * 8 * 7 * 6) / 2);
        let mismatches = 0;
        for (const [key, d] of groupBfs[group]!) {
          const placement = key.split(',').map(Number);
          const rank = rankOf(placement, 9);
          const entry = (table[rank >> 1]! >> ((rank & 1) * 4)) & 15;
          const md = manhattanOf(placement, homes, 3);
          if (entry !== Math.min(15, (d - md) / 2)) mismatches++;
        }
        expect(mismatches, `${name} group ${group}`).toBe(0);
      }
    });
  });

  test('the wasm and TypeScript tables are byte-identical', () => {
    partition.groups.forEach((_, group) => {
      expect(Buffer.compare(cores.get('wasm')!.pdb.table(partition, group)!, cores.get('ts')!.pdb.table(partition, group)!)).toBe(0);
    });
  });

  test('h = the larger of the group sums of the board and its mirror image; both never exceed the true distance', () => {
    // The mirror: reflect about the main diagonal and rename tile t to the
    // tile whose home is the reflection of t's home (the goal maps to itself).
    const reflect = (cell: number) => (cell % 3) * 3 + Math.floor(cell / 3);
    const home = (tile: number) => goal.tiles.indexOf(tile);
    const groupSum = (tiles: number[]) =>
      partition.groups.reduce((sum, homes, group) => {
        const placement = homes.map((cell) => tiles.indexOf(goal.tiles[cell]!));
        return sum + groupBfs[group]!.get(placement.join(','))!;
      }, 0);
    let over = 0;
    let mirrorOver = 0;
    let mirrorHelped = 0;
    const wrong: string[] = [];
    for (const tiles of boards) {
      const d = distance.get(tiles.join(','))!;
      const mirrored = new Array<number>(9);
      tiles.forEach((tile, cell) => {
        mirrored[reflect(cell)] = tile === 0 ? 0 : goal.tiles[reflect(home(tile))]!;
      });
      expect(distance.get(mirrored.join(','))).toBe(d);
      const plain = groupSum(tiles);
      const mirror = groupSum(mirrored);
      if (plain > d) over++;
      if (mirror > d) mirrorOver++;
      if (mirror > plain) mirrorHelped++;
      const expected = Math.max(plain, mirror);
      for (const [name, core] of cores) {
        const h = core.idaStar.estimate(board(3, 3, tiles), goal, 'pdb', partition);
        if (h !== expected && wrong.length < 5) wrong.push(`${name} ${tiles.join(' ')}: ${h}, expected ${expected}`);
      }
    }
    expect(over).toBe(0);
    expect(mirrorOver).toBe(0);
    expect(mirrorHelped).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  test('IDA* with the PDB solves sampled boards optimally, the same on both engines', () => {
    const replay = (tiles: number[], moves: Uint8Array) => {
      const out = tiles.slice();
      let blank = out.indexOf(0);
      for (const move of moves) {
        const to = [blank - 3, blank + 3, blank - 1, blank + 1][move]!;
        expect(neighbourCells(blank, 3, 3)).toContain(to);
        out[blank] = out[to]!;
        out[to] = 0;
        blank = to;
      }
      return out;
    };
    for (let i = 0; i < boards.length; i += 997) {
      const tiles = boards[i]!;
      const answers = [...cores].map(([, core]) => core.idaStar.solve(board(3, 3, tiles), goal, { heuristic: 'pdb', partition }));
      for (const answer of answers) {
        expect(answer.moves!.length).toBe(distance.get(tiles.join(',')));
        expect(replay(tiles, answer.moves!)).toEqual(Array.from(goal.tiles));
      }
      expect(answers[1]!.nodes).toBe(answers[0]!.nodes);
      expect(Array.from(answers[1]!.moves!)).toEqual(Array.from(answers[0]!.moves!));
    }
  });

  test('a goal with the blank elsewhere does not fit the partition', () => {
    const other = board(3, 3, [1, 2, 3, 4, 0, 5, 6, 7, 8]);
    for (const [, core] of cores) {
      expect(() => core.idaStar.estimate(other, other, 'pdb', partition)).toThrow(/does not fit/);
    }
  });
});

describe('heuristic names', () => {
  test('an unknown heuristic is an error on both engines, and pdb without tables names what is missing', async () => {
    const goal = board(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    const missing = makePartition(3, 3, 8, [[0, 1], [2, 3, 4, 5, 6, 7]]);
    for (const name of engineNames) {
      const core = await loadCore(name);
      expect(() => core.idaStar.solve(goal, goal, { heuristic: 'pdb-663' as never })).toThrow(/unknown heuristic 'pdb-663'/);
      expect(() => core.idaStar.estimate(goal, goal, 'pdb', missing)).toThrow(/not built/);
      expect(() => core.idaStar.estimate(goal, goal, 'pdb')).toThrow(/needs the tables/);
    }
  });

  test('a partition must cover every cell but the blank once', () => {
    expect(() => makePartition(3, 3, 8, [[0, 1, 2], [3, 4, 5, 6]])).toThrow(/leave cell 7 out/);
    expect(() => makePartition(3, 3, 8, [[0, 1, 2, 8], [3, 4, 5, 6, 7]])).toThrow(/cell 8/);
    expect(() => makePartition(5, 5, 24, [[0]])).toThrow(/more than 16 cells/);
  });
});

describe("Korf's 15-puzzle instances with the 6-6-3 PDB (blank first)", () => {
  const goal = board(4, 4, Array.from({ length: 16 }, (_, i) => i));
  const partition = namedPartition(4, 4, 0, '6-6-3')!;
  const instances = readFileSync(new URL('../data/korf100.txt', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line, index) => {
      const numbers = line.trim().split(/\s+/).map(Number);
      return { number: index + 1, tiles: numbers.slice(0, 16), optimal: numbers[16]! };
    });
  // The 25 quickest with this partition, and five of the slowest (among them
  // #88 and #82, 65 and 62 moves, and #60, the slowest).
  const chosen = [
    9, 97, 42, 47, 71, 31, 57, 12, 94, 55, 79, 86, 30, 19, 13, 58, 95, 93, 74, 85, 48, 73, 44, 34, 65, 22, 59, 88, 82, 60,
  ];
  const cores = new Map<string, Core>();

  beforeAll(async () => {
    for (const name of engineNames) {
      const core = await loadCore(name);
      buildAll(core, partition);
      cores.set(name, core);
    }
  }, 120_000);

  test('the 6-6-3 tables of both engines are byte-identical', () => {
    partition.groups.forEach((_, group) => {
      expect(Buffer.compare(cores.get('wasm')!.pdb.table(partition, group)!, cores.get('ts')!.pdb.table(partition, group)!)).toBe(0);
    });
  });

  test.each(chosen.map((number) => instances[number - 1]!))('Korf #$number at its published length $optimal', ({ tiles, optimal }) => {
    const answers = [...cores].map(([, core]) => core.idaStar.solve(board(4, 4, tiles), goal, { heuristic: 'pdb', partition }));
    for (const answer of answers) {
      expect(answer.moves!.length).toBe(optimal);
      const out = tiles.slice();
      let blank = out.indexOf(0);
      for (const move of answer.moves!) {
        const to = [blank - 4, blank + 4, blank - 1, blank + 1][move]!;
        expect(neighbourCells(blank, 4, 4)).toContain(to);
        out[blank] = out[to]!;
        out[to] = 0;
        blank = to;
      }
      expect(out).toEqual(Array.from(goal.tiles));
    }
    expect(answers[1]!.nodes).toBe(answers[0]!.nodes);
    expect(Array.from(answers[1]!.moves!)).toEqual(Array.from(answers[0]!.moves!));
  }, 60_000);
});
