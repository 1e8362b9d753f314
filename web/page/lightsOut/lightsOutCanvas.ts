/**
 * Outside: the Lights Out board on a <canvas>, from 2x2 to 200x200 and beyond.
 * One canvas instead of one button per cell keeps a 40 000-cell board cheap to
 * draw and to hit-test; the canvas follows its frame's width and the screen's
 * pixel density. This class sizes the canvas, maps points to cells through the
 * view transform (the zoom and pan of its Viewport) and hands the painting of
 * the cells in sight to lightsOutPaint: the values, the presses still to make
 * (the solution overlay: a dot, or the count when k > 2), the cells the
 * hovered press would change and the keyboard cursor.
 */
import { type CanvasView, type CellGrid, paintBoard } from './lightsOutPaint.js';
import { maxCellPx, Viewport } from './lightsOutViewport.js';

export class LightsOutCanvas {
  readonly canvas: HTMLCanvasElement;
  /** The zoom and pan: the canvas keeps the size of the board at fit and shows part of it zoomed. */
  readonly viewport = new Viewport();
  private view: CanvasView | null = null;
  /** CSS pixels of the canvas as drawn (the board at fit is the viewport's width and height). */
  private width = 0;
  private height = 0;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
  }

  /** Fits the board into `available` CSS pixels of width, then draws the part in sight. */
  draw(view: CanvasView, available: number): void {
    this.view = view;
    const { rows, cols } = view;
    const cell = Math.max(1, Math.min(maxCellPx, available / cols));
    const width = Math.max(1, Math.floor(cell * cols));
    this.viewport.resize(width, Math.max(1, Math.floor(cell * rows)), width / cols);
    const height = this.viewport.viewHeight;
    const dpr = window.devicePixelRatio || 1;
    if (width !== this.width || height !== this.height || this.canvas.width !== Math.round(width * dpr)) {
      this.width = width;
      this.height = height;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
      this.canvas.width = Math.round(width * dpr);
      this.canvas.height = Math.round(height * dpr);
    }
    const context = this.canvas.getContext('2d');
    if (context) paintBoard(context, this.grid(view), view, this.canvas.width, this.canvas.height);
  }

  /** The cell under a point given in CSS pixels from the canvas's top left, or null off the board. */
  cellAt(x: number, y: number): number | null {
    const view = this.view;
    const { width, height } = this.canvas.getBoundingClientRect();
    if (!view || x < 0 || y < 0 || x >= width || y >= height) return null;
    const [boardX, boardY] = this.viewport.toBoard(...this.drawnPoint(x, y));
    const col = Math.min(view.cols - 1, Math.floor((boardX * view.cols) / this.viewport.width));
    const row = Math.min(view.rows - 1, Math.floor((boardY * view.rows) / this.viewport.height));
    return row * view.cols + col;
  }

  /** A point (or a move) in CSS pixels as laid out, in CSS pixels of the canvas as drawn (CSS may have shrunk it since). */
  drawnPoint(x: number, y: number): [number, number] {
    const { width, height } = this.canvas.getBoundingClientRect();
    return [width > 0 ? (x * this.width) / width : x, height > 0 ? (y * this.height) / height : y];
  }

  /** A cell's box (left, top, right, bottom) in CSS pixels of the board at fit, or null before the first draw. */
  cellBox(cell: number): [number, number, number, number] | null {
    const view = this.view;
    if (!view) return null;
    const w = this.viewport.width / view.cols;
    const h = this.viewport.height / view.rows;
    const c = cell % view.cols;
    const r = Math.floor(cell / view.cols);
    return [c * w, r * h, (c + 1) * w, (r + 1) * h];
  }

  /** Where cells fall in device pixels through the zoom and pan, and which of them are in sight. */
  private grid(view: CanvasView): CellGrid {
    const { width, height } = this.canvas;
    const viewport = this.viewport;
    // Device pixels per CSS pixel, across and down.
    const sx = width / this.width;
    const sy = height / this.height;
    const cw = (viewport.width * viewport.zoom * sx) / view.cols;
    const ch = (viewport.height * viewport.zoom * sy) / view.rows;
    const ox = viewport.panX * sx;
    const oy = viewport.panY * sy;
    return {
      cols: view.cols,
      cw,
      ch,
      x0: (c) => Math.floor(c * cw - ox),
      y0: (r) => Math.floor(r * ch - oy),
      firstRow: Math.max(0, Math.floor(oy / ch)),
      endRow: Math.min(view.rows, Math.ceil((oy + height) / ch)),
      firstCol: Math.max(0, Math.floor(ox / cw)),
      endCol: Math.min(view.cols, Math.ceil((ox + width) / cw)),
    };
  }
}
