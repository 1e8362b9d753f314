// Lights Out's state (see ./lightsOut for the method): the one region this
// solver owns, reserved under the module's one memory rule (./memory), the
// problem as the host wrote it and the answer as it reads it back, and where
// each part of the work lives in the region. Every step of the solve (./lightsOutGf2,
// ./lightsOutGfp, ./lightsOutBody, ./lightsOut) reads and writes these cells.

import { Region, lastNeeded, reserve } from './memory';

// ------------------------------------------------------------ the region

export const region = new Region();

// Makes the region at least `bytes` long, keeping its first `keep` bytes.
// Returns false, leaving the region as it was, when memory cannot grow.
export function ensureRegion(bytes: f64, keep: usize): bool {
  return reserve(region, bytes, keep);
}

@inline export function align8(bytes: f64): f64 {
  return Math.ceil(bytes / 8) * 8;
}

export let inputBytes: usize = 0;

// The input area for `bytes` bytes; 0 when memory cannot grow to hold it. An
// f64, as every address the host reads (./memory).
export function lightsOutReserve(bytes: i32): f64 {
  if (!ensureRegion(align8(<f64>bytes), 0)) return 0;
  inputBytes = <usize>bytes;
  return <f64>region.base;
}

export function lightsOutNeeded(): f64 {
  return lastNeeded();
}

// ------------------------------------------------------------ problem and answer

export let m: i32 = 0;
export let n: i32 = 0;
export let colors: i32 = 2;
export let torus: bool = false;
export let h: i32 = 0;
export let offsetCount: i32 = 0;
export let targetCount: i32 = 0;
export let cells: i32 = 0;
export let unknowns: i32 = 0;
export let unknownRows: i32 = 0;
export let ringRows: i32 = 0;
export let maxDr: i32 = 0;
// The chase's shape (see shapeOf in the twin): press rows 0..unknownRows-1 are
// the unknowns, cell rows chaseStart..m-1-h force the rest, and unknownRows
// cell rows are the equations. On a torus the unknown rows keep slots of their
// own after the ring (ringSize = ringRows + span), as the last equations wrap
// back onto them.
export let span: i32 = 0;
export let chaseStart: i32 = 0;
export let ringSize: i32 = 0;

export function setShape(): void {
  span = maxDr + h;
  if (h == 0) {
    unknownRows = m;
    chaseStart = 0;
    ringRows = 0;
    ringSize = 0;
  } else if (torus) {
    unknownRows = span;
    chaseStart = maxDr;
    ringRows = span + 1;
    ringSize = ringRows + span;
  } else {
    unknownRows = min(h, m);
    chaseStart = 0;
    ringRows = span + 1;
    ringSize = ringRows;
  }
  unknowns = unknownRows * n;
}

// The ring row holding press row `row`.
@inline export function ringRow(row: i32): i32 {
  return torus && row < span ? ringRows + row : row % ringRows;
}

// The cell row of equation row e.
export function equationRow(e: i32): i32 {
  if (torus) return e < maxDr ? e : m - h + (e - maxDr);
  return m - unknownRows + e;
}

// Row or column `index` of a press reaching a cell: wrapped on a torus, -1 when off a plane board.
@inline export function onBoard(index: i32, size: i32, wrap: bool): i32 {
  if (wrap) return ((index % size) + size) % size;
  return index >= 0 && index < size ? index : -1;
}

export let offsetsAt: usize = 0;
export let boardAt: usize = 0;
export let targetsAt: usize = 0;
export let pressesAt: usize = 0;

export let answerDimension: i32 = 0;
export let answerTarget: i32 = -1;
export let answerReachable: i32 = 0;
export let answerMinimal: bool = true;
export let answerPressCount: i32 = 0;

export function lightsOutPresses(): f64 {
  return <f64>pressesAt;
}
export function lightsOutKernelDimension(): i32 {
  return answerDimension;
}
export function lightsOutTarget(): i32 {
  return answerTarget;
}
export function lightsOutReachable(): i32 {
  return answerReachable;
}
export function lightsOutMinimal(): i32 {
  return answerMinimal ? 1 : 0;
}
// The answer's total presses: the lightest walk's weight.
export function lightsOutPressCount(): i32 {
  return answerPressCount;
}

