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
 *
 * The files: lightsOutField.ts (the shape, the Field and Coset interfaces and
 * what both fields share), lightsOutGf2.ts and lightsOutGfp.ts (each field),
 * and this one (the body and the entry), as assembly/ splits them.
 */
import type { LightsOutAnswer, LightsOutCore, LightsOutProblem } from '../contract.js';
import { budget, answerNone, type Shape, shapeOf, onBoard, type Field, type Coset } from './lightsOutField.js';
import { Gf2, Gf2Coset } from './lightsOutGf2.js';
import { Gfp, GfpCoset } from './lightsOutGfp.js';

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
