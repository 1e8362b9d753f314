import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLACK, EMPTY, WHITE } from '../../src/engine/contract.js';
import {
  PuzzleInputError,
  checkTiles,
  namedGoal,
  parseFlipBoard,
  parseFourLineBoard,
  parseSlidingBoard,
  resolveGoal,
  sizedGoal,
  tileTokenCount,
} from '../../src/api/boards.js';
import { gridFramer, splitCases, tokenFramer } from '../../src/cli/cases.js';
import { readGridText, readSlidingText } from '../oracles.js';

const gridCases = (input: string) => splitCases((emit) => gridFramer(emit), input);
const tokenCases = (input: string, sizes: number[]) => splitCases((emit) => tokenFramer(emit, sizes), input);

function errorOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(PuzzleInputError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a PuzzleInputError');
}

describe('grid boards', () => {
  it('reads flip and pilots boards, bit i = 4 * row + col', () => {
    expect(parseFlipBoard('flip', 'bwww\nwwww\nwwww\nwwwb')).toBe(1 | (1 << 15));
    expect(parseFlipBoard('flip', ['  wbww', 'wwww ', 'wwww', 'wwww'])).toBe(2);
    expect(parseFlipBoard('pilots', '-+--\n----\n----\n-+--')).toBe((1 << 1) | (1 << 13));
  });

  it('names the line and column of a stray character', () => {
    expect(errorOf(() => parseFlipBoard('flip', 'bwwb\nbbxb\nbwwb\nbwww'))).toBe("line 2, column 3: stray character 'x', expected 'w' or 'b'");
    expect(errorOf(() => parseFlipBoard('pilots', '-+--\n----\n--\t-\n-+--'))).toMatch(/^line 3, column 3: stray character U\+0009/);
  });

  it('reports wrong sizes', () => {
    expect(errorOf(() => parseFlipBoard('flip', 'bwwb\nbbwb\nbwwb'))).toMatch(/wrong size: 3 lines/);
    expect(errorOf(() => parseFlipBoard('flip', 'bwwb\nbbwbb\nbwwb\nbwww'))).toBe('line 2: wrong size: 5 characters, expected 4');
  });

  it('reads four-in-a-line boards and warns about unusual counts', () => {
    const judge = parseFourLineBoard('BWBO\nWBWB\nBWBW\nWBWO');
    expect(Array.from(judge.cells.slice(0, 4))).toEqual([1, 2, 1, 0]);
    expect(judge.warning).toBeUndefined();
    expect(parseFourLineBoard('BBBB\nWBWB\nBWOW\nWBWO').warning).toMatch(/8 B, 6 W, 2 O/);
    expect(errorOf(() => parseFourLineBoard('BWBO\nWBWB\nBWbW\nWBWO'))).toMatch(/^line 3, column 3: stray character 'b'/);
  });
});

