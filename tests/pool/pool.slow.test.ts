/**
 * The library's worker pool (src/pool) in Node, on both engines: the same
 * answers as one solver (Korf's 15-puzzles, a few hundred random boards, in
 * input order, paths and press sets replayed by the oracles), queueing of more
 * calls than workers, AbortSignal on a queued call and on a running hard search
 * (stopped through the shared cancel flag, the same worker then solving the
 * next board; and the restart fallback), errors keeping their name and message
 * across the thread boundary, and a process that exits by itself after
 * terminate().
 *
 * The pool starts dist/pool/worker.js, so this file imports the built package:
 * `npm test` runs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../support/rejection.js';
import type * as Package from '../../src/index.js';
import { FLIP_GOALS, replayFourLine, replayPresses, replaySliding, seededRandom, shuffle } from '../oracles.js';
import { engineNames } from '../support/engines.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const distIndex = join(root, 'dist/index.js');
let lib: typeof Package;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/pool/worker.js'))) throw new Error('dist/pool/worker.js is missing: run `npm run build` first (`npm test` does)');
  lib = (await import(pathToFileURL(distIndex).href)) as typeof Package;
});

const korf = readFileSync(join(root, 'data/korf100.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const korfTiles = (number: number) => korf[number - 1].slice(0, 16);
const blankFirst = Array.from({ length: 16 }, (_, i) => i);

/** A result without its timing, for comparing runs. */
function untimed(result: { stats: { nodes: number; ms: number } }): unknown {
  const { stats, ...rest } = result;
  return { ...rest, nodes: stats.nodes };
}

/** A flip result without its stats: a solver's first call also counts the nodes of the table it builds, and each worker builds its own. */
function unstated(result: { stats: { nodes: number; ms: number } }): unknown {
  const { stats, ...rest } = result;
  return rest;
}

function flipText(board: number, kind: 'flip' | 'pilots'): string {
  const [on, off] = kind === 'flip' ? ['b', 'w'] : ['+', '-'];
  let text = '';
  for (let cell = 0; cell < 16; cell++) text += (board >> cell) & 1 ? on : off;
  return text.match(/.{4}/g)!.join('\n');
}

function eightText(tiles: number[]): string {
  return tiles.map((tile) => (tile === 0 ? 'x' : String(tile))).join(' ');
}

