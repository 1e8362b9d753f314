import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENGINES,
  GOAL_NAMES,
  HEURISTICS,
  PuzzleInputError,
  SLIDING_ALGORITHMS,
  SolverBusyError,
  createSolver,
  defaultSolver,
  solveFlip,
  solveFourLine,
  solvePilots,
  solveSliding,
  type Solver,
} from '../../src/index.js';
import { engineNames } from '../support/engines.js';
import { hasLine, pressMask, replayFourLine, replayPresses, replaySliding } from '../oracles.js';

const flipSample = 'bwwb\nbbwb\nbwwb\nbwww';
const pilotsSample = '-+--\n----\n----\n-+--';
const fourLineSample = 'BWBO\nWBWB\nBWBW\nWBWO';
const eightSample = '2 3 4 1 5 x 7 6 8';
const eightGoal = [1, 2, 3, 4, 5, 6, 7, 8, 0];

function bits(text: string, on: string): number {
  return [...text.replace(/\n/g, '')].reduce((b, ch, i) => (ch === on ? b | (1 << i) : b), 0);
}

/** Fewest presses from every board to 0, by enumerating all 2^16 press sets. */
function fewestPresses(kind: 'flip' | 'pilots'): Uint8Array {
  const best = new Uint8Array(1 << 16).fill(255);
  for (let set = 0; set < 1 << 16; set++) {
    let effect = 0;
    let count = 0;
    for (let cell = 0; cell < 16; cell++) {
      if (set & (1 << cell)) {
        effect ^= pressMask(kind, cell >> 2, cell & 3);
        count++;
      }
    }
    best[effect] = Math.min(best[effect], count);
  }
  return best;
}

/** A board `steps` random blank moves from `goal` (never undoing the last move). */
function scramble(goal: number[], width: number, steps: number, seed: number): number[] {
  const board = [...goal];
  let blank = board.indexOf(0);
  let previous = -1;
  let state = seed;
  const height = board.length / width;
  for (let i = 0; i < steps; ) {
    state = (state * 1103515245 + 12345) >>> 0;
    const move = (state >>> 16) & 3;
    const row = Math.floor(blank / width);
    const col = blank % width;
    const next = [row > 0 ? blank - width : -1, row < height - 1 ? blank + width : -1, col > 0 ? blank - 1 : -1, col < width - 1 ? blank + 1 : -1][move];
    if (next < 0 || next === previous) continue;
    board[blank] = board[next];
    board[next] = 0;
    previous = blank;
    blank = next;
    i++;
  }
  return board;
}

