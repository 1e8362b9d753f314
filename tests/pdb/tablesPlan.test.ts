/**
 * The library's one tables policy (issue 20 §6), which the CLI, the pool and
 * the web page follow: which pattern database a sliding search would use, and
 * whether linear conflict is tried first. Boards are made by random walks
 * from the goal (so they reach it) and by then swapping two tiles (so they do
 * not); the expected plan is written out here from the rules, on both
 * engines and through a pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolver, createSolverPool, PuzzleInputError, type Solver, type SolverPool, type TablesPlan } from '../../src/index.js';
import { engineNames } from '../support/engines.js';
import { seededRandom, slidingWalk } from '../oracles.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import { partitionNodeCost, trialPartner } from '../../src/pdb/plan.js';
import { trialPair } from '../../src/pdb/trial.js';

const goalTiles = (cells: number, blankFirst: boolean) => Array.from({ length: cells }, (_, i) => (blankFirst ? i : i === cells - 1 ? 0 : i + 1));
const rows = (tiles: number[], width: number) =>
  Array.from({ length: tiles.length / width }, (_, r) => tiles.slice(r * width, (r + 1) * width).join(' ')).join('\n');

/** A board `length` moves from the goal of that side, and the same with two tiles swapped (which cannot reach it). */
function boards(width: number, height: number, blankFirst: boolean, seed: number) {
  const { tiles } = slidingWalk(goalTiles(width * height, blankFirst), width, 30, seededRandom(seed));
  const swapped = [...tiles];
  const [a, b] = [0, 1, 2].filter((cell) => swapped[cell] !== 0);
  [swapped[a!], swapped[b!]] = [swapped[b!]!, swapped[a!]!];
  return { solvable: rows(tiles, width), unsolvable: rows(swapped, width) };
}

describe.each(engineNames)('tablesPlan on %s', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine, tables: { dir: false } });
  });

  it.each([
    [4, 4, true],
    [4, 4, false],
    [5, 5, true],
    [5, 5, false],
  ])(
    '%ix%i (blank first: %s): its size and goal, linear conflict first on 5x5 only, null when the board cannot reach the goal',
    (width, height, blankFirst) => {
      const goal = blankFirst ? 'blank-first' : 'blank-last';
      const { solvable, unsolvable } = boards(width, height, blankFirst, width * 10 + Number(blankFirst));
      const expected: TablesPlan = width === 5 ? { size: '5x5', goal, linearConflictFirst: 30_000_000 } : { size: '4x4', goal };
      expect(solver.tablesPlan(solvable, { goal })).toEqual(expected);
      expect(solver.tablesPlan(unsolvable, { goal })).toBeNull();
      // Asked for the tables by name: no try first.
      expect(solver.tablesPlan(solvable, { goal, heuristic: 'pdb' })).toEqual({ size: expected.size, goal });
      // A node limit the try would use up: no try either.
      expect(solver.tablesPlan(solvable, { goal, maxNodes: 30_000_000 })).toEqual({ size: expected.size, goal });
      expect(solver.tablesPlan(solvable, { goal, maxNodes: 30_000_001 })).toEqual(expected);
    },
  );

  it('is null for a search that uses no tables: another heuristic, an exhaustive search, 3x3, a goal with the blank inside', () => {
    const { solvable } = boards(4, 4, false, 7);
    expect(solver.tablesPlan(solvable, { heuristic: 'linear-conflict' })).toBeNull();
    expect(solver.tablesPlan(solvable, { heuristic: 'manhattan' })).toBeNull();
    expect(solver.tablesPlan(boards(3, 3, false, 8).solvable)).toBeNull();
    expect(solver.tablesPlan(boards(3, 3, false, 8).solvable, { algorithm: 'bfs' })).toBeNull();
    const middle = rows([1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 4);
    expect(solver.tablesPlan(middle, { goal: middle })).toBeNull();
  });

  it('rejects a bad board or goal as the search would, naming what is wrong', () => {
    expect(() => solver.tablesPlan('1 2 3')).toThrow(PuzzleInputError);
    expect(() => solver.tablesPlan(boards(4, 4, false, 9).solvable, { goal: 'blank-middle' as never })).toThrow(PuzzleInputError);
  });

  it('rejects a misspelt algorithm or heuristic and a bad maxNodes as sliding() does, never a plan of null for them', () => {
    const { solvable } = boards(4, 4, false, 10);
    const bad: Array<Parameters<Solver['tablesPlan']>[1]> = [
      { heuristic: 'pbd' as never },
      { heuristic: null as never },
      { algorithm: 'idastra' as never },
      { algorithm: 'bfs' },
      { maxNodes: 0 },
      { maxNodes: Number.NaN },
    ];
    for (const options of bad) {
      let searchError: unknown;
      try {
        solver.sliding(solvable, options);
      } catch (error) {
        searchError = error;
      }
      expect(searchError, JSON.stringify(options)).toBeInstanceOf(PuzzleInputError);
      expect(() => solver.tablesPlan(solvable, options), JSON.stringify(options)).toThrow((searchError as Error).message);
    }
  });
});

