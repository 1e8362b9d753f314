// A catalogue's several sums, kept lazily for ./pdbHeuristic (see lazyPrice
// for why a bound holds): per move made a frame, per side (the board, the
// mirrored board), of each group's bound and each sum's total of them; a
// sum is read only when its bound could prune the child. The lookups and
// the sums' groups are ./pdbHeuristic's (the two files import each other,
// as the build's do: the pricing is inlined into IDA*'s inner loop).

import { local } from './instance';
import { Region, reserve } from './memory';
import { configuredGroups, cells, sumCount, manhattanSum, groupLayouts, sumGroups, tileGroup, tileMirrorGroup, groupLeastEntry, groupExactEntry, StopEarly, PriceAll } from './pdbHeuristic';

// The most groups a partition has; the stride of a per-tile array (a board has at most 25 cells).
export const MAX_GROUPS: i32 = 32;
export const STRIDE: i32 = 32;
// The largest entry a table holds (4 bits).
const MAX_ENTRY: i32 = 15;
// A frame of the lazy sums (see lazyPrice), per side (the board, the
// mirrored board) at side * FRAME_SIDE: each sum's bound (u16 lanes, one per
// sum), each group's bound (u8), and the groups whose bound is not exact
// (u32). A frame per move made: the deepest search makes PATH_CAPACITY
// moves (4032, see ./idaStar).
const FRAME_SUMS: i32 = 0;
const FRAME_ENTRIES: i32 = 16;
const FRAME_STALE: i32 = 48;
const FRAME_SIDE: i32 = 64;
const FRAME: i32 = 2 * FRAME_SIDE;
const FRAMES: i32 = 4096;

// The lazy sums' constants: the groups holding each tile in some sum (a bit
// per group), [side * STRIDE + tile]; the sums holding each group, as u16
// lanes (lane s is 1 if sum s does, a v128 per group) and as bits (u32 per
// group); and the sums searched, bit side * 8 + sum.
const tileGroupBits: usize = memory.data(2 * STRIDE * 4, 16);
const groupSumLanes: usize = memory.data(MAX_GROUPS * 16, 16);
const groupSumBits: usize = memory.data(MAX_GROUPS * 4, 16);
let laneMask: u32 = 0;
// Plain tables (not zero-aware): the groups (a bit per group), and per tile
// and side the sums whose group holding the tile is one (a bit per sum), [side * STRIDE + tile].
let plainGroups: u32 = 0;
const tilePlainSums: usize = memory.data(2 * STRIDE, 16);

// Several sums: the frames, a frame per move made (frameAt the board's, an
// offset into the region; framesAt the region's start), and the groups brought up to date while pricing the child (a bit
// per group, per side) with their entries at [side * MAX_GROUPS + g], from
// lazyPrice to lazyApply.
const framesRegionAt: usize = memory.data(offsetof<Region>(), 8);
let framesAt: usize = 0;
let frameAt: i32 = 0;
let readGroups: u32 = 0;
let mirrorReadGroups: u32 = 0;
const readEntries: usize = memory.data(2 * MAX_GROUPS, 16);

/**
 * Readies the lazy sums once the sums and groups are set (./pdbHeuristic
 * pdbPrepare): the frames' region (512 KiB, once per instance) and the
 * constants (see tileGroupBits). False when memory cannot grow that far.
 */
