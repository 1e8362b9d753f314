/**
 * The TypeScript twin of `assembly/pdbHeuristic.ts`: the additive
 * pattern-database heuristic as the IDA* twin (./idaStar.ts) uses it. Per
 * group its tiles in rank order, for the board and for its mirror image, and
 * its table; the search keeps each group's entry and the sums, and re-ranks
 * only the moved tile's group. See the assembly file for the entries and the
 * mirrored lookup.
 */
import type { PdbPartition } from '../contract.js';
import { partitionSums } from '../pdbPartition.js';
import { entryAt, rankPlacement, type TwinPdb } from './pdb.js';
import { zeroAwareLayout, zeroAwareRegionIndex, type ZeroAwareLayout } from '../zeroAwareLayout.js';
import { POSITION_STRIDE } from './linearConflict.js';

/** The PDB heuristic's steps, closures over the board being searched (see twinPdbHeuristic). */
export interface PdbHeuristic {
  /** Readies the partition's tables for `goal`; returns whether the mirrored lookup applies. Throws when the tables are missing or do not fit. */
  prepare(width: number, height: number, goal: Uint8Array, partition: PdbPartition | undefined): boolean;
  /** Loads `board` (tiles by position, the prepared size) whose Manhattan distance is `manhattan`; returns its h. */
  loadBoard(board: Uint8Array, manhattan: number): number;
  /** h after `tile` steps onto `to`; leaves the new entries for apply. Above `room` (pruned) the mirrored lookup is skipped. */
  childEstimate(tile: number, to: number, manhattanDelta: number, room: number): number;
  /** Makes the move childEstimate priced; returns the old entries for undo. */
  apply(tile: number, to: number, manhattanDelta: number): number;
  /** Takes back apply: `tile` returns to `from`. */
  undo(tile: number, from: number, manhattanDelta: number, saved: number): void;
}

/**
 * The sums after sum 0 of a catalogue (PdbPartition.sums), as
 * assembly/pdbHeuristic.ts keeps them apart from sum 0 so that a lone
 * partition costs what it did: per side (the board, the mirrored board) and
 * sum, the group of each tile, the first sum in which the tile has that
 * group (its entry read there is read again, not looked up), each sum, and
 * the moved tile's new entry in each (pending, [0] sum 0's). `saved` holds
 * what apply replaced, the sums' old entries a move at a time.
 */
interface LaterSums {
  tileGroups: Uint8Array[][];
  sameSums: Uint8Array[][];
  sums: Int32Array[];
  pending: Uint8Array[];
  saved: number[];
}

/** Per sum, per side (the board, mirrored): the sum's group of each tile. */
function sumTileGroups(partition: PdbPartition, goal: Uint8Array, mirrorCell: Uint8Array): Uint8Array[][] {
  return partitionSums(partition).map((groups) =>
    [0, 1].map((side) => {
      const tileGroup = new Uint8Array(POSITION_STRIDE);
      for (const group of groups) for (const cell of partition.groups[group]!) tileGroup[goal[side ? mirrorCell[cell]! : cell]!] = group;
      return tileGroup;
    }),
  );
}

/** The partition and its tables, checked to be there and to fit the board and goal; throws a RangeError if not. */
function tablesFitting(
  pdb: TwinPdb,
  partition: PdbPartition | undefined,
  width: number,
  height: number,
  goal: Uint8Array,
): { partition: PdbPartition; tables: Uint8Array[] } {
  const tables = partition ? pdb.tables(partition) : null;
  if (!partition || !tables) {
    throw new RangeError(`IDA*: the PDB heuristic needs the tables of a partition${partition ? ` (${partition.name} is not built)` : ''}`);
  }
  if (partition.width !== width || partition.height !== height || partition.blankCell !== goal.indexOf(0)) {
    throw new RangeError(`IDA*: partition ${partition.name} does not fit this goal (its blank cell is ${partition.blankCell})`);
  }
  return { partition, tables };
}