describe.each(engineNames)('a solver pool on %s', (engine) => {
  // Korf's #1-#10 take seconds on wasm; the twin gets the quicker ones so that the file stays short on 2 cores.
  const korfNumbers = engine === 'wasm' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [2, 5, 6, 9];

  it(`solves Korf's #${korfNumbers.join(', #')} on 2 workers as one solver does, in input order, paths replayed`, async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine });
    try {
      const seen: number[] = [];
      const boards = korfNumbers.map(korfTiles);
      const results = await pool.solveEach('sliding', boards, { args: [{ goal: 'blank-first' }], onResult: (_, index) => seen.push(index) });
      expect(seen.sort((a, b) => a - b)).toEqual(boards.map((_, i) => i));
      // Both workers took a share.
      expect(pool.workers.map((worker) => worker.calls > 0)).toEqual([true, true]);
      const solver = await lib.createSolver({ engine });
      results.forEach((result, i) => {
        const number = korfNumbers[i];
        expect(result.status).toBe('solved');
        expect(result.length).toBe(korf[number - 1][16]);
        expect(replaySliding(boards[i], 4, result.moves)).toEqual(blankFirst);
        expect(untimed(result)).toEqual(untimed(solver.sliding(boards[i], { goal: 'blank-first' })));
      });
    } finally {
      await pool.terminate();
    }
  });

  it('answers a few hundred random Flip, Pilots and 8-puzzle boards as single calls do, in order', async () => {
    const random = seededRandom(engine === 'wasm' ? 12 : 13);
    const pool = await lib.createSolverPool({ workers: 2, engine });
    const solver = await lib.createSolver({ engine });
    try {
      for (const kind of ['flip', 'pilots'] as const) {
        const boards = Array.from({ length: 150 }, () => Math.floor(random() * 0x10000));
        const results = await pool.solveEach(
          kind,
          boards.map((board) => flipText(board, kind)),
        );
        expect(results).toHaveLength(boards.length);
        results.forEach((result, i) => {
          expect(unstated(result)).toEqual(unstated(solver[kind](flipText(boards[i], kind))));
          if (result.solvable) expect(FLIP_GOALS[kind]).toContain(replayPresses(kind, boards[i], result.moves));
        });
        if (kind === 'flip') expect(results.some((result) => !result.solvable)).toBe(true);
      }
      const eights = Array.from({ length: 150 }, () =>
        shuffle(
          Array.from({ length: 9 }, (_, i) => i),
          random,
        ),
      );
      const results = await pool.solveEach('sliding', eights.map(eightText), { args: [{ goal: 'blank-first' }] });
      results.forEach((result, i) => {
        expect(untimed(result)).toEqual(untimed(solver.sliding(eightText(eights[i]), { goal: 'blank-first' })));
        if (result.status === 'solved') expect(replaySliding(eights[i], 3, result.path)).toEqual(blankFirst.slice(0, 9));
      });
      // A random permutation is solvable half the time: both kinds came back, in their places.
      expect(new Set(results.map((result) => result.status))).toEqual(new Set(['solved', 'unsolvable']));

      const fourLine = 'BWBO\nWBWB\nBWBW\nWBWO';
      const four = await pool.fourLine(fourLine);
      expect(four.length).toBe(5);
      expect(untimed(four)).toEqual(untimed(solver.fourLine(fourLine)));
      replayFourLine(fourLine.replace(/\n/g, ''), four.moves);
      expect(await pool.slidingDistances('blank-first', { width: 3, height: 2 })).toEqual(solver.slidingDistances('blank-first', { width: 3, height: 2 }));
      expect(await pool.slidingSolvable('1 2 3\n4 5 6\n8 7 x')).toBe(false);
      expect(await pool.slidingSolvable('1 2 3\n4 5 6\n8 7 x', '1 2 3\n4 5 6\n8 7 x')).toBe(true);
    } finally {
      await pool.terminate();
    }
  });

  it('queues calls beyond its workers, each worker running one at a time', async () => {
    const pool = await lib.createSolverPool({ workers: 2, engine });
    try {
      const numbers = [9, 2, 5, 9, 6, 2];
      // One worker each (4x4 boards would otherwise be shared by both workers).
      const calls = numbers.map((number) => pool.sliding(korfTiles(number), { goal: 'blank-first', parallel: false }));
      // Two run, four wait (a third call on a busy worker would have been a SolverBusyError).
      expect(pool.workers.map((worker) => worker.busy)).toEqual([true, true]);
      expect(pool.workers.reduce((sum, worker) => sum + worker.calls, 0)).toBe(2);
      const results = await Promise.all(calls);
      results.forEach((result, i) => expect(result.length).toBe(korf[numbers[i] - 1][16]));
      expect(pool.workers.reduce((sum, worker) => sum + worker.calls, 0)).toBe(numbers.length);
      expect(pool.workers.map((worker) => worker.busy)).toEqual([false, false]);
    } finally {
      await pool.terminate();
    }
  });

  it('drops an aborted queued call, and stops a running hard search without ending its worker', async () => {
    const pool = await lib.createSolverPool({ workers: 1, engine });
    try {
      expect(pool.cancelMode).toBe('flag');
      const hard = new AbortController();
      const progress: Package.Progress[] = [];
      const running = pool.sliding(
        korfTiles(60),
        { goal: 'blank-first', heuristic: 'linear-conflict' },
        {
          signal: hard.signal,
          onProgress: (step) => {
            progress.push(step);
            hard.abort();
          },
        },
      );
      const queuedAbort = new AbortController();
      const queued = pool.flip('bwwb\nbbwb\nbwwb\nbwww', { signal: queuedAbort.signal });
      queuedAbort.abort();
      const dropped = await rejection(queued);
      expect(dropped).toBeInstanceOf(DOMException);
      expect(dropped.name).toBe('AbortError');

      const stopped = await rejection(running);
      expect(stopped).toBeInstanceOf(DOMException);
      expect(stopped.name).toBe('AbortError');
      // Rejected at once, while the worker is still finishing the iteration it was in.
      expect(pool.workers[0].busy).toBe(true);
      expect(progress).toHaveLength(1);
      expect(progress[0].nodes).toBe(0);
      expect(progress[0].bound).toBeGreaterThan(0);

      // The same worker (never restarted) solves the next board, after stopping the search on its flag.
      const next = await pool.sliding(korfTiles(9), { goal: 'blank-first' });
      expect(next.length).toBe(korf[8][16]);
      expect(pool.workers).toEqual([{ generation: 1, calls: 2, stopped: 1, busy: false }]);

      // An already aborted signal never reaches a worker.
      const early = await rejection(pool.flip('wwww\nwwww\nwwww\nwwww', { signal: AbortSignal.abort() }));
      expect(early.name).toBe('AbortError');
      expect(pool.workers[0].calls).toBe(2);
    } finally {
      await pool.terminate();
    }
  });

  it('stops the search when onProgress throws, and rejects with its error, as a solver does with onIteration', async () => {
    const pool = await lib.createSolverPool({ workers: 1, engine });
    try {
      const thrown = new RangeError('caller gave up');
      const error = await rejection(
        pool.sliding(
          korfTiles(60),
          { goal: 'blank-first' },
          {
            onProgress: () => {
              throw thrown;
            },
          },
        ),
      );
      expect(error).toBe(thrown);
      expect((await pool.sliding(korfTiles(9), { goal: 'blank-first' })).length).toBe(korf[8][16]);
      expect(pool.workers).toEqual([{ generation: 1, calls: 2, stopped: 1, busy: false }]);
    } finally {
      await pool.terminate();
    }
  });

  it('relays progress: the bounds and nodes a single solver reports to onIteration', async () => {
    const pool = await lib.createSolverPool({ workers: 1, engine });
    try {
      const board = korfTiles(9);
      const relayed: Package.Progress[] = [];
      const result = await pool.sliding(board, { goal: 'blank-first' }, { onProgress: (step) => relayed.push(step) });
      const direct: Array<[number, number]> = [];
      (await lib.createSolver({ engine })).sliding(board, { goal: 'blank-first', onIteration: (bound, nodes) => direct.push([bound, nodes]) });
      expect(relayed.map(({ bound, nodes }) => [bound, nodes])).toEqual(direct);
      expect(relayed.every(({ ms }, i) => ms >= 0 && (i === 0 || ms >= relayed[i - 1].ms))).toBe(true);
      expect(result.length).toBe(korf[8][16]);
    } finally {
      await pool.terminate();
    }
  });
});

