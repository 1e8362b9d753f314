// Lights Out on an m x n board: a press adds 1 (mod a prime p) to every cell of
// a pattern, and the fewest presses reaching a target is the lightest vector of
// a coset of the press map's kernel. Step for step the same as
// src/engine/twin/lightsOut.ts (read its header for the method); GF(2) rows are packed
// 64 cells to a u64 word here, GF(p) values are one byte each (rows combined
// sixteen bytes at a time, ./modVectors).
//
// Memory: everything lives in one region this file owns, reserved under the
// module's one memory rule (./memory; never from the heap, whose allocator
// traps when memory runs out). lightsOutReserve sizes it for the input,
// lightsOutSolve for the work; both say no (0 / -1) instead of trapping, and
// lightsOutNeeded() tells the host how many bytes were asked for.
//
// Input layout (from lightsOutReserve's pointer): offsets as i32 pairs (dr, dc),
// then the board (rows * cols bytes), then each target (rows * cols bytes).
// Before that, the host may pass a board's text through the same area to
// ./lightsOutText, which reads it into cells there.
// Output: lightsOutPresses() points at rows * cols bytes of presses per cell.
//
// One step differs from the twin's: GF(2) systems of 256 unknowns and more are
// eliminated eight columns at a time (eliminate2ByBlocks), which ends in the
// same system.

import { Region, lastNeeded, reserve } from './memory';
import { addMod, subtractMod, subtractMultipleMod } from './modVectors';
import { setLastNodes } from './scratch';

// ------------------------------------------------------------ the region

const region = new Region();

// Makes the region at least `bytes` long, keeping its first `keep` bytes.
// Returns false, leaving the region as it was, when memory cannot grow.
function ensureRegion(bytes: f64, keep: usize): bool {
  return reserve(region, bytes, keep);
}

@inline function align8(bytes: f64): f64 {
  return Math.ceil(bytes / 8) * 8;
}

let inputBytes: usize = 0;

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

let m: i32 = 0;
let n: i32 = 0;
let colors: i32 = 2;
let torus: bool = false;
let h: i32 = 0;
let offsetCount: i32 = 0;
let targetCount: i32 = 0;
let cells: i32 = 0;
let unknowns: i32 = 0;
let unknownRows: i32 = 0;
let ringRows: i32 = 0;
let maxDr: i32 = 0;
// The chase's shape (see shapeOf in the twin): press rows 0..unknownRows-1 are
// the unknowns, cell rows chaseStart..m-1-h force the rest, and unknownRows
// cell rows are the equations. On a torus the unknown rows keep slots of their
// own after the ring (ringSize = ringRows + span), as the last equations wrap
// back onto them.
let span: i32 = 0;
let chaseStart: i32 = 0;
let ringSize: i32 = 0;

