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
 */
import { LIGHTS_OUT_PATTERNS, type EngineName, type LightsOutResult } from '../../src/index.js';
import { formatMs, h, numberFormat } from './dom.js';
import { LightsOutCanvas } from './lightsOutCanvas.js';
import {
  boardSizeLimits,
  boardText,
  colorChoices,
  formatCount,
  litCount,
  PressTable,
  patternLabel,
  type LightsOutPatternName,
  type LightsOutRules,
} from './lightsOutRules.js';
import { engineLabel, PlaybackTimer, solveFailure, type PanelContext } from './panel.js';
import { SolveCancelled, SolverClient } from './solverClient.js';

/** Playback speeds in presses per second: slow enough to follow on 5x5, fast enough for 20 000 presses. */
const speeds = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500, 5000];
/** Playback ticks at most this often; faster speeds make several presses a tick. */
const tickMs = 40;
/** The largest board a hint takes: it solves the board once per cell. */
const HINT_MAX_CELLS = 400;

interface Shown {
  result: LightsOutResult;
  engine: string;
  rules: LightsOutRules;
}

export class LightsOutPanel {
  readonly spec = { id: 'lights', title: 'Lights Out' };
  readonly client = new SolverClient();
  private readonly context: PanelContext;

  private rules: LightsOutRules = { rows: 5, cols: 5, colors: 2, pattern: 'cross', torus: false };
  private table = new PressTable(this.rules);
  private cells: Uint8Array = new Uint8Array(25);
  /** Presses still to make per cell (the overlay), or null. */
  private pending: Uint8Array | null = null;
  private shown: Shown | null = null;
  /** Cells pressed by the playback, in order, so that it can step back. */
  private played: number[] = [];
  /** No cell before this one has a press pending (the playback's next press is at or after it). */
  private scan = 0;
  /** Presses made by hand since the last solve. */
  private handPresses = 0;
  /** Cells pressed by hand while a solve runs (taken off its answer), or null once the board was edited. */
  private pressedWhileSolving: number[] | null = null;
  private message: { text: string; kind: 'info' | 'error' | 'unsolvable' } | null = null;
  private busy: { engine: EngineName; started: number } | null = null;
  private busyTimer: number | undefined;
  private readonly player = new PlaybackTimer();
  private playCredit = 0;
  private editing = false;
  private hover: number | null = null;
  private cursor = 0;
  private focused = false;
  private drawQueued = false;
  /** Hints run on their own client, so that a hint never cancels a solve. */
  private readonly hintClient = new SolverClient();
  private hinting = false;
  /** The hint of the board whose text and rules are `key`. */
  private hinted: { key: string; optimal: Uint8Array | null; text: string; distance: number | null } | null = null;
  /** The board whose hint a worker is computing, so that a redraw does not ask again. */
  private hintAsked: string | null = null;
  private hintButton!: HTMLButtonElement;
  private hintLine!: HTMLElement;

  element!: HTMLElement;
  private canvas!: LightsOutCanvas;
  private frame!: HTMLElement;
  private boardElement!: HTMLElement;
  private counter!: HTMLElement;
  private status!: HTMLElement;
  private help!: HTMLElement;
  private rowsInput!: HTMLInputElement;
  private colsInput!: HTMLInputElement;
  private patternSelect!: HTMLSelectElement;
  private colorsSelect!: HTMLSelectElement;
  private torusBox!: HTMLInputElement;
  private limitSelect!: HTMLSelectElement;
  private overlayBox!: HTMLInputElement;
  private editButton!: HTMLButtonElement;
  private solveButton!: HTMLButtonElement;
  private cancelButton!: HTMLButtonElement;
  private progress!: HTMLElement;
  private result!: HTMLElement;
  private facts!: HTMLElement;
  private playback!: HTMLElement;
  private playButtons!: Record<'start' | 'back' | 'play' | 'forward' | 'end', HTMLButtonElement>;
  private speed!: HTMLInputElement;
  private speedLabel!: HTMLElement;

  constructor(context: PanelContext) {
    this.context = context;
  }

  // ---- building -----------------------------------------------------------------------------

