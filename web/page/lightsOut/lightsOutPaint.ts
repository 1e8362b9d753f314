/**
 * Outside: how the Lights Out canvas paints a board, layer by layer (values,
 * value digits, the hovered press's preview, the solution overlay, the hint's
 * outlines, the keyboard cursor), as module functions over a CellGrid: where
 * each cell falls on the canvas and which cells are in sight. Apart from the
 * canvas's size and hit-testing (lightsOutCanvas), so that the layers read
 * one by one and only cells in sight cost anything.
 */

/** What the canvas shows of a board. */
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

/**
 * Where cells fall on the canvas, in device pixels: column c spans x0(c) to
 * x0(c + 1), row r spans y0(r) to y0(r + 1) (whole pixels, so that
 * neighbours meet without seams). Rows firstRow..endRow - 1 and columns
 * firstCol..endCol - 1 are the ones in sight.
 */
export interface CellGrid {
  cols: number;
  /** Device pixels per cell, across and down. */
  cw: number;
  ch: number;
  x0(col: number): number;
  y0(row: number): number;
  firstRow: number;
  endRow: number;
  firstCol: number;
  endCol: number;
}

/** Calls `each` for the cells in sight, row-major. */
function forCellsInSight(grid: CellGrid, each: (cell: number, row: number, col: number) => void): void {
  for (let r = grid.firstRow; r < grid.endRow; r++) for (let c = grid.firstCol; c < grid.endCol; c++) each(r * grid.cols + c, r, c);
}

/** The gap between cells: only where cells are big enough to spare it. */
function cellGap(cw: number): number {
  return cw >= 10 ? Math.max(1, Math.round(cw * 0.08)) : 0;
}

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

/** Every layer, bottom to top, on a canvas of `width` × `height` device pixels. */
export function paintBoard(context: CanvasRenderingContext2D, grid: CellGrid, view: CanvasView, width: number, height: number): void {
  context.fillStyle = '#11181d';
  context.fillRect(0, 0, width, height);
  paintValues(context, grid, view);
  if (view.colors > 2 && grid.cw >= 26) paintDigits(context, grid, view.cells);
  if (view.preview && !view.editing) paintPreview(context, grid, view.preview);
  if (view.pending) paintOverlay(context, grid, view.pending, view.colors);
  if (view.hint) paintHint(context, grid, view.hint);
  if (view.cursor !== null) paintCursor(context, grid, view.cursor);
}

/** Values, one fill per colour to keep state changes few on big boards; gaps and round corners only on cells big enough. */
function paintValues(context: CanvasRenderingContext2D, grid: CellGrid, view: CanvasView): void {
  const { x0, y0 } = grid;
  const gap = cellGap(grid.cw);
  const round = grid.cw >= 14;
  const colorsOf = palette(view.colors);
  for (let v = 0; v < view.colors; v++) {
    context.fillStyle = colorsOf[v];
    context.beginPath();
    forCellsInSight(grid, (cell, r, c) => {
      if (view.cells[cell] !== v) return;
      const x = x0(c) + gap / 2;
      const y = y0(r) + gap / 2;
      const w = x0(c + 1) - x0(c) - gap;
      const h = y0(r + 1) - y0(r) - gap;
      if (round) context.roundRect(x, y, w, h, Math.min(w, h) * 0.18);
      else context.rect(x, y, w, h);
    });
    context.fill();
  }
}

/** Value digits (k > 2 on large cells), in each cell's top left corner. */
function paintDigits(context: CanvasRenderingContext2D, grid: CellGrid, cells: Uint8Array): void {
  const { cw, ch } = grid;
  const gap = cellGap(cw);
  context.font = `600 ${Math.round(ch * 0.24)}px system-ui, sans-serif`;
  context.textAlign = 'left';
  context.textBaseline = 'top';
  context.fillStyle = 'rgb(8 14 18 / 70%)';
  forCellsInSight(grid, (cell, r, c) => {
    if (cells[cell] === 0) return;
    context.fillText(String(cells[cell]), grid.x0(c) + gap / 2 + cw * 0.07, grid.y0(r) + gap / 2 + ch * 0.05);
  });
}

/** What the hovered press would change, lighter. */
function paintPreview(context: CanvasRenderingContext2D, grid: CellGrid, preview: Int32Array): void {
  const { x0, y0, cols } = grid;
  context.fillStyle = 'rgb(255 255 255 / 28%)';
  for (const i of preview) {
    const c = i % cols;
    const r = Math.floor(i / cols);
    context.fillRect(x0(c), y0(r), x0(c + 1) - x0(c), y0(r + 1) - y0(r));
  }
}

/** The solution overlay: a dot on each press still to make (a square when tiny), with its count when k > 2 and cells are large. */
function paintOverlay(context: CanvasRenderingContext2D, grid: CellGrid, pending: Uint8Array, colors: number): void {
  const { cw, ch, x0, y0 } = grid;
  const centre = (r: number, c: number) => [(x0(c) + x0(c + 1)) / 2, (y0(r) + y0(r + 1)) / 2];
  context.fillStyle = '#e0245e';
  context.strokeStyle = '#ffffff';
  const showCount = colors > 2 && cw >= 18;
  const radius = Math.max(0.75, Math.min(cw, ch) * (showCount ? 0.25 : 0.2));
  context.beginPath();
  forCellsInSight(grid, (cell, r, c) => {
    if (pending[cell] === 0) return;
    const [cx, cy] = centre(r, c);
    if (radius < 2) context.rect(cx - radius, cy - radius, radius * 2, radius * 2);
    else {
      context.moveTo(cx + radius, cy);
      context.arc(cx, cy, radius, 0, Math.PI * 2);
    }
  });
  context.fill();
  if (cw >= 12) {
    context.lineWidth = Math.max(1, cw * 0.04);
    context.stroke();
  }
  if (!showCount) return;
  context.fillStyle = '#ffffff';
  context.font = `700 ${Math.round(ch * 0.28)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  forCellsInSight(grid, (cell, r, c) => {
    if (pending[cell] === 0) return;
    const [cx, cy] = centre(r, c);
    context.fillText(String(pending[cell]), cx, cy + 1);
  });
}

/** The hint: cells of some fewest press set, outlined. */
function paintHint(context: CanvasRenderingContext2D, grid: CellGrid, hint: Uint8Array): void {
  const { x0, y0 } = grid;
  const line = Math.max(1.5, Math.min(grid.cw, grid.ch) * 0.08);
  context.strokeStyle = '#f4b400';
  context.lineWidth = line;
  forCellsInSight(grid, (cell, r, c) => {
    if (hint[cell] === 0) return;
    context.strokeRect(x0(c) + line, y0(r) + line, Math.max(line, x0(c + 1) - x0(c) - 2 * line), Math.max(line, y0(r + 1) - y0(r) - 2 * line));
  });
}

/** The keyboard cursor: blue, as keyboard focus is on the other boards, apart from the hint's gold and the preview's lighter cells. */
function paintCursor(context: CanvasRenderingContext2D, grid: CellGrid, cursor: number): void {
  const { x0, y0 } = grid;
  const c = cursor % grid.cols;
  const r = Math.floor(cursor / grid.cols);
  const line = Math.max(2, Math.round(window.devicePixelRatio || 1) * 2);
  context.strokeStyle = '#60a5fa';
  context.lineWidth = line;
  context.strokeRect(x0(c) + line / 2, y0(r) + line / 2, Math.max(line, x0(c + 1) - x0(c) - line), Math.max(line, y0(r + 1) - y0(r) - line));
}