function setShape(): void {
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
@inline function ringRow(row: i32): i32 {
  return torus && row < span ? ringRows + row : row % ringRows;
}

// The cell row of equation row e.
function equationRow(e: i32): i32 {
  if (torus) return e < maxDr ? e : m - h + (e - maxDr);
  return m - unknownRows + e;
}

// Row or column `index` of a press reaching a cell: wrapped on a torus, -1 when off a plane board.
@inline function onBoard(index: i32, size: i32, wrap: bool): i32 {
  if (wrap) return ((index % size) + size) % size;
  return index >= 0 && index < size ? index : -1;
}

let offsetsAt: usize = 0;
let boardAt: usize = 0;
let targetsAt: usize = 0;
let pressesAt: usize = 0;

let answerDimension: i32 = 0;
let answerTarget: i32 = -1;
let answerReachable: i32 = 0;
let answerMinimal: bool = true;
let answerPressCount: i32 = 0;

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

@inline function dr(k: i32): i32 {
  return load<i32>(offsetsAt + (<usize>k << 3));
}
@inline function dc(k: i32): i32 {
  return load<i32>(offsetsAt + (<usize>k << 3) + 4);
}
@inline function boardValue(cell: i32): i32 {
  return <i32>load<u8>(boardAt + <usize>cell);
}
@inline function targetValue(t: i32, cell: i32): i32 {
  return <i32>load<u8>(targetsAt + <usize>t * <usize>cells + <usize>cell);
}

// Candidates walked per target and the kernel vectors that walk touches (see the twin).
let candidates: f64 = 1;
let used: i32 = 0;
function budget(base: i32, dimension: i32, maxCandidates: f64): void {
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
function usedLimit(base: i32, maxCandidates: f64): i32 {
  let limit = 0;
  let reach: f64 = 1;
  while (reach < maxCandidates) {
    reach *= <f64>base;
    limit++;
  }
  return limit;
}

// Bump allocation inside the region, after the input.
let bump: usize = 0;
@inline function take(bytes: usize): usize {
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
type Gf2 = u64;
type Gfp = u8;

let vectorBytes: usize = 0; // one affine vector (a system or ring row): unknowns + targetCount columns
let boardBytes: usize = 0; // one press board as the coset walk holds it
let listBytes: usize = 0; // one kernel vector's list of non-zero entries
let systemAt: usize = 0;
let ringAt: usize = 0;
let pivotsAt: usize = 0;
let freeAt: usize = 0;
let xAt: usize = 0; // the unknowns' values, one byte each
let kernelAt: usize = 0;
let nonZeroAt: usize = 0;
let nonZeroCountAt: usize = 0;
let currentAt: usize = 0;
let bestAt: usize = 0;
let sumsAt: usize = 0; // per cell of the last row, what lastRowSums writes
let rank: i32 = 0;
// Whether the system is built by recurrence (see byRecurrence).
let recurrence: bool = false;

// The ring slot (an affine vector) of press (r, c).
@inline function ringSlot(r: i32, c: i32): usize {
  return ringAt + <usize>(ringRow(r) * n + c) * vectorBytes;
}

@inline function kernelVector(j: i32): usize {
  return kernelAt + <usize>j * boardBytes;
}

// Pointer lists for the chase's inner loop (offsetCount entries each).
let activeRowAt: usize = 0;
let activeColAt: usize = 0;
let sourcesAt: usize = 0;

// The weight of the lightest press set the last coset walk found (walk2, walkP).
let walkWeight: i64 = 0;

// ------------------------------------------------------------ GF(2) operations

let words: i32 = 0; // u64 words of an affine vector: unknowns + targetCount bits
let rowWords: i32 = 0; // u64 words of one board row of presses
let full: i32 = 0; // rowWords * m: a press board, row by row
let packed: i32 = 0; // words of a press board packed without row padding (bit r * n + c)
let rowsAt: usize = 0; // one row-by-row press board, what expand2 writes

@inline function wordAt(base: usize, index: i32): usize {
  return base + (<usize>index << 3);
}

@inline function flipBit(base: usize, bit: i32): void {
  const at = wordAt(base, bit >> 6);
  store<u64>(at, load<u64>(at) ^ (<u64>1 << <u64>(bit & 63)));
}

@inline function testBit(base: usize, bit: i32): i32 {
  return <i32>((load<u64>(wordAt(base, bit >> 6)) >> <u64>(bit & 63)) & 1);
}

@inline function xorWords(dst: usize, src: usize, from: i32, count: i32): void {
  for (let w = from; w < count; w++) {
    const at = wordAt(dst, w);
    store<u64>(at, load<u64>(at) ^ load<u64>(wordAt(src, w)));
  }
}

// dst = (accumulate ? dst : 0) ^ the `k` (1..4) vectors at a, b, c, d: one pass over the words.
@inline function xorUpTo4(dst: usize, a: usize, b: usize, c: usize, d: usize, k: i32, accumulate: bool): void {
  const end = <usize>words << 3;
  let o: usize = 0;
  // Two words a step, then the odd one.
  for (; o + 16 <= end; o += 16) {
    let first = load<u64>(a + o);
    let second = load<u64>(a + o, 8);
    if (k > 1) {
      first ^= load<u64>(b + o);
      second ^= load<u64>(b + o, 8);
    }
    if (k > 2) {
      first ^= load<u64>(c + o);
      second ^= load<u64>(c + o, 8);
    }
    if (k > 3) {
      first ^= load<u64>(d + o);
      second ^= load<u64>(d + o, 8);
    }
    if (accumulate) {
      first ^= load<u64>(dst + o);
      second ^= load<u64>(dst + o, 8);
    }
    store<u64>(dst + o, first);
    store<u64>(dst + o, second, 8);
  }
  if (o < end) {
    let value = load<u64>(a + o);
    if (k > 1) value ^= load<u64>(b + o);
    if (k > 2) value ^= load<u64>(c + o);
    if (k > 3) value ^= load<u64>(d + o);
    if (accumulate) value ^= load<u64>(dst + o);
    store<u64>(dst + o, value);
  }
}

@noinline function xor1(dst: usize, a: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, 0, 0, 0, 1, true);
  else xorUpTo4(dst, a, 0, 0, 0, 1, false);
}
@noinline function xor2(dst: usize, a: usize, b: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, b, 0, 0, 2, true);
  else xorUpTo4(dst, a, b, 0, 0, 2, false);
}
@noinline function xor3(dst: usize, a: usize, b: usize, c: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, b, c, 0, 3, true);
  else xorUpTo4(dst, a, b, c, 0, 3, false);
}
@noinline function xor4(dst: usize, a: usize, b: usize, c: usize, d: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, b, c, d, 4, true);
  else xorUpTo4(dst, a, b, c, d, 4, false);
}

// dst = XOR of the `count` vectors listed at sourcesAt (zero when none), four at a time.
function combine(dst: usize, count: i32): void {
  if (count == 0) {
    memory.fill(dst, 0, <usize>words << 3);
    return;
  }
  for (let i = 0; i < count; i += 4) {
    const left = count - i;
    const list = sourcesAt + (<usize>i << 2);
    const accumulate = i > 0;
    if (left == 1) xor1(dst, load<usize>(list), accumulate);
    else if (left == 2) xor2(dst, load<usize>(list), load<usize>(list + 4), accumulate);
    else if (left == 3) xor3(dst, load<usize>(list), load<usize>(list + 4), load<usize>(list + 8), accumulate);
    else xor4(dst, load<usize>(list), load<usize>(list + 4), load<usize>(list + 8), load<usize>(list + 12), accumulate);
  }
}

// The constant columns of `row` -= what cell `cell` needs per target; over GF(2) a flip where it needs one.
function addNeeded2(cell: i32, row: usize): void {
  for (let t = 0; t < targetCount; t++) {
    if (((boardValue(cell) ^ targetValue(t, cell)) & 1) != 0) flipBit(row, unknowns + t);
  }
}

// row ^= pivot row, words from..words-1, four words a step (the elimination's hot loop).
@inline function xorRowTail(row: usize, pivotRow: usize, from: i32): void {
  let at = wordAt(row, from);
  let source = wordAt(pivotRow, from);
  const end = wordAt(row, words);
  while (at + 32 <= end) {
    store<u64>(at, load<u64>(at) ^ load<u64>(source));
    store<u64>(at, load<u64>(at, 8) ^ load<u64>(source, 8), 8);
    store<u64>(at, load<u64>(at, 16) ^ load<u64>(source, 16), 16);
    store<u64>(at, load<u64>(at, 24) ^ load<u64>(source, 24), 24);
    at += 32;
    source += 32;
  }
  while (at < end) {
    store<u64>(at, load<u64>(at) ^ load<u64>(source));
    at += 8;
    source += 8;
  }
}

