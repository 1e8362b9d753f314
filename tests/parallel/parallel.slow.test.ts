/**
 * Parallel IDA* and mid-iteration cancel in the worker pool.
 *
 * Core level, both engines: an iteration split into the subtrees below every
 * blank walk of a few moves (IdaStarCore.subtrees, src/parallel/prefixes.ts) finds the
 * same optimal lengths as plain IDA*, the engines agree on every subtree's
 * answer and node count, and a bad prefix is refused. Pool level (the built
 * package): solveParallel on 2 workers gives Korf's published optimal lengths
 * on #1-#20 with the PDB, paths replayed; a pool cancel stops a search inside
 * a long iteration without restarting the worker.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MOVE_ORDER, type Heuristic, type SlidingBoard, type SubtreesAnswer } from '../../src/engine/contract.js';
import { prefixStemEnds, slidingPrefixes } from '../../src/parallel/prefixes.js';
import type * as Package from '../../src/index.js';
import { engineNames, loadCore } from '../support/engines.js';
import { iterationExpansions, replaySliding, seededRandom } from '../oracles.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const korf = readFileSync(join(root, 'data/korf100.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const korfTiles = (number: number) => korf[number - 1].slice(0, 16);
const blankFirstTiles = Array.from({ length: 16 }, (_, i) => i);
const NO_BOUND = 0x7fffffff;

function board(width: number, height: number, tiles: ArrayLike<number>): SlidingBoard {
  return { width, height, tiles: Uint8Array.from(tiles) };
}

/** A board `steps` random blank moves from the goal (so solvable). */
function randomWalk(goal: SlidingBoard, steps: number, random: () => number): SlidingBoard {
  const tiles = Array.from(goal.tiles);
  let blank = tiles.indexOf(0);
  for (let i = 0; i < steps; i++) {
    const row = Math.floor(blank / goal.width);
    const column = blank % goal.width;
    const options = [
      row > 0 ? blank - goal.width : -1,
      row < goal.height - 1 ? blank + goal.width : -1,
      column > 0 ? blank - 1 : -1,
      column < goal.width - 1 ? blank + 1 : -1,
    ].filter((p) => p >= 0);
    const next = options[Math.floor(random() * options.length)];
    tiles[blank] = tiles[next];
    tiles[next] = 0;
    blank = next;
  }
  return board(goal.width, goal.height, tiles);
}

/** Manhattan distance to `goal`, from the definition (the oracle of the expansion counts below). */
function manhattanTo(goal: SlidingBoard): (tiles: number[]) => number {
  return (tiles) => {
    let sum = 0;
    tiles.forEach((tile, p) => {
      if (tile === 0) return;
      const g = goal.tiles.indexOf(tile);
      sum += Math.abs(Math.floor(p / goal.width) - Math.floor(g / goal.width)) + Math.abs((p % goal.width) - (g % goal.width));
    });
    return sum;
  };
}

