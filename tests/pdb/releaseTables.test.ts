/**
 * Releasing tables (issue 38 §5), on 3x3 boards, on both engines: a release
 * gives a goal's tables back (every partition of it, or the one named), the
 * other goal's stay, and a search without them is still optimal (BFS) on
 * another heuristic, or builds them again when it names them. On the wasm
 * engine the next tables take the released rooms: the same addresses, no
 * growth. The free list under it is tested on a memory of its own.
 * The 4x4 memory bound and the pool's release: releaseTables.slow.test.ts.
 */
import { describe, expect, it, test } from 'vitest';
import { createSolver, tablesOf } from '../../src/api/solver.js';
import type { WasmPdb } from '../../src/engine/wasm/pdb.js';
import { FreeRooms } from '../../src/engine/wasm/pdbRooms.js';
import { coreOf } from '../../src/api/solver.js';
import { bfsAllDistances, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { rejection } from '../support/rejection.js';
import { engineNames } from '../support/engines.js';

type Goal = 'blank-last' | 'blank-first';
const goalTiles = (goal: Goal): number[] => Array.from({ length: 9 }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % 9));
const distances = new Map<Goal, Map<string | number, number>>();
function distance(tiles: number[], goal: Goal): number {
  let table = distances.get(goal);
  if (!table) distances.set(goal, (table = bfsAllDistances(goalTiles(goal), (state: number[]) => slidingNeighbours(state, 3), String)));
  return table.get(String(tiles))!;
}

/** Searches random boards of `goal`: optimal (BFS), the path replayed; the heuristics used. */
function solveSome(
  solver: Awaited<ReturnType<typeof createSolver>>,
  goal: Goal,
  seed: number,
  options: { heuristic?: 'pdb'; partition?: string } = {},
): string[] {
  const random = seededRandom(seed);
  const used: string[] = [];
  for (let i = 0; i < 6; i++) {
    const tiles = slidingWalk(goalTiles(goal), 3, 20 + 3 * i, random).tiles;
    const result = solver.sliding(tiles, { goal, ...options });
    if (result.status !== 'solved') throw new Error(`not solved: ${tiles}`);
    expect(result.length, tiles.join(' ')).toBe(distance(tiles, goal));
    expect(replaySliding(tiles, 3, result.path)).toEqual(goalTiles(goal));
    used.push(`${result.stats.heuristic}${result.stats.partition ? ` ${result.stats.partition}` : ''}`);
  }
  return [...new Set(used)];
}

describe('releaseTables on one solver', () => {
  test.each(engineNames)(
    '%s: a goal released is not held, the other goal is; searches stay optimal; named again, the tables are built again',
    async (engine) => {
      const solver = await createSolver({ engine, tables: { dir: false } });
      const tables = tablesOf(solver);
      await solver.prepareTables('3x3', { goal: 'both' });
      const [last, first] = tables.partitionsFor('3x3', { goal: 'both' });
      expect(solveSome(solver, 'blank-last', 1)).toEqual(['pdb 4-4']);
      const bytes = last!.groups.reduce((sum, _, group) => sum + tables.tableBytes(last!, group), 0);
      expect(await solver.releaseTables('3x3')).toBe(bytes);
      expect(last!.groups.map((_, group) => tables.has(last!, group))).toEqual([false, false]);
      expect(last!.groups.map((_, group) => tables.read(last!, group))).toEqual([null, null]);
      expect(first!.groups.map((_, group) => tables.has(first!, group))).toEqual([true, true]);
      // Released twice: nothing more to give.
      expect(await solver.releaseTables('3x3', { goal: 'blank-last' })).toBe(0);
      expect(solveSome(solver, 'blank-last', 2)).toEqual(['manhattan']);
      expect(solveSome(solver, 'blank-first', 3)).toEqual(['pdb 4-4']);
      // Asked for by name, the search builds them again (in memory), as before any prepareTables.
      expect(solveSome(solver, 'blank-last', 4, { heuristic: 'pdb' })).toEqual(['pdb 4-4']);
      expect(tables.has(last!, 0)).toBe(true);
    },
  );

  test.each(engineNames)('%s: without a partition every partition of the goal goes; with one, only it', async (engine) => {
    const solver = await createSolver({ engine, tables: { dir: false } });
    const tables = tablesOf(solver);
    await solver.prepareTables('3x3', { goal: 'blank-last' });
    await solver.prepareTables('3x3', { goal: 'blank-last', partition: '4-4-zero-aware' });
    const [plain] = tables.partitionsFor('3x3', { goal: 'blank-last' });
    const [zeroAware] = tables.partitionsFor('3x3', { goal: 'blank-last', partition: '4-4-zero-aware' });
    const held = () => [plain!, zeroAware!].map((partition) => partition.groups.every((_, group) => tables.has(partition, group)));
    expect(held()).toEqual([true, true]);
    expect(solveSome(solver, 'blank-last', 5)).toEqual(['pdb 4-4']);
    expect(await solver.releaseTables('3x3', { partition: '4-4' })).toBeGreaterThan(0);
    expect(held()).toEqual([false, true]);
    // The zero-aware tables, made ready last, now serve by default.
    expect(solveSome(solver, 'blank-last', 6)).toEqual(['pdb 4-4-zero-aware']);
    await solver.prepareTables('3x3');
    expect(held()).toEqual([true, true]);
    expect(await solver.releaseTables('3x3', { goal: 'both' })).toBeGreaterThan(0);
    expect(held()).toEqual([false, false]);
    expect(solveSome(solver, 'blank-last', 7)).toEqual(['manhattan']);
  });

  it('wasm: the next tables take the released rooms: the same addresses, memory not grown, answers optimal', async () => {
    const solver = await createSolver({ engine: 'wasm', tables: { dir: false } });
    const tables = tablesOf(solver);
    const pdb = coreOf(solver).pdb as WasmPdb;
    await solver.prepareTables('3x3', { goal: 'blank-last' });
    const [last] = tables.partitionsFor('3x3', { goal: 'blank-last' });
    const [first] = tables.partitionsFor('3x3', { goal: 'blank-first' });
    const rooms = last!.groups.map((_, group) => tables.address(last!, group)).sort();
    // A first search grows what searches use (once): measured after it.
    solveSome(solver, 'blank-last', 9);
    const memory = pdb.memoryBytes();
    for (let round = 0; round < 4; round++) {
      await solver.releaseTables('3x3', { goal: round % 2 === 0 ? 'blank-last' : 'blank-first' });
      const next = round % 2 === 0 ? first! : last!;
      await solver.prepareTables('3x3', { goal: round % 2 === 0 ? 'blank-first' : 'blank-last' });
      expect(next.groups.map((_, group) => tables.address(next, group)).sort(), `round ${round}`).toEqual(rooms);
      expect(pdb.memoryBytes()).toBe(memory);
      expect(solveSome(solver, round % 2 === 0 ? 'blank-first' : 'blank-last', 10 + round)).toEqual(['pdb 4-4']);
    }
  });

  it('its options are checked as the other calls check theirs', async () => {
    const solver = await createSolver({ engine: 'ts', tables: { dir: false } });
    const cases: Array<[unknown, unknown, RegExp]> = [
      ['3x3', { goals: 'both' }, /^releaseTables\(\): unknown option 'goals' \(did you mean 'goal'\?\)/],
      ['3x3', { partition: '4-4', signal: undefined }, /^releaseTables\(\): unknown option 'signal', expected goal or partition/],
      ['3x3', null, /^releaseTables options must be an object \(\{ goal, partition \}\), not null/],
      ['3x3', { partition: 44 }, /^releaseTables: partition must be a partition name, not 44/],
      ['3x3', { goal: 0 }, /^releaseTables: goal must be 'blank-last', 'blank-first' or 'both', not 0/],
      [null, undefined, /^releaseTables: size must be like '4x4' or \{ width, height \}, not null/],
      ['3x3', { partition: '6-6-3' }, /unknown partition '6-6-3' for 3x3, expected 4-4 or 4-4-zero-aware/],
      ['3x3', { goal: 'blank-middle' }, /unknown goal 'blank-middle', expected blank-last, blank-first or both/],
      ['3x', undefined, /size '3x' is not like 4x4/],
    ];
    for (const [size, options, message] of cases) {
      const error = await rejection(solver.releaseTables(size as string, options as object));
      expect(error.message, JSON.stringify([size, options])).toMatch(message);
    }
  });
});

