/**
 * The per-board trial (issue 38 item 2, src/pdb/trial.ts), on 4x4 with the
 * 6-6-3 and 6-6-3-zero-aware tables ready for the blank-first goal (a zero-
 * aware node priced 1.6 plain ones, src/pdb/plan.ts PARTITION_NODE_COST),
 * built once into a temporary cache by wasm and loaded from it on each engine.
 * The choice is worked out here apart from the rule's code: both named
 * searches run whole with onIteration, and the rule is applied to their
 * iterations; the trial's searches and the continued one are named searches
 * within the same node limits, whose nodes add up to the stats. Answers at
 * the published or independently searched lengths, paths replayed. Then a
 * pool of 2 workers makes the same choices with the same answers, in
 * pool.sliding's lone try and in solveParallel, which makes a lone try for
 * the trial alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createSolver } from '../../src/api/solver.js';
import type { Solver, SlidingResult } from '../../src/api/types.js';
import type * as Package from '../../src/index.js';
import { TRIAL_NODES } from '../../src/pdb/trial.js';
import { replaySliding } from '../oracles.js';
import { builtModule } from '../support/builtPackage.js';
import { engineNames } from '../support/engines.js';
import { tempCaches } from '../support/tempCaches.js';

const korf = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const blankFirst = Array.from({ length: 16 }, (_, i) => i);
const goal = 'blank-first';
const CHEAP = '6-6-3';
const DEAR = '6-6-3-zero-aware';
/** What a zero-aware node costs in 6-6-3 nodes (PARTITION_NODE_COST, stated here apart). */
const COST = 1.6;

/** Boards: Korf's #15, #32 and #88 (more than the trial's nodes on 6-6-3; the zero-aware tables save 1.4-1.6x there), and three random boards where they save more than 1.6x at the compared bound. */
const boards: Array<{ name: string; tiles: number[] }> = [
  ...[15, 32, 88].map((number) => ({ name: `Korf #${number}`, tiles: korf[number - 1]!.slice(0, 16) })),
  { name: 'random A', tiles: [7, 1, 14, 2, 13, 8, 11, 10, 15, 6, 5, 3, 0, 4, 12, 9] },
  { name: 'random B', tiles: [7, 2, 5, 8, 11, 9, 13, 14, 4, 0, 6, 3, 15, 12, 1, 10] },
];

const newCache = tempCaches('puzzlesearch-trial-');
let dir = '';

beforeAll(async () => {
  dir = newCache();
  const builder = await createSolver({ engine: 'wasm', tables: { dir, warn: () => {} } });
  for (const partition of [CHEAP, DEAR]) await builder.prepareTables('4x4', { goal, partition });
}, 300_000);

async function solverWithBoth(engine: (typeof engineNames)[number]): Promise<Solver> {
  const solver = await createSolver({ engine, tables: { dir, warn: () => {} } });
  for (const partition of [CHEAP, DEAR]) await solver.prepareTables('4x4', { goal, partition });
  return solver;
}

/** A named search's iterations (bound, nodes before it) and its result. */
function iterations(solver: Solver, tiles: number[], partition: string): { bounds: Array<[number, number]>; result: SlidingResult } {
  const bounds: Array<[number, number]> = [];
  const result = solver.sliding(tiles, { goal, partition, onIteration: (bound, nodes) => bounds.push([bound, nodes]) });
  if (result.status !== 'solved') throw new Error(`not solved on ${partition}`);
  return { bounds, result };
}

/** The rule applied apart, on the two whole searches' iterations: what it compares and chooses. */
function expectedChoice(solver: Solver, tiles: number[]) {
  const cheap = iterations(solver, tiles, CHEAP);
  const dear = iterations(solver, tiles, DEAR);
  // The iterations begun within the trial's nodes: the last one was cut, the one before it completed.
  const begun = cheap.bounds.filter(([, nodes]) => nodes < TRIAL_NODES);
  const bound = begun.at(-2)![0];
  const budget = Math.floor(begun.at(-1)![1] / COST);
  const past = dear.bounds.find(([b]) => b > bound)!;
  const pays = past[1] <= budget;
  return { cheap, dear, bound, budget, pays };
}

