// Deriving a table from its image under a board symmetry
//
// When a symmetry of the board (a half turn, a reflection) carries one group's
// home cells onto another's, and also the one goal's blank cell onto the
// other's (or neither group walls in its blank's goal cell, so that neither
// table depends on where that cell is), the second table is the first read
// through that symmetry: a placement of the target group, carried back by the
// symmetry, is a placement of the source group exactly as far from home.
// The host picks only such symmetries (symmetricSource, src/pdb/partitions.ts).
// Reading it costs seconds where a breadth-first build costs a minute.

import {
  MAX_GROUP_TILES,
  orInto,
  orNoMemory,
  MAX_PDB_CELLS,
  allCells,
  boardWidth,
  cells,
  entries,
  groupTiles,
  homes,
  pdbEntryCount,
  placement,
  scanAt,
  settled,
  tableEntries,
  zeroLayout,
} from './pdbBuild';
import { growFailures } from './memory';
import { placedValid, unrankPlacement } from './pdbPlacement';
import { zeroAwareLayoutOf, zeroAwarePlaceCover, zeroAwarePocketIndex, zeroAwareRegionAt } from './zeroAware';
import { local } from './instance';

// Target cell -> source cell (the symmetry taken back), set by pdbDeriveMap.
const deriveCellMap: usize = memory.data(MAX_PDB_CELLS, 16);
// For the source group's tile j (rank order), the target tile i that maps onto it.
const deriveOrder: usize = memory.data(MAX_GROUP_TILES, 8);
const sourcePlacement: usize = memory.data(MAX_GROUP_TILES, 8);
// The blocked order (deriveBlocked): the digits of the others' placement,
// each target tile's weight in the rank, and a later tile's weight by its cell.
const otherDigits: usize = memory.data(MAX_GROUP_TILES, 8);
const targetWeights: usize = memory.data(MAX_GROUP_TILES * 4, 16);
const laterWeights: usize = memory.data(MAX_PDB_CELLS * 4, 16);
let deriveSource: usize = 0;
let deriveTarget: usize = 0;

/** Sets where the symmetry takes target cell `cell` back to in the source group's frame. */
export function pdbDeriveMap(cell: i32, sourceCell: i32): void {
  if (cell >= 0 && cell < MAX_PDB_CELLS) store<u8>(local(deriveCellMap) + cell, <u8>sourceCell);
}

/**
 * Starts filling the table at `targetAt` for the group whose home cells are
 * `targetMask` on a `width` x `height` board, from the table at `sourceAt` of
 * the group those cells map onto through pdbDeriveMap; both zero-aware when
 * `zeroAware` is 1 (a region of the blank maps onto a region). Returns the
 * entry count, or -1 when the map is not a bijection of the board that
 * carries the group onto a group of the same size.
 */
export function pdbDeriveStart(width: i32, height: i32, targetMask: u32, sourceAt: f64, targetAt: f64, zeroAware: i32): f64 {
  return startDerive(width, height, targetMask, sourceAt, targetAt, zeroAware, true);
}

/**
 * A derivation split over instances of the shared build: another instance
 * joins the one pdbDeriveStart began with the same arguments (its own
 * pdbDeriveMap set alike first); the table, already cleared, is left as it
 * is. Returns the entry count, or PDB_NO_MEMORY (./pdbBuild) when this
 * instance cannot grow for its own zero-aware layout. Each then fills its
 * shares (pdbDeriveShare).
 */
export function pdbDeriveJoin(width: i32, height: i32, targetMask: u32, sourceAt: f64, targetAt: f64, zeroAware: i32): f64 {
  const failuresBefore = growFailures();
  return orNoMemory(startDerive(width, height, targetMask, sourceAt, targetAt, zeroAware, false), failuresBefore);
}