export function lazyReserve(mirrored: bool): bool {
  const region = changetype<Region>(local(framesRegionAt));
  if (!reserve(region, FRAMES * FRAME, 0)) return false;
  framesAt = region.base;
  memory.fill(local(tileGroupBits), 0, 2 * STRIDE * 4);
  memory.fill(local(groupSumLanes), 0, MAX_GROUPS * 16);
  memory.fill(local(groupSumBits), 0, MAX_GROUPS * 4);
  memory.fill(local(tilePlainSums), 0, 2 * STRIDE);
  plainGroups = 0;
  for (let g = 0; g < configuredGroups; g++) if (load<u32>(local(groupLayouts) + (<usize>g << 2)) == 0) plainGroups |= <u32>1 << g;
  for (let s = 0; s < sumCount; s++) {
    for (let rest = load<u32>(local(sumGroups) + (<usize>s << 2)); rest != 0; rest &= rest - 1) {
      store<u16>(local(groupSumLanes) + (<usize>ctz(rest) << 4) + (<usize>s << 1), 1);
      const bitsAt = local(groupSumBits) + (<usize>ctz(rest) << 2);
      store<u32>(bitsAt, load<u32>(bitsAt) | (<u32>1 << s));
    }
    for (let tile = 1; tile < cells; tile++) {
      const at = local(tileGroupBits) + (<usize>tile << 2);
      store<u32>(at, load<u32>(at) | (<u32>1 << load<u8>(local(tileGroup) + <usize>(s * STRIDE + tile))));
      const mirrorAt = at + (<usize>STRIDE << 2);
      store<u32>(mirrorAt, load<u32>(mirrorAt) | (<u32>1 << load<u8>(local(tileMirrorGroup) + <usize>(s * STRIDE + tile))));
      for (let side = 0; side < 2; side++) {
        const g = load<u8>((side == 0 ? local(tileGroup) : local(tileMirrorGroup)) + <usize>(s * STRIDE + tile));
        const plainAt = local(tilePlainSums) + <usize>(side * STRIDE + tile);
        if ((plainGroups & (<u32>1 << g)) != 0) store<u8>(plainAt, <u8>(<i32>load<u8>(plainAt) | (1 << s)));
      }
    }
  }
  laneMask = ((<u32>1 << sumCount) - 1) | (mirrored ? ((<u32>1 << sumCount) - 1) << 8 : 0);
  return true;
}

/** Frame 0 from the loaded board's exact entries (`entries`, `mirrorEntries`: a byte per group). */
export function lazyFrameZero(entries: usize, mirrorEntries: usize): void {
  memory.fill(framesAt, 0, FRAME);
  for (let s = 0; s < sumCount; s++) {
    let sum = 0;
    let mirrored = 0;
    for (let rest = load<u32>(local(sumGroups) + (<usize>s << 2)); rest != 0; rest &= rest - 1) {
      sum += <i32>load<u8>(entries + ctz(rest));
      mirrored += <i32>load<u8>(mirrorEntries + ctz(rest));
    }
    store<u16>(framesAt + FRAME_SUMS + (<usize>s << 1), <u16>sum);
    store<u16>(framesAt + FRAME_SIDE + FRAME_SUMS + (<usize>s << 1), <u16>mirrored);
  }
  memory.copy(framesAt + FRAME_ENTRIES, entries, configuredGroups);
  memory.copy(framesAt + FRAME_SIDE + FRAME_ENTRIES, mirrorEntries, configuredGroups);
  frameAt = 0;
}

