/** Host adapter for the four-in-a-line engine (`assembly/fourLine.ts`). */
import type { FourLineAnswer, FourLineCore } from '../core.js';
import { scratchBytes, type ScratchExports } from './scratch.js';

export interface FourLineExports extends ScratchExports {
  /** Solves the 16 cells at scratch 0..15; returns the move count (moves at scratch 16.., byte pairs from, to) or -1. */
  fourLineSolve(): number;
  /** States reachable from the 16 cells at scratch 0..15, either side first. */
  fourLineReachable(): number;
}

const CELLS_OFFSET = 0;
const MOVES_OFFSET = 16;

export function wasmFourLine(exports: FourLineExports): FourLineCore {
  function writeCells(cells: Uint8Array): void {
    scratchBytes(exports, CELLS_OFFSET, 16).set(cells.subarray(0, 16));
  }

  return {
    solve(cells: Uint8Array): FourLineAnswer {
      writeCells(cells);
      const length = exports.fourLineSolve();
      const nodes = exports.lastNodes();
      if (length < 0) return { moves: null, nodes };
      const out = scratchBytes(exports, MOVES_OFFSET, 2 * length);
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
