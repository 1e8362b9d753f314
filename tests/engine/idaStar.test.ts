/**
 * IDA* on sliding tiles, both engines. Optimality is proved against a
 * breadth-first search written here (no engine code), every returned path is
 * replayed, and the two engines must agree on moves and node counts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SEARCH_MOVE_ORDER, type Heuristic, type IdaStarCore, type SlidingAnswer, type SlidingBoard } from '../../src/engine/contract.js';
import { createSolver } from '../../src/index.js';
import { engineNames, loadCore } from '../support/engines.js';
import { blankTarget, iterationExpansions, replaySliding, seededRandom as mulberry32 } from '../oracles.js';

const heuristics: Heuristic[] = ['manhattan', 'linear-conflict'];

async function engines(): Promise<Array<{ name: string; ida: IdaStarCore }>> {
  return Promise.all(engineNames.map(async (name) => ({ name, ida: (await loadCore(name)).idaStar })));
}

function board(width: number, height: number, tiles: ArrayLike<number>): SlidingBoard {
  return { width, height, tiles: Uint8Array.from(tiles) };
}

/** Tiles in order, blank last. */
function blankLastGoal(width: number, height: number): SlidingBoard {
  const cells = width * height;
  return board(
    width,
    height,
    Array.from({ length: cells }, (_, i) => (i + 1) % cells),
  );
}

/** Blank moves 0 u, 1 d, 2 l, 3 r: the blank's next position, or -1 off the board. */
function step(blank: number, move: number, width: number, height: number): number {
  return blankTarget(width, height, blank, move);
}

/** Applies `moves` to `start` (the shared oracle); throws on an illegal move. */
function replay(start: SlidingBoard, moves: Uint8Array): number[] {
  return replaySliding(start.tiles, start.width, moves);
}

function randomWalk(from: SlidingBoard, length: number, random: () => number): SlidingBoard {
  const tiles = Array.from(from.tiles);
  let blank = tiles.indexOf(0);
  for (let i = 0; i < length; ) {
    const next = step(blank, Math.floor(random() * 4), from.width, from.height);
    if (next < 0) continue;
    tiles[blank] = tiles[next]!;
    tiles[next] = 0;
    blank = next;
    i++;
  }
  return board(from.width, from.height, tiles);
}

// ---------------------------------------------------------------------------
// Independent breadth-first search: boards as base-32 numbers (up to 10 cells
// fit 2^50 exactly; the walks on bigger boards use string keys).

function key(tiles: ArrayLike<number>): string | number {
  if (tiles.length > 10) return Array.prototype.join.call(tiles, ',');
  let k = 0;
  for (let i = tiles.length - 1; i >= 0; i--) k = k * 32 + tiles[i]!;
  return k;
}

function neighbours(tiles: number[], width: number, height: number): number[][] {
  const blank = tiles.indexOf(0);
  const out: number[][] = [];
  for (let move = 0; move < 4; move++) {
    const next = step(blank, move, width, height);
    if (next < 0) continue;
    const child = tiles.slice();
    child[blank] = child[next]!;
    child[next] = 0;
    out.push(child);
  }
  return out;
}

/** Every board reachable from `from` with its distance, level by level. */
function bfsAll(from: SlidingBoard): { distance: Map<string | number, number>; boards: number[][] } {
  const distance = new Map<string | number, number>([[key(from.tiles), 0]]);
  const boards: number[][] = [Array.from(from.tiles)];
  for (let head = 0; head < boards.length; head++) {
    const current = boards[head]!;
    const d = distance.get(key(current))!;
    for (const child of neighbours(current, from.width, from.height)) {
      const k = key(child);
      if (distance.has(k)) continue;
      distance.set(k, d + 1);
      boards.push(child);
    }
  }
  return { distance, boards };
}

/** Shortest distance from `start` to `goal` (which must be reachable). */
function bfsDistance(start: SlidingBoard, goal: SlidingBoard): number {
  const target = key(goal.tiles);
  let frontier: number[][] = [Array.from(start.tiles)];
  const seen = new Set<string | number>([key(start.tiles)]);
  for (let d = 0; ; d++) {
    if (frontier.some((tiles) => key(tiles) === target)) return d;
    const next: number[][] = [];
    for (const tiles of frontier) {
      for (const child of neighbours(tiles, start.width, start.height)) {
        const k = key(child);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(child);
      }
    }
    if (next.length === 0) throw new Error('goal not reachable');
    frontier = next;
  }
}

