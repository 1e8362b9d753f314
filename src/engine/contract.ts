/**
 * The numeric contract both engines implement: the wasm host adapters in
 * `src/engine/wasm/` and the pure-TypeScript twins in `src/engine/twin/`. Boards arrive here
 * already parsed and validated (see `boards.ts`); results leave here as plain
 * numbers and are turned into the public shapes by `solver.ts`. Both engines must
 * give identical answers and identical node counts for the same input, so that a
 * benchmark compares the same work.
 *
 * The interfaces and the limits they share live here; what is computed from
 * them lives beside: pdbSizes.ts (a partition's tables: entries, bytes and
 * memory limits), pdbPartition.ts (sums, keys, derivations), boardChecks.ts
 * and messages.ts. The interfaces themselves stay one file: the one contract
 * both engines are held to, read in one place.
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
  /**
   * A whole batch by the table walk, in one call: for each board,
   * `(length + 1) << 16 | pressed`, the pressed cells as a bit set (bit i =
   * cell i; presses commute, so the set is the answer), 0 when impossible.
   * `nodes`: the table build if it ran, plus every walk step.
   * `into`: an array (at least `boards.length` long) to write the answers
   * into, returned as `answers`, so that a caller with many batches allocates
   * once; a new array when omitted.
   */
  solveBatch(kind: FlipKind, boards: ArrayLike<number>, into?: Uint32Array): FlipBatchAnswer;
}

export interface FlipBatchAnswer {
  answers: Uint32Array;
  nodes: number;
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

/** How IDA* prunes moves (see ./movePruning.ts): 'fsm', every move string an earlier one of no more moves repeats; 'parent', only the undo of the last move. */
export const MOVE_PRUNINGS = ['fsm', 'parent'] as const;
export type MovePruningName = (typeof MOVE_PRUNINGS)[number];

/** A move-pruning machine (built in ./movePruning.ts), as both engines' one search body takes it. */
export interface MovePruning {
  name: MovePruningName;
  width: number;
  height: number;
  /** States of the machine; 0 is the start (no move yet). */
  states: number;
  /** next[state * 4 + move]: the state after the blank moves `move` (0 u, 1 d, 2 l, 3 r). */
  next: Int32Array;
  /** allowed[state * cells + blank]: bit `move` set when the blank at `blank` may move so (on the board, not pruned). */
  allowed: Uint8Array;
}

/** Which side may move first: 1 black, 2 white, 3 either (the judge's rule). */
export type FourLineSides = 1 | 2 | 3;

export interface FourLineCore {
  /** `cells`: 16 codes (EMPTY / BLACK / WHITE), any counts; `sides` may move first (default 3, either). */
  solve(cells: Uint8Array, sides?: FourLineSides): FourLineAnswer;
  /** Every (board, side to move) state reachable from `cells` with either side first, ignoring goals. */
  reachable(cells: Uint8Array): number;
  /** `solve` on each board, in one call into the engine; same answers and nodes as one call each. */
  solveBatch(boards: readonly Uint8Array[]): FourLineAnswer[];
}

/** Moves of the blank: 0 = up, 1 = down, 2 = left, 3 = right (letters u, d, l, r). */
export const MOVE_LETTERS = 'udlr';

/**
 * The order IDA* tries the blank's moves in (both engines and the parallel
 * search's subtrees): up, left, right, down, the blank's cell number rising, as
 * Korf and Felner's and Clausecker's solvers do. A completed iteration expands
 * the same nodes in any order; the last one stops at the first path found, so
 * only this order makes whole searches comparable with the published counts:
 * with parent pruning, KF #38, #40 and #25 generate exactly the nodes of
 * Korf and Felner 2002 (38,173,507, 65,099,578 and 292,174,444). Over Korf's
 * 100 and Korf and Felner's 12 easiest it also took 10% and 6% fewer nodes
 * than up, down, left, right (bench/RESULTS.md, "The search's move order").
 */
export const SEARCH_MOVE_ORDER: readonly number[] = [0, 2, 3, 1];

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
  /** IDA* only: nodes expanded (children generated for them: f within the bound, not the goal), as published counts give them. */
  expanded?: number;
  /** IDA*: set when `poll` stopped the search (moves is then null). */
  stopped?: true;
  /** IDA* stopped by its node limit: the f-bound it was searching, which every path reaches (those below were exhausted). */
  bound?: number;
}

