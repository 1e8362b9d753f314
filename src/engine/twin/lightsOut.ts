/**
 * TypeScript twin of `assembly/lightsOut.ts`: Lights Out over GF(2) (bit-packed,
 * 32-bit words here, 64-bit there) and GF(p) (one byte a value).
 *
 * 1. System: with light chasing (the pattern reaches h rows up through one
 *    cell, straight above), the presses of the first rows are the unknowns and
 *    every later press is an affine function of them, carried as a vector of
 *    unknown coefficients plus one constant per target; the cell rows left
 *    over give as many equations as there are unknowns (see shapeOf for the
 *    plane and the torus). Otherwise every press is an unknown and every cell
 *    an equation.
 * 2. Gauss-Jordan elimination (pivot: the first row at or below the rank with a
 *    non-zero entry in the column), then per target a particular solution and,
 *    shared by all targets, one kernel vector per free column in ascending order.
 * 3. The particular solutions and kernel vectors are expanded to full press
 *    boards (chasing again, now with plain values) and the coset is walked in
 *    modular Gray-code order, one kernel vector added per step, keeping the
 *    first lightest press set seen.
 * The order of every choice above is fixed, so both engines return the same
 * press set and the same node count (press sets weighed).
 *
 * Steps 1 to 3 are one body (solveOver) for both fields; it asks two objects
 * per field for what differs: a Field (Gf2 or Gfp) how affine vectors are
 * stored and combined and how one row reduces another, and a Coset (Gf2Coset
 * or GfpCoset) how a solution becomes a press board and how the coset is
 * walked. The row operations work on whole vectors (or a row's tail), so
 * GF(2) keeps combining 32 columns a word and the field's methods are called
 * once a row, not once an element.
 */
