/**
 * The Lights Out twin over GF(2) (see lightsOut.ts): affine vectors
 * bit-packed 32 columns to a word, rows combined a word at a time with XOR,
 * and the coset walked in binary Gray-code order with popcounts.
 */
import type { LightsOutProblem } from '../contract.js';
import { popcount32, ctz32, type Shape, onBoard, type Field, type Coset, CosetBase } from './lightsOutField.js';

// ------------------------------------------------------------------ GF(2)

/** dst bits c ^= src bit (c - shift) for c in [0, n): rows of `words` 32-bit words. */
export function xorShifted(dst: Uint32Array, dstAt: number, src: Uint32Array, srcAt: number, shift: number, n: number): void {
  for (let c = Math.max(0, shift); c < Math.min(n, n + shift); c++) {
    const from = c - shift;
    if ((src[srcAt + (from >>> 5)] >>> (from & 31)) & 1) dst[dstAt + (c >>> 5)] ^= 1 << (c & 31);
  }
}

/** GF(2) affine vectors: 32 columns a word, sums are XORs. */
export class Gf2 implements Field<Uint32Array> {
  readonly base = 2;
  readonly vectorLength: number;

  constructor(
    private readonly problem: LightsOutProblem,
    private readonly unknowns: number,
  ) {
    this.vectorLength = (unknowns + problem.targets.length + 31) >>> 5;
  }

  vectors(count: number): Uint32Array {
    return new Uint32Array(count * this.vectorLength);
  }

  unitOf(column: number): number {
    return column >>> 5;
  }

  maskOf(column: number): number {
    return 1 << (column & 31);
  }

  entry(v: Uint32Array, at: number, column: number): number {
    return (v[at + (column >>> 5)] >>> (column & 31)) & 1;
  }

  negate(value: number): number {
    return value;
  }

  addOne(v: Uint32Array, at: number, column: number): void {
    v[at + (column >>> 5)] ^= 1 << (column & 31);
  }

  add(v: Uint32Array, at: number, src: Uint32Array, from: number): void {
    const words = this.vectorLength;
    for (let w = 0; w < words; w++) v[at + w] ^= src[from + w];
  }

  subtract(v: Uint32Array, at: number, src: Uint32Array, from: number): void {
    this.add(v, at, src, from);
  }

  rightHandSide(v: Uint32Array, at: number, cell: number): void {
    const { board, targets } = this.problem;
    for (let t = 0; t < targets.length; t++) if ((board[cell] ^ targets[t][cell]) & 1) this.addOne(v, at, this.unknowns + t);
  }

  normalize(): void {}

  reduce(system: Uint32Array, at: number, top: number, col: number): void {
    const words = this.vectorLength;
    for (let q = col >>> 5; q < words; q++) system[at + q] ^= system[top + q];
  }

  addValue(v: Uint32Array, at: number, column: number, value: number): void {
    if (value & 1) this.addOne(v, at, column);
  }

  nextByRecurrence(system: Uint32Array, at: number, prev: number, before: number, n: number): void {
    const last = (n + 31) >>> 5;
    for (let w = 0; w < last; w++) {
      // Bit j of the row shifted up one column plus shifted down one column.
      const left = (system[prev + w] << 1) | (w > 0 ? system[prev + w - 1] >>> 31 : 0);
      const right = (system[prev + w] >>> 1) | (w + 1 < last ? system[prev + w + 1] << 31 : 0);
      system[at + w] = left ^ right ^ (before >= 0 ? system[before + w] : 0);
    }
    // Bit n (a constant's column) took column n - 1's carry.
    if (n & 31) system[at + last - 1] &= (1 << (n & 31)) - 1;
  }
}

/** GF(2) press boards: chased row by row, then packed; the walk is the binary Gray code over packed boards with popcounts. */
export class Gf2Coset extends CosetBase<Uint32Array> implements Coset {
  readonly base = 2;
  /** Words of one board row of presses, and a full press board row by row (what expand writes). */
  private readonly rowWords: number;
  private readonly rowsBoard: Uint32Array;
  /** The coset walk works on boards packed without row padding (bit r * n + c): fewer words when rows are narrower than a word. */
  private readonly packedWords: number;
  private readonly current: Uint32Array;

  constructor(problem: LightsOutProblem, shape: Shape, unknowns: number) {
    super(problem, shape, unknowns);
    this.rowWords = (problem.cols + 31) >>> 5;
    this.rowsBoard = new Uint32Array(problem.rows * this.rowWords);
    this.packedWords = (problem.rows * problem.cols + 31) >>> 5;
    this.current = new Uint32Array(this.packedWords);
  }