describe('walk prefixes', () => {
  it('are every walk of the depth without an undo, on the board, each once', () => {
    // Counted here by brute force over all 4^depth move strings, in the
    // search's move order: up, left, right, down (SEARCH_MOVE_ORDER).
    const order = [0, 2, 3, 1];
    for (const [width, height, blank, depth] of [
      [3, 3, 4, 3],
      [4, 4, 0, 4],
      [2, 5, 9, 5],
    ] as const) {
      const expected: string[] = [];
      for (let code = 0; code < 4 ** depth; code++) {
        const moves = Array.from({ length: depth }, (_, i) => order[Math.floor(code / 4 ** (depth - 1 - i)) % 4]!);
        let at = blank;
        let ok = true;
        for (let i = 0; i < depth && ok; i++) {
          const m = moves[i];
          if (i > 0 && m === (moves[i - 1] ^ 1)) ok = false;
          const row = Math.floor(at / width);
          const column = at % width;
          if (m === 0 && row > 0) at -= width;
          else if (m === 1 && row < height - 1) at += width;
          else if (m === 2 && column > 0) at -= 1;
          else if (m === 3 && column < width - 1) at += 1;
          else ok = false;
        }
        if (ok) expected.push(moves.join(''));
      }
      const got = slidingPrefixes(width, height, blank, depth).map((p) => Array.from(p).join(''));
      expect(got).toEqual(expected);
    }
  });

  it("know, for each stem length, where the prefixes sharing a prefix's first moves end", () => {
    for (const [width, height, blank, depth] of [
      [3, 3, 4, 4],
      [4, 4, 5, 5],
    ] as const) {
      const prefixes = slidingPrefixes(width, height, blank, depth);
      const ends = prefixStemEnds(prefixes, depth);
      const text = prefixes.map((p) => Array.from(p).join(''));
      for (let stem = 1; stem <= depth; stem++) {
        text.forEach((walk, i) => {
          // By a scan: the first later walk with other first `stem` moves.
          let end = i + 1;
          while (end < text.length && text[end]!.slice(0, stem) === walk.slice(0, stem)) end++;
          expect(ends[stem - 1]![i]).toBe(end);
        });
      }
      // The walks sharing a stem stand together: no stem comes back after another.
      const stems = text.map((walk) => walk.slice(0, 2));
      expect(new Set(stems).size).toBe(stems.filter((stem, i) => i === 0 || stem !== stems[i - 1]).length);
    }
  });
});

