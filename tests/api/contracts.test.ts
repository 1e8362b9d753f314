/**
 * The API's contracts (reliability round 4, issue 35 §3; issue 39 §4), on
 * both engines and the pool:
 * - D8: an option a call does not know is a PuzzleInputError naming the call
 *   and the key, with the nearest known key, on every public call (a property
 *   test: random option objects holding one misspelt key);
 * - D5: null options are refused like any non-object, by every call;
 * - D11: an abort before the start names the call made;
 * - D4: maxNodes bounds a whole hint, to the node, and what it settles is right;
 * - prepared tables are used, and a search can name its partition;
 * - the one-shot helpers take { engine } and are async.
 * The option names each call takes are written here from docs/api.md and
 * docs/pool.md, not read from the source.
 */
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSolver,
  createSolverPool,
  PuzzleInputError,
  solveFlip,
  solveFourLine,
  solvePilots,
  solveSliding,
  type Solver,
  type SolverPool,
} from '../../src/index.js';
import { engineNames } from '../support/engines.js';
import { rejection } from '../support/rejection.js';
import { bfsAllDistances, blankTarget, slidingNeighbours } from '../oracles.js';

/** Every 3x3 board's distance from `goal`, by a breadth-first search written in the tests, keyed by tiles joined with ','. */
function distancesFrom(goal: number[]): Map<string, number> {
  return bfsAllDistances(
    goal,
    (tiles: number[]) => slidingNeighbours(tiles, 3),
    (tiles: number[]) => tiles.join(','),
  );
}

const SLIDING = ['goal', 'algorithm', 'heuristic', 'partition', 'maxNodes', 'pruning', 'onIteration', 'onProgress', 'signal'];
// tablesPlan takes sliding's options (the CLI asks it with the object the search gets), the pool's as data.
const TABLES_PLAN = SLIDING;
const LIGHTS_OUT = ['pattern', 'torus', 'colors', 'target', 'targets', 'maxKernel'];
const CENSUS = ['goal', 'signal', 'onProgress'];
const PREPARE = ['partition', 'goal', 'onProgress', 'signal'];
const POOL_SLIDING = ['goal', 'algorithm', 'heuristic', 'partition', 'maxNodes', 'pruning', 'parallel', 'depth'];
const POOL_DATA = ['goal', 'algorithm', 'heuristic', 'partition', 'maxNodes', 'pruning'];

const board3 = '1 2 3 4 5 6 7 x 8';
const flipBoard = 'bwwb\nbbwb\nbwwb\nbwww';
const fourLineBoard = 'BWBO\nWBWB\nBWBW\nWBWO';
const lightsBoard = '101\n010\n101';

/** A call taking an options object, and the names it knows. */
interface OptionsCall {
  /** The name its errors give. */
  call: string;
  known: readonly string[];
  /** Calls it with `options`; a throw or a rejection is its answer. */
  run: (options: unknown) => unknown;
}

function solverCalls(solver: Solver): OptionsCall[] {
  return [
    { call: 'sliding', known: SLIDING, run: (o) => solver.sliding(board3, o as never) },
    { call: 'hint', known: SLIDING, run: (o) => solver.hint(board3, o as never) },
    { call: 'tablesPlan', known: TABLES_PLAN, run: (o) => solver.tablesPlan(board3, o as never) },
    { call: 'fourLineHint', known: ['toMove'], run: (o) => solver.fourLineHint(fourLineBoard, o as never) },
    { call: 'lightsOut', known: LIGHTS_OUT, run: (o) => solver.lightsOut(lightsBoard, o as never) },
    { call: 'lightsOutHint', known: LIGHTS_OUT, run: (o) => solver.lightsOutHint(lightsBoard, o as never) },
    { call: 'census', known: CENSUS, run: (o) => solver.census('2x3', o as never) },
    { call: 'solveMany', known: SLIDING, run: (o) => solver.solveMany('sliding', [board3], o as never) },
    { call: 'solveMany', known: LIGHTS_OUT, run: (o) => solver.solveMany('lightsOut', [lightsBoard], o as never) },
    { call: 'solveMany', known: [], run: (o) => solver.solveMany('flip', [flipBoard], o as never) },
    { call: 'prepareTables', known: PREPARE, run: (o) => solver.prepareTables('3x3', o as never) },
  ];
}

