// Sliding tiles on small boards (see ./sliding): packed boards, the BFS queue
// entries, 4 bits a cell in a u64 beside the rank, and a child's entry from
// its parent's by shifts and popcounts.

import { MAX_RANKED_CELLS, UNSEEN, weights, codes, queue } from './slidingRanks';
import { local } from './instance';

// Packed boards, the BFS queue entries: cell p in bits 4p..4p+3 (the blank 0), the
// rank from bit RANK_SHIFT up (10 cells take 40 bits and 10! < 2^22: 62 bits in all).
export const RANK_SHIFT: u64 = 40;
export const BOARD_MASK: u64 = (<u64>1 << RANK_SHIFT) - 1;
export const CELL_LOW_BITS: u64 = 0x7777777777;
export const CELL_HIGH_BITS: u64 = 0x8888888888;
export const EVEN_CELLS: u64 = 0x0f0f0f0f0f;
export const LANE_ONES: u64 = 0x0101010101;
export const LANE_HIGH_BITS: u64 = 0x8080808080;
// laterCells[p]: the high bit of every cell after p on the current board size.
export const laterCells: usize = memory.data(8 * MAX_RANKED_CELLS);

export function packCells(cells: usize, n: i32): u64 {
  let packed: u64 = 0;
  for (let position = 0; position < n; position++) {
    packed |= <u64>load<u8>(cells + <usize>position) << (<u64>position << 2);
  }
  return packed;
}

// Position of the blank, the one zero cell below the board size (the unused cells
// above are zero too, but higher). A cell's high bit ends up set exactly when the cell
// is non-zero: its low three bits plus 7 carry into it without leaving the cell.
// Rank bits above the board are masked off by the constants.
@inline
export function blankOf(packed: u64): i32 {
  const nonZero = (((packed & CELL_LOW_BITS) + CELL_LOW_BITS) | packed) & CELL_HIGH_BITS;
  return <i32>(ctz<u64>(nonZero ^ CELL_HIGH_BITS) >> 2);
}

// The high bit of every cell holding less than `tile`. Cells use all 4 bits (up to
// 9), leaving no room for a borrow, so even and odd cells are compared apart in byte
// lanes: (cell | 0x80) - tile keeps bit 7 exactly when cell >= tile.
@inline
export function smallerCells(packed: u64, tile: u64): u64 {
  const spread = tile * LANE_ONES;
  const evenAtLeast = (((packed & EVEN_CELLS) | LANE_HIGH_BITS) - spread) & LANE_HIGH_BITS;
  const oddAtLeast = ((((packed >> 4) & EVEN_CELLS) | LANE_HIGH_BITS) - spread) & LANE_HIGH_BITS;
  return ((evenAtLeast >> 4) | oddAtLeast) ^ CELL_HIGH_BITS;
}

// The queue entry of `packed` (rank `rank`, blank at `blank`) after the blank moves to
// `target`, a later cell when `forward`, an earlier one otherwise: childRank's digit
// arithmetic, with the digits counted by popcount over the cells smaller than the
// moving tile instead of read from an unranking. The tile's digit at target counts the
// smaller cells after target; at the blank's cell it counts those after the blank,
// plus the blank itself when the tile moves back past it. A target equal to the blank
// (a move off the board, see moveTargets) moves "tile" 0, finds nothing smaller, and
// gives the entry back unchanged.
@inline
export function packedChild(packed: u64, rank: u32, blank: i32, target: i32, forward: bool, vertical: bool): u64 {
  const blankShift = <u64>blank << 2;
  const targetShift = <u64>target << 2;
  const tile = (packed >> targetShift) & 15;
  const smaller = smallerCells(packed, tile);
  const afterBlank = <u32>popcnt<u64>(smaller & load<u64>(local(laterCells) + (<usize>blank << 3)));
  const afterTarget = <u32>popcnt<u64>(smaller & load<u64>(local(laterCells) + (<usize>target << 3)));
  const blankWeight = load<u32>(local(weights) + (<usize>blank << 2));
  let child = rank - afterTarget * load<u32>(local(weights) + (<usize>target << 2));
  if (forward) {
    child += (afterBlank + <u32>(target != blank)) * blankWeight;
    if (vertical) for (let between = blank + 1; between < target; between++) {
      const isSmaller = <bool>((smaller >> ((<u64>between << 2) + 3)) & 1);
      child += select<u32>(load<u32>(local(weights) + (<usize>between << 2)), 0, isSmaller);
    }
  } else {
    child += afterBlank * blankWeight;
    if (vertical) for (let between = target + 1; between < blank; between++) {
      const isSmaller = <bool>((smaller >> ((<u64>between << 2) + 3)) & 1);
      child -= select<u32>(load<u32>(local(weights) + (<usize>between << 2)), 0, isSmaller);
    }
  }
  // The blank's cell is 0, so exchanging the two cells is two xors.
  const childBoard = (packed & BOARD_MASK) ^ (tile << blankShift) ^ (tile << targetShift);
  return childBoard | (<u64>child << RANK_SHIFT);
}

@inline
export function rankOf(entry: u64): u32 {
  return <u32>(entry >> RANK_SHIFT);
}

export const MOVE_UP: u32 = 0;
export const MOVE_DOWN: u32 = 1;
export const MOVE_LEFT: u32 = 2;
export const MOVE_RIGHT: u32 = 3;

// One child of the full BFS (slidingDistances), without a branch: every move is
// generated, including the one back to the parent and those off the board (which give
// the state itself); those reach a state already seen, whose code is stored back
// unchanged. The entry is always written at the tail, and the tail only advances past
// a new state. Which moves are real and which children are new is data the CPU cannot
// predict, and over the whole table a mispredicted branch costs more than the extra
// children (about 7% faster). The searches that stop early keep their branches: on a
// table mostly out of cache the extra reads cost more (bidirectional search on random
// 8-puzzle boards ran about a third slower). Returns the new tail; queues keep one slot spare (QUEUE_SLACK) for the
// write past the last state.
@inline
export function visit(entry: u64, rank: u32, blank: i32, target: i32, move: u32, tail: usize): usize {
  const childEntry = packedChild(entry, rank, blank, target, move == MOVE_DOWN || move == MOVE_RIGHT, move < MOVE_LEFT);
  const codeAddress = codes + <usize>rankOf(childEntry);
  const code = <u32>load<u8>(codeAddress);
  const isNew = code == UNSEEN;
  store<u8>(codeAddress, <u8>select<u32>(move + 1, code, isNew));
  store<u64>(queue + (tail << 3), childEntry);
  return tail + <usize>isNew;
}
