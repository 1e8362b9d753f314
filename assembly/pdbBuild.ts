// Additive disjoint pattern databases for sliding boards of up to 25 cells:
// building one group's table, and the ranking the search shares with it.
//
// A partition splits the goal cells of the tiles (every cell but the blank's)
// into groups. A group's table holds, for every placement of its tiles (the
// other tiles are indistinguishable and move for free), the fewest moves of the
// group's own tiles that bring them all home, minimised over where the blank
// is. Moves of one group never count in another, so the sum over groups is a
// lower bound on the true distance.
//
// Placements are ranked as partial permutations: tile i of a group (the one
// whose home is the group's i-th cell, ascending) stands on cell p_i, digit i is
// p_i less the cells of tiles 0..i-1 below it, and
//   rank = ((d_0 * (n - 1) + d_1) * (n - 2) + d_2) ...     (n = board cells)
// so a group of k tiles has n! / (n - k)! entries.
//
// Entries are 4 bits, two a byte, low nibble first. An entry stores not the
// distance but (distance - the group's Manhattan distance) / 2: every move of a
// group tile changes both by one, so the difference is even, and it stays small
// (a saturated 15 would still be a lower bound; the largest in the 15-puzzle's
// 6-6-3 and 7-8 tables is 9, in the 8-tile group). The search adds the
// Manhattan distance itself.
//
// The goal is the solved board: the group home and the blank on its own goal
// cell. So the search starts from the home placement with the blank in the
// region of its goal cell only (the free cells it reaches without crossing a
// group tile), not from every free cell: a group that walls in the blank's
// corner must count the moves that let the blank back in.
//
// Building is a breadth-first search in rounds over the table the host
// allocated (pdbGrow): state = (placement, set of blank cells); a blank move
// onto a non-group cell is free, so the blank's cells of a state are closed
// under such moves (a flood fill). Three blank sets per placement (1, 2 or 4
// bytes each, see packBlanks) replace a queue: the cells seen so far, and
// those seen when this round started and when the last one did, whose
// difference is the states at this round's distance. A round (one
// breadth-first layer) is scanned in slices, one call each, so the host can
// report progress and stop between calls. src/engine/twin/pdb.ts does the
// same search in the plain way (each placement unranked and each child
// ranked afresh, a flood fill per child, a set for the next round, each entry
// written when its placement is first reached); the shortcuts here change no
// distance, so the tables of both engines are byte-identical (tests hold
// them to it).
//
// The same search fills a zero-aware table (./zeroAware: the least value and
// region 0's for each placement, then the pockets'): the blank cells a state
// reaches first in a round are whole regions, each at that round's distance,
// and each gets its entry when the state is expanded.
//
// Deriving a table through a board symmetry is ./pdbDerive. Where a build's
// time goes, and what made it cheap, is in bench/RESULTS.md ("The 7-8 build,
// moves made cheap").

import { growBlock } from './memory';
import { zeroAwareLayoutOf, zeroAwarePlaceCover, zeroAwarePocketIndex, zeroAwareRegionAt } from './zeroAware';
import { local } from './instance';

export const MAX_PDB_CELLS: i32 = 25;
/** The most tiles in one group (8 of 16 cells: 518,918,400 entries). */
export const MAX_GROUP_TILES: i32 = 8;
export const ENTRY_MAX: i32 = 15;

// ---------------------------------------------------------------------------
// Memory: the host asks for table memory explicitly and is told when it fails.

/**
 * Grows memory by at least `bytes` and returns the start of the new block, or
 * -1 when the module cannot grow that far (the host reports the size needed).
 * The block is the caller's for the life of the instance; the allocator's heap
 * never reaches into it (it only adds pages it grew itself).
 */
export function pdbGrow(bytes: f64): f64 {
  return growBlock(bytes);
}

/** Placements of `tiles` tiles on `cells` cells: cells! / (cells - tiles)!. */
export function pdbEntryCount(cells: i32, tiles: i32): f64 {
  let count: f64 = 1;
  for (let i = 0; i < tiles; i++) count *= <f64>(cells - i);
  return count;
}

