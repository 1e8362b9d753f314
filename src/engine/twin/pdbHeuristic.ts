/**
 * The TypeScript twin of `assembly/pdbHeuristic.ts`: the additive
 * pattern-database heuristic as the IDA* twin (./idaStar.ts) uses it. Per
 * group its tiles in rank order, for the board and for its mirror image, and
 * its table; the search keeps each group's entry and the sums, and re-ranks
 * only the moved tile's group. See the assembly file for the entries and the
 * mirrored lookup; a catalogue's several sums are ./pdbLazySums.ts.
 */
import type { PdbPartition } from '../contract.js';
import { partitionSums } from '../pdbPartition.js';
import { entryAt, rankPlacement, type TwinPdb } from './pdb.js';
import { zeroAwareLayout, zeroAwareRegionIndex, type ZeroAwareLayout } from '../zeroAwareLayout.js';
import { POSITION_STRIDE } from './linearConflict.js';
import { lazySums, type LazySums } from './pdbLazySums.js';

/** The PDB heuristic's steps, closures over the board being searched (see twinPdbHeuristic). */
export interface PdbHeuristic {
  /** Readies the partition's tables for `goal`; returns whether the mirrored lookup applies. Throws when the tables are missing or do not fit. */
  prepare(width: number, height: number, goal: Uint8Array, partition: PdbPartition | undefined): boolean;
  /** Loads `board` (tiles by position, the prepared size) whose Manhattan distance is `manhattan`; returns its h. */
  loadBoard(board: Uint8Array, manhattan: number): number;
  /** h after `tile` steps onto `to`; leaves the new entries for apply. Above `room` (pruned) the later lookups are skipped; `room` Infinity prices every sum. */
  childEstimate(tile: number, to: number, manhattanDelta: number, room: number): number;
  /** Makes the move childEstimate priced; returns the old entries for undo. */
  apply(tile: number, to: number, manhattanDelta: number): number;
  /** Takes back apply: `tile` returns to `from`. */
  undo(tile: number, from: number, manhattanDelta: number, saved: number): void;
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
  let entrySum = 0;
  let mirrorSum = 0;
  // The moved tile's new entries (a lone partition), from childEstimate to apply.
  let pendingEntry = 0;
  let pendingMirrorEntry = 0;
  // A catalogue's sums (several), and the move its lookups read (see entryAfterMove).
  let lazy: LazySums | null = null;
  let movedTile = 0;
  let movedTo = 0;
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
    lazy = partitionSums(partition).length > 1 ? lazySums(partition, goal, mirrorCell, mirrored ? 2 : 1) : null;
    [tileGroup, tileMirrorGroup] = sumTileGroups(partition, goal, mirrorCell)[0] as [Uint8Array, Uint8Array];
    entries = new Uint8Array(partition.groups.length);
    mirrorEntries = new Uint8Array(partition.groups.length);
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
    if (lazy) return manhattanSum + 2 * lazy.load([entries, mirrorEntries]);
    entrySum = entries.reduce((total, entry) => total + entry, 0);
    mirrorSum = mirrorEntries.reduce((total, entry) => total + entry, 0);
    return manhattanSum + 2 * Math.max(entrySum, mirrorSum);
  }

  /** A catalogue's lookup (LazySums' EntryLookup) after movedTile steps onto movedTo: the least entry if above `enough`, else the exact one. */
  function entryAfterMove(group: number, mirror: boolean, enough: number): number {
    const least = leastEntry(group, mirror, movedTile, movedTo);
    return least > enough ? least : exactEntry(group, mirror, movedTile, least);
  }

  /** As assembly/pdbHeuristic.ts: the board's sum, then the mirrored board's, until one prunes, each lookup by the least entry first; a catalogue's by its lazy sums. */
  function childEstimate(tile: number, to: number, manhattanDelta: number, room: number): number {
    const manhattan = manhattanSum + manhattanDelta;
    if (lazy) {
      movedTile = tile;
      movedTo = to;
      return lazy.estimate(tile, manhattan, manhattanDelta, room, entryAfterMove);
    }
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
    }
    return manhattan + 2 * best;
  }

  function apply(tile: number, to: number, manhattanDelta: number): number {
    let saved = 0;
    if (lazy) {
      lazy.apply(tile, manhattanDelta);
    } else {
      const group = tileGroup[tile]!;
      const old = entries[group]!;
      const mirrorGroup = tileMirrorGroup[tile]!;
      const oldMirror = mirrored ? mirrorEntries[mirrorGroup]! : 0;
      entries[group] = pendingEntry;
      entrySum += pendingEntry - old;
      if (mirrored) {
        mirrorEntries[mirrorGroup] = pendingMirrorEntry;
        mirrorSum += pendingMirrorEntry - oldMirror;
      }
      saved = old | (oldMirror << 8);
    }
    manhattanSum += manhattanDelta;
    // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = to;
    return saved;
  }

  function undo(tile: number, from: number, manhattanDelta: number, saved: number): void {
    if (lazy) {
      lazy.undo();
    } else {
      const group = tileGroup[tile]!;
      entrySum += (saved & 0xff) - entries[group]!;
      entries[group] = saved & 0xff;
      if (mirrored) {
        const mirrorGroup = tileMirrorGroup[tile]!;
        mirrorSum += ((saved >> 8) & 0xff) - mirrorEntries[mirrorGroup]!;
        mirrorEntries[mirrorGroup] = (saved >> 8) & 0xff;
      }
    }
    manhattanSum -= manhattanDelta;
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = from;
  }

  return { prepare, loadBoard, childEstimate, apply, undo };
}
