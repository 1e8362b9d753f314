/**
 * Outside: the rules of each puzzle as the page plays them. Parsing goes
 * through the package's own parsers (src/api/boards.ts), so a bad paste shows the
 * same PuzzleInputError message as the command line; searching happens only
 * in the worker.
 */
import { parseFlipBoard, parseFourLineBoard } from '../../../src/api/boards.js';
import type { Cell, FourLineMove } from '../../../src/index.js';
import type { SolveAnswer } from '../workers/solverClient.js';
import { randomInt, shuffle } from '../shared/dom.js';
import { adjacent, place } from '../shared/grid.js';
import { Panel, type CellView, type PanelContext } from '../panel/panel.js';

const SIDE = 4;

function cellIndex(cell: Cell): number {
  return (cell.row - 1) * SIDE + (cell.col - 1);
}

// ---- Flip Game and Pilots Brothers: presses toggle a pattern of cells -----------------------

type ToggleKind = 'flip' | 'pilots';

function pressMask(kind: ToggleKind, index: number): number {
  const row = Math.floor(index / SIDE);
  const col = index % SIDE;
  let mask = 0;
  for (let i = 0; i < SIDE * SIDE; i++) {
    const r = Math.floor(i / SIDE);
    const c = i % SIDE;
    const hit = kind === 'flip' ? Math.abs(r - row) + Math.abs(c - col) <= 1 : r === row || c === col;
    if (hit) mask |= 1 << i;
  }
  return mask;
}

const FULL = 0xffff;

abstract class TogglePanel extends Panel<number, Cell> {
  abstract readonly kind: ToggleKind;
  /** Characters for a clear bit and a set bit. */
  abstract readonly chars: [string, string];
  abstract readonly words: [string, string];

  initial(): number {
    return this.parse(this.spec.sample);
  }

  parse(text: string): number {
    return parseFlipBoard(this.kind, text);
  }

  format(state: number): string {
    const rows: string[] = [];
    for (let r = 0; r < SIDE; r++) {
      let row = '';
      for (let c = 0; c < SIDE; c++) row += this.chars[(state >> (r * SIDE + c)) & 1];
      rows.push(row);
    }
    return rows.join('\n');
  }

  cellView(state: number, index: number): CellView {
    const bit = (state >> index) & 1;
    const classes = [bit ? 'on' : 'off'];
    if (!this.editing && this.hover !== null && (pressMask(this.kind, this.hover) >> index) & 1) classes.push('affected');
    return { text: '', value: this.chars[bit], label: `${place(index, SIDE)}: ${this.words[bit]}`, classes };
  }

  press(index: number): void {
    this.play(this.state ^ pressMask(this.kind, index));
  }

  editCell(index: number): void {
    this.setPosition(this.state ^ (1 << index));
  }

  applyMove(state: number, move: Cell): number {
    return state ^ pressMask(this.kind, cellIndex(move));
  }

  moveText(move: Cell): string {
    return `${move.row} ${move.col}`;
  }

  moveLabel(move: Cell): string {
    return `press row ${move.row}, column ${move.col}`;
  }
}

export class FlipPanel extends TogglePanel {
  readonly kind = 'flip';
  readonly chars: [string, string] = ['w', 'b'];
  readonly words: [string, string] = ['white side up', 'black side up'];

  constructor(context: PanelContext) {
    super(
      {
        id: 'flip',
        family: 'flip',
        title: 'Flip Game',
        rules: 'Pressing a piece turns it and its up, down, left and right neighbours over. Make all sixteen one colour, white or black.',
        playHelp:
          'Click a piece (or Tab to the board, arrow keys to move, Enter to press) to turn it and its neighbours; the outlined pieces show what a press turns.',
        editHelp: 'Click a piece to turn only that one over; a new starting position begins.',
        width: 4,
        height: 4,
        sample: 'bwwb\nbbwb\nbwwb\nbwww',
        sampleNote: 'POJ 1753 sample, optimum 4',
        boardClass: 'flip-board',
      },
      context,
    );
  }

  isGoal(state: number): boolean {
    return state === 0 || state === FULL;
  }

