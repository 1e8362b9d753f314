// IDA*'s search body: the state of the search in progress, the node chunks
// and polling, and one body specialised per heuristic (expand, child and the
// prefix walk of subtree). Separate from the tables (./idaStarTables), built
// once per goal, and from the entry points (./idaStar) that set this state and
// dispatch to a copy of the body.

import { IdaStar } from './abi';
import { scratchPointer } from './scratch';
import { pdbApply, pdbChildEstimate, pdbUndo } from './pdbHeuristic';
import { Region } from './memory';
import { local } from './instance';
import { UP, DOWN, LEFT, RIGHT, boardWidth, startBlank, tiles, lineCodes, lineCost, moveMask, moveRecordAt } from './idaStarTables';

export const PATH_LENGTH_AT: usize = IdaStar.PATH_LENGTH_AT;
export const PATH_AT: usize = IdaStar.PATH_AT;

// The parent move of the root: (NO_MOVE ^ 1) names no direction, so nothing is pruned.
const NO_MOVE: i32 = 4;

// Move pruning: the machine of src/engine/movePruning.ts, written by the host
// into a region (idaStarPruningReserve). The search's state is a state of the
// machine: `pruningNext` (i32 per state and move) gives the next one, and
// `pruningAllowed` (u8 per state and blank cell) the moves the blank may make,
// on the board and not pruned. Pruning only the undo of the last move is the
// same shape with five states, so one search body serves every pruning.
// The region's record lies in static memory, this instance's own (./instance),
// not on the heap: an instance attached to a shared memory has no heap.
const pruningRegionAt: usize = memory.data(offsetof<Region>(), 8);
// @ts-ignore: decorator
@inline
export function pruningRegion(): Region {
  return changetype<Region>(local(pruningRegionAt));
}
export let pruningNext: usize = 0;
export let pruningAllowed: usize = 0;
export let pruningCells: i32 = 0;

// idaStarIteration results besides the next bound.
export const FOUND: i32 = IdaStar.FOUND;
export const OUT_OF_NODES: i32 = IdaStar.OUT_OF_NODES;
export const BOUND_TOO_DEEP: i32 = IdaStar.BOUND_TOO_DEEP;
export const STOPPED: i32 = IdaStar.STOPPED;
export const BAD_PREFIX: i32 = IdaStar.BAD_PREFIX;
// The longest prefix idaStarSubtree takes (a parallel search splits a few moves deep).
export const MAX_PREFIX: i32 = 32;
const NO_BOUND: i32 = IdaStar.NO_BOUND;

// The search in progress.
export let startH: i32 = 0;
export let bound: i32 = 0;
// The stem (moves) of the last prefix after which its walk went past the
// bound, 0 if it did not: every prefix that begins with that stem ends the
// same way, so a parallel search's dealer skips them (idaStarPrefixCut).
export let prefixCut: i32 = 0;
// Children left before chunkEnd; goes negative when a chunk runs out.
export let nodesLeft: i64 = 0;
export let expandedCount: f64 = 0;
// The node count at which the current chunk ends: min(nodeBudget, nextPoll).
export let chunkEnd: f64 = 0;
export let nodeBudget: f64 = 0;
export let nextPoll: f64 = 0;

export const POLL_NODES: f64 = 16384;

// The host's progress and stop hook (src/engine/wasm/idaStar.ts); nonzero stops the search.
// @ts-ignore: decorator
@external("env", "searchPoll")
declare function searchPoll(bound: i32, nodes: f64): i32;

// Nodes generated since setup.
// @ts-ignore: decorator
@inline
export function nodeCount(): f64 {
  return chunkEnd - (nodesLeft < 0 ? 0 : <f64>nodesLeft);
}

export function startChunk(count: f64): void {
  chunkEnd = nextPoll < nodeBudget ? nextPoll : nodeBudget;
  nodesLeft = <i64>(chunkEnd - count);
}

// The chunk ran out with the count at chunkEnd and one more child wanted:
// OUT_OF_NODES, STOPPED, or 0 with that child taken from a fresh chunk.
// @ts-ignore: decorator
@noinline
function chunkEnded(): i32 {
  const count = chunkEnd;
  if (count >= nodeBudget) return OUT_OF_NODES;
  if (searchPoll(bound, count) != 0) return STOPPED;
  nextPoll = count + POLL_NODES;
  startChunk(count);
  nodesLeft--;
  return 0;
}

// ---------------------------------------------------------------------------
// Search: one body, specialised per heuristic. The heuristic is a type
// argument K, one of the marker types below, told apart by its size and
// sign: the compiler knows sizeof<K>() and isSigned<K>() and compiles only
// the branches of K, so each instance of searchWith<K> (not inlined) holds a
// copy of the body with only its heuristic's code (the pattern of ./flip; a
// run-time heuristic argument would compile every branch, and the wrappers
// each branch calls would nest inside each other).
export type Manhattan = u8;
export type LinearConflict = u16;
export type Pdb = u32;
export type PdbMirrored = u64;
export type PdbSums = i32;
export type PdbSumsMirrored = i64;