// dst row bits c ^= src row bit (c - shift), c in [0, n), rows of rowWords words.
function xorShifted(dst: usize, src: usize, shift: i32): void {
  const wordShift = shift >> 6; // floor, also for negative shifts
  const bitShift = <u64>(shift & 63);
  for (let w = 0; w < rowWords; w++) {
    // Bits of word w of the result come from source bits 64w - shift ...
    const low = w - wordShift;
    let value: u64 = 0;
    if (low >= 0 && low < rowWords) value = load<u64>(wordAt(src, low)) << bitShift;
    if (bitShift != 0 && low - 1 >= 0 && low - 1 < rowWords) value |= load<u64>(wordAt(src, low - 1)) >> (64 - bitShift);
    if (w == rowWords - 1 && (n & 63) != 0) value &= (<u64>1 << <u64>(n & 63)) - 1;
    if (value != 0) {
      const at = wordAt(dst, w);
      store<u64>(at, load<u64>(at) ^ value);
    }
  }
}

// Row `at` of a row-by-row board ^= what cell row r needs for target t, one
// bit a cell. Eight cells a step: the low bits of eight bytes gathered into
// one byte by a multiply (byte i's bit lands at bit 56 + i, no carries).
function xorNeededRow(at: usize, r: i32, t: i32): void {
  const board = boardAt + <usize>(r * n);
  const goal = targetsAt + <usize>t * <usize>cells + <usize>(r * n);
  let c = 0;
  for (; c + 8 <= n; c += 8) {
    const lows = (load<u64>(board + <usize>c) ^ load<u64>(goal + <usize>c)) & 0x0101010101010101;
    if (lows == 0) continue;
    const bits = (lows * 0x0102040810204080) >> 56;
    const word = wordAt(at, c >> 6);
    store<u64>(word, load<u64>(word) ^ (bits << <u64>(c & 63)));
  }
  for (; c < n; c++) {
    if (((load<u8>(board + <usize>c) ^ load<u8>(goal + <usize>c)) & 1) != 0) flipBit(at, c);
  }
}

// Unknown values at xAt (one byte each) into a full press board at `out`; target -1: homogeneous.
function expand2(target: i32, out: usize): void {
  memory.fill(out, 0, <usize>full << 3);
  for (let u = 0; u < unknowns; u++) {
    if (load<u8>(xAt + <usize>u) != 0) flipBit(wordAt(out, (u / n) * rowWords), u % n);
  }
  if (h == 0) return;
  for (let r = chaseStart; r + h < m; r++) {
    const at = wordAt(out, (r + h) * rowWords);
    if (target >= 0) xorNeededRow(at, r, target);
    for (let k = 0; k < offsetCount; k++) {
      const rowOffset = dr(k);
      if (rowOffset == -h) continue;
      const pr = r - rowOffset;
      if (pr < 0 || pr >= m) continue;
      const source = wordAt(out, pr * rowWords);
      if (!torus) {
        xorShifted(at, source, dc(k));
      } else {
        // A rotation: shifted right by dc mod n, and what falls off comes back at the left.
        const shift = onBoard(dc(k), n, true);
        xorShifted(at, source, shift);
        if (shift != 0) xorShifted(at, source, shift - n);
      }
    }
  }
}

// The row-by-row board at rowsAt into `out`, `packed` words, bit r * n + c: the
// coset walk touches fewer words when rows narrower than 64 cells share words.
function pack(out: usize): void {
  memory.fill(out, 0, <usize>packed << 3);
  for (let r = 0; r < m; r++) {
    const row = wordAt(rowsAt, r * rowWords);
    for (let w = 0; w < rowWords; w++) {
      const value = load<u64>(wordAt(row, w));
      if (value == 0) continue;
      const position = r * n + (w << 6);
      const shift = <u64>(position & 63);
      const at = wordAt(out, position >> 6);
      store<u64>(at, load<u64>(at) | (value << shift));
      if (shift != 0 && (position >> 6) + 1 < packed) {
        const next = at + 8;
        store<u64>(next, load<u64>(next) | (value >> (64 - shift)));
      }
    }
  }
}

// Kernel vector j from the unknowns at xAt, with its non-zero words as
// (word index, word) pairs of 16 bytes, what the walk XORs.
function storeKernel2(j: i32): void {
  const vector = kernelVector(j);
  expand2(-1, rowsAt);
  pack(vector);
  const list = nonZeroAt + <usize>j * listBytes;
  let length = 0;
  for (let w = 0; w < packed; w++) {
    const value = load<u64>(wordAt(vector, w));
    if (value != 0) {
      store<u32>(list + (<usize>length << 4), w);
      store<u64>(list + (<usize>length << 4), value, 8);
      length++;
    }
  }
  store<i32>(nonZeroCountAt + (<usize>j << 2), length);
}

// XORs one kernel vector, given as (word index, word) pairs of 16 bytes from
// `entry` to `end`, into the current press set; returns the updated weight.
@inline function applyPairs(entry: usize, end: usize, weight: i32): i32 {
  while (entry < end) {
    const at = currentAt + (<usize>load<u32>(entry) << 3);
    const before = load<u64>(at);
    const after = before ^ load<u64>(entry, 8);
    weight += <i32>popcnt<u64>(after) - <i32>popcnt<u64>(before);
    store<u64>(at, after);
    entry += 16;
  }
  return weight;
}

