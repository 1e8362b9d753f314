/** Host adapter for the four-in-a-line engine (`assembly/fourLine.ts`). */
import type { FourLineAnswer, FourLineCore } from '../core.js';
import { scratchBytes, type ScratchExports } from './scratch.js';

export interface FourLineExports extends ScratchExports {
  /**
   * Solves the 16 cells at scratch 0..15; returns `nodes * 4096 + (length + 1)`
   * with the moves at scratch 16.. (byte pairs from, to), length -1 if no line.
   */
  fourLineSolve(): number;
  /** States reachable from the 16 cells at scratch 0..15, either side first. */
  fourLineReachable(): number;
}

const CELLS_OFFSET = 0;
const CELLS = 16;
const MOVES_OFFSET = 16;
/** Room for moves in scratch: must match MAX_MOVES in `assembly/fourLine.ts`. */
const MAX_MOVES = (4096 - 16) >> 1;
/** Unpacks fourLineSolve's result: `nodes * LENGTH_RANGE + (length + 1)`. */
const LENGTH_RANGE = 4096;

export function wasmFourLine(exports: FourLineExports): FourLineCore {
  // Views of scratch made once (its address never moves) and made again only
  // after a call grew memory and detached them (their length then reads 0).
  let cellBytes = scratchBytes(exports, CELLS_OFFSET, CELLS);
  let moveBytes = scratchBytes(exports, MOVES_OFFSET, 2 * MAX_MOVES);
  function writeCells(cells: Uint8Array): void {
    if (cellBytes.length === 0) cellBytes = scratchBytes(exports, CELLS_OFFSET, CELLS);
    // A plain copy: `set(cells.subarray(...))` would allocate a view per call,
    // which costs about as much as a small search.
    const target = cellBytes;
    for (let cell = 0; cell < CELLS; cell++) target[cell] = cells[cell];
  }

  return {
    solve(cells: Uint8Array): FourLineAnswer {
      writeCells(cells);
      const packed = exports.fourLineSolve();
      const length = (packed % LENGTH_RANGE) - 1;
      const nodes = (packed - (length + 1)) / LENGTH_RANGE;
      if (length < 0) return { moves: null, nodes };
      if (moveBytes.length === 0) moveBytes = scratchBytes(exports, MOVES_OFFSET, 2 * MAX_MOVES);
      const out = moveBytes;
      const moves: Array<[number, number]> = [];
      for (let i = 0; i < length; i++) moves.push([out[2 * i], out[2 * i + 1]]);
      return { moves, nodes };
    },
    reachable(cells: Uint8Array): number {
      writeCells(cells);
      return exports.fourLineReachable();
    },
  };
}
