import { describe, expect, it } from 'vitest';
import { PuzzleInputError, namedGoal, parseFlipBoard, parseFourLineBoard, parseSlidingBoard, resolveGoal } from '../src/boards.js';
import { gridCases, tokenCases } from '../src/cases.js';

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
    expect(parseSlidingBoard([[1, 2, 3, 4], [5, 6, 7, 0]])).toMatchObject({ width: 4, height: 2 });
    expect(parseSlidingBoard(Array.from({ length: 16 }, (_, i) => i))).toMatchObject({ width: 4, height: 4 });
    expect(parseSlidingBoard({ width: 2, height: 3, tiles: [1, 2, 3, 4, 5, 0] })).toMatchObject({ width: 2, height: 3 });
  });

  it('names wrong sizes, stray, duplicate and missing tiles', () => {
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 x'))).toMatch(/^wrong size: 8 tiles/);
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 8 y'))).toBe("token 9: stray token 'y', expected a tile number or 'x' for the blank");
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 9 x'))).toMatch(/^position 8: stray tile '9'/);
    expect(errorOf(() => parseSlidingBoard('1 2 3 4 5 6 7 7 x'))).toBe('position 8: duplicate tile 7 (also at position 7)');
    expect(errorOf(() => parseSlidingBoard('1 2 3\n4 x 6\n7 8 x'))).toBe('position 9: duplicate blank (also at position 5)');
    expect(errorOf(() => parseSlidingBoard({ width: 6, height: 6, tiles: [] }))).toMatch(/wrong size: 6x6/);
  });

  it('resolves goals by name or board, of the same size only', () => {
    const start = parseSlidingBoard('1 2 3 4 5 6 7 8 x');
    expect(Array.from(resolveGoal(undefined, start).tiles)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(Array.from(resolveGoal('blank-first', start).tiles)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(namedGoal('blank-last', 4, 2).tiles)).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(errorOf(() => resolveGoal('0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15', start))).toBe('goal is 4x4 but the board is 3x3');
    expect(errorOf(() => resolveGoal('0 1 2 3 4 5 6 7 7', start))).toMatch(/^goal: position 9: duplicate tile 7/);
  });
});

describe('splitting input into cases', () => {
  it('groups grid boards by 4 non-blank lines', () => {
    const cases = gridCases('bwwb\nbbwb\n\nbwwb\nbwww\n\n\nwwww\nwwww\nwwww\nwwww\nbbbb\n');
    expect(cases.map((c) => c.text.split('\n').length)).toEqual([4, 4, 1]);
    expect(cases[2].error).toMatch(/input ended after 1 of 4 lines/);
  });

  it('ends token cases at a matching count, a blank line or an overflow', () => {
    const cases = tokenCases('2 3 4\n1 5 x\n7 6 8\n1 2 3 4 5 6 7 8 x\n1 2\n\n' + '1 '.repeat(17) + '\n5 4 3 2 1 x 6 7 8', [9, 16, 25], 5);
    expect(cases.map((c) => c.error ?? 'ok')).toEqual(['ok', 'ok', 'wrong size: 2 tokens, expected 9, 16 or 25', 'wrong size: 17 tokens, expected 9, 16 or 25', 'ok']);
    expect(cases.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets a board run over lines when rows are unbounded (the 8-puzzle)', () => {
    const cases = tokenCases('2 3 4 1 5 x\n7 6 8\n1 2 3 4 5 6 7\n8 x 9\n1 2 3 4 5 6 7 8 x', [9]);
    expect(cases.map((c) => c.error ?? 'ok')).toEqual(['ok', 'wrong size: 10 tokens, expected 9', 'ok']);
  });
});
