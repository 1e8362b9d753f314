/**
 * Flip Game and Pilots Brothers' refrigerator on the element: a 4x4 board of
 * two-sided pieces (a 16-bit number, bit 4 * row + column), a press turns a
 * fixed pattern over (the cross, or the whole row and column). The rules are
 * src/rules/toggle.ts, shared with the demo page; parsed by the library's
 * parser, so a bad board attribute reads as the CLI's message.
 */
import { type Cell, parseFlipBoard } from '../index.js';
import { cellAt, cellIndex, place } from '../rules/grid.js';
import { applyPress, pressMask, randomToggle, TOGGLE_SIDE as SIDE, type ToggleKind, toggleChars, toggleSolved, toggleText } from '../rules/toggle.js';
import { type Family, type FamilyHint, familyAnswer } from './family.js';

interface ToggleLook {
  words: [string, string];
  title: string;
  sample: string;
  goalText: string;
}

const looks: Record<ToggleKind, ToggleLook> = {
  flip: {
    words: ['white', 'black'],
    title: 'Flip Game',
    sample: 'bwwb\nbbwb\nbwwb\nbwww',
    goalText: 'Make all sixteen pieces one colour.',
  },
  pilots: {
    words: ['open', 'closed'],
    title: 'Pilots Brothers’ refrigerator',
    sample: '-+--\n----\n----\n-+--',
    goalText: 'Open all sixteen handles.',
  },
};

export function toggleFamily(kind: ToggleKind): Family<number, Cell> {
  const look = looks[kind];
  return {
    puzzle: kind,
    title: look.title,
    noun: ['press', 'presses'],
    sample: look.sample,
    arrowsPlay: false,
    parse: (text) => parseFlipBoard(kind, text),
    format: (state) => toggleText(kind, state),
    rows: () => SIDE,
    cols: () => SIDE,
    isGoal: (state) => toggleSolved(kind, state),
    same: (a, b) => a === b,
    cell(state, index) {
      const bit = (state >> index) & 1;
      return { value: toggleChars[kind][bit], label: `${place(index, SIDE)}: ${look.words[bit]}`, classes: [kind, bit ? 'on' : 'off'] };
    },
    affected(_state, index) {
      const mask = pressMask(kind, index);
      return Array.from({ length: SIDE * SIDE }, (_, cell) => cell).filter((cell) => (mask >> cell) & 1);
    },
    press: (state, index) => ({ move: cellAt(index, SIDE), state: state ^ pressMask(kind, index) }),
    apply: (state, move) => applyPress(kind, state, move),
    moveText: (move) => `${move.row},${move.col}`,
    moveLabel: (move) => `press row ${move.row}, column ${move.col}`,
    status(state) {
      if (toggleSolved(kind, state)) return 'Solved.';
      return look.goalText;
    },
    scramble: () => randomToggle(kind),
    async solve(pool, state, call) {
      const text = this.format(state);
      const answer = kind === 'flip' ? await pool.flip(text, call) : await pool.pilots(text, call);
      return familyAnswer(answer, answer.moves);
    },
    async hint(pool, state, call): Promise<FamilyHint> {
      const text = this.format(state);
      const hint = kind === 'flip' ? await pool.flipHint(text, call) : await pool.pilotsHint(text, call);
      const cells = hint.cells.filter((cell) => cell.optimal).map((cell) => cellIndex(cell, SIDE));
      const text_ =
        hint.distance === null
          ? (hint.reason ?? 'No presses reach the goal.')
          : `${hint.distance} press${hint.distance === 1 ? '' : 'es'} to go; the marked cells keep it optimal.`;
      return { status: hint.status, distance: hint.distance, cells, targets: [], text: text_ };
    },
  };
}