function packageCalls(engine: 'wasm' | 'ts'): OptionsCall[] {
  return [
    { call: 'createSolver', known: ['engine', 'wasm', 'tables'], run: (o) => createSolver({ engine, ...(o as object) }) },
    { call: 'createSolver', known: ['dir', 'partition', 'warn'], run: (o) => createSolver({ engine, tables: o as never }) },
    { call: 'solveSliding', known: [...SLIDING, 'engine'], run: (o) => solveSliding(board3, { engine, ...(o as object) }) },
    { call: 'solveFlip', known: ['engine'], run: (o) => solveFlip(flipBoard, { engine, ...(o as object) }) },
    { call: 'solvePilots', known: ['engine'], run: (o) => solvePilots(flipBoard.replace(/b/g, '+').replace(/w/g, '-'), { engine, ...(o as object) }) },
    { call: 'solveFourLine', known: ['engine'], run: (o) => solveFourLine(fourLineBoard, { engine, ...(o as object) }) },
  ];
}

function poolCalls(pool: SolverPool): OptionsCall[] {
  return [
    { call: 'sliding', known: POOL_SLIDING, run: (o) => pool.sliding(board3, o as never) },
    { call: 'solveParallel', known: POOL_SLIDING.filter((key) => key !== 'parallel'), run: (o) => pool.solveParallel(board3, o as never) },
    { call: 'hint', known: POOL_DATA, run: (o) => pool.hint(board3, o as never) },
    { call: 'tablesPlan', known: POOL_DATA, run: (o) => pool.tablesPlan(board3, o as never) },
    { call: 'fourLineHint', known: ['toMove'], run: (o) => pool.fourLineHint(fourLineBoard, o as never) },
    { call: 'lightsOut', known: LIGHTS_OUT, run: (o) => pool.lightsOut(lightsBoard, o as never) },
    { call: 'lightsOutHint', known: LIGHTS_OUT, run: (o) => pool.lightsOutHint(lightsBoard, o as never) },
    { call: 'census', known: ['goal'], run: (o) => pool.census('2x3', o as never) },
    { call: 'solveMany', known: POOL_DATA, run: (o) => pool.solveMany('sliding', [board3], o as never) },
    { call: 'prepareTables', known: ['partition', 'goal'], run: (o) => pool.prepareTables('3x3', o as never) },
    { call: 'solveEach', known: ['args', 'signal', 'onResult'], run: (o) => pool.solveEach('flip', [flipBoard], o as never) },
    // The call options, the last argument of every pool method.
    ...callOptionCalls(pool),
  ];
}

/** Every pool method with its own arguments, then `o` as its call options. */
function callOptionCalls(pool: SolverPool): OptionsCall[] {
  const own: { [M in keyof SolverPool]?: unknown[] } = {
    flip: [flipBoard],
    pilots: [flipBoard],
    fourLine: [fourLineBoard],
    sliding: [board3, {}],
    slidingDistances: ['blank-first', { width: 2, height: 2 }],
    slidingSolvable: [board3, undefined],
    tablesPlan: [board3, {}],
    hint: [board3, {}],
    flipHint: [flipBoard],
    pilotsHint: [flipBoard],
    fourLineHint: [fourLineBoard, {}],
    lightsOutHint: [lightsBoard, {}],
    census: ['2x2', {}],
    lightsOut: [lightsBoard, {}],
    solveMany: ['flip', [flipBoard], undefined],
    prepareTables: ['3x3', {}],
    solveParallel: [board3, {}],
  };
  return Object.entries(own).map(([method, args]) => ({
    call: method,
    known: ['signal', 'onProgress'],
    run: (o) => (pool[method as keyof SolverPool] as (...rest: unknown[]) => Promise<unknown>)(...args!, o),
  }));
}

