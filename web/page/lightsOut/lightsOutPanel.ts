/**
 * Outside: the Lights Out panel. Any board from 2x2 to 200x200, four toggle
 * patterns, plane or torus, k = 2, 3, 5 or 7 colours. Play it (a click
 * presses a cell), edit it, deal a random solvable board, and solve it in the
 * library's worker pool: the presses are drawn on the board (the overlay) and
 * can be played back. The overlay always stays a solution of the board shown:
 * a press by hand is taken off it (presses commute), an edit clears it.
 *
 * Its own class, not a Panel subclass: Panel draws one button per cell and
 * keeps a state per move, which a 40 000-cell board with 20 000 presses
 * cannot afford; this panel draws on a canvas and steps through the presses
 * on one board in place.
 *
 * This file lays the panel out and ties its parts together; each part has its
 * own file: the game (lightsOutGame: board, overlay, playback steps), the
 * board on screen (lightsOutBoardView, drawn by lightsOutCanvas and
 * lightsOutPaint; zoom and pan by lightsOutZoom and lightsOutGestures over
 * lightsOutViewport), the board options (lightsOutOptions), the solve controller (lightsOutSolve, its words
 * in lightsOutResult), the playback controls (lightsOutPlayback) and the hint
 * (lightsOutHint).
 */
import { h, numberFormat } from '../shared/dom.js';
import { boardDock } from '../shared/boardDock.js';
import { LightsOutBoardView } from './lightsOutBoardView.js';
import { LightsOutGame } from './lightsOutGame.js';
import { LightsOutHint } from './lightsOutHint.js';
import { LightsOutOptions } from './lightsOutOptions.js';
import { LightsOutPlayback } from './lightsOutPlayback.js';
import { litCount } from '../../../src/rules/lightsOut.js';
import { LightsOutSolver } from './lightsOutSolve.js';
import type { PanelContext } from '../shared/pageContext.js';
import { SolverClient } from '../workers/solverClient.js';

export class LightsOutPanel {
  readonly spec = { id: 'lights', title: 'Lights Out' };
  /** The solves' worker client (the page warms it up); hints have their own. */
  readonly client = new SolverClient();
  private readonly context: PanelContext;
  private readonly game = new LightsOutGame();

  element!: HTMLElement;
  private view!: LightsOutBoardView;
  private options!: LightsOutOptions;
  private solver!: LightsOutSolver;
  private playback!: LightsOutPlayback;
  private hint!: LightsOutHint;
  private counter!: HTMLElement;
  private status!: HTMLElement;
  private help!: HTMLElement;

  constructor(context: PanelContext) {
    this.context = context;
  }

  mount(): HTMLElement {
    const id = this.spec.id;
    const game = this.game;
    const changed = () => this.render();
    this.view = new LightsOutBoardView(id, game, {
      act: (cell) => this.cellAction(cell),
      layers: () => ({ pending: this.solver.showsOverlay ? game.pending : null, hint: this.hint.outlined() }),
      zoomOfferChanged: changed,
    });
    this.hint = new LightsOutHint(game, this.context, changed);
    this.playback = new LightsOutPlayback(id, game, changed);
    this.solver = new LightsOutSolver(id, game, this.client, this.context, {
      changed,
      redraw: () => this.view.draw(),
      stopPlayback: () => this.playback.stop(),
    });
    this.counter = h('span', { class: 'counter', 'aria-live': 'polite' });
    this.status = h('p', { class: 'status', id: `${id}-status`, 'aria-live': 'polite' });
    this.help = h('p', { class: 'help', id: `${id}-help` });
    this.options = new LightsOutOptions(id, game.rules, {
      changed: () => this.optionsChanged(),
      deal: () => this.randomBoard(),
      clear: () => this.setCells(new Uint8Array(game.rules.rows * game.rules.cols)),
      toggleEdit: () => this.toggleEdit(),
    });

    this.element = h(
      'section',
      { class: 'panel lights-panel', id: `panel-${id}`, 'data-panel': id, 'aria-labelledby': `${id}-title` },
      h(
        'header',
        { class: 'panel-head' },
        h('h2', { id: `${id}-title` }, 'Lights Out on any board'),
        h(
          'p',
          { class: 'rules' },
          'Pressing a cell adds 1 (mod k) to every cell of its pattern; switch every light off (all 0) in the fewest presses. Sizes up to 200×200, on a plane or a torus.',
        ),
      ),
      h(
        'div',
        { class: 'panel-body' },
        h(
          'div',
          { class: 'board-side' },
          // As on the other panels: the board, its bar and the playback in one dock, sticky while presses are played.
          boardDock(
            this.view.frame,
            h('div', { class: 'board-bar' }, this.counter, h('span', { class: 'spacer' }), this.view.zoomBar, this.hint.button),
            this.playback.element,
          ),
          this.status,
          this.hint.line,
          this.help,
        ),
        h('div', { class: 'controls-side' }, this.options.element, this.solver.element),
      ),
    );
    this.randomBoard();
    return this.element;
  }

