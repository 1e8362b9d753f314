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
 */
import type { LightsOutAnswer, LightsOutCore, LightsOutProblem } from '../core.js';

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

interface Reduced {
  /** Pivot column of each of the first `rank` rows. */
  pivots: Int32Array;
  rank: number;
  /** Free columns, ascending: one kernel vector each. */
  free: Int32Array;
}

/** No target reachable: nothing to minimise, so `minimal` holds. */
function answerNone(dimension: number): LightsOutAnswer {
  return { presses: null, target: -1, kernelDimension: dimension, reachableTargets: 0, minimal: true, nodes: 0 };
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

// ------------------------------------------------------------------ GF(2)

/** dst bits c ^= src bit (c - shift) for c in [0, n): rows of `words` 32-bit words. */
function xorShifted(dst: Uint32Array, dstAt: number, src: Uint32Array, srcAt: number, words: number, shift: number, n: number): void {
  for (let c = Math.max(0, shift); c < Math.min(n, n + shift); c++) {
    const from = c - shift;
    if ((src[srcAt + (from >>> 5)] >>> (from & 31)) & 1) dst[dstAt + (c >>> 5)] ^= 1 << (c & 31);
  }
}

function solveGf2(problem: LightsOutProblem): LightsOutAnswer {
  const { rows: m, cols: n, offsets, torus, board, targets } = problem;
  const cells = m * n;
  const targetCount = targets.length;
  const offsetCount = offsets.length >> 1;
  const h = problem.chaseRows;
  const shape = shapeOf(problem);
  const { unknownRows, ringRow } = shape;
  const unknowns = unknownRows * n;
  const width = unknowns + targetCount;
  const words = (width + 31) >>> 5;
  const equations = unknowns;
  const system = new Uint32Array(equations * words);
  const rhsBit = (cell: number, row: Uint32Array, at: number): void => {
    for (let t = 0; t < targetCount; t++) {
      if ((board[cell] ^ targets[t][cell]) & 1) row[at + ((unknowns + t) >>> 5)] ^= 1 << ((unknowns + t) & 31);
    }
  };

  if (h > 0) {
    // Press rows as affine vectors: bits of the unknowns, then one constant bit per target.
    const ring = new Uint32Array(shape.ringSize * n * words);
    const slot = (r: number, c: number) => (ringRow(r) * n + c) * words;
    for (let r = 0; r < unknownRows; r++) {
      for (let c = 0; c < n; c++) {
        const u = r * n + c;
        ring[slot(r, c) + (u >>> 5)] = 1 << (u & 31);
      }
    }
    for (let r = shape.chaseStart; r + h < m; r++) {
      for (let c = 0; c < n; c++) {
        const at = slot(r + h, c);
        ring.fill(0, at, at + words);
        rhsBit(r * n + c, ring, at);
        for (let k = 0; k < offsetCount; k++) {
          const dr = offsets[2 * k];
          if (dr === -h) continue; // the forced press itself
          // Never wraps a row: the chase starts reachDown rows in.
          const pr = onBoard(r - dr, m, false);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          const from = slot(pr, pc);
          for (let w = 0; w < words; w++) ring[at + w] ^= ring[from + w];
        }
      }
    }
    for (let e = 0; e < unknownRows; e++) {
      const r = shape.equationRow(e);
      for (let c = 0; c < n; c++) {
        const at = (e * n + c) * words;
        rhsBit(r * n + c, system, at);
        for (let k = 0; k < offsetCount; k++) {
          const pr = onBoard(r - offsets[2 * k], m, torus);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          const from = slot(pr, pc);
          for (let w = 0; w < words; w++) system[at + w] ^= ring[from + w];
        }
      }
    }
  } else {
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < n; c++) {
        const at = (r * n + c) * words;
        rhsBit(r * n + c, system, at);
        for (let k = 0; k < offsetCount; k++) {
          const pr = onBoard(r - offsets[2 * k], m, torus);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          const u = pr * n + pc;
          system[at + (u >>> 5)] ^= 1 << (u & 31);
        }
      }
    }
  }

  const reduced = eliminateGf2(system, equations, unknowns, words);
  const { pivots, rank, free } = reduced;
  const dimension = unknowns - rank;
  const bit = (row: number, column: number) => (system[row * words + (column >>> 5)] >>> (column & 31)) & 1;

  // Full press boards: m rows of rowWords words.
  const rowWords = (n + 31) >>> 5;
  const full = m * rowWords;
  /** Expands unknown values `x` (one bit each) into `out`; `target` -1 for the homogeneous chase. */
  const expand = (x: Uint8Array, target: number, out: Uint32Array): void => {
    out.fill(0);
    if (h === 0) {
      for (let u = 0; u < cells; u++) if (x[u]) out[Math.floor(u / n) * rowWords + ((u % n) >>> 5)] |= 1 << ((u % n) & 31);
      return;
    }
    for (let u = 0; u < unknowns; u++) if (x[u]) out[Math.floor(u / n) * rowWords + ((u % n) >>> 5)] |= 1 << ((u % n) & 31);
    for (let r = shape.chaseStart; r + h < m; r++) {
      const at = (r + h) * rowWords;
      if (target >= 0) {
        const goal = targets[target];
        for (let c = 0; c < n; c++) if ((board[r * n + c] ^ goal[r * n + c]) & 1) out[at + (c >>> 5)] ^= 1 << (c & 31);
      }
      for (let k = 0; k < offsetCount; k++) {
        const dr = offsets[2 * k];
        if (dr === -h) continue;
        const pr = onBoard(r - dr, m, false);
        if (pr < 0) continue;
        const dc = offsets[2 * k + 1];
        if (!torus) {
          xorShifted(out, at, out, pr * rowWords, rowWords, dc, n);
        } else {
          // A rotation: the columns shifted right by dc mod n, and those that fall off back in at the left.
          const shift = ((dc % n) + n) % n;
          xorShifted(out, at, out, pr * rowWords, rowWords, shift, n);
          if (shift !== 0) xorShifted(out, at, out, pr * rowWords, rowWords, shift - n, n);
        }
      }
    }
  };

  // The coset walk works on boards packed without row padding (bit r * n + c):
  // fewer words when rows are narrower than a word.
  const packedWords = (cells + 31) >>> 5;
  const rowsBoard = new Uint32Array(full);
  const pack = (out: Uint32Array): void => {
    out.fill(0);
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < n; c++) {
        if ((rowsBoard[r * rowWords + (c >>> 5)] >>> (c & 31)) & 1) out[(r * n + c) >>> 5] |= 1 << ((r * n + c) & 31);
      }
    }
  };

  const { candidates, used } = budget(2, dimension, problem.maxCandidates);
  const kernel: Uint32Array[] = [];
  const nonZero: Int32Array[] = [];
  const x = new Uint8Array(unknowns);
  for (let j = 0; j < used; j++) {
    x.fill(0);
    const f = free[j];
    x[f] = 1;
    for (let i = 0; i < rank; i++) x[pivots[i]] = bit(i, f);
    expand(x, -1, rowsBoard);
    const vector = new Uint32Array(packedWords);
    pack(vector);
    kernel.push(vector);
    const list: number[] = [];
    for (let w = 0; w < packedWords; w++) if (vector[w] !== 0) list.push(w);
    nonZero.push(Int32Array.from(list));
  }

  let best: Uint32Array | null = null;
  let bestWeight = Infinity;
  let bestTarget = -1;
  let reachable = 0;
  let nodes = 0;
  const current = new Uint32Array(packedWords);
  for (let t = 0; t < targetCount; t++) {
    let consistent = true;
    for (let i = rank; i < equations && consistent; i++) if (bit(i, unknowns + t)) consistent = false;
    if (!consistent) continue;
    reachable++;
    x.fill(0);
    for (let i = 0; i < rank; i++) x[pivots[i]] = bit(i, unknowns + t);
    expand(x, t, rowsBoard);
    pack(current);
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
    nodes += candidates;
    if (lightest < bestWeight) {
      bestWeight = lightest;
      bestTarget = t;
      // Rebuild the lightest: the particular solution plus the Gray code's vectors.
      expand(x, t, rowsBoard);
      pack(current);
      const code = lightestStep ^ (lightestStep >>> 1);
      for (let j = 0; j < used; j++) {
        if ((code >>> j) & 1) for (let w = 0; w < packedWords; w++) current[w] ^= kernel[j][w];
      }
      best = current.slice();
    }
  }
  if (best === null) return answerNone(dimension);
  const presses = new Uint8Array(cells);
  for (let cell = 0; cell < cells; cell++) presses[cell] = (best[cell >>> 5] >>> (cell & 31)) & 1;
  return { presses, target: bestTarget, kernelDimension: dimension, reachableTargets: reachable, minimal: used === dimension && candidates === 2 ** dimension, nodes };
}

