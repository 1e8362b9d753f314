/**
 * The TypeScript twin of `assembly/idaStar.ts`: IDA* for sliding-tile boards
 * from 2x2 to 5x5 with Manhattan, linear-conflict or additive PDB heuristics.
 * Same tables (./linearConflict.ts), same PDB lookup (./pdbHeuristic.ts, as
 * `assembly/pdbHeuristic.ts`), same move order (SEARCH_MOVE_ORDER: u, l, r, d), same node
 * counting (children generated), so it returns the same moves and the same
 * node counts as the wasm engine. See the assembly files for the heuristic's
 * line codes, the move records and the mirrored lookup.
 *
 * Three closures, by job: idaStarBoard (the board being searched, its
 * heuristic's state and steps), idaStarSearch (the recursive search and the
 * walk down a prefix to it) and twinIdaStar (iterations, batches, subtrees).
 * The recursion reads its state from closure context slots, not object
 * properties: a property read needs type feedback, and a rarely taken branch
 * without it (the poll) deoptimized the whole recursion when the state was a
 * class's (18% slower). Its constants are local for the same reason (below).
 * One file of about 450 lines for that reason too: the three closures share
 * module-local constants and helpers, which as imports would be module cells
 * checked at every use in the recursion.
 */
import {
  SEARCH_MOVE_ORDER,
  type Heuristic,
  type IdaStarBatchOptions,
  type IdaStarCore,
  type IdaStarOptions,
  type PdbPartition,
  type SlidingAnswer,
  type SlidingBoard,
  type SubtreesAnswer,
} from '../contract.js';
import { unknownHeuristicMessage } from '../messages.js';
import type { TwinPdb } from './pdb.js';
import { twinPdbHeuristic } from './pdbHeuristic.js';
import { LINE_COUNT, SearchTables, linesCost, loadLineCodes, prepareTables } from './linearConflict.js';
import { twinSliding } from './sliding.js';
import { movePruning } from '../movePruning.js';

/**
 * As in ./linearConflict.ts, and declared again here, not imported: the
 * search reads them at every node, and an imported binding is a module cell
 * that V8 loads and checks for the hole at each use (the twin ran 20% slower
 * so), where a local const is folded to its number.
 */
const POSITION_STRIDE = 32;
const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;
/** The root's parent move: (NO_MOVE ^ 1) names no direction. */
const NO_MOVE = 4;
// SEARCH_MOVE_ORDER as a chain ending in NO_MOVE, so that the recursion keeps
// one loop variable: its frame bounds the depth a JS stack allows (4,032 moves).
const FIRST_MOVE = SEARCH_MOVE_ORDER[0]!;
const NEXT_MOVE = Int8Array.from([0, 1, 2, 3], (move) => SEARCH_MOVE_ORDER[SEARCH_MOVE_ORDER.indexOf(move) + 1] ?? NO_MOVE);

/** Heuristic kinds, as in assembly/idaStarTables.ts (the PDB's mirroring is ./pdbHeuristic.ts's to know). */
const MANHATTAN = 0;
const LINEAR_CONFLICT = 1;
const PDB = 2;
const kinds: Record<Heuristic, number> = { manhattan: MANHATTAN, 'linear-conflict': LINEAR_CONFLICT, pdb: PDB };

const FOUND = -1;
const OUT_OF_NODES = -2;
const STOPPED = -5;
const BAD_PREFIX = -6;
/** The longest prefix a subtree search takes, as in assembly/idaStarSearch.ts. */
const MAX_PREFIX = 32;
/** The search asks options.poll whether to stop each time its node count reaches a multiple of this (as the wasm engine does). */
const POLL_NODES = 16384;
const NO_BOUND = 0x7fffffff;
/** The wasm engine returns paths through 4032 bytes of scratch; the twin keeps the same limit. */
const PATH_CAPACITY = 4096 - 64;