/** What `run` threw or rejected with (undefined: it answered). */
async function failure(run: () => unknown): Promise<unknown> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** `key` misspelt one way: a letter dropped, doubled or changed, two swapped, or the case changed. */
const misspelt = (known: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...(known.length > 0 ? known : ['options'])), fc.nat(), fc.integer({ min: 0, max: 4 }), fc.constantFrom(...'aeiosxz_'))
    .map(([key, at, how, letter]) => {
      const i = at % key.length;
      if (how === 0) return key.slice(0, i) + key.slice(i + 1);
      if (how === 1) return key.slice(0, i) + key[i] + key.slice(i);
      if (how === 2) return key.slice(0, i) + letter + key.slice(i + 1);
      if (how === 3 && key.length > 1) {
        const j = Math.min(i, key.length - 2);
        return key.slice(0, j) + key[j + 1] + key[j] + key.slice(j + 2);
      }
      return key === key.toLowerCase() ? key.toUpperCase() : key.toLowerCase();
    })
    .filter((key) => key.length > 0 && !known.includes(key));

/** An options object: some known keys (left undefined: every option is optional) and one misspelt key with a plain value, in any order. */
const optionsWithTypo = (known: readonly string[]) =>
  fc
    .tuple(fc.subarray([...known]), misspelt(known), fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null)), fc.nat())
    .map(([keys, typo, value, at]) => {
      const entries: Array<[string, unknown]> = keys.map((key) => [key, undefined]);
      entries.splice(at % (entries.length + 1), 0, [typo, value]);
      return { typo, options: Object.fromEntries(entries) as Record<string, unknown> };
    });

/** Expects the input error naming `call` and `typo`. */
function expectTypoError(error: unknown, call: string, typo: string): void {
  expect(error).toBeInstanceOf(PuzzleInputError);
  const message = (error as Error).message;
  expect(message.startsWith(`${call}(): unknown `), message).toBe(true);
  expect(message).toContain(`'${typo}'`);
  expect(message).not.toContain('\n');
}