// The binary Gray-code walk over one coset; returns the lightest step (its weight in walkWeight).
@noinline function walk2(): f64 {
  let weight: i32 = 0;
  for (let w = 0; w < packed; w++) weight += <i32>popcnt<u64>(load<u64>(wordAt(currentAt, w)));
  let lightest = weight;
  let lightestStep: u64 = 0;
  const count = <u64>candidates;
  // Odd steps add vector 0 (half of all steps): its pairs are found once.
  const firstStart = nonZeroAt;
  const firstEnd = firstStart + (<usize>load<i32>(nonZeroCountAt) << 4);
  for (let step: u64 = 1; step < count; step += 2) {
    weight = applyPairs(firstStart, firstEnd, weight);
    if (weight < lightest) {
      lightest = weight;
      lightestStep = step;
    }
    const next = step + 1;
    if (next >= count) break;
    const j = <i32>ctz<u64>(next);
    const start = nonZeroAt + <usize>j * listBytes;
    weight = applyPairs(start, start + (<usize>load<i32>(nonZeroCountAt + (<usize>j << 2)) << 4), weight);
    if (weight < lightest) {
      lightest = weight;
      lightestStep = next;
    }
  }
  walkWeight = lightest;
  return <f64>lightestStep;
}

// The walk's press set at step `from` (the particular solution plus the kernel
// vectors of the bits of from's Gray code) into that of step `step`.
function addGray2(step: f64, from: f64): void {
  const counter = <u64>step;
  const start = <u64>from;
  const code = counter ^ (counter >> 1) ^ start ^ (start >> 1);
  for (let j = 0; j < used; j++) {
    if (((code >> <u64>j) & 1) != 0) xorWords(currentAt, kernelVector(j), 0, packed);
  }
}

// ------------------------------------------------------------ GF(p) operations

let width: i32 = 0; // bytes of an affine vector: unknowns + targetCount
let digitsAt: usize = 0; // the base-p counter of the coset walk
// products[f * 256 + v] = f * v mod p, for f, v < p.
let productsAt: usize = 0;

@inline function needed(cell: i32, t: i32): i32 {
  return (targetValue(t, cell) - boardValue(cell) + colors) % colors;
}

// The forced press at `at` = what its cell needs - the `count` presses listed at sourcesAt.
function forcePressP(at: usize, count: i32, cell: i32): void {
  memory.fill(at, 0, vectorBytes);
  for (let t = 0; t < targetCount; t++) store<u8>(at + <usize>(unknowns + t), <u8>needed(cell, t));
  for (let s = 0; s < count; s++) subtractMod(at, load<usize>(sourcesAt + (<usize>s << 2)), vectorBytes, colors);
}

function inverseMod(a: i32, p: i32): i32 {
  let result = 1;
  let base = a % p;
  for (let e = p - 2; e > 0; e >>= 1) {
    if ((e & 1) != 0) result = (result * base) % p;
    base = (base * base) % p;
  }
  return result;
}

// The pivot row `top` times the inverse of its pivot: a 1 in column col.
function normalizeP(top: usize, col: i32): void {
  const p = colors;
  const scale = inverseMod(<i32>load<u8>(top + <usize>col), p);
  for (let q = col; q < width; q++) store<u8>(top + <usize>q, <u8>((<i32>load<u8>(top + <usize>q) * scale) % p));
}

// row -= factor * pivot row, the factor being row's entry in column col, the
// products from the factor's row of the table: no division in the cubic loop.
// The pivot row is zero left of col, so lanes before col's would change nothing.
@inline function reduceRowP(row: usize, top: usize, col: i32): void {
  const times = productsAt + (<usize>load<u8>(row + <usize>col) << 8);
  const from = <usize>col & ~<usize>15;
  subtractMultipleMod(row + from, top + from, times, vectorBytes - from, colors);
}

