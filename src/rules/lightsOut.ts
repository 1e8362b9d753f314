/**
 * The rules of Lights Out: what a press changes (the library's own toggle
 * patterns, patternOffsets: on a plane the cells off the board are skipped,
 * on a torus they wrap and a cell reached twice counts once), random
 * solvable boards, and the board as the library reads it.
 */
import { patternOffsets } from '../index.js';

/** A board's size and what a press does on it. */
export interface PressRules {
  rows: number;
  cols: number;
  /** k: a cell takes the values 0..k-1, and a press adds 1 mod k. */
  colors: number;
  /** A pattern name (cross, rowcol, x, plus-only) or a stencil, as patternOffsets reads it. */
  pattern: string;
  torus: boolean;
}

/**
 * For every cell, the cells a press there adds 1 to (each once), as one flat
 * list with a start per cell: built once per rule set, so a press is a short
 * loop. Row and column is the exception: its reach is the cell's row and
 * column on a plane and on a torus alike, walked directly (a table would
 * hold 16 million entries on 200x200).
 */
export class PressTable {
  readonly rules: PressRules;
  private readonly start: Int32Array | null = null;
  private readonly targets: Int32Array | null = null;

  constructor(rules: PressRules) {
    this.rules = rules;
    if (rules.pattern === 'rowcol') return;
    const { rows, cols, torus } = rules;
    const offsets = patternOffsets(rules.pattern, rows, cols, torus);
    const start = new Int32Array(rows * cols + 1);
    const targets = new Int32Array((rows * cols * offsets.length) >> 1);
    let used = 0;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        start[r * cols + c] = used;
        const first = used;
        for (let i = 0; i < offsets.length; i += 2) {
          const dr = offsets[i]!;
          const dc = offsets[i + 1]!;
          let rr = r + dr;
          let cc = c + dc;
          if (torus) {
            rr = ((rr % rows) + rows) % rows;
            cc = ((cc % cols) + cols) % cols;
          } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) {
            continue;
          }
          const cell = rr * cols + cc;
          // On a small torus two offsets can wrap onto one cell: it counts once.
          if (targets.subarray(first, used).includes(cell)) continue;
          targets[used++] = cell;
        }
      }
    }
    start[rows * cols] = used;
    this.start = start;
    this.targets = targets.slice(0, used);
  }

  /** Presses `cell` `times` times (negative: undoes presses), in place. */
  press(cells: Uint8Array, cell: number, times = 1): void {
    const k = this.rules.colors;
    const add = ((times % k) + k) % k;
    if (add === 0) return;
    if (this.targets === null) {
      const { rows, cols } = this.rules;
      const row = Math.floor(cell / cols);
      const col = cell % cols;
      for (let c = 0; c < cols; c++) cells[row * cols + c] = (cells[row * cols + c] + add) % k;
      for (let r = 0; r < rows; r++) if (r !== row) cells[r * cols + col] = (cells[r * cols + col] + add) % k;
      return;
    }
    const targets = this.targets;
    for (let i = this.start![cell]; i < this.start![cell + 1]; i++) {
      const target = targets[i];
      cells[target] = (cells[target] + add) % k;
    }
  }

  /** The cells a press on `cell` changes (for the hover preview). */
  reach(cell: number): Int32Array {
    if (this.targets === null) {
      const { rows, cols } = this.rules;
      const row = Math.floor(cell / cols);
      const col = cell % cols;
      const out = new Int32Array(rows + cols - 1);
      let used = 0;
      for (let c = 0; c < cols; c++) out[used++] = row * cols + c;
      for (let r = 0; r < rows; r++) if (r !== row) out[used++] = r * cols + col;
      return out;
    }
    return this.targets.subarray(this.start![cell], this.start![cell + 1]);
  }

  /** A random board that can be solved: random presses (0..k-1 on each cell) from the goal, all 0. */
  randomSolvable(random: () => number = Math.random): Uint8Array {
    const { rows, cols, colors } = this.rules;
    const cells = new Uint8Array(rows * cols);
    for (let cell = 0; cell < rows * cols; cell++) this.press(cells, cell, Math.floor(random() * colors));
    return cells;
  }
}

/** The board as the library reads it: a line of digits per row. */
export function boardText(cells: Uint8Array, rows: number, cols: number, separator = '\n'): string {
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) lines.push(cells.subarray(r * cols, (r + 1) * cols).join(''));
  return lines.join(separator);
}

/** Cells that are not 0. */
export function litCount(cells: Uint8Array): number {
  let lit = 0;
  for (const value of cells) if (value !== 0) lit++;
  return lit;
}
