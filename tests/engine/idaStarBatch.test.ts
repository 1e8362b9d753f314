/**
 * IDA* batches in one engine call (IdaStarCore.solveBatch, and
 * `solveMany('sliding', ...)` through it): on both engines the batch gives
 * each board the single call's answer (status, path, nodes, the bound a node
 * limit stopped at), lengths checked against a BFS over every 8-puzzle board
 * (tests/oracles.js) and every path replayed; a node limit stops the boards
 * that a single call stops; a stop (poll, AbortSignal) ends the whole batch,
 * and both engines poll at the same counts across the batch.
 */
import { describe, expect, it } from 'vitest';
import { solverFromCore } from '../../src/api/solver.js';
import type { BoardError, Solver } from '../../src/api/types.js';
import type { SlidingBoard } from '../../src/engine/contract.js';
import { engineNames, loadCore } from '../support/engines.js';
import { bfsAllDistances, replaySliding, seededRandom, shuffle, slidingNeighbours, slidingWalk } from '../oracles.js';

const EIGHT_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const FIFTEEN_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];

/** Distance to the goal of every 8-puzzle board that can reach it, by a plain BFS from the goal. */
let eightDistances: Map<string | number, number> | null = null;
function distanceOf(tiles: number[]): number | undefined {
  eightDistances ??= bfsAllDistances(
    EIGHT_GOAL,
    (board: number[]) => slidingNeighbours(board, 3),
    (board: number[]) => board.join(''),
  );
  return eightDistances.get(tiles.join(''));
}

const tilesOf = (text: string) => text.split(/\s+/).map((token) => (token === 'x' ? 0 : Number(token)));
const board = (width: number, height: number, tiles: number[]): SlidingBoard => ({ width, height, tiles: Uint8Array.from(tiles) });

/** Random 8-puzzles (about half unsolvable) with bad boards among them. */
function eightBatch(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const bad = ['1 2 3 4 5 6 7 8 8', '1 2 3 4 5 6 7 8', 'x 1 2 3 4 5 6 7 q', '1 2 3 4 5 6 7 8 9'];
  return Array.from({ length: count }, (_, i) =>
    i % 50 === 17 ? bad[((i / 50) % bad.length) | 0] : shuffle(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], random).join(' '),
  );
}

/** `batch` equals one `sliding` call per board with the same options; returns the statuses. */
function expectSingles(
  solver: Solver,
  boards: readonly unknown[],
  batch: ReturnType<Solver['solveMany']>,
  options: Parameters<Solver['sliding']>[1],
): string[] {
  expect(batch).toHaveLength(boards.length);
  return batch.map((result, i) => {
    let single: ReturnType<Solver['sliding']> | BoardError;
    try {
      single = solver.sliding(boards[i] as string, options);
    } catch (error) {
      single = { status: 'error', reason: (error as Error).message };
    }
    const withoutMs = (value: typeof single) => (value.status === 'error' ? value : { ...value, stats: { ...value.stats, ms: 0 } });
    expect(withoutMs(result as typeof single), `board ${i}`).toEqual(withoutMs(single));
    return result.status;
  });
}