// Lazy sums (several sums): an entry is (group distance - group Manhattan) /
// 2, and a move of one of the group's tiles is one step in the table's own
// space (a zero-aware table's too: a move of another group's tile leaves its
// entry as it is, see ./pdbHeuristic's header), so the group distance changes by exactly
// 1 and the group Manhattan by the tile's change: the entry goes up by at
// most 1 when the tile moves toward its home, and never when it moves away.
// So each frame keeps per group a bound: the entry last read, plus 1 per
// move of its tiles toward home since (at most MAX_ENTRY), and per sum the
// total of its groups' bounds. A sum whose bound cannot prune the child
// (Manhattan + 2 x bound within room) is skipped; one that could is read
// exactly: one lookup per group it holds that is stale (a tile moved since
// its read, the moved tile's group included), least entry first, a group
// read for an earlier sum of this child not read again. The moved tile's
// groups read become exact in the child's frame if the child is made; a
// stale group the moved tile is not in has the parent's entry (the move
// leaves it as it is), so it goes into the parent's frame at once, for
// the other children and this one's subtree. A plain table's entry is the
// least over the blank's regions, which can rise by more than 1 in a move
// (tests/engine/lazySums.test.ts finds one on 3x3): its moved group's bound
// is MAX_ENTRY and a sum holding it is always read. Only a sum that
// could prune is read, and it is read exactly, so a child is pruned exactly
// when some sum's full value prunes it, as in a search that reads every sum:
// the same nodes. With PriceAll every sum is read (fullChildEstimate).
// A non-pruned child's h is Manhattan + 2 x the largest sum read, at least
// the Manhattan (0 only at the goal, all the search asks of it).
// @ts-ignore: decorator
@inline
export function lazyPrice<Stop>(tile: i32, to: i32, manhattanDelta: i32, mirror: bool, room: i32): i32 {
  const manhattan = manhattanSum + manhattanDelta;
  // The child's Manhattan plus 2 x the rise of a bound: 1 if the tile moved toward home.
  const lifted = manhattan + (manhattanDelta < 0 ? 2 : 0);
  const frame = framesAt + <usize>frameAt;
  readGroups = 0;
  mirrorReadGroups = 0;
  // The sums that could prune, bit side * 8 + sum: those whose bound does
  // (all lanes at once), and those whose moved group is plain (the bound is for zero-aware tables).
  const plainSums = <u32>load<u8>(local(tilePlainSums) + tile) | (<u32>load<u8>(local(tilePlainSums) + STRIDE + tile) << 8);
  let candidates = laneMask;
  if (sizeof<Stop>() == sizeof<StopEarly>()) {
    const floor = i16x8.splat(<i16>min(max((room - lifted) >> 1, -1), 32767));
    candidates = <u32>i16x8.bitmask(i16x8.gt_s(v128.load(frame + FRAME_SUMS), floor));
    if (mirror) candidates |= <u32>i16x8.bitmask(i16x8.gt_s(v128.load(frame + FRAME_SIDE + FRAME_SUMS), floor)) << 8;
    candidates = (candidates | plainSums) & laneMask;
  }
  // None: the child is not pruned, and nothing is read (the common case).
  if (candidates == 0) return manhattan;
  // First those with no stale group but the moved tile's (a lookup each at
  // most), then the others, each checked again in its turn (a stale group
  // read for an earlier one may have lowered its bound). One alone needs no order.
  let dear: u32 = 0;
  if ((candidates & (candidates - 1)) != 0) {
    for (let rest = load<u32>(frame + FRAME_STALE) & ~load<u32>(local(tileGroupBits) + (<usize>tile << 2)); rest != 0; rest &= rest - 1) {
      dear |= load<u32>(local(groupSumBits) + (<usize>ctz(rest) << 2));
    }
    if (mirror) {
      for (let rest = load<u32>(frame + FRAME_SIDE + FRAME_STALE) & ~load<u32>(local(tileGroupBits) + (<usize>(STRIDE + tile) << 2)); rest != 0; rest &= rest - 1) {
        dear |= load<u32>(local(groupSumBits) + (<usize>ctz(rest) << 2)) << 8;
      }
    }
  }
  let best = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let rest = candidates & (pass == 0 ? ~dear : dear); rest != 0; rest &= rest - 1) {
      const bit = <i32>ctz(rest);
      const s = bit & 7;
      const side = frame + <usize>((bit >> 3) * FRAME_SIDE);
      const bound = <i32>load<u16>(side + FRAME_SUMS + (<usize>s << 1));
      if (sizeof<Stop>() == sizeof<StopEarly>() && pass == 1 && ((plainSums >> bit) & 1) == 0 && lifted + (bound << 1) <= room) continue;
      const sum = bit < 8 ? lazySum(false, s, side, bound, tile, to, manhattan, room) : lazySum(true, s, side, bound, tile, to, manhattan, room);
      if (manhattan + (sum << 1) > room) return manhattan + (sum << 1);
      best = max(best, sum);
    }
  }
  return manhattan + (best << 1);
}

