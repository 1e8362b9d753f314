/**
 * Parsing and validation of boards, from the judges' text or from arrays, into
 * the numeric shapes of src/engine/contract.ts. Every error is one line that says what is
 * wrong and where; nothing here searches.
 *
 * One file of about 450 lines: the families' parsers share the grid reader,
 * the value descriptions and the wording of every error, which must stay one
 * voice for the CLI, the API and the page.
 */
import { BLACK, EMPTY, MAX_SIDE, WHITE, type FlipKind, type SlidingBoard } from '../engine/contract.js';

/** Bad input: the message is one line naming what is wrong and where. */
export class PuzzleInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PuzzleInputError';
  }
}

/**
 * A value as an error message shows it: short, on one line, and never throwing,
 * whatever a caller passed (a 10,000-digit string, an object without a prototype).
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 24 ? `${value.slice(0, 24)}...` : value;
      return `'${shown.replace(/[\x00-\x1f\x7f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
    }
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return value.toString().length > 24 ? 'a bigint too large to show' : `${value}n`;
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    default:
      return typeof value;
  }
}

/** `a, b or c`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** `value` if it is one of `choices`; otherwise a PuzzleInputError naming the choices. */
export function checkChoice<T extends string>(what: string, value: unknown, choices: readonly T[]): T {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw new PuzzleInputError(`unknown ${what} ${describeValue(value)}, expected ${orList(choices)}`);
}

/** A 4x4 board as judge text (4 lines of 4 characters) or as an array of 4 row strings. */
export type GridInput = string | readonly string[];

// Text is read in one pass over its code units: lines found with indexOf and
// trimmed in place, tokens and cells read where they stand. No array of
// lines, no string per token or character, no RegExp a token: 200,000
// 8-puzzles through the CLI spent a tenth of their time splitting and testing
// strings. The messages are those of the plain reading (split lines, trim,
// drop blank ones, split tokens at white space), kept as an oracle in
// tests/oracles.js: lines are counted among the non-blank ones, columns in
// code points after the line's leading spaces.

/** What String.prototype.trim removes and /\s/ matches (white space and line terminators), by UTF-16 code unit. */
export function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The non-blank lines of `text` (split at '\n'), trimmed, as [start, end) code-unit pairs, flat. */
function lineSpans(text: string): number[] {
  const spans: number[] = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const [from, to] = trimmed(text, start, end);
    if (to > from) spans.push(from, to);
    start = end + 1;
  }
  return spans;
}

/** `text[start, end)` without its leading and trailing white space, as a pair. */
function trimmed(text: string, start: number, end: number): [number, number] {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return [start, end];
}

/** The character at code unit i (a whole surrogate pair), and its column: code points from `start`, 1-based. */
function charAt(text: string, start: number, i: number): { ch: string; column: number } {
  return { ch: String.fromCodePoint(text.codePointAt(i)!), column: [...text.slice(start, i)].length + 1 };
}

/** The rows of a grid: [string, start, end) triples, trimmed; text's blank lines dropped, an array's rows kept. */
function gridRows(input: GridInput): { texts: string[]; spans: number[] } {
  if (typeof input === 'string') {
    const spans = lineSpans(input);
    return { texts: new Array<string>(spans.length >> 1).fill(input), spans };
  }
  if (!Array.isArray(input)) throw new PuzzleInputError('board must be a string or an array of 4 row strings');
  // Array.from, not map: a sparse array's holes must be seen (as undefined rows).
  const texts = Array.from(input as unknown[], (row, i) => {
    if (typeof row !== 'string') throw new PuzzleInputError(`row ${i + 1}: expected a string, got ${describeValue(row)}`);
    return row;
  });
  return { texts, spans: texts.flatMap((row) => trimmed(row, 0, row.length)) };
}

