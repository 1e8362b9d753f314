/**
 * Host adapter for `assembly/idaStar.ts`: writes the boards into scratch, runs
 * one wasm call per f-bound (so that `onIteration` and `maxNodes` are honoured
 * between calls) and reads the path back out of scratch. By job: idaStarHost
 * (boards, heuristic code and move pruning into the module, the path out),
 * batchSearch (a batch in one call, through the batch buffer) and wasmIdaStar
 * (setup, iterations, subtrees, the poll hook).
 */
import {
  MAX_SIDE,
  type Heuristic,
  type IdaStarBatchOptions,
  type IdaStarCore,
  type IdaStarOptions,
  type PdbPartition,
  type SlidingAnswer,
  type SlidingBoard,
  type SubtreesAnswer,
} from '../contract.js';
import { checkSlidingBoards } from '../boardChecks.js';
import { unknownHeuristicMessage } from '../messages.js';
import type { WasmHooks } from './loader.js';
import { reserveBatch, type BatchExports } from './batch.js';
import type { WasmPdb } from './pdb.js';
import { scratchBytes, type ScratchExports } from './scratch.js';
import { abiOf, type AbiExports } from './abi.js';
import { movePruning, type MovePruning } from '../movePruning.js';

/**
 * Room for a path in a batch slot, by the board's cells: past the longest
 * shortest path of every size up to it (31 moves on 3x3, 80 on 4x4, at most
 * 208 on 5x5). A longer one would still be answered, by a search of its own.
 */
const batchPathRoom = (cells: number): number => (cells <= 9 ? 48 : cells <= 16 ? 112 : 208);
const noPoll = (): number => 0;

export interface IdaStarExports extends ScratchExports, BatchExports, AbiExports {
  /** Scratch board's h against the scratch goal; heuristic 0 = Manhattan, 1 = linear conflict, 2 = PDB (-4: partition does not fit). */
  idaStarEstimate(width: number, height: number, heuristic: number): number;
  /** Loads the scratch board and goal for a search, resets the node count; returns the start's h. */
  idaStarSetup(width: number, height: number, heuristic: number): number;
  /** Nodes expanded since idaStarSetup: children generated for them (f within the bound, not the goal). */
  idaStarExpanded(): number;
  /** Searches one f-bound: -1 found (path in scratch), -2 node budget spent, -3 bound past the path's room, -5 env.searchPoll said stop, else the next bound. */
  idaStarIteration(bound: number, budget: number): number;
  /** idaStarIteration below the first `prefixLength` moves of the scratch path; -6 when they are not a walk from the start. */
  idaStarSubtree(prefixLength: number, bound: number, budget: number): number;
  /** After idaStarSubtree answered a next bound: the moves of its prefix walked before f went past the bound (0: none). */
  idaStarPrefixCut(): number;
  /**
   * IDA* on `count` boards in slots of `slotBytes` at `slots` against the scratch goal: board at 0.. in; status i32 at 32
   * (path length or a code), bound i32 at 36, nodes f64 at 40, expanded f64 at 48, moves at 56.. out. Returns the boards answered.
   */
  idaStarSolveBatch(width: number, height: number, heuristic: number, slots: number, count: number, slotBytes: number, budget: number): number;
  /** Room for a move-pruning machine: where to write its next states (i32) then allowed moves (u8); 0 when memory cannot grow (idaStarNeeded() bytes). */
  idaStarPruningReserve(states: number, cells: number): number;
  /** The bytes the last idaStarPruningReserve asked for. */
  idaStarNeeded(): number;
}

/** Writing a search's input into the module and reading its path back (see idaStarHost). */
interface IdaStarHost {
  /** The module's code for `heuristic`, after pointing the search at the partition's tables. */
  heuristicCode(heuristic: Heuristic, partition: PdbPartition | undefined): number;
  /** `h` unless it says the partition does not fit the goal (then a RangeError). */
  checkFit(h: number, partition: PdbPartition | undefined): number;
  /** Writes the move-pruning machine of `options` into the module, unless it is there already. */
  installPruning(width: number, height: number, options: IdaStarBatchOptions): void;
  writeBoards(board: SlidingBoard, goal: SlidingBoard): void;
  /** The path an iteration found, from scratch. */
  foundPath(): Uint8Array;
}

