/**
 * The census (issue 23 §2) on both engines: every board of up to 10 cells
 * against a plain BFS written in tests/oracles.js and against the published
 * distributions (OEIS A089473, A089474, A089483 for the 8-puzzle from a
 * corner, the centre and a side; A090034 and A090035 for 3x2 and 4x2) and
 * largest distances (A151944); totals n!/2; a farthest state really that far;
 * progress, abort and bad sizes. The 12-cell boards are in census12.slow.test.ts.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSolver, PuzzleInputError, type Census, type Solver } from '../../src/index.js';
import { engineNames } from '../support/engines.js';
import { slidingCensus } from '../oracles.js';

/** Published distributions: states at each distance, the blank's goal as named. */
const PUBLISHED = {
  // OEIS A089473: 3x3, the blank's goal in a corner.
  corner3x3: [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910,
    760, 221, 2,
  ],
  // OEIS A089474: 3x3, the blank's goal in the centre.
  centre3x3: [
    1, 4, 8, 8, 16, 32, 60, 72, 136, 200, 376, 512, 964, 1296, 2368, 3084, 5482, 6736, 11132, 12208, 18612, 18444, 24968, 19632, 22289, 13600, 11842, 4340,
    2398, 472, 148,
  ],
  // OEIS A089483: 3x3, the blank's goal mid-side.
  side3x3: [
    1, 3, 5, 10, 14, 28, 42, 80, 108, 202, 278, 524, 726, 1348, 1804, 3283, 4193, 7322, 8596, 13930, 14713, 21721, 19827, 25132, 18197, 18978, 9929, 7359, 2081,
    878, 126, 2,
  ],
  // OEIS A090034: 3 rows of 2, the blank's goal in a corner.
  corner2x3: [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1],
  // OEIS A090035: 4 rows of 2, the blank's goal in a corner.
  corner2x4: [
    1, 2, 3, 6, 10, 14, 19, 28, 42, 61, 85, 119, 161, 215, 293, 396, 506, 632, 788, 985, 1194, 1414, 1664, 1884, 1999, 1958, 1770, 1463, 1076, 667, 361, 190,
    88, 39, 19, 7, 1,
  ],
};

/** OEIS A151944: the largest distance of each size (width x height; the same turned). */
const GODS_NUMBER: Record<string, number> = { '2x2': 6, '2x3': 21, '2x4': 36, '2x5': 55, '3x3': 31 };

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

function goalOf(width: number, height: number, blank: number): number[] {
  const tiles = Array.from({ length: width * height }, (_, i) => i + 1);
  tiles.splice(blank, 0, 0);
  tiles.length = width * height;
  return tiles;
}

const rows = (tiles: readonly number[], width: number) => Array.from({ length: tiles.length / width }, (_, r) => tiles.slice(r * width, r * width + width));

