/**
 * Outside: zoom and pan on the Lights Out board, as the user drives them: the
 * zoom bar (−, the zoom level, +, Fit) and the keys +, − and 0 on the board,
 * here; the wheel and drags in lightsOutGestures. Offered only where the
 * cells can at least double (large boards): on a 200x200 board the 2.9-pixel
 * cells grow up to 64 pixels, and a click still presses the cell under it
 * (the canvas hit-tests through the same Viewport it draws with). After each
 * draw the bar and the board's zoom attributes follow the Viewport.
 */
import { h } from '../shared/dom.js';
import type { LightsOutCanvas } from './lightsOutCanvas.js';
import { ZoomGestures } from './lightsOutGestures.js';

/** A button or key zooms by this factor. */
const zoomStep = 2;

export class LightsOutZoom {
  /** The zoom bar (hidden where zoom is not offered). */
  readonly element: HTMLElement;
  private readonly canvas: LightsOutCanvas;
  private readonly board: HTMLElement;
  private readonly redraw: () => void;
  private readonly outButton: HTMLButtonElement;
  private readonly inButton: HTMLButtonElement;
  private readonly fitButton: HTMLButtonElement;
  private readonly level: HTMLElement;
  /** The canvas's label without the zoom keys (small boards keep it as it is). */
  private readonly label: string;
  /** The wheel and drags on the canvas. */
  readonly gestures: ZoomGestures;
  /** Whether zoom was offered at the last update. */
  private wasOffered = false;

  /** `board`: the element that takes the zoom's classes and data attributes; `redraw`: draws the canvas again. */
  constructor(canvas: LightsOutCanvas, board: HTMLElement, redraw: () => void) {
    this.canvas = canvas;
    this.board = board;
    this.redraw = redraw;
    this.label = canvas.canvas.getAttribute('aria-label') ?? '';
    // The label names the action; the tooltip adds the other ways to do it.
    const button = (name: string, label: string, title: string, text: string, action: () => void) =>
      h('button', { type: 'button', class: `small zoom-${name}`, 'aria-label': label, title, onclick: action }, text);
    this.outButton = button('out', 'Zoom out', 'Zoom out (−, or Ctrl + wheel on the board)', '−', () => this.zoomCentre(1 / zoomStep));
    this.inButton = button('in', 'Zoom in', 'Zoom in (+, or Ctrl + wheel on the board); drag the board to pan', '+', () => this.zoomCentre(zoomStep));
    this.fitButton = button('fit', 'Fit the whole board in view', 'Fit the whole board in view (0)', 'Fit', () => this.fit());
    this.level = h('output', { class: 'zoom-level', 'aria-live': 'polite' });
    this.element = h(
      'div',
      { class: 'lights-zoom', role: 'group', 'aria-label': 'Zoom the board', hidden: true },
      this.outButton,
      this.level,
      this.inButton,
      this.fitButton,
    );
    this.gestures = new ZoomGestures(canvas, board, redraw);
  }

  /** Whether the board can zoom (as of the last draw). */
  get offered(): boolean {
    return this.wasOffered;
  }

  /** Back to the whole board (new rules, Fit, the key 0). */
  fit(): void {
    this.canvas.viewport.fit();
    this.redraw();
  }

  /** The keys +, − and 0 on the board, zooming around `cell` (the cursor); true when the key was one of them. */
  key(event: KeyboardEvent, cell: number): boolean {
    const viewport = this.canvas.viewport;
    const factor = event.key === '+' || event.key === '=' ? zoomStep : event.key === '-' || event.key === '−' ? 1 / zoomStep : null;
    if (!viewport.offered || (factor === null && event.key !== '0')) return false;
    event.preventDefault();
    if (factor === null) {
      this.fit();
      return true;
    }
    const box = this.canvas.cellBox(cell);
    if (!box) return true;
    viewport.zoomAt(factor, ((box[0] + box[2]) / 2) * viewport.zoom - viewport.panX, ((box[1] + box[3]) / 2) * viewport.zoom - viewport.panY);
    viewport.reveal(...box);
    this.redraw();
    return true;
  }

  /** Pans the least that brings a cell (the keyboard cursor) into sight; true when the view moved. */
  reveal(cell: number): boolean {
    const viewport = this.canvas.viewport;
    const box = this.canvas.cellBox(cell);
    if (!box || viewport.zoom <= 1) return false;
    const { panX, panY } = viewport;
    viewport.reveal(...box);
    return panX !== viewport.panX || panY !== viewport.panY;
  }

  /**
   * After each draw: the bar, the buttons' states and the board's zoom
   * attributes (the cell size and pan, for tests). True when zoom has come or
   * gone since the last draw.
   */
  update(): boolean {
    const viewport = this.canvas.viewport;
    const { offered, zoom } = viewport;
    const changed = offered !== this.wasOffered;
    this.wasOffered = offered;
    const board = this.board;
    this.element.hidden = !offered;
    this.outButton.disabled = zoom <= 1;
    this.fitButton.disabled = zoom <= 1;
    this.inButton.disabled = zoom >= viewport.maxZoom;
    this.level.textContent = `${Math.round(zoom * 100)}%`;
    board.classList.toggle('zoomed', zoom > 1);
    this.canvas.canvas.setAttribute('aria-label', offered ? `${this.label}; + and − zoom, 0 fits the whole board` : this.label);
    const cell = this.canvas.cellBox(0);
    if (!offered || !cell) {
      for (const name of ['zoom', 'cellPx', 'panX', 'panY']) delete board.dataset[name];
      return changed;
    }
    board.dataset.zoom = String(Math.round(zoom * 1000) / 1000);
    board.dataset.cellPx = (cell[2] * zoom).toFixed(3);
    board.dataset.panX = viewport.panX.toFixed(3);
    board.dataset.panY = viewport.panY.toFixed(3);
    return changed;
  }

  /** The buttons zoom around the middle of the canvas. */
  private zoomCentre(factor: number): void {
    const viewport = this.canvas.viewport;
    if (viewport.zoomAt(factor, viewport.width / 2, viewport.viewHeight / 2)) this.redraw();
  }
}