describe('the free rooms of the wasm engine (FreeRooms)', () => {
  /** A memory of pages that only grows, as wasm's. */
  function fakeMemory() {
    let bytes = 65536;
    return {
      grow: (want: number) => {
        const at = bytes;
        bytes += Math.ceil(want / 65536) * 65536;
        return at;
      },
      bytes: () => bytes,
    };
  }

  it('hands out the smallest free room that fits, merges neighbours given back, and grows into a free room at the end', () => {
    const memory = fakeMemory();
    const rooms = new FreeRooms(memory.grow, memory.bytes);
    const a = rooms.take(100_000);
    const b = rooms.take(50_000);
    const c = rooms.take(100_000);
    expect([a, b, c].every((at) => at >= 65536)).toBe(true);
    expect(new Set([a, b, c]).size).toBe(3);
    const grown = memory.bytes();
    rooms.giveBack({ at: b, bytes: 50_000 });
    // The smallest that fits: b's room (the pages' slack is smaller than 40,000 bytes or elsewhere).
    expect(rooms.take(40_000)).toBe(b);
    rooms.giveBack({ at: b, bytes: 40_000 });
    rooms.giveBack({ at: a, bytes: 100_000 });
    // a and b merged: 150,000 bytes from a's start, no growth.
    expect(rooms.take(150_000)).toBe(a);
    expect(memory.bytes()).toBe(grown);
    rooms.giveBack({ at: a, bytes: 150_000 });
    rooms.giveBack({ at: c, bytes: 100_000 });
    // All of it free and merged up to the end of memory: a larger room grows only by what it lacks.
    const free = rooms.freeBytes;
    expect(free).toBe(grown - a);
    expect(rooms.take(free + 1000)).toBe(a);
    expect(memory.bytes()).toBe(grown + 65536);
  });

  it('every room starts on a 64-byte line, whatever the bytes of those before it', () => {
    const memory = fakeMemory();
    const rooms = new FreeRooms(memory.grow, memory.bytes);
    const taken = [1, 1512, 3576, 77, 2_882_880, 5].map((bytes) => ({ at: rooms.take(bytes), bytes }));
    expect(taken.every(({ at }) => at % 64 === 0)).toBe(true);
    // Given back with their own bytes, they merge into one room again.
    for (const room of taken) rooms.giveBack(room);
    expect(rooms.take(rooms.freeBytes)).toBe(taken[0]!.at);
  });

  it('says -1 when memory cannot grow, and keeps its rooms', () => {
    const rooms = new FreeRooms(
      () => -1,
      () => 65536,
    );
    expect(rooms.take(10)).toBe(-1);
    rooms.giveBack({ at: 1024, bytes: 500 });
    expect(rooms.take(600)).toBe(-1);
    expect(rooms.take(500)).toBe(1024);
    expect(rooms.freeBytes).toBe(0);
  });
});