  mount(): HTMLElement {
    const id = this.spec.id;
    const canvasElement = h('canvas', {
      class: 'lights-canvas',
      tabindex: 0,
      role: 'application',
      'aria-label': 'Lights Out board: arrow keys move the cursor, Enter or Space presses the cell',
      'aria-describedby': `${id}-status ${id}-help`,
    });
    this.canvas = new LightsOutCanvas(canvasElement);
    canvasElement.addEventListener('click', (event) => {
      const cell = this.canvas.cellAt(event.offsetX, event.offsetY);
      if (cell === null) return;
      this.cursor = cell;
      this.cellAction(cell);
    });
    canvasElement.addEventListener('pointermove', (event) => this.setHover(this.canvas.cellAt(event.offsetX, event.offsetY)));
    canvasElement.addEventListener('pointerleave', () => this.setHover(null));
    canvasElement.addEventListener('keydown', (event) => this.keydown(event));
    canvasElement.addEventListener('focus', () => {
      this.focused = true;
      // From the keyboard: preview the press under the cursor (a click has its own cell under the pointer).
      if (canvasElement.matches(':focus-visible')) this.setHover(this.cursor);
      else this.draw();
    });
    canvasElement.addEventListener('blur', () => {
      this.focused = false;
      this.setHover(null);
    });
    this.boardElement = h('div', { class: 'board lights-board', id: `${id}-board` }, canvasElement);
    this.frame = h('div', { class: 'board-frame lights-frame' }, this.boardElement);
    new ResizeObserver(() => this.draw()).observe(this.frame);

    this.counter = h('span', { class: 'counter', 'aria-live': 'polite' });
    this.status = h('p', { class: 'status', id: `${id}-status`, 'aria-live': 'polite' });
    this.help = h('p', { class: 'help', id: `${id}-help` });

    const sizeInput = (which: 'rows' | 'cols') =>
      h('input', {
        type: 'number',
        id: `${id}-${which}`,
        'aria-label': which === 'rows' ? 'Rows' : 'Columns',
        min: boardSizeLimits.min,
        max: boardSizeLimits.max,
        step: 1,
        value: this.rules[which],
        inputmode: 'numeric',
        class: 'size-input',
        onchange: () => this.optionsChanged(),
      });
    this.rowsInput = sizeInput('rows');
    this.colsInput = sizeInput('cols');
    this.patternSelect = h(
      'select',
      { id: `${id}-pattern`, onchange: () => this.optionsChanged() },
      ...LIGHTS_OUT_PATTERNS.map((name) => h('option', { value: name, selected: name === this.rules.pattern }, patternLabel[name])),
    );
    this.colorsSelect = h(
      'select',
      { id: `${id}-colors`, onchange: () => this.optionsChanged() },
      ...colorChoices.map((k) => h('option', { value: k, selected: k === this.rules.colors }, k === 2 ? '2 (on/off)' : String(k))),
    );
    this.torusBox = h('input', { type: 'checkbox', id: `${id}-torus`, onchange: () => this.optionsChanged() });
    // maxKernel: how many press sets of the kernel's coset the search may weigh before it answers without a proof.
    this.limitSelect = h(
      'select',
      { id: `${id}-limit`, 'aria-describedby': `${id}-limit-hint` },
      h('option', { value: '' }, 'Library default (up to 2^24)'),
      ...[20, 16, 12, 8].map((bits) => h('option', { value: 2 ** bits }, `2^${bits} press sets`)),
    );
    this.editButton = h('button', { type: 'button', class: 'toggle', 'aria-pressed': 'false', onclick: () => this.toggleEdit() }, 'Edit mode');
    this.hintButton = h(
      'button',
      {
        type: 'button',
        class: 'small hint-toggle',
        'aria-pressed': 'false',
        'aria-label': 'Hint: outline the cells of a fewest press set',
        onclick: () => this.toggleHint(),
      },
      'Hint',
    );
    this.hintLine = h('p', { class: 'hint-line', 'aria-live': 'polite', hidden: true });
    const randomButton = h(
      'button',
      { type: 'button', class: 'lights-random', 'aria-label': 'Deal a random solvable Lights Out board', onclick: () => this.randomBoard() },
      'Random solvable',
    );
    const clearButton = h(
      'button',
      {
        type: 'button',
        class: 'lights-clear',
        'aria-label': 'Switch every light off',
        onclick: () => this.setCells(new Uint8Array(this.rules.rows * this.rules.cols)),
      },
      'Clear',
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
    this.overlayBox = h('input', { type: 'checkbox', id: `${id}-overlay`, checked: true, onchange: () => this.draw() });

    const button = (name: string, label: string, text: string, action: () => void) =>
      h('button', { type: 'button', class: `small play-${name}`, 'aria-label': label, title: label, onclick: action }, text);
    this.playButtons = {
      start: button('start', 'Undo every press of the playback', '|◀', () => this.toStart()),
      back: button('back', 'Undo the last press of the playback', '◀', () => this.stepBack()),
      play: button('play', 'Play the presses', '▶ Play', () => this.togglePlay()),
      forward: button('forward', 'Make the next press', '▶', () => this.stepForward()),
      end: button('end', 'Make every press left', '▶|', () => this.toEnd()),
    };
    this.speed = h('input', {
      type: 'range',
      min: 0,
      max: speeds.length - 1,
      value: 3,
      id: `${id}-speed`,
      'aria-label': 'Playback speed in presses per second',
      oninput: () => this.speedChanged(),
    });
    this.speedLabel = h('span', { class: 'speed-label' });
    this.playback = h(
      'div',
      { class: 'playback', role: 'group', 'aria-label': 'Press playback' },
      ...Object.values(this.playButtons),
      h('label', { class: 'speed', for: `${id}-speed` }, 'Speed', this.speed, this.speedLabel),
    );

    const field = (label: string, forId: string, control: HTMLElement) => h('div', { class: 'row' }, h('label', { for: forId }, label), control);
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
          this.frame,
          h('div', { class: 'board-bar' }, this.counter, h('span', { class: 'spacer' }), this.hintButton),
          this.status,
          this.hintLine,
          this.help,
        ),
        h(
          'div',
          { class: 'controls-side' },
          h(
            'fieldset',
            { class: 'group' },
            h('legend', {}, 'Board'),
            h(
              'div',
              { class: 'row' },
              h('label', { for: `${id}-rows` }, 'Size'),
              h('span', { class: 'size-pair' }, this.rowsInput, h('span', { 'aria-hidden': 'true' }, '×'), this.colsInput),
              h('span', { class: 'hint' }, `rows × columns, ${boardSizeLimits.min} to ${boardSizeLimits.max}`),
            ),
            field('Pattern', `${id}-pattern`, this.patternSelect),
            field('Colours k', `${id}-colors`, this.colorsSelect),
            h('div', { class: 'row' }, h('label', { class: 'check', for: `${id}-torus` }, this.torusBox, 'Torus: the edges wrap around')),
            h('div', { class: 'row' }, randomButton, clearButton, this.editButton),
          ),
          h(
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
            this.playback,
            this.facts,
          ),
        ),
      ),
    );
    this.speedChanged();
    this.randomBoard();
    return this.element;
  }

  // ---- position -----------------------------------------------------------------------------

  /** The size, pattern, torus and colours from the controls; a new rule set deals a new random board. */
  private optionsChanged(): void {
    const size = (input: HTMLInputElement, fallback: number) => {
      const value = Math.round(Number(input.value));
      const clamped = Number.isFinite(value) ? Math.min(boardSizeLimits.max, Math.max(boardSizeLimits.min, value)) : fallback;
      input.value = String(clamped);
      return clamped;
    };
    this.rules = {
      rows: size(this.rowsInput, this.rules.rows),
      cols: size(this.colsInput, this.rules.cols),
      pattern: this.patternSelect.value as LightsOutPatternName,
      colors: Number(this.colorsSelect.value),
      torus: this.torusBox.checked,
    };
    this.table = new PressTable(this.rules);
    this.cursor = Math.min(this.cursor, this.rules.rows * this.rules.cols - 1);
    this.hover = null;
    this.randomBoard();
  }

  private randomBoard(): void {
    this.setCells(this.table.randomSolvable());
  }

  /** A new board: the solution and the playback start over. */
  private setCells(cells: Uint8Array): void {
    this.client.cancel();
    this.pressedWhileSolving = null;
    this.player.stop();
    this.cells = cells;
    this.forgetSolution();
    this.message = null;
    this.render();
  }

  private forgetSolution(): void {
    this.pending = null;
    this.shown = null;
    this.played = [];
    this.scan = 0;
    this.handPresses = 0;
  }

  /** A click or Enter on a cell: a press in play mode, the next value in edit mode. */
  private cellAction(cell: number): void {
    if (this.editing) {
      this.player.stop();
      this.cells[cell] = (this.cells[cell] + 1) % this.rules.colors;
      this.pressedWhileSolving = null;
      // The overlay solved another board: drop it.
      if (this.pending) {
        this.forgetSolution();
        this.message = { text: 'The board was edited: solve again for its presses.', kind: 'info' };
      }
    } else {
      this.table.press(this.cells, cell);
      this.pressedWhileSolving?.push(cell);
      if (this.pending) {
        const k = this.rules.colors;
        this.pending[cell] = (this.pending[cell] + k - 1) % k;
        this.scan = Math.min(this.scan, cell);
        this.played = [];
        this.handPresses++;
      }
    }
    this.render();
  }

  private toggleEdit(): void {
    this.editing = !this.editing;
    this.render();
  }

  private keydown(event: KeyboardEvent): void {
    const { rows, cols } = this.rules;
    const row = Math.floor(this.cursor / cols);
    const col = this.cursor % cols;
    let next: number | null = null;
    if (event.key === 'ArrowUp') next = row > 0 ? this.cursor - cols : this.cursor;
    else if (event.key === 'ArrowDown') next = row < rows - 1 ? this.cursor + cols : this.cursor;
    else if (event.key === 'ArrowLeft') next = col > 0 ? this.cursor - 1 : this.cursor;
    else if (event.key === 'ArrowRight') next = col < cols - 1 ? this.cursor + 1 : this.cursor;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = rows * cols - 1;
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.cellAction(this.cursor);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    this.cursor = next;
    this.setHover(next);
  }

  private setHover(cell: number | null): void {
    if (this.hover === cell) return;
    this.hover = cell;
    this.draw();
  }

  // ---- solving ------------------------------------------------------------------------------

  async solve(): Promise<void> {
    if (this.busy) return;
    this.player.stop();
    const engine = this.context.engine();
    const rules = { ...this.rules };
    const start = this.cells.slice();
    const maxKernel = this.limitSelect.value === '' ? undefined : Number(this.limitSelect.value);
    this.message = null;
    this.forgetSolution();
    this.pressedWhileSolving = [];
    this.busy = { engine, started: performance.now() };
    this.busyTimer = window.setInterval(() => this.renderProgress(), 100);
    this.render();
    try {
      const result = await this.client.lightsOut(engine, boardText(start, rules.rows, rules.cols), {
        pattern: rules.pattern,
        torus: rules.torus,
        colors: rules.colors,
        maxKernel,
      });
      const byHand = this.pressedWhileSolving;
      if (byHand === null || !this.sameRules(rules)) {
        this.message = { text: 'The board was edited while it was being solved: solve again.', kind: 'info' };
        return;
      }
      this.forgetSolution();
      this.shown = { result, engine: engineLabel[engine], rules };
      if (result.status === 'solved') {
        const k = rules.colors;
        const pending = new Uint8Array(rules.rows * rules.cols);
        for (const press of result.presses) pending[(press.row - 1) * rules.cols + (press.col - 1)] = press.count ?? 1;
        // Presses made by hand meanwhile come off the answer (presses commute), so the dots solve the board shown.
        for (const cell of byHand) pending[cell] = (pending[cell] + k - 1) % k;
        this.handPresses = byHand.length;
        this.pending = pending;
      } else {
        this.message = { text: unsolvableText(result, rules), kind: 'unsolvable' };
      }
    } catch (error) {
      this.message = solveFailure(error, engine);
    } finally {
      this.pressedWhileSolving = null;
      window.clearInterval(this.busyTimer);
      this.busy = null;
      this.render();
    }
  }

  private sameRules(rules: LightsOutRules): boolean {
    const now = this.rules;
    return now.rows === rules.rows && now.cols === rules.cols && now.colors === rules.colors && now.pattern === rules.pattern && now.torus === rules.torus;
  }

  // ---- playback -----------------------------------------------------------------------------

  private remaining(): number {
    if (!this.pending) return 0;
    let sum = 0;
    for (const count of this.pending) sum += count;
    return sum;
  }

  /** The next cell with a press pending, row-major. */
  private nextPress(): number | null {
    const pending = this.pending;
    if (!pending) return null;
    while (this.scan < pending.length && pending[this.scan] === 0) this.scan++;
    return this.scan < pending.length ? this.scan : null;
  }

  private forwardOne(): boolean {
    const cell = this.nextPress();
    if (cell === null) return false;
    this.table.press(this.cells, cell);
    this.pending![cell]--;
    this.played.push(cell);
    return true;
  }

  private stepForward(): void {
    this.forwardOne();
    this.render();
  }

  private stepBack(): void {
    const cell = this.played.pop();
    if (cell === undefined) return;
    this.table.press(this.cells, cell, -1);
    this.pending![cell]++;
    this.scan = Math.min(this.scan, cell);
    this.render();
  }

  private toStart(): void {
    this.player.stop();
    while (this.played.length > 0) {
      const cell = this.played.pop()!;
      this.table.press(this.cells, cell, -1);
      this.pending![cell]++;
      this.scan = Math.min(this.scan, cell);
    }
    this.render();
  }

  private toEnd(): void {
    this.player.stop();
    while (this.forwardOne());
    this.render();
  }

  private togglePlay(): void {
    if (this.player.stop()) {
      this.render();
      return;
    }
    if (this.nextPress() === null) this.toStart();
    if (this.nextPress() === null) return;
    this.playCredit = 0;
    let last = performance.now();
    const perSecond = () => speeds[Number(this.speed.value)];
    this.player.start(
      () => {
        const now = performance.now();
        // Presses owed since the last tick (at least one a tick at slow speeds, as soon as it is due).
        this.playCredit += ((now - last) * perSecond()) / 1000;
        last = now;
        let moved = false;
        while (this.playCredit >= 1) {
          this.playCredit--;
          if (!this.forwardOne()) break;
          moved = true;
        }
        if (this.nextPress() === null) this.player.stop();
        if (moved || !this.player.playing) this.render();
      },
      Math.min(tickMs, 1000 / perSecond()),
    );
    this.render();
  }

  private speedChanged(): void {
    const perSecond = speeds[Number(this.speed.value)];
    this.speedLabel.textContent = `${numberFormat.format(perSecond)} press${perSecond === 1 ? '' : 'es'}/s`;
    this.player.restart(() => this.togglePlay());
  }

  // ---- hints --------------------------------------------------------------------------------

  /** The board and its rules, as the hint's identity. */
  private hintKey(): string {
    const { rows, cols, colors, pattern, torus } = this.rules;
    return `${rows}x${cols} ${pattern} ${torus} ${colors} ${this.cells.join('')}`;
  }

  private toggleHint(): void {
    this.hinting = !this.hinting;
    this.hinted = null;
    this.hintAsked = null;
    if (!this.hinting) this.hintClient.cancel();
    this.render();
  }

  /**
   * Shows the hint of the board on screen, asking a worker for it once per
   * board (every press asks again, on the path or off it; an answer for a
   * board already left is dropped). Each cell's press is solved: boards up to
   * HINT_MAX_CELLS.
   */
  private renderHint(): void {
    this.hintButton.setAttribute('aria-pressed', String(this.hinting));
    this.hintLine.hidden = !this.hinting;
    delete this.boardElement.dataset.hinted;
    if (!this.hinting) return;
    const key = this.hintKey();
    const hinted = this.hinted?.key === key ? this.hinted : null;
    if (hinted) {
      this.hintLine.textContent = hinted.text;
      // The outlined cells, row-major, for tests and screen readers' sake (the canvas itself has no cells).
      this.boardElement.dataset.hinted = hinted.optimal ? [...hinted.optimal.keys()].filter((i) => hinted.optimal![i]).join(' ') : '';
      if (hinted.distance === null) delete this.hintLine.dataset.distance;
      else this.hintLine.dataset.distance = String(hinted.distance);
      return;
    }
    delete this.hintLine.dataset.distance;
    const { rows, cols, colors, pattern, torus } = this.rules;
    if (rows * cols > HINT_MAX_CELLS) {
      this.hinted = { key, optimal: null, distance: null, text: `Hint: boards of up to ${HINT_MAX_CELLS} cells (it solves the board once per cell).` };
      this.hintLine.textContent = this.hinted.text;
      return;
    }
    this.hintLine.textContent = 'Hint: thinking…';
    if (this.hintAsked === key) return;
    this.hintAsked = key;
    this.hintClient.lightsOutHint(this.context.engine(), boardText(this.cells, rows, cols), { pattern, torus, colors }).then(
      (hint) => {
        if (this.hintAsked === key) this.hintAsked = null;
        if (!this.hinting || this.hintKey() !== key) return;
        const text =
          hint.status === 'unsolvable'
            ? 'Hint: no press set switches every light off from here.'
            : hint.distance === 0
              ? 'Hint: every light is off.'
              : `Hint: ${hint.distance} press${hint.distance === 1 ? '' : 'es'} to go; the outlined cells belong to a fewest press set${hint.minimal ? '' : ' (not proven: the kernel is too large to weigh)'}.`;
        this.hinted = { key, optimal: hint.status === 'solved' ? hint.optimal : null, distance: hint.distance, text };
        this.render();
      },
      (error: unknown) => {
        if (this.hintAsked === key) this.hintAsked = null;
        if (error instanceof SolveCancelled || !this.hinting || this.hintKey() !== key) return;
        this.hinted = { key, optimal: null, distance: null, text: `Hint: ${error instanceof Error ? error.message : String(error)}` };
        this.render();
      },
    );
  }

  // ---- drawing ------------------------------------------------------------------------------

  /** Redraws the canvas on the next frame (many changes in one frame draw once). */
  private draw(): void {
    if (this.drawQueued || !this.frame) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      const style = getComputedStyle(this.frame);
      const available = this.frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      this.canvas.draw(
        {
          ...this.rules,
          cells: this.cells,
          pending: this.overlayBox.checked ? this.pending : null,
          preview: this.hover === null || this.hover >= this.cells.length ? null : this.table.reach(this.hover),
          // The cursor only for the keyboard: a click focuses the canvas too.
          cursor: this.focused && this.canvas.canvas.matches(':focus-visible') ? this.cursor : null,
          hint: this.hinting && this.hinted?.key === this.hintKey() ? this.hinted.optimal : null,
          editing: this.editing,
        },
        Math.max(40, available),
      );
    });
  }

  render(): void {
    const { rows, cols, colors } = this.rules;
    const lit = litCount(this.cells);
    const goal = lit === 0;
    const remaining = this.remaining();
    const board = this.boardElement;
    board.dataset.rows = String(rows);
    board.dataset.cols = String(cols);
    board.dataset.lit = String(lit);
    board.dataset.goal = String(goal);
    board.dataset.overlay = String(remaining);
    board.dataset.mode = this.editing ? 'edit' : 'play';
    // The whole board as text for small boards (tests and curious readers); big ones only count.
    if (rows * cols <= 1024) board.dataset.board = boardText(this.cells, rows, cols, '/');
    else delete board.dataset.board;
    board.classList.toggle('solved', goal);
    board.classList.toggle('editing', this.editing);
    this.draw();

    this.counter.textContent =
      colors === 2
        ? `Lights on: ${numberFormat.format(lit)} of ${numberFormat.format(rows * cols)}`
        : `Cells not 0: ${numberFormat.format(lit)} of ${numberFormat.format(rows * cols)}`;
    this.status.textContent = this.editing
      ? 'Edit mode: a click adds 1 to one cell only.'
      : goal
        ? 'All lights are off.'
        : this.pending
          ? `Dots mark the ${numberFormat.format(remaining)} press${remaining === 1 ? '' : 'es'} left${colors > 2 ? ' (the number: how many times)' : ''}.`
          : 'Press cells to switch the lights off, or ask for the fewest presses.';
    this.status.classList.toggle('goal', goal && !this.editing);
    this.help.textContent = this.editing
      ? 'Click a cell (or Enter on it) to change its value; Done editing to play.'
      : 'Click a cell, or move with the arrow keys and press Enter or Space. The lighter cells show what a press there changes.';
    this.editButton.setAttribute('aria-pressed', String(this.editing));
    this.editButton.textContent = this.editing ? 'Done editing' : 'Edit mode';
    this.renderHint();

    const busy = this.busy !== null;
    this.element.dataset.busy = String(busy);
    this.element.dataset.workers = String(this.client.generation);
    this.solveButton.disabled = busy;
    this.solveButton.textContent = `Solve on ${engineLabel[this.context.engine()]}`;
    this.cancelButton.hidden = !busy;
    this.renderProgress();
    this.renderResult(remaining);
  }

  private renderProgress(): void {
    const busy = this.busy;
    this.progress.hidden = busy === null;
    if (!busy) return;
    const elapsed = (performance.now() - busy.started) / 1000;
    this.progress.textContent = `Solving on ${engineLabel[busy.engine]} · ${elapsed.toFixed(1)} s`;
  }

  private renderResult(remaining: number): void {
    const r = this.result;
    r.replaceChildren();
    for (const name of ['solvable', 'length', 'kernel', 'solutions', 'minimal', 'nodes']) delete r.dataset[name];
    if (this.message) r.append(h('p', { class: `message ${this.message.kind}` }, this.message.text));
    const shown = this.shown;
    const solved = shown?.result.status === 'solved' ? shown.result : null;
    this.playback.hidden = !(solved && this.pending && solved.length > 0);
    this.facts.replaceChildren();
    if (!shown) return;
    const result = shown.result;
    r.dataset.solvable = String(result.solvable);
    r.dataset.kernel = String(result.kernelDimension);
    r.dataset.solutions = result.solutions.toString();
    r.dataset.minimal = String(result.minimal);
    r.dataset.nodes = String(result.stats.nodes);
    if (solved) {
      r.dataset.length = String(solved.length);
      r.append(
        h(
          'p',
          { class: 'length' },
          h(
            'strong',
            {},
            solved.length === 0
              ? 'Already solved: 0 presses.'
              : `${solved.minimal ? 'Fewest presses' : 'A solution'}: ${numberFormat.format(solved.length)} press${solved.length === 1 ? '' : 'es'}.`,
          ),
          solved.length > 0 ? ` Played ${numberFormat.format(this.played.length)}, ${numberFormat.format(remaining)} left.` : '',
        ),
      );
      if (this.handPresses > 0) {
        r.append(
          h(
            'p',
            { class: 'message info' },
            `The dots follow your ${this.handPresses} press${this.handPresses === 1 ? '' : 'es'} by hand: they still solve the board, but may no longer be the fewest.`,
          ),
        );
      }
    }
    const { rules } = shown;
    const k = rules.colors;
    const fact = (term: string, value: string, title?: string) => [h('dt', {}, term), h('dd', { title }, value)];
    this.facts.append(
      ...fact('Board', `${rules.rows}×${rules.cols}, ${rules.pattern}${rules.torus ? ', torus' : ''}, k = ${k}`),
      ...fact('Kernel dimension', String(result.kernelDimension), 'Press sets that change nothing form a space of this dimension over GF(k)'),
      ...fact(
        result.solvable ? 'Press sets that solve it' : 'Solvable boards',
        result.solvable ? formatCount(result.solutions) : `1 in ${formatCount(BigInt(k) ** BigInt(result.kernelDimension))}`,
        result.solvable ? result.solutions.toString() : undefined,
      ),
      ...fact(
        'Proven minimal',
        result.solvable
          ? result.minimal
            ? 'yes: every solution was weighed'
            : `no: the best of ${numberFormat.format(result.stats.nodes)} press sets weighed (the search limit)`
          : '—',
      ),
      ...fact('Nodes', numberFormat.format(result.stats.nodes), 'Press sets weighed'),
      ...fact('Time', `${formatMs(result.stats.ms)} on ${shown.engine}`),
    );
    this.playback.dataset.index = String(this.played.length);
    this.playback.dataset.remaining = String(remaining);
    const playing = this.player.playing;
    const canBack = this.played.length > 0;
    const canForward = remaining > 0;
    this.playButtons.start.disabled = !canBack;
    this.playButtons.back.disabled = !canBack;
    this.playButtons.forward.disabled = !canForward;
    this.playButtons.end.disabled = !canForward;
    this.playButtons.play.disabled = !canForward && !canBack;
    this.playButtons.play.textContent = playing ? '‖ Pause' : '▶ Play';
    this.playButtons.play.setAttribute('aria-label', playing ? 'Pause the playback' : 'Play the presses');
  }
}

/** Why there is no answer, in words: the library's reason and what the kernel means for this board. */
function unsolvableText(result: LightsOutResult, rules: LightsOutRules): string {
  const reason = result.status === 'unsolvable' ? result.reason : 'No solution';
  const d = result.kernelDimension;
  const k = rules.colors;
  const board = `${rules.rows}×${rules.cols} ${rules.pattern}${rules.torus ? ' torus' : ''}`;
  if (d === 0) return `${reason}.`;
  return `${reason}. On the ${board} board with k = ${k}, ${d} independent press set${d === 1 ? '' : 's'} change nothing (kernel dimension ${d}), so the presses reach only 1 board in ${formatCount(BigInt(k) ** BigInt(d))}, and this is not one of them. Random solvable deals one that is.`;
}
