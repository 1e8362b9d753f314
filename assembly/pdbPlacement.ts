// Pattern-database placements: ranking and unranking a group's placement, and
// the per-build tables that make them cheap (cell distances, digit and cell
// weights, the odometer of unrankPlacement). Separate from the build's state
// and rounds (./pdbBuild, ./pdbBuildSlice) because the derivation
// (./pdbDerive) walks placements the same way.

import { MAX_PDB_CELLS, MAX_GROUP_TILES, cells, boardWidth, allCells, groupTiles, homes, placement } from './pdbBuild';
import { local } from './instance';

// Manhattan distance between two cells, a byte per pair (filled by
// pdbBuildStart): the build asks for it per tile per expanded state, and two
// divisions by the board's width there cost more than the rest of the move.
export const cellDistances: usize = memory.data(MAX_PDB_CELLS * 32, 16);

// @ts-ignore: decorator
@inline
function cellDistance(a: i32, b: i32): i32 {
  return <i32>load<u8>(local(cellDistances) + ((<usize>a << 5) | <usize>b));
}

// Rank of the placement in `placement`.
// @ts-ignore: decorator
@inline
export function rankPlacement(): u32 {
  let occupied: u32 = 0;
  let rank: u32 = 0;
  for (let i = 0; i < groupTiles; i++) {
    const cell = <u32>load<u8>(local(placement) + i);
    rank = rank * <u32>(cells - i) + cell - popcnt(occupied & ((<u32>1 << cell) - 1));
    occupied |= <u32>1 << cell;
  }
  return rank;
}

// The weight of each tile's digit in the rank (u32 each: the product of the
// later radices), and for the placement in `placement` the weight of the tile
// on each cell (u32 per cell, 0 where no group tile stands) and the tile on
// each occupied cell (a byte per cell). A build moves one tile at a time, and
// with these a child's rank is the parent's plus a few weights (see
// gatherMoves) instead of a new ranking.
export const digitWeights: usize = memory.data(MAX_GROUP_TILES * 4, 16);
const cellWeights: usize = memory.data(MAX_PDB_CELLS * 4, 16);
const tileOnCell: usize = memory.data(32, 16);

// @ts-ignore: decorator
@inline
export function cellWeight(cell: i32): u32 {
  return load<u32>(local(cellWeights) + (<usize>cell << 2));
}

// @ts-ignore: decorator
@inline
function setCellWeight(cell: i32, weight: u32): void {
  store<u32>(local(cellWeights) + (<usize>cell << 2), weight);
}

// The rank whose placement `placement` holds, and its digits (a byte each):
// the build and the derivation scan ranks in order, mostly a few apart, so
// the next placement is usually the last one with its last digits counted
// on (an odometer), and only the tiles from the first changed digit are
// placed again. `placedValid` is cleared whenever a build or derivation starts.
const digits: usize = memory.data(MAX_GROUP_TILES, 8);
let placedRank: u32 = 0;
export let placedValid = false;
let placedOccupied: u32 = 0;
// The Manhattan distance of the placement's tiles from their homes.
export let placedManhattan: i32 = 0;

// Fills `placement` (with cellWeights and tileOnCell) from a rank; returns the occupied cells.
// @ts-ignore: decorator
@inline
export function unrankPlacement(rank: u32): u32 {
  const last = groupTiles - 1;
  let first = 0;
  if (placedValid && rank >= placedRank) {
    // The step is added to the last digit and carried on: a division only
    // where a digit overflows by more than one turn.
    let i = last;
    let digit = <u32>load<u8>(local(digits) + i) + (rank - placedRank);
    while (digit >= <u32>(cells - i)) {
      const radix = <u32>(cells - i);
      const carry = digit < radix << 1 ? 1 : digit / radix;
      store<u8>(local(digits) + i, <u8>(digit - carry * radix));
      i--;
      digit = <u32>load<u8>(local(digits) + i) + carry;
    }
    store<u8>(local(digits) + i, <u8>digit);
    first = i;
    for (let j = first; j <= last; j++) {
      const cell = <i32>load<u8>(local(placement) + j);
      setCellWeight(cell, 0);
      placedOccupied ^= <u32>1 << cell;
      placedManhattan -= cellDistance(cell, <i32>load<u8>(local(homes) + j));
    }
  } else {
    let rest = rank;
    for (let i = last; i >= 0; i--) {
      const radix = <u32>(cells - i);
      store<u8>(local(digits) + i, <u8>(rest % radix));
      rest /= radix;
    }
    memory.fill(local(cellWeights), 0, MAX_PDB_CELLS * 4);
    placedOccupied = 0;
    placedManhattan = 0;
  }
  placedRank = rank;
  placedValid = true;
  let occupied = placedOccupied;
  for (let i = first; i <= last; i++) {
    // The cell of tile i is the digit-th free one once tiles 0..i-1 are placed.
    let free = allCells & ~occupied;
    for (let skip = <i32>load<u8>(local(digits) + i); skip > 0; skip--) free &= free - 1;
    const cell = ctz(free);
    store<u8>(local(placement) + i, <u8>cell);
    setCellWeight(<i32>cell, load<u32>(local(digitWeights) + (<usize>i << 2)));
    store<u8>(local(tileOnCell) + cell, <u8>i);
    placedManhattan += cellDistance(<i32>cell, <i32>load<u8>(local(homes) + i));
    occupied |= <u32>1 << cell;
  }
  placedOccupied = occupied;
  return occupied;
}

// The change of rank when a tile of weight `weight` steps a row down, from
// `from` to from + width (on the board). Its digit grows by the width less
// the earlier tiles it jumps over (each of larger weight), and each later
// tile it jumps (each of smaller weight) gains one; a step sideways jumps
// none. A step up changes the rank by the negative of the step down from the
// cell above, which jumps the same cells.
// @ts-ignore: decorator
@inline
export function stepDown(weight: u32, from: i32): u32 {
  let change = weight * <u32>boardWidth;
  for (let jumped = from + 1; jumped < from + boardWidth; jumped++) {
    const other = cellWeight(jumped);
    change += other > weight ? -weight : other;
  }
  return change;
}