const sum = (...counts: number[]) => counts.reduce((a, b) => a + b, 0);

describe.each(engineNames)('the trial on %s', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await solverWithBoth(engine);
  }, 300_000);

  it.each(boards)('$name: the choice worked out apart, the answer optimal, its nodes those of the trial and the named search chosen', ({ tiles }) => {
    const { cheap, dear, bound, budget, pays } = expectedChoice(solver, tiles);
    expect(cheap.result.length).toBe(dear.result.length);
    const result = solver.sliding(tiles, { goal });
    expect(result.status).toBe('solved');
    if (result.status !== 'solved') return;
    expect(result.length).toBe(cheap.result.length);
    expect(replaySliding(tiles, 4, result.path)).toEqual(blankFirst);
    const [chose, over] = pays ? [DEAR, CHEAP] : [CHEAP, DEAR];
    expect(result.stats.partition).toBe(chose);
    // The trial: the cheap search cut at TRIAL_NODES, the dear one at its budget; then the chosen one from the start.
    const first = solver.sliding(tiles, { goal, partition: CHEAP, maxNodes: TRIAL_NODES });
    const second = solver.sliding(tiles, { goal, partition: DEAR, maxNodes: budget });
    expect(first.status).toBe('stopped');
    expect(second.status).toBe('stopped');
    const trialNodes = sum(first.stats.nodes, second.stats.nodes);
    const trialExpanded = sum(first.stats.expanded!, second.stats.expanded!);
    expect(result.stats.trial).toEqual({ nodes: trialNodes, expanded: trialExpanded, chose, over, bound });
    const continued = pays ? dear.result : cheap.result;
    expect(result.stats.nodes).toBe(trialNodes + continued.stats.nodes);
    expect(result.stats.expanded).toBe(trialExpanded + continued.stats.expanded!);
  });

  it('both choices are among these boards', () => {
    const chosen = new Set(boards.map(({ tiles }) => solver.sliding(tiles, { goal }).stats.partition));
    expect([...chosen].sort()).toEqual([CHEAP, DEAR]);
  });

  it("a board settled within the trial: the cheap search's answer and stats, and the trial says so", () => {
    for (const number of [9, 5, 2]) {
      const tiles = korf[number - 1]!.slice(0, 16);
      const result = solver.sliding(tiles, { goal });
      const named = solver.sliding(tiles, { goal, partition: CHEAP });
      expect(named.stats.nodes).toBeLessThan(TRIAL_NODES);
      expect(result.length).toBe(korf[number - 1]![16]);
      expect(result.status === 'solved' && replaySliding(tiles, 4, result.path)).toEqual(blankFirst);
      expect(result.stats.partition).toBe(CHEAP);
      expect(result.stats.nodes).toBe(named.stats.nodes);
      expect(result.stats.expanded).toBe(named.stats.expanded);
      expect(result.stats.trial).toEqual({ nodes: named.stats.nodes, expanded: named.stats.expanded, chose: CHEAP, over: DEAR });
    }
  });

  it('solveMany searches each such board alone, with its own trial', () => {
    const tiles = [boards[3]!.tiles, korf[8]!.slice(0, 16), boards[0]!.tiles];
    const many = solver.solveMany('sliding', tiles, { goal });
    tiles.forEach((board, i) => {
      const one = solver.sliding(board, { goal });
      expect(many[i]).toMatchObject({ length: one.length, stats: { nodes: one.stats.nodes, partition: one.stats.partition, trial: one.stats.trial } });
    });
  });

  it("maxNodes counts the trial's nodes; onIteration hears every search, nodes running on", () => {
    const tiles = boards[3]!.tiles;
    const whole = solver.sliding(tiles, { goal });
    const limit = whole.stats.trial!.nodes + 1000;
    const heard: number[] = [];
    const stopped = solver.sliding(tiles, { goal, maxNodes: limit, onIteration: (_, nodes) => heard.push(nodes) });
    expect(stopped.status).toBe('stopped');
    expect(stopped.stats.nodes).toBe(limit);
    expect(stopped.stats.trial).toEqual(whole.stats.trial);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    // Within the cheap search's own nodes: that search, stopped, its bound.
    const early = solver.sliding(tiles, { goal, maxNodes: 500_000 });
    const named = solver.sliding(tiles, { goal, partition: CHEAP, maxNodes: 500_000 });
    expect(early).toMatchObject({ status: 'stopped', bound: (named as { bound?: number }).bound, stats: { nodes: named.stats.nodes, partition: CHEAP } });
  });

  it('no trial where the search or the solver names a partition, on another heuristic, with one partition ready, or in a hint', async () => {
    const tiles = boards[3]!.tiles;
    const named = solver.sliding(tiles, { goal, partition: DEAR });
    expect(named.stats).not.toHaveProperty('trial');
    expect(named.stats.partition).toBe(DEAR);
    expect(solver.sliding(tiles, { goal, heuristic: 'linear-conflict' }).stats).not.toHaveProperty('trial');
    const own = await createSolver({ engine, tables: { dir, partition: DEAR, warn: () => {} } });
    for (const partition of [CHEAP, DEAR]) await own.prepareTables('4x4', { goal, partition });
    expect(own.sliding(tiles, { goal }).stats).toMatchObject({ partition: DEAR });
    expect(own.sliding(tiles, { goal }).stats).not.toHaveProperty('trial');
    const one = await createSolver({ engine, tables: { dir, warn: () => {} } });
    await one.prepareTables('4x4', { goal, partition: DEAR });
    const alone = one.sliding(tiles, { goal });
    expect(alone.stats).not.toHaveProperty('trial');
    expect(alone.stats).toMatchObject({ partition: DEAR, nodes: named.stats.nodes });
    // A hint searches as without the trial: the default's tables.
    expect(solver.hint(korf[8]!.slice(0, 16), { goal }).distance).toBe(korf[8]![16]);
  });
});

