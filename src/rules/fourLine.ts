/**
 * The rules of four in a line: black and white stones on a 4x4 board (16
 * characters B, W or O row by row), a move slides one stone into an adjacent
 * empty square, the sides take turns (either may start), and a row, column
 * or long diagonal of one colour wins.
 */
import { type FourLineMove, parseFourLineBoard } from '../index.js';
import { cellIndex } from './grid.js';
import { type Random, shuffle } from './random.js';

export type Colour = 'B' | 'W';

export const FOUR_LINE_SIDE = 4;

/** The ten lines that win: four rows, four columns, two long diagonals. */
export const FOUR_LINE_LINES: readonly (readonly number[])[] = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [8, 9, 10, 11],
  [12, 13, 14, 15],
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [3, 6, 9, 12],
];

export const colourName: Record<Colour, string> = { B: 'Black', W: 'White' };

export function otherColour(colour: Colour): Colour {
  return colour === 'B' ? 'W' : 'B';
}

/** The lines of one colour on the board (none while nobody has won). */
export function winningLines(cells: string): (readonly number[])[] {
  return FOUR_LINE_LINES.filter((line) => cells[line[0]!] !== 'O' && line.every((i) => cells[i] === cells[line[0]!]));
}

/** The judge's text (through the library's parser, so a bad board reads as the CLI's message) to the cells; the parser's warning, if any. */
export function parseFourLineCells(text: string): { cells: string; warning?: string } {
  const board = parseFourLineBoard(text);
  return { cells: Array.from(board.cells, (code) => 'OBW'[code]).join(''), warning: board.warning };
}

export function fourLineText(cells: string): string {
  return cells.match(/.{4}/g)!.join('\n');
}

/** The cells after the stone on `from` slides to `to`. */
export function slideStone(cells: string, from: number, to: number): string {
  const next = [...cells];
  next[to] = next[from]!;
  next[from] = 'O';
  return next.join('');
}

/** The cells after a solution's move. */
export function applyFourLineMove(cells: string, move: FourLineMove): string {
  return slideStone(cells, cellIndex(move.from, FOUR_LINE_SIDE), cellIndex(move.to, FOUR_LINE_SIDE));
}

/** A random start with no line yet: seven stones of each colour and two empty squares. */
export function randomFourLineCells(random: Random = Math.random): string {
  for (;;) {
    const cells = shuffle([...'BBBBBBBWWWWWWWOO'], random).join('');
    if (winningLines(cells).length === 0) return cells;
  }
}

export function fourLineMoveText(move: FourLineMove): string {
  return `${move.colour} ${move.from.row},${move.from.col}→${move.to.row},${move.to.col}`;
}

export function fourLineMoveLabel(move: FourLineMove): string {
  return `${colourName[move.colour]} from row ${move.from.row}, column ${move.from.col} to row ${move.to.row}, column ${move.to.col}`;
}

/** Who has won, or whose move it is. */
export function fourLineStatus(cells: string, turn: Colour | null): string {
  const lines = winningLines(cells);
  if (lines.length > 0) return `Four in a line for ${colourName[cells[lines[0]![0]!] as Colour]}!`;
  return turn === null ? 'Either colour may move first.' : `${colourName[turn]} to move.`;
}