// Independent heuristics, straight from the definitions.

function manhattan(b: SlidingBoard, goal: SlidingBoard): number {
  let sum = 0;
  for (let p = 0; p < b.tiles.length; p++) {
    const tile = b.tiles[p]!;
    if (tile === 0) continue;
    const g = goal.tiles.indexOf(tile);
    sum += Math.abs(Math.floor(p / b.width) - Math.floor(g / b.width)) + Math.abs((p % b.width) - (g % b.width));
  }
  return sum;
}

function longestIncreasing(values: number[]): number {
  const best: number[] = [];
  for (let i = 0; i < values.length; i++) {
    best[i] = 1;
    for (let j = 0; j < i; j++) if (values[j]! < values[i]!) best[i] = Math.max(best[i]!, best[j]! + 1);
  }
  return Math.max(0, ...best);
}

/** Manhattan + 2 x, per row and column, (own tiles in the line - LIS of their goal slots). */
function linearConflict(b: SlidingBoard, goal: SlidingBoard): number {
  const { width, height } = b;
  let extra = 0;
  for (let row = 0; row < height; row++) {
    const slots: number[] = [];
    for (let col = 0; col < width; col++) {
      const tile = b.tiles[row * width + col]!;
      const g = goal.tiles.indexOf(tile);
      if (tile !== 0 && Math.floor(g / width) === row) slots.push(g % width);
    }
    extra += slots.length - longestIncreasing(slots);
  }
  for (let col = 0; col < width; col++) {
    const slots: number[] = [];
    for (let row = 0; row < height; row++) {
      const tile = b.tiles[row * width + col]!;
      const g = goal.tiles.indexOf(tile);
      if (tile !== 0 && g % width === col) slots.push(Math.floor(g / width));
    }
    extra += slots.length - longestIncreasing(slots);
  }
  return manhattan(b, goal) + 2 * extra;
}

// ---------------------------------------------------------------------------

/** Solves on every engine, checks optimal length, replay, and that the engines agree. */
async function solveEverywhere(start: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, optimal: number): Promise<SlidingAnswer> {
  const answers: SlidingAnswer[] = [];
  for (const { name, ida } of await engines()) {
    const answer = ida.solve(start, goal, { heuristic });
    expect(answer.moves, `${name} ${heuristic}`).not.toBeNull();
    expect(answer.moves!.length, `${name} ${heuristic} length`).toBe(optimal);
    expect(replay(start, answer.moves!), `${name} ${heuristic} replay`).toEqual(Array.from(goal.tiles));
    answers.push(answer);
  }
  for (const answer of answers.slice(1)) {
    expect(Array.from(answer.moves!)).toEqual(Array.from(answers[0]!.moves!));
    expect(answer.nodes).toBe(answers[0]!.nodes);
  }
  return answers[0]!;
}

/** Korf's goal: blank first. */
const korfGoal = board(
  4,
  4,
  Array.from({ length: 16 }, (_, i) => i),
);
const korfInstances = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(0, 10)
  .map((line, index) => {
    const numbers = line.trim().split(/\s+/).map(Number);
    return { number: index + 1, start: board(4, 4, numbers.slice(0, 16)), optimal: numbers[16]! };
  });

describe("Korf's 15-puzzle instances (linear conflict)", () => {
  const goal = korfGoal;
  test.each(korfInstances)('Korf #$number at its published length $optimal on both engines', async ({ start, optimal }) => {
    const answer = await solveEverywhere(start, goal, 'linear-conflict', optimal);
    expect(answer.nodes).toBeGreaterThan(0);
  });
});

