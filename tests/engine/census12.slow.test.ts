/**
 * The census of the two 12-cell boards (issue 23 §2), in wasm: 239,500,800
 * states each, about a minute each. 3x4 reaches 53 moves with 18 states that
 * far (OEIS A151944, A090163) and its farthest state is solved by the IDA*
 * solver at 53; 2x6 reaches 80 (A151944). The TS twin runs the same code on
 * every smaller board in census.test.ts. Both results must equal the rows of
 * data/census12.json, which the web page shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createSolver, type Census, type Solver } from '../../src/index.js';

/** The table the web page reads for these boards (data/census12.json): it must be what the census computes. */
const shipped = JSON.parse(readFileSync(new URL('../../data/census12.json', import.meta.url), 'utf8')) as Record<string, Omit<Census, 'stats'>>;

const rows = (tiles: readonly number[], width: number) => Array.from({ length: tiles.length / width }, (_, r) => tiles.slice(r * width, r * width + width));

describe('the 12-cell censuses in wasm', () => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine: 'wasm', tables: { dir: false } });
  });

  function checkTotals(census: Census) {
    expect(census.total).toBe(239_500_800);
    expect(census.counts.reduce((a, b) => a + b, 0)).toBe(239_500_800);
    expect(census.counts.every((count) => count > 0)).toBe(true);
  }

  it('3x4: 53 moves at most, 18 states that far, and the farthest one solved at 53', async () => {
    const census = await solver.census('3x4');
    checkTotals(census);
    expect(census.godsNumber).toBe(53);
    expect(census.counts.at(-1)).toBe(18);
    const solved = solver.sliding(rows(census.farthest, 3), { goal: rows(census.goal, 3) });
    expect(solved.status === 'solved' && solved.moves.length).toBe(53);
    expect({ ...census, stats: undefined }).toEqual({ ...shipped['3x4'], stats: undefined });
  }, 600_000);

  it('2x6 (six wide, its goal given as rows): 80 moves at most', async () => {
    const goal = [
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 0],
    ];
    const census = await solver.census({ width: 6, height: 2 }, { goal });
    checkTotals(census);
    expect(census.godsNumber).toBe(80);
    expect(census.goal).toEqual(goal.flat());
    expect({ ...census, stats: undefined }).toEqual({ ...shipped['6x2'], stats: undefined });
  }, 600_000);
});
