// IDA* for sliding-tile boards from 2x2 to 5x5 (the 15-puzzle above all).
//
// One call searches one f-bound (idaStarIteration), so that the host can report
// each bound and stop at a node limit between calls. The search is a plain
// recursive depth-first walk over one board kept in static memory; a move is
// applied before descending and undone after, so nothing is allocated per node.
//
// The tables per goal are in ./idaStarTables, the search body in ./idaStarSearch;
// this file holds the entry points and the batch.
//
// Heuristics: 0 = Manhattan, 1 = linear conflict, 2 = an additive pattern
// database (./pdbHeuristic, tables from ./pdbBuild); linear conflict is told in
// ./idaStarTables.
//
// Scratch layout (byte offsets from scratchPointer()):
//   [0, 25)     board in (idaStarSetup, idaStarEstimate): tiles[position], 0 = blank
//   [32, 57)    goal board, same layout
//   [60, 64)    u32 path length, written when an iteration finds the goal
//   [64, 4096)  the path: blank moves 0..3 (u d l r), one byte each. No path is
//               longer than the bound, so idaStarIteration refuses bounds past
//               these 4032 bytes and the search never checks the depth (a
//               solvable board up to 5x5 needs a few hundred moves at most).
//
// Node count (lastNodes): children generated since idaStarSetup, summed over
// iterations. A child counts when it is created, before it is pruned.
// Expanded (idaStarExpanded): nodes whose children were generated (f within
// the bound and not the goal), the count that published per-iteration
// figures give and that a completed iteration shares with any other
// implementation of the same heuristic, whatever its move order.
//
// Polling: whenever the count reaches a multiple of POLL_NODES (2^14) and
// another child is about to be made, the search calls the host's
// env.searchPoll(bound, nodes); nonzero stops it (STOPPED). The hot loop only
// counts down nodesLeft, which runs to the next poll or the node budget,
// whichever comes first; chunkEnded() sorts out which one it was.

import { IdaStar } from './abi';
import { lastNodes, scratchPointer, setLastNodes } from './scratch';
import { slidingSolvable } from './sliding';
import { pdbSearchStarts } from './pdbHeuristic';
import { lastNeeded, reserve } from './memory';
import { local } from './instance';
import { BOARD_AT, MAX_CELLS, POSITION_STRIDE, LINE_COUNT, MANHATTAN, LINEAR_CONFLICT, PDB, PDB_MIRRORED, PDB_SUMS, PARTITION_MISMATCH, tiles, startTiles, startCodes, lineCodes, startBlank, heuristicKind, loadBoard } from './idaStarTables';
import { PATH_LENGTH_AT, PATH_AT, FOUND, BOUND_TOO_DEEP, STOPPED, BAD_PREFIX, MAX_PREFIX, POLL_NODES, Manhattan, LinearConflict, Pdb, PdbMirrored, PdbSums, PdbSumsMirrored, pruningRegion, pruningNext, pruningAllowed, pruningCells, startH, bound, prefixCut, nodesLeft, expandedCount, chunkEnd, nodeBudget, nextPoll, nodeCount, startChunk, searchWith, subtree } from './idaStarSearch';

const PATH_CAPACITY: i32 = IdaStar.PATH_CAPACITY;
// ---------------------------------------------------------------------------
// Exports

/**
 * Room for a move-pruning machine of `states` states on boards of `cells`
 * cells (see pruningRegion): the address where the host writes its next
 * states (states * 4 i32) and then its allowed moves (states * cells u8), or
 * 0 when memory cannot grow that far (the bytes needed in lastNeeded()).
 * Searches use the machine last written, for boards of its size. An f64, as
 * every address the host reads (./memory).
 */
export function idaStarPruningReserve(states: i32, cells: i32): f64 {
  if (states < 1 || cells < 4 || cells > MAX_CELLS) return 0;
  const region = pruningRegion();
  if (!reserve(region, <f64>states * 16 + <f64>states * <f64>cells, 0)) return 0;
  pruningNext = region.base;
  pruningAllowed = region.base + ((<usize>states) << 4);
  pruningCells = cells;
  return <f64>region.base;
}

/** The bytes the last idaStarPruningReserve asked for (whether or not it got them). */
export function idaStarNeeded(): f64 {
  return lastNeeded();
}

/**
 * h of the scratch board against the scratch goal; heuristic 0 = Manhattan,
 * 1 = linear conflict, 2 = the PDB set by idaStarPdbGroup (-4: that partition
 * does not fit the goal).
 */
export function idaStarEstimate(width: i32, height: i32, heuristic: i32): i32 {
  return loadBoard(width, height, heuristic);
}

