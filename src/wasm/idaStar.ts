/**
 * Host adapter for `assembly/idaStar.ts`: writes the boards into scratch, runs
 * one wasm call per f-bound (so that `onIteration` and `maxNodes` are honoured
 * between calls) and reads the path back out of scratch.
 */
import { unknownHeuristicMessage, type Heuristic, type IdaStarCore, type IdaStarOptions, type PdbPartition, type SlidingAnswer, type SlidingBoard, type SubtreesAnswer } from '../core.js';
import type { WasmHooks } from '../loader.js';
import type { WasmPdb } from './pdb.js';
import { scratchBytes, type ScratchExports } from './scratch.js';

/** Scratch offsets, as documented in assembly/idaStar.ts. */
const BOARD_AT = 0;
const GOAL_AT = 32;
const PATH_LENGTH_AT = 60;
const PATH_AT = 64;
const PATH_CAPACITY = 4096 - 64;
const FOUND = -1;
const OUT_OF_NODES = -2;
const BOUND_TOO_DEEP = -3;
const PARTITION_MISMATCH = -4;
const STOPPED = -5;
const BAD_PREFIX = -6;
const NO_BOUND = 0x7fffffff;
const noPoll = (): number => 0;

export interface IdaStarExports extends ScratchExports {
  /** Scratch board's h against the scratch goal; heuristic 0 = Manhattan, 1 = linear conflict, 2 = PDB (-4: partition does not fit). */
  idaStarEstimate(width: number, height: number, heuristic: number): number;
  /** Loads the scratch board and goal for a search, resets the node count; returns the start's h. */
  idaStarSetup(width: number, height: number, heuristic: number): number;
  /** Searches one f-bound: -1 found (path in scratch), -2 node budget spent, -3 bound past the path's room, -5 env.searchPoll said stop, else the next bound. */
  idaStarIteration(bound: number, budget: number): number;
  /** idaStarIteration below the first `prefixLength` moves of the scratch path; -6 when they are not a walk from the start. */
  idaStarSubtree(prefixLength: number, bound: number, budget: number): number;
  /** After idaStarSubtree answered a next bound: the moves of its prefix walked before f went past the bound (0: none). */
  idaStarPrefixCut(): number;
}

const heuristicCodes: Record<Heuristic, number> = { manhattan: 0, 'linear-conflict': 1, pdb: 2 };

export function wasmIdaStar(exports: IdaStarExports, pdb: WasmPdb, hooks: WasmHooks): IdaStarCore {
  /** The module's code for `heuristic`, after pointing the search at the partition's tables. */
  function heuristicCode(heuristic: Heuristic, partition: PdbPartition | undefined): number {
    const code = Object.hasOwn(heuristicCodes, heuristic) ? heuristicCodes[heuristic] : undefined;
    if (code === undefined) throw new RangeError(`IDA*: ${unknownHeuristicMessage(heuristic)}`);
    if (heuristic === 'pdb' && !(partition && pdb.select(partition))) {
      throw new RangeError(`IDA*: the PDB heuristic needs the tables of a partition${partition ? ` (${partition.name} is not built)` : ''}`);
    }
    return code;
  }

  function checkFit(h: number, partition: PdbPartition | undefined): number {
    if (h === PARTITION_MISMATCH) throw new RangeError(`IDA*: partition ${partition?.name} does not fit this goal (its blank cell is ${partition?.blankCell})`);
    return h;
  }

  function writeBoards(board: SlidingBoard, goal: SlidingBoard): void {
    const cells = board.width * board.height;
    scratchBytes(exports, BOARD_AT, cells).set(board.tiles.subarray(0, cells));
    scratchBytes(exports, GOAL_AT, cells).set(goal.tiles.subarray(0, cells));
  }

  /** Runs `work` with searchPoll pointed at options.poll. */
  function polled<T>(options: IdaStarOptions, work: () => T): T {
    const { poll } = options;
    hooks.searchPoll = poll ? (bound, nodes) => (poll(bound, nodes) ? 1 : 0) : noPoll;
    try {
      return work();
    } finally {
      hooks.searchPoll = noPoll;
    }
  }

  function foundPath(): Uint8Array {
    const header = scratchBytes(exports, PATH_LENGTH_AT, 4);
    const length = new DataView(header.buffer, header.byteOffset, 4).getUint32(0, true);
    return scratchBytes(exports, PATH_AT, length).slice();
  }

  function subtrees(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions, bound: number, takePrefix: () => Uint8Array | null, cutOff?: (stem: number) => void): SubtreesAnswer {
    writeBoards(start, goal);
    const code = heuristicCode(options.heuristic, options.partition);
    checkFit(exports.idaStarSetup(start.width, start.height, code), options.partition);
    if (bound > PATH_CAPACITY) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
    const budget = options.maxNodes ?? Infinity;
    let nextBound = NO_BOUND;
    for (let prefix = takePrefix(); prefix; prefix = takePrefix()) {
      scratchBytes(exports, PATH_AT, prefix.length).set(prefix);
      const result = exports.idaStarSubtree(prefix.length, bound, budget);
      if (result === BAD_PREFIX) throw new RangeError(`IDA*: prefix ${Array.from(prefix).join(',')} is not a walk from this board`);
      if (result === OUT_OF_NODES) return { moves: null, nodes: exports.lastNodes(), nextBound };
      if (result === STOPPED) return { moves: null, nodes: exports.lastNodes(), nextBound, stopped: true };
      if (result === FOUND) return { moves: foundPath(), nodes: exports.lastNodes(), nextBound: bound };
      nextBound = Math.min(nextBound, result);
      if (cutOff) {
        const stem = exports.idaStarPrefixCut();
        if (stem > 0) cutOff(stem);
      }
    }
    return { moves: null, nodes: exports.lastNodes(), nextBound };
  }

  return {
    solve: (start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer => polled(options, () => search(start, goal, options)),

    subtrees: (start, goal, options, bound, takePrefix, cutOff) => polled(options, () => subtrees(start, goal, options, bound, takePrefix, cutOff)),

    estimate(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition?: PdbPartition): number {
      const code = heuristicCode(heuristic, partition);
      writeBoards(board, goal);
      return checkFit(exports.idaStarEstimate(board.width, board.height, code), partition);
    },
  };

  /** IDA* one wasm call per f-bound. */
  function search(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer {
    writeBoards(start, goal);
    const code = heuristicCode(options.heuristic, options.partition);
    let bound = checkFit(exports.idaStarSetup(start.width, start.height, code), options.partition);
    const budget = options.maxNodes ?? Infinity;
    for (;;) {
      options.onIteration?.(bound, exports.lastNodes());
      const result = exports.idaStarIteration(bound, budget);
      if (result === OUT_OF_NODES) return { moves: null, nodes: exports.lastNodes(), bound };
      if (result === STOPPED) return { moves: null, nodes: exports.lastNodes(), stopped: true };
      if (result === BOUND_TOO_DEEP) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
      if (result === FOUND) {
        const header = scratchBytes(exports, PATH_LENGTH_AT, 4);
        const length = new DataView(header.buffer, header.byteOffset, 4).getUint32(0, true);
        return { moves: scratchBytes(exports, PATH_AT, length).slice(), nodes: exports.lastNodes() };
      }
      bound = result;
    }
  }
}
