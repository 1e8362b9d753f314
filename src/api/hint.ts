/**
 * Hints for a sliding board: for every legal move of the blank, the optimal
 * distance after it, and so which moves keep the position optimal.
 *
 * The cheap way, not a fresh search per move: the board is solved once, at
 * distance d. Every move changes the distance by exactly one (the moves of a
 * sliding puzzle flip the permutation's parity with the blank's cell colour,
 * so neighbours are never at the same distance), so a move's distance is
 * d - 1 or d + 1. The first move of the path found is d - 1; any other move
 * is settled by one IDA* iteration at bound d below that move alone (a path
 * through it within d moves exists or not), never by the iterations below.
 * A move whose iteration runs out of the budget is unknown (null), not
 * guessed.
 */
import {
  BLACK,
  EMPTY,
  MOVE_LETTERS,
  type Core,
  type FourLineSides,
  type Heuristic,
  type LightsOutAnswer,
  type LightsOutProblem,
  type PdbPartition,
  type SlidingBoard,
} from '../engine/contract.js';
import { PuzzleInputError } from './boards.js';

/** One legal move of the blank and the distance after it. */
export interface MoveHint {
  move: 'u' | 'd' | 'l' | 'r';
  /** The optimal distance to the goal after the move; null when it was not settled within the budget (or the board is unsolvable). */
  distance: number | null;
  /** Whether the move keeps the position optimal (distance one less than now); null when not settled. */
  optimal: boolean | null;
}

export interface SlidingHint {
  /** solved: the board's distance is known; unsolvable: no move can reach the goal; stopped: the budget ran out before the board's own search ended. */
  status: 'solved' | 'unsolvable' | 'stopped';
  /** The board's optimal distance; null unless solved. */
  distance: number | null;
  /** Every legal move of the blank, in the order u, d, l, r. */
  moves: MoveHint[];
  /** nodes: every search's (the board's, then each move's iteration); ms: wall time. */
  stats: { nodes: number; ms: number };
  /** Why there is no distance (unsolvable or stopped). */
  reason?: string;
}

/** What a hint searches with: the solver's checked sliding plan. */
export interface HintSearch {
  start: SlidingBoard;
  goal: SlidingBoard;
  heuristic: Heuristic;
  partition?: PdbPartition;
  /** The node budget of the whole hint (the board's search and every move's). */
  maxNodes?: number;
  /** The caller's progress and cancel (true stops); asked every 2^14 nodes. */
  poll?: (bound: number, nodes: number) => boolean;
  /** Thrown when `poll` stopped a search (the caller's abort; the budget stops a search by its node limit, not the poll). */
  aborted: () => Error;
  /** The reason an unsolvable board gives. */
  unsolvableReason: () => string;
}

const letters = MOVE_LETTERS.split('') as MoveHint['move'][];

/** The blank's legal moves on `board`, as move codes (0 up, 1 down, 2 left, 3 right). */
function legalMoves(board: SlidingBoard): number[] {
  const blank = board.tiles.indexOf(0);
  const row = Math.floor(blank / board.width);
  const col = blank % board.width;
  return [row > 0, row < board.height - 1, col > 0, col < board.width - 1].flatMap((legal, move) => (legal ? [move] : []));
}