/**
 * Starts a search from the scratch board to the scratch goal; resets the node
 * count. Returns the start's h, the first bound (or -4 as idaStarEstimate).
 */
export function idaStarSetup(width: i32, height: i32, heuristic: i32): i32 {
  startH = loadBoard(width, height, heuristic);
  memory.copy(local(startTiles), local(tiles), POSITION_STRIDE);
  memory.copy(local(startCodes), local(lineCodes), LINE_COUNT * 4);
  chunkEnd = 0;
  nodesLeft = 0;
  nextPoll = POLL_NODES;
  setLastNodes(0);
  expandedCount = 0;
  return startH;
}

/** Nodes expanded since idaStarSetup (see the header), over every iteration. */
export function idaStarExpanded(): f64 {
  return expandedCount;
}

/**
 * Searches every path with f = g + h <= `searchBound`. Returns FOUND (-1, the
 * path is in scratch), OUT_OF_NODES (-2, `budget` children generated since
 * setup), BOUND_TOO_DEEP (-3, the path could overflow scratch; only an
 * unsolvable board gets there), STOPPED (-5, env.searchPoll said stop) or the
 * next bound. `budget` may be +Infinity (or NaN: no limit either).
 */
export function idaStarIteration(searchBound: i32, budget: f64): i32 {
  return idaStarSubtree(0, searchBound, budget);
}

/**
 * idaStarIteration below the first `prefixLength` moves of the scratch path
 * (blank moves 0..3, written by the host): only the paths that start with
 * them. A parallel search deals such subtrees to its workers. The prefix's
 * own nodes are not counted. Also BAD_PREFIX (-6): a move off the board or
 * one that undoes the move before, or more than 32 moves.
 */
export function idaStarSubtree(prefixLength: i32, searchBound: i32, budget: f64): i32 {
  prefixCut = 0;
  if (searchBound > PATH_CAPACITY) return BOUND_TOO_DEEP;
  if (startH < 0) return PARTITION_MISMATCH;
  if (prefixLength < 0 || prefixLength > MAX_PREFIX) return BAD_PREFIX;
  // Every search leaves the board and the heuristic's state as it found them.
  memory.copy(local(tiles), local(startTiles), POSITION_STRIDE);
  memory.copy(local(lineCodes), local(startCodes), LINE_COUNT * 4);
  nodeBudget = budget >= 0 ? Math.floor(budget) : (budget < 0 ? 0 : Infinity);
  bound = searchBound;
  pdbSearchStarts();
  startChunk(nodeCount());
  let result: i32;
  // The whole iteration calls the search copies directly. (This also makes
  // the compiler meet them before subtree<K>, so that descend<K> inlines into
  // them rather than becoming a call of its own inside the hot loop.)
  if (prefixLength == 0) {
    if (heuristicKind == MANHATTAN) result = searchWith<Manhattan>(startBlank, 0, 0, startH);
    else if (heuristicKind == LINEAR_CONFLICT) result = searchWith<LinearConflict>(startBlank, 0, 0, startH);
    else if (heuristicKind == PDB) result = searchWith<Pdb>(startBlank, 0, 0, startH);
    else if (heuristicKind == PDB_MIRRORED) result = searchWith<PdbMirrored>(startBlank, 0, 0, startH);
    else if (heuristicKind == PDB_SUMS) result = searchWith<PdbSums>(startBlank, 0, 0, startH);
    else result = searchWith<PdbSumsMirrored>(startBlank, 0, 0, startH);
  } else if (heuristicKind == MANHATTAN) result = subtree<Manhattan>(prefixLength);
  else if (heuristicKind == LINEAR_CONFLICT) result = subtree<LinearConflict>(prefixLength);
  else if (heuristicKind == PDB) result = subtree<Pdb>(prefixLength);
  else if (heuristicKind == PDB_MIRRORED) result = subtree<PdbMirrored>(prefixLength);
  else if (heuristicKind == PDB_SUMS) result = subtree<PdbSums>(prefixLength);
  else result = subtree<PdbSumsMirrored>(prefixLength);
  // A stopped search leaves nodesLeft at -1: the child that ran out of its chunk was not made.
  setLastNodes(nodeCount());
  return result;
}

/**
 * After idaStarSubtree answered a next bound: how many moves of its prefix
 * were walked before f went past the bound (0: the walk was whole and
 * searched below). Every prefix that begins with those moves gives the same
 * answer without a search.
 */
export function idaStarPrefixCut(): i32 {
  return prefixCut;
}

// ---------------------------------------------------------------------------
// A batch in one call