function startDerive(width: i32, height: i32, targetMask: u32, sourceAt: f64, targetAt: f64, zeroAware: i32, clear: bool): f64 {
  const boardCells = width * height;
  const tilesInGroup = <i32>popcnt(targetMask);
  if (boardCells > MAX_PDB_CELLS || width < 2 || height < 2 || tilesInGroup < 1 || tilesInGroup > MAX_GROUP_TILES) return -1;
  const board = (<u32>1 << boardCells) - 1;
  if ((targetMask & ~board) != 0) return -1;
  let image: u32 = 0;
  for (let cell = 0; cell < boardCells; cell++) image |= <u32>1 << load<u8>(local(deriveCellMap) + cell);
  if (image != board) return -1;
  cells = boardCells;
  allCells = board;
  boardWidth = width;
  groupTiles = tilesInGroup;
  // Source homes are the target homes carried back; the source ranks its
  // tiles by home cell, ascending.
  let sourceMask: u32 = 0;
  let rest = targetMask;
  for (let i = 0; i < groupTiles; i++) {
    const cell = ctz(rest);
    rest &= rest - 1;
    store<u8>(local(homes) + i, <u8>cell);
    sourceMask |= <u32>1 << load<u8>(local(deriveCellMap) + cell);
  }
  for (let i = 0; i < groupTiles; i++) {
    const sourceHome = <u32>load<u8>(local(deriveCellMap) + load<u8>(local(homes) + i));
    store<u8>(local(deriveOrder) + popcnt(sourceMask & ((<u32>1 << sourceHome) - 1)), <u8>i);
  }
  entries = <u32>pdbEntryCount(cells, groupTiles);
  tableEntries = <f64>entries;
  zeroLayout = 0;
  if (zeroAware == 1) {
    zeroLayout = zeroAwareLayoutOf(width, height, groupTiles);
    if (zeroLayout == 0) return -1;
    tableEntries = load<f64>(zeroLayout, 16);
  }
  // The target tile whose image the source ranks last: innermost in the
  // blocked order, unless it is the target's last too (rank order then reads
  // the source in runs already).
  let tileWeight: u32 = 1;
  for (let i = groupTiles - 1; i >= 0; i--) {
    store<u32>(local(targetWeights) + (<usize>i << 2), tileWeight);
    tileWeight *= <u32>(cells - i);
  }
  const lastInSource = <i32>load<u8>(local(deriveOrder) + groupTiles - 1);
  blockTile = lastInSource != groupTiles - 1 ? lastInSource : -1;
  placedValid = false;
  deriveSource = <usize>sourceAt;
  deriveTarget = <usize>targetAt;
  if (clear) memory.fill(deriveTarget, 0, (<usize>tableEntries + 1) >> 1);
  scanAt = 0;
  settled = 0;
  return tableEntries;
}

// @ts-ignore: decorator
@inline
function entryAt(source: u32): u32 {
  return (<u32>load<u8>(deriveSource + (<usize>source >> 1)) >> ((source & 1) << 2)) & 15;
}

// An entry's nibble ORed into the target: atomic in the shared build, where
// other instances fill the table's other shares (a zero-aware pocket entry
// can share a byte with another share's).
// @ts-ignore: decorator
@inline
function copyEntry(source: u32, target: u32): void {
  orInto<u8>(deriveTarget + (<usize>target >> 1), <u8>(entryAt(source) << ((target & 1) << 2)));
}

// The cells the target placement of the last placeSource covers, and those of its source placement.
let targetCells: u32 = 0;
let sourceCells: u32 = 0;

// The target placement of rank `rank` read (in `placement`) and carried back
// through the symmetry (into `sourcePlacement`); returns the source's rank.
// @ts-ignore: decorator
@inline
function placeSource(rank: u32): u32 {
  targetCells = unrankPlacement(rank);
  let occupied: u32 = 0;
  let source: u32 = 0;
  for (let j = 0; j < groupTiles; j++) {
    const cell = <u32>load<u8>(local(deriveCellMap) + load<u8>(local(placement) + load<u8>(local(deriveOrder) + j)));
    store<u8>(local(sourcePlacement) + j, <u8>cell);
    source = source * <u32>(cells - j) + cell - popcnt(occupied & ((<u32>1 << cell) - 1));
    occupied |= <u32>1 << cell;
  }
  sourceCells = occupied;
  return source;
}

