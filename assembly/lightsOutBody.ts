// Lights Out's solve, one body over both fields (see ./lightsOut): the system
// build (by elimination or by light chasing), its elimination, and the solve
// (kernel, particular solutions, the coset walk to the lightest press set).
// One file of about 520 lines: the body is one generic function family over
// the field type F, and its steps share the work area's layout
// (./lightsOutState); split, each part would import the others' halves.

import { ensureRegion, align8, inputBytes, m, n, colors, torus, h, offsetCount, targetCount, cells, unknowns, unknownRows, chaseStart, ringSize, setShape, equationRow, onBoard, pressesAt, answerDimension, answerTarget, answerReachable, answerMinimal, answerPressCount, dr, dc, candidates, used, budget, usedLimit, take, Gf2, Gfp, vectorBytes, boardBytes, listBytes, systemAt, ringAt, pivotsAt, freeAt, xAt, kernelAt, nonZeroAt, nonZeroCountAt, currentAt, bestAt, sumsAt, rank, recurrence, ringSlot, activeRowAt, activeColAt, sourcesAt, walkWeight, bindInput } from './lightsOutState';
import { words, rowWords, full, packed, rowsAt, wordAt, flipBit, testBit, xorWords, combine, addNeeded2, xorRowTail, expand2, pack, storeKernel2, walk2, addGray2 } from './lightsOutGf2';
import { width, digitsAt, productsAt, needed, forcePressP, normalizeP, reduceRowP, expandP, storeKernelP, walkP, addGrayP } from './lightsOutGfp';
import { addMod } from './modVectors';
import { setLastNodes } from './scratch';

// ------------------------------------------------------------ the body over F

// The entry of affine vector `vector` in column `column`.
@inline export function entryOf<F>(vector: usize, column: i32): i32 {
  if (sizeof<F>() == sizeof<Gf2>()) return testBit(vector, column);
  return <i32>load<u8>(vector + <usize>column);
}

@inline export function systemValue<F>(row: i32, column: i32): i32 {
  return entryOf<F>(systemAt + <usize>row * vectorBytes, column);
}

// Adds 1 to column `column` of `vector`.
@inline export function addOne<F>(vector: usize, column: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) flipBit(vector, column);
  else store<u8>(vector + <usize>column, <u8>((<i32>load<u8>(vector + <usize>column) + 1) % colors));
}

// dst += src, whole affine vectors.
@inline export function addVector<F>(dst: usize, src: usize): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    xorWords(dst, src, 0, words);
  } else {
    addMod(dst, src, vectorBytes, colors);
  }
}

// The constant columns of equation row `row` become what cell `cell` needs
// minus the constants the presses reaching it carry: the right-hand side.
@inline export function rightHandSide<F>(row: usize, cell: i32): void {
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
@inline export function reserveWork<F>(maxCandidates: f64): bool {
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
@inline export function buildByChase<F>(): void {
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
export function byRecurrence(): bool {
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
@inline export function lastRowSums<F>(target: i32): void {
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
@inline export function addValue<F>(vector: usize, column: i32, value: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    if ((value & 1) != 0) flipBit(vector, column);
  } else {
    store<u8>(vector + <usize>column, <u8>((<i32>load<u8>(vector + <usize>column) + value) % colors));
  }
}

// Columns 0..n-1 of the zero system row `at` from the two before it (`before`
// 0: none): entry j = prev[j - 1] + prev[j + 1] - before[j].
@inline export function nextByRecurrence<F>(at: usize, prev: usize, before: usize): void {
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
@inline export function buildByRecurrence<F>(): void {
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
@inline export function eliminate<F>(): void {
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
@inline export function swapTails<F>(a: usize, b: usize, unit: usize): void {
  for (let q = unit; q < vectorBytes; q += sizeof<F>()) {
    const swap = load<F>(a + q);
    store<F>(a + q, load<F>(b + q));
    store<F>(b + q, swap);
  }
}

// From this many unknowns, GF(2) eliminates eight columns at a time: below
// it, a block's table of 256 row sums costs more than it saves.
export const BLOCK_ELIMINATION_FROM = 256;
export const BLOCK_COLUMNS = 8;
export let blockSumsAt: usize = 0; // 2^BLOCK_COLUMNS system rows: the sums of a block's pivot rows

@inline export function systemRow(i: i32): usize {
  return systemAt + <usize>i * vectorBytes;
}

// Clears in row `at` the columns of the pivots of rows first..last-1 (found in
// this block, in column order; each clear of the earlier ones' columns), as the
// column-by-column method would have by now.
@inline export function reduceByBlockPivots(at: usize, first: i32, last: i32, unitIndex: i32): void {
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
export function eliminate2ByBlocks(): void {
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

@inline export function solveField<F>(maxCandidates: f64): i32 {
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
@inline export function startCoset<F>(t: i32): void {
  if (sizeof<F>() == sizeof<Gf2>()) {
    expand2(t, rowsAt);
    pack(currentAt);
  } else {
    expandP(t, currentAt);
  }
}

@noinline export function solve2(maxCandidates: f64): i32 {
  return solveField<Gf2>(maxCandidates);
}

@noinline export function solveP(maxCandidates: f64): i32 {
  return solveField<Gfp>(maxCandidates);
}
