// Pattern-database builds: the blank's sets of cells. The flood fill of the
// blank's region, the packing of a set over the free cells (1, 2 or 4 bytes,
// see packBlanks) and back, and the region table that replaces the flood fill
// on boards of at most 16 cells. Separate because they are the build's
// representation of a state's blank, filled once per board shape, apart from
// the rounds (./pdbBuildSlice) that read them.

import { cells, boardWidth, allCells, hasRight, hasLeft, groupTiles } from './pdbBuild';
import { growBlock } from './memory';

// @ts-ignore: decorator
@inline
export function floodFill(start: u32, blocked: u32): u32 {
  const open = allCells & ~blocked;
  let region = start;
  let grown = start;
  do {
    region = grown;
    grown = (region | (region << boardWidth) | (region >> boardWidth) | ((region & hasRight) << 1) | ((region & hasLeft) >> 1)) & open;
  } while (grown != region);
  return region;
}

// Blank sets are stored over the free cells only (bit i = the i-th free cell
// of the placement, ascending): n - k bits for a group of k tiles on n cells,
// so a group of 8 tiles on 16 cells needs a byte a set, 6 tiles two, and a
// group on 25 cells four.
// @ts-ignore: decorator
@inline
export function packBlanks(cellMask: u32, free: u32): u32 {
  // Mostly the blank reaches every free cell: no cell-by-cell walk then.
  if (cellMask == free) return (<u32>1 << popcnt(free)) - 1;
  let packed: u32 = 0;
  let bit: u32 = 1;
  while (free != 0) {
    const lowest = free & (~free + 1);
    if (cellMask & lowest) packed |= bit;
    bit <<= 1;
    free ^= lowest;
  }
  return packed;
}

// Unpacking goes a byte of the board at a time: spreadBits[free byte][packed
// byte] (256 x 256 bytes, filled once) puts the low bits of `packed` on the
// free cells of the byte, in order.
let spreadBits: usize = 0;

// Taken with growBlock, not from the heap: an instance attached to a shared
// memory builds tables too, and has no heap (./instance). False when memory
// cannot grow.
export function fillSpreadBits(): bool {
  if (spreadBits != 0) return true;
  const at = growBlock(256 * 256);
  if (at < 0) return false;
  spreadBits = <usize>at;
  for (let free: u32 = 0; free < 256; free++) {
    for (let packed: u32 = 0; packed < 256; packed++) {
      let spread: u32 = 0;
      let bit: u32 = 1;
      for (let rest = free; rest != 0; rest &= rest - 1) {
        if (packed & bit) spread |= rest & (~rest + 1);
        bit <<= 1;
      }
      store<u8>(spreadBits + ((free << 8) | packed), <u8>spread);
    }
  }
  return true;
}

// @ts-ignore: decorator
@inline
export function unpackBlanks(packed: u32, free: u32): u32 {
  if (packed == (<u32>1 << popcnt(free)) - 1) return free;
  let cellMask: u32 = 0;
  for (let shift: u32 = 0; free != 0; shift += 8) {
    const freeByte = free & 255;
    cellMask |= <u32>load<u8>(spreadBits + ((freeByte << 8) | (packed & 255))) << shift;
    packed >>= popcnt(freeByte);
    free >>= 8;
  }
  return cellMask;
}

// On boards of at most 16 cells, the blank's region, packed, for every set of
// free cells of the build's size and every free cell in it: read instead of
// a flood fill and a packing per new child. A set is indexed by its rank
// among the sets of its size (the combinatorial number system: the sum of
// C(c_j, j + 1) over its cells c_0 < c_1 < ...), so that the table is dense
// (at most C(16, 8) = 12,870 sets x 16 cells x 2 bytes, 412 KB) and stays in
// L2 beside the build's random reads; indexed by the set itself it spanned
// 2 MB and its reads missed. subsetRanksLow[byte] is the sum over the low
// byte's cells, subsetRanksHigh[m][byte] over the high byte's when the low
// byte holds m cells. Filled once per board shape and set size.
const REGION_TABLE_CELLS: i32 = 16;
const REGION_TABLE_BYTES: usize = 12870 * 16 * 2;
let regionTable: usize = 0;
let subsetRanksLow: usize = 0;
let subsetRanksHigh: usize = 0;
// What the table holds: (width x 32 + cells) x 32 + free cells (0 for nothing).
let regionTableKey: i32 = 0;

export function binomial(n: i32, k: i32): u32 {
  if (k < 0 || k > n) return 0;
  let value: u32 = 1;
  for (let i = 0; i < k; i++) value = (value * <u32>(n - i)) / <u32>(i + 1);
  return value;
}

export function fillRegionTable(): bool {
  if (cells > REGION_TABLE_CELLS) return true;
  if (regionTable == 0) {
    // One block for the three (taken as fillSpreadBits' is).
    const at = growBlock(<f64>(REGION_TABLE_BYTES + 256 * 2 + 9 * 256 * 2));
    if (at < 0) return false;
    regionTable = <usize>at;
    subsetRanksLow = regionTable + REGION_TABLE_BYTES;
    subsetRanksHigh = subsetRanksLow + 256 * 2;
    for (let byte = 0; byte < 256; byte++) {
      let low: u32 = 0;
      let j = 0;
      for (let bit = 0; bit < 8; bit++) if ((byte >> bit) & 1) low += binomial(bit, ++j);
      store<u16>(subsetRanksLow + (<usize>byte << 1), <u16>low);
      for (let before = 0; before <= 8; before++) {
        let high: u32 = 0;
        let k = before;
        for (let bit = 0; bit < 8; bit++) if ((byte >> bit) & 1) high += binomial(bit + 8, ++k);
        store<u16>(subsetRanksHigh + (((<usize>before << 8) | <usize>byte) << 1), <u16>high);
      }
    }
  }
  const freeCells = cells - groupTiles;
  const key = (boardWidth * 32 + cells) * 32 + freeCells;
  if (regionTableKey == key) return true;
  for (let free: u32 = 0; free <= allCells; free++) {
    if (popcnt(free) != <u32>freeCells) continue;
    let left = free;
    while (left != 0) {
      const region = floodFill(left & (~left + 1), ~free);
      const packed = packBlanks(region, free);
      left &= ~region;
      for (let rest = region; rest != 0; rest &= rest - 1) {
        store<u16>(regionTable + (((<usize>subsetRank(free) << 4) | <usize>ctz(rest)) << 1), <u16>packed);
      }
    }
  }
  regionTableKey = key;
  return true;
}

// The rank of the set of cells `free` among the sets of its size (boards of at most 16 cells).
// @ts-ignore: decorator
@inline
function subsetRank(free: u32): u32 {
  const low = free & 255;
  return <u32>load<u16>(subsetRanksLow + (<usize>low << 1)) + <u32>load<u16>(subsetRanksHigh + (((<usize>popcnt(low) << 8) | <usize>(free >> 8)) << 1));
}

// The packed region of `cell` among the free cells `free`.
// @ts-ignore: decorator
@inline
export function packedRegion(cell: u32, free: u32): u32 {
  if (cells <= REGION_TABLE_CELLS) return <u32>load<u16>(regionTable + (((<usize>subsetRank(free) << 4) | <usize>cell) << 1));
  return packBlanks(floodFill(<u32>1 << cell, ~free), free);
}