// Zero-aware: the entries of the target placement in `placement` (rank
// `rank`, cells `occupied`) from those of the source placement in
// `sourcePlacement` (rank `source`, cells `sourceOccupied`): the least value,
// and each region's from the source's region its cells map onto. Returns the
// entries written.
function copyZeroAwareEntries(rank: u32, occupied: u32, source: u32, sourceOccupied: u32): f64 {
  copyEntry(source << 1, rank << 1);
  if (!zeroAwarePlaceCover(zeroLayout, occupied)) {
    copyEntry((source << 1) + 1, (rank << 1) + 1);
    return 2;
  }
  let done: u32 = 0;
  let written: f64 = 1;
  for (let free = allCells & ~occupied; free != 0; free &= free - 1) {
    const cell = <i32>ctz(free);
    zeroAwarePlaceCover(zeroLayout, occupied);
    const region = zeroAwareRegionAt(cell);
    if ((done >> region) & 1) continue;
    done |= <u32>1 << region;
    const target = region == 0 ? (rank << 1) + 1 : zeroAwarePocketIndex(local(placement), groupTiles, region);
    zeroAwarePlaceCover(zeroLayout, sourceOccupied);
    const sourceRegion = zeroAwareRegionAt(<i32>load<u8>(local(deriveCellMap) + cell));
    copyEntry(sourceRegion == 0 ? (source << 1) + 1 : zeroAwarePocketIndex(local(sourcePlacement), groupTiles, sourceRegion), target);
    written++;
  }
  return written;
}

// The blocked order: -1 for rank order, else the target tile that varies
// innermost, on each free cell in turn, the others' placement (a placement of
// one tile fewer, ranked alike) outside it. That tile's image is the one the
// source ranks last, so each run reads consecutive source entries, and its
// writes land in a few lines of the target that the next runs write again
// (each an OR: a run's entries are not a byte's two). In rank order the
// target's last tile varies fastest and the source is read wherever its image
// puts it: a source line comes back only after that tile's weight in the
// source rank has gone round, 5.1 million ranks for a half turn of a 5x5
// 6-tile group (which reverses the tiles' order), every read a miss. Along a
// run the ranks change by a digit each (no placement is ranked whole). A
// zero-aware table's entries are read alike, its placements filled whole
// for the regions and pockets. Measured on 5x5 6-tile groups
// (bench/RESULTS.md, "Derivations on every core"): faster blocked for every
// symmetry that moves the last tile, plain and zero-aware.
let blockTile: i32 = -1;

