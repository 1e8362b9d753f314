/**
 * Outside: the Lights Out board on a <canvas>, from 2x2 to 200x200 and beyond.
 * One canvas instead of one button per cell keeps a 40 000-cell board cheap to
 * draw and to hit-test; the canvas follows its frame's width and the screen's
 * pixel density. This class sizes the canvas, maps points to cells and hands
 * the painting to lightsOutPaint: the values, the presses still to make (the
 * solution overlay: a dot, or the count when k > 2), the cells the hovered
 * press would change and the keyboard cursor.
 */
import { type CanvasView, type CellGrid, paintBoard } from './lightsOutPaint.js';

export type { CanvasView } from './lightsOutPaint.js';

/** The most CSS pixels a cell is drawn with (small boards), and the least wanted before the board scrolls. */
const maxCellPx = 64;

export class LightsOutCanvas {
  readonly canvas: HTMLCanvasElement;
  private view: CanvasView | null = null;
  /** CSS pixels of the drawn board. */
  private width = 0;
  private height = 0;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
  }

  /** Fits the board into `available` CSS pixels of width, then draws. */
  draw(view: CanvasView, available: number): void {
    this.view = view;
    const { rows, cols } = view;
    const cell = Math.max(1, Math.min(maxCellPx, available / cols));
    const width = Math.max(1, Math.floor(cell * cols));
    const height = Math.max(1, Math.floor(cell * rows));
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
    // The size as laid out (CSS may have shrunk the canvas since it was drawn).
    const { width, height } = this.canvas.getBoundingClientRect();
    if (!view || x < 0 || y < 0 || x >= width || y >= height) return null;
    const col = Math.min(view.cols - 1, Math.floor((x * view.cols) / width));
    const row = Math.min(view.rows - 1, Math.floor((y * view.rows) / height));
    return row * view.cols + col;
  }

  /** The whole board fills the canvas: every cell is in sight. */
  private grid(view: CanvasView): CellGrid {
    const cw = this.canvas.width / view.cols;
    const ch = this.canvas.height / view.rows;
    return {
      cols: view.cols,
      cw,
      ch,
      x0: (c) => Math.floor(c * cw),
      y0: (r) => Math.floor(r * ch),
      firstRow: 0,
      endRow: view.rows,
      firstCol: 0,
      endCol: view.cols,
    };
  }
}