export function slidingHint(core: Core, search: HintSearch): SlidingHint {
  const started = performance.now();
  const { start, goal, heuristic, partition } = search;
  const moves = legalMoves(start);
  const unknown = () => moves.map((move): MoveHint => ({ move: letters[move]!, distance: null, optimal: null }));
  const done = (hint: Omit<SlidingHint, 'stats'>, nodes: number): SlidingHint => ({ ...hint, stats: { nodes, ms: performance.now() - started } });
  if (!core.sliding.solvable(start, goal)) return done({ status: 'unsolvable', distance: null, moves: unknown(), reason: search.unsolvableReason() }, 0);

  const budget = search.maxNodes ?? Infinity;
  const solved = core.idaStar.solve(start, goal, { heuristic, partition, pruning: 'fsm', maxNodes: search.maxNodes, poll: search.poll });
  if (solved.stopped) throw search.aborted();
  let nodes = solved.nodes;
  if (solved.moves === null) {
    return done({ status: 'stopped', distance: null, moves: unknown(), reason: `stopped: the board's own search took all ${budget} nodes` }, nodes);
  }
  const distance = solved.moves.length;
  const hints = moves.map((move): MoveHint => {
    if (distance > 0 && move === solved.moves![0]) return { move: letters[move]!, distance: distance - 1, optimal: true };
    if (distance === 0) return { move: letters[move]!, distance: 1, optimal: false };
    const left = budget - nodes;
    if (left <= 0) return { move: letters[move]!, distance: null, optimal: null };
    // One iteration at bound `distance` below this move alone: a path through it of `distance` moves or fewer.
    let given = false;
    const takePrefix = () => {
      if (given) return null;
      given = true;
      return Uint8Array.of(move);
    };
    const caller = search.poll;
    const poll = caller && ((bound: number, searched: number) => caller(bound, nodes + searched));
    // What is left of the budget is the iteration's own node limit, kept to the node as sliding()'s
    // is (the poll, every 2^14 nodes, once let a hint overrun it by up to 16,000).
    const maxNodes = left === Infinity ? undefined : left;
    // Only the parent move pruned below a move: the machine keeps the earliest of the shortest paths
    // from the board, which may start with another move, and would hide this move's own.
    const below = core.idaStar.subtrees(start, goal, { heuristic, partition, pruning: 'parent', maxNodes, poll }, distance, takePrefix);
    nodes += below.nodes;
    if (below.stopped) throw search.aborted();
    // Cut short by the node limit (bound set, as a stopped solve's): not settled, never guessed.
    if (below.bound !== undefined) return { move: letters[move]!, distance: null, optimal: null };
    return below.moves ? { move: letters[move]!, distance: distance - 1, optimal: true } : { move: letters[move]!, distance: distance + 1, optimal: false };
  });
  return done({ status: 'solved', distance, moves: hints }, nodes);
}

/** One cell of a Flip or Pilots board and the fewest presses after pressing it. */
export interface PressHint {
  /** 1-based, as the judges' answers. */
  row: number;
  col: number;
  /** The fewest presses to the goal after pressing this cell; null when the board cannot reach it. */
  distance: number | null;
  /** Whether pressing it keeps the position optimal (distance one less than now). */
  optimal: boolean | null;
}

export interface FlipHint {
  status: 'solved' | 'unsolvable';
  /** The board's fewest presses; null when unsolvable. */
  distance: number | null;
  /** Every cell, row-major. */
  cells: PressHint[];
  stats: { nodes: number; ms: number };
  reason?: string;
}

/** The cells a press at `cell` toggles: the cell and its four neighbours (flip), or its row and column (pilots). */
function pressMask(kind: 'flip' | 'pilots', cell: number): number {
  const row = cell >> 2;
  const col = cell & 3;
  let mask = 0;
  for (let other = 0; other < 16; other++) {
    const r = other >> 2;
    const c = other & 3;
    const hit = kind === 'pilots' ? r === row || c === col : Math.abs(r - row) + Math.abs(c - col) <= 1;
    if (hit) mask |= 1 << other;
  }
  return mask;
}

/**
 * Flip and Pilots hints from the breadth-first table of core.flip: the board
 * and its 16 pressed children in one batch call, each answer a table walk.
 * Presses commute, so a cell of some fewest press set brings the distance
 * down by one; any other press brings it up by one.
 */
export function flipHint(core: Core, kind: 'flip' | 'pilots', board: number, unsolvableReason: string): FlipHint {
  const started = performance.now();
  const boards = Uint16Array.from({ length: 17 }, (_, at) => (at === 0 ? board : board ^ pressMask(kind, at - 1)));
  const { answers, nodes } = core.flip.solveBatch(kind, boards);
  const length = (at: number) => (answers[at]! >>> 16) - 1;
  const distance = length(0);
  const cells = Array.from({ length: 16 }, (_, cell): PressHint => {
    const after = distance < 0 ? null : length(cell + 1);
    return { row: (cell >> 2) + 1, col: (cell & 3) + 1, distance: after, optimal: after === null ? null : after === distance - 1 };
  });
  const stats = { nodes, ms: performance.now() - started };
  if (distance < 0) return { status: 'unsolvable', distance: null, cells, stats, reason: unsolvableReason };
  return { status: 'solved', distance, cells, stats };
}

