/**
 * Outside: the Lights Out board on a <canvas>, from 2x2 to 200x200 and beyond.
 * One canvas instead of one button per cell keeps a 40 000-cell board cheap to
 * draw and to hit-test; the canvas follows its frame's width and the screen's
 * pixel density. It draws the values, the presses still to make (the solution
 * overlay: a dot, or the count when k > 2), the cells the hovered press would
 * change and the keyboard cursor.
 */

export interface CanvasView {
  rows: number;
  cols: number;
  colors: number;
  cells: Uint8Array;
  /** Presses still to make per cell, or null when there is no solution shown. */
  pending: Uint8Array | null;
  /** Cells the press under the pointer or cursor would change. */
  preview: Int32Array | null;
  /** The keyboard cursor (shown while the board has focus). */
  cursor: number | null;
  /** The hint: 1 on cells that belong to a fewest press set (outlined), or null when hints are off. */
  hint: Uint8Array | null;
  editing: boolean;
}

/** The most CSS pixels a cell is drawn with (small boards), and the least wanted before the board scrolls. */
const maxCellPx = 64;

/** Colours of the values 0..k-1: 0 is dark, k = 2 lights up in gold, more colours run through hues. */
function palette(colors: number): string[] {
  if (colors === 2) return ['#23313b', '#f6c445'];
  const out = ['#23313b'];
  for (let v = 1; v < colors; v++) {
    const hue = 45 + ((v - 1) * 300) / (colors - 1);
    out.push(`hsl(${hue.toFixed(0)} 78% ${v % 2 === 1 ? 58 : 48}%)`);
  }
  return out;
}

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
    this.paint();
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

  private paint(): void {
    const view = this.view!;
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const { rows, cols, colors, cells, pending } = view;
    const W = this.canvas.width;
    const H = this.canvas.height;
    const cw = W / cols;
    const ch = H / rows;
    // Gaps between cells only where cells are big enough to spare them.
    const gap = cw >= 10 ? Math.max(1, Math.round(cw * 0.08)) : 0;
    const round = cw >= 14;
    const colorsOf = palette(colors);
    context.fillStyle = '#11181d';
    context.fillRect(0, 0, W, H);
    const x0 = (c: number) => Math.floor(c * cw);
    const y0 = (r: number) => Math.floor(r * ch);

    // Values, one fill per colour to keep state changes few on big boards.
    for (let v = 0; v < colors; v++) {
      context.fillStyle = colorsOf[v];
      context.beginPath();
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (cells[r * cols + c] !== v) continue;
          const x = x0(c) + gap / 2;
          const y = y0(r) + gap / 2;
          const w = x0(c + 1) - x0(c) - gap;
          const h = y0(r + 1) - y0(r) - gap;
          if (round) context.roundRect(x, y, w, h, Math.min(w, h) * 0.18);
          else context.rect(x, y, w, h);
        }
      }
      context.fill();
    }

    // Value digits when k > 2 and cells are large.
    if (colors > 2 && cw >= 26) {
      context.font = `600 ${Math.round(ch * 0.24)}px system-ui, sans-serif`;
      context.textAlign = 'left';
      context.textBaseline = 'top';
      context.fillStyle = 'rgb(8 14 18 / 70%)';
      for (let i = 0; i < rows * cols; i++) {
        if (cells[i] === 0) continue;
        context.fillText(String(cells[i]), x0(i % cols) + gap / 2 + cw * 0.07, y0(Math.floor(i / cols)) + gap / 2 + ch * 0.05);
      }
    }

    // What the hovered press would change.
    if (view.preview && !view.editing) {
      context.fillStyle = 'rgb(255 255 255 / 28%)';
      for (const i of view.preview)
        context.fillRect(x0(i % cols), y0(Math.floor(i / cols)), x0((i % cols) + 1) - x0(i % cols), y0(Math.floor(i / cols) + 1) - y0(Math.floor(i / cols)));
    }

    // The solution overlay: presses still to make.
    if (pending) {
      context.fillStyle = '#e0245e';
      context.strokeStyle = '#ffffff';
      const showCount = colors > 2 && cw >= 18;
      context.beginPath();
      for (let i = 0; i < rows * cols; i++) {
        if (pending[i] === 0) continue;
        const cx = (x0(i % cols) + x0((i % cols) + 1)) / 2;
        const cy = (y0(Math.floor(i / cols)) + y0(Math.floor(i / cols) + 1)) / 2;
        const radius = Math.max(0.75, Math.min(cw, ch) * (showCount ? 0.25 : 0.2));
        if (radius < 2) context.rect(cx - radius, cy - radius, radius * 2, radius * 2);
        else {
          context.moveTo(cx + radius, cy);
          context.arc(cx, cy, radius, 0, Math.PI * 2);
        }
      }
      context.fill();
      if (cw >= 12) {
        context.lineWidth = Math.max(1, cw * 0.04);
        context.stroke();
      }
      if (showCount) {
        context.fillStyle = '#ffffff';
        context.font = `700 ${Math.round(ch * 0.28)}px system-ui, sans-serif`;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        for (let i = 0; i < rows * cols; i++) {
          if (pending[i] === 0) continue;
          context.fillText(String(pending[i]), (x0(i % cols) + x0((i % cols) + 1)) / 2, (y0(Math.floor(i / cols)) + y0(Math.floor(i / cols) + 1)) / 2 + 1);
        }
      }
    }

    // The hint: cells of some fewest press set, outlined.
    if (view.hint) {
      const line = Math.max(1.5, Math.min(cw, ch) * 0.08);
      context.strokeStyle = '#f4b400';
      context.lineWidth = line;
      for (let i = 0; i < rows * cols; i++) {
        if (view.hint[i] === 0) continue;
        const c = i % cols;
        const r = Math.floor(i / cols);
        context.strokeRect(x0(c) + line, y0(r) + line, Math.max(line, x0(c + 1) - x0(c) - 2 * line), Math.max(line, y0(r + 1) - y0(r) - 2 * line));
      }
    }

    // The keyboard cursor.
    if (view.cursor !== null) {
      const c = view.cursor % cols;
      const r = Math.floor(view.cursor / cols);
      const line = Math.max(2, Math.round(window.devicePixelRatio || 1) * 2);
      context.strokeStyle = '#f59e0b';
      context.lineWidth = line;
      context.strokeRect(x0(c) + line / 2, y0(r) + line / 2, Math.max(line, x0(c + 1) - x0(c) - line), Math.max(line, y0(r + 1) - y0(r) - line));
    }
  }
}