describe.each(engineNames)('every option is known or refused, on %s (D8)', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine, tables: { dir: false } });
  });

  it('names the call, the key and the nearest one', async () => {
    expect(() => solver.sliding(board3, { maxnodes: 5 } as never)).toThrow(
      new PuzzleInputError("sliding(): unknown option 'maxnodes' (did you mean 'maxNodes'?)"),
    );
    expect(() => solver.hint(board3, { heuristc: 'pdb' } as never)).toThrow("hint(): unknown option 'heuristc' (did you mean 'heuristic'?)");
    expect(() => solver.lightsOut(lightsBoard, { tarus: true } as never)).toThrow("lightsOut(): unknown option 'tarus' (did you mean 'torus'?)");
    // Nothing near: the names it knows.
    expect(() => solver.fourLineHint(fourLineBoard, { side: 'B' } as never)).toThrow("fourLineHint(): unknown option 'side', expected toMove");
    expect(() => solver.tablesPlan(board3, { partition: 'bogus' })).toThrow(
      new PuzzleInputError("tablesPlan(): unknown partition 'bogus' for 3x3, expected 4-4 or 4-4-zero-aware"),
    );
    expect(() => solver.sliding(board3, { partition: '4-4-zeroaware' })).toThrow("(did you mean '4-4-zero-aware'?)");
    // tablesPlan takes the options a search is given (the CLI asks it with them), and reads the ones it needs.
    expect(solver.tablesPlan('1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15', { pruning: 'parent', onProgress: () => {}, goal: 'blank-last' })).toEqual({
      size: '4x4',
      goal: 'blank-last',
    });
    expect(() => solver.sliding(board3, { partition: '4-4', heuristic: 'manhattan' })).toThrow(
      "sliding(): partition '4-4' goes with heuristic 'pdb' (or none), not 'manhattan'",
    );
    expect((await rejection(createSolver({ engine, tables: { prtition: '7-8' } as never }))).message).toBe(
      "createSolver(): unknown tables option 'prtition' (did you mean 'partition'?)",
    );
    expect((await rejection(solver.prepareTables('3x3', { gaol: 'blank-first' } as never))).message).toBe(
      "prepareTables(): unknown option 'gaol' (did you mean 'goal'?)",
    );
  });

  test.prop([fc.integer({ min: 0, max: 10_000 })], { numRuns: 8 })('every solver call refuses a misspelt key', async (seed) => {
    for (const { call, known, run } of [...solverCalls(solver), ...packageCalls(engine)]) {
      const [{ typo, options }] = fc.sample(optionsWithTypo(known), { seed, numRuns: 1 });
      expectTypoError(await failure(() => run(options)), call, typo!);
    }
  });

  it('refuses null options as any non-object, on every call (D5)', async () => {
    const oneShots: OptionsCall[] = [
      { call: 'solveSliding', known: [], run: (o) => solveSliding(board3, o as never) },
      { call: 'solveFlip', known: [], run: (o) => solveFlip(flipBoard, o as never) },
      { call: 'solvePilots', known: [], run: (o) => solvePilots(flipBoard, o as never) },
      { call: 'solveFourLine', known: [], run: (o) => solveFourLine(fourLineBoard, o as never) },
    ];
    for (const { call, run } of [...solverCalls(solver), ...oneShots]) {
      const error = await failure(() => run(null));
      expect(error, call).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message, call).toMatch(new RegExp(`^${call}(\\(\\):| options) .*must be an object.* not null$`));
    }
    expect((await rejection(createSolver(null as never))).message).toBe('createSolver(): options must be an object, not null');
  });

  it('names the call made when aborted before the start (D11)', () => {
    const signal = AbortSignal.abort();
    const aborted = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect((error as Error).name).toBe('AbortError');
        return (error as Error).message;
      }
      throw new Error('not aborted');
    };
    expect(aborted(() => solver.sliding(board3, { signal }))).toBe('sliding() was aborted');
    expect(aborted(() => solver.hint(board3, { signal }))).toBe('hint() was aborted');
    expect(aborted(() => solver.solveMany('sliding', [board3, board3], { signal }))).toBe('solveMany() was aborted');
  });
});

