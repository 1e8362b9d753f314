/**
 * The Lights Out twin's shared parts (see lightsOut.ts for the method): the
 * system's shape (plane or torus, light chasing or not), the Field and Coset
 * interfaces that the body asks for what differs between GF(2) and GF(p), the
 * search budget and the base of both cosets.
 */
import type { LightsOutAnswer, LightsOutProblem } from '../contract.js';

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function ctz32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Candidates walked per target and how many kernel vectors that walk touches. */
export function budget(colors: number, dimension: number, maxCandidates: number): { candidates: number; used: number } {
  let candidates = 1;
  let used = 0;
  while (used < dimension && candidates * colors <= maxCandidates) {
    candidates *= colors;
    used++;
  }
  // A budget between two powers walks part of the next digit's range too.
  if (used < dimension && candidates < maxCandidates) {
    candidates = maxCandidates;
    used++;
  }
  return { candidates, used };
}

/** No target reachable: nothing to minimise, so `minimal` holds. */
export function answerNone(dimension: number): LightsOutAnswer {
  return { presses: null, pressCount: 0, target: -1, kernelDimension: dimension, reachableTargets: 0, minimal: true, nodes: 0 };
}

/**
 * The shape of the system. Chasing (h > 0): the pattern reaches h rows up
 * (through one cell straight above) and `reachDown` rows down. On the plane the
 * unknowns are press rows 0..h-1, cell rows 0..m-1-h force press rows h..m-1 and
 * the last h cell rows are the equations. On a torus the unknowns are press rows
 * 0..span-1 (span = h + reachDown), cell rows reachDown..m-1-h force the rest,
 * and the equations are cell rows 0..reachDown-1 and m-h..m-1, which wrap onto
 * both ends. Eliminating (h = 0): every press an unknown, every cell an equation.
 */
export interface Shape {
  unknownRows: number;
  /** The first cell row that forces a press row. */
  chaseStart: number;
  /** Press rows kept as affine vectors: the last `ringRows` rows in a ring, plus on a torus the unknown rows. */
  ringRows: number;
  ringSize: number;
  ringRow(row: number): number;
  /** The cell row of equation row e (of unknownRows). */
  equationRow(e: number): number;
}

export function shapeOf(problem: LightsOutProblem): Shape {
  const { rows: m, offsets, torus, chaseRows: h } = problem;
  let reachDown = 0;
  for (let k = 0; k < offsets.length; k += 2) reachDown = Math.max(reachDown, offsets[k]);
  const span = reachDown + h;
  if (h === 0) return { unknownRows: m, chaseStart: 0, ringRows: 0, ringSize: 0, ringRow: () => 0, equationRow: (e) => e };
  const ringRows = span + 1;
  if (torus) {
    return {
      unknownRows: span,
      chaseStart: reachDown,
      ringRows,
      ringSize: ringRows + span,
      ringRow: (row) => (row < span ? ringRows + row : row % ringRows),
      equationRow: (e) => (e < reachDown ? e : m - h + (e - reachDown)),
    };
  }
  const unknownRows = Math.min(h, m);
  return { unknownRows, chaseStart: 0, ringRows, ringSize: ringRows, ringRow: (row) => row % ringRows, equationRow: (e) => m - unknownRows + e };
}

/** Row or column `index` of a press reaching a cell: wrapped on a torus, -1 when off a plane board. */
export function onBoard(index: number, size: number, torus: boolean): number {
  if (torus) return ((index % size) + size) % size;
  return index >= 0 && index < size ? index : -1;
}

/**
 * What the body needs of a field to build and eliminate the system. An affine
 * vector is `vectorLength` elements of a `V` starting at some index: the
 * unknowns' coefficients, then one constant per target.
 */