function laterSumsOf(partition: PdbPartition, goal: Uint8Array, mirrorCell: Uint8Array): LaterSums | null {
  const sumGroups = partitionSums(partition);
  if (sumGroups.length === 1) return null;
  const bySum = sumTileGroups(partition, goal, mirrorCell);
  const tileGroups = [0, 1].map((side) => bySum.map((sides) => sides[side]!));
  const sameSums = tileGroups.map((side) =>
    side.map((tileGroup) => Uint8Array.from({ length: POSITION_STRIDE }, (_, tile) => side.findIndex((earlier) => earlier[tile] === tileGroup[tile]))),
  );
  const perSide = () => [0, 1].map(() => new Int32Array(sumGroups.length));
  return { tileGroups, sameSums, sums: perSide(), pending: perSide().map((sums) => new Uint8Array(sums.length)), saved: [] };
}

/**
 * The later sums' part of childEstimate, on the board and then mirrored
 * (`sides`: each side's entries), a group an earlier sum read not read again
 * (`lookup` reads one, least entry first); `best` the largest sum so far.
 */
function laterEstimate(
  later: LaterSums,
  sides: Uint8Array[],
  tile: number,
  manhattan: number,
  room: number,
  best: number,
  lookup: (group: number, mirror: boolean, others: number) => number,
): number {
  sides.forEach((sideEntries, side) => {
    for (let sum = 1; sum < later.sums[side]!.length && manhattan + 2 * best <= room; sum++) {
      const group = later.tileGroups[side]![sum]![tile]!;
      const others = later.sums[side]![sum]! - sideEntries[group]!;
      const same = later.sameSums[side]![sum]![tile]!;
      const entry = same < sum ? later.pending[side]![same]! : lookup(group, side === 1, others);
      later.pending[side]![sum] = entry;
      best = Math.max(best, others + entry);
    }
  });
  return manhattan + 2 * best;
}

/** Each later sum's entry of the moved tile's group becomes the pending one; returns where the old ones went. */
function applyLaterSums(later: LaterSums, sides: Uint8Array[], tile: number): number {
  const slot = later.saved.length;
  sides.forEach((sideEntries, side) => {
    const groups = later.tileGroups[side]!;
    const first = later.saved.length;
    // Every old entry is read before any is written.
    for (let sum = 1; sum < groups.length; sum++) later.saved.push(sideEntries[groups[sum]![tile]!]!);
    for (let sum = 1; sum < groups.length; sum++) {
      later.sums[side]![sum]! += later.pending[side]![sum]! - later.saved[first + sum - 1]!;
      sideEntries[groups[sum]![tile]!] = later.pending[side]![sum]!;
    }
  });
  return slot;
}

function undoLaterSums(later: LaterSums, sides: Uint8Array[], tile: number, slot: number): void {
  sides.forEach((sideEntries, side) => {
    const groups = later.tileGroups[side]!;
    const first = slot + side * (groups.length - 1);
    // Every sum is taken back before any entry is.
    for (let sum = 1; sum < groups.length; sum++) later.sums[side]![sum]! += later.saved[first + sum - 1]! - sideEntries[groups[sum]![tile]!]!;
    for (let sum = 1; sum < groups.length; sum++) sideEntries[groups[sum]![tile]!] = later.saved[first + sum - 1]!;
  });
  later.saved.length = slot;
}

/**
 * The PDB heuristic over `pdb`'s installed tables. Its state lives in the
 * closure (context slots), as the search's own does: see ./idaStar.ts.
 */
