/**
 * Parsing and validation of boards, from the judges' text or from arrays, into
 * the numeric shapes of `core.ts`. Every error is one line that says what is
 * wrong and where; nothing here searches.
 */
import { BLACK, EMPTY, MAX_SIDE, WHITE, type FlipKind, type SlidingBoard } from './core.js';

/** Bad input: the message is one line naming what is wrong and where. */
export class PuzzleInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PuzzleInputError';
  }
}

/** A 4x4 board as judge text (4 lines of 4 characters) or as an array of 4 row strings. */
export type GridInput = string | readonly string[];

function gridRows(input: GridInput): string[] {
  if (typeof input === 'string') {
    return input.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
  }
  if (!Array.isArray(input)) throw new PuzzleInputError('board must be a string or an array of 4 row strings');
  return input.map((row, i) => {
    if (typeof row !== 'string') throw new PuzzleInputError(`row ${i + 1}: expected a string, got ${typeof row}`);
    return row.trim();
  });
}

function describeChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function quoteAll(chars: string): string {
  return [...chars].map((ch) => `'${ch}'`).join(', ').replace(/, ([^,]*)$/, ' or $1');
}

/** Reads a 4x4 grid whose cells are drawn from `alphabet`; returns the index of each cell's character. */
function parseGrid(input: GridInput, alphabet: string): number[] {
  const rows = gridRows(input);
  if (rows.length !== 4) {
    throw new PuzzleInputError(`wrong size: ${rows.length} ${rows.length === 1 ? 'line' : 'lines'}, expected 4 lines of 4 characters`);
  }
  const cells: number[] = [];
  rows.forEach((row, r) => {
    const chars = [...row];
    for (let c = 0; c < chars.length; c++) {
      const code = alphabet.indexOf(chars[c]);
      if (code < 0) {
        throw new PuzzleInputError(`line ${r + 1}, column ${c + 1}: stray character ${describeChar(chars[c])}, expected ${quoteAll(alphabet)}`);
      }
      cells.push(code);
    }
    if (chars.length !== 4) {
      throw new PuzzleInputError(`line ${r + 1}: wrong size: ${chars.length} characters, expected 4`);
    }
  });
  return cells;
}

/** Flip Game ('b'/'w') or Pilots ('+'/'-') board: bit i = 4 * row + column is set for 'b' / '+'. */
export function parseFlipBoard(kind: FlipKind, input: GridInput): number {
  const cells = parseGrid(input, kind === 'flip' ? 'wb' : '-+');
  return cells.reduce((board, set, i) => board | (set << i), 0);
}

export interface FourLineBoard {
  cells: Uint8Array;
  /** Set when the counts differ from the judge's 7 B, 7 W, 2 O: the board is still solved. */
  warning?: string;
}

export function parseFourLineBoard(input: GridInput): FourLineBoard {
  const codes = parseGrid(input, 'OBW');
  const cells = Uint8Array.from(codes, (code) => [EMPTY, BLACK, WHITE][code]);
  const count = (code: number) => codes.filter((c) => c === code).length;
  const [empty, black, white] = [count(0), count(1), count(2)];
  if (black === 7 && white === 7 && empty === 2) return { cells };
  return { cells, warning: `unusual counts: ${black} B, ${white} W, ${empty} O (the judge's boards have 7, 7 and 2); solved as given` };
}

/**
 * A sliding board: judge text (tokens `1`.. and `x` or `0` for the blank, a line
 * per row, or all on one line for a square board), an array of rows, a flat
 * array of a square board, or a `SlidingBoard`.
 */
export type SlidingInput = string | readonly (readonly number[])[] | readonly number[] | SlidingBoard;

const MIN_SIDE = 2;

function isSlidingBoard(input: unknown): input is SlidingBoard {
  return typeof input === 'object' && input !== null && 'tiles' in input && 'width' in input && 'height' in input;
}

function squareSide(count: number): number {
  const side = Math.round(Math.sqrt(count));
  return side * side === count && side >= 3 && side <= MAX_SIDE ? side : 0;
}

const sizeHint = 'expected 9, 16 or 25 tiles for a square board, or equal rows of 2 to 5 tiles';

/** Tokens of the text, as numbers (the blank is 0); the shape is decided by the caller. */
function tokenRows(text: string): number[][] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
  return lines.map((line, r) =>
    line.split(/\s+/).map((token, c) => {
      if (token === 'x' || token === 'X') return 0;
      if (!/^\d+$/.test(token)) {
        const where = lines.length > 1 ? `line ${r + 1}, token ${c + 1}` : `token ${c + 1}`;
        throw new PuzzleInputError(`${where}: stray token '${token}', expected a tile number or 'x' for the blank`);
      }
      return Number(token);
    }),
  );
}

