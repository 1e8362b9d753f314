/**
 * Outside: the Lights Out panel's hint: the toggle, the line under the board
 * and the cells of a fewest press set to outline. A worker is asked once per
 * board (every press asks again, on the path or off it; an answer for a board
 * already left is dropped), on its own client so that a hint never cancels a
 * solve. It solves the board once per cell: boards up to HINT_MAX_CELLS.
 */
import { h } from '../shared/dom.js';
import type { LightsOutGame } from './lightsOutGame.js';
import { boardText } from '../../../src/rules/lightsOut.js';
import type { PanelContext } from '../shared/pageContext.js';
import { SolveCancelled, SolverClient } from '../workers/solverClient.js';

/** The largest board a hint takes: it solves the board once per cell. */
const HINT_MAX_CELLS = 400;

interface Hinted {
  /** The board and rules it is the hint of (hintKey). */
  key: string;
  optimal: Uint8Array | null;
  text: string;
  distance: number | null;
}

export class LightsOutHint {
  readonly button: HTMLButtonElement;
  readonly line: HTMLElement;
  private readonly game: LightsOutGame;
  private readonly context: PanelContext;
  private readonly changed: () => void;
  private readonly client = new SolverClient();
  private hinting = false;
  private hinted: Hinted | null = null;
  /** The board whose hint a worker is computing, so that a redraw does not ask again. */
  private asked: string | null = null;

  constructor(game: LightsOutGame, context: PanelContext, changed: () => void) {
    this.game = game;
    this.context = context;
    this.changed = changed;
    this.button = h(
      'button',
      {
        type: 'button',
        class: 'small hint-toggle',
        'aria-pressed': 'false',
        'aria-label': 'Hint: outline the cells of a fewest press set',
        onclick: () => this.toggle(),
      },
      'Hint',
    );
    this.line = h('p', { class: 'hint-line', 'aria-live': 'polite', hidden: true });
  }

  /** The cells to outline on the board shown, or null (hints off, or not known yet). */
  outlined(): Uint8Array | null {
    return this.hinting && this.hinted?.key === this.key() ? this.hinted.optimal : null;
  }

  /** Shows the hint of the board on screen, asking a worker for it when it is not known. */
  render(board: HTMLElement): void {
    this.button.setAttribute('aria-pressed', String(this.hinting));
    this.line.hidden = !this.hinting;
    delete board.dataset.hinted;
    if (!this.hinting) return;
    const key = this.key();
    const hinted = this.hinted?.key === key ? this.hinted : null;
    if (hinted) {
      this.line.textContent = hinted.text;
      // The outlined cells, row-major, for tests and screen readers' sake (the canvas itself has no cells).
      board.dataset.hinted = hinted.optimal ? [...hinted.optimal.keys()].filter((i) => hinted.optimal![i]).join(' ') : '';
      if (hinted.distance === null) delete this.line.dataset.distance;
      else this.line.dataset.distance = String(hinted.distance);
      return;
    }
    delete this.line.dataset.distance;
    const { rows, cols } = this.game.rules;
    if (rows * cols > HINT_MAX_CELLS) {
      this.hinted = { key, optimal: null, distance: null, text: `Hint: boards of up to ${HINT_MAX_CELLS} cells (it solves the board once per cell).` };
      this.line.textContent = this.hinted.text;
      return;
    }
    this.line.textContent = 'Hint: thinking…';
    if (this.asked === key) return;
    this.asked = key;
    this.ask(key);
  }

  private toggle(): void {
    this.hinting = !this.hinting;
    this.hinted = null;
    this.asked = null;
    if (!this.hinting) this.client.cancel();
    this.changed();
  }

  /** The board and its rules, as the hint's identity. */
  private key(): string {
    const { rows, cols, colors, pattern, torus } = this.game.rules;
    return `${rows}x${cols} ${pattern} ${torus} ${colors} ${this.game.cells.join('')}`;
  }

  private ask(key: string): void {
    const { rows, cols, colors, pattern, torus } = this.game.rules;
    this.client.lightsOutHint(this.context.engine(), boardText(this.game.cells, rows, cols), { pattern, torus, colors }).then(
      (hint) => {
        if (this.asked === key) this.asked = null;
        if (!this.hinting || this.key() !== key) return;
        const text =
          hint.status === 'unsolvable'
            ? 'Hint: no press set switches every light off from here.'
            : hint.distance === 0
              ? 'Hint: every light is off.'
              : `Hint: ${hint.distance} press${hint.distance === 1 ? '' : 'es'} to go; the outlined cells belong to a fewest press set${hint.minimal ? '' : ' (not proven: the kernel is too large to weigh)'}.`;
        this.hinted = { key, optimal: hint.status === 'solved' ? hint.optimal : null, distance: hint.distance, text };
        this.changed();
      },
      (error: unknown) => {
        if (this.asked === key) this.asked = null;
        if (error instanceof SolveCancelled || !this.hinting || this.key() !== key) return;
        this.hinted = { key, optimal: null, distance: null, text: `Hint: ${error instanceof Error ? error.message : String(error)}` };
        this.changed();
      },
    );
  }
}