@inline export function dr(k: i32): i32 {
  return load<i32>(offsetsAt + (<usize>k << 3));
}
@inline export function dc(k: i32): i32 {
  return load<i32>(offsetsAt + (<usize>k << 3) + 4);
}
@inline export function boardValue(cell: i32): i32 {
  return <i32>load<u8>(boardAt + <usize>cell);
}
@inline export function targetValue(t: i32, cell: i32): i32 {
  return <i32>load<u8>(targetsAt + <usize>t * <usize>cells + <usize>cell);
}

// Candidates walked per target and the kernel vectors that walk touches (see the twin).
export let candidates: f64 = 1;
export let used: i32 = 0;
export function budget(base: i32, dimension: i32, maxCandidates: f64): void {
  candidates = 1;
  used = 0;
  while (used < dimension && candidates * <f64>base <= maxCandidates) {
    candidates *= <f64>base;
    used++;
  }
  if (used < dimension && candidates < maxCandidates) {
    candidates = maxCandidates;
    used++;
  }
}

// The most kernel vectors a walk of at most `maxCandidates` press sets can
// touch (budget() never uses more), so storage is sized by the budget, not by
// the board.
export function usedLimit(base: i32, maxCandidates: f64): i32 {
  let limit = 0;
  let reach: f64 = 1;
  while (reach < maxCandidates) {
    reach *= <f64>base;
    limit++;
  }
  return limit;
}

// Bump allocation inside the region, after the input.
export let bump: usize = 0;
@inline export function take(bytes: usize): usize {
  const at = bump;
  bump += (bytes + 7) & ~<usize>7;
  return at;
}

// ------------------------------------------------------------ one body, two fields
//
// The system build, the elimination and the solve (kernel vectors, particular
// solutions, coset walks, picking the lightest) are one body each, over a type
// argument F: the unit an affine vector is stored in, u64 for GF(2) (64
// columns a word, rows combined a word at a time with XOR) and u8 for GF(p)
// (one column a byte, modular arithmetic). The compiler knows sizeof<F>() and
// compiles only F's branches, so the @noinline wrappers solve2 and solveP each
// hold the body with only their field's operations: GF(2) keeps its
// bit-packed speed and never goes through per-element arithmetic (the pattern
// of ./idaStar and ./flip). What really differs between the fields stays in
// small helpers per field below: how a forced press is formed from its
// sources, how one row reduces another, how a solution becomes a press board,
// and the coset walk (binary Gray code over packed words with popcounts, or a
// base-p Gray code over bytes).
export type Gf2 = u64;
export type Gfp = u8;

export let vectorBytes: usize = 0; // one affine vector (a system or ring row): unknowns + targetCount columns
export let boardBytes: usize = 0; // one press board as the coset walk holds it
export let listBytes: usize = 0; // one kernel vector's list of non-zero entries
export let systemAt: usize = 0;
export let ringAt: usize = 0;
export let pivotsAt: usize = 0;
export let freeAt: usize = 0;
export let xAt: usize = 0; // the unknowns' values, one byte each
export let kernelAt: usize = 0;
export let nonZeroAt: usize = 0;
export let nonZeroCountAt: usize = 0;
export let currentAt: usize = 0;
export let bestAt: usize = 0;
export let sumsAt: usize = 0; // per cell of the last row, what lastRowSums writes
export let rank: i32 = 0;
// Whether the system is built by recurrence (see byRecurrence).
export let recurrence: bool = false;

// The ring slot (an affine vector) of press (r, c).
@inline export function ringSlot(r: i32, c: i32): usize {
  return ringAt + <usize>(ringRow(r) * n + c) * vectorBytes;
}

@inline export function kernelVector(j: i32): usize {
  return kernelAt + <usize>j * boardBytes;
}

// Pointer lists for the chase's inner loop (offsetCount entries each).
export let activeRowAt: usize = 0;
export let activeColAt: usize = 0;
export let sourcesAt: usize = 0;

// The weight of the lightest press set the last coset walk found (walk2, walkP).
export let walkWeight: i64 = 0;

// Pointers into the region, taken again after it may have moved.
export function bindInput(): void {
  offsetsAt = region.base;
  boardAt = offsetsAt + (<usize>offsetCount << 3);
  targetsAt = boardAt + <usize>cells;
  bump = region.base + ((inputBytes + 7) & ~<usize>7);
  pressesAt = take(<usize>cells);
}
