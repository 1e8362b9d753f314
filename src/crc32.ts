/**
 * CRC-32 (the zlib polynomial), the checksum of every file the package reads
 * back: the pattern-database cache (src/pdb/cache) and the move-pruning
 * machines shipped in data/ (src/engine/movePruningFile.ts).
 */

/** CRC-32 tables for slicing by 8: table k (at k * 256) continues table 0 over k more zero bytes. */
let crcTables: Int32Array | null = null;

function crcSlices(): Int32Array {
  if (crcTables) return crcTables;
  const tables = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let k = 1; k < 8; k++)
    for (let n = 0; n < 256; n++) tables[k * 256 + n] = (tables[(k - 1) * 256 + n]! >>> 8) ^ tables[tables[(k - 1) * 256 + n]! & 0xff]!;
  return (crcTables = tables);
}

/**
 * CRC-32 of `bytes`; pass the previous result as `crc` to continue over a
 * following slice. Eight bytes a step (slicing by 8): checking the 6-6-3
 * tables on every load took 20 ms a byte at a time, a fifth of a cached
 * 15-puzzle call through the CLI.
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = crcSlices();
  let state = ~crc;
  const whole = bytes.length & ~7;
  let i = 0;
  for (; i < whole; i += 8) {
    const one = state ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    const two = bytes[i + 4]! | (bytes[i + 5]! << 8) | (bytes[i + 6]! << 16) | (bytes[i + 7]! << 24);
    state =
      t[1792 + (one & 0xff)]! ^
      t[1536 + ((one >>> 8) & 0xff)]! ^
      t[1280 + ((one >>> 16) & 0xff)]! ^
      t[1024 + (one >>> 24)]! ^
      t[768 + (two & 0xff)]! ^
      t[512 + ((two >>> 8) & 0xff)]! ^
      t[256 + ((two >>> 16) & 0xff)]! ^
      t[two >>> 24]!;
  }
  for (; i < bytes.length; i++) state = t[(state ^ bytes[i]!) & 0xff]! ^ (state >>> 8);
  return ~state >>> 0;
}

/** `vector` times the 32x32 matrix over GF(2) whose columns are `matrix`. */
function gf2Times(matrix: readonly number[], vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

/** The square of `matrix` over GF(2). */
function gf2Square(matrix: readonly number[]): number[] {
  return matrix.map((column) => gf2Times(matrix, column));
}

/**
 * Combines CRC-32s across a span of `secondLength` bytes: the returned
 * function gives the CRC-32 of two spans one after the other from the CRC-32
 * of each, the second of that length (zlib's crc32_combine). Spans read and
 * checked on several threads make the file's one checksum; made once for
 * their common length, each combination is one product of a 32x32 bit matrix.
 */
export function crc32Combiner(secondLength: number): (first: number, second: number) => number {
  // The operator that runs a CRC over one zero bit, then over 2, 4, 8... by squaring it.
  let zeros: number[] = [0xedb88320, ...Array.from({ length: 31 }, (_, n) => 2 ** n)];
  zeros = gf2Square(gf2Square(zeros)); // 4 zero bits
  // Over all `secondLength` zero bytes: the product of the powers its bits name (identity for 0).
  let shift: number[] = Array.from({ length: 32 }, (_, n) => 2 ** n);
  for (let bytes = secondLength; bytes > 0; bytes = Math.floor(bytes / 2)) {
    zeros = gf2Square(zeros); // 8, 16, 32... zero bits: 1, 2, 4... zero bytes
    if (bytes % 2 === 1) shift = shift.map((column) => gf2Times(zeros, column));
  }
  return (first, second) => (gf2Times(shift, first >>> 0) ^ second) >>> 0;
}

/** The CRC-32 of two spans one after the other, from the CRC-32 of each and the second's length (see crc32Combiner). */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  return crc32Combiner(secondLength)(first, second);
}
