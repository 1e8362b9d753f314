// Pattern-database builds split over instances of the shared build (see
// docs/threads.md): the started build's block marks moved to a block every
// instance uses (pdbBuildSpread), another instance joining it (pdbBuildJoin),
// one instance's share of a round (pdbBuildShare) and the round's end
// (pdbBuildEndRound). Separate from the one-thread round (pdbBuildRound,
// ./pdbBuild): the same state, driven by several instances at once.

import { entries, seenAtRound, seenAtLastRound, MAX_BLOCKS, changedNow, changedBefore, distance, maskBytes, joining, startBuildOrSay, copyChangedBlocks } from './pdbBuild';
import { buildSliceBytes, buildSliceShorts, buildSliceWords } from './pdbBuildSlice';
import { growBlock } from './memory';

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
 * the block marks at `changedAt` (pdbBuildSpread). Returns the entry count,
 * or PDB_NO_MEMORY (./pdbBuild) when this instance cannot grow for its own
 * lookup tables.
 */
export function pdbBuildJoin(width: i32, height: i32, groupMask: u32, blankCell: i32, tableAt: f64, workAt: f64, zeroAware: i32, changedAt: f64): f64 {
  joining = true;
  const count = startBuildOrSay(width, height, groupMask, blankCell, tableAt, workAt, zeroAware);
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
