/**
 * Splitting a judge's input into cases, one line at a time, so that the CLI can
 * answer each case as soon as its last line arrives. Framing looks only at the
 * shape of a line (blank, its length, its token count, whether every token
 * could be a tile), never at what the board means, and it never lets a bad line
 * consume the lines of the good case after it:
 *
 * - Grid puzzles (4 lines of 4 characters): a blank line ends a case. A line of
 *   the wrong length is a bad case of its own; the rows gathered before it, and
 *   rows cut short by a blank line or the end of input, are a bad case too.
 * - Token puzzles (sliding boards): a line that is a whole board is a case. A
 *   line with a token that cannot be a tile, or with a token count that is
 *   neither a whole board nor a row, is a bad case of its own. Rows (a line of
 *   a board's width in tokens) are joined only while they have the same length,
 *   until they make exactly one board; rows that stop short are a bad case.
 */
import { orList, tileTokenCount } from '../api/boards.js';

export interface InputCase {
  /** 1-based case number. */
  index: number;
  /** 1-based input line where the case starts. */
  line: number;
  /** The case's text, ready for the board parser. */
  text: string;
  /** Set when the lines could not make a case of the right shape; the case is reported, not solved. */
  error?: string;
  /** Input read from files: where the case starts ('boards.txt, line 5'), for its messages. */
  source?: string;
}

export interface CaseFramer {
  /** The next input line (without its line end). */
  line(text: string): void;
  /** A line longer than the reader keeps: counted as a line, never buffered. */
  overlong(chars: number, limit: number): void;
  /** End of input: a case still open is reported. */
  end(): void;
}

type Emit = (item: InputCase) => void;