// The chase of the unknowns at xAt into the press board `out` (target -1:
// homogeneous), a row at a time: press row r + h = what cell row r needs
// minus, per other offset reaching it, the press row that offset comes from,
// shifted by its column offset.
function expandP(target: i32, out: usize): void {
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
function subtractShifted(row: usize, source: usize, shift: i32): void {
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
function storeKernelP(j: i32): void {
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
@noinline function walkP(): f64 {
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
function addGrayP(step: f64): void {
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

// ------------------------------------------------------------ the body over F

// The entry of affine vector `vector` in column `column`.
@inline function entryOf<F>(vector: usize, column: i32): i32 {
  if (sizeof<F>() == sizeof<Gf2>()) return testBit(vector, column);
  return <i32>load<u8>(vector + <usize>column);
}

@inline function systemValue<F>(row: i32, column: i32): i32 {
  return entryOf<F>(systemAt + <usize>row * vectorBytes, column);
}

// Adds 1 to column `column` of `vector`.
@inline function addOne<F>(vector: usize, column: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) flipBit(vector, column);
  else store<u8>(vector + <usize>column, <u8>((<i32>load<u8>(vector + <usize>column) + 1) % colors));
}

// dst += src, whole affine vectors.
@inline function addVector<F>(dst: usize, src: usize): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    xorWords(dst, src, 0, words);
  } else {
    addMod(dst, src, vectorBytes, colors);
  }
}

// The constant columns of equation row `row` become what cell `cell` needs
// minus the constants the presses reaching it carry: the right-hand side.
@inline function rightHandSide<F>(row: usize, cell: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    addNeeded2(cell, row);
  } else {
    const p = colors;
    for (let t = 0; t < targetCount; t++) {
      const a = row + <usize>(unknowns + t);
      store<u8>(a, <u8>((needed(cell, t) + p - <i32>load<u8>(a)) % p));
    }
  }
}

// Sizes the work of field F and takes its storage; false when memory cannot grow.
@inline function reserveWork<F>(maxCandidates: f64): bool {
  const gf2 = sizeof<F>() == sizeof<Gf2>();
  const base = gf2 ? 2 : colors;
  if (gf2) {
    words = (unknowns + targetCount + 63) >> 6;
    rowWords = (n + 63) >> 6;
    full = rowWords * m;
    packed = (cells + 63) >> 6;
    vectorBytes = <usize>words << 3;
    boardBytes = <usize>packed << 3;
    listBytes = <usize>packed << 4; // (word index, word) pairs
  } else {
    width = unknowns + targetCount;
    // Padded with zeros to whole 16-byte lanes (see ./modVectors).
    vectorBytes = (<usize>width + 15) & ~<usize>15;
    boardBytes = <usize>cells;
    listBytes = <usize>cells << 2; // cell indices
  }
  const usedMax = min(unknowns, usedLimit(base, maxCandidates));
  let bytes: f64 = align8(<f64>inputBytes) + align8(<f64>cells);
  bytes += align8(<f64>unknowns * <f64>vectorBytes);
  // The ring of affine press rows: chasing only.
  const ringSlots = recurrence ? 0 : ringSize * n;
  bytes += align8(<f64>ringSlots * <f64>vectorBytes);
  bytes += align8(<f64>unknowns * 4) * 2 + align8(<f64>unknowns);
  bytes += align8(<f64>usedMax * <f64>boardBytes) + <f64>usedMax * <f64>listBytes + 8 * <f64>usedMax;
  bytes += 2 * align8(<f64>boardBytes) + 3 * align8(<f64>offsetCount * 4) + align8(<f64>n) + 64;
  // GF(2): the row-by-row board and eliminate2ByBlocks' sums; GF(p): the products table and the walk's digits.
  bytes += gf2 ? <f64>full * 8 + <f64>(1 << BLOCK_COLUMNS) * <f64>vectorBytes : <f64>base * 256 + 8 * (<f64>usedMax + 2);
  if (!ensureRegion(bytes, inputBytes)) return false;
  bindInput();
  systemAt = take(<usize>unknowns * vectorBytes);
  ringAt = take(<usize>ringSlots * vectorBytes);
  activeRowAt = take(<usize>offsetCount << 2);
  activeColAt = take(<usize>offsetCount << 2);
  sourcesAt = take(<usize>offsetCount << 2);
  pivotsAt = take(<usize>unknowns << 2);
  freeAt = take(<usize>unknowns << 2);
  xAt = take(<usize>unknowns);
  kernelAt = take(<usize>usedMax * boardBytes);
  nonZeroAt = take(<usize>usedMax * listBytes);
  nonZeroCountAt = take(<usize>usedMax << 2);
  currentAt = take(boardBytes);
  bestAt = take(boardBytes);
  sumsAt = take(<usize>n);
  if (gf2) {
    rowsAt = take(<usize>full << 3);
    blockSumsAt = take(<usize>(1 << BLOCK_COLUMNS) * vectorBytes);
  } else {
    digitsAt = take((<usize>usedMax + 2) << 2);
    productsAt = take(<usize>base << 8);
  }
  return true;
}

// Step 1 by chasing affine vectors: every press row after the unknown ones is
// an affine vector of the unknowns, carried in a ring of the last rows, and
// the equations sum the vectors reaching their cells.
@inline function buildByChase<F>(): void {
  if (h > 0) {
    memory.fill(ringAt, 0, <usize>(ringSize * n) * vectorBytes);
    for (let r = 0; r < unknownRows; r++) {
      for (let c = 0; c < n; c++) addOne<F>(ringSlot(r, c), r * n + c);
    }
    for (let r = chaseStart; r + h < m; r++) {
      // The offsets that reach cell row r from a press row on the board, as
      // (start of that press row in the ring, column offset; mod n on a torus).
      // Rows never wrap here: the chase starts maxDr rows in.
      let active = 0;
      for (let k = 0; k < offsetCount; k++) {
        const rowOffset = dr(k);
        if (rowOffset == -h) continue; // the forced press itself
        const pr = r - rowOffset;
        if (pr < 0 || pr >= m) continue;
        store<usize>(activeRowAt + (<usize>active << 2), ringSlot(pr, 0));
        store<i32>(activeColAt + (<usize>active << 2), torus ? onBoard(dc(k), n, true) : dc(k));
        active++;
      }
      const rowBase = ringSlot(r + h, 0);
      for (let c = 0; c < n; c++) {
        let count = 0;
        for (let a = 0; a < active; a++) {
          let pc = c - load<i32>(activeColAt + (<usize>a << 2));
          if (torus) {
            if (pc < 0) pc += n;
          } else if (pc < 0 || pc >= n) continue;
          store<usize>(sourcesAt + (<usize>count << 2), load<usize>(activeRowAt + (<usize>a << 2)) + <usize>pc * vectorBytes);
          count++;
        }
        // press(r + h, c) = needed at (r, c) - the other presses reaching it.
        const at = rowBase + <usize>c * vectorBytes;
        if (sizeof<F>() == sizeof<Gf2>()) {
          combine(at, count);
          addNeeded2(r * n + c, at);
        } else {
          forcePressP(at, count, r * n + c);
        }
      }
    }
  }
  // The equations: the presses reaching cell (r, c) sum to what it needs;
  // linear part left, needed - constant right. Eliminating, every cell is an
  // equation and press (pr, pc) is unknown pr * n + pc; chasing, a press is
  // its affine vector in the ring.
  for (let e = 0; e < unknownRows; e++) {
    const r = h == 0 ? e : equationRow(e);
    for (let c = 0; c < n; c++) {
      const at = systemAt + <usize>(e * n + c) * vectorBytes;
      for (let k = 0; k < offsetCount; k++) {
        const pr = onBoard(r - dr(k), m, torus);
        const pc = onBoard(c - dc(k), n, torus);
        if (pr < 0 || pc < 0) continue;
        if (h == 0) addOne<F>(at, pr * n + pc);
        else addVector<F>(at, ringSlot(pr, pc));
      }
      rightHandSide<F>(at, r * n + c);
    }
  }
}

// Whether step 1 can go by recurrence (as in the twin): a plane board chased
// one row, with the cross pattern (the cell and its four neighbours) or
// plus-only (the four neighbours alone).
function byRecurrence(): bool {
  if (torus || h != 1 || (offsetCount != 4 && offsetCount != 5)) return false;
  let seen = 0;
  for (let k = 0; k < offsetCount; k++) {
    const rowOffset = dr(k);
    const colOffset = dc(k);
    if (abs(rowOffset) + abs(colOffset) > 1) return false;
    // Bits: (0,0), (-1,0), (1,0), (0,-1), (0,1).
    const bit = 1 << (rowOffset == 0 ? (colOffset == 0 ? 0 : colOffset < 0 ? 3 : 4) : rowOffset < 0 ? 1 : 2);
    if ((seen & bit) != 0) return false;
    seen |= bit;
  }
  return (seen & 0b11110) == 0b11110;
}

// Chases the unknown values at xAt (target -1: homogeneous) into a scratch
// board and writes at sumsAt, per cell of the last row, the sum of the
// presses reaching it. The scratch: the row-by-row board (GF(2)) or the
// walk's current board (GF(p)), both free while the system is built.
@inline function lastRowSums<F>(target: i32): void {
  const gf2 = sizeof<F>() == sizeof<Gf2>();
  if (gf2) expand2(target, rowsAt);
  else expandP(target, currentAt);
  for (let c = 0; c < n; c++) {
    let sum = 0;
    for (let k = 0; k < offsetCount; k++) {
      const pr = m - 1 - dr(k);
      const pc = c - dc(k);
      if (pr < 0 || pr >= m || pc < 0 || pc >= n) continue;
      sum += gf2 ? testBit(wordAt(rowsAt, pr * rowWords), pc) : <i32>load<u8>(currentAt + <usize>(pr * n + pc));
    }
    store<u8>(sumsAt + <usize>c, <u8>(sum % colors));
  }
}

// Adds `value` to column `column` of `vector`.
@inline function addValue<F>(vector: usize, column: i32, value: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    if ((value & 1) != 0) flipBit(vector, column);
  } else {
    store<u8>(vector + <usize>column, <u8>((<i32>load<u8>(vector + <usize>column) + value) % colors));
  }
}