describe.each(engineNames)('a search uses the tables prepared for its size and goal, on %s', (engine) => {
  const distances = distancesFrom([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const boards = ['8 6 7 2 5 4 3 x 1', '1 2 3 4 5 6 x 7 8', '6 4 7 8 5 x 3 2 1'].map((text) =>
    text.split(' ').map((token) => (token === 'x' ? 0 : Number(token))),
  );
  const blankFirst = (tiles: number[]) => tiles.join(' ');

  it('prepareTables with a partition of its own, then a search on the PDB: those tables', async () => {
    const solver = await createSolver({ engine, tables: { dir: false } });
    await solver.prepareTables('3x3', { partition: '4-4-zero-aware', goal: 'blank-first' });
    for (const tiles of boards) {
      const expected = distances.get(tiles.join(','));
      for (const options of [{ heuristic: 'pdb' as const }, {}]) {
        const result = solver.sliding(blankFirst(tiles), { goal: 'blank-first', ...options });
        expect(result.stats.partition).toBe('4-4-zero-aware');
        expect(result.stats.heuristic).toBe('pdb');
        expect(result.length).toBe(expected === undefined ? null : expected);
      }
    }
    // The other goal has no tables prepared: its search is on its own default, as before.
    expect(solver.sliding('8 6 7 2 5 4 3 x 1').stats.heuristic).toBe('manhattan');
  });

  it('a search names its partition; solveMany and hint take it too, and tablesPlan passes it on', async () => {
    const solver = await createSolver({ engine, tables: { dir: false } });
    for (const tiles of boards) {
      const expected = distances.get(tiles.join(',')) ?? null;
      for (const partition of ['4-4', '4-4-zero-aware']) {
        const result = solver.sliding(blankFirst(tiles), { goal: 'blank-first', partition });
        expect(result.stats.partition).toBe(partition);
        expect(result.length).toBe(expected);
        const [many] = solver.solveMany('sliding', [blankFirst(tiles)], { goal: 'blank-first', partition });
        expect(many).toMatchObject({ length: expected, stats: { partition } });
        const hint = solver.hint(blankFirst(tiles), { goal: 'blank-first', partition });
        expect(hint.distance).toBe(expected);
      }
    }
    expect(solver.tablesPlan('1 2 3 4 5 6 7 x 8', { partition: '4-4-zero-aware' })).toEqual({ size: '3x3', goal: 'blank-last', partition: '4-4-zero-aware' });
  });
});

describe.each(engineNames)('maxNodes bounds the whole hint, on %s (D4)', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine, tables: { dir: false } });
  });

  /** The board after the blank moves `letter`. */
  const after = (tiles: number[], width: number, letter: string) => {
    const blank = tiles.indexOf(0);
    const next = blankTarget(width, tiles.length / width, blank, letter);
    const child = [...tiles];
    child[blank] = child[next]!;
    child[next] = 0;
    return child;
  };

  it('3x3: every budget from 1 to the whole hint, each settled distance the BFS one', () => {
    const tiles = [1, 7, 8, 6, 5, 2, 0, 4, 3];
    const distances = distancesFrom([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    const whole = solver.hint(tiles.join(' ')).stats.nodes;
    for (let maxNodes = 1; maxNodes <= whole + 1; maxNodes++) {
      const hint = solver.hint(tiles.join(' '), { maxNodes });
      expect(hint.stats.nodes, `maxNodes ${maxNodes}`).toBeLessThanOrEqual(maxNodes);
      if (hint.status === 'stopped') continue;
      expect(hint.distance).toBe(distances.get(tiles.join(',')));
      for (const move of hint.moves) {
        if (move.distance === null) continue;
        expect(move.distance).toBe(distances.get(after(tiles, 3, move.move).join(',')));
      }
    }
    expect(solver.hint(tiles.join(' '), { maxNodes: 406 }).stats.nodes).toBeLessThanOrEqual(406);
  });

  it('4x4 (blank-first, linear conflict): budgets up to past the whole hint, each settled distance the child solved alone', () => {
    const text = '2 10 7 15 6 1 3 11 0 9 14 5 4 8 12 13';
    const tiles = text.split(' ').map(Number);
    const options = { goal: 'blank-first' as const, heuristic: 'linear-conflict' as const };
    const whole = solver.hint(text, options);
    const childDistance = new Map(whole.moves.map(({ move }) => [move, solver.sliding(after(tiles, 4, move).join(' '), options).length]));
    for (const move of whole.moves) expect(move.distance).toBe(childDistance.get(move.move));
    for (const maxNodes of [1, 100, 5_000, 20_000, 30_000, 40_000, 44_463, whole.stats.nodes - 1, whole.stats.nodes]) {
      const hint = solver.hint(text, { ...options, maxNodes });
      expect(hint.stats.nodes, `maxNodes ${maxNodes}`).toBeLessThanOrEqual(maxNodes);
      if (hint.status === 'stopped') continue;
      expect(hint.distance).toBe(whole.distance);
      for (const move of hint.moves) if (move.distance !== null) expect(move.distance).toBe(childDistance.get(move.move));
    }
    // The whole hint's budget settles every move.
    expect(solver.hint(text, { ...options, maxNodes: whole.stats.nodes }).moves).toEqual(whole.moves);
  });
});