/** The board being searched and its heuristic: state and steps, closures the search calls (see idaStarBoard). */
interface IdaStarBoard {
  readonly tables: SearchTables;
  /** Tiles by position (the blank's cell is stale). */
  readonly tiles: Uint8Array;
  /** Loads `board` into `tiles` and the heuristic's state (building tables for `goal` if needed); returns its h. */
  load(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition: PdbPartition | undefined): number;
  /** Where the loaded board's blank is. */
  blank(): number;
  /** The child's h when `tile` steps onto `to`; changes nothing (but PDB's pending entries). Above `room` the child is pruned. */
  childEstimate(record: number, tile: number, to: number, h: number, room: number): number;
  /** childEstimate's h in full: the PDB's may stop early above `room` (see prunedEstimate). */
  fullEstimate(record: number, tile: number, to: number, h: number): number;
  /** Updates the heuristic's state for the move; returns what undo needs. */
  apply(record: number, tile: number, to: number): number;
  undo(record: number, tile: number, from: number, saved: number): void;
  /** Takes back the first `steps` moves of a walk along `prefix` on a board `width` wide (`walked`: blank, tile moved, save per step). */
  takeBack(prefix: Uint8Array, steps: number, walked: readonly number[], width: number): void;
  /** Keeps the loaded board (tiles, line codes), restored before every iteration. */
  keepStart(): void;
  restoreStart(): void;
}

/**
 * The board and its heuristic over per-goal tables; `kind` is fixed for a whole search, so its branches always go one way.
 * `plainMax`: every child priced in full, no sum skipped once one prunes (the plain search the tests hold the rule to).
 */
function idaStarBoard(pdb: TwinPdb, plainMax: boolean): IdaStarBoard {
  const tables = new SearchTables();
  const { moveRecords, lineCost } = tables;
  const tiles = new Uint8Array(POSITION_STRIDE);
  const startTiles = new Uint8Array(POSITION_STRIDE);
  let startBlank = 0;
  const lineCodes = new Int32Array(LINE_COUNT);
  const startCodes = new Int32Array(LINE_COUNT);
  const pdbHeuristic = twinPdbHeuristic(pdb);
  const { childEstimate: pdbChildEstimate, apply: pdbApply, undo: pdbUndo } = pdbHeuristic;
  let kind = MANHATTAN;

  function load(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition: PdbPartition | undefined): number {
    if (!Object.hasOwn(kinds, heuristic)) throw new RangeError(`IDA*: ${unknownHeuristicMessage(heuristic)}`);
    const { width, height } = board;
    prepareTables(tables, width, height, goal.tiles);
    kind = kinds[heuristic];
    if (kind === PDB) pdbHeuristic.prepare(width, height, goal.tiles, partition);
    for (let p = 0; p < width * height; p++) {
      const tile = board.tiles[p]!;
      tiles[p] = tile;
      if (tile === 0) startBlank = p;
    }
    const manhattan = loadLineCodes(tables, board, lineCodes);
    if (kind === LINEAR_CONFLICT) return manhattan + linesCost(tables, lineCodes, width, height);
    if (kind === PDB) return pdbHeuristic.loadBoard(board.tiles, manhattan);
    return manhattan;
  }

  function childEstimate(record: number, tile: number, to: number, h: number, room: number): number {
    const costWord = moveRecords[record]!;
    const manhattanDelta = (costWord << 24) >> 24;
    if (kind === MANHATTAN) return h + manhattanDelta;
    if (kind === LINEAR_CONFLICT) {
      const code = lineCodes[(costWord >>> 8) & 0xff]!;
      return h + manhattanDelta + lineCost[code + (costWord >> 16)]! - lineCost[code]!;
    }
    return pdbChildEstimate(tile, to, manhattanDelta, room);
  }

  function fullEstimate(record: number, tile: number, to: number, h: number): number {
    return childEstimate(record, tile, to, h, Number.POSITIVE_INFINITY);
  }

  function apply(record: number, tile: number, to: number): number {
    if (kind === LINEAR_CONFLICT) {
      const costWord = moveRecords[record]!;
      lineCodes[(costWord >>> 8) & 0xff] += costWord >> 16;
      const codeWord = moveRecords[record + 1]!;
      lineCodes[codeWord & 0xff] += codeWord >> 16;
      return 0;
    }
    if (kind === MANHATTAN) return 0;
    return pdbApply(tile, to, (moveRecords[record]! << 24) >> 24);
  }

  function undo(record: number, tile: number, from: number, saved: number): void {
    if (kind === LINEAR_CONFLICT) {
      const codeWord = moveRecords[record + 1]!;
      lineCodes[codeWord & 0xff] -= codeWord >> 16;
      const costWord = moveRecords[record]!;
      lineCodes[(costWord >>> 8) & 0xff] -= costWord >> 16;
    } else if (kind !== MANHATTAN) {
      pdbUndo(tile, from, (moveRecords[record]! << 24) >> 24, saved);
    }
  }

  function takeBack(prefix: Uint8Array, steps: number, walked: readonly number[], width: number): void {
    for (let g = steps - 1; g >= 0; g--) {
      const direction = prefix[g]!;
      const next = stepTo(walked[3 * g]!, direction, width);
      const tile = walked[3 * g + 1]!;
      tiles[next] = tile;
      undo((((tile * POSITION_STRIDE + next) << 2) | direction) << 1, tile, next, walked[3 * g + 2]!);
    }
  }

  return {
    tables,
    tiles,
    load,
    blank: () => startBlank,
    childEstimate: plainMax ? (record, tile, to, h) => fullEstimate(record, tile, to, h) : childEstimate,
    fullEstimate,
    apply,
    undo,
    takeBack,
    keepStart() {
      startTiles.set(tiles);
      startCodes.set(lineCodes);
    },
    restoreStart() {
      tiles.set(startTiles);
      lineCodes.set(startCodes);
    },
  };
}