import type { LightsOutAnswer, LightsOutCore, LightsOutProblem } from '../contract.js';

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function ctz32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Candidates walked per target and how many kernel vectors that walk touches. */
function budget(colors: number, dimension: number, maxCandidates: number): { candidates: number; used: number } {
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
function answerNone(dimension: number): LightsOutAnswer {
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
interface Shape {
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

function shapeOf(problem: LightsOutProblem): Shape {
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
function onBoard(index: number, size: number, torus: boolean): number {
  if (torus) return ((index % size) + size) % size;
  return index >= 0 && index < size ? index : -1;
}

/**
 * What the body needs of a field to build and eliminate the system. An affine
 * vector is `vectorLength` elements of a `V` starting at some index: the
 * unknowns' coefficients, then one constant per target.
 */
interface Field<V extends Uint8Array | Uint32Array> {
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
interface Coset {
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
function buildByChase<V extends Uint8Array | Uint32Array>(problem: LightsOutProblem, shape: Shape, field: Field<V>, system: V): void {
  const { rows: m, cols: n, offsets, torus } = problem;
  const offsetCount = offsets.length >> 1;
  const h = problem.chaseRows;
  const { unknownRows, ringRow } = shape;
  const length = field.vectorLength;
  const ring = field.vectors(shape.ringSize * n);
  const slot = (r: number, c: number) => (ringRow(r) * n + c) * length;
  if (h > 0) {
    for (let r = 0; r < unknownRows; r++) for (let c = 0; c < n; c++) field.addOne(ring, slot(r, c), r * n + c);
    for (let r = shape.chaseStart; r + h < m; r++) {
      for (let c = 0; c < n; c++) {
        // press(r + h, c) = needed - (every other press reaching cell (r, c)).
        const at = slot(r + h, c);
        ring.fill(0, at, at + length);
        field.rightHandSide(ring, at, r * n + c);
        for (let k = 0; k < offsetCount; k++) {
          const dr = offsets[2 * k];
          if (dr === -h) continue; // the forced press itself
          // Never wraps a row: the chase starts reachDown rows in.
          const pr = onBoard(r - dr, m, false);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          field.subtract(ring, at, ring, slot(pr, pc));
        }
      }
    }
  }
  // The equations: the presses reaching cell (r, c) sum to what it needs;
  // linear part left, needed - constant right. Eliminating, every cell is an
  // equation and press (pr, pc) is unknown pr * n + pc; chasing, a press is
  // its affine vector in the ring.
  for (let e = 0; e < unknownRows; e++) {
    const r = shape.equationRow(e);
    for (let c = 0; c < n; c++) {
      const at = (e * n + c) * length;
      for (let k = 0; k < offsetCount; k++) {
        const pr = onBoard(r - offsets[2 * k], m, torus);
        const pc = onBoard(c - offsets[2 * k + 1], n, torus);
        if (pr < 0 || pc < 0) continue;
        if (h === 0) field.addOne(system, at, pr * n + pc);
        else field.add(system, at, ring, slot(pr, pc));
      }
      field.rightHandSide(system, at, r * n + c);
    }
  }
}

/**
 * Whether step 1 can go by recurrence: a plane board chased one row, with the
 * cross pattern (the cell and its four neighbours) or plus-only (the four
 * neighbours alone).
 */
function byRecurrence(problem: LightsOutProblem): boolean {
  const { offsets, torus, chaseRows } = problem;
  if (torus || chaseRows !== 1) return false;
  const count = offsets.length >> 1;
  if (count !== 4 && count !== 5) return false;
  let seen = 0;
  for (let k = 0; k < offsets.length; k += 2) {
    const dr = offsets[k];
    const dc = offsets[k + 1];
    if (Math.abs(dr) + Math.abs(dc) > 1) return false;
    // Bits: (0,0), (-1,0), (1,0), (0,-1), (0,1).
    const bit = 1 << (dr === 0 ? (dc === 0 ? 0 : dc < 0 ? 3 : 4) : dr < 0 ? 1 : 2);
    if (seen & bit) return false;
    seen |= bit;
  }
  return (seen & 0b11110) === 0b11110;
}

/**
 * Step 1 by recurrence, for what byRecurrence accepts. The unknowns are the
 * first press row and the equations the last cell row. Chasing is a
 * recurrence in the row operator A (the tridiagonal matrix of the pattern's
 * row: the cell, if in the pattern, and its two neighbours): press row r + 1
 * is (what row r needs) - A (press row r) - (press row r - 1). So the system's
 * linear part E is a polynomial in A: symmetric and commuting with A, which
 * row by row reads E[i + 1][j] = E[i][j - 1] + E[i][j + 1] - E[i - 1][j]
 * (terms off the matrix are 0). Row 0 of E is its column 0, what press (0, 0)
 * alone brings to the last row: one plain chase. The constants are one plain
 * chase per target with the unknowns 0. Work: O(n^2 / word) for E and O(mn) a
 * chase, against O(mn * n / word) for chasing affine vectors.
 */
function buildByRecurrence<V extends Uint8Array | Uint32Array>(problem: LightsOutProblem, field: Field<V>, coset: Coset, system: V, unknowns: number): void {
  const { rows: m, cols: n } = problem;
  const length = field.vectorLength;
  const x = new Uint8Array(unknowns);
  const sums = new Uint8Array(n);
  x[0] = 1;
  coset.lastRowSums(x, -1, sums);
  for (let j = 0; j < n; j++) field.addValue(system, 0, j, sums[j]);
  for (let i = 1; i < n; i++) field.nextByRecurrence(system, i * length, (i - 1) * length, i >= 2 ? (i - 2) * length : -1, n);
  x[0] = 0;
  for (let t = 0; t < problem.targets.length; t++) {
    coset.lastRowSums(x, t, sums);
    for (let c = 0; c < n; c++) field.addValue(system, c * length, unknowns + t, sums[c]);
  }
  for (let c = 0; c < n; c++) field.rightHandSide(system, c * length, (m - 1) * n + c);
}

/** Steps 1 to 3 of the header, for either field. */
function solveOver<V extends Uint8Array | Uint32Array>(problem: LightsOutProblem, shape: Shape, field: Field<V>, coset: Coset): LightsOutAnswer {
  const { cols: n, targets } = problem;
  const targetCount = targets.length;
  const h = problem.chaseRows;
  const unknowns = shape.unknownRows * n;
  const length = field.vectorLength;
  const equations = unknowns;
  const system = field.vectors(equations);

  if (h > 0 && byRecurrence(problem)) buildByRecurrence(problem, field, coset, system, unknowns);
  else buildByChase(problem, shape, field, system);

  // Gauss-Jordan, in place.
  const pivots = new Int32Array(Math.min(equations, unknowns));
  const freeList: number[] = [];
  let rank = 0;
  for (let col = 0; col < unknowns; col++) {
    // Where column col is: tested in place in the loops below (no call a row).
    const unit = field.unitOf(col);
    const mask = field.maskOf(col);
    let pivot = -1;
    for (let i = rank; i < equations; i++) {
      if (system[i * length + unit] & mask) {
        pivot = i;
        break;
      }
    }
    if (pivot < 0) {
      freeList.push(col);
      continue;
    }
    const top = rank * length;
    if (pivot !== rank) {
      const at = pivot * length;
      for (let q = unit; q < length; q++) {
        const swap = system[top + q];
        system[top + q] = system[at + q];
        system[at + q] = swap;
      }
    }
    field.normalize(system, top, col);
    // Rows below the rank are zero left of `col`; rows above may not be, but
    // the pivot row is, so only the elements from col's on change.
    for (let i = 0; i < equations; i++) {
      if (i === rank) continue;
      const at = i * length;
      if (system[at + unit] & mask) field.reduce(system, at, top, col);
    }
    pivots[rank++] = col;
  }
  const free = Int32Array.from(freeList);
  const dimension = unknowns - rank;

  const { candidates, used } = budget(field.base, dimension, problem.maxCandidates);
  const x = new Uint8Array(unknowns);
  for (let j = 0; j < used; j++) {
    // Free unknown j is 1, the other free ones 0, each pivot unknown minus its row's entry in that column.
    x.fill(0);
    const f = free[j];
    x[f] = 1;
    for (let i = 0; i < rank; i++) x[pivots[i]] = field.negate(field.entry(system, i * length, f));
    coset.addKernelVector(x);
  }

  let best: Uint8Array | null = null;
  let bestWeight = Infinity;
  let bestTarget = -1;
  let reachable = 0;
  let nodes = 0;
  for (let t = 0; t < targetCount; t++) {
    let consistent = true;
    for (let i = rank; i < equations && consistent; i++) if (field.entry(system, i * length, unknowns + t) !== 0) consistent = false;
    if (!consistent) continue;
    reachable++;
    // The particular solution: free unknowns 0.
    x.fill(0);
    for (let i = 0; i < rank; i++) x[pivots[i]] = field.entry(system, i * length, unknowns + t);
    const lightestStep = coset.walk(x, t, candidates);
    nodes += candidates;
    if (coset.walkWeight < bestWeight) {
      bestWeight = coset.walkWeight;
      bestTarget = t;
      best = coset.pressesAt(x, t, lightestStep, used);
    }
  }
  if (best === null) return answerNone(dimension);
  return {
    presses: best,
    pressCount: bestWeight,
    target: bestTarget,
    kernelDimension: dimension,
    reachableTargets: reachable,
    minimal: used === dimension && candidates === field.base ** dimension,
    nodes,
  };
}

/**
 * What both fields' press boards keep: the problem, and the kernel vectors as
 * press boards (packed words or one byte a cell) with the indices of their
 * non-zero elements, the only ones a walk step changes.
 */
abstract class CosetBase<V extends Uint8Array | Uint32Array> {
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

// ------------------------------------------------------------------ GF(2)

/** dst bits c ^= src bit (c - shift) for c in [0, n): rows of `words` 32-bit words. */
function xorShifted(dst: Uint32Array, dstAt: number, src: Uint32Array, srcAt: number, shift: number, n: number): void {
  for (let c = Math.max(0, shift); c < Math.min(n, n + shift); c++) {
    const from = c - shift;
    if ((src[srcAt + (from >>> 5)] >>> (from & 31)) & 1) dst[dstAt + (c >>> 5)] ^= 1 << (c & 31);
  }
}

/** GF(2) affine vectors: 32 columns a word, sums are XORs. */
class Gf2 implements Field<Uint32Array> {
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
class Gf2Coset extends CosetBase<Uint32Array> implements Coset {
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

// ------------------------------------------------------------------ GF(p)

function inverseMod(a: number, p: number): number {
  let result = 1;
  let base = a % p;
  for (let e = p - 2; e > 0; e >>= 1) {
    if (e & 1) result = (result * base) % p;
    base = (base * base) % p;
  }
  return result;
}

/** (goal - board) mod p for cell `cell` and target t. */
function needed(problem: LightsOutProblem, cell: number, t: number): number {
  return (problem.targets[t][cell] - problem.board[cell] + problem.colors) % problem.colors;
}

/** GF(p) affine vectors: one byte a value. */
class Gfp implements Field<Uint8Array> {
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
class GfpCoset extends CosetBase<Uint8Array> implements Coset {
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

export function twinLightsOut(): LightsOutCore {
  return {
    solve(problem: LightsOutProblem): LightsOutAnswer {
      const shape = shapeOf(problem);
      const unknowns = shape.unknownRows * problem.cols;
      return problem.colors === 2
        ? solveOver(problem, shape, new Gf2(problem, unknowns), new Gf2Coset(problem, shape, unknowns))
        : solveOver(problem, shape, new Gfp(problem, unknowns), new GfpCoset(problem, shape, unknowns));
    },
  };
}