describe('tablesPlan on a pool', () => {
  let pool: SolverPool;
  beforeAll(async () => {
    pool = await createSolverPool({ workers: 1, tables: { dir: false } });
  });
  afterAll(() => pool.terminate());

  it('answers as the solver does', async () => {
    const { solvable, unsolvable } = boards(5, 5, true, 11);
    expect(await pool.tablesPlan(solvable, { goal: 'blank-first' })).toEqual({ size: '5x5', goal: 'blank-first', linearConflictFirst: 30_000_000 });
    expect(await pool.tablesPlan(unsolvable, { goal: 'blank-first' })).toBeNull();
  });
});

describe('the kinds a per-board trial weighs (src/pdb/plan.ts, src/pdb/trial.ts)', () => {
  const partition = (name: string, width = 4) => namedPartition(width, width, 0, name)!;

  it('readies the default beside a priced stronger kind the cache holds, never beside 7-8', () => {
    expect(trialPartner('4x4', '6-6-3-zero-aware', ['6-6-3', '6-6-3-zero-aware'])).toBe('6-6-3');
    expect(trialPartner('5x5', '6-6-6-6x7-zero-aware', ['6-6-6-6', '6-6-6-6x7-zero-aware'])).toBe('6-6-6-6');
    // 7-8 pays on every one of Korf's 100: taken alone, no trial, the default not readied.
    expect(trialPartner('4x4', '7-8', ['6-6-3', '6-6-3-zero-aware', '7-8'])).toBeUndefined();
    // The default not cached: nothing to weigh it against, and nothing is built.
    expect(trialPartner('5x5', '6-6-6-6x7-zero-aware', ['6-6-6-6x7-zero-aware'])).toBeUndefined();
  });

  it('weighs a ready pair only when both have a price and the prices differ', () => {
    const zeroAware = trialPair('4x4', [partition('6-6-3'), partition('6-6-3-zero-aware')]);
    expect(zeroAware && { cheap: zeroAware.cheap.name, dear: zeroAware.dear.name, cost: zeroAware.cost }).toEqual({
      cheap: '6-6-3',
      dear: '6-6-3-zero-aware',
      cost: partitionNodeCost('4x4', '6-6-3-zero-aware'),
    });
    expect(trialPair('4x4', [partition('6-6-3'), partition('7-8')])).toBeUndefined();
    expect(trialPair('4x4', [partition('6-6-3')])).toBeUndefined();
    const catalogue = trialPair('5x5', [partition('6-6-6-6x7-zero-aware', 5), partition('6-6-6-6', 5)]);
    expect(catalogue && [catalogue.cheap.name, catalogue.dear.name]).toEqual(['6-6-6-6', '6-6-6-6x7-zero-aware']);
  });
});