/** The largest side of a sliding board (5x5, the 24-puzzle). */
export const MAX_SIDE = 5;

/** Boards of at most this many cells can be ranked into a visited table (10! = 3,628,800). */
export const MAX_RANKED_CELLS = 10;

export interface SlidingCore {
  /** Parity test (with the blank's row distance on even widths): can `start` reach `goal`? Both boards share a size. */
  solvable(start: SlidingBoard, goal: SlidingBoard): boolean;
  /** BFS, bidirectional BFS or A* (Manhattan) over ranked states; boards of at most MAX_RANKED_CELLS cells, solvable. */
  solveExhaustive(start: SlidingBoard, goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): SlidingAnswer;
  /**
   * `solveExhaustive` on each start (all of `goal`'s size), in one call into the
   * engine: the same moves and nodes; null for a start of the other parity.
   */
  solveExhaustiveBatch(starts: readonly SlidingBoard[], goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): Array<SlidingAnswer | null>;
  /** Full BFS from `goal` over every reachable board; returns the count of boards at each distance 0, 1, 2, ... */
  distances(goal: SlidingBoard): number[];
  /** Unranks every rank 0..n!-1 into a permutation of n items and ranks it back; returns how many round-trips failed (0). */
  rankRoundTrip(n: number): number;
}

/** IDA* heuristics, each a lower bound on the distance; 'pdb' = an additive disjoint pattern database. */
export const HEURISTICS = ['manhattan', 'linear-conflict', 'pdb'] as const;
export type Heuristic = (typeof HEURISTICS)[number];

/**
 * A partition of a board's goal cells (every cell but the blank's) into
 * groups, the patterns of an additive PDB: one table per group. A table
 * depends only on its group's cells, so any goal with the blank on
 * `blankCell` uses the same tables (its tiles are named by their home cells).
 */
export interface PdbPartition {
  /** Group sizes joined by '-', e.g. '6-6-3'. */
  name: string;
  width: number;
  height: number;
  /** The blank's goal cell. */
  blankCell: number;
  /** Home cells of each group, ascending. */
  groups: number[][];
  /**
   * Tables with a value per placement and region of the blank beside the
   * least over the regions (see ./zeroAwareLayout.ts): larger (2.4x the bytes
   * for 6 tiles on 5x5, 3.1x on 4x4), and a higher bound wherever the group
   * walls the blank in or out.
   */
  zeroAware?: boolean;
  /**
   * Several partitions over these groups' tables (a catalogue): each an array
   * of group indices whose groups cover every tile once, and h takes the
   * largest of their sums. Absent: one sum of every group.
   */
  sums?: number[][];
}

/** The most cells a PDB board may have (5x5) and the most tiles in one group. */
export const PDB_MAX_CELLS = 25;
export const PDB_MAX_GROUP_TILES = 8;
export const PDB_MAX_GROUPS = 32;
/** The most sums a catalogue may take the largest of (PdbPartition.sums). */
export const PDB_MAX_SUMS = 8;

/** One group's table being built by rounds (one breadth-first layer a round; the wasm engine splits a long round into slices). */
export interface PdbBuild {
  /** Entries of the table. */
  readonly entries: number;
  /** Runs one round (or slice of one); false once the table is complete (it is then installed). */
  round(): boolean;
  /** Entries final so far. */
  settled(): number;
}

/**
 * One instance's part in a table build split over instances of the wasm
 * engine's shared build on one memory (assembly/pdbBuildSplit.ts): each round's
 * ranks are dealt out among them, and all of them write the one table. A
 * derivation (assembly/pdbDerive.ts) is split the same way, in one round.
 */
export interface PdbSplitShare {
  /** Ranks a round scans: the group's placements. */
  readonly placements: number;
  /**
   * Does the work of ranks [start, end) (multiples of 64, or the end): a
   * build expands the states at the current distance among them, a
   * derivation fills their entries; returns how many states or entries.
   */
  share(start: number, end: number): number;
  /** Turns to the next round once every share of this one is done; the leader's (first, before any share of the next) brings the round's sets up to date. */
  endRound(leader: boolean): void;
  /** Entries this instance settled so far. */
  settled(): number;
}

