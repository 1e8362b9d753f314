/**
 * The TypeScript twin of `assembly/pdbHeuristic.ts`: the additive
 * pattern-database heuristic as the IDA* twin (./idaStar.ts) uses it. Per
 * group its tiles in rank order, for the board and for its mirror image, and
 * its table; the search keeps each group's entry and the sums, and re-ranks
 * only the moved tile's group. See the assembly file for the entries and the
 * mirrored lookup.
 */
import { partitionSums, type PdbPartition } from '../contract.js';
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
 * Where childEstimate finds each sum's group of a tile: per side (the board,
 * the mirrored board) and sum, the group of each tile, and the first sum in
 * which the tile has that group (its entry read there is read again, not
 * looked up); and the [side, sum] pairs in the order childEstimate prices them.
 */
function sumLookups(
  partition: PdbPartition,
  goal: Uint8Array,
  mirrorCell: Uint8Array,
  mirrored: boolean,
): { tileGroups: Uint8Array[][]; sameSums: Uint8Array[][]; pricingOrder: Array<[number, number]> } {
  const sumGroups = partitionSums(partition);
  const tileGroups = [0, 1].map((side) =>
    sumGroups.map((groups) => {
      const tileGroup = new Uint8Array(POSITION_STRIDE);
      for (const group of groups) for (const cell of partition.groups[group]!) tileGroup[goal[side ? mirrorCell[cell]! : cell]!] = group;
      return tileGroup;
    }),
  );
  const sameSums = tileGroups.map((side) =>
    side.map((tileGroup) => Uint8Array.from({ length: POSITION_STRIDE }, (_, tile) => side.findIndex((earlier) => earlier[tile] === tileGroup[tile]))),
  );
  // Sum 0 on each side, then the later sums on the board, then mirrored (as assembly/pdbHeuristic.ts).
  const sides = mirrored ? [0, 1] : [0];
  const pricingOrder = [
    ...sides.map((side): [number, number] => [side, 0]),
    ...sides.flatMap((side) => sumGroups.slice(1).map((_, later): [number, number] => [side, later + 1])),
  ];
  return { tileGroups, sameSums, pricingOrder };
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
  /** See sumLookups. */
  let tileGroups: Uint8Array[][] = [[], []];
  let sameSums: Uint8Array[][] = [[], []];
  let sumGroups: number[][] = [];
  let pricingOrder: Array<[number, number]> = [];
  const mirrorCell = new Uint8Array(POSITION_STRIDE);
  const positionOf = new Uint8Array(POSITION_STRIDE);
  const placement = new Uint8Array(8);
  /** Per side: each group's entry, each sum, and the moved tile's new entry in each sum (from childEstimate to apply). */
  let entries: Uint8Array[] = [];
  let sums: Int32Array[] = [];
  let pending: Uint8Array[] = [];
  /** What apply replaced, per move made: the old entry of each sum on each side (as assembly/pdbHeuristic.ts savedEntries). */
  const saved: number[] = [];
  let manhattanSum = 0;
  let boardCells = 0;
  let mirrored = false;
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
    sumGroups = partitionSums(partition);
    ({ tileGroups, sameSums, pricingOrder } = sumLookups(partition, goal, mirrorCell, mirrored));
    entries = [0, 1].map(() => new Uint8Array(partition.groups.length));
    sums = [0, 1].map(() => new Int32Array(sumGroups.length));
    pending = [0, 1].map(() => new Uint8Array(sumGroups.length));
    saved.length = 0;
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
    let best = 0;
    for (const side of [0, 1]) {
      const mirror = side === 1;
      for (let group = 0; group < groupTiles.length; group++) {
        entries[side]![group] = !mirror || mirrored ? exactEntry(group, mirror, -1, leastEntry(group, mirror, -1, 0)) : 0;
      }
      sumGroups.forEach((groups, sum) => {
        sums[side]![sum] = groups.reduce((total, group) => total + entries[side]![group]!, 0);
        best = Math.max(best, sums[side]![sum]!);
      });
    }
    saved.length = 0;
    return manhattanSum + 2 * best;
  }

  /**
   * As assembly/pdbHeuristic.ts: the sums in pricingOrder, the first that
   * prunes ending the pricing; each lookup
   * by the least entry first, the exact one only when that does not prune; a
   * group an earlier sum read is not read again.
   */
  function childEstimate(tile: number, to: number, manhattanDelta: number, room: number): number {
    const manhattan = manhattanSum + manhattanDelta;
    let best = 0;
    for (const [side, sum] of pricingOrder) {
      const mirror = side === 1;
      const group = tileGroups[side]![sum]![tile]!;
      const others = sums[side]![sum]! - entries[side]![group]!;
      const same = sameSums[side]![sum]![tile]!;
      let entry: number;
      if (same < sum) {
        entry = pending[side]![same]!;
      } else {
        entry = leastEntry(group, mirror, tile, to);
        if (manhattan + 2 * (others + entry) <= room) entry = exactEntry(group, mirror, tile, entry);
      }
      pending[side]![sum] = entry;
      best = Math.max(best, others + entry);
      if (manhattan + 2 * best > room) break;
    }
    return manhattan + 2 * best;
  }

  /** Each [side, sum]'s entry of the moved tile's group becomes the pending one; returns where the old ones were saved. */
  function apply(tile: number, to: number, manhattanDelta: number): number {
    const slot = saved.length;
    // Every old entry is read before any is written: sums may share a group.
    for (const [side, sum] of pricingOrder) saved.push(entries[side]![tileGroups[side]![sum]![tile]!]!);
    pricingOrder.forEach(([side, sum], i) => {
      sums[side]![sum]! += pending[side]![sum]! - saved[slot + i]!;
      entries[side]![tileGroups[side]![sum]![tile]!] = pending[side]![sum]!;
    });
    manhattanSum += manhattanDelta;
    // The blank (tile 0) takes the cell the tile leaves: zero-aware lookups read it.
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = to;
    return slot;
  }

  function undo(tile: number, from: number, manhattanDelta: number, slot: number): void {
    // Every sum is taken back before any entry is: sums may share a group.
    pricingOrder.forEach(([side, sum], i) => (sums[side]![sum]! += saved[slot + i]! - entries[side]![tileGroups[side]![sum]![tile]!]!));
    pricingOrder.forEach(([side, sum], i) => (entries[side]![tileGroups[side]![sum]![tile]!] = saved[slot + i]!));
    saved.length = slot;
    manhattanSum -= manhattanDelta;
    positionOf[0] = positionOf[tile]!;
    positionOf[tile] = from;
  }

  return { prepare, loadBoard, childEstimate, apply, undo };
}
