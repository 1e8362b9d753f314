/**
 * The numeric contract both engines implement: the wasm host adapters in
 * `src/wasm/` and the pure-TypeScript twins in `src/twin/`. Boards arrive here
 * already parsed and validated (see `boards.ts`); results leave here as plain
 * numbers and are turned into the public shapes by `solver.ts`. Both engines must
 * give identical answers and identical node counts for the same input, so that a
 * benchmark compares the same work.
 */

/** Which of the two 4x4 flip puzzles: the cross toggle (POJ 1753) or row+column (POJ 2965). */
export type FlipKind = 'flip' | 'pilots';

export interface FlipAnswer {
  /** Pressed cells (index = 4 * row + column), in an order that replays to the goal; null if impossible. */
  cells: number[] | null;
  /** States expanded by this call (the table-building BFS if it ran, plus the path walk). */
  nodes: number;
}

export interface FlipCore {
  /**
   * Breadth-first search from the goal boards over all 2^16 boards, filling the
   * distance/move table for `kind`. Runs again even when the table exists (the
   * benchmark times it). Returns the number of states expanded.
   */
  buildTable(kind: FlipKind): number;
  /** `board` bit i (i = 4 * row + column) is set for 'b' (flip) or '+' (pilots). */
  solve(kind: FlipKind, board: number): FlipAnswer;
}

/** Four-in-a-line cell codes, row-major, 16 cells. */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

export interface FourLineAnswer {
  /** Moves as [fromCell, toCell] (cell = 4 * row + column); null if no line can be reached. */
  moves: Array<[number, number]> | null;
  /** States taken off the BFS queue. */
  nodes: number;
}

export interface FourLineCore {
  /** `cells`: 16 codes (EMPTY / BLACK / WHITE), any counts. */
  solve(cells: Uint8Array): FourLineAnswer;
  /** Every (board, side to move) state reachable from `cells` with either side first, ignoring goals. */
  reachable(cells: Uint8Array): number;
}

/** Moves of the blank: 0 = up, 1 = down, 2 = left, 3 = right (letters u, d, l, r). */
export const MOVE_LETTERS = 'udlr';

/** A sliding board: `tiles[position]` is the tile number, 0 the blank, row-major. */
export interface SlidingBoard {
  width: number;
  height: number;
  tiles: Uint8Array;
}

/** The sliding searches over ranked states; each name is listed once here and the type derives from it. */
export const EXHAUSTIVE_ALGORITHMS = ['bfs', 'bibfs', 'astar'] as const;
export type ExhaustiveAlgorithm = (typeof EXHAUSTIVE_ALGORITHMS)[number];

export interface SlidingAnswer {
  /** Blank moves 0..3 (see MOVE_LETTERS) taking `start` to `goal`; null when stopped by a node limit. */
  moves: Uint8Array | null;
  /** Nodes generated (BFS-like: states taken off the queue / open list; IDA*: children generated). */
  nodes: number;
}

/** The largest side of a sliding board (5x5, the 24-puzzle). */
export const MAX_SIDE = 5;

/**
 * The number of cells of `board` (and of `other`, which must share its size), after
 * checking what the engine relies on: 2..5 by 2..5, at most `maxCells` cells, and
 * tiles a permutation of 0..n-1.
 */
export function checkSlidingBoards(board: SlidingBoard, other: SlidingBoard | null, maxCells: number): number {
  const { width, height } = board;
  const n = width * height;
  const sideOk = (side: number) => Number.isInteger(side) && side >= 2 && side <= MAX_SIDE;
  if (!(sideOk(width) && sideOk(height) && n <= maxCells)) {
    throw new RangeError(`sliding: a ${width}x${height} board is not supported here (at most ${maxCells} cells)`);
  }
  if (other && (other.width !== width || other.height !== height)) {
    throw new RangeError(`sliding: boards of different sizes (${width}x${height} and ${other.width}x${other.height})`);
  }
  for (const { tiles } of other ? [board, other] : [board]) {
    let seen = 0;
    for (let position = 0; position < n; position++) {
      const tile = tiles[position];
      if (!(tile < n)) break;
      seen |= 1 << tile;
    }
    if (tiles.length !== n || seen !== (1 << n) - 1) {
      throw new RangeError(`sliding: the tiles of a ${width}x${height} board must be 0..${n - 1}, each once`);
    }
  }
  return n;
}

