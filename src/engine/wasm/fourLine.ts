/** Host adapter for the four-in-a-line engine (`assembly/fourLine.ts`). */
import type { FourLineAnswer, FourLineCore, FourLineSides } from '../contract.js';
import { scratchBytes, type ScratchExports } from './scratch.js';
import { reserveBatch, type BatchExports } from './batch.js';
import { abiOf, type AbiExports } from './abi.js';

export interface FourLineExports extends ScratchExports, BatchExports, AbiExports {
  /** `count` slots of 64 bytes at `slots`: cells at 0..15 in; fourLineSolve's packed f64 at 16 and moves at 24.. out. */
  fourLineSolveBatch(slots: number, count: number): number;
  /**
   * Solves the 16 cells at scratch 0..15; returns `nodes * 4096 + (length + 1)`
   * with the moves at scratch 16.. (byte pairs from, to), length -1 if no line.
   */
  fourLineSolve(): number;
  /** fourLineSolve with `sides` (bit 0 black, bit 1 white) the sides that may move first. */
  fourLineSolveSides(sides: number): number;
  /** States reachable from the 16 cells at scratch 0..15, either side first. */
  fourLineReachable(): number;
}

const CELLS = 16;

export function wasmFourLine(exports: FourLineExports): FourLineCore {
  // fourLineSolve's result packs `nodes * LENGTH_RANGE + (length + 1)`.
  const { CELLS_AT, MOVES_AT, MAX_MOVES, LENGTH_RANGE, SLOT_BYTES, SLOT_RESULT_AT, SLOT_MOVES_AT, TOO_LONG } = abiOf(exports, 'FourLine');
  // Views of scratch made once (its address never moves) and made again only
  // after a call grew memory and detached them (their length then reads 0).
  let cellBytes = scratchBytes(exports, CELLS_AT, CELLS);
  let moveBytes = scratchBytes(exports, MOVES_AT, 2 * MAX_MOVES);
  function writeCells(cells: Uint8Array): void {
    if (cellBytes.length === 0) cellBytes = scratchBytes(exports, CELLS_AT, CELLS);
    // A plain copy: `set(cells.subarray(...))` would allocate a view per call,
    // which costs about as much as a small search.
    const target = cellBytes;
    for (let cell = 0; cell < CELLS; cell++) target[cell] = cells[cell];
  }

  const core: FourLineCore = {
    solve(cells: Uint8Array, sides: FourLineSides = 3): FourLineAnswer {
      writeCells(cells);
      const packed = sides === 3 ? exports.fourLineSolve() : exports.fourLineSolveSides(sides);
      const length = (packed % LENGTH_RANGE) - 1;
      const nodes = (packed - (length + 1)) / LENGTH_RANGE;
      if (length < 0) return { moves: null, nodes };
      if (moveBytes.length === 0) moveBytes = scratchBytes(exports, MOVES_AT, 2 * MAX_MOVES);
      const out = moveBytes;
      const moves: Array<[number, number]> = [];
      for (let i = 0; i < length; i++) moves.push([out[2 * i], out[2 * i + 1]]);
      return { moves, nodes };
    },
    reachable(cells: Uint8Array): number {
      writeCells(cells);
      return exports.fourLineReachable();
    },
    solveBatch(boards: readonly Uint8Array[]): FourLineAnswer[] {
      const count = boards.length;
      const at = reserveBatch(exports, SLOT_BYTES * count, `${count} boards`);
      let bytes = new Uint8Array(exports.memory.buffer, at, SLOT_BYTES * count);
      for (let i = 0; i < count; i++) bytes.set(boards[i].subarray(0, CELLS), i * SLOT_BYTES);
      exports.fourLineSolveBatch(at, count);
      // Fresh views: a search may have grown memory.
      bytes = new Uint8Array(exports.memory.buffer, at, SLOT_BYTES * count);
      let packedView = new Float64Array(exports.memory.buffer, at, (SLOT_BYTES * count) / 8);
      const answers: FourLineAnswer[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const packed = packedView[(i * SLOT_BYTES + SLOT_RESULT_AT) / 8];
        const length = (packed % LENGTH_RANGE) - 1;
        const nodes = (packed - (length + 1)) / LENGTH_RANGE;
        if (length < 0) {
          answers[i] = { moves: null, nodes };
        } else if (length + 1 === TOO_LONG) {
          answers[i] = core.solve(boards[i]);
          bytes = new Uint8Array(exports.memory.buffer, at, SLOT_BYTES * count);
          packedView = new Float64Array(exports.memory.buffer, at, (SLOT_BYTES * count) / 8);
        } else {
          const base = i * SLOT_BYTES + SLOT_MOVES_AT;
          const moves: Array<[number, number]> = new Array(length);
          for (let m = 0; m < length; m++) moves[m] = [bytes[base + 2 * m], bytes[base + 2 * m + 1]];
          answers[i] = { moves, nodes };
        }
      }
      return answers;
    },
  };
  return core;
}