describe('8-puzzle against a full BFS', () => {
  const goal = blankLastGoal(3, 3);
  const { distance, boards } = bfsAll(goal);
  const distanceOf = (tiles: ArrayLike<number>) => distance.get(key(tiles))!;

  test('the BFS matches the published facts', () => {
    expect(boards.length).toBe(181_440);
    expect(distanceOf(boards[boards.length - 1]!)).toBe(31);
    expect(boards.filter((tiles) => distanceOf(tiles) === 31)).toHaveLength(2);
    expect(distanceOf([2, 3, 4, 1, 5, 0, 7, 6, 8])).toBe(19);
  });

  const random = mulberry32(20240601);
  const samples = Array.from({ length: 2000 }, () => boards[Math.floor(random() * boards.length)]!);
  samples.push(...boards.filter((tiles) => distanceOf(tiles) === 31));

  test.each(heuristics)('%s: 2,000 random boards and both 31-move boards solve optimally', async (heuristic) => {
    for (const tiles of samples) await solveEverywhere(board(3, 3, tiles), goal, heuristic, distanceOf(tiles));
  });

  test('the sample board from PUZZLES.md takes 19 moves', async () => {
    for (const heuristic of heuristics) await solveEverywhere(board(3, 3, [2, 3, 4, 1, 5, 0, 7, 6, 8]), goal, heuristic, 19);
  });

  test('the goal itself takes no moves and no nodes', async () => {
    for (const heuristic of heuristics) expect((await solveEverywhere(goal, goal, heuristic, 0)).nodes).toBe(0);
  });

  test('estimate is the defined heuristic and admissible on every reachable board', async () => {
    const all = await engines();
    for (const tiles of boards) {
      const b = board(3, 3, tiles);
      const md = manhattan(b, goal);
      const lc = linearConflict(b, goal);
      const d = distanceOf(tiles);
      expect(md).toBeLessThanOrEqual(lc);
      expect(lc).toBeLessThanOrEqual(d);
      for (const { ida } of all) {
        if (ida.estimate(b, goal, 'manhattan') !== md || ida.estimate(b, goal, 'linear-conflict') !== lc) {
          expect([ida.estimate(b, goal, 'manhattan'), ida.estimate(b, goal, 'linear-conflict')], tiles.join(' ')).toEqual([md, lc]);
        }
      }
    }
  });
});

describe('other board sizes and goals against a BFS', () => {
  const random = mulberry32(7);
  const cases: Array<{ label: string; width: number; height: number; walks: number; length: number; shuffled: boolean }> = [
    { label: '2x2', width: 2, height: 2, walks: 10, length: 12, shuffled: false },
    { label: '2x3', width: 2, height: 3, walks: 40, length: 40, shuffled: false },
    { label: '3x2', width: 3, height: 2, walks: 40, length: 40, shuffled: true },
    { label: '2x4', width: 2, height: 4, walks: 40, length: 60, shuffled: false },
    { label: '4x2', width: 4, height: 2, walks: 30, length: 60, shuffled: true },
    { label: '2x5', width: 2, height: 5, walks: 30, length: 80, shuffled: true },
    { label: '5x2', width: 5, height: 2, walks: 30, length: 80, shuffled: false },
    { label: '3x4', width: 3, height: 4, walks: 20, length: 22, shuffled: false },
    { label: '4x3', width: 4, height: 3, walks: 20, length: 22, shuffled: true },
    { label: '4x4', width: 4, height: 4, walks: 15, length: 20, shuffled: true },
    { label: '4x5', width: 4, height: 5, walks: 10, length: 18, shuffled: false },
    { label: '5x5', width: 5, height: 5, walks: 10, length: 18, shuffled: true },
  ];

  test.each(cases)('$label from random walks (shuffled goal: $shuffled)', async ({ width, height, walks, length, shuffled }) => {
    let goal = blankLastGoal(width, height);
    if (shuffled) {
      const tiles = Array.from(goal.tiles);
      for (let i = tiles.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
      }
      goal = board(width, height, tiles);
    }
    const all = await engines();
    for (let walk = 0; walk < walks; walk++) {
      const start = randomWalk(goal, length, random);
      const optimal = bfsDistance(start, goal);
      for (const heuristic of heuristics) {
        const md = manhattan(start, goal);
        const lc = linearConflict(start, goal);
        expect(lc).toBeLessThanOrEqual(optimal);
        for (const { ida } of all) {
          expect(ida.estimate(start, goal, 'manhattan')).toBe(md);
          expect(ida.estimate(start, goal, 'linear-conflict')).toBe(lc);
        }
        await solveEverywhere(start, goal, heuristic, optimal);
      }
    }
  });
});