// Fills the entries at [from, to) of the blocked order (as many as the target's ranks); returns how many.
function deriveBlocked(from: u32, to: u32): f64 {
  const runLength = <u32>(cells - groupTiles + 1);
  let run = from / runLength;
  let skip = from - run * runLength;
  let index = from;
  let written: f64 = 0;
  while (index < to) {
    // The others' placement of rank `run`: digits from the last, each the how-many-th free cell.
    let rest = run;
    for (let i = groupTiles - 1, k = groupTiles - 2; i >= 0; i--) {
      if (i == blockTile) continue;
      const radix = <u32>(cells - k);
      store<u8>(local(otherDigits) + k, <u8>(rest % radix));
      rest /= radix;
      k--;
    }
    let occupied: u32 = 0;
    for (let i = 0, k = 0; i < groupTiles; i++) {
      if (i == blockTile) continue;
      let free = allCells & ~occupied;
      for (let left = <i32>load<u8>(local(otherDigits) + k); left > 0; left--) free &= free - 1;
      const cell = ctz(free);
      store<u8>(local(placement) + i, <u8>cell);
      occupied |= <u32>1 << cell;
      k++;
    }
    // Along the run only tile b's cell moves. The target rank is then `base`
    // (the others' digits, each later tile's as if b were not there) plus
    // b's digit times its weight, less `above`: the weights of the later
    // tiles whose cells are above b's (b below a tile takes one off its
    // digit), taken off as b passes them. The source rank is `sourceBase`
    // plus the last digit, b's image's (the source ranks b's image last).
    let before: u32 = 0;
    let base: u32 = 0;
    let above: u32 = 0;
    let laterCells: u32 = 0;
    occupied = 0;
    for (let i = 0; i < groupTiles; i++) {
      if (i == blockTile) {
        before = occupied;
        continue;
      }
      const cell = <u32>load<u8>(local(placement) + i);
      const weight = load<u32>(local(targetWeights) + (<usize>i << 2));
      base += weight * (cell - popcnt(occupied & ((<u32>1 << cell) - 1)));
      occupied |= <u32>1 << cell;
      if (i > blockTile) {
        above += weight;
        laterCells |= <u32>1 << cell;
        store<u32>(local(laterWeights) + (<usize>cell << 2), weight);
      }
    }
    let sourceBase: u32 = 0;
    let sourceOthers: u32 = 0;
    for (let j = 0; j < groupTiles - 1; j++) {
      const cell = <u32>load<u8>(local(deriveCellMap) + load<u8>(local(placement) + load<u8>(local(deriveOrder) + j)));
      store<u8>(local(sourcePlacement) + j, <u8>cell);
      sourceBase = sourceBase * <u32>(cells - j) + cell - popcnt(sourceOthers & ((<u32>1 << cell) - 1));
      sourceOthers |= <u32>1 << cell;
    }
    sourceBase *= <u32>(cells - groupTiles + 1);
    const blockWeight = load<u32>(local(targetWeights) + (<usize>blockTile << 2));
    for (let open = allCells & ~occupied; open != 0 && index < to; open &= open - 1) {
      const cell = ctz(open);
      const below = (<u32>1 << cell) - 1;
      for (let passed = laterCells & below; passed != 0; passed &= passed - 1) above -= load<u32>(local(laterWeights) + (<usize>ctz(passed) << 2));
      laterCells &= ~below;
      if (skip > 0) {
        skip--;
        continue;
      }
      const image = <u32>load<u8>(local(deriveCellMap) + cell);
      const source = sourceBase + image - popcnt(sourceOthers & ((<u32>1 << image) - 1));
      const target = base + blockWeight * (cell - popcnt(before & below)) - above;
      if (zeroLayout != 0) {
        // The placements whole, for the regions and pockets.
        store<u8>(local(placement) + blockTile, <u8>cell);
        store<u8>(local(sourcePlacement) + groupTiles - 1, <u8>image);
        written += copyZeroAwareEntries(target, occupied | (<u32>1 << cell), source, sourceOthers | (<u32>1 << image));
      } else {
        copyEntry(source, target);
        written++;
      }
      index++;
    }
    run++;
  }
  return written;
}

// Fills the entries of target ranks [from, to) (of the blocked order when
// there is one); returns how many it wrote.
function deriveRanks(from: u32, to: u32): f64 {
  let written: f64 = 0;
  if (blockTile >= 0) written = deriveBlocked(from, to);
  else if (zeroLayout != 0) {
    for (let rank = from; rank < to; rank++) {
      const source = placeSource(rank);
      written += copyZeroAwareEntries(rank, targetCells, source, sourceCells);
    }
  } else {
    // Two entries a byte, stored whole where both are this call's (a share
    // starts at an even rank: the byte is no other's), with no read of it.
    let rank = from;
    if ((rank & 1) != 0 && rank < to) copyEntry(placeSource(rank), rank++);
    for (; rank + 1 < to; rank += 2) {
      const low = entryAt(placeSource(rank));
      store<u8>(deriveTarget + (<usize>rank >> 1), <u8>(low | (entryAt(placeSource(rank + 1)) << 4)));
    }
    if (rank < to) copyEntry(placeSource(rank), rank);
    written = <f64>(to - from);
  }
  settled += written;
  return written;
}

/**
 * Fills the entries of the next `count` placements (rounded down to an even
 * number, at least 2) of the derivation under way; returns the entries filled
 * so far, the entry count once the table is complete.
 */
export function pdbDeriveSlice(count: f64): f64 {
  const slice = <u32>max(2, <i32>min(count, <f64>(1 << 30))) & ~1;
  const end = entries - scanAt > slice ? scanAt + slice : entries;
  deriveRanks(scanAt, end);
  scanAt = end;
  return settled;
}

/**
 * One instance's share of a derivation split over instances: the entries at
 * [start, end) of its order filled (target ranks in rank order, from an even
 * one so that no byte of the table is two shares'; in the blocked order each
 * entry is an atomic OR); returns how many entries it wrote.
 */
export function pdbDeriveShare(start: f64, end: f64): f64 {
  const from = <u32>max(0, min(start, <f64>entries));
  const to = <u32>max(<f64>from, min(end, <f64>entries));
  return deriveRanks(from, to);
}