// Sum s of the child after `tile` steps onto `to` (of the mirrored board's
// when `mirror`), `side` that side's frame and `bound` the sum's bound there:
// exact, or, once a least entry shows that it prunes the child, a lower bound
// that prunes it.
// @ts-ignore: decorator
@inline
function lazySum(mirror: bool, s: i32, side: usize, bound: i32, tile: i32, to: i32, manhattan: i32, room: i32): i32 {
  const moved = load<u32>(local(tileGroupBits) + (<usize>(<i32>(mirror ? STRIDE : 0) + tile) << 2));
  const stale = (load<u32>(side + FRAME_STALE) | moved) & load<u32>(local(sumGroups) + (<usize>s << 2));
  const read = mirror ? mirrorReadGroups : readGroups;
  const readAt = local(readEntries) + (mirror ? <usize>MAX_GROUPS : 0);
  // The exact groups' entries, and those read for an earlier sum.
  let sum = bound;
  for (let rest = stale; rest != 0; rest &= rest - 1) {
    const g = ctz(rest);
    sum -= <i32>load<u8>(side + FRAME_ENTRIES + g);
    if ((read & (<u32>1 << g)) != 0) sum += <i32>load<u8>(readAt + g);
  }
  let nowRead = read;
  for (let rest = stale & ~read; rest != 0; rest &= rest - 1) {
    const g = <i32>ctz(rest);
    let entry = groupLeastEntry(g, mirror, tile, to);
    // The groups not yet read add at least 0.
    if (manhattan + ((sum + entry) << 1) > room) return sum + entry;
    entry = groupExactEntry(g, mirror, tile, to, entry);
    sum += entry;
    if (manhattan + (sum << 1) > room) return sum;
    if ((moved & (<u32>1 << g)) != 0) {
      store<u8>(readAt + g, <u8>entry);
      nowRead |= <u32>1 << g;
    } else {
      // The moved tile is not the group's: the entry is the parent's too, and its
      // frame takes it (the other children and this one's subtree read it there).
      const change = entry - <i32>load<u8>(side + FRAME_ENTRIES + g);
      store<u8>(side + FRAME_ENTRIES + g, <u8>entry);
      v128.store(side + FRAME_SUMS, i16x8.add(v128.load(side + FRAME_SUMS), i16x8.mul(i16x8.splat(<i16>change), v128.load(local(groupSumLanes) + (<usize>g << 4)))));
      store<u32>(side + FRAME_STALE, load<u32>(side + FRAME_STALE) & ~(<u32>1 << g));
    }
  }
  if (mirror) mirrorReadGroups = nowRead;
  else readGroups = nowRead;
  return sum;
}

/** Makes the move lazyPrice priced: the next frame. */
// @ts-ignore: decorator
@inline
export function lazyApply(tile: i32, toward: bool, mirror: bool): void {
  const from = framesAt + <usize>frameAt;
  frameAt += FRAME;
  applySide(false, tile, toward, from, from + FRAME, readGroups);
  if (mirror) applySide(true, tile, toward, from + FRAME_SIDE, from + FRAME + FRAME_SIDE, mirrorReadGroups);
}

// One side's frame after the move (`from` the parent's, `into` the child's):
// the groups read while pricing it exact, the moved tile's other groups
// stale, their bounds 1 up if it moved toward its home.
// @ts-ignore: decorator
@inline
function applySide(mirror: bool, tile: i32, toward: bool, from: usize, into: usize, read: u32): void {
  v128.store(into + FRAME_ENTRIES, v128.load(from + FRAME_ENTRIES));
  v128.store(into + FRAME_ENTRIES + 16, v128.load(from + FRAME_ENTRIES + 16));
  let sums = v128.load(from + FRAME_SUMS);
  const moved = load<u32>(local(tileGroupBits) + (<usize>(<i32>(mirror ? STRIDE : 0) + tile) << 2));
  // A plain table's entry is the least over the blank's regions, which a move may change by more: its bound is MAX_ENTRY.
  for (let rest = (toward ? moved : moved & plainGroups) & ~read; rest != 0; rest &= rest - 1) {
    const g = ctz(rest);
    const entry = <i32>load<u8>(into + FRAME_ENTRIES + g);
    const raised = (plainGroups & (<u32>1 << g)) != 0 ? MAX_ENTRY : min(entry + 1, MAX_ENTRY);
    store<u8>(into + FRAME_ENTRIES + g, <u8>raised);
    sums = i16x8.add(sums, i16x8.mul(i16x8.splat(<i16>(raised - entry)), v128.load(local(groupSumLanes) + (<usize>g << 4))));
  }
  const readAt = local(readEntries) + (mirror ? <usize>MAX_GROUPS : 0);
  for (let rest = read; rest != 0; rest &= rest - 1) {
    const g = ctz(rest);
    const entry = <i32>load<u8>(readAt + g);
    const change = entry - <i32>load<u8>(into + FRAME_ENTRIES + g);
    store<u8>(into + FRAME_ENTRIES + g, <u8>entry);
    sums = i16x8.add(sums, i16x8.mul(i16x8.splat(<i16>change), v128.load(local(groupSumLanes) + (<usize>g << 4))));
  }
  v128.store(into + FRAME_SUMS, sums);
  store<u32>(into + FRAME_STALE, (load<u32>(from + FRAME_STALE) | moved) & ~read);
}

// @ts-ignore: decorator
@inline
export function lazyUndo(): void {
  frameAt -= FRAME;
}