/** One legal move of four in a line and the fewest moves after it (the other side moving next). */
export interface FourLineMoveHint {
  colour: 'B' | 'W';
  /** 1-based row and column, as in a solution's moves. */
  from: { row: number; col: number };
  to: { row: number; col: number };
  /** Fewest moves to a line after this move; null when no line can be made after it. */
  distance: number | null;
  /** Whether the move keeps the game optimal: its distance is the board's less one. */
  optimal: boolean;
}

export interface FourLineHint {
  status: 'solved' | 'unsolvable';
  /** The board's fewest moves with the side(s) that may move first; null when no line can be made. */
  distance: number | null;
  /** Every legal move of those sides: by the cell moved from (row-major), then up, down, left, right. */
  moves: FourLineMoveHint[];
  stats: { nodes: number; ms: number };
  reason?: string;
  /** As a solve's: a board whose counts are not the judge's 7, 7 and 2 is still searched, and says so. */
  warning?: string;
}

/** The cell one step up, down, left or right of `cell` on the 4x4 board, or -1 off it. */
function fourLineStep(cell: number, direction: number): number {
  const row = cell >> 2;
  const col = cell & 3;
  if (direction === 0) return row > 0 ? cell - 4 : -1;
  if (direction === 1) return row < 3 ? cell + 4 : -1;
  if (direction === 2) return col > 0 ? cell - 1 : -1;
  return col < 3 ? cell + 1 : -1;
}

const fourLineCell = (cell: number) => ({ row: (cell >> 2) + 1, col: (cell & 3) + 1 });

/**
 * A four-in-a-line board's hint: its distance with `sides` moving first (1
 * black, 2 white, 3 either, as the judge has it), then every legal move of
 * those sides and the distance after it, each child searched with the other
 * side to move (a move fixes whose turn it is). One breadth-first search per
 * move, each small: a line is rarely more than a few moves away.
 */
export function fourLineHint(core: Core, cells: Uint8Array, sides: FourLineSides, unsolvableReason: string): FourLineHint {
  const started = performance.now();
  const own = core.fourLine.solve(cells, sides);
  let nodes = own.nodes;
  const distance = own.moves === null ? null : own.moves.length;
  const moves: FourLineMoveHint[] = [];
  const child = Uint8Array.from(cells);
  for (let from = 0; from < 16; from++) {
    const piece = cells[from]!;
    if (piece === EMPTY || !(sides & (piece === BLACK ? 1 : 2))) continue;
    for (let direction = 0; direction < 4; direction++) {
      const to = fourLineStep(from, direction);
      if (to < 0 || cells[to] !== EMPTY) continue;
      child[to] = piece;
      child[from] = EMPTY;
      const answer = core.fourLine.solve(child, piece === BLACK ? 2 : 1);
      child[from] = piece;
      child[to] = EMPTY;
      nodes += answer.nodes;
      const after = answer.moves === null ? null : answer.moves.length;
      moves.push({
        colour: piece === BLACK ? 'B' : 'W',
        from: fourLineCell(from),
        to: fourLineCell(to),
        distance: after,
        optimal: distance !== null && after === distance - 1,
      });
    }
  }
  const stats = { nodes, ms: performance.now() - started };
  if (distance === null) return { status: 'unsolvable', distance, moves, stats, reason: unsolvableReason };
  return { status: 'solved', distance, moves, stats };
}

/** A Lights Out board's hint: for every cell, the fewest presses after pressing it once. */
export interface LightsOutHint {
  status: 'solved' | 'unsolvable';
  /** The board's fewest presses; null when no target is reachable. */
  distance: number | null;
  rows: number;
  cols: number;
  /** Row-major: the fewest presses after pressing each cell once; -1 when no target is reachable. */
  after: Int32Array;
  /**
   * Row-major: 1 where the cell belongs to at least one fewest press set
   * (pressing it brings the distance down by one), with the kernel taken into
   * account: every press set of the coset was weighed.
   */
  optimal: Uint8Array;
  /** False when some coset was larger than maxKernel: its distance is the lightest found, not proven. */
  minimal: boolean;
  stats: { nodes: number; ms: number };
  reason?: string;
}