function idaStarHost(exports: IdaStarExports, pdb: WasmPdb): IdaStarHost {
  const { BOARD_AT, GOAL_AT, PATH_LENGTH_AT, PATH_AT, PARTITION_MISMATCH, HEURISTIC_MANHATTAN, HEURISTIC_LINEAR_CONFLICT, HEURISTIC_PDB } = abiOf(
    exports,
    'IdaStar',
  );
  const heuristicCodes: Record<Heuristic, number> = { manhattan: HEURISTIC_MANHATTAN, 'linear-conflict': HEURISTIC_LINEAR_CONFLICT, pdb: HEURISTIC_PDB };
  /** The machine in the module's memory now: written again only when a search wants another. */
  let installed: MovePruning | null = null;

  return {
    heuristicCode(heuristic, partition) {
      const code = Object.hasOwn(heuristicCodes, heuristic) ? heuristicCodes[heuristic] : undefined;
      if (code === undefined) throw new RangeError(`IDA*: ${unknownHeuristicMessage(heuristic)}`);
      if (heuristic === 'pdb' && !(partition && pdb.select(partition))) {
        throw new RangeError(`IDA*: the PDB heuristic needs the tables of a partition${partition ? ` (${partition.name} is not built)` : ''}`);
      }
      return code;
    },

    checkFit(h, partition) {
      if (h === PARTITION_MISMATCH)
        throw new RangeError(`IDA*: partition ${partition?.name} does not fit this goal (its blank cell is ${partition?.blankCell})`);
      return h;
    },

    installPruning(width, height, options) {
      const machine = movePruning(width, height, options.pruning ?? 'parent');
      if (machine === installed) return;
      const cells = width * height;
      const at = exports.idaStarPruningReserve(machine.states, cells);
      if (at === 0)
        throw new RangeError(
          `IDA*: the ${machine.name} move pruning needs ${exports.idaStarNeeded()} bytes of wasm memory, and memory could not grow that far`,
        );
      // Fresh views: the reserve may have grown memory.
      new Int32Array(exports.memory.buffer, at, machine.states * 4).set(machine.next);
      new Uint8Array(exports.memory.buffer, at + machine.states * 16, machine.states * cells).set(machine.allowed);
      installed = machine;
    },

    writeBoards(board, goal) {
      const cells = board.width * board.height;
      scratchBytes(exports, BOARD_AT, cells).set(board.tiles.subarray(0, cells));
      scratchBytes(exports, GOAL_AT, cells).set(goal.tiles.subarray(0, cells));
    },

    foundPath() {
      const header = scratchBytes(exports, PATH_LENGTH_AT, 4);
      const length = new DataView(header.buffer, header.byteOffset, 4).getUint32(0, true);
      return scratchBytes(exports, PATH_AT, length).slice();
    },
  };
}

type BatchSearch = (starts: readonly SlidingBoard[], goal: SlidingBoard, options: IdaStarBatchOptions) => Array<SlidingAnswer | null>;

/**
 * IDA* on every board in one wasm call (idaStarSolveBatch): the boards into
 * slots of the batch buffer, the answers out of them. A path too long for its
 * slot is searched again alone by `searchOne`.
 */
function batchSearch(
  exports: IdaStarExports,
  host: IdaStarHost,
  searchOne: (start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions) => SlidingAnswer,
): BatchSearch {
  const {
    GOAL_AT,
    OUT_OF_NODES,
    BOUND_TOO_DEEP,
    PARTITION_MISMATCH,
    STOPPED,
    BATCH_STATUS_AT,
    BATCH_BOUND_AT,
    BATCH_NODES_AT,
    BATCH_EXPANDED_AT,
    BATCH_PATH_AT,
    BATCH_UNSOLVABLE,
    BATCH_NOT_A_BOARD,
    BATCH_PATH_TOO_LONG,
  } = abiOf(exports, 'IdaStar');

  return (starts, goal, options) => {
    const count = starts.length;
    const answers: Array<SlidingAnswer | null> = new Array(count);
    if (count === 0) return answers;
    const { width, height } = goal;
    const cells = width * height;
    // The engine tests each board (slidingSolvable); here only what writing it needs.
    for (const start of starts) {
      if (start.width !== width || start.height !== height || start.tiles.length !== cells) checkSlidingBoards(start, goal, MAX_SIDE * MAX_SIDE);
    }
    const code = host.heuristicCode(options.heuristic, options.partition);
    host.installPruning(width, height, options);
    const slotBytes = BATCH_PATH_AT + batchPathRoom(cells);
    const at = reserveBatch(exports, slotBytes * count, `${count} boards`);
    scratchBytes(exports, GOAL_AT, cells).set(goal.tiles.subarray(0, cells));
    let bytes = new Uint8Array(exports.memory.buffer, at, slotBytes * count);
    for (let i = 0; i < count; i++) bytes.set(starts[i]!.tiles, i * slotBytes);
    const answered = exports.idaStarSolveBatch(width, height, code, at, count, slotBytes, options.maxNodes ?? Infinity);
    bytes = new Uint8Array(exports.memory.buffer, at, slotBytes * count);
    const data = new DataView(exports.memory.buffer, at, slotBytes * count);
    const tooLong: number[] = [];
    for (let i = 0; i < answered; i++) {
      const slot = i * slotBytes;
      const status = data.getInt32(slot + BATCH_STATUS_AT, true);
      const bound = data.getInt32(slot + BATCH_BOUND_AT, true);
      const nodes = data.getFloat64(slot + BATCH_NODES_AT, true);
      const expanded = data.getFloat64(slot + BATCH_EXPANDED_AT, true);
      if (status >= 0) answers[i] = { moves: bytes.slice(slot + BATCH_PATH_AT, slot + BATCH_PATH_AT + status), nodes, expanded };
      else if (status === BATCH_UNSOLVABLE) answers[i] = null;
      else if (status === OUT_OF_NODES) answers[i] = { moves: null, nodes, expanded, bound };
      else if (status === STOPPED) answers[i] = { moves: null, nodes, expanded, stopped: true };
      else if (status === BATCH_PATH_TOO_LONG) tooLong.push(i);
      else if (status === PARTITION_MISMATCH) host.checkFit(status, options.partition);
      else if (status === BOUND_TOO_DEEP) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
      else {
        checkSlidingBoards(starts[i]!, goal, MAX_SIDE * MAX_SIDE);
        throw new Error(`IDA*: the engine refused board ${i + 1} of the batch (code ${status === BATCH_NOT_A_BOARD ? 'not a board' : status})`);
      }
    }
    // A stop ended the batch: the boards after it were not searched.
    for (let i = answered; i < count; i++) answers[i] = { moves: null, nodes: 0, expanded: 0, stopped: true };
    // Paths too long for a slot (none of a solvable board up to 5x5): searched again alone.
    for (const i of tooLong) answers[i] = searchOne(starts[i]!, goal, options);
    return answers;
  };
}