describe.each(engineNames)('solver.census on %s', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine, tables: { dir: false } });
  });

  it.each([
    [2, 2],
    [3, 2],
    [2, 3],
    [4, 2],
    [2, 4],
    [3, 3],
  ])('%ix%i from the blank-last goal: every count as a plain BFS has it, total n!/2, a farthest state at that distance', async (width, height) => {
    const census = await solver.census(`${width}x${height}`);
    const goal = goalOf(width, height, width * height - 1);
    const oracle = slidingCensus(goal, width);
    expect(census.counts).toEqual(oracle.counts);
    expect(census.total).toBe(factorial(width * height) / 2);
    expect(census.godsNumber).toBe(oracle.counts.length - 1);
    expect(census.goal).toEqual(goal);
    expect({ width: census.width, height: census.height }).toEqual({ width, height });
    expect(oracle.farthest.has(census.farthest.join(','))).toBe(true);
  });

  it('the published distributions and largest distances', async () => {
    expect((await solver.census('3x3')).counts).toEqual(PUBLISHED.corner3x3);
    expect((await solver.census('3x3', { goal: 'blank-first' })).counts).toEqual(PUBLISHED.corner3x3);
    expect((await solver.census('3x3', { goal: rows(goalOf(3, 3, 4), 3) })).counts).toEqual(PUBLISHED.centre3x3);
    expect((await solver.census('3x3', { goal: rows(goalOf(3, 3, 1), 3) })).counts).toEqual(PUBLISHED.side3x3);
    expect((await solver.census({ width: 2, height: 3 })).counts).toEqual(PUBLISHED.corner2x3);
    expect((await solver.census('3x2')).counts).toEqual(PUBLISHED.corner2x3);
    expect((await solver.census('2x4')).counts).toEqual(PUBLISHED.corner2x4);
    expect((await solver.census('4x2')).counts).toEqual(PUBLISHED.corner2x4);
    for (const [size, gods] of Object.entries(GODS_NUMBER)) {
      const census = await solver.census(size);
      expect([size, census.godsNumber, census.counts.reduce((a, b) => a + b, 0)]).toEqual([size, gods, census.total]);
    }
  });

  it('2x5: 55 moves at most, 1,814,400 states, and the farthest state is solved at 55', async () => {
    const census = await solver.census('5x2');
    expect(census.godsNumber).toBe(55);
    expect(census.total).toBe(1_814_400);
    expect(census.counts.reduce((a, b) => a + b, 0)).toBe(1_814_400);
    const solved = solver.sliding(rows(census.farthest, 5), { goal: rows(census.goal, 5) });
    expect(solved.status === 'solved' && solved.moves.length).toBe(55);
  });

  it('reports progress a round at a time, the depth and states never going back, ending at the total', async () => {
    const seen: { depth: number; states: number; total: number }[] = [];
    const census = await solver.census('3x3', { onProgress: (progress) => seen.push(progress) });
    expect(seen.length).toBeGreaterThanOrEqual(census.godsNumber);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.depth).toBeGreaterThanOrEqual(seen[i - 1]!.depth);
      expect(seen[i]!.states).toBeGreaterThanOrEqual(seen[i - 1]!.states);
    }
    expect(seen.at(-1)).toEqual({ depth: census.godsNumber, states: 181_440, total: 181_440 });
  });

  it('stops with an AbortError when its signal fires, and the solver takes the next census', async () => {
    const controller = new AbortController();
    const running = solver.census('2x5', { signal: controller.signal, onProgress: ({ depth }) => depth >= 3 && controller.abort() });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await expect(solver.census('2x5', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect((await solver.census('2x2')).godsNumber).toBe(6);
  });

  it('one census at a time on a solver; the second is refused, the first goes on', async () => {
    const first = solver.census('2x5');
    await expect(solver.census('2x2')).rejects.toThrow(/another census is running/);
    expect((await first).godsNumber).toBe(55);
  });

  it('refuses sizes it does not take, and bad goals and options, with a one-line error', async () => {
    for (const size of ['1x5', '4x4', '3x5', '7x2', 'three by four', '', '3x', 12, null, { width: 3 }, { width: 2.5, height: 2 }]) {
      const error = await solver.census(size as never).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, String(size)).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message).toMatch(/^census: .*(size|board)/);
      expect((error as Error).message).not.toContain('\n');
    }
    await expect(solver.census('2x2', { goal: [1, 2, 3, 4] })).rejects.toThrow(PuzzleInputError);
    await expect(
      solver.census('2x2', {
        goal: [
          [1, 2, 3],
          [4, 5, 0],
        ],
      }),
    ).rejects.toThrow(/do not make the 2x2 board/);
    await expect(solver.census('2x2', { onProgress: 5 as never })).rejects.toThrow(/onProgress/);
    await expect(solver.census('2x2', 'fast' as never)).rejects.toThrow(/options/);
  });
});

describe('the shipped census of the 12-cell boards (data/census12.json, read by the web page)', () => {
  const shipped = JSON.parse(readFileSync(new URL('../../data/census12.json', import.meta.url), 'utf8')) as Record<string, Omit<Census, 'stats'>>;

  it('holds 3x4, 4x3, 2x6 and 6x2 from the blank-last goal: n!/2 states each, the published largest distances, a board and its turn alike', async () => {
    expect(Object.keys(shipped).sort()).toEqual(['2x6', '3x4', '4x3', '6x2']);
    for (const [size, census] of Object.entries(shipped)) {
      const [width, height] = size.split('x').map(Number);
      expect([census.width, census.height]).toEqual([width, height]);
      expect(census.goal).toEqual(goalOf(width!, height!, 11));
      expect(census.total).toBe(239_500_800);
      expect(census.counts.reduce((a, b) => a + b, 0)).toBe(239_500_800);
      expect(census.godsNumber).toBe(census.counts.length - 1);
      expect(census.godsNumber).toBe(width === 2 || height === 2 ? 80 : 53);
    }
    expect(shipped['4x3']!.counts).toEqual(shipped['3x4']!.counts);
    expect(shipped['6x2']!.counts).toEqual(shipped['2x6']!.counts);
    expect(shipped['3x4']!.counts.at(-1)).toBe(18);
  });

  it('the farthest 3x4 and 4x3 boards are solved at 53', async () => {
    const solver = await createSolver({ tables: { dir: false } });
    for (const size of ['3x4', '4x3']) {
      const { width, farthest, goal } = shipped[size]!;
      const solved = solver.sliding(rows(farthest, width), { goal: rows(goal, width) });
      expect([size, solved.status === 'solved' && solved.moves.length]).toEqual([size, 53]);
    }
  });
});