/** A character as a message names it: itself when printable ASCII, else its code point. */
export function describeChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function quoteAll(chars: string): string {
  return [...chars]
    .map((ch) => `'${ch}'`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
}

/** Reads a 4x4 grid whose cells are drawn from `alphabet` (ASCII); returns the index of each cell's character. */
function parseGrid(input: GridInput, alphabet: string): Uint8Array {
  const { texts, spans } = gridRows(input);
  const lines = texts.length;
  if (lines !== 4) throw new PuzzleInputError(`wrong size: ${lines} ${lines === 1 ? 'line' : 'lines'}, expected 4 lines of 4 characters`);
  const cells = new Uint8Array(16);
  for (let r = 0; r < 4; r++) {
    const text = texts[r];
    const start = spans[2 * r];
    const end = spans[2 * r + 1];
    for (let i = start; i < end; i++) {
      const code = alphabetIndex(alphabet, text.charCodeAt(i));
      if (code < 0) {
        const { ch, column } = charAt(text, start, i);
        throw new PuzzleInputError(`line ${r + 1}, column ${column}: stray character ${describeChar(ch)}, expected ${quoteAll(alphabet)}`);
      }
      if (i - start < 4) cells[4 * r + i - start] = code;
    }
    // Every character was the alphabet's (one code unit each): the row's length in characters.
    if (end - start !== 4) throw new PuzzleInputError(`line ${r + 1}: wrong size: ${end - start} characters, expected 4`);
  }
  return cells;
}

/** The index of code unit `unit` in `alphabet`, -1 if absent. */
function alphabetIndex(alphabet: string, unit: number): number {
  for (let k = 0; k < alphabet.length; k++) if (alphabet.charCodeAt(k) === unit) return k;
  return -1;
}

/** Flip Game ('b'/'w') or Pilots ('+'/'-') board: bit i = 4 * row + column is set for 'b' / '+'. */
export function parseFlipBoard(kind: FlipKind, input: GridInput): number {
  if (kind !== 'flip' && kind !== 'pilots') throw new PuzzleInputError(`unknown kind ${describeValue(kind)}, expected flip or pilots`);
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
  const cells = codes.map((code) => [EMPTY, BLACK, WHITE][code]);
  const count = (code: number) => codes.reduce((sum, c) => sum + (c === code ? 1 : 0), 0);
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

const sideOk = (side: unknown): side is number => Number.isInteger(side) && (side as number) >= MIN_SIDE && (side as number) <= MAX_SIDE;

function isSlidingBoard(input: unknown): input is SlidingBoard {
  return typeof input === 'object' && input !== null && 'tiles' in input && 'width' in input && 'height' in input;
}

function squareSide(count: number): number {
  const side = Math.round(Math.sqrt(count));
  return side * side === count && side >= 3 && side <= MAX_SIDE ? side : 0;
}

const sizeHint = 'expected 9, 16 or 25 tiles for a square board, or equal rows of 2 to 5 tiles';

/**
 * The tile a token `text[start, end)` stands for: a number (ASCII digits), or
 * 0 for the blank (`x`, `X`); -1 when it can be no tile.
 */
function tileValue(text: string, start: number, end: number): number {
  const first = text.charCodeAt(start);
  if (end - start === 1 && (first === 120 || first === 88)) return 0;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  // Past 15 digits the running sum may round otherwise than the number read whole.
  return end - start > 15 ? Number(text.slice(start, end)) : value;
}

/** Where the token starting at `start` ends (the next white space, or `end`). */
function tokenEnd(text: string, start: number, end: number): number {
  while (start < end && !isSpace(text.charCodeAt(start))) start++;
  return start;
}

/** Where the white space starting at `start` ends. */
function spaceEnd(text: string, start: number, end: number): number {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  return start;
}

/** The number of tokens of a trimmed line, or -1 when one of them can be no tile (the CLI's framing). */
export function tileTokenCount(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i = spaceEnd(line, i, line.length)) {
    const end = tokenEnd(line, i, line.length);
    if (tileValue(line, i, end) < 0) return -1;
    count++;
    i = end;
  }
  return count;
}

/** The tiles of judge text in reading order (the blank 0) and the token count of each non-blank line; the shape is decided by textShape. */
function readTiles(text: string): { tiles: number[]; lineLengths: number[] } {
  const spans = lineSpans(text);
  const tiles: number[] = [];
  const lineLengths: number[] = [];
  let stray: { line: number; token: number; text: string } | undefined;
  for (let s = 0; s < spans.length; s += 2) {
    const end = spans[s + 1];
    let count = 0;
    for (let i = spans[s]; i < end; i = spaceEnd(text, i, end)) {
      const tokenStop = tokenEnd(text, i, end);
      const value = tileValue(text, i, tokenStop);
      // The first stray token is reported, once the line count is known.
      if (value < 0 && stray === undefined) stray = { line: s >> 1, token: count, text: text.slice(i, tokenStop) };
      tiles.push(value);
      count++;
      i = tokenStop;
    }
    lineLengths.push(count);
  }
  if (stray !== undefined) {
    const where = lineLengths.length > 1 ? `line ${stray.line + 1}, token ${stray.token + 1}` : `token ${stray.token + 1}`;
    throw new PuzzleInputError(`${where}: stray token ${describeValue(stray.text)}, expected a tile number or 'x' for the blank`);
  }
  return { tiles, lineLengths };
}

interface Shape {
  width: number;
  height: number;
  tiles: unknown[];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The shape of judge text. Equal lines of 2 to 5 tokens, 2 to 5 of them, are the
 * rows of an m x n board. Otherwise the whole text must be one square board's
 * 9, 16 or 25 tokens, however the lines break (the 8-puzzle judge lets a board
 * run over lines). Anything else is an error naming the first line that differs.
 */
function textShape({ tiles, lineLengths }: { tiles: number[]; lineLengths: number[] }): Shape {
  const rows = lineLengths.length;
  const width = lineLengths[0];
  const equalRows = lineLengths.every((length) => length === width);
  if (rows > 1 && equalRows && sideOk(width) && sideOk(rows)) return { width, height: rows, tiles };
  const side = squareSide(tiles.length);
  if (side > 0) return { width: side, height: side, tiles };
  if (rows > 1 && !equalRows) {
    const r = lineLengths.findIndex((length) => length !== width);
    throw new PuzzleInputError(
      `line ${r + 1}: ${plural(lineLengths[r], 'tile')}, but line 1 has ${width}; expected equal rows of 2 to 5 tiles, or one square board of 9, 16 or 25 tiles`,
    );
  }
  if (rows > 1) throw new PuzzleInputError(`wrong size: ${plural(rows, 'line')} of ${plural(width, 'tile')}, ${sizeHint}`);
  throw new PuzzleInputError(`wrong size: ${plural(tiles.length, 'tile')}, ${sizeHint}`);
}

/** The shape of an array of rows: every row as long as the first, sides 2 to 5; no reflowing. */
function rowsShape(rows: readonly (readonly unknown[])[]): Shape {
  const width = rows[0].length;
  rows.forEach((row, r) => {
    if (row.length !== width) {
      throw new PuzzleInputError(`row ${r + 1}: ${plural(row.length, 'tile')}, but row 1 has ${width}; rows must be equal`);
    }
  });
  if (!sideOk(width) || !sideOk(rows.length)) {
    throw new PuzzleInputError(`wrong size: ${plural(rows.length, 'row')} of ${plural(width, 'tile')}, sides must be ${MIN_SIDE} to ${MAX_SIDE}`);
  }
  return { width, height: rows.length, tiles: rows.flatMap((row) => Array.from(row)) };
}

export function checkTiles(width: number, height: number, tiles: readonly unknown[]): Uint8Array {
  const n = width * height;
  const seen = new Int32Array(n).fill(-1);
  const expected = `expected 1 to ${n - 1} or the blank (x or 0) on a ${width}x${height} board`;
  tiles.forEach((tile, position) => {
    // Infinity is a tile out of range (a token of 400 digits), not a stray one.
    if (typeof tile !== 'number' || Number.isNaN(tile) || (Number.isFinite(tile) && !Number.isInteger(tile))) {
      throw new PuzzleInputError(`position ${position + 1}: stray tile ${describeValue(tile)}, ${expected}`);
    }
    if (tile < 0 || tile >= n) {
      // Text tokens of many digits arrive as huge numbers or Infinity: say so instead of printing them.
      const shown = Number.isSafeInteger(tile) ? String(tile) : tile > 0 ? 'a number of more than 15 digits' : 'a large negative number';
      throw new PuzzleInputError(`position ${position + 1}: tile out of range (${shown}), ${expected}`);
    }
    if (seen[tile] >= 0) {
      const name = tile === 0 ? 'blank' : `tile ${tile}`;
      throw new PuzzleInputError(`position ${position + 1}: duplicate ${name} (also at position ${seen[tile] + 1})`);
    }
    seen[tile] = position;
  });
  // Tiles in range and without duplicates miss one only when there are fewer than n of them.
  const missing = tiles.length < n ? [...seen.keys()].filter((tile) => seen[tile] < 0) : [];
  if (missing.length > 0) {
    throw new PuzzleInputError(`missing ${missing.map((t) => (t === 0 ? 'blank' : `tile ${t}`)).join(', ')}`);
  }
  return Uint8Array.from(tiles as number[]);
}

export function parseSlidingBoard(input: SlidingInput): SlidingBoard {
  if (typeof input === 'string') {
    const { width, height, tiles } = textShape(readTiles(input));
    return { width, height, tiles: checkTiles(width, height, tiles) };
  }
  if (isSlidingBoard(input)) {
    const { width, height, tiles } = input as { width: unknown; height: unknown; tiles: unknown };
    if (!sideOk(width) || !sideOk(height)) {
      throw new PuzzleInputError(`wrong size: ${describeValue(width)}x${describeValue(height)}, sides must be ${MIN_SIDE} to ${MAX_SIDE}`);
    }
    if (!(Array.isArray(tiles) || ArrayBuffer.isView(tiles)) || (tiles as ArrayLike<unknown>).length !== width * height) {
      const count = Array.isArray(tiles) || ArrayBuffer.isView(tiles) ? plural((tiles as ArrayLike<unknown>).length, 'tile') : describeValue(tiles);
      throw new PuzzleInputError(`wrong size: ${count} for a ${width}x${height} board`);
    }
    return { width, height, tiles: checkTiles(width, height, Array.from(tiles as ArrayLike<unknown>)) };
  }
  if (!Array.isArray(input)) throw new PuzzleInputError('board must be text, an array of rows, a flat array or { width, height, tiles }');
  const items: unknown[] = Array.from(input as unknown[]);
  if (items.length === 0) throw new PuzzleInputError(`wrong size: 0 tiles, ${sizeHint}`);
  if (items.every((row) => Array.isArray(row))) {
    const { width, height, tiles } = rowsShape(items as unknown[][]);
    return { width, height, tiles: checkTiles(width, height, tiles) };
  }
  if (items.some((tile) => Array.isArray(tile))) throw new PuzzleInputError('board mixes rows and single tiles');
  const side = squareSide(items.length);
  if (side === 0) throw new PuzzleInputError(`wrong size: ${plural(items.length, 'tile')}, ${sizeHint}`);
  return { width: side, height: side, tiles: checkTiles(side, side, items) };
}

/** Named goals: tiles in order with the blank last (the judges') or first (the research sets'). */
export const GOAL_NAMES = ['blank-last', 'blank-first'] as const;
export type GoalName = (typeof GOAL_NAMES)[number];

function isGoalName(goal: unknown): goal is GoalName {
  return (GOAL_NAMES as readonly unknown[]).includes(goal);
}

/**
 * Whether `goal` can be reached from `start` (boards of one size, 2x2 and up):
 * exactly when the permutation taking one to the other has the parity of the
 * blank's taxicab distance between them (each move is one transposition and
 * moves the blank one step).
 */
export function slidingReachable(start: SlidingBoard, goal: SlidingBoard): boolean {
  const n = start.tiles.length;
  const cellOf = new Int32Array(n);
  goal.tiles.forEach((tile, cell) => (cellOf[tile] = cell));
  const seen = new Uint8Array(n);
  let cycles = 0;
  for (let cell = 0; cell < n; cell++) {
    if (seen[cell]) continue;
    cycles++;
    for (let at = cell; !seen[at]; at = cellOf[start.tiles[at]!]!) seen[at] = 1;
  }
  const from = start.tiles.indexOf(0);
  const to = goal.tiles.indexOf(0);
  const walk = Math.abs(Math.floor(from / start.width) - Math.floor(to / start.width)) + Math.abs((from % start.width) - (to % start.width));
  return (n - cycles) % 2 === walk % 2;
}

export function namedGoal(name: GoalName, width: number, height: number): SlidingBoard {
  const n = width * height;
  const tiles = new Uint8Array(n);
  for (let i = 0; i < n; i++) tiles[i] = name === 'blank-first' ? i : (i + 1) % n;
  return { width, height, tiles };
}

export function resolveGoal(goal: GoalName | SlidingInput | undefined, start: SlidingBoard): SlidingBoard {
  if (goal === undefined || isGoalName(goal)) {
    return namedGoal(goal ?? 'blank-last', start.width, start.height);
  }
  if (typeof goal === 'string' && /^\s*[a-wyzA-WYZ][\w-]*\s*$/.test(goal)) {
    throw new PuzzleInputError(`unknown goal ${describeValue(goal.trim())}, expected ${orList([...GOAL_NAMES, 'a board'])}`);
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

/**
 * A goal with no start board to take its size from (`slidingDistances`): a board,
 * or a goal name with `size`. A size given beside a board must match it.
 */
export function sizedGoal(goal: GoalName | SlidingInput, size?: { width: number; height: number }): SlidingBoard {
  if (size !== undefined && (typeof size !== 'object' || size === null)) {
    throw new PuzzleInputError(`size must be { width, height }, not ${describeValue(size)}`);
  }
  if (isGoalName(goal)) {
    if (size === undefined) throw new PuzzleInputError(`goal '${goal}' needs a size: pass { width, height } beside it`);
    if (!sideOk(size.width) || !sideOk(size.height)) {
      throw new PuzzleInputError(`wrong size: ${describeValue(size.width)}x${describeValue(size.height)}, sides must be ${MIN_SIDE} to ${MAX_SIDE}`);
    }
    return namedGoal(goal, size.width, size.height);
  }
  const board = parseSlidingBoard(goal);
  if (size !== undefined && (size.width !== board.width || size.height !== board.height)) {
    throw new PuzzleInputError(`size ${describeValue(size.width)}x${describeValue(size.height)} does not match the ${board.width}x${board.height} goal`);
  }
  return board;
}