export function wasmIdaStar(exports: IdaStarExports, pdb: WasmPdb, hooks: WasmHooks): IdaStarCore {
  const { PATH_AT, PATH_CAPACITY, FOUND, OUT_OF_NODES, BOUND_TOO_DEEP, STOPPED, BAD_PREFIX, NO_BOUND } = abiOf(exports, 'IdaStar');
  const host = idaStarHost(exports, pdb);
  const searchBatch = batchSearch(exports, host, search);

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

  /** The nodes generated and expanded since idaStarSetup. */
  const counts = () => ({ nodes: exports.lastNodes(), expanded: exports.idaStarExpanded() });

  /** Loads a search (idaStarSetup); returns the start's h. */
  function setup(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): number {
    host.writeBoards(start, goal);
    const code = host.heuristicCode(options.heuristic, options.partition);
    host.installPruning(start.width, start.height, options);
    return host.checkFit(exports.idaStarSetup(start.width, start.height, code), options.partition);
  }

  /** IDA* one wasm call per f-bound. */
  function search(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer {
    let bound = setup(start, goal, options);
    const budget = options.maxNodes ?? Infinity;
    for (;;) {
      options.onIteration?.(bound, exports.lastNodes(), exports.idaStarExpanded());
      const result = exports.idaStarIteration(bound, budget);
      if (result === OUT_OF_NODES) return { moves: null, ...counts(), bound };
      if (result === STOPPED) return { moves: null, ...counts(), stopped: true };
      if (result === BOUND_TOO_DEEP) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
      if (result === FOUND) return { moves: host.foundPath(), ...counts() };
      bound = result;
    }
  }

  function subtrees(
    start: SlidingBoard,
    goal: SlidingBoard,
    options: IdaStarOptions,
    bound: number,
    takePrefix: () => Uint8Array | null,
    cutOff?: (stem: number) => void,
  ): SubtreesAnswer {
    setup(start, goal, options);
    if (bound > PATH_CAPACITY) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
    const budget = options.maxNodes ?? Infinity;
    let nextBound = NO_BOUND;
    for (let prefix = takePrefix(); prefix; prefix = takePrefix()) {
      scratchBytes(exports, PATH_AT, prefix.length).set(prefix);
      const result = exports.idaStarSubtree(prefix.length, bound, budget);
      if (result === BAD_PREFIX) throw new RangeError(`IDA*: prefix ${Array.from(prefix).join(',')} is not a walk from this board`);
      if (result === OUT_OF_NODES) return { moves: null, ...counts(), nextBound, bound };
      if (result === STOPPED) return { moves: null, ...counts(), nextBound, stopped: true };
      if (result === FOUND) return { moves: host.foundPath(), ...counts(), nextBound: bound };
      nextBound = Math.min(nextBound, result);
      if (cutOff) {
        const stem = exports.idaStarPrefixCut();
        if (stem > 0) cutOff(stem);
      }
    }
    return { moves: null, ...counts(), nextBound };
  }

  return {
    solve: (start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer => polled(options, () => search(start, goal, options)),

    solveBatch: (starts: readonly SlidingBoard[], goal: SlidingBoard, options: IdaStarBatchOptions): Array<SlidingAnswer | null> =>
      polled(options, () => searchBatch(starts, goal, options)),

    subtrees: (start, goal, options, bound, takePrefix, cutOff) => polled(options, () => subtrees(start, goal, options, bound, takePrefix, cutOff)),

    estimate(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition?: PdbPartition): number {
      const code = host.heuristicCode(heuristic, partition);
      host.writeBoards(board, goal);
      return host.checkFit(exports.idaStarEstimate(board.width, board.height, code), partition);
    },
  };
}
