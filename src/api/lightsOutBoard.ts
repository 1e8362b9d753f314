/**
 * Lights Out boards from their inputs: text (a string, or its UTF-8 bytes as
 * read), an array of row strings, or an array of number rows.
 *
 * Text is read in one pass over its code units, each cell written straight
 * into the byte array the engines read: no per-character RegExp, no array of
 * lines, no array per row. A 1000x1000 board took 200 ms through split, map
 * and a RegExp test per cell, and its garbage another 80 ms; one pass takes a
 * few. The messages are those of the plain reading: lines are counted among
 * the non-blank ones, columns after the line's leading spaces, in code
 * points; a stray character anywhere is reported before any row of the wrong
 * length.
 *
 * An engine may read text faster (the wasm engine reads it in the module:
 * cold JavaScript takes several milliseconds over a megabyte of cells, the
 * module under one). It takes only the boards it can decide alone; this file
 * reads the rest and words every message, so answers never depend on it.
 */
import type { LightsOutCore } from '../engine/contract.js';
import { describeChar, isSpace, PuzzleInputError } from './boards.js';

/** A board: text rows ('0'..'9', '.' = 0, '#' = 1) as a string or its UTF-8 bytes, an array of row strings, or an array of number rows. */
export type LightsOutInput = string | Uint8Array | readonly string[] | readonly (readonly number[])[];

export interface LightsOutBoard {
  rows: number;
  cols: number;
  /** rows * cols values, row-major. */
  cells: Uint8Array;
}

/** The most values a cell may take (values fit a byte). */
export const MAX_COLORS = 251;

type Fail = (message: string) => never;

/** Where the cells go, and the first row (after row 1) whose length differs from row 1's. */
interface Reading {
  cells: Uint8Array;
  count: number;
  rows: number;
  cols: number;
  /** 1-based line of the first row of another length, 0 if none yet; and its cell count. */
  unevenLine: number;
  unevenCells: number;
}

/** A cell's value from its code unit: '0'..'9', '.' = 0, '#' = 1; -1 for anything else. */
function cellValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code === 46) return 0;
  if (code === 35) return 1;
  return -1;
}

/**
 * One row, `text[start, end)` trimmed, into `reading`. `blankRows`: whether an
 * empty row counts (an array's rows do; blank lines of text do not).
 */
function readRow(text: string, start: number, end: number, reading: Reading, colors: number, blankRows: boolean, fail: Fail): void {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end && !blankRows) return;
  const line = reading.rows + 1;
  const { cells } = reading;
  let count = reading.count;
  for (let i = start; i < end; i++) {
    const value = cellValue(text.charCodeAt(i));
    if (value < 0 || value >= colors) {
      // Rare: the column in code points, and the character whole.
      const column = [...text.slice(start, i)].length + 1;
      if (value < 0)
        fail(`line ${line}, column ${column}: stray character ${describeChar(String.fromCodePoint(text.codePointAt(i)!))}, expected a digit, '.' or '#'`);
      fail(`line ${line}, column ${column}: value ${value} is not below the ${colors} colours`);
    }
    cells[count++] = value;
  }
  const width = end - start;
  if (line === 1) reading.cols = width;
  else if (width !== reading.cols && reading.unevenLine === 0) {
    reading.unevenLine = line;
    reading.unevenCells = width;
  }
  reading.count = count;
  reading.rows = line;
}

/** The board from the reading: the shape checks that come after every character's. */
function boardOf(reading: Reading, fail: Fail): LightsOutBoard {
  if (reading.rows === 0) fail('empty: no rows');
  if (reading.cols === 0) fail('line 1: empty row');
  if (reading.unevenLine !== 0) fail(`line ${reading.unevenLine}: ${reading.unevenCells} cells, expected ${reading.cols} (as line 1)`);
  // Tight: the cells were written into room for every code unit of the text.
  const cells = reading.count === reading.cells.length ? reading.cells : reading.cells.slice(0, reading.count);
  return { rows: reading.rows, cols: reading.cols, cells };
}

/** Text: lines split at '\n', each trimmed, blank ones skipped. */
function readText(text: string, colors: number, fail: Fail): LightsOutBoard {
  const reading: Reading = { cells: new Uint8Array(text.length), count: 0, rows: 0, cols: 0, unevenLine: 0, unevenCells: 0 };
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    readRow(text, start, end, reading, colors, false, fail);
    start = end + 1;
  }
  return boardOf(reading, fail);
}

/** One decoder for every call (decoding is stateless without `stream`). */
const utf8 = new TextDecoder();

/**
 * Parses one board. Text: lines of '0'..'9', '.' (0) or '#' (1), blank lines
 * and surrounding spaces ignored. Every value must be below `colors`.
 * `what` names the board in messages ('board', 'target 2', ...).
 */
export function parseLightsOutBoard(input: LightsOutInput, colors = 2, what = 'board'): LightsOutBoard {
  return readLightsOutBoard(input, colors, what);
}

/**
 * parseLightsOutBoard, with text first offered to `engine`'s reader: it takes
 * the boards it can decide alone, and this file reads the rest (and words
 * every error), so the answer is the same either way.
 */
export function readLightsOutBoard(input: LightsOutInput, colors: number, what: string, engine?: Pick<LightsOutCore, 'readText'>): LightsOutBoard {
  if (engine?.readText && (typeof input === 'string' || input instanceof Uint8Array)) {
    const board = engine.readText(input, colors);
    if (board) return board;
  }
  const fail = (message: string): never => {
    throw new PuzzleInputError(what === 'board' ? message : `${what}: ${message}`);
  };
  if (typeof input === 'string') return readText(input, colors, fail);
  // UTF-8 as read: decoded natively (a megabyte of ASCII in well under a millisecond), then read as text.
  if (input instanceof Uint8Array) return readText(utf8.decode(input), colors, fail);
  if (!Array.isArray(input)) return fail('expected text rows, an array of row strings or an array of number rows');
  if (input.every((row) => typeof row === 'string')) {
    const rows = input as readonly string[];
    const reading: Reading = {
      cells: new Uint8Array(rows.reduce((sum, row) => sum + row.length, 0)),
      count: 0,
      rows: 0,
      cols: 0,
      unevenLine: 0,
      unevenCells: 0,
    };
    for (const row of rows) readRow(row, 0, row.length, reading, colors, true, fail);
    return boardOf(reading, fail);
  }
  return readNumberRows(input as readonly unknown[], colors, fail);
}

/** An array of number rows, checked value by value. */
function readNumberRows(input: readonly unknown[], colors: number, fail: Fail): LightsOutBoard {
  const grid = input.map((row, r) => {
    if (!Array.isArray(row)) fail(`row ${r + 1}: expected a string or an array of numbers, got ${typeof row}`);
    return (row as readonly unknown[]).map((value, c) => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        fail(`line ${r + 1}, column ${c + 1}: expected a whole number 0..${colors - 1}, got ${String(value)}`);
      }
      if ((value as number) >= colors) fail(`line ${r + 1}, column ${c + 1}: value ${value as number} is not below the ${colors} colours`);
      return value as number;
    });
  });
  if (grid.length === 0) fail('empty: no rows');
  const cols = grid[0]!.length;
  if (cols === 0) fail('line 1: empty row');
  grid.forEach((row, r) => {
    if (row.length !== cols) fail(`line ${r + 1}: ${row.length} cells, expected ${cols} (as line 1)`);
  });
  return { rows: grid.length, cols, cells: Uint8Array.from(grid.flat()) };
}
