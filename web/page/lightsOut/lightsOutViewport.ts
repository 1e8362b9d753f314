/**
 * Outside: the view transform of the Lights Out canvas: how far the board is
 * zoomed in from "fit" (the whole board in the canvas) and which part of the
 * zoomed board is in sight. Plain numbers without the DOM, shared by the
 * drawing, the hit-testing and the zoom controls so that all three agree on
 * where a cell is. The canvas keeps its width when zoomed: a large board's
 * 2.9-pixel cells grow into a window onto the board instead of a page that
 * scrolls for metres. A wide, short board's window grows taller as it zooms,
 * up to a square, so that more than a sliver of a row stays in sight.
 *
 * Units: CSS pixels. A point (x, y) on the canvas shows the point
 * ((x + panX) / zoom, (y + panY) / zoom) of the board drawn at fit.
 */

/** Cells grow up to this many CSS pixels when zoomed (as large as a small board draws them). */
export const maxCellPx = 64;

export class Viewport {
  /** The board's size at fit (zoom 1) in CSS pixels: the canvas's width, and its height at fit. */
  width = 0;
  height = 0;
  /** 1 is "fit"; up to maxZoom. */
  zoom = 1;
  /** CSS pixels of the zoomed board left of and above the canvas's edges. */
  panX = 0;
  panY = 0;
  /** The zoom at which cells are maxCellPx wide (1: the board is small enough not to zoom). */
  maxZoom = 1;

  /** The canvas's height: the board's at fit, growing with the zoom up to a square window where the board is wide and short. */
  get viewHeight(): number {
    return Math.round(Math.min(this.height * this.zoom, Math.max(this.height, this.width)));
  }

  /** Zoom is offered where it can at least double the cells. */
  get offered(): boolean {
    return this.maxZoom >= 2;
  }

  /**
   * The canvas was sized for the board (cells of `fitCell` CSS pixels at fit):
   * the zoom stays, clamped, and the same part of the board stays in sight.
   */
  resize(width: number, height: number, fitCell: number): void {
    if (this.width > 0 && this.height > 0) {
      this.panX *= width / this.width;
      this.panY *= height / this.height;
    }
    this.width = width;
    this.height = height;
    this.maxZoom = Math.max(1, maxCellPx / fitCell);
    this.zoom = Math.min(this.zoom, this.maxZoom);
    this.clamp();
  }

  /** Back to the whole board. */
  fit(): void {
    this.zoom = 1;
    this.panX = 0;
    this.panY = 0;
  }

  /** Zooms by `factor` keeping the board point under (x, y) in place; false when the zoom did not change. */
  zoomAt(factor: number, x: number, y: number): boolean {
    const zoom = Math.min(this.maxZoom, Math.max(1, this.zoom * factor));
    if (zoom === this.zoom) return false;
    const boardX = (x + this.panX) / this.zoom;
    const boardY = (y + this.panY) / this.zoom;
    this.zoom = zoom;
    this.panX = boardX * zoom - x;
    this.panY = boardY * zoom - y;
    this.clamp();
    return true;
  }

  /** Moves the view by (dx, dy) CSS pixels; false when it is at its edge that way already (the page may scroll instead). */
  panBy(dx: number, dy: number): boolean {
    const x = this.panX;
    const y = this.panY;
    this.panX += dx;
    this.panY += dy;
    this.clamp();
    return x !== this.panX || y !== this.panY;
  }

  /** Pans the least that brings the box (left, top, right, bottom in CSS pixels of the board at fit) into sight. */
  reveal(left: number, top: number, right: number, bottom: number): void {
    const z = this.zoom;
    if (left * z < this.panX) this.panX = left * z;
    else if (right * z > this.panX + this.width) this.panX = right * z - this.width;
    if (top * z < this.panY) this.panY = top * z;
    else if (bottom * z > this.panY + this.viewHeight) this.panY = bottom * z - this.viewHeight;
    this.clamp();
  }

  /** The board point (CSS pixels at fit) under a point of the canvas. */
  toBoard(x: number, y: number): [number, number] {
    return [(x + this.panX) / this.zoom, (y + this.panY) / this.zoom];
  }

  /** The view never leaves the board. */
  private clamp(): void {
    this.panX = Math.min(Math.max(0, this.panX), Math.max(0, this.width * this.zoom - this.width));
    this.panY = Math.min(Math.max(0, this.panY), Math.max(0, this.height * this.zoom - this.viewHeight));
  }
}