export interface Field<V extends Uint8Array | Uint32Array> {
  /** The number of values: 2 or p. */
  readonly base: number;
  readonly vectorLength: number;
  /** `count` zeroed affine vectors, one after another. */
  vectors(count: number): V;
  /** The element of a vector holding column `column`: a row operation from that column on starts there. */
  unitOf(column: number): number;
  /** The bits of that element that hold column `column`. */
  maskOf(column: number): number;
  entry(v: V, at: number, column: number): number;
  negate(value: number): number;
  addOne(v: V, at: number, column: number): void;
  /** Whole vectors: v[at..] += (or -=) src[from..]. */
  add(v: V, at: number, src: V, from: number): void;
  subtract(v: V, at: number, src: V, from: number): void;
  /** The constants of the vector at `at` become what cell `cell` needs (per target) minus them. */
  rightHandSide(v: V, at: number, cell: number): void;
  /** Scales the pivot row at `top` to a 1 in column col. */
  normalize(system: V, top: number, col: number): void;
  /** Row `at` -= its entry in col times the pivot row `top` (zero left of col). */
  reduce(system: V, at: number, top: number, col: number): void;
  /** Adds `value` to column `column` of the vector at `at`. */
  addValue(v: V, at: number, column: number, value: number): void;
  /**
   * Columns 0..n-1 of the zero vector at `at` from the two before it (`before`
   * -1: none): entry j = prev[j - 1] + prev[j + 1] - before[j].
   */
  nextByRecurrence(system: V, at: number, prev: number, before: number, n: number): void;
}

/**
 * What the body needs of a field's press boards: a solution of the system
 * (unknown values `x`, one byte each in both fields) expanded to a press
 * board, the kernel, and the coset walk.
 */
export interface Coset {
  /** Stores the kernel vector of the unknown values `x` (expanded to a press board). */
  addKernelVector(x: Uint8Array): void;
  /**
   * Walks the coset of target t's particular solution `x` over `candidates`
   * press sets in Gray-code order; returns the first lightest step, its weight in `walkWeight`.
   */
  walk(x: Uint8Array, t: number, candidates: number): number;
  walkWeight: number;
  /** The press set of step `step` of target t's walk, one value a cell. */
  pressesAt(x: Uint8Array, t: number, step: number, used: number): Uint8Array;
  /** Chases unknown values `x` (target -1: homogeneous) and writes, per cell of the last row, the sum of the presses reaching it. */
  lastRowSums(x: Uint8Array, target: number, sums: Uint8Array): void;
}

/**
 * Step 1 by chasing affine vectors: every press row after the unknown ones is
 * an affine vector of the unknowns, carried in a ring of the last rows, and
 * the equations sum the vectors reaching their cells.
 */
export abstract class CosetBase<V extends Uint8Array | Uint32Array> {
  walkWeight = 0;
  protected readonly kernel: V[] = [];
  protected readonly nonZero: Int32Array[] = [];

  constructor(
    protected readonly problem: LightsOutProblem,
    protected readonly shape: Shape,
    protected readonly unknowns: number,
  ) {}

  /** The number of values: 2 or p. */
  abstract readonly base: number;
  /** Chases unknown values `x` (target -1: homogeneous) into the field's scratch press board. */
  protected abstract chaseScratch(x: Uint8Array, target: number): void;
  /** Press (r, c) of the scratch board. */
  protected abstract scratchPress(r: number, c: number): number;

  lastRowSums(x: Uint8Array, target: number, sums: Uint8Array): void {
    const { rows: m, cols: n, offsets } = this.problem;
    this.chaseScratch(x, target);
    for (let c = 0; c < n; c++) {
      let sum = 0;
      for (let k = 0; k < offsets.length; k += 2) {
        const pr = m - 1 - offsets[k];
        const pc = c - offsets[k + 1];
        if (pr >= 0 && pr < m && pc >= 0 && pc < n) sum += this.scratchPress(pr, pc);
      }
      sums[c] = sum % this.base;
    }
  }

  protected keepKernelVector(vector: V): void {
    this.kernel.push(vector);
    const list: number[] = [];
    for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) list.push(i);
    this.nonZero.push(Int32Array.from(list));
  }
}