/** The instance that starts a split build: it holds the table, and installs it once a round expanded nothing (a derivation: after its one round). */
export interface PdbSplitBuild extends PdbSplitShare {
  /** Entries of the table. */
  readonly entries: number;
  /** A derivation: its one round fills the table (a build's rounds go on until one expands nothing). */
  readonly oneRound: boolean;
  /** What another instance on the same memory passes to joinSplitBuild. */
  readonly joinArgs: readonly number[];
  /** Installs the table (every round done). */
  finish(): void;
}

/** The PDB tables an engine holds, by partition and group. */
/** A group table's room, reserved by PdbCore.reserve. */
export interface TableRoom {
  /** The room, all of the table's bytes: a fresh view each call (a memory grown meanwhile detaches older ones). */
  view(): Uint8Array;
  /** Marks the table installed, once the room holds it whole and checked. */
  install(): void;
}

export interface PdbCore {
  /** Starts building group `group` of `partition`; throws a RangeError naming the bytes needed when memory cannot grow. */
  build(partition: PdbPartition, group: number): PdbBuild;
  /**
   * Starts filling group `group` of `partition` from the installed table of
   * group `sourceGroup` of `source`, read through a board symmetry:
   * `cellMap[cell]` is where the symmetry takes each cell of the target's
   * board back to, and must carry the target group's home cells onto the
   * source group's. Each round fills a slice; same entries as a build.
   */
  derive(partition: PdbPartition, group: number, source: PdbPartition, sourceGroup: number, cellMap: readonly number[]): PdbBuild;
  /** Installs a group's table from its bytes (as `table` returned them). */
  install(partition: PdbPartition, group: number, bytes: Uint8Array): void;
  /**
   * Room for group `group`'s table, to be filled where it will lie (a cached
   * file is read straight into it: no copy of the whole table on the way);
   * the table is not installed (has() is false) until the room's install().
   */
  reserve(partition: PdbPartition, group: number): TableRoom;
  /**
   * Gives group `group`'s table back (installed or only reserved): not held
   * any more, and its memory serves the next tables (the wasm engine's memory
   * cannot shrink: its room is reused). Returns the bytes given back, 0 when
   * none were held (or, on a shared memory, when another instance holds them).
   */
  release(partition: PdbPartition, group: number): number;
  /** Whether group `group` of `partition` has an installed table. */
  has(partition: PdbPartition, group: number): boolean;
  /** A copy of an installed group table (or of `length` bytes of it from `offset`), or null. */
  table(partition: PdbPartition, group: number, offset?: number, length?: number): Uint8Array | null;
  /** Whether every group of `partition` has an installed table. */
  ready(partition: PdbPartition): boolean;
  /** The wasm engine only: where an installed table lies in the module's memory, or null. */
  address?(partition: PdbPartition, group: number): number | null;
  /**
   * The wasm engine's shared build only: takes the table at `at` of a memory
   * this instance shares with the one that holds it as installed here (no copy).
   */
  adopt?(partition: PdbPartition, group: number, at: number): void;
  /** The wasm engine's shared build only: starts building group `group` of `partition` split over instances on this memory. */
  startSplitBuild?(partition: PdbPartition, group: number): PdbSplitBuild;
  /**
   * The wasm engine's shared build only: starts deriving group `group` of
   * `partition` (as `derive`) split over instances on this memory.
   */
  startSplitDerive?(partition: PdbPartition, group: number, source: PdbPartition, sourceGroup: number, cellMap: readonly number[]): PdbSplitBuild;
  /** The wasm engine's shared build only: joins a split build or derivation another instance on this memory started (its joinArgs and entries). */
  joinSplitBuild?(joinArgs: readonly number[], entries: number): PdbSplitShare;
}

export interface IdaStarOptions {
  heuristic: Heuristic;
  /** With heuristic 'pdb': the partition, whose tables must be installed; its blank cell must be the goal's. */
  partition?: PdbPartition;
  /** Stop (moves: null) once this many nodes were generated. */
  maxNodes?: number;
  /**
   * Called before each iteration with the f-bound about to be searched, the
   * nodes generated so far, and the nodes expanded so far (children generated
   * for them: f within the bound, not the goal), the count published
   * per-iteration figures give.
   */
  onIteration?: (bound: number, nodes: number, expanded: number) => void;
  /**
   * Called inside an iteration each time the node count reaches a multiple of
   * 2^14 (both engines at the same counts) and another child is about to be
   * made; true stops the search (moves null, stopped true, nodes that count).
   */
  poll?: (bound: number, nodes: number) => boolean;
  /**
   * Which moves the search prunes (src/engine/movePruning.ts): 'parent' (the
   * default here), only the move that undoes the last one; 'fsm', every move
   * string an earlier one of no more moves repeats. Node counts depend on it.
   */
  pruning?: MovePruningName;
}

