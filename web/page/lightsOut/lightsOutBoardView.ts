/**
 * Outside: the Lights Out board on the page: the canvas in its frame, what
 * the pointer and the keyboard do on it (a click or Enter acts on a cell, the
 * arrow keys move a cursor, the hovered or cursor cell previews its press;
 * large boards zoom and pan through lightsOutZoom), and the board's data
 * attributes (rows, lit cells, the whole board as text on small boards) that
 * tests and curious readers go by. Drawing waits for the next frame, so that
 * many changes in one frame draw once.
 */
import { LightsOutCanvas } from './lightsOutCanvas.js';
import type { LightsOutGame } from './lightsOutGame.js';
import { boardText } from '../../../src/rules/lightsOut.js';
import { LightsOutZoom } from './lightsOutZoom.js';
import { h } from '../shared/dom.js';

/** What the board needs of the panel. */
export interface BoardViewHooks {
  /** A click or Enter on a cell: a press in play mode, the next value in edit mode. */
  act(cell: number): void;
  /** The presses to draw (null: none, or hidden) and the hint's cells to outline (null: none). */
  layers(): { pending: Uint8Array | null; hint: Uint8Array | null };
  /** Zoom came or went with the board's size or the frame's width (the help says how to zoom). */
  zoomOfferChanged(): void;
}

export class LightsOutBoardView {
  /** The frame around the board (its width is what the board fits into). */
  readonly frame: HTMLElement;
  /** The element with the board's data attributes. */
  readonly board: HTMLElement;
  private readonly canvas: LightsOutCanvas;
  private readonly zoom: LightsOutZoom;
  private readonly game: LightsOutGame;
  private readonly hooks: BoardViewHooks;
  private hover: number | null = null;
  private cursor = 0;
  private focused = false;
  private drawQueued = false;

  constructor(id: string, game: LightsOutGame, hooks: BoardViewHooks) {
    this.game = game;
    this.hooks = hooks;
    const canvasElement = h('canvas', {
      class: 'lights-canvas',
      tabindex: 0,
      role: 'application',
      'aria-label': 'Lights Out board: arrow keys move the cursor, Enter or Space presses the cell',
      'aria-describedby': `${id}-status ${id}-help`,
    });
    this.canvas = new LightsOutCanvas(canvasElement);
    this.board = h('div', { class: 'board lights-board', id: `${id}-board` }, canvasElement);
    this.frame = h('div', { class: 'board-frame lights-frame' }, this.board);
    this.zoom = new LightsOutZoom(this.canvas, this.board, () => this.draw());
    canvasElement.addEventListener('click', (event) => {
      if (!this.zoom.gestures.takeClick()) return;
      const cell = this.canvas.cellAt(event.offsetX, event.offsetY);
      if (cell === null) return;
      this.cursor = cell;
      hooks.act(cell);
    });
    canvasElement.addEventListener('pointermove', (event) => {
      if (!this.zoom.gestures.panning) this.setHover(this.canvas.cellAt(event.offsetX, event.offsetY));
    });
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
    new ResizeObserver(() => this.draw()).observe(this.frame);
  }

  /** The zoom bar, for the bar under the board. */
  get zoomBar(): HTMLElement {
    return this.zoom.element;
  }

  /** Whether the board can zoom (large boards). */
  get zoomOffered(): boolean {
    return this.zoom.offered;
  }

  /** New rules: the cursor stays on the board, the preview goes, the whole board is in view. */
  rulesChanged(): void {
    const { rows, cols } = this.game.rules;
    this.cursor = Math.min(this.cursor, rows * cols - 1);
    this.hover = null;
    this.zoom.fit();
  }

  /** The board's data attributes and classes (`lit`: cells not 0, `remaining`: presses on the overlay), then a redraw. */
  render(lit: number, remaining: number): void {
    const { rules, cells, editing } = this.game;
    const { rows, cols } = rules;
    const board = this.board;
    board.dataset.rows = String(rows);
    board.dataset.cols = String(cols);
    board.dataset.lit = String(lit);
    board.dataset.goal = String(lit === 0);
    board.dataset.overlay = String(remaining);
    board.dataset.mode = editing ? 'edit' : 'play';
    // The whole board as text for small boards (tests and curious readers); big ones only count, and list their lit cells while few are.
    if (rows * cols <= 1024) board.dataset.board = boardText(cells, rows, cols, '/');
    else delete board.dataset.board;
    if (rows * cols > 1024 && lit <= 64) board.dataset.litCells = [...cells.keys()].filter((i) => cells[i] !== 0).join(' ');
    else delete board.dataset.litCells;
    board.classList.toggle('solved', lit === 0);
    board.classList.toggle('editing', editing);
    this.draw();
  }

  /** Redraws the canvas on the next frame (many changes in one frame draw once). */
  draw(): void {
    if (this.drawQueued) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      const game = this.game;
      const style = getComputedStyle(this.frame);
      const available = this.frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const { pending, hint } = this.hooks.layers();
      this.canvas.draw(
        {
          ...game.rules,
          cells: game.cells,
          pending,
          preview: this.hover === null || this.hover >= game.cells.length ? null : game.table.reach(this.hover),
          // The cursor only for the keyboard: a click focuses the canvas too.
          cursor: this.focused && this.canvas.canvas.matches(':focus-visible') ? this.cursor : null,
          hint,
          editing: game.editing,
        },
        Math.max(40, available),
      );
      if (this.zoom.update()) this.hooks.zoomOfferChanged();
    });
  }

  private keydown(event: KeyboardEvent): void {
    if (this.zoom.key(event, this.cursor)) return;
    const { rows, cols } = this.game.rules;
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
      this.hooks.act(this.cursor);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    this.cursor = next;
    // A zoomed board follows the cursor.
    if (this.zoom.reveal(next)) this.draw();
    this.setHover(next);
  }

  private setHover(cell: number | null): void {
    if (this.hover === cell) return;
    this.hover = cell;
    this.draw();
  }
}