describe('search control', () => {
  const goal = korfGoal;
  // The quickest of the first ten.
  const { start, optimal } = korfInstances[8]!;

  test('maxNodes stops a search with moves null, exactly at the limit', async () => {
    for (const heuristic of heuristics) {
      const full = await solveEverywhere(start, goal, heuristic, optimal);
      for (const { name, ida } of await engines()) {
        for (const maxNodes of [0, 1, 1000, full.nodes - 1]) {
          const bounds: number[] = [];
          const stopped = ida.solve(start, goal, { heuristic, maxNodes, onIteration: (bound) => bounds.push(bound) });
          expect(stopped.moves, `${name} ${heuristic} ${maxNodes}`).toBeNull();
          expect(stopped.nodes).toBe(maxNodes);
          // The iteration it was cut short in: a lower bound on the length, the optimal one just before the end.
          expect(stopped.bound).toBe(bounds.at(-1));
          expect(stopped.bound).toBeLessThanOrEqual(optimal);
          if (maxNodes === full.nodes - 1) expect(stopped.bound).toBe(optimal);
        }
        const enough = ida.solve(start, goal, { heuristic, maxNodes: full.nodes });
        expect(enough.nodes).toBe(full.nodes);
        expect(enough.moves?.length).toBe(optimal);
      }
    }
  });

  test('onIteration sees strictly increasing bounds from the estimate up to the solution length', async () => {
    const seen: Array<Array<[number, number]>> = [];
    for (const heuristic of heuristics) {
      for (const { ida } of await engines()) {
        const calls: Array<[number, number]> = [];
        const answer = ida.solve(start, goal, { heuristic, onIteration: (bound, nodes) => calls.push([bound, nodes]) });
        expect(calls[0]).toEqual([ida.estimate(start, goal, heuristic), 0]);
        for (let i = 1; i < calls.length; i++) {
          expect(calls[i]![0]).toBeGreaterThan(calls[i - 1]![0]);
          expect(calls[i]![1]).toBeGreaterThanOrEqual(calls[i - 1]![1]);
        }
        expect(calls[calls.length - 1]![0]).toBe(answer.moves!.length);
        expect(calls[calls.length - 1]![1]).toBeLessThanOrEqual(answer.nodes);
        seen.push(calls);
      }
      expect(seen[seen.length - 1]).toEqual(seen[seen.length - 2]);
    }
  });

  test('a stop deep inside a late iteration is exact and seen alike by both engines', async () => {
    const hard = korfInstances[0]!.start;
    const counts: number[] = [];
    for (const { ida } of await engines()) {
      const bounds: number[] = [];
      const answer = ida.solve(hard, goal, { heuristic: 'linear-conflict', maxNodes: 123_457, onIteration: (bound) => bounds.push(bound) });
      expect(answer.moves).toBeNull();
      expect(answer.nodes).toBe(123_457);
      counts.push(bounds.length);
    }
    expect(counts[1]).toBe(counts[0]);
  });

  test('an unsolvable board (outside the contract) ends in an error once the bound outgrows the path room', async () => {
    // On 2x2 the other parity class is a separate 12-board cycle.
    const goal2 = blankLastGoal(2, 2);
    const unsolvable = board(2, 2, [2, 1, 3, 0]);
    const lastBounds: number[] = [];
    for (const { ida } of await engines()) {
      let last = 0;
      expect(() => ida.solve(unsolvable, goal2, { heuristic: 'manhattan', onIteration: (bound) => (last = bound) })).toThrow(/solvable/);
      lastBounds.push(last);
    }
    expect(lastBounds[1]).toBe(lastBounds[0]);
  });
});