// Columns 0..n-1 of the zero system row `at` from the two before it (`before`
// 0: none): entry j = prev[j - 1] + prev[j + 1] - before[j].
@inline function nextByRecurrence<F>(at: usize, prev: usize, before: usize): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    const last = (n + 63) >> 6;
    for (let w = 0; w < last; w++) {
      const word = load<u64>(wordAt(prev, w));
      let left = word << 1;
      if (w > 0) left |= load<u64>(wordAt(prev, w - 1)) >> 63;
      let right = word >> 1;
      if (w + 1 < last) right |= load<u64>(wordAt(prev, w + 1)) << 63;
      let value = left ^ right;
      if (before != 0) value ^= load<u64>(wordAt(before, w));
      store<u64>(wordAt(at, w), value);
    }
    // Bit n (a constant's column) took column n - 1's carry.
    if ((n & 63) != 0) {
      const top = wordAt(at, last - 1);
      store<u64>(top, load<u64>(top) & ((<u64>1 << <u64>(n & 63)) - 1));
    }
  } else {
    const p = colors;
    for (let j = 0; j < n; j++) {
      let value = p - (before != 0 ? <i32>load<u8>(before + <usize>j) : 0);
      if (j > 0) value += <i32>load<u8>(prev + <usize>(j - 1));
      if (j + 1 < n) value += <i32>load<u8>(prev + <usize>(j + 1));
      store<u8>(at + <usize>j, <u8>(value % p));
    }
  }
}

// Step 1 by recurrence, for what byRecurrence accepts (the twin's
// buildByRecurrence says why it holds): row 0 of E is what press (0, 0) alone
// brings to the last row, row i + 1 = row i shifted both ways - row i - 1, and
// the constants are one plain chase per target with the unknowns 0.
@inline function buildByRecurrence<F>(): void {
  memory.fill(xAt, 0, <usize>unknowns);
  store<u8>(xAt, 1);
  lastRowSums<F>(-1);
  for (let j = 0; j < n; j++) addValue<F>(systemAt, j, <i32>load<u8>(sumsAt + <usize>j));
  for (let i = 1; i < n; i++) {
    const at = systemAt + <usize>i * vectorBytes;
    nextByRecurrence<F>(at, at - vectorBytes, i >= 2 ? at - 2 * vectorBytes : 0);
  }
  store<u8>(xAt, 0);
  for (let t = 0; t < targetCount; t++) {
    lastRowSums<F>(t);
    for (let c = 0; c < n; c++) addValue<F>(systemAt + <usize>c * vectorBytes, unknowns + t, <i32>load<u8>(sumsAt + <usize>c));
  }
  for (let c = 0; c < n; c++) rightHandSide<F>(systemAt + <usize>c * vectorBytes, (m - 1) * n + c);
}

// Gauss-Jordan: the pivot of a column is the first row at or below the rank
// with a non-zero entry there; columns without one are free, in ascending order.
@inline function eliminate<F>(): void {
  const gf2 = sizeof<F>() == sizeof<Gf2>();
  if (!gf2) {
    const p = colors;
    for (let f = 0; f < p; f++) {
      for (let v = 0; v < p; v++) store<u8>(productsAt + (<usize>f << 8) + <usize>v, <u8>((f * v) % p));
    }
  }
  let free = 0;
  rank = 0;
  const rows = unknowns;
  for (let col = 0; col < unknowns; col++) {
    // The unit (word or byte) holding column col, and col's bits in it.
    const unit: usize = gf2 ? <usize>(col >> 6) << 3 : <usize>col;
    const mask: F = gf2 ? <F>(<u64>1 << <u64>(col & 63)) : <F>0xff;
    let pivot = -1;
    for (let i = rank; i < rows; i++) {
      if ((load<F>(systemAt + <usize>i * vectorBytes + unit) & mask) != 0) {
        pivot = i;
        break;
      }
    }
    if (pivot < 0) {
      store<i32>(freeAt + (<usize>free << 2), col);
      free++;
      continue;
    }
    const top = systemAt + <usize>rank * vectorBytes;
    if (pivot != rank) swapTails<F>(top, systemAt + <usize>pivot * vectorBytes, unit);
    if (!gf2) normalizeP(top, col);
    // Rows below the rank are zero left of col; rows above may not be, but
    // the pivot row is, so only the units from col's on change.
    for (let i = 0; i < rows; i++) {
      if (i == rank) continue;
      const at = systemAt + <usize>i * vectorBytes;
      if ((load<F>(at + unit) & mask) != 0) {
        if (gf2) xorRowTail(at, top, col >> 6);
        else reduceRowP(at, top, col);
      }
    }
    store<i32>(pivotsAt + (<usize>rank << 2), col);
    rank++;
  }
}