describe('a solver pool', () => {
  let pool: Package.SolverPool;
  beforeAll(async () => {
    pool = await lib.createSolverPool({ workers: 2 });
  });
  afterAll(() => pool?.terminate());

  it('has every method of a Solver, plus solveEach and terminate', async () => {
    const solver = await lib.createSolver();
    const solverMethods = Object.keys(solver).filter((key) => typeof solver[key as keyof typeof solver] === 'function');
    for (const method of solverMethods) expect(typeof (pool as unknown as Record<string, unknown>)[method]).toBe('function');
    expect(typeof pool.solveEach).toBe('function');
    expect(typeof pool.terminate).toBe('function');
    expect(pool.engine).toBe('wasm');
    expect(pool.size).toBe(2);
  });

  it('takes a census as a solver does, relaying its progress, and stops one whose signal fires, its worker going on with the next call', async () => {
    const solver = await lib.createSolver();
    const progress: Package.CensusProgress[] = [];
    const [pooled, alone] = await Promise.all([
      pool.census('3x3', { goal: 'blank-first' }, { onProgress: (step) => progress.push(step) }),
      solver.census('3x3', { goal: 'blank-first' }),
    ]);
    expect({ ...pooled, stats: undefined }).toEqual({ ...alone, stats: undefined });
    expect(progress.at(-1)).toEqual({ depth: 31, states: 181_440, total: 181_440 });
    const controller = new AbortController();
    const running = pool.census('2x5', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await rejection(running)).name).toBe('AbortError');
    expect((await pool.census('2x2')).godsNumber).toBe(6);
  });

  it('rejects bad input with the PuzzleInputError a solver throws, name and message kept across the thread', async () => {
    const solver = await lib.createSolver();
    const thrown = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a throw');
    };
    const cases: Array<[() => Promise<unknown>, () => unknown]> = [
      [() => pool.flip('bwwb\nbbwb'), () => solver.flip('bwwb\nbbwb')],
      [() => pool.pilots(42 as never), () => solver.pilots(42 as never)],
      [() => pool.fourLine('BWBO\nWBWB\nBWBW\nWBWX'), () => solver.fourLine('BWBO\nWBWB\nBWBW\nWBWX')],
      [() => pool.sliding('1 2 3 4 5 6 7 8 8'), () => solver.sliding('1 2 3 4 5 6 7 8 8')],
      [() => pool.sliding('1 2 3 4 5 6 7 8 x', { maxNodes: -1 }), () => solver.sliding('1 2 3 4 5 6 7 8 x', { maxNodes: -1 })],
      [() => pool.sliding('1 2 3 4 5 6 7 8 x', 'fast' as never), () => solver.sliding('1 2 3 4 5 6 7 8 x', 'fast' as never)],
      [() => pool.slidingDistances('blank-first', { width: 4, height: 4 }), () => solver.slidingDistances('blank-first', { width: 4, height: 4 })],
    ];
    for (const [poolCall, solverCall] of cases) {
      const expected = thrown(solverCall);
      expect(expected).toBeInstanceOf(lib.PuzzleInputError);
      const error = await rejection(poolCall());
      expect(error).toBeInstanceOf(lib.PuzzleInputError);
      expect(error.name).toBe('PuzzleInputError');
      expect(error.message).toBe(expected.message);
    }
    // A function cannot cross to a worker: said plainly, not a DataCloneError.
    const hook = await rejection(pool.sliding('1 2 3 4 5 6 7 8 x', { onIteration: () => {} } as never));
    expect(hook).toBeInstanceOf(lib.PuzzleInputError);
    expect(hook.message).toContain('onProgress instead of onIteration');
    const badSignal = await rejection(pool.flip('wwww\nwwww\nwwww\nwwww', { signal: 'stop' as never }));
    expect(badSignal.message).toBe("signal must be an AbortSignal, not 'stop'");
    // The pool still answers after all that.
    expect((await pool.flip('bwwb\nbbwb\nbwwb\nbwww')).length).toBe(4);
    expect(pool.workers.every((worker) => worker.generation === 1)).toBe(true);
  });

  it('fails solveEach on its first bad board, naming it, and drops the rest', async () => {
    const boards = ['bwwb\nbbwb\nbwwb\nbwww', 'bwwb\nbbwb\nbwwb\nbwwq', ...Array(20).fill('bwwb\nbbwb\nbwwb\nbwww')];
    const error = await rejection(pool.solveEach('flip', boards));
    expect(error).toBeInstanceOf(lib.PuzzleInputError);
    expect(error.message).toMatch(/^board 2 of 22: /);
    const aborted = await rejection(pool.solveEach('flip', boards, { signal: AbortSignal.abort() }));
    expect(aborted.name).toBe('AbortError');
    expect(await pool.solveEach('flip', [])).toEqual([]);
  });

  it('rejects bad pool options with a PuzzleInputError', async () => {
    const badEngine = await rejection(lib.createSolver({ engine: 'gpu' as never }));
    for (const [options, message] of [
      [{ engine: 'gpu' }, badEngine.message],
      [{ workers: 0 }, 'workers must be an integer from 1 to 256, not 0'],
      [{ workers: 1.5 }, 'workers must be an integer from 1 to 256, not 1.5'],
      [{ restartAfterMs: -1 }, 'restartAfterMs must be a number of milliseconds (0 or more, or Infinity), not -1'],
      [{ cancel: 'kill' }, "unknown cancel 'kill', expected auto or restart"],
    ] as const) {
      const error = await rejection(lib.createSolverPool(options as never));
      expect(error).toBeInstanceOf(lib.PuzzleInputError);
      expect(error.message).toBe(message);
    }
    // A module that cannot be loaded fails the pool's creation, naming it.
    const missing = await rejection(lib.createSolverPool({ workers: 1, wasm: new URL('./no-such.wasm', pathToFileURL(join(root, 'build/'))) }));
    expect(missing.message).toContain('no-such.wasm');
  });

  it('falls back to restarting the worker when told (as on a page without SharedArrayBuffer)', async () => {
    const restarting = await lib.createSolverPool({ workers: 1, cancel: 'restart' });
    try {
      expect(restarting.cancelMode).toBe('restart');
      const controller = new AbortController();
      const running = restarting.sliding(korfTiles(60), { goal: 'blank-first' }, { signal: controller.signal, onProgress: () => controller.abort() });
      expect((await rejection(running)).name).toBe('AbortError');
      const next = await restarting.sliding(korfTiles(2), { goal: 'blank-first' });
      expect(next.length).toBe(korf[1][16]);
      expect(restarting.workers).toEqual([{ generation: 2, calls: 2, stopped: 0, busy: false }]);
    } finally {
      await restarting.terminate();
    }
  });

  it('restarts a worker whose aborted call did not stop within restartAfterMs (a long step without a flag check)', async () => {
    // A full BFS over the 1,814,400 boards of 2x5 (a few hundred ms on the twin) never calls onIteration,
    // so only the restart can free its worker early. An abort that reaches the worker before the call
    // starts is answered at once instead (no restart needed), so the abort waits a little, longer each try.
    const impatient = await lib.createSolverPool({ workers: 1, engine: 'ts', restartAfterMs: 0 });
    try {
      let restartedAfter = 0;
      for (let attempt = 1; attempt <= 5 && !restartedAfter; attempt++) {
        const before = impatient.workers[0];
        const controller = new AbortController();
        const running = impatient.slidingDistances('blank-first', { width: 5, height: 2 }, { signal: controller.signal });
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
        controller.abort();
        const outcome = await running.then(
          () => 'answered',
          (error: Error) => error.name,
        );
        // The next call runs on the slot's worker, whichever it is now.
        expect(await impatient.slidingSolvable('1 2 3\n4 5 6\n8 7 x')).toBe(false);
        const after = impatient.workers[0];
        if (after.generation > before.generation) {
          expect(outcome).toBe('AbortError');
          expect(after.stopped).toBe(before.stopped);
          restartedAfter = attempt;
        }
      }
      expect(restartedAfter).toBeGreaterThan(0);
    } finally {
      await impatient.terminate();
    }
  });

  it('after terminate() rejects pending and new calls, and a process using it exits by itself', async () => {
    const doomed = await lib.createSolverPool({ workers: 1 });
    const pending = rejection(doomed.sliding(korfTiles(60), { goal: 'blank-first' }));
    const queued = rejection(doomed.flip('bwwb\nbbwb\nbwwb\nbwww'));
    await doomed.terminate();
    expect((await pending).name).toBe('AbortError');
    expect((await queued).name).toBe('AbortError');
    expect((await rejection(doomed.flip('bwwb\nbbwb\nbwwb\nbwww'))).name).toBe('AbortError');

    const folder = mkdtempSync(join(tmpdir(), 'puzzlesearch-pool-'));
    try {
      const script = join(folder, 'child.mjs');
      writeFileSync(
        script,
        [
          `import { createSolverPool } from ${JSON.stringify(pathToFileURL(distIndex).href)};`,
          `const pool = await createSolverPool({ workers: 2 });`,
          `const results = await pool.solveEach('flip', ['bwwb\\nbbwb\\nbwwb\\nbwww', 'wwww\\nwwww\\nwwww\\nwwww']);`,
          `await pool.terminate();`,
          `console.log(results.map((result) => result.length).join(' '));`,
        ].join('\n'),
      );
      const child = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
      expect(child.signal).toBeNull();
      expect(child.stderr).toBe('');
      expect(child.stdout).toBe('4 0\n');
      expect(child.status).toBe(0);

      // Idle workers do not keep a process alive either, even without terminate().
      const forgetful = join(folder, 'forgetful.mjs');
      writeFileSync(
        forgetful,
        [
          `import { createSolverPool } from ${JSON.stringify(pathToFileURL(distIndex).href)};`,
          `const pool = await createSolverPool({ workers: 2 });`,
          `console.log((await pool.sliding('2 3 4 1 5 x 7 6 8')).length);`,
        ].join('\n'),
      );
      const second = spawnSync(process.execPath, [forgetful], { encoding: 'utf8', timeout: 60_000 });
      expect(second.signal).toBeNull();
      expect(second.stdout).toBe('19\n');
      expect(second.status).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** The ```ts blocks of the pool's document (docs/pool.md). */
function poolBlocks(): string[] {
  const text = readFileSync(join(root, 'docs', 'pool.md'), 'utf8');
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** What the pool's types must say, checked by tsc (never run). */
const typeAssertions = (index: string) => `
import { createSolverPool, type Cell, type Progress, type SlidingResult, type Solved, type Stopped, type Unsolvable } from '${index}';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const check = <T extends true>(value?: T) => value;
const pool = await createSolverPool({ workers: 2 });
const flip = pool.flip('wwww\\nwwww\\nwwww\\nwwww', { signal: AbortSignal.abort() });
check<Equal<typeof flip, Promise<Solved<Cell> | Unsolvable>>>();
const sliding = pool.sliding('1 2 3 4 5 6 7 8 x', { goal: 'blank-first', maxNodes: 10 }, { onProgress: (progress: Progress) => void progress.ms });
check<Equal<typeof sliding, Promise<SlidingResult | Unsolvable | Stopped>>>();
const many = pool.solveEach('sliding', ['1 2 3 4 5 6 7 8 x'], { args: [{ heuristic: 'manhattan' }], onResult: (result, index: number) => void [result.status, index] });
check<Equal<typeof many, Promise<Array<SlidingResult | Unsolvable | Stopped>>>>();
check<Equal<Awaited<ReturnType<typeof pool.slidingDistances>>, number[]>>();
check<Equal<Awaited<ReturnType<typeof pool.slidingSolvable>>, boolean>>();
// @ts-expect-error: a function cannot cross to a worker; progress comes through onProgress
void pool.sliding('1 2 3 4 5 6 7 8 x', { onIteration: () => {} });
// @ts-expect-error: flip has no options of its own; the call options come right after the board
void pool.flip('wwww\\nwwww\\nwwww\\nwwww', { goal: 'blank-first' });
const solvable = pool.solveEach('slidingSolvable', ['1 2 3 4 5 6 7 8 x'], { args: ['blank-first'] });
check<Equal<typeof solvable, Promise<boolean[]>>>();
// @ts-expect-error: solveEach takes a method of the pool
void pool.solveEach('terminate', []);
// @ts-expect-error: the args after a flip board are none
void pool.solveEach('flip', [], { args: [1] });
`;

describe('the pool types', () => {
  it("type-check the docs/pool.md example and the pool's method types, and tsc would catch a drift", async () => {
    const blocks = poolBlocks();
    expect(blocks.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(root, '.types-check-pool-'));
    try {
      const index = join(root, 'src', 'index.js');
      const files: Record<string, string> = { 'assertions.ts': typeAssertions(index) };
      blocks.forEach((block, i) => {
        files[`readme-${i + 1}.ts`] = block.replaceAll("from 'puzzlesearch'", `from '${index}'`);
      });
      // A known drift: proves this harness fails on one.
      files['drift.ts'] =
        `import { createSolverPool } from '${index}';\nconst pool = await createSolverPool();\nexport const length: number = pool.flip('wwww\\nwwww\\nwwww\\nwwww').length;\n`;
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const config = {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        },
        files: Object.keys(files).map((name) => relative(dir, join(dir, name))),
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
      const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
        encoding: 'utf8',
      });
      const output = `${run.stdout}${run.stderr}`;
      const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      expect(
        errors.filter((line) => !line.includes('drift.ts')),
        output,
      ).toEqual([]);
      expect(errors.join('\n')).toMatch(/drift\.ts\(3,\d+\): error TS2339: Property 'length' does not exist/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // And what the example prints, at run time.
    const pool = await lib.createSolverPool({ workers: 2 });
    try {
      const results = await pool.solveEach('sliding', ['2 3 4 1 5 x 7 6 8', '1 2 3 4 5 6 x 7 8'], { args: [{ goal: 'blank-last' }] });
      expect(results.map((result) => result.length)).toEqual([19, 2]);
      expect((await pool.flip('bwwb\nbbwb\nbwwb\nbwww')).length).toBe(4);
    } finally {
      await pool.terminate();
    }
  });
});

describe('solver pool with pattern databases', () => {
  it('prepares the tables on every worker, and again on a restarted one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pool-tables-'));
    const saved = process.env.PUZZLESEARCH_CACHE;
    // Workers read the cache location from the environment they start with.
    process.env.PUZZLESEARCH_CACHE = dir;
    const pool = await lib.createSolverPool({ workers: 2, engine: 'wasm', cancel: 'restart' });
    try {
      await pool.prepareTables('4x4', { goal: 'blank-first' });
      const numbers = [1, 2, 3, 4];
      const results = await pool.solveEach('sliding', numbers.map(korfTiles), { args: [{ goal: 'blank-first' }] });
      expect(pool.workers.map((worker) => worker.calls)).toEqual([expect.any(Number), expect.any(Number)]);
      expect(pool.workers.every((worker) => worker.calls >= 2)).toBe(true);
      results.forEach((result, i) => {
        expect(result.stats.heuristic).toBe('pdb');
        expect(result.length).toBe(korf[numbers[i] - 1][16]);
        if (result.status === 'solved') expect(replaySliding(korfTiles(numbers[i]), 4, result.path)).toEqual(blankFirst);
      });
      // One worker, so that the answers after the restart can only come from the new one.
      const single = await lib.createSolverPool({ workers: 1, engine: 'wasm', cancel: 'restart' });
      try {
        await single.prepareTables('4x4', { goal: 'blank-first' });
        // Abort a running search: in 'restart' mode its worker is replaced, and the new one prepares again.
        const controller = new AbortController();
        const hard = single.sliding(
          korfTiles(60),
          { goal: 'blank-first', heuristic: 'linear-conflict' },
          { signal: controller.signal, onProgress: () => controller.abort() },
        );
        await expect(hard).rejects.toMatchObject({ name: 'AbortError' });
        const again = await single.solveEach('sliding', [korfTiles(5), korfTiles(6)], { args: [{ goal: 'blank-first' }] });
        expect(single.workers[0].generation).toBe(2);
        expect(again.map((result) => result.stats.heuristic)).toEqual(['pdb', 'pdb']);
        expect(again.map((result) => result.length)).toEqual([korf[4][16], korf[5][16]]);
      } finally {
        await single.terminate();
      }
    } finally {
      await pool.terminate();
      if (saved === undefined) delete process.env.PUZZLESEARCH_CACHE;
      else process.env.PUZZLESEARCH_CACHE = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('relays table progress from the workers: the first builds (and saves), the second receives what it built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pool-progress-'));
    const saved = process.env.PUZZLESEARCH_CACHE;
    process.env.PUZZLESEARCH_CACHE = dir;
    const pool = await lib.createSolverPool({ workers: 2, engine: 'wasm' });
    try {
      const heard: Package.TablesProgress[] = [];
      await pool.prepareTables('4x4', { partition: '6-6-3' }, { onProgress: (progress) => heard.push(progress) });
      const builds = heard.filter((progress) => progress.phase === 'build');
      const shares = heard.filter((progress) => progress.phase === 'share');
      // Every group built once, each ending with all of its entries settled; then handed once to the other worker.
      expect(heard.some((progress) => progress.phase === 'load')).toBe(false);
      expect(new Set(builds.map((progress) => progress.group))).toEqual(new Set([0, 1, 2]));
      for (const group of [0, 1, 2]) {
        const last = builds.filter((progress) => progress.group === group).at(-1)!;
        expect(last.settled).toBe(last.entries);
      }
      expect(shares.map((progress) => progress.group).sort()).toEqual([0, 1, 2]);
      expect(heard.every((progress) => progress.partition === '6-6-3' && progress.groups === 3)).toBe(true);
      // Shares come after the last build round.
      expect(heard.findIndex((progress) => progress.phase === 'share')).toBeGreaterThan(heard.lastIndexOf(builds.at(-1)!));
      // Both workers now search with the PDB for the blank-last goal.
      const results = await pool.solveEach('sliding', ['1 2 3 4\n5 6 x 8\n9 10 7 11\n13 14 15 12', '1 2 3 4\n5 6 7 8\n9 10 x 11\n13 14 15 12']);
      expect(results.map((result) => [result.length, result.stats.heuristic, result.stats.partition])).toEqual([
        [3, 'pdb', '6-6-3'],
        [2, 'pdb', '6-6-3'],
      ]);
      expect(pool.workers.every((worker) => worker.calls >= 1)).toBe(true);
    } finally {
      await pool.terminate();
      if (saved === undefined) delete process.env.PUZZLESEARCH_CACHE;
      else process.env.PUZZLESEARCH_CACHE = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
