/**
 * Outside: the Lights Out panel's solve controller and its "Solve" group:
 * Solve and Cancel, "Show the presses", the search limit, the progress line
 * while a worker searches, the result and the facts. It asks the library's
 * worker pool for the board on show and hands the answer to the game, which
 * keeps the overlay a solution of the board shown; the message it keeps is
 * the one line the panel has to say (an edit, a cancel, an error).
 */
import type { EngineName } from '../../../src/index.js';
import { h } from '../shared/dom.js';
import type { LightsOutGame } from './lightsOutGame.js';
import { type PanelMessage, renderFacts, renderResult, unsolvableText } from './lightsOutResult.js';
import { boardText } from '../../../src/rules/lightsOut.js';
import type { PanelContext } from '../shared/pageContext.js';
import { engineLabel, solveFailure } from '../workers/engines.js';
import type { SolverClient } from '../workers/solverClient.js';

/** What the solve controller needs of the panel. */
export interface SolveHooks {
  /** Something the panel shows changed: render it all. */
  changed(): void;
  /** Only the canvas needs drawing again (the overlay was shown or hidden). */
  redraw(): void;
  /** A solve starts: the playback stops. */
  stopPlayback(): void;
}

export class LightsOutSolver {
  readonly element: HTMLElement;
  /** The one line the panel says about the last solve or edit, or null. */
  message: PanelMessage | null = null;
  private readonly game: LightsOutGame;
  private readonly client: SolverClient;
  private readonly context: PanelContext;
  private readonly hooks: SolveHooks;
  private busy: { engine: EngineName; started: number } | null = null;
  private busyTimer: number | undefined;
  private readonly limitSelect: HTMLSelectElement;
  private readonly overlayBox: HTMLInputElement;
  private readonly solveButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly progress: HTMLElement;
  private readonly result: HTMLElement;
  private readonly facts: HTMLElement;

  /** The playback's controls are the panel's, under the board (lightsOutPanel.ts). */
  constructor(id: string, game: LightsOutGame, client: SolverClient, context: PanelContext, hooks: SolveHooks) {
    this.game = game;
    this.client = client;
    this.context = context;
    this.hooks = hooks;
    // maxKernel: how many press sets of the kernel's coset the search may weigh before it answers without a proof.
    this.limitSelect = h(
      'select',
      { id: `${id}-limit`, 'aria-describedby': `${id}-limit-hint` },
      h('option', { value: '' }, 'Library default (up to 2^24)'),
      ...[20, 16, 12, 8].map((bits) => h('option', { value: 2 ** bits }, `2^${bits} press sets`)),
    );
    this.solveButton = h('button', { type: 'button', class: 'primary', 'aria-label': 'Solve the Lights Out board', onclick: () => void this.solve() }, 'Solve');
    this.cancelButton = h(
      'button',
      { type: 'button', class: 'danger', hidden: true, 'aria-label': 'Cancel the Lights Out search', onclick: () => this.client.cancel() },
      'Cancel',
    );
    this.progress = h('p', { class: 'progress', 'aria-live': 'polite', hidden: true });
    this.result = h('div', { class: 'result', 'aria-live': 'polite' });
    this.facts = h('dl', { class: 'lights-facts' });
    this.overlayBox = h('input', { type: 'checkbox', id: `${id}-overlay`, checked: true, onchange: () => hooks.redraw() });
    this.element = h(
      'fieldset',
      { class: 'group' },
      h('legend', {}, 'Solve'),
      h(
        'div',
        { class: 'row' },
        this.solveButton,
        this.cancelButton,
        h('label', { class: 'check', for: `${id}-overlay` }, this.overlayBox, 'Show the presses'),
      ),
      h('div', { class: 'row' }, h('label', { for: `${id}-limit` }, 'Search limit'), this.limitSelect),
      h(
        'p',
        { class: 'hint', id: `${id}-limit-hint` },
        'The fewest presses are searched among k^d press sets (d: the kernel dimension); past the limit the answer is the best seen, not proven minimal.',
      ),
      this.progress,
      this.result,
      this.facts,
    );
  }

  get isBusy(): boolean {
    return this.busy !== null;
  }

  /** Whether the presses of the answer are drawn on the board. */
  get showsOverlay(): boolean {
    return this.overlayBox.checked;
  }

  async solve(): Promise<void> {
    if (this.busy) return;
    this.hooks.stopPlayback();
    const game = this.game;
    const engine = this.context.engine();
    const rules = { ...game.rules };
    const start = game.cells.slice();
    const maxKernel = this.limitSelect.value === '' ? undefined : Number(this.limitSelect.value);
    this.message = null;
    game.solveStarted();
    this.busy = { engine, started: performance.now() };
    this.busyTimer = window.setInterval(() => this.renderProgress(), 100);
    this.hooks.changed();
    try {
      const result = await this.client.lightsOut(engine, boardText(start, rules.rows, rules.cols), {
        pattern: rules.pattern,
        torus: rules.torus,
        colors: rules.colors,
        maxKernel,
      });
      if (!game.accept(result, engineLabel[engine], rules))
        this.message = { text: 'The board was edited while it was being solved: solve again.', kind: 'info' };
      else if (result.status !== 'solved') this.message = { text: unsolvableText(result, rules), kind: 'unsolvable' };
    } catch (error) {
      this.message = solveFailure(error, engine);
    } finally {
      game.solveEnded();
      window.clearInterval(this.busyTimer);
      this.busy = null;
      this.hooks.changed();
    }
  }

  /** The buttons, the progress, the result and the facts; `panel` takes data-busy and data-workers. */
  render(panel: HTMLElement): void {
    const busy = this.busy !== null;
    panel.dataset.busy = String(busy);
    panel.dataset.workers = String(this.client.generation);
    this.solveButton.disabled = busy;
    this.solveButton.textContent = `Solve on ${engineLabel[this.context.engine()]}`;
    this.cancelButton.hidden = !busy;
    this.renderProgress();
    renderResult(this.result, this.game, this.message);
    renderFacts(this.facts, this.game.shown);
  }

  private renderProgress(): void {
    const busy = this.busy;
    this.progress.hidden = busy === null;
    if (!busy) return;
    const elapsed = (performance.now() - busy.started) / 1000;
    this.progress.textContent = `Solving on ${engineLabel[busy.engine]} · ${elapsed.toFixed(1)} s`;
  }
}
