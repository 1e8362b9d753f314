// Pattern-database builds: one slice of a round (buildSliceBytes, Shorts and
// Words, one copy per blank-set width) and everything inlined into it:
// entries written, a state's moves gathered and settled, ranges and blocks
// scanned. Separate from the build's state and its exports (./pdbBuild and
// ./pdbBuildSplit), which call a slice per round or per share; this is the
// hot loop of a build.

import { MAX_GROUP_TILES, ENTRY_MAX, boardWidth, allCells, hasRight, hasLeft, groupTiles, placement, table, zeroLayout, seen, seenAtRound, seenAtLastRound, blockShift, orInto, markChanged, changedLast, distance, settled, maskBytes } from './pdbBuild';
import { cellWeight, placedManhattan, unrankPlacement, stepDown } from './pdbPlacement';
import { unpackBlanks, packedRegion } from './pdbBlankSets';
import { zeroAwarePlaceCover, zeroAwarePocketIndex, zeroAwareRegionAt } from './zeroAware';
import { local } from './instance';

// @ts-ignore: decorator
@inline
function storeEntry(rank: u32, value: i32): void {
  const at = table + (<usize>rank >> 1);
  const shift = (rank & 1) << 2;
  orInto<u8>(at, <u8>(<u32>min(value, ENTRY_MAX) << shift));
}

// Zero-aware (./zeroAware): the least value when the placement is first
// reached (as a plain table has it), and the value of each region the
// blank's cells `blanks` (reached first at this distance) cover: region 0's
// beside the least, a pocket's in the second part. The placement is in
// `placement`, its cells `occupied`.
// @ts-ignore: decorator
@inline
function storeZeroAwareEntries(rank: u32, occupied: u32, blanks: u32, before: u32): void {
  const value = (distance - placedManhattan) >> 1;
  if (before == 0) {
    storeEntry(rank << 1, value);
    settled++;
  }
  if (!zeroAwarePlaceCover(zeroLayout, occupied)) {
    // One region, reached whole when the placement is.
    if (before == 0) {
      storeEntry((rank << 1) + 1, value);
      settled++;
    }
    return;
  }
  let written: u32 = 0;
  for (let rest = blanks; rest != 0; rest &= rest - 1) {
    const region = zeroAwareRegionAt(<i32>ctz(rest));
    if ((written >> region) & 1) continue;
    written |= <u32>1 << region;
    storeEntry(region == 0 ? (rank << 1) + 1 : zeroAwarePocketIndex(local(placement), groupTiles, region), value);
    settled++;
  }
}

// @ts-ignore: decorator
@inline
function loadMask<T>(array: usize, rank: u32): u32 {
  return <u32>load<T>(array + (<usize>rank << alignof<T>()));
}

// @ts-ignore: decorator
@inline
function storeMaskOf<T>(array: usize, rank: u32, mask: u32): void {
  store<T>(array + (<usize>rank << alignof<T>()), <T>mask);
}

export function storeMask(array: usize, rank: u32, mask: u32): void {
  if (maskBytes == 1) storeMaskOf<u8>(array, rank, mask);
  else if (maskBytes == 2) storeMaskOf<u16>(array, rank, mask);
  else storeMaskOf<u32>(array, rank, mask);
}

// The moves of one expanded state whose child has not seen the cell the tile
// leaves, gathered before any is settled (see buildSlice): per move the
// child's rank and the cells the tile leaves and enters (u32 each).
/** The most moves of one state: each tile moves at most four ways (plus one slot written past the last). */
const MOVES_PER_STATE: i32 = MAX_GROUP_TILES * 4 + 1;
const moveChildren: usize = memory.data(MOVES_PER_STATE * 4, 16);
const moveCells: usize = memory.data(MOVES_PER_STATE * 4, 16);

// Writes the move of the tile on `from` to `to` (child `child`, where the
// cell left is bit `fromBit` of the child's blank set) into slot `count`, and
// returns the count with it kept when the child has not seen that bit. The
// test is arithmetic, not a branch: whether a child is new is as good as random.
// @ts-ignore: decorator
@inline
function keepMove<T>(count: i32, child: u32, from: u32, to: u32, fromBit: u32): i32 {
  const childSeen = loadMask<T>(seen, child);
  store<u32>(local(moveChildren) + (<usize>count << 2), child);
  store<u32>(local(moveCells) + (<usize>count << 2), from | (to << 8));
  return count + <i32>(((childSeen >> fromBit) & 1) ^ 1);
}