function shapeOf(rows: number[][]): { width: number; height: number; tiles: number[] } {
  const flat = rows.flat();
  const equalRows = rows.length > 1 && rows.every((row) => row.length === rows[0].length);
  if (equalRows && rows[0].length >= MIN_SIDE && rows[0].length <= MAX_SIDE && rows.length >= MIN_SIDE && rows.length <= MAX_SIDE) {
    return { width: rows[0].length, height: rows.length, tiles: flat };
  }
  const side = squareSide(flat.length);
  if (side === 0) throw new PuzzleInputError(`wrong size: ${flat.length} tiles, ${sizeHint}`);
  return { width: side, height: side, tiles: flat };
}

function checkTiles(width: number, height: number, tiles: readonly number[]): Uint8Array {
  const n = width * height;
  const seen = new Int32Array(n).fill(-1);
  tiles.forEach((tile, position) => {
    if (!Number.isInteger(tile) || tile < 0 || tile >= n) {
      throw new PuzzleInputError(`position ${position + 1}: stray tile '${tile}', expected 1 to ${n - 1} or the blank (x or 0) on a ${width}x${height} board`);
    }
    if (seen[tile] >= 0) {
      const name = tile === 0 ? 'blank' : `tile ${tile}`;
      throw new PuzzleInputError(`position ${position + 1}: duplicate ${name} (also at position ${seen[tile] + 1})`);
    }
    seen[tile] = position;
  });
  const missing = [...seen.keys()].filter((tile) => seen[tile] < 0);
  if (missing.length > 0) {
    throw new PuzzleInputError(`missing ${missing.map((t) => (t === 0 ? 'blank' : `tile ${t}`)).join(', ')}`);
  }
  return Uint8Array.from(tiles);
}

export function parseSlidingBoard(input: SlidingInput): SlidingBoard {
  if (typeof input === 'string') {
    const { width, height, tiles } = shapeOf(tokenRows(input));
    return { width, height, tiles: checkTiles(width, height, tiles) };
  }
  if (isSlidingBoard(input)) {
    const { width, height } = input;
    if (![width, height].every((side) => Number.isInteger(side) && side >= MIN_SIDE && side <= MAX_SIDE)) {
      throw new PuzzleInputError(`wrong size: ${width}x${height}, sides must be ${MIN_SIDE} to ${MAX_SIDE}`);
    }
    if (input.tiles.length !== width * height) {
      throw new PuzzleInputError(`wrong size: ${input.tiles.length} tiles for a ${width}x${height} board`);
    }
    return { width, height, tiles: checkTiles(width, height, Array.from(input.tiles)) };
  }
  if (!Array.isArray(input)) throw new PuzzleInputError('board must be text, an array of rows, a flat array or { width, height, tiles }');
  if (input.every((row) => Array.isArray(row))) {
    const { width, height, tiles } = shapeOf((input as number[][]).map((row) => [...row]));
    return { width, height, tiles: checkTiles(width, height, tiles) };
  }
  if (input.some((tile) => Array.isArray(tile))) throw new PuzzleInputError('board mixes rows and single tiles');
  const side = squareSide(input.length);
  if (side === 0) throw new PuzzleInputError(`wrong size: ${input.length} tiles, ${sizeHint}`);
  return { width: side, height: side, tiles: checkTiles(side, side, input as number[]) };
}

/** Named goals: tiles in order with the blank last (the judges') or first (the research sets'). */
export type GoalName = 'blank-last' | 'blank-first';

export function namedGoal(name: GoalName, width: number, height: number): SlidingBoard {
  const n = width * height;
  const tiles = new Uint8Array(n);
  for (let i = 0; i < n; i++) tiles[i] = name === 'blank-first' ? i : (i + 1) % n;
  return { width, height, tiles };
}

export function resolveGoal(goal: GoalName | SlidingInput | undefined, start: SlidingBoard): SlidingBoard {
  if (goal === undefined || goal === 'blank-last' || goal === 'blank-first') {
    return namedGoal(goal ?? 'blank-last', start.width, start.height);
  }
  let parsed: SlidingBoard;
  try {
    parsed = parseSlidingBoard(goal);
  } catch (error) {
    if (error instanceof PuzzleInputError) throw new PuzzleInputError(`goal: ${error.message}`);
    throw error;
  }
  if (parsed.width !== start.width || parsed.height !== start.height) {
    throw new PuzzleInputError(`goal is ${parsed.width}x${parsed.height} but the board is ${start.width}x${start.height}`);
  }
  return parsed;
}