// The PDB kinds are the types of 4 and 8 bytes; the mirrored ones, of 8; the
// kinds with several sums (see ./pdbHeuristic), the signed ones.
// @ts-ignore: decorator
@inline
function isPdb<K>(): bool {
  return sizeof<K>() >= 4;
}

// @ts-ignore: decorator
@inline
function isMirrored<K>(): bool {
  return sizeof<K>() == 8;
}

// Returns FOUND, OUT_OF_NODES, or the least f above the bound among pruned children.
// `state`: the move-pruning machine's state after the moves to here.
// @ts-ignore: decorator
@inline
function expand<K>(blank: i32, state: i32, g: i32, h: i32): i32 {
  if (h == 0) {
    store<u32>(scratchPointer() + PATH_LENGTH_AT, g);
    return FOUND;
  }
  expandedCount++;
  const room = bound - g - 1;
  const moves = <i32>load<u8>(pruningAllowed + <usize>(state * pruningCells + blank));
  let best = NO_BOUND;
  // Up, left, right, down: the host's SEARCH_MOVE_ORDER (src/engine/contract.ts
  // says why), written out so that each move's cell step is a constant.
  if (moves & (1 << UP)) {
    const result = child<K>(UP, blank, blank - boardWidth, g, h, room, state);
    if (result < best) {
      best = result;
      if (result < 0) return result;
    }
  }
  if (moves & (1 << LEFT)) {
    const result = child<K>(LEFT, blank, blank - 1, g, h, room, state);
    if (result < best) {
      best = result;
      if (result < 0) return result;
    }
  }
  if (moves & (1 << RIGHT)) {
    const result = child<K>(RIGHT, blank, blank + 1, g, h, room, state);
    if (result < best) {
      best = result;
      if (result < 0) return result;
    }
  }
  if (moves & (1 << DOWN)) {
    const result = child<K>(DOWN, blank, blank + boardWidth, g, h, room, state);
    if (result < best) best = result;
  }
  return best;
}

// The blank moves `direction` from `blank` to `next`: the tile there comes back.
// @ts-ignore: decorator
@inline
function child<K>(direction: i32, blank: i32, next: i32, g: i32, h: i32, room: i32, state: i32): i32 {
  if (--nodesLeft < 0) {
    const stop = chunkEnded();
    if (stop != 0) return stop;
  }
  const tile = <i32>load<u8>(local(tiles) + next);
  const record = moveRecordAt(tile, next, direction);
  const childH = childEstimate<K>(record, tile, blank, h, room);
  if (childH > room) return g + 1 + childH;
  const saved = applyMove<K>(record, tile, blank);
  store<u8>(local(tiles) + blank, <u8>tile);
  store<u8>(scratchPointer() + PATH_AT + g, <u8>direction);
  const result = descend<K>(next, nextState(state, direction), g + 1, childH);
  store<u8>(local(tiles) + next, <u8>tile);
  undoMove<K>(record, tile, next, saved);
  return result;
}

// The child's h; changes nothing. Above `room` the child is pruned, and the PDB may skip its later
// lookups (any h above room prunes alike) but for a child that could set the next bound (./pdbHeuristic).
// @ts-ignore: decorator
@inline
function childEstimate<K>(record: usize, tile: i32, to: i32, h: i32, room: i32): i32 {
  const costWord = load<i32>(record);
  if (sizeof<K>() == sizeof<Manhattan>()) return h + <i32>(<i8>costWord);
  if (sizeof<K>() == sizeof<LinearConflict>()) {
    const code = load<i32>(local(lineCodes) + ((costWord >>> 8) & 0xff));
    return h + <i32>(<i8>costWord) + <i32>load<u8>(local(lineCost) + code + (costWord >> 16)) - <i32>load<u8>(local(lineCost) + code);
  }
  return pdbChildEstimate(tile, to, <i32>(<i8>costWord), isMirrored<K>(), isSigned<K>(), room);
}

// Updates the heuristic's state for the move; returns what undoMove needs.
// @ts-ignore: decorator
@inline
function applyMove<K>(record: usize, tile: i32, to: i32): i32 {
  if (sizeof<K>() == sizeof<LinearConflict>()) {
    const costWord = load<i32>(record);
    const costLineAt = local(lineCodes) + ((costWord >>> 8) & 0xff);
    store<i32>(costLineAt, load<i32>(costLineAt) + (costWord >> 16));
    const codeWord = load<i32>(record, 4);
    const codeLineAt = local(lineCodes) + (codeWord & 0xff);
    store<i32>(codeLineAt, load<i32>(codeLineAt) + (codeWord >> 16));
    return 0;
  }
  if (isPdb<K>()) {
    return pdbApply(tile, to, <i32>(<i8>load<i32>(record)), isMirrored<K>(), isSigned<K>());
  }
  return 0;
}