/** One search set up from a board: iterations and subtrees at a bound, and what they found (see idaStarSearch). */
interface IdaStarSearch {
  /** Loads a search (as idaStarSetup); returns the start's h. */
  setup(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): number;
  /** One iteration at `bound` from the start: FOUND, OUT_OF_NODES, STOPPED or the next bound. */
  iteration(bound: number): number;
  /** The search at `bound` below `prefix` (as idaStarSubtree): iteration's results, or BAD_PREFIX. */
  subtree(prefix: Uint8Array, bound: number): number;
  /** Nodes generated since setup. */
  nodes(): number;
  /** Nodes whose children were generated (as assembly/idaStar.ts idaStarExpanded). */
  expanded(): number;
  /** The path FOUND found. */
  found(): Uint8Array;
  /** As assembly/idaStarSearch.ts prefixCut: the moves of the last prefix walked before f went past the bound (0: none). */
  prefixCut(): number;
  /** The node count at which the search polls next; a batch carries it from board to board. */
  nextPoll(): number;
  pollAt(nodes: number): void;
}

function idaStarSearch(board: IdaStarBoard): IdaStarSearch {
  const path = new Uint8Array(PATH_CAPACITY);
  const { tiles, childEstimate, fullEstimate, apply: applyMove, undo: undoMove } = board;
  let boardWidth = 0;
  let startBlank = 0;
  let startH = 0;
  let bound = 0;
  let pathLength = 0;
  let generated = 0;
  let expanded = 0;
  let limit = Infinity;
  let nextPoll = POLL_NODES;
  let poll: ((bound: number, nodes: number) => boolean) | undefined;
  /** The move-pruning machine of the search (as assembly/idaStarSearch.ts pruningNext and pruningAllowed). */
  let pruningNext: Int32Array = new Int32Array(0);
  let pruningAllowed: Uint8Array = new Uint8Array(0);
  let pruningCells = 0;
  let prefixCut = 0;
  /** The least f above the bound among the children pruned in this iteration or subtree (see prunedEstimate). */
  let leastPrunedF = NO_BOUND;

  /**
   * As assembly/pdbHeuristic.ts pdbPrunedEstimate: the h of a pruned child
   * for the next bound. childEstimate may stop below the full h once the
   * child is pruned, and the next bound is the least f among pruned
   * children; a child whose f would be the least so far is priced again in full.
   */
  function prunedEstimate(record: number, tile: number, to: number, h: number, g1: number, childH: number): number {
    if (g1 + childH >= leastPrunedF) return childH;
    const full = fullEstimate(record, tile, to, h);
    leastPrunedF = Math.min(leastPrunedF, g1 + full);
    return full;
  }

  /**
   * The one search body: FOUND, OUT_OF_NODES, or the least f above the bound
   * among pruned children. The heuristic's parts (childEstimate, applyMove,
   * undoMove) branch on its kind, which is fixed for a whole search.
   */
  function search(blank: number, state: number, g: number, h: number): number {
    if (h === 0) {
      pathLength = g;
      return FOUND;
    }
    expanded++;
    const room = bound - g - 1;
    const moves = pruningAllowed[state * pruningCells + blank]!;
    let best = NO_BOUND;
    for (let direction = FIRST_MOVE; direction !== NO_MOVE; direction = NEXT_MOVE[direction]!) {
      if ((moves & (1 << direction)) === 0) continue;
      if (generated >= limit) return OUT_OF_NODES;
      if (generated === nextPoll) {
        if (poll?.(bound, generated)) return STOPPED;
        nextPoll += POLL_NODES;
      }
      generated++;
      const next = direction === UP ? blank - boardWidth : direction === DOWN ? blank + boardWidth : direction === LEFT ? blank - 1 : blank + 1;
      const tile = tiles[next]!;
      const record = (((tile * POSITION_STRIDE + next) << 2) | direction) << 1;
      const childH = childEstimate(record, tile, blank, h, room);
      let result: number;
      if (childH > room) {
        result = g + 1 + prunedEstimate(record, tile, blank, h, g + 1, childH);
      } else {
        const saved = applyMove(record, tile, blank);
        tiles[blank] = tile;
        path[g] = direction;
        result = search(next, pruningNext[state * 4 + direction]!, g + 1, childH);
        tiles[next] = tile;
        undoMove(record, tile, next, saved);
      }
      if (result < best) {
        best = result;
        if (result < 0) return result;
      }
    }
    return best;
  }

  /**
   * The search below `prefix` (as assembly/idaStar.ts idaStarSubtree): walks
   * it from the start, pricing each step as `search` prices a child, searches
   * below with the one search body, and takes the walk back.
   */
  function subtree(prefix: Uint8Array, searchBound: number): number {
    bound = searchBound;
    leastPrunedF = NO_BOUND;
    board.restoreStart();
    const length = prefix.length;
    prefixCut = 0;
    if (length > MAX_PREFIX) return BAD_PREFIX;
    /** Per step taken: the blank's cell, the tile moved, and what undo needs. */
    const walked: number[] = [];
    let blank = startBlank;
    let h = startH;
    let parentMove = NO_MOVE;
    let state = 0;
    let result = 0;
    let g = 0;
    for (; g < length; g++) {
      if (h === 0) {
        pathLength = g;
        result = FOUND;
        break;
      }
      const direction = prefix[g]!;
      result = stepRefused(direction, parentMove, board.tables.moveMask[blank]!, pruningAllowed[state * pruningCells + blank]!);
      if (result !== 0) break;
      const next = stepTo(blank, direction, boardWidth);
      const tile = tiles[next]!;
      const record = (((tile * POSITION_STRIDE + next) << 2) | direction) << 1;
      const childH = childEstimate(record, tile, blank, h, bound - g - 1);
      if (g + 1 + childH > bound) {
        result = g + 1 + prunedEstimate(record, tile, blank, h, g + 1, childH);
        prefixCut = g + 1;
        break;
      }
      walked.push(blank, tile, applyMove(record, tile, blank));
      tiles[blank] = tile;
      path[g] = direction;
      blank = next;
      h = childH;
      parentMove = direction;
      state = pruningNext[state * 4 + direction]!;
    }
    if (g === length) result = search(blank, state, length, h);
    board.takeBack(prefix, g, walked, boardWidth);
    return result;
  }

  function setup(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): number {
    startH = board.load(start, goal, options.heuristic, options.partition);
    startBlank = board.blank();
    boardWidth = start.width;
    ({ next: pruningNext, allowed: pruningAllowed } = movePruning(start.width, start.height, options.pruning ?? 'parent'));
    pruningCells = start.width * start.height;
    board.keepStart();
    generated = 0;
    expanded = 0;
    nextPoll = POLL_NODES;
    poll = options.poll;
    limit = options.maxNodes === undefined ? Infinity : Math.max(0, Math.floor(options.maxNodes));
    return startH;
  }

  /** One iteration from the start board, put back first (after a search cut short by a throw, say). */
  function iteration(searchBound: number): number {
    bound = searchBound;
    leastPrunedF = NO_BOUND;
    board.restoreStart();
    return search(startBlank, 0, 0, startH);
  }

  return {
    setup,
    iteration,
    subtree,
    nodes: () => generated,
    expanded: () => expanded,
    found: () => path.slice(0, pathLength),
    prefixCut: () => prefixCut,
    nextPoll: () => nextPoll,
    pollAt(nodes) {
      nextPoll = nodes;
    },
  };
}