describe.each(engineNames)('the public API on the %s engine', (engine) => {
  const solver = createSolver({ engine });
  const get = async (): Promise<Solver> => solver;

  it('answers the Flip Game sample in 4 presses that replay to one colour', async () => {
    const s = await get();
    expect(s.engine).toBe(engine);
    const result = s.flip(flipSample);
    expect(result.solvable).toBe(true);
    expect(result.length).toBe(4);
    const end = replayPresses('flip', bits(flipSample, 'b'), result.moves);
    expect([0, 0xffff]).toContain(end);
    expect(result.stats.nodes).toBeGreaterThan(0);
    expect(result.stats.ms).toBeGreaterThanOrEqual(0);
  });

  it('says Impossible for a flip board no press set can make uniform', async () => {
    const best = fewestPresses('flip');
    let board = 0;
    while (best[board] !== 255 || best[board ^ 0xffff] !== 255) board++;
    const text = Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ((board >> (r * 4 + c)) & 1 ? 'b' : 'w')).join('')).join('\n');
    const result = (await get()).flip(text);
    expect(result).toMatchObject({ solvable: false, length: null, moves: [] });
    expect(result.solvable || result.reason).toMatch(/Impossible/);
  });

  it('opens the Pilots sample in 6 presses, each cell once', async () => {
    const result = (await get()).pilots(pilotsSample);
    expect(result.length).toBe(fewestPresses('pilots')[bits(pilotsSample, '+')]);
    expect(result.length).toBe(6);
    expect(replayPresses('pilots', bits(pilotsSample, '+'), result.moves)).toBe(0);
    expect(new Set(result.moves.map(({ row, col }) => `${row},${col}`)).size).toBe(6);
  });

  it('makes a line of four from the Wikioi sample in 5 alternating moves', async () => {
    const result = (await get()).fourLine(fourLineSample);
    expect(result.length).toBe(5);
    expect(result.warning).toBeUndefined();
    expect(hasLine(replayFourLine(fourLineSample.replace(/\n/g, ''), result.moves))).toBe(true);
  });

  it('solves a four-in-a-line board with unusual counts and says so', async () => {
    const board = 'BBBO\nWWWB\nWBBO\nBWBW';
    const result = (await get()).fourLine(board);
    expect(result.warning).toMatch(/unusual counts: 8 B, 6 W, 2 O/);
    expect(result.solvable).toBe(true);
    expect(hasLine(replayFourLine(board.replace(/\n/g, ''), result.moves))).toBe(true);
  });

  it.each(['bfs', 'bibfs', 'astar', 'idastar'] as const)('solves the POJ 1077 sample in 19 moves with %s', async (algorithm) => {
    const result = (await get()).sliding(eightSample, { algorithm });
    expect(result.length).toBe(19);
    if (!('path' in result)) throw new Error('no path');
    expect(result.path).toHaveLength(19);
    expect(replaySliding([2, 3, 4, 1, 5, 0, 7, 6, 8], 3, result.path)).toEqual(eightGoal);
  });

  it('answers an odd permutation as unsolvable without searching', async () => {
    const result = (await get()).sliding('2 1 3 4 5 6 7 8 x');
    expect(result).toMatchObject({ solvable: false, length: null, stats: { nodes: 0 } });
    expect(result.solvable || result.reason).toMatch(/parity/);
    expect((await get()).slidingSolvable('2 1 3 4 5 6 7 8 x')).toBe(false);
    expect((await get()).slidingSolvable(eightSample)).toBe(true);
  });

  it('solves scrambled 15-puzzles and a 3x4 board within the scramble length, with a goal of choice', async () => {
    const s = await get();
    const goal16 = Array.from({ length: 16 }, (_, i) => i);
    for (let seed = 1; seed <= 3; seed++) {
      const board = scramble(goal16, 4, 40, seed);
      const result = s.sliding(board, { goal: 'blank-first' });
      if (!('path' in result)) throw new Error('no path');
      expect(result.length).toBeLessThanOrEqual(40);
      expect(replaySliding(board, 4, result.path)).toEqual(goal16);
    }
    const goal12 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
    const rows = (b: number[]) => [b.slice(0, 4), b.slice(4, 8), b.slice(8, 12)];
    const board = scramble(goal12, 4, 25, 7);
    const result = s.sliding(rows(board), { goal: rows(goal12), heuristic: 'manhattan' });
    if (!('path' in result)) throw new Error('no path');
    expect(replaySliding(board, 4, result.path)).toEqual(goal12);
  });

  it('stops at maxNodes and reports each IDA* iteration', async () => {
    const bounds: number[] = [];
    const korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    const result = (await get()).sliding(korf1, { goal: 'blank-first', maxNodes: 20_000, onIteration: (bound) => bounds.push(bound) });
    expect(result).toMatchObject({ solvable: true, length: null });
    expect(result.solvable && result.length === null && result.reason).toMatch(/stopped/);
    expect(bounds.length).toBeGreaterThan(1);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    // The bound it was cut short in: the last one begun, at most Korf's 57 moves.
    expect(result.solvable && result.length === null && result.bound).toBe(bounds.at(-1));
    expect(bounds.at(-1)).toBeLessThanOrEqual(57);
  });

  it('counts the 8-puzzle boards at each distance as PUZZLES.md states', async () => {
    const counts = (await get()).slidingDistances('1 2 3 4 5 6 7 8 x');
    expect(counts).toEqual([
      1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274,
      3910, 760, 221, 2,
    ]);
  });

  it('rejects bad input with one-line PuzzleInputErrors', async () => {
    const s = await get();
    expect(() => s.flip('bwwb\nbbwb\nbwwb')).toThrow(PuzzleInputError);
    expect(() => s.pilots('-+--\n--*-\n----\n-+--')).toThrow(/line 2, column 3: stray character '\*'/);
    expect(() => s.sliding('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x', { algorithm: 'bfs' })).toThrow(/at most 10 cells/);
    expect(() => s.sliding(eightSample, { algorithm: 'dfs' as never })).toThrow(/unknown algorithm 'dfs'/);
    expect(() => s.sliding(eightSample, { goal: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x' })).toThrow(/goal is 4x4 but the board is 3x3/);
    expect(() => s.slidingDistances('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x')).toThrow(/at most 10 cells/);
  });
});

describe.each(engineNames)('option and input validation on the %s engine', (engine) => {
  const korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

  function inputError(work: () => unknown): string {
    try {
      work();
    } catch (error) {
      expect(error).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message).not.toContain('\n');
      return (error as Error).message;
    }
    throw new Error('expected a PuzzleInputError');
  }

  it.each([-5, 0, 0.5, NaN, Infinity, null, '100', 2 ** 60])('rejects maxNodes %s', async (maxNodes) => {
    const s = await createSolver({ engine });
    const message = inputError(() => s.sliding(korf1, { goal: 'blank-first', maxNodes: maxNodes as never }));
    expect(message).toMatch(/^maxNodes must be a positive integer \(or left out for no limit\), not /);
    expect(message).toContain(typeof maxNodes === 'string' ? `'${maxNodes}'` : String(maxNodes));
  });

  it('accepts a positive integer maxNodes and stops there, or no limit at all', async () => {
    const s = await createSolver({ engine });
    const stopped = s.sliding(korf1, { goal: 'blank-first', maxNodes: 1 });
    expect(stopped).toMatchObject({ solvable: true, length: null });
    expect(stopped.stats.nodes).toBeLessThanOrEqual(100);
    expect(s.sliding(eightSample, { maxNodes: undefined }).length).toBe(19);
    expect(inputError(() => s.sliding(eightSample, { onIteration: 5 as never }))).toBe('onIteration must be a function, not 5');
  });

  it('rejects ragged rows naming the row, and a 10,000-digit tile as out of range', async () => {
    const s = await createSolver({ engine });
    expect(
      inputError(() =>
        s.sliding([
          [1, 2, 3],
          [4, 5],
          [6, 7, 8, 0],
        ]),
      ),
    ).toBe('row 2: 2 tiles, but row 1 has 3; rows must be equal');
    expect(inputError(() => s.slidingSolvable('1 2 3\n4 5\n6 7 8 x 9'))).toMatch(/^line 2: 2 tiles, but line 1 has 3/);
    expect(inputError(() => s.sliding(`1 2 3 4 5 6 7 8 ${'7'.repeat(10_000)}`))).toMatch(/^position 9: tile out of range/);
  });

  it('names the choices of unknown algorithms, heuristics, goals and engines', async () => {
    const s = await createSolver({ engine });
    expect(inputError(() => s.sliding(eightSample, { algorithm: 'dfs' as never }))).toBe("unknown algorithm 'dfs', expected bfs, bibfs, astar or idastar");
    expect(inputError(() => s.sliding(eightSample, { heuristic: 'pdb-663' as never }))).toBe(
      "unknown heuristic 'pdb-663', expected manhattan, linear-conflict or pdb",
    );
    expect(inputError(() => s.sliding(eightSample, { algorithm: 7 as never }))).toBe('unknown algorithm 7, expected bfs, bibfs, astar or idastar');
    expect(inputError(() => s.sliding(eightSample, { goal: 'blank-middle' as never }))).toMatch(
      /^unknown goal 'blank-middle', expected blank-last, blank-first or a board/,
    );
    const engineError = "unknown engine 'bogus', expected wasm or ts";
    await expect(createSolver({ engine: 'bogus' as never })).rejects.toThrow(engineError);
    await expect(defaultSolver('bogus' as never)).rejects.toThrow(engineError);
    for (const oneShot of [solveFlip, solvePilots, solveFourLine]) {
      await expect(oneShot(flipSample, 'bogus' as never)).rejects.toThrow(PuzzleInputError);
      await expect(oneShot(flipSample, 'bogus' as never)).rejects.toThrow(engineError);
    }
    await expect(solveSliding(eightSample, { engine: 'bogus' as never })).rejects.toThrow(engineError);
    expect(ENGINES).toEqual(['wasm', 'ts']);
    expect(SLIDING_ALGORITHMS).toEqual(['bfs', 'bibfs', 'astar', 'idastar']);
    expect(HEURISTICS).toEqual(['manhattan', 'linear-conflict', 'pdb']);
    expect(GOAL_NAMES).toEqual(['blank-last', 'blank-first']);
  });

  it('counts distances from a goal given by name and size', async () => {
    const s = await createSolver({ engine });
    const byBoard = s.slidingDistances('1 2 3 4 5 6 7 8 x');
    expect(s.slidingDistances('blank-last', { width: 3, height: 3 })).toEqual(byBoard);
    expect(s.slidingDistances('1 2 3 4 5 6 7 8 x', { width: 3, height: 3 })).toEqual(byBoard);
    const blankFirst2x3 = s.slidingDistances('blank-first', { width: 3, height: 2 });
    expect(blankFirst2x3).toEqual(
      s.slidingDistances([
        [0, 1, 2],
        [3, 4, 5],
      ]),
    );
    expect(blankFirst2x3.reduce((a, b) => a + b)).toBe(360); // 6! / 2 boards reachable
    expect(inputError(() => s.slidingDistances('blank-first'))).toMatch(/^goal 'blank-first' needs a size/);
    expect(inputError(() => s.slidingDistances('blank-first', { width: 4, height: 4 }))).toMatch(/at most 10 cells/);
    expect(inputError(() => s.slidingDistances('blank-first', { width: 1, height: 4 }))).toMatch(/^wrong size: 1x4/);
    expect(inputError(() => s.slidingDistances('1 2 3 4 5 6 7 8 x', { width: 2, height: 4 }))).toBe('size 2x4 does not match the 3x3 goal');
  });
});