// idaStarSolveBatch's slots (see there); codes besides a path length >= 0.
const BATCH_BOARD_AT: usize = 0;
const BATCH_STATUS_AT: usize = IdaStar.BATCH_STATUS_AT;
const BATCH_BOUND_AT: usize = IdaStar.BATCH_BOUND_AT;
const BATCH_NODES_AT: usize = IdaStar.BATCH_NODES_AT;
const BATCH_EXPANDED_AT: usize = IdaStar.BATCH_EXPANDED_AT;
const BATCH_PATH_AT: usize = IdaStar.BATCH_PATH_AT;
const BATCH_UNSOLVABLE: i32 = IdaStar.BATCH_UNSOLVABLE;
const BATCH_NOT_A_BOARD: i32 = IdaStar.BATCH_NOT_A_BOARD;
const BATCH_PATH_TOO_LONG: i32 = IdaStar.BATCH_PATH_TOO_LONG;

/**
 * IDA* on each of `count` boards, all of one size against the scratch goal
 * (written once by the host), as idaStarSetup and then idaStarIteration per
 * bound would search them: the same node counts and paths. Slot i lies at
 * `slots + i * slotBytes` (in the batch buffer, see ./batch): the host writes
 * the board at bytes 0..n-1; this writes at 32 an i32 status (the path
 * length, or OUT_OF_NODES, BOUND_TOO_DEEP, PARTITION_MISMATCH, STOPPED,
 * BATCH_UNSOLVABLE: the parity test of slidingSolvable says no, so no search;
 * BATCH_NOT_A_BOARD: slidingSolvable refused the board; BATCH_PATH_TOO_LONG:
 * found, but the path does not fit the slot, whose length is then in the
 * bound word), at 36 the i32 bound (the one searched when OUT_OF_NODES), at
 * 40 the nodes and at 48 the nodes expanded as f64, and the moves from 56
 * (slotBytes - 56 at most).
 * `budget` applies to each board on its own, as in idaStarIteration.
 *
 * env.searchPoll is asked every 2^14 nodes of the whole batch (a batch of
 * small boards still polls), with the bound and node count of the board
 * being searched; a stop ends the batch there. Returns the boards answered
 * (the stopped one included): count unless stopped or PARTITION_MISMATCH.
 */
export function idaStarSolveBatch(width: i32, height: i32, heuristic: i32, slots: usize, count: i32, slotBytes: i32, budget: f64): i32 {
  const scratch = scratchPointer();
  const n = <usize>min(max(width * height, 0), MAX_CELLS);
  const pathRoom = slotBytes - <i32>BATCH_PATH_AT;
  // Nodes left before the batch's next poll, carried from board to board.
  let untilPoll: f64 = POLL_NODES;
  for (let i = 0; i < count; i++) {
    const slot = slots + <usize>i * <usize>slotBytes;
    memory.copy(scratch + BOARD_AT, slot + BATCH_BOARD_AT, n);
    const solvable = slidingSolvable(width, height);
    let status = solvable < 0 ? BATCH_NOT_A_BOARD : BATCH_UNSOLVABLE;
    let searched = 0;
    let nodes: f64 = 0;
    if (solvable == 1) {
      searched = idaStarSetup(width, height, heuristic);
      nextPoll = untilPoll;
      status = searched < 0 ? PARTITION_MISMATCH : batchSearch(searched, budget);
      nodes = lastNodes();
      searched = batchBound;
      if (status == FOUND) {
        status = <i32>load<u32>(scratch + PATH_LENGTH_AT);
        if (status > pathRoom) {
          searched = status;
          status = BATCH_PATH_TOO_LONG;
        } else {
          memory.copy(slot + BATCH_PATH_AT, scratch + PATH_AT, <usize>status);
        }
      }
      untilPoll = nextPoll - nodes;
    }
    store<i32>(slot + BATCH_STATUS_AT, status);
    store<i32>(slot + BATCH_BOUND_AT, searched);
    store<f64>(slot + BATCH_NODES_AT, nodes);
    store<f64>(slot + BATCH_EXPANDED_AT, solvable == 1 ? expandedCount : 0);
    if (status == STOPPED || status == PARTITION_MISMATCH) return i + 1;
  }
  return count;
}

// The bound of batchSearch's last iteration.
let batchBound: i32 = 0;

// Iterations from `firstBound` until one ends the search: FOUND (the path in
// scratch), OUT_OF_NODES, BOUND_TOO_DEEP or STOPPED.
function batchSearch(firstBound: i32, budget: f64): i32 {
  batchBound = firstBound;
  let result = idaStarIteration(batchBound, budget);
  while (result >= 0) {
    batchBound = result;
    result = idaStarIteration(batchBound, budget);
  }
  return result;
}