// ---------------------------------------------------------------------------
// Building one group's table

export let cells: i32 = 0;
export let boardWidth: i32 = 0;
export let allCells: u32 = 0;
// Cells whose right (left) neighbour is on the board: shifting a blank mask by
// one column keeps only these.
let hasRight: u32 = 0;
let hasLeft: u32 = 0;
export let groupTiles: i32 = 0;
// Home cell of each group tile, ascending.
export const homes: usize = memory.data(MAX_GROUP_TILES, 8);
// The placement being expanded: cell of each group tile.
export const placement: usize = memory.data(MAX_GROUP_TILES, 8);

export let entries: u32 = 0;
let table: usize = 0;
// Zero-aware builds (./zeroAware): the layout record, 0 for a table of the
// least value over the blank's regions; and the table's entries.
export let zeroLayout: usize = 0;
export let tableEntries: f64 = 0;
let seen: usize = 0;
// The blank sets seen at the start of this round and of the last one: the
// states at this round's distance are the difference.
let seenAtRound: usize = 0;
let seenAtLastRound: usize = 0;
// Blocks of 2^blockShift ranks whose seen sets changed in this round and in
// the last one (a bit each, at most MAX_BLOCKS): a round scans only the
// blocks the last one changed, and copies only the blocks the two changed.
// Most rounds touch a small part of the table.
const MAX_BLOCKS: i32 = 65536;
const changedThisRound: usize = memory.data(MAX_BLOCKS / 8, 16);
const changedLastRound: usize = memory.data(MAX_BLOCKS / 8, 16);
let blockShift: u32 = 0;
// Where the two are: this instance's own, or (a build split over instances
// of the shared build, pdbBuildSpread) one pair in a block they all use.
let changedNow: usize = 0;
let changedBefore: usize = 0;

// A read-modify-write OR of `bits` into the u8, u16 or u32 at `at`: atomic in
// the shared build, where other instances expanding the same round write the
// same sets, table bytes and block marks (every write of a round is an OR,
// so the order they land in changes nothing).
// @ts-ignore: decorator
@inline
function orInto<T>(at: usize, bits: T): void {
  if (ASC_FEATURE_THREADS) atomic.or<T>(at, bits);
  else store<T>(at, load<T>(at) | bits);
}

// A block is marked by many of a round's children: in the shared build the
// mark is read first and the atomic OR made only when it is missing (the
// marks are one small array every instance writes; a mark is only set
// during a round, so a mark read as set is set).
// @ts-ignore: decorator
@inline
function markChanged(rank: u32): void {
  const block = rank >> blockShift;
  const at = changedNow + (<usize>(block >> 5) << 2);
  const bit = <u32>1 << (block & 31);
  if (ASC_FEATURE_THREADS && (load<u32>(at) & bit) != 0) return;
  orInto<u32>(at, bit);
}

// @ts-ignore: decorator
@inline
function changedLast(block: u32): bool {
  return ((load<u32>(changedBefore + (<usize>(block >> 5) << 2)) >> (block & 31)) & 1) != 0;
}
let distance: i32 = 0;
export let settled: f64 = 0;
// The round in progress: the next rank to scan, and the placements it expanded so far.
export let scanAt: u32 = 0;
let expandedInRound: f64 = 0;

// Manhattan distance between two cells, a byte per pair (filled by
// pdbBuildStart): the build asks for it per tile per expanded state, and two
// divisions by the board's width there cost more than the rest of the move.
const cellDistances: usize = memory.data(MAX_PDB_CELLS * 32, 16);

// @ts-ignore: decorator
@inline
function cellDistance(a: i32, b: i32): i32 {
  return <i32>load<u8>(local(cellDistances) + ((<usize>a << 5) | <usize>b));
}

