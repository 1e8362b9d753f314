/** Host adapter for `assembly/sliding.ts`: boards into scratch, one call, path or counts out of scratch. */
import type { ExhaustiveAlgorithm, SlidingAnswer, SlidingBoard, SlidingCore } from '../core.js';
import { MAX_RANKED_CELLS, MAX_SIDE, checkSlidingBoards as checkBoards } from '../core.js';
import { scratchBytes, type ScratchExports } from './scratch.js';

export interface SlidingExports extends ScratchExports {
  /** Start board at scratch 0, goal at 32. Returns 1 solvable, 0 not, -1 unsupported size. */
  slidingSolvable(width: number, height: number): number;
  /** Algorithm 0 bfs, 1 bibfs, 2 astar. Returns the path length (moves at scratch 64..) or -1. */
  slidingSolve(width: number, height: number, algorithm: number): number;
  /** Goal board at scratch 32. Returns how many distances, their u32 counts at scratch 64.., or -1. */
  slidingDistances(width: number, height: number): number;
  /** Mismatches over all n! permutations of n items, or -1 for n outside 0..12. */
  slidingRankRoundTrip(n: number): number;
}

/** Must match the offsets and codes in `assembly/sliding.ts`. */
const START_OFFSET = 0;
const GOAL_OFFSET = 32;
const OUTPUT_OFFSET = 64;
const MAX_PERMUTATION = 12;
const ALGORITHM_CODES: Record<ExhaustiveAlgorithm, number> = { bfs: 0, bibfs: 1, astar: 2 };

export function wasmSliding(exports: SlidingExports): SlidingCore {
  function writeBoards(start: SlidingBoard | null, goal: SlidingBoard, n: number): void {
    const bytes = scratchBytes(exports, 0, OUTPUT_OFFSET);
    if (start) bytes.set(start.tiles.subarray(0, n), START_OFFSET);
    bytes.set(goal.tiles.subarray(0, n), GOAL_OFFSET);
  }

  return {
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
      return { moves: scratchBytes(exports, OUTPUT_OFFSET, length).slice(), nodes };
    },

    distances(goal: SlidingBoard): number[] {
      const n = checkBoards(goal, null, MAX_RANKED_CELLS);
      writeBoards(null, goal, n);
      const count = exports.slidingDistances(goal.width, goal.height);
      return Array.from(new Uint32Array(exports.memory.buffer, exports.scratchPointer() + OUTPUT_OFFSET, count));
    },

    rankRoundTrip(n: number): number {
      if (!Number.isInteger(n) || n < 0 || n > MAX_PERMUTATION) {
        throw new RangeError(`sliding: rankRoundTrip takes 0..${MAX_PERMUTATION} items, not ${n}`);
      }
      return exports.slidingRankRoundTrip(n);
    },
  };
}