describe('a pool of 2 workers', () => {
  let lib: typeof Package;
  let pool: Awaited<ReturnType<typeof Package.createSolverPool>>;
  let lone: Solver;
  beforeAll(async () => {
    lib = await builtModule<typeof Package>('dist/index.js');
    pool = await lib.createSolverPool({ workers: 2, engine: 'wasm', tables: { dir } });
    for (const partition of [CHEAP, DEAR]) await pool.prepareTables('4x4', { goal, partition });
    lone = await solverWithBoth('wasm');
  }, 300_000);
  afterAll(() => pool?.terminate());

  it.each(boards)("$name: sliding's lone try and solveParallel make the lone solver's choice; answers optimal", async ({ tiles }) => {
    const alone = lone.sliding(tiles, { goal });
    if (alone.status !== 'solved') throw new Error('not solved');
    const shared = await pool.solveParallel(tiles, { goal });
    // Not settled within solveParallel's lone try for the trial: the shares searched the kind chosen, by name.
    expect(shared.stats.workers).toBe(2);
    for (const result of [await pool.sliding(tiles, { goal, parallel: true }), shared]) {
      expect(result.status).toBe('solved');
      if (result.status !== 'solved') continue;
      expect(result.length).toBe(alone.length);
      expect(replaySliding(tiles, 4, result.path)).toEqual(blankFirst);
      expect(result.stats.partition).toBe(alone.stats.partition);
      expect(result.stats.trial).toEqual(alone.stats.trial);
    }
  });

  it('named, the partition is searched without a trial; a board settled in the trial is not shared', async () => {
    const tiles = boards[3]!.tiles;
    const named = await pool.solveParallel(tiles, { goal, partition: CHEAP });
    expect(named.stats).toMatchObject({ partition: CHEAP, workers: 2 });
    expect(named.stats).not.toHaveProperty('trial');
    const easy = korf[8]!.slice(0, 16);
    const settled = await pool.solveParallel(easy, { goal });
    expect(settled.length).toBe(korf[8]![16]);
    expect(settled.stats).toMatchObject({ partition: CHEAP, trial: { chose: CHEAP, over: DEAR } });
    expect(settled.stats).not.toHaveProperty('workers');
  });
});