// Rank of the placement in `placement`.
// @ts-ignore: decorator
@inline
function rankPlacement(): u32 {
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
const digitWeights: usize = memory.data(MAX_GROUP_TILES * 4, 16);
const cellWeights: usize = memory.data(MAX_PDB_CELLS * 4, 16);
const tileOnCell: usize = memory.data(32, 16);

// @ts-ignore: decorator
@inline
function cellWeight(cell: i32): u32 {
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
let placedManhattan: i32 = 0;

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
function stepDown(weight: u32, from: i32): u32 {
  let change = weight * <u32>boardWidth;
  for (let jumped = from + 1; jumped < from + boardWidth; jumped++) {
    const other = cellWeight(jumped);
    change += other > weight ? -weight : other;
  }
  return change;
}

// Every cell the blank can reach from `start` without crossing `blocked`.
// @ts-ignore: decorator
@inline
function floodFill(start: u32, blocked: u32): u32 {
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
function packBlanks(cellMask: u32, free: u32): u32 {
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
function fillSpreadBits(): bool {
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
function unpackBlanks(packed: u32, free: u32): u32 {
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

function binomial(n: i32, k: i32): u32 {
  if (k < 0 || k > n) return 0;
  let value: u32 = 1;
  for (let i = 0; i < k; i++) value = (value * <u32>(n - i)) / <u32>(i + 1);
  return value;
}

function fillRegionTable(): bool {
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
function packedRegion(cell: u32, free: u32): u32 {
  if (cells <= REGION_TABLE_CELLS) return <u32>load<u16>(regionTable + (((<usize>subsetRank(free) << 4) | <usize>cell) << 1));
  return packBlanks(floodFill(<u32>1 << cell, ~free), free);
}

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

/** Bytes of one blank set while building a group of `tiles` tiles on `boardCells` cells: 1, 2 or 4. */
export function pdbMaskBytes(boardCells: i32, tiles: i32): i32 {
  const free = boardCells - tiles;
  return free <= 8 ? 1 : free <= 16 ? 2 : 4;
}

let maskBytes: i32 = 2;

/**
 * Starts building the table of the group whose home cells are `groupMask` on a
 * `width` x `height` board (at most 25 cells, at most 8 tiles) whose goal has
 * the blank on `blankCell`, in the memory at `tableAt` (ceil(entries / 2)
 * bytes) and `workAt` (3 x pdbMaskBytes bytes per placement). Zero-aware
 * when `zeroAware` is 1 (its layout made first: zeroAwareEntryCount). Returns
 * the table's entry count, or -1 for a group this code cannot build.
 */
export function pdbBuildStart(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32): f64 {
  joining = false;
  return startBuild(width, height, groupMask, blankCell, tableAt, workAt, zeroAware);
}

// Whether this instance joins a build another started (pdbBuildJoin): its
// state is set up alike, the table and sets (shared) are left as they are.
let joining = false;

function startBuild(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32): f64 {
  cells = width * height;
  const tilesInGroup = <i32>popcnt(groupMask);
  if (cells > MAX_PDB_CELLS || width < 2 || height < 2 || tilesInGroup < 1 || tilesInGroup > MAX_GROUP_TILES) return -1;
  allCells = (<u32>1 << cells) - 1;
  if ((groupMask & ~allCells) != 0 || popcnt(groupMask) == <u32>cells) return -1;
  if (blankCell < 0 || blankCell >= cells || (groupMask & (<u32>1 << blankCell)) != 0) return -1;
  boardWidth = width;
  groupTiles = tilesInGroup;
  maskBytes = pdbMaskBytes(cells, groupTiles);
  placedValid = false;
  hasRight = 0;
  hasLeft = 0;
  for (let cell = 0; cell < cells; cell++) {
    const column = cell % width;
    if (column < width - 1) hasRight |= <u32>1 << cell;
    if (column > 0) hasLeft |= <u32>1 << cell;
    for (let other = 0; other < cells; other++) {
      const apart = abs(cell / width - other / width) + abs(column - (other % width));
      store<u8>(local(cellDistances) + ((<usize>cell << 5) | <usize>other), <u8>apart);
    }
  }
  if (!fillRegionTable() || !fillSpreadBits()) return -1;
  let rest = groupMask;
  for (let i = 0; i < groupTiles; i++) {
    const cell = ctz(rest);
    rest &= rest - 1;
    store<u8>(local(homes) + i, <u8>cell);
    store<u8>(local(placement) + i, <u8>cell);
  }
  const count = pdbEntryCount(cells, groupTiles);
  if (count > <f64>u32.MAX_VALUE) return -1;
  let weight: u32 = 1;
  for (let i = groupTiles - 1; i >= 0; i--) {
    store<u32>(local(digitWeights) + (<usize>i << 2), weight);
    weight *= <u32>(cells - i);
  }
  entries = <u32>count;
  tableEntries = count;
  zeroLayout = 0;
  if (zeroAware == 1) {
    zeroLayout = zeroAwareLayoutOf(width, height, groupTiles);
    if (zeroLayout == 0) return -1;
    tableEntries = load<f64>(zeroLayout, 16);
  }
  const maskArrayBytes = <usize>entries * <usize>maskBytes;
  table = <usize>tableAt;
  seen = <usize>workAt;
  seenAtRound = seen + maskArrayBytes;
  seenAtLastRound = seenAtRound + maskArrayBytes;
  blockShift = 6;
  while (<u64>entries >> blockShift >= <u64>MAX_BLOCKS) blockShift++;
  distance = 0;
  settled = 0;
  scanAt = 0;
  expandedInRound = 0;
  if (joining) return tableEntries;
  memory.fill(table, 0, (<usize>tableEntries + 1) >> 1);
  memory.fill(seen, 0, maskArrayBytes * 3);
  // The goal states: the solved placement with the blank in its goal cell's region.
  const home = rankPlacement();
  const goalRegion = packBlanks(floodFill(<u32>1 << blankCell, groupMask), allCells & ~groupMask);
  storeMask(seen, home, goalRegion);
  storeMask(seenAtRound, home, goalRegion);
  changedNow = local(changedThisRound);
  changedBefore = local(changedLastRound);
  memory.fill(changedNow, 0, MAX_BLOCKS / 8);
  memory.fill(changedBefore, 0, MAX_BLOCKS / 8);
  // The goal's block changed "in the round before the first" (from nothing).
  markChanged(home);
  memory.copy(changedBefore, changedNow, MAX_BLOCKS / 8);
  memory.fill(changedNow, 0, MAX_BLOCKS / 8);
  return tableEntries;
}

/**
 * A build split over instances of the shared build: the instance that
 * started it (pdbBuildStart) moves its block marks to a block they all use
 * and returns its address (-1 when memory cannot grow), for pdbBuildJoin.
 */
export function pdbBuildSpread(): f64 {
  const at = growBlock(<f64>(MAX_BLOCKS / 4));
  if (at < 0) return -1;
  const shared = <usize>at;
  memory.copy(shared, changedNow, MAX_BLOCKS / 8);
  memory.copy(shared + MAX_BLOCKS / 8, changedBefore, MAX_BLOCKS / 8);
  changedNow = shared;
  changedBefore = shared + MAX_BLOCKS / 8;
  return at;
}

/**
 * Another instance joins the build pdbBuildStart began with the same
 * arguments (its table and sets, already set up, are left as they are), with
 * the block marks at `changedAt` (pdbBuildSpread). Returns the entry count.
 */
export function pdbBuildJoin(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32, changedAt: f64): f64 {
  joining = true;
  const count = startBuild(width, height, groupMask, blankCell, tableAt, workAt, zeroAware);
  joining = false;
  changedNow = <usize>changedAt;
  changedBefore = <usize>changedAt + MAX_BLOCKS / 8;
  return count;
}

/**
 * One instance's share of a round split over instances: the states at the
 * current distance among ranks [start, end) expanded; returns how many. The
 * round is over when every share is: then each instance calls
 * pdbBuildEndRound (the first of them with `leader` 1, after the others' shares).
 */
export function pdbBuildShare(start: f64, end: f64): f64 {
  const from = <u32>max(0, min(start, <f64>entries));
  const to = <u32>max(<f64>from, min(end, <f64>entries));
  if (maskBytes == 1) return buildSliceBytes(from, to);
  if (maskBytes == 2) return buildSliceShorts(from, to);
  return buildSliceWords(from, to);
}

/**
 * Ends a round split over instances, once every share of it is done: each
 * instance turns to the next round, and the leader (one of them, before any
 * share of the next round starts) brings the round-start sets up to date.
 */
export function pdbBuildEndRound(leader: i32): void {
  const older = seenAtLastRound;
  seenAtLastRound = seenAtRound;
  seenAtRound = older;
  if (leader == 1) copyChangedBlocks();
  distance++;
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

function storeMask(array: usize, rank: u32, mask: u32): void {
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
function buildSliceBytes(start: u32, end: u32): f64 {
  return buildSlice<u8>(start, end);
}

// @ts-ignore: decorator
@noinline
function buildSliceShorts(start: u32, end: u32): f64 {
  return buildSlice<u16>(start, end);
}

// @ts-ignore: decorator
@noinline
function buildSliceWords(start: u32, end: u32): f64 {
  return buildSlice<u32>(start, end);
}

/**
 * Expands the states at the current distance by one move of a group tile,
 * scanning at most `placements` ranks (rounded down to a multiple of 8) of
 * the round in progress, so that a large table's round is split into calls
 * the host can report and cancel between. Returns -1 while the round goes on,
 * else the placements the round expanded (0: none was left, the table is complete).
 */
export function pdbBuildRound(placements: f64): f64 {
  const slice = <u32>max(8, <i32>min(placements, <f64>(1 << 30))) & ~7;
  const end = entries - scanAt > slice ? scanAt + slice : entries;
  if (maskBytes == 1) expandedInRound += buildSliceBytes(scanAt, end);
  else if (maskBytes == 2) expandedInRound += buildSliceShorts(scanAt, end);
  else expandedInRound += buildSliceWords(scanAt, end);
  scanAt = end;
  if (scanAt < entries) return -1;
  const expanded = expandedInRound;
  expandedInRound = 0;
  scanAt = 0;
  if (expanded == 0) return 0;
  const older = seenAtLastRound;
  seenAtLastRound = seenAtRound;
  seenAtRound = older;
  copyChangedBlocks();
  distance++;
  return expanded;
}

// Makes the set array seenAtRound (the sets seen when the last round but one
// started) the sets seen now: they differ only in the blocks the last round
// and this one changed. Then this round's changes become the last round's.
function copyChangedBlocks(): void {
  const blocks = <u32>((<u64>entries + (<u64>1 << blockShift) - 1) >> blockShift);
  let block: u32 = 0;
  while (block < blocks) {
    const word = (<usize>(block >> 5) << 2);
    const changed = load<u32>(changedNow + word) | load<u32>(changedBefore + word);
    if (((changed >> (block & 31)) & 1) == 0) {
      block++;
      continue;
    }
    // A run of changed blocks, copied at once.
    let runEnd = block + 1;
    while (runEnd < blocks) {
      const runWord = (<usize>(runEnd >> 5) << 2);
      const runChanged = load<u32>(changedNow + runWord) | load<u32>(changedBefore + runWord);
      if (((runChanged >> (runEnd & 31)) & 1) == 0) break;
      runEnd++;
    }
    const from = <usize>block << blockShift;
    const to = <usize>min(<u64>entries, <u64>runEnd << blockShift);
    const size = <usize>maskBytes;
    memory.copy(seenAtRound + from * size, seen + from * size, (to - from) * size);
    block = runEnd;
  }
  memory.copy(changedBefore, changedNow, MAX_BLOCKS / 8);
  memory.fill(changedNow, 0, MAX_BLOCKS / 8);
}

/** Placements whose entry is final so far (progress of the current build). */
export function pdbBuildSettled(): f64 {
  return settled;
}

// Compiled with this file, so that the module's static data and globals keep
// the places they had when the two were one file.
export { pdbDeriveMap, pdbDeriveStart, pdbDeriveSlice } from './pdbDerive';