  scramble(): number {
    // Presses from a one-colour board reach exactly the solvable positions.
    for (;;) {
      let state = Math.random() < 0.5 ? 0 : FULL;
      for (let i = 0; i < 16; i++) if (Math.random() < 0.5) state ^= pressMask('flip', i);
      if (!this.isGoal(state)) return state;
    }
  }

  judgeText(answer: SolveAnswer): string {
    return answer.length === null ? 'Impossible' : String(answer.length);
  }

  statusText(state: number): string {
    if (state === 0) return 'Solved: every piece shows white.';
    if (state === FULL) return 'Solved: every piece shows black.';
    return 'Goal: all sixteen pieces white, or all black.';
  }
}

export class PilotsPanel extends TogglePanel {
  readonly kind = 'pilots';
  readonly chars: [string, string] = ['-', '+'];
  readonly words: [string, string] = ['open', 'closed'];

  constructor(context: PanelContext) {
    super(
      {
        id: 'pilots',
        family: 'pilots',
        title: 'Pilots Brothers’ refrigerator',
        rules: 'Turning a handle turns every handle in its row and its column. Open all sixteen (horizontal, −) to open the fridge.',
        playHelp:
          'Click a handle (or Tab to the board, arrow keys to move, Enter to turn) to turn its whole row and column; the outlined handles show what turns.',
        editHelp: 'Click a handle to turn only that one; a new starting position begins.',
        width: 4,
        height: 4,
        sample: '-+--\n----\n----\n-+--',
        sampleNote: 'POJ 2965 sample, optimum 6',
        boardClass: 'pilots-board',
      },
      context,
    );
  }

  isGoal(state: number): boolean {
    return state === 0;
  }

  scramble(): number {
    return 1 + randomInt(FULL);
  }

  judgeText(answer: SolveAnswer): string {
    if (answer.length === null) return 'Impossible';
    return [String(answer.length), ...(answer.moves as Cell[]).map((m) => `${m.row} ${m.col}`)].join('\n');
  }

  statusText(state: number): string {
    if (state === 0) return 'Solved: every handle is open and the refrigerator opens.';
    let closed = 0;
    for (let i = 0; i < 16; i++) closed += (state >> i) & 1;
    return `${closed} handle${closed === 1 ? '' : 's'} closed. Goal: all open.`;
  }
}

// ---- Four in a line -------------------------------------------------------------------------

type Colour = 'B' | 'W';

interface FourLineState {
  /** 16 characters B, W or O, row by row. */
  cells: string;
  /** Whose move it is; null before the first move (either colour may start). */
  turn: Colour | null;
}

