/**
 * The TypeScript twin of assembly/pdbHeuristic.ts's lazy sums: a catalogue's
 * several sums, kept as bounds that are read only when they could prune a
 * child (see the assembly file, lazyPrice, for why an entry's bound holds).
 * Per move made a frame, per side (the board, the mirrored board): each
 * group's bound (its entry, exact while none of its tiles has moved since it
 * was read, then 1 up per move of one toward home, at most MAX_ENTRY; a
 * plain table's moved group at MAX_ENTRY), each sum's total of its groups'
 * bounds, and the groups whose bound is not exact. The lookups are the
 * heuristic's own (./pdbHeuristic.ts), passed in.
 */
import type { PdbPartition } from '../contract.js';
import { partitionSums } from '../pdbPartition.js';

/** The largest entry a table holds (4 bits). */
const MAX_ENTRY = 15;
/** Frames: one per move made; the deepest search makes 4032 moves (assembly/idaStar.ts PATH_CAPACITY). */
const FRAMES = 4096;

/**
 * Group `group`'s entry (of the mirrored board if `mirror`) after the child's
 * move: the table's least entry if that is above `enough` (the child is then
 * pruned), else the exact one.
 */
export type EntryLookup = (group: number, mirror: boolean, enough: number) => number;

/** A catalogue's lazy sums over the board being searched. */
export interface LazySums {
  /** Frame 0 from the loaded board's exact entries (each side's, by group); returns the largest sum. */
  load(entries: readonly Uint8Array[]): number;
  /**
   * The child's h after `tile` moves (the child's Manhattan distance `manhattan`, the tile's change
   * `manhattanDelta`): the first sum that prunes it (above `room`), else Manhattan + 2 x the largest sum
   * read. `room` Infinity: every sum read (the full h).
   */
  estimate(tile: number, manhattan: number, manhattanDelta: number, room: number, lookup: EntryLookup): number;
  /** Makes the move estimate priced: the next frame. */
  apply(tile: number, manhattanDelta: number): void;
  undo(): void;
}

