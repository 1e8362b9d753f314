/**
 * Outside: the pointer's part in zooming the Lights Out board: Ctrl + wheel
 * (and a touchpad's pinch, which browsers send as one) zooms around the
 * pointer, the wheel and a drag (mouse, pen or one finger) pan a zoomed
 * board. A drag that moved is a pan, not a press: the click that ends it is
 * swallowed (takeClick), and the hover preview waits while it pans. Apart
 * from the zoom bar (lightsOutZoom) because it is the one part that reads
 * raw pointer events.
 */
import type { LightsOutCanvas } from './lightsOutCanvas.js';

/** CSS pixels a press may move and still be a click (a press, not a pan). */
const dragThreshold = 4;
/** Zoom factor per pixel of wheel: a wheel notch (100 pixels) zooms about 1.2 times. */
const wheelRate = 0.002;

export class ZoomGestures {
  private readonly canvas: LightsOutCanvas;
  private readonly board: HTMLElement;
  private readonly redraw: () => void;
  /** The pointer pressed on a zoomed board, where it was last seen, and whether it has moved far enough to pan. */
  private drag: { id: number; x: number; y: number; moved: boolean } | null = null;
  /** The last press was a pan: the click that ends it presses no cell. */
  private panned = false;

  /** `board`: takes the class "panning" during a drag; `redraw`: draws the canvas again. */
  constructor(canvas: LightsOutCanvas, board: HTMLElement, redraw: () => void) {
    this.canvas = canvas;
    this.board = board;
    this.redraw = redraw;
    const element = canvas.canvas;
    element.addEventListener('wheel', (event) => this.wheel(event), { passive: false });
    element.addEventListener('pointerdown', (event) => this.pointerDown(event));
    element.addEventListener('pointermove', (event) => this.pointerMove(event));
    element.addEventListener('pointerup', (event) => this.pointerUp(event));
    element.addEventListener('pointercancel', (event) => this.pointerUp(event));
  }

  /** A drag is panning the board (the hover preview waits). */
  get panning(): boolean {
    return this.drag?.moved === true;
  }

  /** A click on the canvas: false when it ends a pan (it must not press a cell). */
  takeClick(): boolean {
    const pressed = !this.panned;
    this.panned = false;
    return pressed;
  }

  private wheel(event: WheelEvent): void {
    const viewport = this.canvas.viewport;
    if (!viewport.offered) return;
    // Lines and pages in pixels, roughly as browsers scroll them.
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? viewport.viewHeight : 1;
    if (event.ctrlKey || event.metaKey) {
      // Ctrl + wheel would zoom the whole page: on the board it zooms the board, around the pointer.
      event.preventDefault();
      const [x, y] = this.canvas.drawnPoint(event.offsetX, event.offsetY);
      if (viewport.zoomAt(Math.exp(-event.deltaY * unit * wheelRate), x, y)) this.redraw();
      return;
    }
    if (viewport.zoom <= 1) return;
    let dx = event.deltaX * unit;
    let dy = event.deltaY * unit;
    if (event.shiftKey && dx === 0) [dx, dy] = [dy, 0];
    // At the board's edge the wheel scrolls the page again, as a scrolling box does.
    if (viewport.panBy(dx, dy)) {
      event.preventDefault();
      this.redraw();
    }
  }

  private pointerDown(event: PointerEvent): void {
    this.panned = false;
    if (!event.isPrimary || event.button !== 0 || this.canvas.viewport.zoom <= 1) return;
    this.drag = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
  }

  private pointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const [dx, dy] = this.canvas.drawnPoint(event.clientX - drag.x, event.clientY - drag.y);
    if (!drag.moved) {
      if (Math.hypot(dx, dy) < dragThreshold) return;
      drag.moved = true;
      this.canvas.canvas.setPointerCapture(event.pointerId);
      this.board.classList.add('panning');
    }
    drag.x = event.clientX;
    drag.y = event.clientY;
    if (this.canvas.viewport.panBy(-dx, -dy)) this.redraw();
  }

  private pointerUp(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    this.panned = drag.moved;
    this.drag = null;
    this.board.classList.remove('panning');
  }
}