const LINES = [
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

const colourName: Record<Colour, string> = { B: 'Black', W: 'White' };

function winningLines(cells: string): number[][] {
  return LINES.filter((line) => cells[line[0]] !== 'O' && line.every((i) => cells[i] === cells[line[0]]));
}

function other(colour: Colour): Colour {
  return colour === 'B' ? 'W' : 'B';
}

export class FourLinePanel extends Panel<FourLineState, FourLineMove> {
  private selected: number | null = null;
  private hint = '';

  constructor(context: PanelContext) {
    super(
      {
        id: 'fourline',
        family: 'fourLine',
        title: 'Four in a line',
        rules:
          'Black and White take turns sliding one of their pieces into an adjacent empty square; either may start. Get four of one colour in a row, a column or a long diagonal.',
        playHelp:
          'Click a piece, then an empty square next to it (keyboard: arrows and Enter). Solve treats the shown position as a fresh game where either colour may move first.',
        editHelp: 'Click a square to cycle it: empty, black, white.',
        width: 4,
        height: 4,
        sample: 'BWBO\nWBWB\nBWBW\nWBWO',
        sampleNote: 'Wikioi 1004 sample, optimum 5',
        boardClass: 'fourline-board',
      },
      context,
    );
  }

  initial(): FourLineState {
    return this.parse(this.spec.sample);
  }

  parse(text: string): FourLineState {
    const { cells } = parseFourLineBoard(text);
    return { cells: Array.from(cells, (code) => 'OBW'[code]).join(''), turn: null };
  }

  override loadText(text: string): boolean {
    const ok = super.loadText(text);
    if (ok) {
      const { warning } = parseFourLineBoard(text);
      if (warning) this.note(warning);
    }
    return ok;
  }

  format(state: FourLineState): string {
    return state.cells.match(/.{4}/g)!.join('\n');
  }

  protected override clearSelection(): void {
    this.selected = null;
    this.hint = '';
  }

  cellView(state: FourLineState, index: number): CellView {
    const value = state.cells[index];
    const classes: string[] = [value === 'B' ? 'black' : value === 'W' ? 'white' : 'empty'];
    if (index === this.selected) classes.push('selected');
    if (this.selected !== null && value === 'O' && adjacent(index, this.selected, SIDE)) classes.push('target');
    if (winningLines(state.cells).some((line) => line.includes(index))) classes.push('line');
    const word = value === 'B' ? 'black piece' : value === 'W' ? 'white piece' : 'empty';
    const extra = index === this.selected ? ', selected' : classes.includes('target') ? ', move here' : '';
    return { text: '', value, label: `${place(index, SIDE)}: ${word}${extra}`, classes };
  }

  isGoal(state: FourLineState): boolean {
    return winningLines(state.cells).length > 0;
  }

  press(index: number): void {
    const { cells, turn } = this.state;
    const value = cells[index];
    this.hint = '';
    if (value !== 'O') {
      if (turn !== null && value !== turn) {
        this.hint = `It is ${colourName[turn]}’s move.`;
        this.selected = null;
      } else {
        this.selected = this.selected === index ? null : index;
      }
      this.render();
      return;
    }
    if (this.selected === null) {
      this.hint = 'Pick a piece first, then this empty square.';
      this.render();
      return;
    }
    if (!adjacent(index, this.selected, SIDE)) {
      this.hint = 'A piece moves one square up, down, left or right.';
      this.render();
      return;
    }
    const from = this.selected;
    const colour = cells[from] as Colour;
    const next = [...cells];
    next[index] = colour;
    next[from] = 'O';
    this.selected = null;
    this.play({ cells: next.join(''), turn: other(colour) });
    this.focusCell(index);
  }

  editCell(index: number): void {
    const next = [...this.state.cells];
    next[index] = { O: 'B', B: 'W', W: 'O' }[next[index]]!;
    this.setPosition({ cells: next.join(''), turn: null });
  }

  override undo(): void {
    this.selected = null;
    super.undo();
  }

  scramble(): FourLineState {
    for (;;) {
      const cells = shuffle([...'BBBBBBBWWWWWWWOO']).join('');
      if (winningLines(cells).length === 0) return { cells, turn: null };
    }
  }

  applyMove(state: FourLineState, move: FourLineMove): FourLineState {
    const next = [...state.cells];
    next[cellIndex(move.to)] = move.colour;
    next[cellIndex(move.from)] = 'O';
    return { cells: next.join(''), turn: other(move.colour) };
  }

  moveText(move: FourLineMove): string {
    return `${move.colour} ${move.from.row},${move.from.col}→${move.to.row},${move.to.col}`;
  }

  moveLabel(move: FourLineMove): string {
    return `${colourName[move.colour]} from row ${move.from.row}, column ${move.from.col} to row ${move.to.row}, column ${move.to.col}`;
  }

  judgeText(answer: SolveAnswer): string {
    return answer.length === null ? 'Impossible' : String(answer.length);
  }

  protected hintToMove(state: FourLineState): Colour | undefined {
    return state.turn ?? undefined;
  }

  statusText(state: FourLineState): string {
    const lines = winningLines(state.cells);
    if (lines.length > 0) return `Four in a line for ${colourName[state.cells[lines[0][0]] as Colour]}!`;
    const turn = state.turn === null ? 'Either colour may move first.' : `${colourName[state.turn]} to move.`;
    const selection = this.selected === null ? '' : ` Selected the piece at ${place(this.selected, SIDE)}; now click an empty neighbour.`;
    return [turn + selection, this.hint].filter(Boolean).join(' ');
  }
}
