/**
 * Lights Out on the element: any m x n board (up to 32x32, the cells a hint
 * takes), a press adds one (mod k colours) to the cells its pattern reaches
 * (the cross by default; rowcol, x, plus-only or a stencil), on the plane or
 * a torus. The pattern's cells come from the library's patternOffsets, so a
 * press on the board is the solver's press.
 */
import { type LightsOutPress, type LightsOutOptions, parseLightsOutBoard, patternOffsets, PuzzleInputError } from '../index.js';
import { type Family, place, randomInt } from './family.js';

export interface LightsOutState {
  rows: number;
  cols: number;
  /** rows * cols values 0..k-1, row-major. */
  cells: readonly number[];
}

/** The most cells the element draws: the largest board a hint takes. */
export const MAX_LIGHTS_OUT_CELLS = 1024;

export interface LightsOutRules {
  pattern: string;
  torus: boolean;
  colors: number;
}

export function lightsOutFamily(rules: LightsOutRules): Family<LightsOutState, LightsOutPress> {
  const { pattern, torus, colors } = rules;
  const options: LightsOutOptions = { pattern, torus, colors };
  // Checked at once: an unknown pattern is the attribute's error, not a failed press later.
  patternOffsets(pattern, 3, 3, torus);
  const reach = (state: LightsOutState, index: number): number[] => {
    const offsets = patternOffsets(pattern, state.rows, state.cols, torus);
    const row = Math.floor(index / state.cols);
    const col = index % state.cols;
    const cells: number[] = [];
    for (let i = 0; i < offsets.length; i += 2) {
      let r = row + offsets[i]!;
      let c = col + offsets[i + 1]!;
      if (torus) {
        r = ((r % state.rows) + state.rows) % state.rows;
        c = ((c % state.cols) + state.cols) % state.cols;
      } else if (r < 0 || r >= state.rows || c < 0 || c >= state.cols) continue;
      cells.push(r * state.cols + c);
    }
    return cells;
  };
  const pressed = (state: LightsOutState, index: number, times: number): LightsOutState => {
    const cells = [...state.cells];
    for (const cell of reach(state, index)) cells[cell] = (cells[cell]! + times) % colors;
    return { ...state, cells };
  };
  const text = (state: LightsOutState) =>
    Array.from({ length: state.rows }, (_, r) => state.cells.slice(r * state.cols, (r + 1) * state.cols).join('')).join('\n');
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
    affected: reach,
    press: (state, index) => ({ move: { row: Math.floor(index / state.cols) + 1, col: (index % state.cols) + 1 }, state: pressed(state, index, 1) }),
    apply: (state, move) => pressed(state, (move.row - 1) * state.cols + (move.col - 1), move.count ?? 1),
    moveText: (move) => `${move.row},${move.col}${move.count && move.count > 1 ? `×${move.count}` : ''}`,
    moveLabel: (move) => `press row ${move.row}, column ${move.col}${move.count && move.count > 1 ? ` ${move.count} times` : ''}`,
    status(state) {
      if (state.cells.every((value) => value === 0)) return 'Solved: every light is out.';
      const lit = state.cells.filter((value) => value !== 0).length;
      return `${lit} light${lit === 1 ? '' : 's'} on. Goal: all out.`;
    },
    scramble(state) {
      // Presses from the dark board reach exactly the boards that can be solved.
      for (;;) {
        let next: LightsOutState = { ...state, cells: new Array(state.cells.length).fill(0) };
        for (let cell = 0; cell < next.cells.length; cell++) next = pressed(next, cell, randomInt(colors));
        if (!next.cells.every((value) => value === 0)) return next;
      }
    },
    async solve(pool, state, call) {
      const answer = await pool.lightsOut(text(state), options, call);
      return {
        status: answer.status,
        moves: answer.status === 'solved' ? answer.presses : [],
        length: answer.length,
        reason: answer.status === 'solved' ? undefined : answer.reason,
        nodes: answer.stats.nodes,
        ms: answer.stats.ms,
      };
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
