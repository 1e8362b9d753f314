// Byte vectors mod a prime p (3 <= p <= 251), sixteen bytes at a time with
// WebAssembly SIMD: the row operations of Lights Out over GF(p) (./lightsOut).
//
// Each vector holds one value below p per byte. The system's affine vectors
// are padded with zero bytes to whole 16-byte lanes, so addMod and
// subtractMultipleMod take whole lanes only and leave no scalar tail (they map
// 0 (op) 0 to 0: the padding stays zero); subtractMod also takes the rows of a
// press board, of any length, and finishes those byte by byte.
//
// The results are the values mod p, exactly as byte-by-byte code computes
// them: every step below is exact arithmetic on bytes, not an approximation.

// a - b mod p, lane by lane, for bytes a < p and b <= p. The byte difference
// wraps below zero exactly when a < b, and then adding p brings it back to
// a - b + p, which lies in [0, p): both cases end in the residue, with no
// branch and for every p up to 255 (the shorter min_u(d, d + p) holds for
// p <= 128 only). The lanes to fix are those where a >= b fails, found as
// max_u(a, b) != a: one compare fewer than i8x16.lt_u costs on x64.
@inline function subtractLanes(a: v128, b: v128, p: v128): v128 {
  return i8x16.add(i8x16.sub(a, b), v128.andnot(p, i8x16.eq(i8x16.max_u(a, b), a)));
}

// dst[q] = dst[q] - src[q] mod p for q in [0, count): a forced press less its
// sources, or a row of presses less a row of the presses reaching it.
export function subtractMod(dst: usize, src: usize, count: usize, p: i32): void {
  const modulus = i8x16.splat(<i8>p);
  const lanes = count & ~<usize>15;
  for (let q: usize = 0; q < lanes; q += 16) {
    v128.store(dst + q, subtractLanes(v128.load(dst + q), v128.load(src + q), modulus));
  }
  for (let q = lanes; q < count; q++) {
    const a = <i32>load<u8>(dst + q);
    const b = <i32>load<u8>(src + q);
    store<u8>(dst + q, <u8>(a < b ? a - b + p : a - b));
  }
}

// dst[q] = dst[q] + src[q] mod p for q in [0, count), whole lanes:
// a + b = a - (p - b), and p - b <= p (p for b = 0, which subtractLanes maps back to a).
export function addMod(dst: usize, src: usize, count: usize, p: i32): void {
  const modulus = i8x16.splat(<i8>p);
  for (let q: usize = 0; q < count; q += 16) {
    const negated = i8x16.sub(modulus, v128.load(src + q));
    v128.store(dst + q, subtractLanes(v128.load(dst + q), negated, modulus));
  }
}

// dst[q] = dst[q] - times[src[q]] mod p for q in [0, count), whole lanes, where `times` is
// one factor's row of products (times[v] = factor * v mod p for v < p, 256
// bytes): a row reduced by a multiple of the pivot row. The products are
// looked up sixteen at a time with i8x16.swizzle, which picks from one 16-byte
// piece of the row and gives 0 for an index of 16 or more: piece k of the row
// is indexed by v - 16k (wrapping, so only v in [16k, 16k + 16) hits it), and
// the pieces' picks are ORed. For p <= 16 that is a single swizzle.
export function subtractMultipleMod(dst: usize, src: usize, times: usize, count: usize, p: i32): void {
  const modulus = i8x16.splat(<i8>p);
  const pieces = (p + 15) >> 4;
  const first = v128.load(times);
  for (let q: usize = 0; q < count; q += 16) {
    const values = v128.load(src + q);
    let products = i8x16.swizzle(first, values);
    for (let k = 1; k < pieces; k++) {
      const piece = <usize>k << 4;
      products = v128.or(products, i8x16.swizzle(v128.load(times + piece), i8x16.sub(values, i8x16.splat(<i8>piece))));
    }
    v128.store(dst + q, subtractLanes(v128.load(dst + q), products, modulus));
  }
}