describe.each(engineNames)('IDA* batches, %s engine', (name) => {
  it("300 random 8-puzzles (bad boards among them) give the single calls' answers; lengths are the BFS distances, paths replay", async () => {
    const solver = solverFromCore(await loadCore(name));
    const boards = eightBatch(31, 300);
    const batch = solver.solveMany('sliding', boards);
    const statuses = expectSingles(solver, boards, batch, undefined);
    expect(statuses.filter((status) => status === 'error')).toHaveLength(6);
    expect(statuses.filter((status) => status === 'unsolvable').length).toBeGreaterThan(100);
    expect(statuses.filter((status) => status === 'solved').length).toBeGreaterThan(100);
    batch.forEach((result, i) => {
      if (result.status === 'error') return;
      const tiles = tilesOf(boards[i]);
      if (result.status === 'unsolvable') {
        expect(distanceOf(tiles)).toBeUndefined();
        expect(result.stats.nodes).toBe(0);
        return;
      }
      if (result.status !== 'solved') throw new Error(`board ${i}: ${result.status}`);
      expect(result.length).toBe(distanceOf(tiles));
      expect(replaySliding(tiles, 3, result.path)).toEqual(EIGHT_GOAL);
      expect(result.stats.heuristic).toBe('manhattan');
    });
  }, 120_000);

  it('with linear conflict and a blank-first goal, and the goal board itself, the batch still equals the single calls', async () => {
    const solver = solverFromCore(await loadCore(name));
    const boards = [...eightBatch(32, 60), '1 2 3 4 5 6 7 8 x', 'x 1 2 3 4 5 6 7 8'];
    for (const options of [{ heuristic: 'linear-conflict' as const }, { goal: 'blank-first' as const }]) {
      expectSingles(solver, boards, solver.solveMany('sliding', boards, options), options);
    }
  }, 60_000);

  it('with the 3x3 PDB (4-4 tables, both goals), the batch equals the single calls and says which partition', async () => {
    const solver = solverFromCore(await loadCore(name), { dir: false });
    await solver.prepareTables('3x3', { goal: 'both' });
    const boards = eightBatch(40, 80);
    for (const options of [{ heuristic: 'pdb' as const }, { heuristic: 'pdb' as const, goal: 'blank-first' as const, maxNodes: 50 }]) {
      const batch = solver.solveMany('sliding', boards, options);
      const statuses = expectSingles(solver, boards, batch, options);
      expect(statuses).toContain(options.maxNodes ? 'stopped' : 'solved');
      for (const result of batch)
        if (result.status === 'solved' || result.status === 'stopped') expect(result.stats).toMatchObject({ heuristic: 'pdb', partition: '4-4' });
    }
  }, 60_000);

  it('maxNodes stops exactly the boards a single call stops, with the same nodes and bound', async () => {
    const solver = solverFromCore(await loadCore(name));
    const boards = eightBatch(33, 200);
    const options = { maxNodes: 300 };
    const batch = solver.solveMany('sliding', boards, options);
    const statuses = expectSingles(solver, boards, batch, options);
    expect(statuses.filter((status) => status === 'stopped').length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status === 'solved').length).toBeGreaterThan(10);
    for (const result of batch) {
      if (result.status !== 'stopped') continue;
      expect(result.stats.nodes).toBe(300);
      expect(result.bound).toBeGreaterThan(0);
    }
  }, 60_000);

  it('4x4 boards 30 to 40 moves from the goal, linear conflict: the batch equals the single calls', async () => {
    const solver = solverFromCore(await loadCore(name));
    const random = seededRandom(34);
    const walks = Array.from({ length: 24 }, (_, i) => slidingWalk(FIFTEEN_GOAL, 4, 30 + (i % 11), random).tiles);
    const boards = walks.map((tiles) => board(4, 4, tiles));
    const options = { heuristic: 'linear-conflict' as const };
    const batch = solver.solveMany('sliding', boards, options);
    expect(expectSingles(solver, boards, batch, options).every((status) => status === 'solved')).toBe(true);
    batch.forEach((result, i) => {
      if (result.status !== 'solved') throw new Error(result.status);
      expect(result.length).toBeLessThanOrEqual(30 + (i % 11));
      expect(result.length % 2).toBe((30 + (i % 11)) % 2);
      expect(replaySliding(walks[i], 4, result.path)).toEqual(FIFTEEN_GOAL);
    });
  }, 120_000);

  it('boards of several sizes in one batch: each group in one call, results in input order', async () => {
    const solver = solverFromCore(await loadCore(name));
    const random = seededRandom(35);
    const boards: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      if (i % 3 === 0) boards.push(shuffle(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], random).join(' '));
      else if (i % 3 === 1)
        boards.push(
          shuffle([0, 1, 2, 3, 4, 5, 6, 7], random).reduce<number[][]>(
            (rows, tile, k) => (k % 4 ? rows[rows.length - 1].push(tile) : rows.push([tile]), rows),
            [],
          ),
        );
      else boards.push(board(4, 4, slidingWalk(FIFTEEN_GOAL, 4, 20, random).tiles));
    }
    boards.splice(7, 0, [[1, 2], [3]]);
    const statuses = expectSingles(solver, boards, solver.solveMany('sliding', boards as string[]), undefined);
    expect(statuses[7]).toBe('error');
    expect(new Set(statuses)).toEqual(new Set(['solved', 'unsolvable', 'error']));
  }, 60_000);

  it('an abort during a batch rejects with AbortError, and the solver works afterwards', async () => {
    const solver = solverFromCore(await loadCore(name));
    const random = seededRandom(36);
    // Hard boards for Manhattan: the batch runs far past the first progress report.
    const boards = Array.from({ length: 40 }, () => board(4, 4, slidingWalk(FIFTEEN_GOAL, 4, 120, random).tiles));
    const controller = new AbortController();
    let reports = 0;
    const run = () =>
      solver.solveMany('sliding', boards, {
        heuristic: 'manhattan',
        signal: controller.signal,
        onProgress: () => {
          reports++;
          controller.abort();
        },
      });
    expect(run).toThrow(expect.objectContaining({ name: 'AbortError' }));
    expect(reports).toBe(1);
    expect(() => solver.solveMany('sliding', boards, { signal: controller.signal })).toThrow(expect.objectContaining({ name: 'AbortError' }));
    const after = eightBatch(37, 40);
    expectSingles(solver, after, solver.solveMany('sliding', after), undefined);
  }, 60_000);

  it('an IDA* board with onIteration is searched alone and reports its iterations', async () => {
    const solver = solverFromCore(await loadCore(name));
    const bounds: number[] = [];
    const [result] = solver.solveMany('sliding', ['8 6 7 2 5 4 3 x 1'], { onIteration: (bound: number) => bounds.push(bound) } as object);
    expect(result).toMatchObject({ status: 'solved', length: 31 });
    expect(bounds.length).toBeGreaterThan(1);
    expect(bounds[bounds.length - 1]).toBe(31);
  });

  it("the core batch: null for the other parity, the single solve's answer for the rest", async () => {
    const core = await loadCore(name);
    const random = seededRandom(38);
    const goal = board(3, 3, EIGHT_GOAL);
    const starts = Array.from({ length: 120 }, () => board(3, 3, shuffle([...EIGHT_GOAL], random)));
    for (const options of [{ heuristic: 'manhattan' as const }, { heuristic: 'linear-conflict' as const, maxNodes: 2000 }]) {
      const batch = core.idaStar.solveBatch(starts, goal, options);
      expect(batch.filter((answer) => answer === null).length).toBeGreaterThan(30);
      batch.forEach((answer, i) => expect(answer).toEqual(core.sliding.solvable(starts[i], goal) ? core.idaStar.solve(starts[i], goal, options) : null));
    }
    expect(core.idaStar.solveBatch([], goal, { heuristic: 'manhattan' })).toEqual([]);
    expect(() => core.idaStar.solveBatch([board(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 8])], goal, { heuristic: 'manhattan' })).toThrow(
      /tiles of a 3x3 board must be 0..8, each once/,
    );
    expect(() => core.idaStar.solveBatch([board(2, 2, [1, 2, 3, 0])], goal, { heuristic: 'manhattan' })).toThrow(/different sizes/);
    expect(() => core.idaStar.solveBatch(starts, goal, { heuristic: 'nope' as 'manhattan' })).toThrow(/unknown heuristic 'nope'/);
  });
});