describe('the one-shot helpers (issue 39 §4)', () => {
  it('are async, take { engine }, and still take the engine name alone', async () => {
    const pending = solveFlip(flipBoard, { engine: 'ts' });
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending).length).toBe(4);
    expect((await solveFlip(flipBoard, 'ts')).length).toBe(4);
    expect((await solveFourLine(fourLineBoard, { engine: 'wasm' })).length).toBe(5);
    expect((await solveSliding('2 3 4 1 5 x 7 6 8', { engine: 'ts', algorithm: 'astar' })).length).toBe(19);
  });
});

describe('the pool knows its options too (D8, D5)', () => {
  let pool: SolverPool;
  beforeAll(async () => {
    pool = await createSolverPool({ workers: 1, engine: 'ts', tables: { dir: false } });
  });
  afterAll(() => pool?.terminate());

  it('createSolverPool refuses a misspelt option before any worker starts', async () => {
    expect((await rejection(createSolverPool({ worker: 2 } as never))).message).toBe("createSolverPool(): unknown option 'worker' (did you mean 'workers'?)");
    expect((await rejection(createSolverPool({ workers: 1, tables: { drr: false } } as never))).message).toBe(
      "createSolverPool(): unknown tables option 'drr' (did you mean 'dir'?)",
    );
  });

  it('names the call and the key', async () => {
    expect((await rejection(pool.sliding(board3, { maxnodes: 5 } as never))).message).toBe("sliding(): unknown option 'maxnodes' (did you mean 'maxNodes'?)");
    expect((await rejection(pool.flip(flipBoard, { singal: AbortSignal.abort() } as never))).message).toBe(
      "flip(): unknown call option 'singal' (did you mean 'signal'?)",
    );
    expect((await rejection(pool.census('2x3', { goal: 'blank-first', gaol: 1 } as never))).message).toBe(
      "census(): unknown option 'gaol' (did you mean 'goal'?)",
    );
    expect((await rejection(pool.sliding('1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15', { partition: '7-9' }))).message).toBe(
      "sliding(): unknown partition '7-9' for 4x4 (did you mean '7-8'?)",
    );
    expect((await pool.sliding(board3)).length).toBe(1);
  });

  it("a pool's searches use the tables it prepared, and name a partition", async () => {
    const board = '8 6 7 2 5 4 3 x 1'.replace('x', '0');
    const expected = distancesFrom([0, 1, 2, 3, 4, 5, 6, 7, 8]).get(board.split(' ').join(','));
    await pool.prepareTables('3x3', { partition: '4-4-zero-aware', goal: 'blank-first' });
    const prepared = await pool.sliding(board, { goal: 'blank-first', heuristic: 'pdb' });
    expect(prepared).toMatchObject({ length: expected, stats: { heuristic: 'pdb', partition: '4-4-zero-aware' } });
    const named = await pool.hint(board, { goal: 'blank-first', partition: '4-4' });
    expect(named.distance).toBe(expected);
    expect((await pool.sliding(board, { goal: 'blank-first', partition: '4-4' })).stats.partition).toBe('4-4');
  });

  test.prop([fc.integer({ min: 0, max: 10_000 })], { numRuns: 3 })('every pool call refuses a misspelt key', async (seed) => {
    for (const { call, known, run } of poolCalls(pool)) {
      const [{ typo, options }] = fc.sample(optionsWithTypo(known), { seed, numRuns: 1 });
      expectTypoError(await failure(() => run(options)), call, typo!);
    }
  });

  it('refuses null options on every call', async () => {
    for (const { call, run } of poolCalls(pool)) {
      const error = await failure(() => run(null));
      expect(error, call).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message, call).toMatch(/must be an object.* not null$/);
    }
  });
});