/** Gauss-Jordan over GF(2) on `rows` rows of `words` words, columns 0..columns-1; in place. */
function eliminateGf2(system: Uint32Array, rows: number, columns: number, words: number): Reduced {
  const pivots = new Int32Array(Math.min(rows, columns));
  const free: number[] = [];
  let rank = 0;
  for (let col = 0; col < columns; col++) {
    const w = col >>> 5;
    const mask = 1 << (col & 31);
    let pivot = -1;
    for (let i = rank; i < rows; i++) {
      if (system[i * words + w] & mask) {
        pivot = i;
        break;
      }
    }
    if (pivot < 0) {
      free.push(col);
      continue;
    }
    const top = rank * words;
    if (pivot !== rank) {
      const at = pivot * words;
      for (let q = w; q < words; q++) {
        const swap = system[top + q];
        system[top + q] = system[at + q];
        system[at + q] = swap;
      }
    }
    // Rows below the rank are zero left of `col`; rows above may not be, but
    // the pivot row is, so only words from `w` on change.
    for (let i = 0; i < rows; i++) {
      if (i === rank) continue;
      const at = i * words;
      if (system[at + w] & mask) for (let q = w; q < words; q++) system[at + q] ^= system[top + q];
    }
    pivots[rank++] = col;
  }
  return { pivots, rank, free: Int32Array.from(free) };
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

function solveGfp(problem: LightsOutProblem): LightsOutAnswer {
  const { rows: m, cols: n, offsets, torus, board, targets, colors: p } = problem;
  const cells = m * n;
  const targetCount = targets.length;
  const offsetCount = offsets.length >> 1;
  const h = problem.chaseRows;
  const shape = shapeOf(problem);
  const { unknownRows, ringRow } = shape;
  const unknowns = unknownRows * n;
  const width = unknowns + targetCount;
  const equations = unknowns;
  const system = new Uint8Array(equations * width);
  /** (goal - board) mod p for cell `cell` and target t. */
  const needed = (cell: number, t: number) => (targets[t][cell] - board[cell] + p) % p;

  if (h > 0) {
    // Press rows as affine vectors: coefficients of the unknowns, then one constant per target.
    const ring = new Uint8Array(shape.ringSize * n * width);
    const slot = (r: number, c: number) => (ringRow(r) * n + c) * width;
    for (let r = 0; r < unknownRows; r++) for (let c = 0; c < n; c++) ring[slot(r, c) + r * n + c] = 1;
    for (let r = shape.chaseStart; r + h < m; r++) {
      for (let c = 0; c < n; c++) {
        // press(r + h, c) = needed - (every other press reaching cell (r, c)).
        const at = slot(r + h, c);
        ring.fill(0, at, at + width);
        for (let t = 0; t < targetCount; t++) ring[at + unknowns + t] = needed(r * n + c, t);
        for (let k = 0; k < offsetCount; k++) {
          const dr = offsets[2 * k];
          if (dr === -h) continue;
          const pr = onBoard(r - dr, m, false);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          const from = slot(pr, pc);
          for (let w = 0; w < width; w++) {
            const value = ring[at + w] - ring[from + w];
            ring[at + w] = value < 0 ? value + p : value;
          }
        }
      }
    }
    for (let e = 0; e < unknownRows; e++) {
      const r = shape.equationRow(e);
      for (let c = 0; c < n; c++) {
        // Sum of the presses reaching (r, c) = needed: linear part left, needed - constant right.
        const at = (e * n + c) * width;
        for (let k = 0; k < offsetCount; k++) {
          const pr = onBoard(r - offsets[2 * k], m, torus);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          const from = slot(pr, pc);
          for (let w = 0; w < width; w++) {
            const value = system[at + w] + ring[from + w];
            system[at + w] = value >= p ? value - p : value;
          }
        }
        for (let t = 0; t < targetCount; t++) {
          system[at + unknowns + t] = (needed(r * n + c, t) + p - system[at + unknowns + t]) % p;
        }
      }
    }
  } else {
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < n; c++) {
        const at = (r * n + c) * width;
        for (let t = 0; t < targetCount; t++) system[at + unknowns + t] = needed(r * n + c, t);
        for (let k = 0; k < offsetCount; k++) {
          const pr = onBoard(r - offsets[2 * k], m, torus);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          const u = pr * n + pc;
          system[at + u] = (system[at + u] + 1) % p;
        }
      }
    }
  }

  // Gauss-Jordan mod p; products[f * 256 + v] = f * v mod p.
  const products = new Uint8Array(p << 8);
  for (let f = 0; f < p; f++) for (let v = 0; v < p; v++) products[(f << 8) + v] = (f * v) % p;
  const pivots = new Int32Array(Math.min(equations, unknowns));
  const freeList: number[] = [];
  let rank = 0;
  for (let col = 0; col < unknowns; col++) {
    let pivot = -1;
    for (let i = rank; i < equations; i++) {
      if (system[i * width + col] !== 0) {
        pivot = i;
        break;
      }
    }
    if (pivot < 0) {
      freeList.push(col);
      continue;
    }
    const top = rank * width;
    if (pivot !== rank) {
      const at = pivot * width;
      for (let q = col; q < width; q++) {
        const swap = system[top + q];
        system[top + q] = system[at + q];
        system[at + q] = swap;
      }
    }
    const scale = inverseMod(system[top + col], p);
    for (let q = col; q < width; q++) system[top + q] = (system[top + q] * scale) % p;
    for (let i = 0; i < equations; i++) {
      if (i === rank) continue;
      const at = i * width;
      const factor = system[at + col];
      if (factor === 0) continue;
      // row += (p - factor) * pivot row, the products from a table: no division in the cubic loop.
      const times = (p - factor) << 8;
      for (let q = col; q < width; q++) {
        const value = system[at + q] + products[times + system[top + q]];
        system[at + q] = value >= p ? value - p : value;
      }
    }
    pivots[rank++] = col;
  }
  const free = Int32Array.from(freeList);
  const dimension = unknowns - rank;

  const expand = (x: Uint8Array, target: number, out: Uint8Array): void => {
    out.fill(0);
    out.set(x.subarray(0, unknowns));
    if (h === 0) return;
    for (let r = shape.chaseStart; r + h < m; r++) {
      for (let c = 0; c < n; c++) {
        let value = target >= 0 ? needed(r * n + c, target) : 0;
        for (let k = 0; k < offsetCount; k++) {
          const dr = offsets[2 * k];
          if (dr === -h) continue;
          const pr = onBoard(r - dr, m, false);
          const pc = onBoard(c - offsets[2 * k + 1], n, torus);
          if (pr < 0 || pc < 0) continue;
          value += p - out[pr * n + pc];
        }
        out[(r + h) * n + c] = value % p;
      }
    }
  };

  const { candidates, used } = budget(p, dimension, problem.maxCandidates);
  const kernel: Uint8Array[] = [];
  const nonZero: Int32Array[] = [];
  const x = new Uint8Array(unknowns);
  for (let j = 0; j < used; j++) {
    x.fill(0);
    const f = free[j];
    x[f] = 1;
    for (let i = 0; i < rank; i++) x[pivots[i]] = (p - system[i * width + f]) % p;
    const vector = new Uint8Array(cells);
    expand(x, -1, vector);
    kernel.push(vector);
    const list: number[] = [];
    for (let cell = 0; cell < cells; cell++) if (vector[cell] !== 0) list.push(cell);
    nonZero.push(Int32Array.from(list));
  }

  let best: Uint8Array | null = null;
  let bestWeight = Infinity;
  let bestTarget = -1;
  let reachable = 0;
  let nodes = 0;
  const current = new Uint8Array(cells);
  const digits = new Int32Array(used + 1);
  for (let t = 0; t < targetCount; t++) {
    let consistent = true;
    for (let i = rank; i < equations && consistent; i++) if (system[i * width + unknowns + t] !== 0) consistent = false;
    if (!consistent) continue;
    reachable++;
    x.fill(0);
    for (let i = 0; i < rank; i++) x[pivots[i]] = system[i * width + unknowns + t];
    expand(x, t, current);
    let weight = 0;
    for (let cell = 0; cell < cells; cell++) weight += current[cell];
    let lightest = weight;
    let lightestStep = 0;
    digits.fill(0);
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
    nodes += candidates;
    if (lightest < bestWeight) {
      bestWeight = lightest;
      bestTarget = t;
      expand(x, t, current);
      // Gray digit j = (counter digit j - counter digit j+1) mod p.
      let rest = lightestStep;
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
      best = current.slice();
    }
  }
  if (best === null) return answerNone(dimension);
  return { presses: best, target: bestTarget, kernelDimension: dimension, reachableTargets: reachable, minimal: used === dimension && candidates === p ** dimension, nodes };
}

export function twinLightsOut(): LightsOutCore {
  return {
    solve(problem: LightsOutProblem): LightsOutAnswer {
      return problem.colors === 2 ? solveGf2(problem) : solveGfp(problem);
    },
  };
}