/** `board` with one press at `cell` added (mod colors): each pattern cell once, wrapped on a torus, dropped off a plane. */
function pressed(problem: LightsOutProblem, cell: number): Uint8Array {
  const { rows, cols, colors, torus, offsets } = problem;
  const board = problem.board.slice();
  const row = Math.floor(cell / cols);
  const col = cell % cols;
  for (let at = 0; at < offsets.length; at += 2) {
    let r = row + offsets[at]!;
    let c = col + offsets[at + 1]!;
    if (torus) {
      r = ((r % rows) + rows) % rows;
      c = ((c % cols) + cols) % cols;
    } else if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
    board[r * cols + c] = (board[r * cols + c]! + 1) % colors;
  }
  return board;
}

/**
 * A Lights Out board whose press map is not invertible (or that has several
 * targets) is solved once a cell for its hint: such boards of at most this
 * many cells (32x32), and their solves weigh at most HINT_PRESS_SETS press
 * sets in all (each cell's coset cut short past its share: minimal false),
 * so that a hint never runs for minutes (a 64x64 plane board, kernel
 * dimension 28, took 4096 walks of 2^24 press sets).
 */
const HINT_SOLVED_CELLS = 1024;
const HINT_PRESS_SETS = 2 ** 26;

/**
 * Which cells belong to a fewest press set: a cell does exactly when one
 * press of it brings the fewest presses down by one (the rest of such a set
 * then solves the pressed board, and a set solving the pressed board in one
 * fewer is the rest of one). The board's own answer, with the cell pressed
 * once less, solves each pressed board: where the press map is invertible
 * (one target) that is the pressed board's only answer, so one solve serves
 * every cell; else each pressed board is solved too, over its coset, within
 * the limits above.
 */
export function lightsOutHint(core: Core, problem: LightsOutProblem, unsolvableReason: string): LightsOutHint {
  const started = performance.now();
  const cells = problem.rows * problem.cols;
  const presses = (answer: LightsOutAnswer) => (answer.presses === null ? -1 : answer.presses.reduce((sum, count) => sum + count, 0));
  const own = core.lightsOut.solve(problem);
  const distance = presses(own);
  let nodes = own.nodes;
  let minimal = own.minimal;
  const after = new Int32Array(cells).fill(-1);
  const optimal = new Uint8Array(cells);
  if (distance >= 0) {
    // Pressing a cell once takes the board to one that this answer with that
    // cell pressed once less (mod k) solves: a bound on every cell's count,
    // and the count itself where the press map is invertible (kernel
    // dimension 0, one target), which then needs no solve a cell (rows *
    // cols solves took hours on a 1000x1000 board).
    const { colors } = problem;
    const counts = own.presses!;
    for (let cell = 0; cell < cells; cell++) after[cell] = distance - counts[cell]! + ((counts[cell]! + colors - 1) % colors);
    if (own.kernelDimension > 0 || problem.targets.length > 1) {
      if (cells > HINT_SOLVED_CELLS) {
        const why = problem.targets.length > 1 ? `${problem.targets.length} targets` : `a press map of kernel dimension ${own.kernelDimension}`;
        throw new PuzzleInputError(
          `hint: a ${problem.rows}x${problem.cols} board with ${why} is solved once a cell for its hint (${cells} solves); such hints take at most ${HINT_SOLVED_CELLS} cells`,
        );
      }
      const maxCandidates = Math.min(problem.maxCandidates, Math.max(1, Math.floor(HINT_PRESS_SETS / cells)));
      for (let cell = 0; cell < cells; cell++) {
        const answer = core.lightsOut.solve({ ...problem, maxCandidates, board: pressed(problem, cell) });
        nodes += answer.nodes;
        minimal &&= answer.minimal;
        after[cell] = Math.min(after[cell]!, presses(answer));
      }
    }
    for (let cell = 0; cell < cells; cell++) optimal[cell] = after[cell] === distance - 1 ? 1 : 0;
  }
  const common = { rows: problem.rows, cols: problem.cols, after, optimal, minimal, stats: { nodes, ms: performance.now() - started } };
  if (distance < 0) return { status: 'unsolvable', distance: null, ...common, reason: unsolvableReason };
  return { status: 'solved', distance, ...common };
}
