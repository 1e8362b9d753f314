// Lights Out over GF(2) (see ./lightsOut): rows packed 64 cells to a u64 word,
// combined a word at a time with XOR; forced presses, row reduction, the
// press board of a solution and the coset walk (a binary Gray code with
// popcounts). The body over either field is ./lightsOutBody.

import { m, n, torus, h, offsetCount, targetCount, cells, unknowns, chaseStart, onBoard, boardAt, targetsAt, dr, dc, boardValue, targetValue, candidates, used, listBytes, xAt, nonZeroAt, nonZeroCountAt, currentAt, kernelVector, sourcesAt, walkWeight } from './lightsOutState';

// ------------------------------------------------------------ GF(2) operations

export let words: i32 = 0; // u64 words of an affine vector: unknowns + targetCount bits
export let rowWords: i32 = 0; // u64 words of one board row of presses
export let full: i32 = 0; // rowWords * m: a press board, row by row
export let packed: i32 = 0; // words of a press board packed without row padding (bit r * n + c)
export let rowsAt: usize = 0; // one row-by-row press board, what expand2 writes

@inline export function wordAt(base: usize, index: i32): usize {
  return base + (<usize>index << 3);
}

@inline export function flipBit(base: usize, bit: i32): void {
  const at = wordAt(base, bit >> 6);
  store<u64>(at, load<u64>(at) ^ (<u64>1 << <u64>(bit & 63)));
}

@inline export function testBit(base: usize, bit: i32): i32 {
  return <i32>((load<u64>(wordAt(base, bit >> 6)) >> <u64>(bit & 63)) & 1);
}

@inline export function xorWords(dst: usize, src: usize, from: i32, count: i32): void {
  for (let w = from; w < count; w++) {
    const at = wordAt(dst, w);
    store<u64>(at, load<u64>(at) ^ load<u64>(wordAt(src, w)));
  }
}

// dst = (accumulate ? dst : 0) ^ the `k` (1..4) vectors at a, b, c, d: one pass over the words.
@inline export function xorUpTo4(dst: usize, a: usize, b: usize, c: usize, d: usize, k: i32, accumulate: bool): void {
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

@noinline export function xor1(dst: usize, a: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, 0, 0, 0, 1, true);
  else xorUpTo4(dst, a, 0, 0, 0, 1, false);
}
@noinline export function xor2(dst: usize, a: usize, b: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, b, 0, 0, 2, true);
  else xorUpTo4(dst, a, b, 0, 0, 2, false);
}
@noinline export function xor3(dst: usize, a: usize, b: usize, c: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, b, c, 0, 3, true);
  else xorUpTo4(dst, a, b, c, 0, 3, false);
}
@noinline export function xor4(dst: usize, a: usize, b: usize, c: usize, d: usize, accumulate: bool): void {
  if (accumulate) xorUpTo4(dst, a, b, c, d, 4, true);
  else xorUpTo4(dst, a, b, c, d, 4, false);
}

// dst = XOR of the `count` vectors listed at sourcesAt (zero when none), four at a time.
export function combine(dst: usize, count: i32): void {
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
export function addNeeded2(cell: i32, row: usize): void {
  for (let t = 0; t < targetCount; t++) {
    if (((boardValue(cell) ^ targetValue(t, cell)) & 1) != 0) flipBit(row, unknowns + t);
  }
}

// row ^= pivot row, words from..words-1, four words a step (the elimination's hot loop).
@inline export function xorRowTail(row: usize, pivotRow: usize, from: i32): void {
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
export function xorShifted(dst: usize, src: usize, shift: i32): void {
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
export function xorNeededRow(at: usize, r: i32, t: i32): void {
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
export function expand2(target: i32, out: usize): void {
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
export function pack(out: usize): void {
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
export function storeKernel2(j: i32): void {
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
@inline export function applyPairs(entry: usize, end: usize, weight: i32): i32 {
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
@noinline export function walk2(): f64 {
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
export function addGray2(step: f64, from: f64): void {
  const counter = <u64>step;
  const start = <u64>from;
  const code = counter ^ (counter >> 1) ^ start ^ (start >> 1);
  for (let j = 0; j < used; j++) {
    if (((code >> <u64>j) & 1) != 0) xorWords(currentAt, kernelVector(j), 0, packed);
  }
}
