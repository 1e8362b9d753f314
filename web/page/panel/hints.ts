/**
 * Outside: a panel's Hint toggle. While it is on, the board's position is
 * asked of a worker once (on a client of its own: a hint never cancels a
 * solve, nor a solve a hint), and the cells whose moves keep the position
 * optimal are highlighted with a line saying how far the goal is. A move asks
 * again for the new position alone; an answer for a position already left is
 * dropped.
 */
import { h } from '../shared/dom.js';
import type { PanelHost } from './contract.js';
import { SolveCancelled, SolverClient, type HintAnswer, type SolutionMove } from '../workers/solverClient.js';

/** Nodes a sliding hint may search: past it a move's distance is shown as unknown rather than the page waiting. */
const HINT_MAX_NODES = 20_000_000;

/** A hint as the board shows it: the position it is for, its distance, and the cells to press or move that keep it optimal. */
interface HintShown {
  key: string;
  distance: number | null;
  cells: Set<number>;
  text: string;
}

/**
 * The cells of a hint's optimal moves: the cells to press (flip, pilots), the
 * pieces to move (four in a line), the tiles that slide into the blank.
 */
function hintCells(answer: HintAnswer, width: number, blank: number): number[] {
  const index = ({ row, col }: { row: number; col: number }) => (row - 1) * width + col - 1;
  if ('cells' in answer) return answer.cells.filter((cell) => cell.optimal).map(index);
  const steps: Record<string, number> = { u: -width, d: width, l: -1, r: 1 };
  return answer.moves.filter((move) => move.optimal).map((move) => ('from' in move ? index(move.from) : blank + steps[move.move]!));
}

/** The line under the board for a hint. */
function hintText(answer: HintAnswer): string {
  if (answer.status === 'unsolvable') return 'Hint: no solution from here.';
  if (answer.distance === null) return 'Hint: too far to settle quickly.';
  if (answer.distance === 0) return 'Hint: solved.';
  // A sliding move's null distance is one not settled within the budget (a four-in-a-line one's, no line after it).
  const unknown =
    'moves' in answer && answer.moves.some((move) => 'move' in move && move.distance === null) ? ' (some moves not settled within the budget)' : '';
  return `Hint: ${answer.distance} move${answer.distance === 1 ? '' : 's'} to go; the highlighted ${'cells' in answer ? 'presses keep' : 'moves keep'} it optimal${unknown}.`;
}

export class Hints<S, M extends SolutionMove> {
  readonly button: HTMLButtonElement;
  readonly line: HTMLElement;
  private readonly client = new SolverClient();
  private on = false;
  private shown: HintShown | null = null;

  constructor(private readonly host: PanelHost<S, M>) {
    this.button = h(
      'button',
      {
        type: 'button',
        class: 'small hint-toggle',
        'aria-pressed': 'false',
        'aria-label': `Hint: highlight the moves that keep the ${host.panel.spec.title} optimal`,
        onclick: () => this.toggle(),
      },
      'Hint',
    );
    this.line = h('p', { class: 'hint-line', 'aria-live': 'polite', hidden: true });
  }

  /** A hint's position: the solve's key, and whose turn it is where that matters. */
  private key(state: S): string {
    return `${this.host.keyOf(state)}|${this.host.hintToMove(state) ?? ''}`;
  }

  /** The hint shown for `state`: null while hints are off or its answer is not in. */
  private shownFor(state: S): HintShown | null {
    return this.on && this.shown?.key === this.key(state) ? this.shown : null;
  }

  /** The cells to highlight on `state`, if any. */
  cells(state: S): ReadonlySet<number> | null {
    return this.shownFor(state)?.cells ?? null;
  }

  private toggle(): void {
    this.on = !this.on;
    this.shown = null;
    if (this.on) void this.request();
    else this.client.cancel();
    this.host.panel.render();
  }

  /** After a change of position: its hint, while hints are on. */
  refresh(): void {
    if (this.on) void this.request();
  }

  private async request(): Promise<void> {
    const { panel } = this.host;
    const state = panel.state;
    const key = this.key(state);
    if (this.shown?.key === key) return;
    this.shown = null;
    this.line.textContent = 'Hint: thinking…';
    this.host.renderCells();
    const board = panel.format(state);
    try {
      const answer = await this.client.hint({
        engine: this.host.engine(),
        family: panel.spec.family,
        board,
        goal: panel.goal(),
        heuristic: this.host.heuristic(),
        toMove: this.host.hintToMove(state),
        maxNodes: HINT_MAX_NODES,
      });
      if (!this.on || this.key(panel.state) !== key) return;
      const blank = board.split(/\s+/).indexOf('x');
      this.shown = { key, distance: answer.distance, cells: new Set(hintCells(answer, panel.spec.width, blank)), text: hintText(answer) };
    } catch (error) {
      // Cancelled: a newer position's request (or the toggle) took over.
      if (error instanceof SolveCancelled || !this.on || this.key(panel.state) !== key) return;
      this.shown = { key, distance: null, cells: new Set(), text: `Hint: ${error instanceof Error ? error.message : String(error)}` };
    }
    panel.render();
  }

  render(state: S): void {
    this.button.setAttribute('aria-pressed', String(this.on));
    this.line.hidden = !this.on;
    const hint = this.shownFor(state);
    if (hint) this.line.textContent = hint.text;
    if (hint && hint.distance !== null) this.line.dataset.distance = String(hint.distance);
    else delete this.line.dataset.distance;
  }
}