describe('engines agree and one-shot calls work', () => {
  it('gives the same answers and node counts on both engines', async () => {
    const [wasm, ts] = await Promise.all(engineNames.map((engine) => createSolver({ engine })));
    const strip = (r: { stats: unknown }) => ({ ...r, stats: { nodes: (r.stats as { nodes: number }).nodes } });
    expect(strip(wasm.flip(flipSample))).toEqual(strip(ts.flip(flipSample)));
    expect(strip(wasm.fourLine(fourLineSample))).toEqual(strip(ts.fourLine(fourLineSample)));
    for (const algorithm of ['bfs', 'bibfs', 'astar', 'idastar'] as const) {
      expect(strip(wasm.sliding(eightSample, { algorithm }))).toEqual(strip(ts.sliding(eightSample, { algorithm })));
    }
  });

  it('solves through the one-shot functions and rejects an unknown engine', async () => {
    expect((await solveFlip(flipSample)).length).toBe(4);
    expect((await solveFlip(flipSample, 'ts')).length).toBe(4);
    expect((await solveSliding(eightSample, { algorithm: 'astar', engine: 'ts' })).length).toBe(19);
    await expect(createSolver({ engine: 'c' as never })).rejects.toThrow(/unknown engine 'c'/);
  });
});

describe.each(engineNames)('one call at a time on the %s engine', (engine) => {
  const korf1Line = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8').split('\n')[0];
  const korf1 = korf1Line.trim().split(/\s+/).map(Number);
  const korf1Optimum = korf1.pop()!;
  const blankFirst = Array.from({ length: 16 }, (_, i) => i);

  function busyMessage(work: () => unknown): string {
    try {
      work();
    } catch (error) {
      expect(error).toBeInstanceOf(SolverBusyError);
      return (error as Error).message;
    }
    throw new Error('the nested call was not refused');
  }

  it('refuses every nested call from onIteration and still returns the outer optimum', async () => {
    const s = await createSolver({ engine });
    const messages: string[] = [];
    let iterations = 0;
    const result = s.sliding(korf1, {
      goal: 'blank-first',
      onIteration: () => {
        iterations++;
        messages.push(busyMessage(() => s.sliding(eightSample)));
        messages.push(busyMessage(() => s.sliding(korf1, { goal: 'blank-first' })));
        messages.push(busyMessage(() => s.flip(flipSample)));
        messages.push(busyMessage(() => s.pilots(pilotsSample)));
        messages.push(busyMessage(() => s.fourLine(fourLineSample)));
        messages.push(busyMessage(() => s.slidingSolvable(eightSample)));
        messages.push(busyMessage(() => s.slidingDistances('1 2 3 4 5 6 7 8 x')));
      },
    });
    expect(korf1Optimum).toBe(57);
    expect(iterations).toBeGreaterThan(1);
    expect(messages).toHaveLength(iterations * 7);
    for (const message of messages) {
      expect(message).toMatch(/^solver is busy: /);
      expect(message).toMatch(/while sliding\(\) is still running/);
      expect(message).not.toContain('\n');
    }
    expect(messages[2]).toMatch(/^solver is busy: flip\(\) was called/);
    expect(result.length).toBe(korf1Optimum);
    if (!('path' in result)) throw new Error('no path');
    expect(replaySliding(korf1, 4, result.path)).toEqual(blankFirst);
    // Free again afterwards.
    expect(s.sliding(eightSample).length).toBe(19);
  });

  it('releases the solver when onIteration throws', async () => {
    const s = await createSolver({ engine });
    expect(() =>
      s.sliding(korf1, {
        goal: 'blank-first',
        onIteration: () => {
          throw new RangeError('caller gave up');
        },
      }),
    ).toThrow('caller gave up');
    expect(s.flip(flipSample).length).toBe(4);
    const result = s.sliding(korf1, { goal: 'blank-first' });
    expect(result.length).toBe(korf1Optimum);
    if (!('path' in result)) throw new Error('no path');
    expect(replaySliding(korf1, 4, result.path)).toEqual(blankFirst);
  });

  it('refuses a nested call through another handle on the shared default core, not on another solver', async () => {
    // defaultSolver hands out a fresh Solver object over one shared core per call.
    const [shared, sameCore] = [await defaultSolver(engine), await defaultSolver(engine)];
    const other = await createSolver({ engine });
    let nested = '';
    let otherLength: number | null = null;
    const result = shared.sliding(eightSample, {
      onIteration: () => {
        nested ||= busyMessage(() => sameCore.flip(flipSample));
        otherLength = other.flip(flipSample).length;
      },
    });
    expect(result.length).toBe(19);
    expect(nested).toMatch(/^solver is busy: flip\(\) was called while sliding\(\) is still running/);
    expect(otherLength).toBe(4);
    expect(sameCore.flip(flipSample).length).toBe(4);
  });
});