describe('IDA* split into subtrees (core, both engines)', () => {
  /** IDA* driven as the pool drives it, one process: bound 0 up, every prefix of `depth` per bound. */
  function splitSolve(solve: (bound: number, take: () => Uint8Array | null) => SubtreesAnswer, prefixes: Uint8Array[]) {
    let bound = 0;
    const rounds: SubtreesAnswer[] = [];
    for (;;) {
      let index = 0;
      const answer = solve(bound, () => (index < prefixes.length ? prefixes[index++] : null));
      rounds.push(answer);
      if (answer.moves) return { answer, bound, rounds };
      expect(answer.nextBound).toBeGreaterThan(bound);
      expect(answer.nextBound).toBeLessThan(NO_BOUND);
      bound = answer.nextBound;
    }
  }

  it('finds the optimal length on random 3x3 and 4x4 boards, both engines agreeing on every round', async () => {
    const random = seededRandom(12);
    const cores = await Promise.all(engineNames.map((name) => loadCore(name)));
    for (const [width, height, steps, depth] of [
      [3, 3, 30, 3],
      [4, 4, 40, 4],
      [3, 3, 2, 4],
      [4, 3, 25, 1],
    ] as const) {
      const goal = board(
        width,
        height,
        Array.from({ length: width * height }, (_, i) => (i + 1) % (width * height)),
      );
      for (let trial = 0; trial < 6; trial++) {
        const start = randomWalk(goal, steps, random);
        const prefixes = slidingPrefixes(width, height, start.tiles.indexOf(0), depth);
        for (const heuristic of ['manhattan', 'linear-conflict'] as Heuristic[]) {
          const runs = cores.map((core) => splitSolve((bound, take) => core.idaStar.subtrees(start, goal, { heuristic }, bound, take), prefixes));
          const plain = cores[0].idaStar.solve(start, goal, { heuristic });
          for (const run of runs) {
            expect(run.answer.moves!.length).toBe(plain.moves!.length);
            expect(run.bound).toBe(plain.moves!.length);
            expect(replaySliding(start.tiles, width, run.answer.moves!)).toEqual(Array.from(goal.tiles));
          }
          expect(runs[1].rounds).toEqual(runs[0].rounds);
        }
      }
    }
  });

  it("counts the nodes expanded below the prefixes: at depth 1, each round is the oracle's iteration less its root, both engines", async () => {
    const random = seededRandom(38);
    const cores = await Promise.all(engineNames.map((name) => loadCore(name)));
    for (const [width, height, steps] of [
      [3, 3, 30],
      [4, 4, 36],
    ] as const) {
      const goal = board(
        width,
        height,
        Array.from({ length: width * height }, (_, i) => (i + 1) % (width * height)),
      );
      const h = manhattanTo(goal);
      for (let trial = 0; trial < 3; trial++) {
        const start = randomWalk(goal, steps, random);
        const tiles = Array.from(start.tiles);
        const prefixes = slidingPrefixes(width, height, start.tiles.indexOf(0), 1);
        for (const core of cores) {
          const run = splitSolve((bound, take) => core.idaStar.subtrees(start, goal, { heuristic: 'manhattan', pruning: 'parent' }, bound, take), prefixes);
          const bounds = [0, ...run.rounds.slice(0, -1).map((round) => round.nextBound)];
          run.rounds.forEach((round, k) => {
            // The root is the walks' start, not a subtree's: expanded by the oracle when its f is within the bound.
            const root = h(tiles) <= bounds[k]! ? 1 : 0;
            // The last round takes the prefixes in the search's move order, as plain IDA* its children: the same nodes until the path.
            const order = k === run.rounds.length - 1 ? SEARCH_MOVE_ORDER : undefined;
            expect(round.expanded, `${tiles} bound ${bounds[k]}`).toBe(iterationExpansions(tiles, width, bounds[k]!, h, goal.tiles, order) - root);
          });
        }
      }
    }
  });

  it('skipping the prefixes that share a stem cut off by the bound leaves every round as it was, and walks fewer prefixes', async () => {
    const random = seededRandom(29);
    const cores = await Promise.all(engineNames.map((name) => loadCore(name)));
    const goal = board(
      4,
      4,
      Array.from({ length: 16 }, (_, i) => (i + 1) % 16),
    );
    for (let trial = 0; trial < 4; trial++) {
      const start = randomWalk(goal, 40, random);
      const prefixes = slidingPrefixes(4, 4, start.tiles.indexOf(0), 6);
      const ends = prefixStemEnds(prefixes, 6);
      for (const core of cores) {
        let walked = 0;
        const skipping = splitSolve((bound, _take) => {
          let index = 0;
          let taken = 0;
          const take = () => (index < prefixes.length ? (walked++, prefixes[(taken = index++)]!) : null);
          return core.idaStar.subtrees(
            start,
            goal,
            { heuristic: 'linear-conflict' },
            bound,
            take,
            (stem) => (index = Math.max(index, ends[stem - 1]![taken]!)),
          );
        }, prefixes);
        const plain = splitSolve((bound, take) => core.idaStar.subtrees(start, goal, { heuristic: 'linear-conflict' }, bound, take), prefixes);
        expect(skipping.rounds.map((round) => round.nextBound)).toEqual(plain.rounds.map((round) => round.nextBound));
        expect(skipping.answer.moves!.length).toBe(plain.answer.moves!.length);
        expect(replaySliding(start.tiles, 4, skipping.answer.moves!)).toEqual(Array.from(goal.tiles));
        expect(walked).toBeLessThan(prefixes.length * plain.rounds.length);
      }
    }
  });

  it('refuses a prefix that undoes a move or leaves the board, on both engines', async () => {
    const start = board(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    const goal = board(3, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
    for (const name of engineNames) {
      const ida = (await loadCore(name)).idaStar;
      for (const prefix of [[0, 1], [1], [3]]) {
        let given = false;
        const take = () => (given ? null : ((given = true), Uint8Array.from(prefix)));
        expect(() => ida.subtrees(start, goal, { heuristic: 'manhattan' }, 30, take)).toThrow(/is not a walk from this board/);
      }
      // The solver works after a refused prefix.
      expect(ida.solve(start, goal, { heuristic: 'manhattan' }).moves).toHaveLength(2);
    }
  });
});

describe('the pool', () => {
  let lib: typeof Package;
  beforeAll(async () => {
    if (!existsSync(join(root, 'dist/pool/worker.js'))) throw new Error('dist/pool/worker.js is missing: run `npm run build` first (`npm test` does)');
    lib = (await import(pathToFileURL(join(root, 'dist/index.js')).href)) as typeof Package;
  });

  it.each([2, 4])("solves Korf's #1-#20 in parallel on %i workers with the PDB: the published optimal lengths, paths replayed", async (workers) => {
    const pool = await lib.createSolverPool({ workers, engine: 'wasm' });
    try {
      await pool.prepareTables('4x4', { goal: 'blank-first' });
      const before = pool.workers.map((worker) => worker.calls);
      for (let number = 1; number <= 20; number++) {
        const result = await pool.solveParallel(korfTiles(number), { goal: 'blank-first' });
        expect(result.status).toBe('solved');
        if (result.status !== 'solved') continue;
        expect(result.length).toBe(korf[number - 1][16]);
        expect(result.stats.heuristic).toBe('pdb');
        expect(replaySliding(korfTiles(number), 4, result.path)).toEqual(blankFirstTiles);
      }
      // One worker a core took a share of every search (more would only wait on each other).
      const sharing = Math.min(workers, availableParallelism());
      pool.workers.slice(0, sharing).forEach((worker, i) => expect(worker.calls - before[i]).toBeGreaterThan(10));
      // The same lengths as one solver (on a few), and an unsolvable board answers as sliding() does.
      const single = await lib.createSolver({ engine: 'wasm' });
      await single.prepareTables('4x4', { goal: 'blank-first' });
      for (const number of [2, 4, 9]) {
        expect((await pool.solveParallel(korfTiles(number), { goal: 'blank-first' })).length).toBe(
          single.sliding(korfTiles(number), { goal: 'blank-first' }).length,
        );
      }
      const swapped = korfTiles(2);
      [swapped[1], swapped[2]] = [swapped[2], swapped[1]];
      expect((await pool.solveParallel(swapped, { goal: 'blank-first' })).status).toBe('unsolvable');
    } finally {
      await pool.terminate();
    }
  });

  it.each(['wasm', 'ts'] as const)("solveParallel sums every worker's nodes expanded (%s): within the oracle's counts", async (engine) => {
    const pool = await lib.createSolverPool({ workers: 2, engine });
    try {
      const solver = await lib.createSolver({ engine, tables: { dir: false } });
      const random = seededRandom(40);
      const goal = board(
        4,
        4,
        Array.from({ length: 16 }, (_, i) => (i + 1) % 16),
      );
      const h = manhattanTo(goal);
      const options = { heuristic: 'manhattan' as const, pruning: 'parent' as const, depth: 1 };
      for (let trial = 0; trial < 3; trial++) {
        const tiles = Array.from(randomWalk(goal, 40, random).tiles);
        const result = await pool.solveParallel(tiles, options);
        expect(result.status).toBe('solved');
        if (result.status !== 'solved') continue;
        expect(replaySliding(tiles, 4, result.path)).toEqual(Array.from(goal.tiles));
        // The bounds of plain IDA*, the same iterations the workers share.
        const bounds: number[] = [];
        solver.sliding(tiles, { heuristic: 'manhattan', pruning: 'parent', onIteration: (bound) => bounds.push(bound) });
        expect(bounds.at(-1)).toBe(result.length);
        // Every completed iteration exactly, less its root (the walks' start); the last one up to all of it.
        const completed = bounds.slice(0, -1).reduce((sum, bound) => sum + iterationExpansions(tiles, 4, bound, h, goal.tiles) - 1, 0);
        const last = iterationExpansions(tiles, 4, result.length, h, goal.tiles) - 1;
        expect(result.stats.expanded, `${tiles}`).toBeGreaterThanOrEqual(completed);
        expect(result.stats.expanded, `${tiles}`).toBeLessThanOrEqual(completed + last);
        expect(result.stats.workers).toBe(2);
      }
    } finally {
      await pool.terminate();
    }
  });

  it('solves small boards of other sizes in parallel on the twin, optimal by a BFS distance table', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine: 'ts' });
    try {
      const random = seededRandom(5);
      const goal = board(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
      const solver = await lib.createSolver({ engine: 'ts' });
      for (let trial = 0; trial < 5; trial++) {
        const start = randomWalk(goal, 40, random);
        const result = await pool.solveParallel(Array.from(start.tiles), { depth: 3 });
        const exhaustive = solver.sliding(Array.from(start.tiles), { algorithm: 'bfs' });
        expect(result.length).toBe(exhaustive.length);
        if (result.status === 'solved') expect(replaySliding(start.tiles, 3, result.path)).toEqual(Array.from(goal.tiles));
      }
      expect((await pool.solveParallel([1, 2, 3, 4, 5, 6, 7, 8, 0])).length).toBe(0);
      await expect(pool.solveParallel([1, 2, 3, 4, 5, 6, 7, 0, 8], { depth: 0 })).rejects.toThrow('depth must be an integer from 1 to 32, not 0');
      await expect(pool.solveParallel([1, 2, 3, 4, 5, 6, 7, 0, 8], null as never)).rejects.toThrow('options must be an object, not null');
      await expect(pool.solveParallel([1, 2, 3, 4, 5, 6, 7, 0, 8], { heuristic: 'nearest' as never })).rejects.toThrow(lib.PuzzleInputError);
    } finally {
      await pool.terminate();
    }
  });

  it('pool.sliding spreads 4x4 boards over the workers by default (parallel: false keeps one), 3x3 boards stay on one; progress comes inside iterations', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine: 'wasm' });
    try {
      const calls = () => pool.workers.map((worker) => worker.calls);
      const spent = (before: number[]) => calls().map((count, i) => count - before[i]!);
      // Korf #1 with linear conflict (9.1M nodes): past the 4M one worker tries alone, then shared.
      let before = calls();
      const seen: number[] = [];
      const result = await pool.sliding(korfTiles(1), { goal: 'blank-first', heuristic: 'linear-conflict' }, { onProgress: ({ bound }) => seen.push(bound) });
      expect(result.length).toBe(korf[0][16]);
      expect(replaySliding(korfTiles(1), 4, result.path!)).toEqual(blankFirstTiles);
      // The lone try on one worker, then one share of every later iteration on each.
      expect(spent(before).every((count) => count >= 1)).toBe(true);
      expect(spent(before).reduce((a, b) => a + b, 0)).toBe(3);
      expect(result.stats.workers).toBe(2);
      // The shared search takes up at the bound the lone try was cut short in: the bounds never go back.
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen.at(-1)).toBe(korf[0][16]);
      // Korf #2 (3.4M nodes with linear conflict) is over within the budget: one worker, one call.
      before = calls();
      expect((await pool.sliding(korfTiles(2), { goal: 'blank-first', heuristic: 'linear-conflict' })).length).toBe(korf[1][16]);
      expect(spent(before).reduce((a, b) => a + b, 0)).toBe(1);

      // Korf #60 with Manhattan: iterations of billions of nodes, reported from inside; stopped after eight reports.
      const controller = new AbortController();
      const bounds: number[] = [];
      const long = pool.sliding(
        korfTiles(60),
        { goal: 'blank-first', heuristic: 'manhattan' },
        {
          signal: controller.signal,
          onProgress: ({ bound }) => {
            bounds.push(bound);
            if (bounds.length === 8) controller.abort();
          },
        },
      );
      expect(
        (
          await long.then(
            () => null,
            (error: Error) => error,
          )
        )?.name,
      ).toBe('AbortError');
      expect(bounds.length).toBeGreaterThan(new Set(bounds).size);

      before = calls();
      const alone = await pool.sliding(korfTiles(2), { goal: 'blank-first', heuristic: 'linear-conflict', parallel: false });
      expect(alone.length).toBe(korf[1][16]);
      expect(spent(before).reduce((a, b) => a + b, 0)).toBe(1);

      before = calls();
      expect((await pool.sliding('2 3 4 1 5 x 7 6 8')).length).toBe(19);
      expect(spent(before).reduce((a, b) => a + b, 0)).toBe(1);
      await expect(pool.sliding(korfTiles(2), { parallel: 'yes' as never })).rejects.toThrow('parallel must be true or false');
    } finally {
      await pool.terminate();
    }
  });

  it('runs parallel searches that arrive together one after another on the workers (their shares wait in the same order), beside plain calls', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine: 'wasm' });
    try {
      await pool.prepareTables('4x4', { goal: 'blank-first' });
      // Shares of different searches queued on both workers at once, and a
      // lone search among them: each worker takes them in the order they
      // came, so no worker waits for a partner stuck behind another search.
      const numbers = [3, 1, 5, 2, 4, 7];
      const answers = await Promise.all(
        numbers.map((number, i) =>
          i % 3 === 2
            ? pool.sliding(korfTiles(number), { goal: 'blank-first', parallel: false })
            : pool.solveParallel(korfTiles(number), { goal: 'blank-first' }),
        ),
      );
      answers.forEach((result, i) => {
        const number = numbers[i]!;
        expect(result.length).toBe(korf[number - 1][16]);
        expect(replaySliding(korfTiles(number), 4, result.path!)).toEqual(blankFirstTiles);
        expect(result.stats.workers).toBe(i % 3 === 2 ? undefined : 2);
      });
    } finally {
      await pool.terminate();
    }
  });

  it('aborts a parallel search: both shares stop on their flags, the workers live on and solve the next board', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine: 'wasm', restartAfterMs: 3000 });
    try {
      const controller = new AbortController();
      const bounds: number[] = [];
      const running = pool.solveParallel(
        korfTiles(60),
        { goal: 'blank-first', heuristic: 'manhattan' },
        {
          signal: controller.signal,
          onProgress: ({ bound, nodes }) => {
            bounds.push(bound);
            if (nodes >= 1e8) controller.abort();
          },
        },
      );
      const error = await running.then(
        () => null,
        (thrown: Error) => thrown,
      );
      expect(error?.name).toBe('AbortError');
      expect(bounds.length).toBeGreaterThan(2);
      const next = await pool.solveParallel(korfTiles(2), { goal: 'blank-first', heuristic: 'linear-conflict' });
      expect(next.length).toBe(korf[1][16]);
      pool.workers.forEach((worker) => expect(worker.generation).toBe(1));
    } finally {
      await pool.terminate();
    }
  });

  it.each(engineNames)('cancels a search inside a long iteration on %s: the worker stops on its flag, not restarted', async (engine) => {
    // restartAfterMs is far shorter than the iteration the abort lands in (hundreds of millions of
    // nodes on wasm, tens of millions on the twin): waiting for the iteration's end would restart the worker.
    const pool = await lib.createSolverPool({ workers: 1, engine, restartAfterMs: 3000 });
    const threshold = engine === 'wasm' ? 3e8 : 2e7;
    try {
      const controller = new AbortController();
      let abortedAt: Package.Progress | null = null;
      const running = pool.sliding(
        korfTiles(60),
        { goal: 'blank-first', heuristic: 'manhattan' },
        {
          signal: controller.signal,
          onProgress: (step) => {
            if (step.nodes >= threshold && !abortedAt) {
              abortedAt = step;
              controller.abort();
            }
          },
        },
      );
      const error = await running.then(
        () => null,
        (thrown: Error) => thrown,
      );
      expect(error?.name).toBe('AbortError');
      expect(abortedAt).not.toBeNull();
      const next = await pool.sliding(korfTiles(1), { goal: 'blank-first', heuristic: 'linear-conflict' });
      expect(next.length).toBe(korf[0][16]);
      expect(pool.workers).toEqual([{ generation: 1, calls: 2, stopped: 1, busy: false }]);
    } finally {
      await pool.terminate();
    }
  });
});
