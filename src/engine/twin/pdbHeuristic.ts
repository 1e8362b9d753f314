/**
 * The TypeScript twin of `assembly/pdbHeuristic.ts`: the additive
 * pattern-database heuristic as the IDA* twin (./idaStar.ts) uses it. Per
 * group its tiles in rank order, for the board and for its mirror image, and
 * its table; the search keeps each group's entry and the sums, and re-ranks
 * only the moved tile's group. See the assembly file for the entries and the
 * mirrored lookup.
 */
import type { PdbPartition } from '../contract.js';
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

function pdbEstimate(manhattan: number, sum: number, mirror: number): number {
  return manhattan + 2 * Math.max(sum, mirror);
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
  const tileGroup = new Uint8Array(POSITION_STRIDE);
  const tileMirrorGroup = new Uint8Array(POSITION_STRIDE);
  const mirrorCell = new Uint8Array(POSITION_STRIDE);
  const positionOf = new Uint8Array(POSITION_STRIDE);
  const placement = new Uint8Array(8);
  let entries = new Uint8Array(0);
  let mirrorEntries = new Uint8Array(0);
  let entrySum = 0;
  let mirrorSum = 0;
  let manhattanSum = 0;
  let boardCells = 0;
  let mirrored = false;
  // The moved tile's new entries, from childEstimate to apply.
  let pendingEntry = 0;
  let pendingMirrorEntry = 0;
  // The rank of the placement leastEntry last read, for exactEntry.
  let lookedUpRank = 0;

  function prepare(width: number, height: number, goal: Uint8Array, partition: PdbPartition | undefined): boolean {
    const tables = partition ? pdb.tables(partition) : null;
    if (!partition || !tables) {
      throw new RangeError(`IDA*: the PDB heuristic needs the tables of a partition${partition ? ` (${partition.name} is not built)` : ''}`);
    }
    const cells = width * height;
    const blankCell = goal.indexOf(0);
    if (partition.width !== width || partition.height !== height || partition.blankCell !== blankCell) {
      throw new RangeError(`IDA*: partition ${partition.name} does not fit this goal (its blank cell is ${partition.blankCell})`);
    }
    mirrored = width === height && Math.floor(blankCell / width) === blankCell % width;
    for (let p = 0; p < cells; p++) mirrorCell[p] = mirrored ? (p % width) * width + Math.floor(p / width) : p;
    groupTables = tables;
    groupLayouts = partition.groups.map((homes) => (partition.zeroAware ? zeroAwareLayout(width, height, homes.length) : null));
    groupTiles = partition.groups.map((homes) => Uint8Array.from(homes, (cell) => goal[cell]!));
    mirrorTiles = partition.groups.map((homes) => Uint8Array.from(homes, (cell) => goal[mirrorCell[cell]!]!));
    partition.groups.forEach((homes, group) => {
      for (const cell of homes) {
        tileGroup[goal[cell]!] = group;
        tileMirrorGroup[goal[mirrorCell[cell]!]!] = group;
      }
    });
    entries = new Uint8Array(partition.groups.length);
    mirrorEntries = new Uint8Array(partition.groups.length);
    boardCells = cells;
    return mirrored;
  }

  /**
   * Entry of group `group` (of the mirrored board if `mirror`) at its
   * placement's rank, with `moved` taken to stand on `movedTo`: a plain
   * table's entry, a zero-aware one's least over the blank's regions. Leaves
   * the placement in `placement` for exactEntry.
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
    entrySum = 0;
    mirrorSum = 0;
    for (let group = 0; group < entries.length; group++) {
      entries[group] = exactEntry(group, false, -1, leastEntry(group, false, -1, 0));
      entrySum += entries[group]!;
      mirrorEntries[group] = mirrored ? exactEntry(group, true, -1, leastEntry(group, true, -1, 0)) : 0;
      mirrorSum += mirrorEntries[group]!;
    }
    return pdbEstimate(manhattanSum, entrySum, mirrorSum);
  }

  /** As assembly/pdbHeuristic.ts: each lookup prices by the least entry first, the exact one only when that does not prune. */
  function childEstimate(tile: number, to: number, manhattanDelta: number, room: number): number {
    const manhattan = manhattanSum + manhattanDelta;
    const group = tileGroup[tile]!;
    const others = entrySum - entries[group]!;
    let entry = leastEntry(group, false, tile, to);
    if (manhattan + 2 * (others + entry) <= room) entry = exactEntry(group, false, tile, entry);
    pendingEntry = entry;
    const sum = others + entry;
    if (!mirrored || manhattan + 2 * sum > room) return pdbEstimate(manhattan, sum, 0);
    const mirrorGroup = tileMirrorGroup[tile]!;
    const mirrorOthers = mirrorSum - mirrorEntries[mirrorGroup]!;
    let mirrorEntry = leastEntry(mirrorGroup, true, tile, to);
    if (manhattan + 2 * (mirrorOthers + mirrorEntry) <= room) mirrorEntry = exactEntry(mirrorGroup, true, tile, mirrorEntry);
    pendingMirrorEntry = mirrorEntry;
    return pdbEstimate(manhattan, sum, mirrorOthers + mirrorEntry);
  }

  function apply(tile: number, to: number, manhattanDelta: number): number {
    const group = tileGroup[tile]!;
    const old = entries[group]!;
    entries[group] = pendingEntry;
    entrySum += pendingEntry - old;
    let oldMirror = 0;
    if (mirrored) {
      const mirrorGroup = tileMirrorGroup[tile]!;
      oldMirror = mirrorEntries[mirrorGroup]!;
      mirrorEntries[mirrorGroup] = pendingMirrorEntry;
      mirrorSum += pendingMirrorEntry - oldMirror;
    }
    manhattanSum += manhattanDelta;
    // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = to;
    return old | (oldMirror << 8);
  }

  function undo(tile: number, from: number, manhattanDelta: number, saved: number): void {
    const group = tileGroup[tile]!;
    const old = saved & 0xff;
    entrySum += old - entries[group]!;
    entries[group] = old;
    if (mirrored) {
      const mirrorGroup = tileMirrorGroup[tile]!;
      mirrorSum += (saved >> 8) - mirrorEntries[mirrorGroup]!;
      mirrorEntries[mirrorGroup] = saved >> 8;
    }
    manhattanSum -= manhattanDelta;
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = from;
  }

  return { prepare, loadBoard, childEstimate, apply, undo };
}
