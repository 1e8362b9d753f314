/**
 * Lights Out on the element: any m x n board (up to 32x32, the cells a hint
 * takes), a press adds one (mod k colours) to the cells its pattern reaches
 * (the cross by default; rowcol, x, plus-only or a stencil), on the plane or
 * a torus. A press is src/rules/lightsOut.ts's (the library's patternOffsets,
 * a cell reached twice on a small torus counted once), shared with the demo
 * page, so a press on the board is the solver's press.
 */
import { type LightsOutOptions, type LightsOutPress, parseLightsOutBoard, patternOffsets, PuzzleInputError } from '../index.js';
import { cellAt, cellIndex, place } from '../rules/grid.js';
import { boardText, litCount, PressTable } from '../rules/lightsOut.js';
import { type Family, familyAnswer } from './family.js';

export interface LightsOutState {
  rows: number;
  cols: number;
  /** rows * cols values 0..k-1, row-major. */
  cells: readonly number[];
}

/** The most cells the element draws: the largest board a hint takes. */
export const MAX_LIGHTS_OUT_CELLS = 1024;

/** What the element's attributes say of a press; the board's size comes with each position. */
export interface LightsOutAttributes {
  pattern: string;
  torus: boolean;
  colors: number;
}

export function lightsOutFamily(rules: LightsOutAttributes): Family<LightsOutState, LightsOutPress> {
  const { pattern, torus, colors } = rules;
  const options: LightsOutOptions = { pattern, torus, colors };
  // Checked at once: an unknown pattern is the attribute's error, not a failed press later.
  patternOffsets(pattern, 3, 3, torus);
  // One press table for the size on show (a new size builds the next).
  let table: PressTable | null = null;
  const tableFor = (state: LightsOutState): PressTable => {
    if (table === null || table.rules.rows !== state.rows || table.rules.cols !== state.cols)
      table = new PressTable({ rows: state.rows, cols: state.cols, pattern, torus, colors });
    return table;
  };
  const pressed = (state: LightsOutState, index: number, times: number): LightsOutState => {
    const cells = Uint8Array.from(state.cells);
    tableFor(state).press(cells, index, times);
    return { ...state, cells: Array.from(cells) };
  };
  const text = (state: LightsOutState) => boardText(Uint8Array.from(state.cells), state.rows, state.cols);
  return {
    puzzle: 'lightsout',
    title: 'Lights Out',
    noun: ['press', 'presses'],
    sample: '01110\n10101\n11011\n10101\n01110',
    arrowsPlay: false,
    parse(input) {
      const board = parseLightsOutBoard(input, colors);
      if (board.rows * board.cols > MAX_LIGHTS_OUT_CELLS) {
        throw new PuzzleInputError(`a ${board.rows}x${board.cols} board: the element draws at most ${MAX_LIGHTS_OUT_CELLS} cells (32x32)`);
      }
      return { rows: board.rows, cols: board.cols, cells: Array.from(board.cells) };
    },
    format: text,
    rows: (state) => state.rows,
    cols: (state) => state.cols,
    isGoal: (state) => state.cells.every((value) => value === 0),
    same: (a, b) => a.rows === b.rows && a.cols === b.cols && a.cells.every((value, i) => value === b.cells[i]),
    cell(state, index) {
      const value = state.cells[index]!;
      const classes = [value === 0 ? 'off' : 'on'];
      return {
        value: String(value),
        label: `${place(index, state.cols)}: ${colors === 2 ? (value ? 'lit' : 'dark') : `value ${value}`}`,
        classes,
        text: colors > 2 && value > 0 ? String(value) : '',
      };
    },
    affected: (state, index) => Array.from(tableFor(state).reach(index)),
    press: (state, index) => ({ move: cellAt(index, state.cols), state: pressed(state, index, 1) }),
    apply: (state, move) => pressed(state, cellIndex(move, state.cols), move.count ?? 1),
    moveText: (move) => `${move.row},${move.col}${move.count && move.count > 1 ? `×${move.count}` : ''}`,
    moveLabel: (move) => `press row ${move.row}, column ${move.col}${move.count && move.count > 1 ? ` ${move.count} times` : ''}`,
    status(state) {
      if (state.cells.every((value) => value === 0)) return 'Solved: every light is out.';
      const lit = litCount(Uint8Array.from(state.cells));
      return `${lit} light${lit === 1 ? '' : 's'} on. Goal: all out.`;
    },
    scramble(state) {
      for (;;) {
        const cells = tableFor(state).randomSolvable();
        if (litCount(cells) > 0) return { ...state, cells: Array.from(cells) };
      }
    },
    async solve(pool, state, call) {
      const answer = await pool.lightsOut(text(state), options, call);
      return familyAnswer(answer, answer.status === 'solved' ? answer.presses : []);
    },
    async hint(pool, state, call) {
      const hint = await pool.lightsOutHint(text(state), options, call);
      const cells = Array.from(hint.optimal).flatMap((optimal, cell) => (optimal ? [cell] : []));
      const said =
        hint.distance === null
          ? (hint.reason ?? 'No presses put every light out.')
          : `${hint.distance} press${hint.distance === 1 ? '' : 'es'} to go; the marked cells belong to a fewest set.`;
      return { status: hint.status, distance: hint.distance, cells, targets: [], text: said };
    },
  };
}
