/**
 * Outside: Flip Game and Pilots Brothers as the page plays them: a press
 * toggles a pattern of cells (a plus, or a whole row and column). Parsing goes
 * through the package's own parsers (src/api/boards.ts), so a bad paste shows
 * the same PuzzleInputError message as the command line; the rules of a press
 * are src/rules/toggle.ts, shared with the board element; searching happens
 * only in the worker.
 */
import { parseFlipBoard, type Cell } from '../../../src/index.js';
import { place } from '../../../src/rules/grid.js';
import {
  applyPress,
  pressMask,
  randomToggle,
  TOGGLE_FULL as FULL,
  TOGGLE_SIDE,
  type ToggleKind,
  toggleChars,
  toggleSolved,
  toggleText,
} from '../../../src/rules/toggle.js';
import type { SolveAnswer } from '../workers/solverClient.js';
import type { CellView } from '../panel/contract.js';
import { Panel } from '../panel/panel.js';
import type { PanelContext } from '../shared/pageContext.js';

abstract class TogglePanel extends Panel<number, Cell> {
  abstract readonly kind: ToggleKind;
  abstract readonly words: [string, string];

  initial(): number {
    return this.parse(this.spec.sample);
  }

  parse(text: string): number {
    return parseFlipBoard(this.kind, text);
  }

  format(state: number): string {
    return toggleText(this.kind, state);
  }

  isGoal(state: number): boolean {
    return toggleSolved(this.kind, state);
  }

  scramble(): number {
    return randomToggle(this.kind);
  }

  cellView(state: number, index: number): CellView {
    const bit = (state >> index) & 1;
    const classes = [bit ? 'on' : 'off'];
    if (!this.editing && this.hover !== null && (pressMask(this.kind, this.hover) >> index) & 1) classes.push('affected');
    return { text: '', value: toggleChars[this.kind][bit], label: `${place(index, TOGGLE_SIDE)}: ${this.words[bit]}`, classes };
  }

  press(index: number): void {
    this.play(this.state ^ pressMask(this.kind, index));
  }

  editCell(index: number): void {
    this.setPosition(this.state ^ (1 << index));
  }

  applyMove(state: number, move: Cell): number {
    return applyPress(this.kind, state, move);
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
  readonly words: [string, string] = ['white side up', 'black side up'];

  constructor(context: PanelContext) {
    super(
      {
        id: 'flip',
        family: 'flip',
        title: 'Flip Game',
        rules: 'Pressing a piece turns it and its up, down, left and right neighbours over. Make all sixteen one colour, white or black.',
        playHelp:
          'Click a piece (or Tab to the board, arrow keys to move, Enter to press) to turn it and its neighbours; the pieces in a dashed ring show what a press turns.',
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
  readonly words: [string, string] = ['open', 'closed'];

  constructor(context: PanelContext) {
    super(
      {
        id: 'pilots',
        family: 'pilots',
        title: 'Pilots Brothers’ refrigerator',
        rules: 'Turning a handle turns every handle in its row and its column. Open all sixteen (horizontal, −) to open the fridge.',
        playHelp:
          'Click a handle (or Tab to the board, arrow keys to move, Enter to turn) to turn its whole row and column; the handles in a dashed ring show what turns.',
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