/** The lazy sums of `partition` (several sums) for `goal`, `mirrorCell` reflecting a cell, `sides` 2 when mirrored. */
export function lazySums(partition: PdbPartition, goal: Uint8Array, mirrorCell: Uint8Array, sides: number): LazySums {
  const sums = partitionSums(partition);
  const groupCount = partition.groups.length;
  const sumBits = sums.map((groups) => groups.reduce((bits, group) => bits | (1 << group), 0));
  const sumsOfGroup = partition.groups.map((_, group) => sums.flatMap((groups, sum) => (groups.includes(group) ? [sum] : [])));
  const plainGroups = partition.zeroAware ? 0 : (2 ** groupCount - 1) | 0;
  // Per side and tile: the groups holding it in some sum, and the sums whose group holding it is plain.
  const tileGroupBits = [0, 1].map(() => new Uint32Array(32));
  const tilePlainSums = [0, 1].map(() => new Uint32Array(32));
  sums.forEach((groups, sum) => {
    for (const group of groups) {
      for (const cell of partition.groups[group]!) {
        for (let side = 0; side < 2; side++) {
          const tile = goal[side ? mirrorCell[cell]! : cell]!;
          tileGroupBits[side]![tile]! |= 1 << group;
          if (plainGroups & (1 << group)) tilePlainSums[side]![tile]! |= 1 << sum;
        }
      }
    }
  });
  // The sums each group is in (a bit per sum); the sums searched, bit side * 8 + sum, in the order they are tried.
  const groupSumBits = sumsOfGroup.map((holders) => holders.reduce((bits, sum) => bits | (1 << sum), 0));
  const order = Array.from({ length: sides * 8 }, (_, bit) => bit).filter((bit) => (bit & 7) < sums.length);
  // The frames: [(frame * 2 + side) * groupCount + group], [(frame * 2 + side) * sums + sum], [frame * 2 + side].
  const bounds = new Uint8Array(FRAMES * 2 * groupCount);
  const totals = new Int32Array(FRAMES * 2 * sums.length);
  const stale = new Uint32Array(FRAMES * 2);
  let frame = 0;
  // The moved tile's groups read while pricing the child, per side, and their entries: from estimate to apply.
  const read = [0, 0];
  const readEntries = [0, 1].map(() => new Uint8Array(groupCount));

  /** Sum `sum` of side `side` of the child: exact, or once a read shows it prunes, a lower bound that does. */
  function sumAfterMove(side: number, sum: number, tile: number, manhattan: number, room: number, lookup: EntryLookup): number {
    const at = frame * 2 + side;
    const moved = tileGroupBits[side]![tile]!;
    const groups = (stale[at]! | moved) & sumBits[sum]!;
    let total = totals[at * sums.length + sum]!;
    for (let rest = groups; rest !== 0; rest &= rest - 1) {
      const group = 31 - Math.clz32(rest & -rest);
      total -= bounds[at * groupCount + group]!;
      if (read[side]! & (1 << group)) total += readEntries[side]![group]!;
    }
    const enough = (room - manhattan) / 2;
    for (let rest = groups & ~read[side]!; rest !== 0; rest &= rest - 1) {
      const group = 31 - Math.clz32(rest & -rest);
      const entry = lookup(group, side === 1, Math.floor(enough - total));
      total += entry;
      if (total > enough) return total;
      if (moved & (1 << group)) {
        readEntries[side]![group] = entry;
        read[side]! |= 1 << group;
      } else {
        // Not the moved tile's group: the entry is the parent's too, and its frame takes it.
        const change = entry - bounds[at * groupCount + group]!;
        bounds[at * groupCount + group] = entry;
        for (const holder of sumsOfGroup[group]!) totals[at * sums.length + holder]! += change;
        stale[at]! &= ~(1 << group);
      }
    }
    return total;
  }

  /** Whether sum `bit` (side * 8 + sum) could prune the child (`lifted`: its Manhattan, plus 2 if the tile moved toward home). */
  function mayPrune(bit: number, tile: number, lifted: number, room: number): boolean {
    const side = bit >> 3;
    const sum = bit & 7;
    if (room === Number.POSITIVE_INFINITY || tilePlainSums[side]![tile]! & (1 << sum)) return true;
    return lifted + 2 * totals[(frame * 2 + side) * sums.length + sum]! > room;
  }

  return {
    load(entries) {
      frame = 0;
      let best = 0;
      for (let side = 0; side < 2; side++) {
        bounds.set(entries[side]!, side * groupCount);
        stale[side] = 0;
        sums.forEach((groups, sum) => {
          totals[side * sums.length + sum] = groups.reduce((total, group) => total + entries[side]![group]!, 0);
          best = Math.max(best, totals[side * sums.length + sum]!);
        });
      }
      return best;
    },

    estimate(tile, manhattan, manhattanDelta, room, lookup) {
      read[0] = 0;
      read[1] = 0;
      const lifted = manhattan + (manhattanDelta < 0 ? 2 : 0);
      // First the sums with no stale group but the moved tile's, then the others, each checked again in its turn.
      let dear = 0;
      for (let side = 0; side < sides; side++) {
        for (let rest = stale[frame * 2 + side]! & ~tileGroupBits[side]![tile]!; rest !== 0; rest &= rest - 1) {
          dear |= groupSumBits[31 - Math.clz32(rest & -rest)]! << (8 * side);
        }
      }
      const candidates = order.filter((bit) => mayPrune(bit, tile, lifted, room));
      let best = 0;
      for (const pass of [0, 1]) {
        for (const bit of candidates) {
          if (((dear >> bit) & 1) !== pass || (pass === 1 && !mayPrune(bit, tile, lifted, room))) continue;
          const sum = sumAfterMove(bit >> 3, bit & 7, tile, manhattan, room, lookup);
          if (manhattan + 2 * sum > room) return manhattan + 2 * sum;
          best = Math.max(best, sum);
        }
      }
      return manhattan + 2 * best;
    },

    apply(tile, manhattanDelta) {
      const from = frame;
      frame++;
      for (let side = 0; side < sides; side++) {
        const source = from * 2 + side;
        const at = frame * 2 + side;
        bounds.copyWithin(at * groupCount, source * groupCount, (source + 1) * groupCount);
        totals.copyWithin(at * sums.length, source * sums.length, (source + 1) * sums.length);
        const moved = tileGroupBits[side]![tile]!;
        const raise = manhattanDelta < 0 ? moved : moved & plainGroups;
        const set = (group: number, entry: number) => {
          const change = entry - bounds[at * groupCount + group]!;
          bounds[at * groupCount + group] = entry;
          for (const holder of sumsOfGroup[group]!) totals[at * sums.length + holder]! += change;
        };
        for (let rest = raise & ~read[side]!; rest !== 0; rest &= rest - 1) {
          const group = 31 - Math.clz32(rest & -rest);
          set(group, plainGroups & (1 << group) ? MAX_ENTRY : Math.min(bounds[at * groupCount + group]! + 1, MAX_ENTRY));
        }
        for (let rest = read[side]!; rest !== 0; rest &= rest - 1) {
          const group = 31 - Math.clz32(rest & -rest);
          set(group, readEntries[side]![group]!);
        }
        stale[at] = (stale[source]! | moved) & ~read[side]!;
      }
    },

    undo() {
      frame--;
    },
  };
}
