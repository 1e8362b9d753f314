/** Host adapter for `assembly/census.ts`: the goal in through scratch, counts and a farthest board out. */
import type { CensusCore, SlidingBoard } from '../contract.js';
import { scratchBytes, type ScratchExports } from './scratch.js';

export interface CensusExports extends ScratchExports {
  /** The ranks, 0 for a size it does not take, -1 when memory cannot grow (censusNeeded() bytes). */
  censusStart(width: number, height: number, goalAt: number): number;
  censusRound(budget: number): number;
  censusFound(): number;
  censusNeeded(): number;
  censusFarthest(into: number): void;
}

export function wasmCensus(exports: CensusExports): CensusCore {
  let cells = 0;
  return {
    start(goal: SlidingBoard): number {
      cells = goal.width * goal.height;
      scratchBytes(exports, 0, cells).set(goal.tiles);
      const ranks = exports.censusStart(goal.width, goal.height, exports.scratchPointer());
      if (ranks === 0) throw new RangeError(`census: a ${goal.width}x${goal.height} board is not one of 2 to 12 cells`);
      if (ranks < 0) {
        const bytes = exports.censusNeeded();
        throw new RangeError(
          `census: a ${goal.width}x${goal.height} board needs ${(bytes / 2 ** 20).toFixed(1)} MiB of wasm memory (${bytes} bytes) and memory could not grow that far`,
        );
      }
      return ranks;
    },
    round: (budget) => exports.censusRound(budget),
    found: () => exports.censusFound(),
    farthest(): number[] {
      exports.censusFarthest(exports.scratchPointer());
      // A fresh view: a call may have grown memory.
      return Array.from(scratchBytes(exports, 0, cells));
    },
  };
}