// Gathers the moves onto the blank cells `blanks` of the placement of rank
// `rank` unrankPlacement filled (cells `occupied`, free cells `free`) whose
// children are new there; returns how many. Each direction takes the tiles
// with a blank on that side as one mask. A move's leaving cell is, in the
// child's blank set, the bit of the free cells below it, less the blank's
// cell when that is below it (a step left or up).
// @ts-ignore: decorator
@inline
function gatherMoves<T>(rank: u32, occupied: u32, free: u32, blanks: u32): i32 {
  const width = <u32>boardWidth;
  let count = 0;
  let movers = occupied & (blanks >> 1) & hasRight;
  while (movers != 0) {
    const from = ctz(movers);
    movers &= movers - 1;
    const below = popcnt(free & ((<u32>1 << from) - 1));
    count = keepMove<T>(count, rank + cellWeight(<i32>from), from, from + 1, below);
  }
  movers = occupied & (blanks << 1) & hasLeft;
  while (movers != 0) {
    const from = ctz(movers);
    movers &= movers - 1;
    const below = popcnt(free & ((<u32>1 << from) - 1));
    count = keepMove<T>(count, rank - cellWeight(<i32>from), from, from - 1, below - 1);
  }
  movers = occupied & (blanks >> width);
  while (movers != 0) {
    const from = ctz(movers);
    movers &= movers - 1;
    const below = popcnt(free & ((<u32>1 << from) - 1));
    count = keepMove<T>(count, rank + stepDown(cellWeight(<i32>from), <i32>from), from, from + width, below);
  }
  movers = occupied & (blanks << width);
  while (movers != 0) {
    const from = ctz(movers);
    movers &= movers - 1;
    const below = popcnt(free & ((<u32>1 << from) - 1));
    count = keepMove<T>(count, rank - stepDown(cellWeight(<i32>from), <i32>(from - width)), from, from - width, below - 1);
  }
  return count;
}

// Expands the state of rank `rank` at the current distance (its blank cells
// `packed`, none of them seen when the last round started when `before` is
// 0). A state's moves whose children gain a cell are gathered first (the
// children's seen sets read as independent loads, without a branch on each),
// then settled one by one. The order children are settled in changes
// nothing: a blank set only gains cells, and the states of the round are
// fixed at its start.
// @ts-ignore: decorator
@inline
function expandState<T>(rank: u32, packed: u32, before: u32): void {
  const occupied = unrankPlacement(rank);
  const free = allCells & ~occupied;
  const blanks = unpackBlanks(packed, free);
  // Seen first this round: the placement's distance is this round's. Its
  // entry is written now, in rank order, not when a child is first seen
  // (at random places in the table). A zero-aware table has an entry per
  // region instead, and the blank's new cells are whole regions.
  if (zeroLayout != 0) storeZeroAwareEntries(rank, occupied, blanks, before);
  else if (before == 0) {
    storeEntry(rank, (distance - placedManhattan) >> 1);
    settled++;
  }
  const moves = gatherMoves<T>(rank, occupied, free, blanks);
  for (let m = 0; m < moves; m++) {
    const child = load<u32>(local(moveChildren) + (<usize>m << 2));
    const cellsMoved = load<u32>(local(moveCells) + (<usize>m << 2));
    const from = cellsMoved & 255;
    const to = cellsMoved >> 8;
    // No two moves of a state make the same placement: the seen set is as read in gatherMoves, and in cache.
    const region = packedRegion(from, free ^ (<u32>1 << from) ^ (<u32>1 << to));
    orInto<T>(seen + (<usize>child << alignof<T>()), <T>region);
    markChanged(child);
  }
}

// The states at the current distance among ranks [start, end) of one block,
// expanded; returns how many. The sets are read a word (8 bytes) at a time,
// and only the ranks of a word whose sets differ are visited.
// @ts-ignore: decorator
@inline
function expandRange<T>(start: u32, end: u32): f64 {
  let expanded: f64 = 0;
  const perWord = <u32>(8 / sizeof<T>());
  const laneBits = <u32>(sizeof<T>() << 3);
  const laneOnes = (<u64>1 << laneBits) - 1;
  let rank = start;
  while (rank < end) {
    let differ: u64 = 0;
    const first = rank;
    if ((rank & (perWord - 1)) == 0 && rank + perWord <= end) {
      const at = <usize>rank * sizeof<T>();
      differ = load<u64>(seenAtRound + at) ^ load<u64>(seenAtLastRound + at);
      rank += perWord;
    } else {
      differ = <u64>(loadMask<T>(seenAtRound, rank) ^ loadMask<T>(seenAtLastRound, rank));
      rank++;
    }
    while (differ != 0) {
      const lane = <u32>ctz(differ) / laneBits;
      differ &= ~(laneOnes << (lane * laneBits));
      const before = loadMask<T>(seenAtLastRound, first + lane);
      expandState<T>(first + lane, loadMask<T>(seenAtRound, first + lane) & ~before, before);
      expanded++;
    }
  }
  return expanded;
}

// Part of a round with blank sets of type T (u8, u16 or u32): the states at the
// current distance among ranks [start, end), expanded by one move of a group
// tile, in the blocks the last round changed. Returns the placements expanded.
// @ts-ignore: decorator
@inline
function buildSlice<T>(start: u32, end: u32): f64 {
  let expanded: f64 = 0;
  let rank = start;
  while (rank < end) {
    const block = rank >> blockShift;
    const blockEnd = <u32>min(<u64>end, <u64>(block + 1) << blockShift);
    if (changedLast(block)) expanded += expandRange<T>(rank, blockEnd);
    rank = blockEnd;
  }
  return expanded;
}

// @ts-ignore: decorator
@noinline
export function buildSliceBytes(start: u32, end: u32): f64 {
  return buildSlice<u8>(start, end);
}

// @ts-ignore: decorator
@noinline
export function buildSliceShorts(start: u32, end: u32): f64 {
  return buildSlice<u16>(start, end);
}

// @ts-ignore: decorator
@noinline
export function buildSliceWords(start: u32, end: u32): f64 {
  return buildSlice<u32>(start, end);
}