export function twinPdbHeuristic(pdb: TwinPdb): PdbHeuristic {
  let groupTables: Uint8Array[] = [];
  // Per group, the zero-aware layout its table is indexed by, or null.
  let groupLayouts: Array<ZeroAwareLayout | null> = [];
  let groupTiles: Uint8Array[] = [];
  let mirrorTiles: Uint8Array[] = [];
  // Sum 0's group of each tile, on the board and mirrored.
  let tileGroup: Uint8Array = new Uint8Array(POSITION_STRIDE);
  let tileMirrorGroup: Uint8Array = new Uint8Array(POSITION_STRIDE);
  const mirrorCell = new Uint8Array(POSITION_STRIDE);
  const positionOf = new Uint8Array(POSITION_STRIDE);
  const placement = new Uint8Array(8);
  let entries = new Uint8Array(0);
  let mirrorEntries = new Uint8Array(0);
  // The entries of each side a search looks up (the mirrored ones if the goal allows).
  let sides: Uint8Array[] = [];
  let entrySum = 0;
  let mirrorSum = 0;
  // The moved tile's new entries in sum 0, from childEstimate to apply.
  let pendingEntry = 0;
  let pendingMirrorEntry = 0;
  let later: LaterSums | null = null;
  let sumGroups: number[][] = [];
  let manhattanSum = 0;
  let boardCells = 0;
  let mirrored = false;
  // The rank of the placement leastEntry last read, for exactEntry.
  let lookedUpRank = 0;

  function prepare(width: number, height: number, goal: Uint8Array, requested: PdbPartition | undefined): boolean {
    const { partition, tables } = tablesFitting(pdb, requested, width, height, goal);
    const cells = width * height;
    const blankCell = goal.indexOf(0);
    mirrored = width === height && Math.floor(blankCell / width) === blankCell % width;
    for (let p = 0; p < cells; p++) mirrorCell[p] = mirrored ? (p % width) * width + Math.floor(p / width) : p;
    groupTables = tables;
    groupLayouts = partition.groups.map((homes) => (partition.zeroAware ? zeroAwareLayout(width, height, homes.length) : null));
    groupTiles = partition.groups.map((homes) => Uint8Array.from(homes, (cell) => goal[cell]!));
    mirrorTiles = partition.groups.map((homes) => Uint8Array.from(homes, (cell) => goal[mirrorCell[cell]!]!));
    sumGroups = partitionSums(partition);
    later = laterSumsOf(partition, goal, mirrorCell);
    [tileGroup, tileMirrorGroup] = sumTileGroups(partition, goal, mirrorCell)[0] as [Uint8Array, Uint8Array];
    entries = new Uint8Array(partition.groups.length);
    mirrorEntries = new Uint8Array(partition.groups.length);
    sides = mirrored ? [entries, mirrorEntries] : [entries];
    boardCells = cells;
    return mirrored;
  }

  /**
   * Entry of group `group` (of the mirrored board if `mirror`), `moved` on `movedTo`: a plain table's entry, a
   * zero-aware one's least over the blank's regions. Leaves the placement in `placement` for exactEntry.
   */
  function leastEntry(group: number, mirror: boolean, moved: number, movedTo: number): number {
    const list = mirror ? mirrorTiles[group]! : groupTiles[group]!;
    for (let i = 0; i < list.length; i++) {
      const tile = list[i]!;
      const cell = tile === moved ? movedTo : positionOf[tile]!;
      placement[i] = mirror ? mirrorCell[cell]! : cell;
    }
    lookedUpRank = rankPlacement(placement, list.length, boardCells);
    return entryAt(groupTables[group]!, groupLayouts[group] ? 2 * lookedUpRank : lookedUpRank);
  }

  /** The entry of the placement leastEntry just read (`least` there), the blank on the cell `moved` leaves. */
  function exactEntry(group: number, mirror: boolean, moved: number, least: number): number {
    const layout = groupLayouts[group]!;
    if (!layout) return least;
    const blank = positionOf[Math.max(moved, 0)]!;
    return entryAt(groupTables[group]!, zeroAwareRegionIndex(layout, placement, mirror ? mirrorCell[blank]! : blank, lookedUpRank));
  }

  function loadBoard(board: Uint8Array, manhattan: number): number {
    for (let p = 0; p < boardCells; p++) positionOf[board[p]!] = p;
    manhattanSum = manhattan;
    for (let group = 0; group < entries.length; group++) {
      entries[group] = exactEntry(group, false, -1, leastEntry(group, false, -1, 0));
      mirrorEntries[group] = mirrored ? exactEntry(group, true, -1, leastEntry(group, true, -1, 0)) : 0;
    }
    const totals = [entries, mirrorEntries].map((sideEntries) => sumGroups.map((groups) => groups.reduce((total, group) => total + sideEntries[group]!, 0)));
    [entrySum, mirrorSum] = [totals[0]![0]!, totals[1]![0]!];
    if (later) later.sums = totals.map((side) => Int32Array.from(side));
    if (later) later.saved.length = 0;
    return manhattanSum + 2 * Math.max(...totals.flat());
  }

  /** As assembly/pdbHeuristic.ts: sum 0 on each side, then the later sums, until one prunes; each lookup by the least entry first. */
  function childEstimate(tile: number, to: number, manhattanDelta: number, room: number): number {
    const manhattan = manhattanSum + manhattanDelta;
    const group = tileGroup[tile]!;
    const others = entrySum - entries[group]!;
    let entry = leastEntry(group, false, tile, to);
    if (manhattan + 2 * (others + entry) <= room) entry = exactEntry(group, false, tile, entry);
    pendingEntry = entry;
    let best = others + entry;
    if (manhattan + 2 * best > room) return manhattan + 2 * best;
    if (mirrored) {
      const mirrorGroup = tileMirrorGroup[tile]!;
      const mirrorOthers = mirrorSum - mirrorEntries[mirrorGroup]!;
      let mirrorEntry = leastEntry(mirrorGroup, true, tile, to);
      if (manhattan + 2 * (mirrorOthers + mirrorEntry) <= room) mirrorEntry = exactEntry(mirrorGroup, true, tile, mirrorEntry);
      pendingMirrorEntry = mirrorEntry;
      best = Math.max(best, mirrorOthers + mirrorEntry);
      if (manhattan + 2 * best > room) return manhattan + 2 * best;
    }
    if (!later) return manhattan + 2 * best;
    [later.pending[0]![0], later.pending[1]![0]] = [pendingEntry, pendingMirrorEntry];
    return laterEstimate(later, sides, tile, manhattan, room, best, (group, mirror, others) => {
      const entry = leastEntry(group, mirror, tile, to);
      return manhattan + 2 * (others + entry) <= room ? exactEntry(group, mirror, tile, entry) : entry;
    });
  }

  function apply(tile: number, to: number, manhattanDelta: number): number {
    // Sum 0's old entries are read before the later sums write theirs: sums may share a group.
    const group = tileGroup[tile]!;
    const old = entries[group]!;
    const mirrorGroup = tileMirrorGroup[tile]!;
    const oldMirror = mirrored ? mirrorEntries[mirrorGroup]! : 0;
    const slot = later ? applyLaterSums(later, sides, tile) : 0;
    entries[group] = pendingEntry;
    entrySum += pendingEntry - old;
    if (mirrored) {
      mirrorEntries[mirrorGroup] = pendingMirrorEntry;
      mirrorSum += pendingMirrorEntry - oldMirror;
    }
    manhattanSum += manhattanDelta;
    // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = to;
    return old | (oldMirror << 8) | (slot << 16);
  }

  function undo(tile: number, from: number, manhattanDelta: number, saved: number): void {
    // Sum 0 is taken back before any entry is: the later sums may share its group.
    const group = tileGroup[tile]!;
    const old = saved & 0xff;
    entrySum += old - entries[group]!;
    const mirrorGroup = tileMirrorGroup[tile]!;
    const oldMirror = (saved >> 8) & 0xff;
    if (mirrored) mirrorSum += oldMirror - mirrorEntries[mirrorGroup]!;
    if (later) undoLaterSums(later, sides, tile, saved >>> 16);
    entries[group] = old;
    if (mirrored) mirrorEntries[mirrorGroup] = oldMirror;
    manhattanSum -= manhattanDelta;
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = from;
  }

  return { prepare, loadBoard, childEstimate, apply, undo };
}