/**
 * Why a prefix may not take `direction` (0 if it may) from a cell whose moves
 * on the board are `onBoard` and whose moves the pruning machine allows are
 * `allowed`, after `parentMove`: BAD_PREFIX off the board or an undo, NO_BOUND
 * for a walk the machine prunes (the whole search never goes there, so
 * neither does this share).
 */
function stepRefused(direction: number, parentMove: number, onBoard: number, allowed: number): number {
  if (direction > RIGHT || direction === (parentMove ^ 1) || (onBoard & (1 << direction)) === 0) return BAD_PREFIX;
  return (allowed & (1 << direction)) === 0 ? NO_BOUND : 0;
}

/** Where the blank at `blank` lands after `direction` on a board `width` wide. */
function stepTo(blank: number, direction: number, width: number): number {
  return direction === UP ? blank - width : direction === DOWN ? blank + width : direction === LEFT ? blank - 1 : blank + 1;
}

function checkBound(bound: number): void {
  if (bound > PATH_CAPACITY) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
}

/** The iterations of a search set up from `bound`, until one finds a path, runs out of nodes or is stopped. */
function iterate(search: IdaStarSearch, bound: number, onIteration: IdaStarOptions['onIteration']): SlidingAnswer {
  for (;;) {
    onIteration?.(bound, search.nodes(), search.expanded());
    checkBound(bound);
    const result = search.iteration(bound);
    const counts = { nodes: search.nodes(), expanded: search.expanded() };
    if (result === OUT_OF_NODES) return { moves: null, ...counts, bound };
    if (result === STOPPED) return { moves: null, ...counts, stopped: true };
    if (result === FOUND) return { moves: search.found(), ...counts };
    bound = result;
  }
}