// Swaps two system rows from byte `unit` on: both are zero before it.
@inline function swapTails<F>(a: usize, b: usize, unit: usize): void {
  for (let q = unit; q < vectorBytes; q += sizeof<F>()) {
    const swap = load<F>(a + q);
    store<F>(a + q, load<F>(b + q));
    store<F>(b + q, swap);
  }
}

// From this many unknowns, GF(2) eliminates eight columns at a time: below
// it, a block's table of 256 row sums costs more than it saves.
const BLOCK_ELIMINATION_FROM = 256;
const BLOCK_COLUMNS = 8;
let blockSumsAt: usize = 0; // 2^BLOCK_COLUMNS system rows: the sums of a block's pivot rows

@inline function systemRow(i: i32): usize {
  return systemAt + <usize>i * vectorBytes;
}

// Clears in row `at` the columns of the pivots of rows first..last-1 (found in
// this block, in column order; each clear of the earlier ones' columns), as the
// column-by-column method would have by now.
@inline function reduceByBlockPivots(at: usize, first: i32, last: i32, unitIndex: i32): void {
  const unit = <usize>unitIndex << 3;
  for (let q = first; q < last; q++) {
    const bit = <u64>1 << <u64>(load<i32>(pivotsAt + (<usize>q << 2)) & 63);
    if ((load<u64>(at + unit) & bit) != 0) xorRowTail(at, systemRow(q), unitIndex);
  }
}

// eliminate over GF(2), eight columns at a time (the method of four Russians):
// a block's pivots are found as eliminate finds them (each row looked at is
// first cleared of the block's pivots so far), the pivot rows are cleared of
// one another's columns, and every other row is then cleared of all the
// block's pivot columns with one XOR: of the sum of the pivot rows its bits
// there pick, from a table of every such sum. The reduced row echelon form is
// unique and the row swaps are eliminate's, so the system ends exactly as
// eliminate leaves it, in about a third of the word operations on a
// 1000-unknown system (a 1000x1000 board's, most of its solve).
function eliminate2ByBlocks(): void {
  let free = 0;
  rank = 0;
  const rows = unknowns;
  let col = 0;
  while (col < unknowns) {
    // The block: up to eight columns from col, in col's word.
    const unitIndex = col >> 6;
    const unit = <usize>unitIndex << 3;
    const blockEnd = min(min(col + BLOCK_COLUMNS, (unitIndex + 1) << 6), unknowns);
    const first = rank;
    // Bit b: column col + b has a pivot.
    let pivotBits = 0;
    for (let c = col; c < blockEnd; c++) {
      const bit = <u64>1 << <u64>(c & 63);
      let pivot = -1;
      for (let i = rank; i < rows; i++) {
        const at = systemRow(i);
        reduceByBlockPivots(at, first, rank, unitIndex);
        if ((load<u64>(at + unit) & bit) != 0) {
          pivot = i;
          break;
        }
      }
      if (pivot < 0) {
        store<i32>(freeAt + (<usize>free << 2), c);
        free++;
        continue;
      }
      if (pivot != rank) swapTails<u64>(systemRow(rank), systemRow(pivot), unit);
      store<i32>(pivotsAt + (<usize>rank << 2), c);
      rank++;
      pivotBits |= 1 << (c - col);
    }
    if (pivotBits != 0) {
      // Each pivot row cleared of the later pivots' columns, the last first.
      for (let j = rank - 1; j > first; j--) {
        const bit = <u64>1 << <u64>(load<i32>(pivotsAt + (<usize>j << 2)) & 63);
        for (let q = first; q < j; q++) {
          if ((load<u64>(systemRow(q) + unit) & bit) != 0) xorRowTail(systemRow(q), systemRow(j), unitIndex);
        }
      }
      // Sum x (x's bits among pivotBits, the subsets in increasing order) =
      // sum x less its lowest bit, plus that bit's pivot row.
      const shift = <u64>(col & 63);
      memory.fill(blockSumsAt + unit, 0, vectorBytes - unit);
      let x = 0;
      do {
        x = (x - pivotBits) & pivotBits;
        const low = ctz(x);
        const pivotRow = systemRow(first + <i32>popcnt(pivotBits & ((1 << low) - 1)));
        const sum = blockSumsAt + <usize>x * vectorBytes;
        const smaller = blockSumsAt + <usize>(x & (x - 1)) * vectorBytes;
        for (let q = unit; q < vectorBytes; q += 8) store<u64>(sum + q, load<u64>(smaller + q) ^ load<u64>(pivotRow + q));
      } while (x != pivotBits);
      for (let i = 0; i < rows; i++) {
        if (i == first) {
          i = rank - 1;
          continue;
        }
        const at = systemRow(i);
        const picked = <i32>(load<u64>(at + unit) >> shift) & pivotBits;
        if (picked != 0) xorRowTail(at, blockSumsAt + <usize>picked * vectorBytes, unitIndex);
      }
    }
    col = blockEnd;
  }
}

