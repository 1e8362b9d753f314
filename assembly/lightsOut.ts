// Lights Out on an m x n board: a press adds 1 (mod a prime p) to every cell of
// a pattern, and the fewest presses reaching a target is the lightest vector of
// a coset of the press map's kernel. Step for step the same as
// src/engine/twin/lightsOut.ts (read its header for the method); GF(2) rows are packed
// 64 cells to a u64 word here, GF(p) values are one byte each (rows combined
// sixteen bytes at a time, ./modVectors).
//
// Memory: everything lives in one region this file owns, reserved under the
// module's one memory rule (./memory; never from the heap, whose allocator
// traps when memory runs out). lightsOutReserve sizes it for the input,
// lightsOutSolve for the work; both say no (0 / -1) instead of trapping, and
// lightsOutNeeded() tells the host how many bytes were asked for.
//
// Input layout (from lightsOutReserve's pointer): offsets as i32 pairs (dr, dc),
// then the board (rows * cols bytes), then each target (rows * cols bytes).
// Before that, the host may pass a board's text through the same area to
// ./lightsOutText, which reads it into cells there.
// Output: lightsOutPresses() points at rows * cols bytes of presses per cell.
//
// One step differs from the twin's: GF(2) systems of 256 unknowns and more are
// eliminated eight columns at a time (eliminate2ByBlocks), which ends in the
// same system.
//
// The files: ./lightsOutState (the region, problem, answer and work layout),
// ./lightsOutGf2 and ./lightsOutGfp (what differs between the fields),
// ./lightsOutBody (the one body over both), and this entry.

// The host's calls on the state, exported with the solve as before the split.
export {
  lightsOutReserve,
  lightsOutNeeded,
  lightsOutPresses,
  lightsOutKernelDimension,
  lightsOutTarget,
  lightsOutReachable,
  lightsOutMinimal,
  lightsOutPressCount,
} from './lightsOutState';
import { region, m, n, colors, torus, h, offsetCount, targetCount, cells, maxDr, offsetsAt, answerDimension, answerTarget, answerReachable, answerMinimal, answerPressCount, dr, recurrence } from './lightsOutState';
import { byRecurrence, solve2, solveP } from './lightsOutBody';
import { setLastNodes } from './scratch';

// ------------------------------------------------------------ entry

// Solves the problem written at lightsOutReserve's pointer. Returns 1 when a
// target is reachable (presses at lightsOutPresses()), 0 when none is, -1 when
// memory could not grow to lightsOutNeeded() bytes. chase: 0 = eliminate,
// h > 0 = light chasing h rows (plane only; the pattern's only offset with
// row -h is (-h, 0)).
export function lightsOutSolve(
  rows: i32, cols: i32, base: i32, onTorus: i32, chase: i32, offsetPairs: i32, targets: i32, maxCandidates: f64,
): i32 {
  m = rows;
  n = cols;
  colors = base;
  torus = onTorus != 0;
  h = chase;
  offsetCount = offsetPairs;
  targetCount = targets;
  cells = rows * cols;
  offsetsAt = region.base;
  maxDr = 0;
  for (let k = 0; k < offsetCount; k++) maxDr = max(maxDr, dr(k));
  recurrence = byRecurrence();
  answerDimension = 0;
  answerTarget = -1;
  answerReachable = 0;
  answerMinimal = true;
  answerPressCount = 0;
  setLastNodes(0);
  return colors == 2 ? solve2(maxCandidates) : solveP(maxCandidates);
}
