/**
 * Outside: four in a line as the page plays it: Black and White slide pieces
 * into empty squares. The rules (parsing through the package's own parser,
 * so a bad paste shows the CLI's PuzzleInputError message; moves, lines) are
 * src/rules/fourLine.ts, shared with the board element; searching happens
 * only in the worker.
 */
import type { FourLineMove } from '../../../src/index.js';
import {
  applyFourLineMove,
  type Colour,
  FOUR_LINE_SIDE as SIDE,
  colourName,
  fourLineMoveLabel,
  fourLineMoveText,
  fourLineStatus,
  fourLineText,
  otherColour,
  parseFourLineCells,
  randomFourLineCells,
  slideStone,
  winningLines,
} from '../../../src/rules/fourLine.js';
import { adjacent, place } from '../../../src/rules/grid.js';
import type { SolveAnswer } from '../workers/solverClient.js';
import type { CellView } from '../panel/contract.js';
import { Panel } from '../panel/panel.js';
import type { PanelContext } from '../shared/pageContext.js';

interface FourLineState {
  /** 16 characters B, W or O, row by row. */
  cells: string;
  /** Whose move it is; null before the first move (either colour may start). */
  turn: Colour | null;
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
    return { cells: parseFourLineCells(text).cells, turn: null };
  }

  override loadText(text: string): boolean {
    const ok = super.loadText(text);
    if (ok) {
      const { warning } = parseFourLineCells(text);
      if (warning) this.note(warning);
    }
    return ok;
  }

  format(state: FourLineState): string {
    return fourLineText(state.cells);
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
    this.selected = null;
    this.play({ cells: slideStone(cells, from, index), turn: otherColour(cells[from] as Colour) });
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
    return { cells: randomFourLineCells(), turn: null };
  }

  applyMove(state: FourLineState, move: FourLineMove): FourLineState {
    return { cells: applyFourLineMove(state.cells, move), turn: otherColour(move.colour) };
  }

  moveText(move: FourLineMove): string {
    return fourLineMoveText(move);
  }

  moveLabel(move: FourLineMove): string {
    return fourLineMoveLabel(move);
  }

  judgeText(answer: SolveAnswer): string {
    return answer.length === null ? 'Impossible' : String(answer.length);
  }

  protected hintToMove(state: FourLineState): Colour | undefined {
    return state.turn ?? undefined;
  }

  statusText(state: FourLineState): string {
    if (winningLines(state.cells).length > 0) return fourLineStatus(state.cells, state.turn);
    const turn = fourLineStatus(state.cells, state.turn);
    const selection = this.selected === null ? '' : ` Selected the piece at ${place(this.selected, SIDE)}; now click an empty neighbour.`;
    return [turn + selection, this.hint].filter(Boolean).join(' ');
  }
}