  /** Expands unknown values `x` (one bit each) into the row-by-row board; `target` -1 for the homogeneous chase. */
  private expand(x: Uint8Array, target: number): void {
    const { rows: m, cols: n, offsets, torus, board, targets, chaseRows: h } = this.problem;
    const { rowWords, rowsBoard: out, unknowns } = this;
    out.fill(0);
    for (let u = 0; u < unknowns; u++) if (x[u]) out[Math.floor(u / n) * rowWords + ((u % n) >>> 5)] |= 1 << ((u % n) & 31);
    if (h === 0) return;
    for (let r = this.shape.chaseStart; r + h < m; r++) {
      const at = (r + h) * rowWords;
      if (target >= 0) {
        const goal = targets[target];
        for (let c = 0; c < n; c++) if ((board[r * n + c] ^ goal[r * n + c]) & 1) out[at + (c >>> 5)] ^= 1 << (c & 31);
      }
      for (let k = 0; k < offsets.length; k += 2) {
        const dr = offsets[k];
        if (dr === -h) continue;
        const pr = onBoard(r - dr, m, false);
        if (pr < 0) continue;
        const dc = offsets[k + 1];
        if (!torus) {
          xorShifted(out, at, out, pr * rowWords, dc, n);
        } else {
          // A rotation: the columns shifted right by dc mod n, and those that fall off back in at the left.
          const shift = ((dc % n) + n) % n;
          xorShifted(out, at, out, pr * rowWords, shift, n);
          if (shift !== 0) xorShifted(out, at, out, pr * rowWords, shift - n, n);
        }
      }
    }
  }

  protected chaseScratch(x: Uint8Array, target: number): void {
    this.expand(x, target);
  }

  protected scratchPress(r: number, c: number): number {
    return (this.rowsBoard[r * this.rowWords + (c >>> 5)] >>> (c & 31)) & 1;
  }

  /** The row-by-row board packed into `out`. */
  private pack(out: Uint32Array): void {
    const { rows: m, cols: n } = this.problem;
    const { rowWords, rowsBoard } = this;
    out.fill(0);
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < n; c++) {
        if ((rowsBoard[r * rowWords + (c >>> 5)] >>> (c & 31)) & 1) out[(r * n + c) >>> 5] |= 1 << ((r * n + c) & 31);
      }
    }
  }

  addKernelVector(x: Uint8Array): void {
    this.expand(x, -1);
    const vector = new Uint32Array(this.packedWords);
    this.pack(vector);
    this.keepKernelVector(vector);
  }

  // Each field has its own walk (as in the wasm engine): the innermost loop is
  // the field's arithmetic on one element, here XOR and popcount of a word, and
  // a call there to share the loop would cost the twin much of its walk speed.
  walk(x: Uint8Array, t: number, candidates: number): number {
    const { current, kernel, nonZero, packedWords } = this;
    this.expand(x, t);
    this.pack(current);
    let weight = 0;
    for (let w = 0; w < packedWords; w++) weight += popcount32(current[w]);
    let lightest = weight;
    let lightestStep = 0;
    for (let step = 1; step < candidates; step++) {
      const j = ctz32(step);
      const vector = kernel[j];
      const list = nonZero[j];
      for (let q = 0; q < list.length; q++) {
        const w = list[q];
        const before = current[w];
        const after = before ^ vector[w];
        weight += popcount32(after) - popcount32(before);
        current[w] = after;
      }
      if (weight < lightest) {
        lightest = weight;
        lightestStep = step;
      }
    }
    this.walkWeight = lightest;
    return lightestStep;
  }

  pressesAt(x: Uint8Array, t: number, step: number, used: number): Uint8Array {
    const { current, kernel, packedWords } = this;
    // The particular solution plus the kernel vectors of the step's Gray code.
    this.expand(x, t);
    this.pack(current);
    const code = step ^ (step >>> 1);
    for (let j = 0; j < used; j++) {
      if ((code >>> j) & 1) for (let w = 0; w < packedWords; w++) current[w] ^= kernel[j][w];
    }
    const cells = this.problem.rows * this.problem.cols;
    const presses = new Uint8Array(cells);
    for (let cell = 0; cell < cells; cell++) presses[cell] = (current[cell >>> 5] >>> (cell & 31)) & 1;
    return presses;
  }
}