describe('IDA* batches, engines agree', () => {
  it('on answers, nodes and bounds, and poll at the same counts across the batch (a stop ends it on both at the same board)', async () => {
    const [wasm, ts] = await Promise.all(engineNames.map(loadCore));
    const random = seededRandom(39);
    const goal = board(4, 4, FIFTEEN_GOAL);
    const starts = Array.from({ length: 30 }, () => board(4, 4, slidingWalk(FIFTEEN_GOAL, 4, 40, random).tiles));
    starts.splice(5, 0, board(4, 4, [2, 1, ...FIFTEEN_GOAL.slice(2)]));
    const options = { heuristic: 'linear-conflict' as const };
    expect(ts.idaStar.solveBatch(starts, goal, options)).toEqual(wasm.idaStar.solveBatch(starts, goal, options));
    const limited = { heuristic: 'manhattan' as const, maxNodes: 20_000 };
    expect(ts.idaStar.solveBatch(starts, goal, limited)).toEqual(wasm.idaStar.solveBatch(starts, goal, limited));
    // Every poll of the batch, until the twelfth says stop (a few boards in: most take fewer than 2^14 nodes).
    const polls = { wasm: [] as number[][], ts: [] as number[][] };
    const answers = [wasm, ts].map((core) =>
      core.idaStar.solveBatch(starts, goal, {
        heuristic: 'linear-conflict',
        poll: (bound, nodes) => polls[core.engine].push([bound, nodes]) === 12,
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(polls.ts).toEqual(polls.wasm);
    expect(polls.wasm).toHaveLength(12);
    const stoppedAt = answers[0].findIndex((answer) => answer?.stopped);
    expect(stoppedAt).toBeGreaterThan(2);
    expect(answers[0][stoppedAt]!.nodes).toBe(polls.wasm[11][1]);
    // The polls come every 2^14 nodes of the batch: the nodes before the stop add up to 12 x 2^14.
    const before = answers[0].slice(0, stoppedAt).reduce((sum, answer) => sum + (answer?.nodes ?? 0), 0);
    expect(before + answers[0][stoppedAt]!.nodes).toBe(12 * 16384);
    for (const later of answers[0].slice(stoppedAt + 1)) expect(later).toEqual({ moves: null, nodes: 0, expanded: 0, stopped: true });
    for (const earlier of answers[0].slice(0, stoppedAt)) expect(earlier === null || earlier.moves !== null).toBe(true);
  }, 60_000);
});
