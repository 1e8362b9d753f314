/**
 * Outside: four in a line as the page plays it: Black and White slide pieces
 * into empty squares. Parsing goes through the package's own parser
 * (src/api/boards.ts), so a bad paste shows the same PuzzleInputError message
 * as the command line; searching happens only in the worker.
 */
import { parseFourLineBoard, type FourLineMove } from '../../../src/index.js';
import type { SolveAnswer } from '../workers/solverClient.js';
import { shuffle } from '../shared/dom.js';
import { adjacent, cellIndex, place } from '../shared/grid.js';
import type { CellView } from '../panel/contract.js';
import { Panel } from '../panel/panel.js';
import type { PanelContext } from '../shared/pageContext.js';

const SIDE = 4;

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
    next[cellIndex(move.to, SIDE)] = move.colour;
    next[cellIndex(move.from, SIDE)] = 'O';
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