/** IdaStarCore.solveBatch's options: a batch reports no iterations. */
export type IdaStarBatchOptions = Omit<IdaStarOptions, 'onIteration'>;

/**
 * One worker's share of a parallel IDA* iteration (IdaStarCore.subtrees).
 * `bound` is set, as by solve, when options.maxNodes stopped it: a subtree
 * that ended on its last allowed node is told apart from one cut short there.
 */
export interface SubtreesAnswer extends SlidingAnswer {
  /** The least f above the bound among the nodes it pruned (0x7fffffff: none); the bound itself when found. */
  nextBound: number;
}

export interface IdaStarCore {
  /**
   * One IDA* iteration at `bound` over the subtrees below the prefixes (blank
   * moves) that `takePrefix` hands out until it returns null; stops at the
   * first path found (moves), or when options.poll says so (stopped). The
   * prefixes' own nodes are not counted; a prefix must be a walk from `start`
   * without an undo, at most 32 moves. `cutOff(stem)` hears when the walk of
   * the prefix just taken went past the bound after its first `stem` moves:
   * every prefix beginning with those moves ends there too, with the same f,
   * so the dealer may skip them.
   */
  subtrees(
    start: SlidingBoard,
    goal: SlidingBoard,
    options: IdaStarOptions,
    bound: number,
    takePrefix: () => Uint8Array | null,
    cutOff?: (stem: number) => void,
  ): SubtreesAnswer;
  /** IDA* on any board from 2x2 up to 5x5 (width, height each 2..5); `start` must be solvable. */
  solve(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer;
  /**
   * `solve` on each start (all of `goal`'s size), in one call into the engine:
   * the same moves, nodes and bounds, each board with its own `maxNodes`;
   * null for a start that fails the parity test (it is not searched). `poll`
   * is asked every 2^14 nodes of the whole batch, with the bound and nodes of
   * the board being searched; when it stops the batch, that board and every
   * board after it answer `stopped` (the later ones with 0 nodes).
   */
  solveBatch(starts: readonly SlidingBoard[], goal: SlidingBoard, options: IdaStarBatchOptions): Array<SlidingAnswer | null>;
  /** The heuristic's value for `board` against `goal` (a lower bound on the distance); 'pdb' needs `partition`. */
  estimate(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition?: PdbPartition): number;
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
  /** The sum of `presses` (the answer's length, known from the search's weighing); 0 when none. */
  pressCount: number;
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
  /**
   * Reads a board's text (a string or its UTF-8 bytes) where a loop over its
   * characters is cheap: the board, or null when the host's reader must read
   * it (anything but cells and ASCII spaces, any error; that reader words the
   * message). Only engines that gain by it offer one.
   */
  readText?(text: string | Uint8Array, colors: number): { rows: number; cols: number; cells: Uint8Array } | null;
  /**
   * The text of a press grid (`rows` x `cols` counts, row-major): a character
   * a count ('0'..'9', 'a'..'z'), a line a row; null when a count needs more
   * than one character, for the host to write. Only engines that gain by it offer one.
   */
  gridText?(grid: Uint8Array, rows: number, cols: number): string | null;
}

/**
 * The census of a small sliding board (up to 12 cells): a breadth-first
 * search from the goal over every permutation, ranked, two bits a rank, a
 * layer at a time in rounds (assembly/census.ts).
 */
export interface CensusCore {
  /** Starts from `goal` (its size): the permutations ranked, n!; a RangeError naming the bytes when memory cannot hold them. */
  start(goal: SlidingBoard): number;
  /** Expands up to `budget` words of the current layer: 1 it goes on, 0 it ended (found() states make the next layer), -1 it ended with none. */
  round(budget: number): number;
  /** States put in the next layer by the layer just ended. */
  found(): number;
  /** A state of the last layer expanded (a farthest one once the search is over): tiles by position. */
  farthest(): number[];
}

/** Everything one engine offers; `solver.ts` builds the public API on top. */
export interface Core {
  engine: EngineName;
  census: CensusCore;
  flip: FlipCore;
  fourLine: FourLineCore;
  sliding: SlidingCore;
  idaStar: IdaStarCore;
  lightsOut: LightsOutCore;
  pdb: PdbCore;
}
