/**
 * The Lights Out twin over GF(p), p an odd prime (see lightsOut.ts): one
 * value a byte, rows reduced with modular arithmetic, and the coset walked in
 * base-p Gray-code order.
 */
import type { LightsOutProblem } from '../contract.js';
import { type Shape, onBoard, type Field, type Coset, CosetBase } from './lightsOutField.js';

// ------------------------------------------------------------------ GF(p)

export function inverseMod(a: number, p: number): number {
  let result = 1;
  let base = a % p;
  for (let e = p - 2; e > 0; e >>= 1) {
    if (e & 1) result = (result * base) % p;
    base = (base * base) % p;
  }
  return result;
}

/** (goal - board) mod p for cell `cell` and target t. */
export function needed(problem: LightsOutProblem, cell: number, t: number): number {
  return (problem.targets[t][cell] - problem.board[cell] + problem.colors) % problem.colors;
}

/** GF(p) affine vectors: one byte a value. */
export class Gfp implements Field<Uint8Array> {
  readonly base: number;
  readonly vectorLength: number;
  /** products[f * 256 + v] = f * v mod p: no division in the elimination's cubic loop. */
  private readonly products: Uint8Array;

  constructor(
    private readonly problem: LightsOutProblem,
    private readonly unknowns: number,
  ) {
    const p = problem.colors;
    this.base = p;
    this.vectorLength = unknowns + problem.targets.length;
    this.products = new Uint8Array(p << 8);
    for (let f = 0; f < p; f++) for (let v = 0; v < p; v++) this.products[(f << 8) + v] = (f * v) % p;
  }

  vectors(count: number): Uint8Array {
    return new Uint8Array(count * this.vectorLength);
  }

  unitOf(column: number): number {
    return column;
  }

  maskOf(): number {
    return 0xff;
  }

  entry(v: Uint8Array, at: number, column: number): number {
    return v[at + column];
  }

  negate(value: number): number {
    return (this.base - value) % this.base;
  }

  addOne(v: Uint8Array, at: number, column: number): void {
    v[at + column] = (v[at + column] + 1) % this.base;
  }

  add(v: Uint8Array, at: number, src: Uint8Array, from: number): void {
    const p = this.base;
    const width = this.vectorLength;
    for (let w = 0; w < width; w++) {
      const value = v[at + w] + src[from + w];
      v[at + w] = value >= p ? value - p : value;
    }
  }

  subtract(v: Uint8Array, at: number, src: Uint8Array, from: number): void {
    const p = this.base;
    const width = this.vectorLength;
    for (let w = 0; w < width; w++) {
      const value = v[at + w] - src[from + w];
      v[at + w] = value < 0 ? value + p : value;
    }
  }

  rightHandSide(v: Uint8Array, at: number, cell: number): void {
    const p = this.base;
    const constants = at + this.unknowns;
    for (let t = 0; t < this.problem.targets.length; t++) v[constants + t] = (needed(this.problem, cell, t) + p - v[constants + t]) % p;
  }

  normalize(system: Uint8Array, top: number, col: number): void {
    const p = this.base;
    const scale = inverseMod(system[top + col], p);
    for (let q = col; q < this.vectorLength; q++) system[top + q] = (system[top + q] * scale) % p;
  }

  reduce(system: Uint8Array, at: number, top: number, col: number): void {
    const p = this.base;
    const width = this.vectorLength;
    const products = this.products;
    // row += (p - factor) * pivot row.
    const times = (p - system[at + col]) << 8;
    for (let q = col; q < width; q++) {
      const value = system[at + q] + products[times + system[top + q]];
      system[at + q] = value >= p ? value - p : value;
    }
  }

  addValue(v: Uint8Array, at: number, column: number, value: number): void {
    v[at + column] = (v[at + column] + value) % this.base;
  }

  nextByRecurrence(system: Uint8Array, at: number, prev: number, before: number, n: number): void {
    const p = this.base;
    for (let j = 0; j < n; j++) {
      const value = (j > 0 ? system[prev + j - 1] : 0) + (j + 1 < n ? system[prev + j + 1] : 0) + p - (before >= 0 ? system[before + j] : 0);
      system[at + j] = value % p;
    }
  }
}

/** GF(p) press boards: one byte a cell; the walk is the base-p Gray code. */
export class GfpCoset extends CosetBase<Uint8Array> implements Coset {
  readonly base: number;
  private readonly cells: number;
  private readonly current: Uint8Array;

  constructor(problem: LightsOutProblem, shape: Shape, unknowns: number) {
    super(problem, shape, unknowns);
    this.base = problem.colors;
    this.cells = problem.rows * problem.cols;
    this.current = new Uint8Array(this.cells);
  }

  private expand(x: Uint8Array, target: number, out: Uint8Array): void {
    const { rows: m, cols: n, offsets, torus, chaseRows: h } = this.problem;
    const p = this.base;
    out.fill(0);
    out.set(x.subarray(0, this.unknowns));
    if (h === 0) return;
    for (let r = this.shape.chaseStart; r + h < m; r++) {
      for (let c = 0; c < n; c++) {
        let value = target >= 0 ? needed(this.problem, r * n + c, target) : 0;
        for (let k = 0; k < offsets.length; k += 2) {
          const dr = offsets[k];
          if (dr === -h) continue;
          const pr = onBoard(r - dr, m, false);
          const pc = onBoard(c - offsets[k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          value += p - out[pr * n + pc];
        }
        out[(r + h) * n + c] = value % p;
      }
    }
  }

  protected chaseScratch(x: Uint8Array, target: number): void {
    this.expand(x, target, this.current);
  }

  protected scratchPress(r: number, c: number): number {
    return this.current[r * this.problem.cols + c];
  }

  addKernelVector(x: Uint8Array): void {
    const vector = new Uint8Array(this.cells);
    this.expand(x, -1, vector);
    this.keepKernelVector(vector);
  }

  walk(x: Uint8Array, t: number, candidates: number): number {
    const { current, kernel, nonZero, cells } = this;
    const p = this.base;
    this.expand(x, t, current);
    let weight = 0;
    for (let cell = 0; cell < cells; cell++) weight += current[cell];
    let lightest = weight;
    let lightestStep = 0;
    const digits = new Int32Array(kernel.length + 1);
    for (let step = 1; step < candidates; step++) {
      // The base-p counter's lowest changing digit j: the modular Gray code adds kernel vector j once.
      let j = 0;
      while (digits[j] === p - 1) digits[j++] = 0;
      digits[j]++;
      const vector = kernel[j];
      const list = nonZero[j];
      for (let q = 0; q < list.length; q++) {
        const cell = list[q];
        const before = current[cell];
        let after = before + vector[cell];
        if (after >= p) after -= p;
        weight += after - before;
        current[cell] = after;
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
    const { current, kernel, cells } = this;
    const p = this.base;
    this.expand(x, t, current);
    // Gray digit j = (counter digit j - counter digit j+1) mod p.
    const digits = new Int32Array(used + 1);
    let rest = step;
    for (let j = 0; j <= used; j++) {
      digits[j] = rest % p;
      rest = Math.floor(rest / p);
    }
    for (let j = 0; j < used; j++) {
      const times = (digits[j] - digits[j + 1] + p) % p;
      if (times === 0) continue;
      const vector = kernel[j];
      for (let cell = 0; cell < cells; cell++) current[cell] = (current[cell] + times * vector[cell]) % p;
    }
    return current.slice();
  }
}