describe('nodes expanded (stats.expanded) equal an independent count, both engines', () => {
  /**
   * The whole search's expansions by the oracle: every completed iteration's
   * (the same in any move order), then the last one's in the search's move
   * order until its first path. The bounds are the search's own; the counts
   * are not.
   */
  function oracleExpanded(start: SlidingBoard, goal: SlidingBoard, bounds: readonly number[]): number {
    const tiles = Array.from(start.tiles);
    const h = (state: number[]) => manhattan(board(start.width, start.height, state), goal);
    return bounds.reduce(
      (sum, bound, i) => sum + iterationExpansions(tiles, start.width, bound, h, goal.tiles, i === bounds.length - 1 ? SEARCH_MOVE_ORDER : undefined),
      0,
    );
  }

  const cases = [
    { width: 3, height: 3, steps: [12, 20, 30, 41, 60] },
    { width: 4, height: 4, steps: [18, 26, 34, 40] },
  ];

  test.each(cases)(
    '$width x $height: solve, solveBatch and sliding() agree with the oracle, parent pruning, Manhattan',
    async ({ width, height, steps }) => {
      const goal = blankLastGoal(width, height);
      const random = mulberry32(width * 100 + 38);
      const starts = steps.map((length) => randomWalk(goal, length, random));
      const solvers = await Promise.all(engineNames.map((engine) => createSolver({ engine, tables: { dir: false } })));
      let checked = 0;
      for (const { name, ida } of await engines()) {
        const options = { heuristic: 'manhattan' as const, pruning: 'parent' as const };
        const batch = ida.solveBatch(starts, goal, options);
        for (const [i, start] of starts.entries()) {
          const bounds: number[] = [];
          const answer = ida.solve(start, goal, { ...options, onIteration: (bound) => bounds.push(bound) });
          expect(answer.moves, `${name} ${start.tiles}`).not.toBeNull();
          expect(bounds.at(-1)).toBe(answer.moves!.length);
          const expected = oracleExpanded(start, goal, bounds);
          expect(answer.expanded, `${name} ${start.tiles}`).toBe(expected);
          expect(batch[i]!.expanded, `${name} batch ${start.tiles}`).toBe(expected);
          expect(batch[i]!.nodes).toBe(answer.nodes);
          // Each child generated belongs to one node expanded, at most four a node.
          expect(answer.nodes).toBeGreaterThanOrEqual(expected);
          expect(answer.nodes).toBeLessThanOrEqual(4 * expected);
          checked++;
        }
        // Stopped by the node budget halfway: fewer expansions than the whole search, at least a node a child generated over four.
        const whole = ida.solve(starts.at(-1)!, goal, options);
        const maxNodes = Math.floor(whole.nodes / 2);
        const stopped = ida.solve(starts.at(-1)!, goal, { ...options, maxNodes });
        expect(stopped.moves).toBeNull();
        expect(stopped.expanded).toBeLessThan(whole.expanded!);
        expect(4 * stopped.expanded!).toBeGreaterThanOrEqual(maxNodes);
      }
      // Through the API: stats.expanded beside stats.nodes, for IDA* only.
      for (const solver of solvers) {
        for (const start of starts) {
          const tiles = Array.from(start.tiles);
          const result = solver.sliding(tiles, { heuristic: 'manhattan', pruning: 'parent' });
          const bounds: number[] = [];
          solver.sliding(tiles, { heuristic: 'manhattan', pruning: 'parent', onIteration: (bound) => bounds.push(bound) });
          expect(result.stats.expanded, `${solver.engine} ${tiles}`).toBe(oracleExpanded(start, goal, bounds));
        }
        const many = solver.solveMany(
          'sliding',
          starts.map((start) => Array.from(start.tiles)),
          { heuristic: 'manhattan', pruning: 'parent' },
        );
        for (const [i, result] of many.entries()) {
          expect((result as { stats: { expanded?: number } }).stats.expanded).toBe(
            solver.sliding(Array.from(starts[i]!.tiles), { heuristic: 'manhattan', pruning: 'parent' }).stats.expanded,
          );
        }
        expect(solver.sliding([1, 2, 3, 4, 5, 6, 7, 0, 8], { algorithm: 'bfs' }).stats.expanded).toBeUndefined();
      }
      expect(checked).toBe(engineNames.length * starts.length);
    },
    120_000,
  );
});