// @ts-ignore: decorator
@inline
function undoMove<K>(record: usize, tile: i32, from: i32, saved: i32): void {
  if (sizeof<K>() == sizeof<LinearConflict>()) {
    const codeWord = load<i32>(record, 4);
    const codeLineAt = local(lineCodes) + (codeWord & 0xff);
    store<i32>(codeLineAt, load<i32>(codeLineAt) - (codeWord >> 16));
    const costWord = load<i32>(record);
    const costLineAt = local(lineCodes) + ((costWord >>> 8) & 0xff);
    store<i32>(costLineAt, load<i32>(costLineAt) - (costWord >> 16));
  } else if (isPdb<K>()) {
    pdbUndo(tile, from, <i32>(<i8>load<i32>(record)), isMirrored<K>(), isSigned<K>(), saved);
  }
}

// @ts-ignore: decorator
@inline
function nextState(state: i32, direction: i32): i32 {
  return load<i32>(pruningNext + ((<usize>((state << 2) | direction)) << 2));
}

// @ts-ignore: decorator
@inline
function descend<K>(blank: i32, state: i32, g: i32, h: i32): i32 {
  return searchWith<K>(blank, state, g, h);
}

// One copy of the search body per heuristic K, not inlined into itself.
// @ts-ignore: decorator
@noinline
export function searchWith<K>(blank: i32, state: i32, g: i32, h: i32): i32 {
  return expand<K>(blank, state, g, h);
}

// The prefix walk of idaStarSubtree: per step the blank's cell before it, the
// tile that moved, and what undoMove needs.
const prefixBlanks: usize = memory.data(MAX_PREFIX, 16);
const prefixTiles: usize = memory.data(MAX_PREFIX, 16);
const prefixSaved: usize = memory.data(MAX_PREFIX * 4, 16);

// Walks the `length` moves at the scratch path from the start, pricing each
// child as `child` does (f past the bound: that f is the answer; a node with
// h 0: the goal, found), then searches below with the one search body and
// takes the walk back. Not inlined: one copy per heuristic, called once per subtree.
export function subtree<K>(length: i32): i32 {
  const path = scratchPointer() + PATH_AT;
  prefixCut = 0;
  let blank = startBlank;
  let h = startH;
  let parentMove = NO_MOVE;
  let state = 0;
  let result = 0;
  let g = 0;
  for (; g < length; g++) {
    if (h == 0) {
      store<u32>(scratchPointer() + PATH_LENGTH_AT, g);
      result = FOUND;
      break;
    }
    const direction = <i32>load<u8>(path + g);
    if (direction > RIGHT || direction == (parentMove ^ 1) || (<i32>load<u8>(local(moveMask) + blank) & (1 << direction)) == 0) {
      result = BAD_PREFIX;
      break;
    }
    // A walk the machine prunes: the whole search never goes there, so neither does this share.
    if ((<i32>load<u8>(pruningAllowed + <usize>(state * pruningCells + blank)) & (1 << direction)) == 0) {
      result = NO_BOUND;
      break;
    }
    const next = direction == UP ? blank - boardWidth : direction == DOWN ? blank + boardWidth : direction == LEFT ? blank - 1 : blank + 1;
    const tile = <i32>load<u8>(local(tiles) + next);
    const record = moveRecordAt(tile, next, direction);
    const childH = childEstimate<K>(record, tile, blank, h, bound - g - 1);
    if (g + 1 + childH > bound) {
      result = g + 1 + childH;
      prefixCut = g + 1;
      break;
    }
    store<i32>(local(prefixSaved) + (<usize>g << 2), applyMove<K>(record, tile, blank));
    store<u8>(local(prefixBlanks) + g, <u8>blank);
    store<u8>(local(prefixTiles) + g, <u8>tile);
    store<u8>(local(tiles) + blank, <u8>tile);
    blank = next;
    h = childH;
    parentMove = direction;
    state = nextState(state, direction);
  }
  if (g == length) result = descend<K>(blank, state, length, h);
  while (g > 0) {
    g--;
    const from = <i32>load<u8>(local(prefixBlanks) + g);
    const tile = <i32>load<u8>(local(prefixTiles) + g);
    const direction = <i32>load<u8>(path + g);
    const next = direction == UP ? from - boardWidth : direction == DOWN ? from + boardWidth : direction == LEFT ? from - 1 : from + 1;
    store<u8>(local(tiles) + next, <u8>tile);
    undoMove<K>(moveRecordAt(tile, next, direction), tile, next, load<i32>(local(prefixSaved) + (<usize>g << 2)));
  }
  return result;
}