/** The subtrees at `bound` below the prefixes handed out (IdaStarCore.subtrees). */
function subtrees(search: IdaStarSearch, bound: number, takePrefix: () => Uint8Array | null, cutOff?: (stem: number) => void): SubtreesAnswer {
  checkBound(bound);
  let nextBound = NO_BOUND;
  for (let prefix = takePrefix(); prefix; prefix = takePrefix()) {
    const result = search.subtree(prefix, bound);
    if (result === BAD_PREFIX) throw new RangeError(`IDA*: prefix ${Array.from(prefix).join(',')} is not a walk from this board`);
    if (result === OUT_OF_NODES) return { moves: null, nodes: search.nodes(), expanded: search.expanded(), nextBound, bound };
    if (result === STOPPED) return { moves: null, nodes: search.nodes(), expanded: search.expanded(), nextBound, stopped: true };
    if (result === FOUND) return { moves: search.found(), nodes: search.nodes(), expanded: search.expanded(), nextBound: bound };
    nextBound = Math.min(nextBound, result);
    const stem = search.prefixCut();
    if (stem > 0) cutOff?.(stem);
  }
  return { moves: null, nodes: search.nodes(), expanded: search.expanded(), nextBound };
}

export function twinIdaStar(pdb: TwinPdb, plainMax = false): IdaStarCore {
  const board = idaStarBoard(pdb, plainMax);
  const search = idaStarSearch(board);
  /** The parity test of the exhaustive searches' twin (as idaStarSolveBatch calls slidingSolvable). */
  const parityTest = twinSliding();

  return {
    subtrees(start, goal, options, bound, takePrefix, cutOff): SubtreesAnswer {
      search.setup(start, goal, options);
      return subtrees(search, bound, takePrefix, cutOff);
    },

    solve(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer {
      return iterate(search, search.setup(start, goal, options), options.onIteration);
    },

    solveBatch(starts: readonly SlidingBoard[], goal: SlidingBoard, options: IdaStarBatchOptions): Array<SlidingAnswer | null> {
      const answers: Array<SlidingAnswer | null> = [];
      // The poll comes every 2^14 nodes of the whole batch, as in the wasm engine.
      let untilPoll = POLL_NODES;
      for (const start of starts) {
        if (!parityTest.solvable(start, goal)) {
          answers.push(null);
          continue;
        }
        const bound = search.setup(start, goal, options);
        search.pollAt(untilPoll);
        const answer = iterate(search, bound, undefined);
        answers.push(answer);
        // A stop ends the batch: the boards after it are not searched.
        if (answer.stopped) break;
        untilPoll = search.nextPoll() - search.nodes();
      }
      while (answers.length < starts.length) answers.push({ moves: null, nodes: 0, expanded: 0, stopped: true });
      return answers;
    },

    estimate(start: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition?: PdbPartition): number {
      return board.load(start, goal, heuristic, partition);
    },
  };
}
