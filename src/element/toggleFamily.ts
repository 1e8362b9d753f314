/**
 * Flip Game and Pilots Brothers' refrigerator on the element: a 4x4 board of
 * two-sided pieces (a 16-bit number, bit 4 * row + column), a press turns a
 * fixed pattern over (the cross, or the whole row and column). Parsed by the
 * library's parser, so a bad board attribute reads as the CLI's message.
 */
import { type Cell, parseFlipBoard } from '../index.js';
import { type Family, type FamilyHint, place, randomInt } from './family.js';

type ToggleKind = 'flip' | 'pilots';

const SIDE = 4;
const FULL = 0xffff;

function pressMask(kind: ToggleKind, index: number): number {
  const row = Math.floor(index / SIDE);
  const col = index % SIDE;
  let mask = 0;
  for (let cell = 0; cell < SIDE * SIDE; cell++) {
    const r = Math.floor(cell / SIDE);
    const c = cell % SIDE;
    if (kind === 'flip' ? Math.abs(r - row) + Math.abs(c - col) <= 1 : r === row || c === col) mask |= 1 << cell;
  }
  return mask;
}

const cellOf = (move: Cell) => (move.row - 1) * SIDE + (move.col - 1);

interface ToggleLook {
  /** Characters for a clear and a set bit, as the judges write them. */
  chars: [string, string];
  words: [string, string];
  title: string;
  sample: string;
  isGoal(state: number): boolean;
  goalText: string;
}

const looks: Record<ToggleKind, ToggleLook> = {
  flip: {
    chars: ['w', 'b'],
    words: ['white', 'black'],
    title: 'Flip Game',
    sample: 'bwwb\nbbwb\nbwwb\nbwww',
    isGoal: (state) => state === 0 || state === FULL,
    goalText: 'Make all sixteen pieces one colour.',
  },
  pilots: {
    chars: ['-', '+'],
    words: ['open', 'closed'],
    title: 'Pilots Brothers’ refrigerator',
    sample: '-+--\n----\n----\n-+--',
    isGoal: (state) => state === 0,
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
    format(state) {
      const rows: string[] = [];
      for (let r = 0; r < SIDE; r++) {
        let row = '';
        for (let c = 0; c < SIDE; c++) row += look.chars[(state >> (r * SIDE + c)) & 1];
        rows.push(row);
      }
      return rows.join('\n');
    },
    rows: () => SIDE,
    cols: () => SIDE,
    isGoal: look.isGoal,
    same: (a, b) => a === b,
    cell(state, index) {
      const bit = (state >> index) & 1;
      return { value: look.chars[bit], label: `${place(index, SIDE)}: ${look.words[bit]}`, classes: [kind, bit ? 'on' : 'off'] };
    },
    affected(_state, index) {
      const mask = pressMask(kind, index);
      return Array.from({ length: SIDE * SIDE }, (_, cell) => cell).filter((cell) => (mask >> cell) & 1);
    },
    press: (state, index) => ({ move: { row: Math.floor(index / SIDE) + 1, col: (index % SIDE) + 1 }, state: state ^ pressMask(kind, index) }),
    apply: (state, move) => state ^ pressMask(kind, cellOf(move)),
    moveText: (move) => `${move.row},${move.col}`,
    moveLabel: (move) => `press row ${move.row}, column ${move.col}`,
    status(state) {
      if (look.isGoal(state)) return 'Solved.';
      return look.goalText;
    },
    scramble() {
      // Presses from a goal reach exactly the positions that can be solved.
      for (;;) {
        let state = kind === 'flip' && Math.random() < 0.5 ? FULL : 0;
        for (let cell = 0; cell < SIDE * SIDE; cell++) if (randomInt(2)) state ^= pressMask(kind, cell);
        if (!look.isGoal(state)) return state;
      }
    },
    async solve(pool, state, call) {
      const text = this.format(state);
      const answer = kind === 'flip' ? await pool.flip(text, call) : await pool.pilots(text, call);
      return {
        status: answer.status,
        moves: answer.moves,
        length: answer.length,
        reason: answer.status === 'solved' ? undefined : answer.reason,
        nodes: answer.stats.nodes,
        ms: answer.stats.ms,
      };
    },
    async hint(pool, state, call): Promise<FamilyHint> {
      const text = this.format(state);
      const hint = kind === 'flip' ? await pool.flipHint(text, call) : await pool.pilotsHint(text, call);
      const cells = hint.cells.filter((cell) => cell.optimal).map(cellOf);
      const text_ =
        hint.distance === null
          ? (hint.reason ?? 'No presses reach the goal.')
          : `${hint.distance} press${hint.distance === 1 ? '' : 'es'} to go; the marked cells keep it optimal.`;
      return { status: hint.status, distance: hint.distance, cells, targets: [], text: text_ };
    },
  };
}
