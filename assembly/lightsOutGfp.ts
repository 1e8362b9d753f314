// Lights Out over GF(p), p an odd prime (see ./lightsOut): one value a byte,
// rows combined sixteen bytes at a time (./modVectors); forced presses, row
// reduction, the press board of a solution and the coset walk (a base-p Gray
// code). The body over either field is ./lightsOutBody.

import { m, n, colors, torus, h, offsetCount, targetCount, cells, unknowns, chaseStart, onBoard, boardAt, targetsAt, dr, dc, boardValue, targetValue, candidates, used, vectorBytes, listBytes, xAt, nonZeroAt, nonZeroCountAt, currentAt, kernelVector, sourcesAt, walkWeight } from './lightsOutState';
import { subtractMod, subtractMultipleMod } from './modVectors';

// ------------------------------------------------------------ GF(p) operations

export let width: i32 = 0; // bytes of an affine vector: unknowns + targetCount
export let digitsAt: usize = 0; // the base-p counter of the coset walk
// products[f * 256 + v] = f * v mod p, for f, v < p.
export let productsAt: usize = 0;

@inline export function needed(cell: i32, t: i32): i32 {
  return (targetValue(t, cell) - boardValue(cell) + colors) % colors;
}

// The forced press at `at` = what its cell needs - the `count` presses listed at sourcesAt.
export function forcePressP(at: usize, count: i32, cell: i32): void {
  memory.fill(at, 0, vectorBytes);
  for (let t = 0; t < targetCount; t++) store<u8>(at + <usize>(unknowns + t), <u8>needed(cell, t));
  for (let s = 0; s < count; s++) subtractMod(at, load<usize>(sourcesAt + (<usize>s << 2)), vectorBytes, colors);
}

export function inverseMod(a: i32, p: i32): i32 {
  let result = 1;
  let base = a % p;
  for (let e = p - 2; e > 0; e >>= 1) {
    if ((e & 1) != 0) result = (result * base) % p;
    base = (base * base) % p;
  }
  return result;
}

// The pivot row `top` times the inverse of its pivot: a 1 in column col.
export function normalizeP(top: usize, col: i32): void {
  const p = colors;
  const scale = inverseMod(<i32>load<u8>(top + <usize>col), p);
  for (let q = col; q < width; q++) store<u8>(top + <usize>q, <u8>((<i32>load<u8>(top + <usize>q) * scale) % p));
}

// row -= factor * pivot row, the factor being row's entry in column col, the
// products from the factor's row of the table: no division in the cubic loop.
// The pivot row is zero left of col, so lanes before col's would change nothing.
@inline export function reduceRowP(row: usize, top: usize, col: i32): void {
  const times = productsAt + (<usize>load<u8>(row + <usize>col) << 8);
  const from = <usize>col & ~<usize>15;
  subtractMultipleMod(row + from, top + from, times, vectorBytes - from, colors);
}

// The chase of the unknowns at xAt into the press board `out` (target -1:
// homogeneous), a row at a time: press row r + h = what cell row r needs
// minus, per other offset reaching it, the press row that offset comes from,
// shifted by its column offset.
export function expandP(target: i32, out: usize): void {
  memory.fill(out, 0, <usize>cells);
  memory.copy(out, xAt, <usize>unknowns);
  if (h == 0) return;
  for (let r = chaseStart; r + h < m; r++) {
    const row = out + <usize>((r + h) * n);
    if (target >= 0) {
      memory.copy(row, targetsAt + <usize>target * <usize>cells + <usize>(r * n), <usize>n);
      subtractMod(row, boardAt + <usize>(r * n), <usize>n, colors);
    }
    for (let k = 0; k < offsetCount; k++) {
      const rowOffset = dr(k);
      if (rowOffset == -h) continue;
      const pr = onBoard(r - rowOffset, m, false);
      if (pr >= 0) subtractShifted(row, out + <usize>(pr * n), dc(k));
    }
  }
}

// row[c] -= source[c - shift] mod p for every column c whose c - shift is on
// the board: on a torus all of them, c - shift taken mod n (two runs).
export function subtractShifted(row: usize, source: usize, shift: i32): void {
  if (torus) {
    const s = onBoard(shift, n, true);
    subtractMod(row + <usize>s, source, <usize>(n - s), colors);
    subtractMod(row, source + <usize>(n - s), <usize>s, colors);
  } else {
    const from = max(0, shift);
    const to = min(n, n + shift);
    if (from < to) subtractMod(row + <usize>from, source + <usize>(from - shift), <usize>(to - from), colors);
  }
}

// Kernel vector j from the unknowns at xAt, with the list of its non-zero cells.
export function storeKernelP(j: i32): void {
  const vector = kernelVector(j);
  expandP(-1, vector);
  const list = nonZeroAt + <usize>j * listBytes;
  let length = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (load<u8>(vector + <usize>cell) != 0) {
      store<i32>(list + (<usize>length << 2), cell);
      length++;
    }
  }
  store<i32>(nonZeroCountAt + (<usize>j << 2), length);
}

// The modular Gray-code walk over one coset: step s adds kernel vector j, the
// base-p counter's lowest changing digit. Returns the lightest step (its weight in walkWeight).
@noinline export function walkP(): f64 {
  const p = colors;
  let weight: i64 = 0;
  for (let cell = 0; cell < cells; cell++) weight += <i64>load<u8>(currentAt + <usize>cell);
  let lightest = weight;
  let lightestStep: f64 = 0;
  memory.fill(digitsAt, 0, (<usize>used + 1) << 2);
  const count = candidates;
  for (let step: f64 = 1; step < count; step++) {
    let j = 0;
    while (load<i32>(digitsAt + (<usize>j << 2)) == p - 1) {
      store<i32>(digitsAt + (<usize>j << 2), 0);
      j++;
    }
    store<i32>(digitsAt + (<usize>j << 2), load<i32>(digitsAt + (<usize>j << 2)) + 1);
    const vector = kernelVector(j);
    const list = nonZeroAt + <usize>j * listBytes;
    const length = load<i32>(nonZeroCountAt + (<usize>j << 2));
    for (let q = 0; q < length; q++) {
      const cell = <usize>load<i32>(list + (<usize>q << 2));
      const before = <i32>load<u8>(currentAt + cell);
      let after = before + <i32>load<u8>(vector + cell);
      if (after >= p) after -= p;
      weight += <i64>(after - before);
      store<u8>(currentAt + cell, <u8>after);
    }
    if (weight < lightest) {
      lightest = weight;
      lightestStep = step;
    }
  }
  walkWeight = lightest;
  return lightestStep;
}

// Adds to the current press set the kernel vectors of the walk's step `step`:
// Gray digit j = (counter digit j - counter digit j+1) mod p.
export function addGrayP(step: f64): void {
  const p = colors;
  let rest = step;
  for (let j = 0; j <= used; j++) {
    store<i32>(digitsAt + (<usize>j << 2), <i32>(rest % <f64>p));
    rest = Math.floor(rest / <f64>p);
  }
  for (let j = 0; j < used; j++) {
    const times = (load<i32>(digitsAt + (<usize>j << 2)) - load<i32>(digitsAt + (<usize>(j + 1) << 2)) + p) % p;
    if (times == 0) continue;
    const vector = kernelVector(j);
    for (let cell = 0; cell < cells; cell++) {
      const a = currentAt + <usize>cell;
      store<u8>(a, <u8>((<i32>load<u8>(a) + times * <i32>load<u8>(vector + <usize>cell)) % p));
    }
  }
}