  // ---- the board ----------------------------------------------------------------------------

  /** The size, pattern, torus and colours from the controls; a new rule set deals a new random board. */
  private optionsChanged(): void {
    this.game.setRules(this.options.read(this.game.rules));
    this.view.rulesChanged();
    this.randomBoard();
  }

  private randomBoard(): void {
    this.setCells(this.game.table.randomSolvable());
  }

  /** A new board: the solution and the playback start over, and a running solve is cancelled. */
  private setCells(cells: Uint8Array): void {
    this.client.cancel();
    this.playback.stop();
    this.game.setCells(cells);
    this.solver.message = null;
    this.render();
  }

  /** A click or Enter on a cell: a press in play mode, the next value in edit mode. */
  private cellAction(cell: number): void {
    const game = this.game;
    if (game.editing) {
      this.playback.stop();
      if (game.edit(cell)) this.solver.message = { text: 'The board was edited: solve again for its presses.', kind: 'info' };
    } else {
      game.press(cell);
    }
    this.render();
  }

  private toggleEdit(): void {
    this.game.editing = !this.game.editing;
    this.render();
  }

  // ---- drawing ------------------------------------------------------------------------------

  render(): void {
    const { rules, cells, editing } = this.game;
    const { rows, cols, colors } = rules;
    const lit = litCount(cells);
    const goal = lit === 0;
    const remaining = this.game.remaining();
    this.view.render(lit, remaining);

    const count = `${numberFormat.format(lit)} of ${numberFormat.format(rows * cols)}`;
    this.counter.textContent = colors === 2 ? `Lights on: ${count}` : `Cells not 0: ${count}`;
    this.status.textContent = statusText(this.game, goal, remaining);
    this.status.classList.toggle('goal', goal && !editing);
    this.help.textContent = helpText(editing, this.view.zoomOffered);
    this.options.renderEditing(editing);
    this.hint.render(this.view.board);
    this.solver.render(this.element);
    this.playback.render();
    this.element.dataset.solution = this.playback.element.hidden ? 'none' : 'shown';
  }
}

/** The line under the board: the mode, the goal, or the presses the overlay has left. */
function statusText(game: LightsOutGame, goal: boolean, remaining: number): string {
  if (game.editing) return 'Edit mode: a click adds 1 to one cell only.';
  if (goal) return 'All lights are off.';
  if (!game.pending) return 'Press cells to switch the lights off, or ask for the fewest presses.';
  return `Dots mark the ${numberFormat.format(remaining)} press${remaining === 1 ? '' : 'es'} left${game.rules.colors > 2 ? ' (the number: how many times)' : ''}.`;
}

/** How to play the board; how to zoom only where the board zooms (large boards). */
function helpText(editing: boolean, zoomOffered: boolean): string {
  if (editing) return 'Click a cell (or Enter on it) to change its value; Done editing to play.';
  const play = 'Click a cell, or move with the arrow keys and press Enter or Space. The lighter cells show what a press there changes.';
  return zoomOffered ? `${play} Zoom with + and − (or Ctrl + wheel), drag to pan when zoomed, Fit (or 0) for the whole board.` : play;
}
