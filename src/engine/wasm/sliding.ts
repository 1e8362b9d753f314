/** Host adapter for `assembly/sliding.ts`: boards into scratch, one call, path or counts out of scratch. */
import type { ExhaustiveAlgorithm, SlidingAnswer, SlidingBoard, SlidingCore } from '../contract.js';
import { checkSlidingBoards as checkBoards } from '../boardChecks.js';
import { MAX_RANKED_CELLS, MAX_SIDE } from '../contract.js';
import { scratchBytes, type ScratchExports } from './scratch.js';
import { reserveBatch, type BatchExports } from './batch.js';
import { abiOf, type AbiExports } from './abi.js';

export interface SlidingExports extends ScratchExports, BatchExports, AbiExports {
  /** `count` slots of 80 bytes at `slots`: start at 0.. in; length i32 at 16, nodes f64 at 24, moves at 32.. out. Goal at scratch 32. */
  slidingSolveBatch(width: number, height: number, algorithm: number, slots: number, count: number): number;
  /** Start board at scratch 0, goal at 32. Returns 1 solvable, 0 not, -1 unsupported size. */
  slidingSolvable(width: number, height: number): number;
  /** Algorithm 0 bfs, 1 bibfs, 2 astar. Returns the path length (moves at scratch 64..) or -1. */
  slidingSolve(width: number, height: number, algorithm: number): number;
  /** Goal board at scratch 32. Returns how many distances, their u32 counts at scratch 64.., or -1. */
  slidingDistances(width: number, height: number): number;
  /** Mismatches over all n! permutations of n items, or -1 for n outside 0..12. */
  slidingRankRoundTrip(n: number): number;
}

export function wasmSliding(exports: SlidingExports): SlidingCore {
  const {
    START_AT,
    GOAL_AT,
    OUTPUT_AT,
    MAX_PERMUTATION,
    SLOT_BYTES,
    SLOT_LENGTH_AT,
    SLOT_NODES_AT,
    SLOT_MOVES_AT,
    BATCH_UNSOLVABLE,
    BATCH_TOO_LONG,
    ALGORITHM_BFS,
    ALGORITHM_BIBFS,
    ALGORITHM_ASTAR,
  } = abiOf(exports, 'Sliding');
  const ALGORITHM_CODES: Record<ExhaustiveAlgorithm, number> = { bfs: ALGORITHM_BFS, bibfs: ALGORITHM_BIBFS, astar: ALGORITHM_ASTAR };
  function writeBoards(start: SlidingBoard | null, goal: SlidingBoard, n: number): void {
    const bytes = scratchBytes(exports, 0, OUTPUT_AT);
    if (start) bytes.set(start.tiles.subarray(0, n), START_AT);
    bytes.set(goal.tiles.subarray(0, n), GOAL_AT);
  }

  const core: SlidingCore = {
    solveExhaustiveBatch(starts: readonly SlidingBoard[], goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): Array<SlidingAnswer | null> {
      const code = ALGORITHM_CODES[algorithm];
      if (code === undefined) throw new RangeError(`sliding: unknown algorithm '${String(algorithm)}'`);
      const count = starts.length;
      let n = checkBoards(goal, null, MAX_RANKED_CELLS);
      for (const start of starts) n = checkBoards(start, goal, MAX_RANKED_CELLS);
      const at = reserveBatch(exports, SLOT_BYTES * count, `${count} boards`);
      writeBoards(null, goal, n);
      let bytes = new Uint8Array(exports.memory.buffer, at, SLOT_BYTES * count);
      starts.forEach((start, i) => bytes.set(start.tiles.subarray(0, n), i * SLOT_BYTES));
      exports.slidingSolveBatch(goal.width, goal.height, code, at, count);
      // Fresh views: a search may have grown memory.
      const view = () => new DataView(exports.memory.buffer, at, SLOT_BYTES * count);
      let data = view();
      bytes = new Uint8Array(exports.memory.buffer, at, SLOT_BYTES * count);
      const answers: Array<SlidingAnswer | null> = new Array(count);
      for (let i = 0; i < count; i++) {
        const length = data.getInt32(i * SLOT_BYTES + SLOT_LENGTH_AT, true);
        const nodes = data.getFloat64(i * SLOT_BYTES + SLOT_NODES_AT, true);
        if (length === BATCH_UNSOLVABLE) answers[i] = null;
        else if (length === BATCH_TOO_LONG) answers[i] = null;
        else if (length < 0) answers[i] = { moves: null, nodes };
        else answers[i] = { moves: bytes.slice(i * SLOT_BYTES + SLOT_MOVES_AT, i * SLOT_BYTES + SLOT_MOVES_AT + length), nodes };
      }
      // Paths too long for a slot: solved again alone (after the batch, whose views are done with).
      for (let i = 0; i < count; i++) {
        if (answers[i] !== null || data.getInt32(i * SLOT_BYTES + SLOT_LENGTH_AT, true) !== BATCH_TOO_LONG) continue;
        answers[i] = core.solveExhaustive(starts[i], goal, algorithm);
        data = view();
      }
      return answers;
    },

    solvable(start: SlidingBoard, goal: SlidingBoard): boolean {
      const n = checkBoards(start, goal, MAX_SIDE * MAX_SIDE);
      writeBoards(start, goal, n);
      return exports.slidingSolvable(start.width, start.height) === 1;
    },

    solveExhaustive(start: SlidingBoard, goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): SlidingAnswer {
      const n = checkBoards(start, goal, MAX_RANKED_CELLS);
      const code = ALGORITHM_CODES[algorithm];
      if (code === undefined) throw new RangeError(`sliding: unknown algorithm '${String(algorithm)}'`);
      writeBoards(start, goal, n);
      const length = exports.slidingSolve(start.width, start.height, code);
      const nodes = exports.lastNodes();
      if (length < 0) return { moves: null, nodes };
      return { moves: scratchBytes(exports, OUTPUT_AT, length).slice(), nodes };
    },

    distances(goal: SlidingBoard): number[] {
      const n = checkBoards(goal, null, MAX_RANKED_CELLS);
      writeBoards(null, goal, n);
      const count = exports.slidingDistances(goal.width, goal.height);
      return Array.from(new Uint32Array(exports.memory.buffer, exports.scratchPointer() + OUTPUT_AT, count));
    },

    rankRoundTrip(n: number): number {
      if (!Number.isInteger(n) || n < 0 || n > MAX_PERMUTATION) {
        throw new RangeError(`sliding: rankRoundTrip takes 0..${MAX_PERMUTATION} items, not ${n}`);
      }
      return exports.slidingRankRoundTrip(n);
    },
  };
  return core;
}