@inline function solveField<F>(maxCandidates: f64): i32 {
  const gf2 = sizeof<F>() == sizeof<Gf2>();
  const base = gf2 ? 2 : colors;
  setShape();
  if (!reserveWork<F>(maxCandidates)) return -1;
  memory.fill(systemAt, 0, <usize>unknowns * vectorBytes);
  if (recurrence) buildByRecurrence<F>();
  else buildByChase<F>();
  if (gf2 && unknowns >= BLOCK_ELIMINATION_FROM) eliminate2ByBlocks();
  else eliminate<F>();
  const dimension = unknowns - rank;
  answerDimension = dimension;
  budget(base, dimension, maxCandidates);

  // Kernel vector j: free unknown j is 1, the other free ones 0, each pivot
  // unknown minus its row's entry in that column.
  for (let j = 0; j < used; j++) {
    memory.fill(xAt, 0, <usize>unknowns);
    const f = load<i32>(freeAt + (<usize>j << 2));
    store<u8>(xAt + <usize>f, 1);
    for (let i = 0; i < rank; i++) {
      const value = systemValue<F>(i, f);
      store<u8>(xAt + <usize>load<i32>(pivotsAt + (<usize>i << 2)), <u8>(gf2 ? value : (base - value) % base));
    }
    if (gf2) storeKernel2(j);
    else storeKernelP(j);
  }

  let found = false;
  let bestWeight: i64 = 0;
  let nodes: f64 = 0;
  answerTarget = -1;
  answerReachable = 0;
  for (let t = 0; t < targetCount; t++) {
    let consistent = true;
    for (let i = rank; i < unknowns; i++) {
      if (systemValue<F>(i, unknowns + t) != 0) {
        consistent = false;
        break;
      }
    }
    if (!consistent) continue;
    answerReachable++;
    // The particular solution: free unknowns 0.
    memory.fill(xAt, 0, <usize>unknowns);
    for (let i = 0; i < rank; i++) {
      store<u8>(xAt + <usize>load<i32>(pivotsAt + (<usize>i << 2)), <u8>systemValue<F>(i, unknowns + t));
    }
    startCoset<F>(t);
    const lightestStep = gf2 ? walk2() : walkP();
    nodes += candidates;
    if (!found || walkWeight < bestWeight) {
      found = true;
      bestWeight = walkWeight;
      answerTarget = t;
      // Rebuild the lightest. GF(2): from where the walk ended, the vectors
      // where the two steps' Gray codes differ (no second expansion of the
      // particular solution, a third of a big board's solve). GF(p): the
      // particular solution plus the lightest step's vectors.
      if (gf2) addGray2(lightestStep, candidates - 1);
      else {
        startCoset<F>(t);
        addGrayP(lightestStep);
      }
      memory.copy(bestAt, currentAt, boardBytes);
    }
  }
  // Nothing to minimise when no target is reachable.
  answerMinimal = !found || (used == dimension && candidates == Math.pow(<f64>base, <f64>dimension));
  setLastNodes(nodes);
  if (!found) return 0;
  answerPressCount = <i32>bestWeight;
  if (gf2) {
    // Eight cells a step: a byte of bits copied into every byte, each byte
    // keeping its own bit, which adding 0x7f carries to its top.
    let cell = 0;
    for (; cell + 8 <= cells; cell += 8) {
      const bits = <u64>load<u8>(bestAt + <usize>(cell >> 3));
      const spread = (((bits * 0x0101010101010101) & 0x8040201008040201) + 0x7f7f7f7f7f7f7f7f) & 0x8080808080808080;
      store<u64>(pressesAt + <usize>cell, spread >> 7);
    }
    for (; cell < cells; cell++) store<u8>(pressesAt + <usize>cell, <u8>testBit(bestAt, cell));
  } else {
    memory.copy(pressesAt, bestAt, <usize>cells);
  }
  return 1;
}

// The particular solution of target t (unknowns at xAt) as the walk's current press set.
@inline function startCoset<F>(t: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    expand2(t, rowsAt);
    pack(currentAt);
  } else {
    expandP(t, currentAt);
  }
}

@noinline function solve2(maxCandidates: f64): i32 {
  return solveField<Gf2>(maxCandidates);
}

@noinline function solveP(maxCandidates: f64): i32 {
  return solveField<Gfp>(maxCandidates);
}

// ------------------------------------------------------------ entry

// Pointers into the region, taken again after it may have moved.
function bindInput(): void {
  offsetsAt = region.base;
  boardAt = offsetsAt + (<usize>offsetCount << 3);
  targetsAt = boardAt + <usize>cells;
  bump = region.base + ((inputBytes + 7) & ~<usize>7);
  pressesAt = take(<usize>cells);
}

// Solves the problem written at lightsOutReserve's pointer. Returns 1 when a
// target is reachable (presses at lightsOutPresses()), 0 when none is, -1 when
// memory could not grow to lightsOutNeeded() bytes. chase: 0 = eliminate,
// h > 0 = light chasing h rows (plane only; the pattern's only offset with
// row -h is (-h, 0)).
export function lightsOutSolve(
  rows: i32, cols: i32, base: i32, onTorus: i32, chase: i32, offsetPairs: i32, targets: i32, maxCandidates: f64,
): i32 {
  m = rows;
  n = cols;
  colors = base;
  torus = onTorus != 0;
  h = chase;
  offsetCount = offsetPairs;
  targetCount = targets;
  cells = rows * cols;
  offsetsAt = region.base;
  maxDr = 0;
  for (let k = 0; k < offsetCount; k++) maxDr = max(maxDr, dr(k));
  recurrence = byRecurrence();
  answerDimension = 0;
  answerTarget = -1;
  answerReachable = 0;
  answerMinimal = true;
  answerPressCount = 0;
  setLastNodes(0);
  return colors == 2 ? solve2(maxCandidates) : solveP(maxCandidates);
}
