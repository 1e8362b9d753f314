/** Host adapter for `assembly/flip.ts`: kind and board in as numbers, pressed cells out of scratch. */
import type { FlipAnswer, FlipCore, FlipKind } from '../core.js';
import { scratchBytes, type ScratchExports } from './scratch.js';

export interface FlipExports extends ScratchExports {
  /** Kind 0 = flip, 1 = pilots. Returns the number of boards expanded. */
  flipBuildTable(kind: number): number;
  /** Returns the path length (cells at scratch bytes 0..length-1) or -1 when impossible. */
  flipSolve(kind: number, board: number): number;
}

/** Must match the kind codes in `assembly/flip.ts`. */
const KIND_CODES: Record<FlipKind, number> = { flip: 0, pilots: 1 };

export function wasmFlip(exports: FlipExports): FlipCore {
  return {
    buildTable(kind: FlipKind): number {
      return exports.flipBuildTable(KIND_CODES[kind]);
    },
    solve(kind: FlipKind, board: number): FlipAnswer {
      const length = exports.flipSolve(KIND_CODES[kind], board & 0xffff);
      const nodes = exports.lastNodes();
      if (length < 0) return { cells: null, nodes };
      // A plain copy: Array.from on a typed array costs several times the search itself here.
      const pressed = scratchBytes(exports, 0, length);
      const cells = new Array<number>(length);
      for (let i = 0; i < length; i++) cells[i] = pressed[i];
      return { cells, nodes };
    },
  };
}