/** Boards of at most this many cells can be ranked into a visited table (10! = 3,628,800). */
export const MAX_RANKED_CELLS = 10;

export interface SlidingCore {
  /** Parity test (with the blank's row distance on even widths): can `start` reach `goal`? Both boards share a size. */
  solvable(start: SlidingBoard, goal: SlidingBoard): boolean;
  /** BFS, bidirectional BFS or A* (Manhattan) over ranked states; boards of at most MAX_RANKED_CELLS cells, solvable. */
  solveExhaustive(start: SlidingBoard, goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): SlidingAnswer;
  /** Full BFS from `goal` over every reachable board; returns the count of boards at each distance 0, 1, 2, ... */
  distances(goal: SlidingBoard): number[];
  /** Unranks every rank 0..n!-1 into a permutation of n items and ranks it back; returns how many round-trips failed (0). */
  rankRoundTrip(n: number): number;
}

/** IDA* heuristics; the type derives from this list. */
export const HEURISTICS = ['manhattan', 'linear-conflict'] as const;
export type Heuristic = (typeof HEURISTICS)[number];

export interface IdaStarOptions {
  heuristic: Heuristic;
  /** Stop (moves: null) once this many nodes were generated. */
  maxNodes?: number;
  /** Called before each iteration with the f-bound about to be searched and nodes generated so far. */
  onIteration?: (bound: number, nodes: number) => void;
}

export interface IdaStarCore {
  /** IDA* on any board from 2x2 up to 5x5 (width, height each 2..5); `start` must be solvable. */
  solve(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer;
  /** The heuristic's value for `board` against `goal` (a lower bound on the distance). */
  estimate(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic): number;
}

/** The two engines: WebAssembly and the pure-TypeScript twin. */
export const ENGINES = ['wasm', 'ts'] as const;
export type EngineName = (typeof ENGINES)[number];

/**
 * One Lights Out problem, already parsed and checked by `lightsOut.ts`: an m x n
 * board of values 0..colors-1 (colors prime), a press adding 1 mod colors to
 * every cell of the pattern. The host also picks the method: `chaseRows` h > 0
 * means light chasing (the pattern's lowest-reaching offset is (-h, 0) and
 * unique, so each cell row forces the press row h below it; on a torus the
 * pattern's rows also fit on the board without meeting round the back);
 * 0 means Gaussian elimination over all cells.
 */
export interface LightsOutProblem {
  rows: number;
  cols: number;
  /** A prime: 2 (bit-packed GF(2)) or an odd prime (GF(p), one byte a cell). */
  colors: number;
  torus: boolean;
  /**
   * The pattern as (dr, dc) pairs, flat: a press at (r, c) adds 1 to (r + dr, c + dc).
   * Distinct cells only: on a torus the host has already dropped offsets that land on the same cell.
   */
  offsets: Int32Array;
  /** 0 = eliminate; h > 0 = chase. */
  chaseRows: number;
  /** rows * cols values, row-major. */
  board: Uint8Array;
  /** One or more goal boards, each rows * cols values; the one needing fewest presses wins (ties: the first). */
  targets: Uint8Array[];
  /** Press sets weighed at most per target in the coset search (>= 1). */
  maxCandidates: number;
}

export interface LightsOutAnswer {
  /** Presses per cell (0..colors-1), row-major; null when no target is reachable. */
  presses: Uint8Array | null;
  /** Index of the target reached, -1 when none. */
  target: number;
  /** Dimension of the kernel of the press map (solutions per reachable target = colors^dimension). */
  kernelDimension: number;
  /** How many of the targets are reachable. */
  reachableTargets: number;
  /** True when every candidate of every reachable target's coset was weighed. */
  minimal: boolean;
  /** Press sets weighed in the coset search, summed over reachable targets. */
  nodes: number;
}

export interface LightsOutCore {
  /** Throws a RangeError naming the memory needed when the engine cannot get it. */
  solve(problem: LightsOutProblem): LightsOutAnswer;
}

/** Everything one engine offers; `solver.ts` builds the public API on top. */
export interface Core {
  engine: EngineName;
  flip: FlipCore;
  fourLine: FourLineCore;
  sliding: SlidingCore;
  idaStar: IdaStarCore;
  lightsOut: LightsOutCore;
}