/** Numbering shared by every framer: case indices and input line numbers. */
class Counter {
  cases = 0;
  lines = 0;
  constructor(private readonly emit: Emit) {}
  case(line: number, text: string, error?: string): void {
    const item: InputCase = { index: ++this.cases, line, text };
    if (error !== undefined) item.error = error;
    this.emit(item);
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function overlongError(chars: number, limit: number): string {
  return `line too long: ${chars} characters, at most ${limit} in a line`;
}

/**
 * What a line can be in a format of rows: a row of some width, or a case of its
 * own (with its error, if framing knows one, and its text for the parser when
 * that is not the line as read).
 */
type LineKind = { row: number } | { alone: string | undefined; text?: string };

/**
 * The framing both fixed-shape formats share: rows of one width are joined
 * until `rowsFor(width)` make a case; a line that is not a row, a blank line, a
 * row of another width and the end of input each end the rows before them, which
 * are then a bad case (`shortError`) if they stop short.
 */
function rowFramer(
  emit: Emit,
  classify: (row: string) => LineKind,
  rowsFor: (width: number) => number,
  shortError: (rows: number, width: number) => string,
): CaseFramer {
  const count = new Counter(emit);
  let pending: string[] = [];
  let width = 0;
  let start = 0;
  const flushShort = () => {
    if (pending.length === 0) return;
    count.case(start, pending.join('\n'), shortError(pending.length, width));
    pending = [];
  };
  return {
    line(text) {
      const lineNo = ++count.lines;
      const row = text.trim();
      if (row.length === 0) return flushShort();
      const kind = classify(row);
      if ('alone' in kind) {
        flushShort();
        count.case(lineNo, kind.text ?? row, kind.alone);
        return;
      }
      if (pending.length > 0 && kind.row !== width) flushShort();
      if (pending.length === 0) {
        start = lineNo;
        width = kind.row;
      }
      pending.push(row);
      if (pending.length === rowsFor(width)) {
        count.case(start, pending.join('\n'));
        pending = [];
      }
    },
    overlong(chars, limit) {
      const lineNo = ++count.lines;
      flushShort();
      count.case(lineNo, '', overlongError(chars, limit));
    },
    end: flushShort,
  };
}

/** Grid puzzles: `rows` lines of `cols` characters a case. */
export function gridFramer(emit: Emit, rows = 4, cols = 4): CaseFramer {
  const expected = `expected ${rows} lines of ${cols} characters`;
  return rowFramer(
    emit,
    (row) => {
      const length = [...row].length;
      return length === cols ? { row: cols } : { alone: `wrong size: a line of ${plural(length, 'character')}, ${expected}` };
    },
    () => rows,
    (lines) => `wrong size: ${plural(lines, 'line')}, ${expected}`,
  );
}

/** A board shape of a token puzzle: `width` columns, `height` rows. */
export interface TokenShape {
  width: number;
  height: number;
}

/**
 * Token puzzles: boards of the given shapes, on one line or a row a line. A
 * number is a square board's tile count (9 for the 8-puzzle; 9, 16 and 25 for
 * any square board); a shape is an m x n board (`--size`), whose one-line form
 * is handed on as its rows, since the parser takes a single line for a square
 * board of 3x3 or more only. No two shapes may share a width (a row must say
 * which board it belongs to).
 */
export function tokenFramer(emit: Emit, sizes: readonly (number | TokenShape)[]): CaseFramer {
  // A shape (not a count) marks its one-line boards to be handed on as rows.
  const shapes = sizes.map((size) => {
    if (typeof size !== 'number') return { ...size, asRows: true };
    const side = Math.round(Math.sqrt(size));
    return { width: side, height: side, asRows: false };
  });
  const counts = shapes.map(({ width, height }) => width * height);
  const expected = !shapes.some(({ asRows }) => asRows)
    ? orList(counts.map(String))
    : orList(shapes.map(({ width, height }) => `${width * height} (a ${width}x${height} board: one line, or ${height} rows of ${width})`));
  const wrongSize = (tokens: number) => `wrong size: ${plural(tokens, 'token')}, expected ${expected}`;
  return rowFramer(
    emit,
    (row) => {
      // Counted in place: a token that cannot be a tile (a number, or x / X
      // for the blank) makes the line a case of its own, whose error comes
      // from the board parser, which names the token.
      const t = tileTokenCount(row);
      if (t < 0) return { alone: undefined };
      const whole = shapes.find(({ width, height }) => width * height === t);
      if (whole) {
        if (!whole.asRows) return { alone: undefined };
        const tokens = row.split(/\s+/);
        const rows = Array.from({ length: whole.height }, (_, r) => tokens.slice(r * whole.width, (r + 1) * whole.width).join(' '));
        return { alone: undefined, text: rows.join('\n') };
      }
      return shapes.some(({ width }) => width === t) ? { row: t } : { alone: wrongSize(t) };
    },
    (width) => shapes.find((shape) => shape.width === width)!.height,
    (rows, width) => wrongSize(rows * width),
  );
}

/**
 * Boards of any size (Lights Out): the lines between blank lines are a case.
 * A case of more than `maxRows` lines, or with an over-long line, is a bad
 * case, and its further lines are counted, not kept, until the next blank line.
 */
export function blockFramer(emit: Emit, maxRows = 4096): CaseFramer {
  const count = new Counter(emit);
  let pending: string[] = [];
  let start = 0;
  let error: string | undefined;
  const flush = () => {
    if (pending.length > 0 || error !== undefined) count.case(start, error === undefined ? pending.join('\n') : '', error);
    pending = [];
    error = undefined;
  };
  const open = (lineNo: number) => {
    if (pending.length === 0 && error === undefined) start = lineNo;
  };
  return {
    line(text) {
      const lineNo = ++count.lines;
      const row = text.trim();
      if (row.length === 0) return flush();
      open(lineNo);
      if (error !== undefined) return;
      if (pending.length === maxRows) {
        error = `wrong size: more than ${maxRows} lines`;
        pending = [];
        return;
      }
      pending.push(row);
    },
    overlong(chars, limit) {
      const lineNo = ++count.lines;
      open(lineNo);
      error ??= `line ${lineNo - start + 1}: ${overlongError(chars, limit)}`;
      pending = [];
    },
    end: flush,
  };
}

/** All the cases of a whole text at once (tests, and callers that hold the input already). */
export function splitCases(makeFramer: (emit: Emit) => CaseFramer, input: string): InputCase[] {
  const cases: InputCase[] = [];
  const framer = makeFramer((item) => cases.push(item));
  const lines = input.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line) => framer.line(line));
  framer.end();
  return cases;
}