describe('sliding boards', () => {
  it('takes the size from the shape', () => {
    expect(parseSlidingBoard('2 3 4 1 5 x 7 6 8')).toMatchObject({ width: 3, height: 3 });
    expect(Array.from(parseSlidingBoard('2 3 4\n1 5 x\n7 6 8').tiles)).toEqual([2, 3, 4, 1, 5, 0, 7, 6, 8]);
    expect(
      parseSlidingBoard([
        [1, 2, 3, 4],
        [5, 6, 7, 0],
      ]),
    ).toMatchObject({ width: 4, height: 2 });
    expect(parseSlidingBoard(Array.from({ length: 16 }, (_, i) => i))).toMatchObject({ width: 4, height: 4 });
    expect(parseSlidingBoard({ width: 2, height: 3, tiles: [1, 2, 3, 4, 5, 0] })).toMatchObject({ width: 2, height: 3 });
  });

  it('names wrong sizes, stray, duplicate and missing tiles', () => {
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 x'))).toMatch(/^wrong size: 8 tiles/);
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 8 y'))).toBe("token 9: stray token 'y', expected a tile number or 'x' for the blank");
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 9 x'))).toMatch(/^position 8: tile out of range \(9\), expected 1 to 8/);
    expect(errorOf(() => parseSlidingBoard(`1 2 3 4 5 6 7 ${'9'.repeat(10_000)} x`))).toMatch(
      /^position 8: tile out of range \(a number of more than 15 digits\)/,
    );
    expect(errorOf(() => parseSlidingBoard([1, 2, 3, 4, 5, 6, 7, -1, 0]))).toMatch(/^position 8: tile out of range \(-1\)/);
    expect(errorOf(() => parseSlidingBoard([1, 2, 3, 4, 5, 6, 7, 1.5, 0]))).toMatch(/^position 8: stray tile 1.5/);
    expect(errorOf(() => parseSlidingBoard([1, 2, 3, 4, 5, 6, 7, '8', 0] as never))).toMatch(/^position 8: stray tile '8'/);
    expect(errorOf(() => parseSlidingBoard([1, 2, 3, 4, 5, 6, 7, Object.create(null), 0] as never))).toMatch(/^position 8: stray tile an object/);
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 7 x'))).toBe('position 8: duplicate tile 7 (also at position 7)');
    expect(errorOf(() => parseSlidingBoard('1 2 3\n4 x 6\n7 8 x'))).toBe('position 9: duplicate blank (also at position 5)');
    expect(errorOf(() => parseSlidingBoard({ width: 6, height: 6, tiles: [] }))).toMatch(/wrong size: 6x6/);
  });

  it('rejects ragged rows of an array, naming the row, instead of reflowing them', () => {
    expect(
      errorOf(() =>
        parseSlidingBoard([
          [1, 2, 3],
          [4, 5],
          [6, 7, 8, 0],
        ]),
      ),
    ).toBe('row 2: 2 tiles, but row 1 has 3; rows must be equal');
    expect(errorOf(() => parseSlidingBoard([[1, 2, 3, 4, 5, 6, 7, 8, 0]]))).toMatch(/^wrong size: 1 row of 9 tiles, sides must be 2 to 5/);
    expect(errorOf(() => parseSlidingBoard([]))).toMatch(/^wrong size: 0 tiles/);
    expect(errorOf(() => parseSlidingBoard([[1, 2], 3, 0] as never))).toBe('board mixes rows and single tiles');
  });

  it('reads text as equal rows, or as one square board however its lines break; otherwise names the line', () => {
    expect(parseSlidingBoard('1 2 3 4\n5 6 7 x')).toMatchObject({ width: 4, height: 2 });
    expect(Array.from(parseSlidingBoard('2 3 4 1 5 x\n7 6 8').tiles)).toEqual([2, 3, 4, 1, 5, 0, 7, 6, 8]);
    expect(parseSlidingBoard('1 2 3 4 5 6 7 8\n9 10 11 12 13 14 15 x')).toMatchObject({ width: 4, height: 4 });
    expect(errorOf(() => parseSlidingBoard('1 2 3\n4 5\n6 7 8 x 9'))).toBe(
      'line 2: 2 tiles, but line 1 has 3; expected equal rows of 2 to 5 tiles, or one square board of 9, 16 or 25 tiles',
    );
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6\n7 8 9 10 11 x'))).toMatch(/^wrong size: 2 lines of 6 tiles/);
  });

  it('resolves goals by name or board, of the same size only', () => {
    const start = parseSlidingBoard('1 2 3 4 5 6 7 8 x');
    expect(Array.from(resolveGoal(undefined, start).tiles)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(Array.from(resolveGoal('blank-first', start).tiles)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(namedGoal('blank-last', 4, 2).tiles)).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(errorOf(() => resolveGoal('0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15', start))).toBe('goal is 4x4 but the board is 3x3');
    expect(errorOf(() => resolveGoal('0 1 2 3 4 5 6 7 7', start))).toMatch(/^goal: position 9: duplicate tile 7/);
    expect(errorOf(() => resolveGoal('bogus' as never, start))).toBe("unknown goal 'bogus', expected blank-last, blank-first or a board");
    expect(Array.from(sizedGoal('blank-first', { width: 2, height: 3 }).tiles)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(errorOf(() => sizedGoal('blank-last'))).toMatch(/^goal 'blank-last' needs a size/);
    expect(errorOf(() => sizedGoal('blank-last', { width: 6, height: 3 }))).toMatch(/^wrong size: 6x3/);
    expect(errorOf(() => sizedGoal('1 2 3 4 5 6 7 8 x', { width: 4, height: 2 }))).toBe('size 4x2 does not match the 3x3 goal');
  });
});

describe('splitting input into cases', () => {
  it('ends grid cases at 4 rows or a blank line; short cases are bad cases of their own', () => {
    const cases = gridCases('bwwb\nbbwb\n\nbwwb\nbwww\n\n\nwwww\nwwww\nwwww\nwwww\nbbbb\n');
    expect(cases.map((c) => c.text.split('\n').length)).toEqual([2, 2, 4, 1]);
    expect(cases.map((c) => c.error ?? 'ok')).toEqual([
      'wrong size: 2 lines, expected 4 lines of 4 characters',
      'wrong size: 2 lines, expected 4 lines of 4 characters',
      'ok',
      'wrong size: 1 line, expected 4 lines of 4 characters',
    ]);
    expect(cases.map((c) => c.line)).toEqual([1, 4, 8, 12]);
  });

  it('makes a token line that is a whole board, or neither board nor row, a case of its own', () => {
    const cases = tokenCases(`2 3 4\n1 5 x\n7 6 8\n1 2 3 4 5 6 7 8 x\n1 2\n\n${'1 '.repeat(17)}\n5 4 3 2 1 x 6 7 8`, [9, 16, 25]);
    expect(cases.map((c) => c.error ?? 'ok')).toEqual([
      'ok',
      'ok',
      'wrong size: 2 tokens, expected 9, 16 or 25',
      'wrong size: 17 tokens, expected 9, 16 or 25',
      'ok',
    ]);
    expect(cases.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it('joins only rows of one length that make exactly one board (the 8-puzzle)', () => {
    const cases = tokenCases('2 3 4 1 5 x\n7 6 8\n1 2 3 4 5 6 7\n8 x 9\n1 2 3 4 5 6 7 8 x\n1 2 3\n4 5 6 7\n', [9]);
    expect(cases.map((c) => c.error ?? 'ok')).toEqual([
      'wrong size: 6 tokens, expected 9',
      'wrong size: 3 tokens, expected 9',
      'wrong size: 7 tokens, expected 9',
      'wrong size: 3 tokens, expected 9',
      'ok',
      'wrong size: 3 tokens, expected 9',
      'wrong size: 4 tokens, expected 9',
    ]);
  });
});

describe('slidingReachable (the parity rule) agrees with the engines on random boards of every size and both goals', () => {
  it('2x2 to 5x5', async () => {
    const { createSolver } = await import('../../src/api/solver.js');
    const { slidingReachable, namedGoal } = await import('../../src/api/boards.js');
    const { seededRandom, shuffle } = await import('../oracles.js');
    const solver = await createSolver({ engine: 'ts' });
    const random = seededRandom(22);
    let disagreements = 0;
    let reachable = 0;
    for (const [width, height] of [
      [2, 2],
      [3, 2],
      [2, 3],
      [3, 3],
      [4, 3],
      [4, 4],
      [5, 4],
      [5, 5],
    ]) {
      for (let i = 0; i < 60; i++) {
        const tiles = shuffle(
          Array.from({ length: width * height }, (_, t) => t),
          random,
        );
        const start = { width, height, tiles: Uint8Array.from(tiles) };
        for (const goal of ['blank-first', 'blank-last'] as const) {
          const mine = slidingReachable(start, namedGoal(goal, width, height));
          const engine = solver.slidingSolvable({ width, height, tiles } as never, goal);
          if (mine !== engine) disagreements++;
          if (mine) reachable++;
        }
      }
    }
    expect(disagreements).toBe(0);
    expect(reachable).toBeGreaterThan(100);
  });
});

describe('the one-pass readers read as the plain reading does (tests/oracles.js): the same boards, or the same message', () => {
  /** The outcome of `work`: its value, or the message of the PuzzleInputError it threw. */
  function outcome<T>(work: () => T): T | { error: string } {
    try {
      return work();
    } catch (error) {
      if (!(error instanceof PuzzleInputError)) throw error;
      return { error: error.message };
    }
  }
  const spaces = [' ', '  ', '\t', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff'];
  const lineEnds = ['\n', '\r\n', '\n\n', '\n \n'];

  it('grid boards (Flip, Pilots, four in a line), as text and as row strings', () => {
    const unit = fc.constantFrom('b', 'w', '+', '-', 'O', 'B', 'W', 'x', 'é', '🧩', '\ud800', ...spaces);
    // Mostly four lines of about four characters, so that most boards get past the line count.
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('b', 'w', ...spaces, ...lineEnds), maxLength: 30 }),
      fc
        .tuple(fc.array(fc.string({ unit, minLength: 3, maxLength: 5 }), { minLength: 3, maxLength: 5 }), fc.constantFrom(...lineEnds))
        .map(([rows, end]) => rows.join(end)),
    );
    fc.assert(
      fc.property(text, fc.constantFrom('wb', '-+', 'OBW'), (board, alphabet) => {
        for (const input of [board, board.split('\n')]) {
          const expected = readGridText(input, alphabet);
          if (alphabet === 'OBW') {
            const got = outcome(() => Array.from(parseFourLineBoard(input).cells));
            expect(got).toEqual('error' in expected ? expected : expected.cells.map((code: number) => [EMPTY, BLACK, WHITE][code]));
          } else {
            const got = outcome(() => parseFlipBoard(alphabet === 'wb' ? 'flip' : 'pilots', input));
            expect(got).toEqual('error' in expected ? expected : expected.cells.reduce((bits: number, set: number, i: number) => bits | (set << i), 0));
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("sliding boards: tokens, lines and shapes, then the tiles' own checks", () => {
    const token = fc.constantFrom('1', '2', '3', '5', '8', '15', '24', 'x', 'X', '0', '007', 'a', '-1', '1.5', '🧩', '12345678901234567', '9'.repeat(400));
    const separator = fc.constantFrom(...spaces, ...lineEnds);
    const board = fc.oneof(
      fc
        .shuffledSubarray(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], { minLength: 9, maxLength: 9 })
        .chain((tiles) => fc.array(separator, { minLength: 8, maxLength: 8 }).map((seps) => tiles.map((tile, i) => tile + (seps[i] ?? '')).join(''))),
      fc.array(fc.tuple(token, separator), { maxLength: 28 }).map((pairs) => pairs.map(([t, sep]) => t + sep).join('')),
    );
    fc.assert(
      fc.property(board, (text) => {
        const shape = readSlidingText(text);
        const expected =
          'error' in shape ? shape : outcome(() => ({ width: shape.width, height: shape.height, tiles: checkTiles(shape.width, shape.height, shape.tiles) }));
        expect(outcome(() => parseSlidingBoard(text))).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("the CLI's framing counts a line's tile tokens, or says one can be no tile", () => {
    const token = fc.constantFrom('1', '12', 'x', 'X', '0', 'a', 'xx', '-1', '🧩', '1x');
    fc.assert(
      fc.property(fc.array(fc.tuple(token, fc.constantFrom(...spaces)), { minLength: 1, maxLength: 12 }), (pairs) => {
        const line = pairs
          .map(([t, sep]) => t + sep)
          .join('')
          .trim();
        const tokens = line.split(/\s+/);
        expect(tileTokenCount(line)).toBe(tokens.every((t) => /^(?:\d+|[xX])$/.test(t)) ? tokens.length : -1);
      }),
      { numRuns: 2000 },
    );
  });
});
