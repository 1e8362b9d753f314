/** Host adapter for `assembly/flip.ts`: kind and board in as numbers, pressed cells out of scratch. */
import { flipBatchAnswers } from '../boardChecks.js';
import type { FlipAnswer, FlipBatchAnswer, FlipCore, FlipKind } from '../contract.js';
import { reserveBatch, type BatchExports } from './batch.js';
import { scratchBytes, type ScratchExports } from './scratch.js';
import { abiOf, type AbiExports } from './abi.js';

export interface FlipExports extends ScratchExports, BatchExports, AbiExports {
  /** `count` u16 boards at `boards`, answered as u32 `(length + 1) << 16 | pressed` at `answers`; returns the batch's nodes. */
  flipSolveBatch(kind: number, boards: number, answers: number, count: number): number;
  /** Kind 0 = flip, 1 = pilots. Returns the number of boards expanded. */
  flipBuildTable(kind: number): number;
  /**
   * Returns `nodes << 5 | (length + 1)`: the nodes of this call and the path
   * length (cells at scratch bytes 0..length-1), length -1 when impossible.
   */
  flipSolve(kind: number, board: number): number;
}

/** The most cells a shortest path presses (each cell at most once). */
const MAX_CELLS = 16;

export function wasmFlip(exports: FlipExports): FlipCore {
  // A solve is a walk of a few table entries, cheaper than a call across the
  // boundary, so the adapter keeps its own cost down: one call per solve (length
  // and nodes packed in its result), the export looked up once (the exports
  // object is slow to read from), and one small view of the path bytes, taken
  // again only when a call grew memory and detached it (its length then reads 0; `length`
  // is cheaper to read than `byteLength` here).
  const flipSolve = exports.flipSolve;
  const { KIND_FLIP, KIND_PILOTS, PATH_AT } = abiOf(exports, 'Flip');
  /** A comparison, not a keyed lookup: a string-keyed property read costs a visible share of a solve. */
  const kindCode = (kind: FlipKind): number => (kind === 'flip' ? KIND_FLIP : KIND_PILOTS);
  let pathBytes = scratchBytes(exports, PATH_AT, MAX_CELLS);
  return {
    buildTable(kind: FlipKind): number {
      return exports.flipBuildTable(kindCode(kind));
    },
    solve(kind: FlipKind, board: number): FlipAnswer {
      const packed = flipSolve(kindCode(kind), board & 0xffff);
      const nodes = packed >>> 5;
      const length = (packed & 31) - 1;
      if (length < 0) return { cells: null, nodes };
      if (pathBytes.length === 0) pathBytes = scratchBytes(exports, PATH_AT, MAX_CELLS);
      // A local copy of the view for the loop (reading the captured `let` each time
      // is slower), and a plain copy: Array.from on a typed array costs several
      // times the search itself here.
      const bytes = pathBytes;
      const cells = new Array<number>(length);
      for (let i = 0; i < length; i++) cells[i] = bytes[i];
      return { cells, nodes };
    },
    solveBatch(kind: FlipKind, boards: ArrayLike<number>, into?: Uint32Array): FlipBatchAnswer {
      const count = boards.length;
      const answers = flipBatchAnswers(count, into);
      // Boards as u16 first, then the u32 answers (4-byte aligned).
      const answersOffset = (2 * count + 3) & ~3;
      const at = reserveBatch(exports, answersOffset + 4 * count, `${count} boards`);
      // A fresh view after the call that may have grown memory; a Uint16Array
      // of boards goes in as one copy.
      const slots = new Uint16Array(exports.memory.buffer, at, count);
      if (boards instanceof Uint16Array) slots.set(boards);
      else for (let i = 0; i < count; i++) slots[i] = boards[i] & 0xffff;
      const nodes = exports.flipSolveBatch(kindCode(kind), at, at + answersOffset, count);
      answers.set(new Uint32Array(exports.memory.buffer, at + answersOffset, count));
      return { answers, nodes };
    },
  };
}
