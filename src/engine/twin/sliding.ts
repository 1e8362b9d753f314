/**
 * The TypeScript twin of `assembly/sliding.ts`: parity test, Lehmer ranking and
 * BFS / bidirectional BFS / A* over ranked states of boards of at most
 * MAX_RANKED_CELLS cells. Step-for-step the same as the engine (move order, queue
 * discipline, open-list keys, node counting), so answers and node counts match.
 *
 * By job: rankedSpace (the board, its tables, the per-rank codes and queue,
 * the path read back from them), breadthFirstSearches (BFS, bidirectional
 * BFS), aStarSearch (A* and its open list), each a closure whose hot loops
 * read state from context slots or locals; twinSliding answers the contract.
 * One file, as the hot loops' constants and ranking functions must be
 * module-local: an imported binding is a module cell that V8 checks for the
 * hole at every use (see ./idaStar.ts).
 */
import type { ExhaustiveAlgorithm, SlidingAnswer, SlidingBoard, SlidingCore } from '../contract.js';
import { checkSlidingBoards as checkBoards } from '../boardChecks.js';
import { MAX_RANKED_CELLS, MAX_SIDE } from '../contract.js';

const MAX_PERMUTATION = 12;

const FACTORIALS = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600];

/** Set bits of every 12-bit mask: the engine's popcnt. */
const POPCOUNT = new Uint8Array(1 << MAX_PERMUTATION);
for (let mask = 1; mask < POPCOUNT.length; mask++) POPCOUNT[mask] = POPCOUNT[mask >> 1] + (mask & 1);

/** Per-rank codes: 0 unseen, move + 1, ROOT; bidirectional search: forward in bits 0..2, backward in 3..5. */
const UNSEEN = 0;
const ROOT = 5;
const SIDE_BITS = 3;
const SIDE_MASK = 7;
const NO_NEIGHBOUR = 0xff;
const COST_UNSEEN = 0xff;

/** A* key: f, then g descending, then rank, packed as an exact integer below 2^53 (the engine's u64). */
const RANK_SPAN = 2 ** 22;
const G_MAX = 127;
const F_SPAN = RANK_SPAN * (G_MAX + 1);

/** Lehmer rank of `cells[0..n)`, a permutation of 0..n-1: digit i counts the smaller values not seen yet. */
export function rankPermutation(cells: ArrayLike<number>, n: number): number {
  let seen = 0;
  let rank = 0;
  for (let i = 0; i < n - 1; i++) {
    const value = cells[i];
    rank += (value - POPCOUNT[seen & ((1 << value) - 1)]) * FACTORIALS[n - 1 - i];
    seen |= 1 << value;
  }
  return rank;
}

/** SELECTIONS[16 * mask + k]: position of the k-th lowest set bit of a 12-bit mask. */
const SELECTIONS = new Uint8Array(16 << MAX_PERMUTATION);
for (let mask = 1; mask < 1 << MAX_PERMUTATION; mask++) {
  for (let rest = mask, k = 0; rest !== 0; rest &= rest - 1, k++) {
    SELECTIONS[(mask << 4) + k] = 31 - Math.clz32(rest & -rest);
  }
}

/**
 * Writes the permutation of rank `rank` of n items into `cells` and its Lehmer
 * digits into `digits`; returns the position of 0 (the blank).
 */
export function unrankPermutation(rank: number, n: number, cells: Uint8Array, digits: Uint8Array): number {
  let unused = (1 << n) - 1;
  let blank = n - 1;
  for (let i = 0; i < n - 1; i++) {
    const weight = FACTORIALS[n - 1 - i];
    const digit = (rank / weight) | 0;
    rank -= digit * weight;
    const value = SELECTIONS[(unused << 4) + digit];
    cells[i] = value;
    digits[i] = digit;
    if (value === 0) blank = i;
    unused ^= 1 << value;
  }
  cells[n - 1] = 31 - Math.clz32(unused);
  digits[n - 1] = 0;
  return blank;
}

/** Inversions among the tiles (blank ignored) plus, on even widths, the blank's row; mod 2. */
function parityOf(tiles: Uint8Array, width: number, n: number): number {
  let seen = 0;
  let inversions = 0;
  let blankRow = 0;
  for (let position = 0; position < n; position++) {
    const tile = tiles[position];
    if (tile === 0) {
      blankRow = Math.floor(position / width);
      continue;
    }
    let greater = seen >>> (tile + 1);
    while (greater !== 0) {
      greater &= greater - 1;
      inversions++;
    }
    seen |= 1 << tile;
  }
  if ((width & 1) === 0) inversions += blankRow;
  return inversions & 1;
}

/** The ranked states of the board size at hand, shared by the searches (see rankedSpace). */
interface RankedSpace {
  /** The board being expanded (or round-tripped) and its Lehmer digits. */
  readonly board: Uint8Array;
  readonly digits: Uint8Array;
  /** neighbours[4 * position + move]: where the blank lands, or NO_NEIGHBOUR. */
  readonly neighbours: Uint8Array;
  /** Readies the tables of a width x height board, and room for `states` codes and a queue of `queueLength`. */
  prepare(width: number, height: number, states: number, queueLength: number): void;
  /** Per-rank codes (0 unseen, move + 1, ROOT), grown by prepare: read again after it. */
  codes(): Uint8Array;
  queue(): Uint32Array;
  /** Rank of `board` (rank `rank`, digits in `digits`) after the blank moves from `blank` to `target`. */
  childRank(rank: number, blank: number, target: number): number;
  /** Follows one side's codes from `rank` to its root, writing from `at` the move that reached each state; returns the moves written. */
  traceToRoot(rank: number, n: number, shift: number, at: number): number;
  /** The forward side's path to `rank`, written from the start of the path; returns its length. */
  forwardPath(rank: number, n: number): number;
  /** Turns path[from..to) around (the backward side's moves, seen from the other end). */
  flipMoves(from: number, to: number): void;
  /** A copy of the path's first `length` moves. */
  path(length: number): Uint8Array;
}

/**
 * The board and tables of the size at hand, the per-rank codes and queue
 * (grown to the largest board asked for and kept; only the used prefix is
 * cleared), the rank of a child, and the path read back from the codes.
 */
function rankedSpace(): RankedSpace {
  const board = new Uint8Array(16);
  const digits = new Uint8Array(16);
  // (n-1-position)! per position.
  const weights = new Uint32Array(MAX_RANKED_CELLS);
  const neighbours = new Uint8Array(MAX_RANKED_CELLS * 4);
  let tablesWidth = 0;
  let tablesHeight = 0;
  let codes = new Uint8Array(0);
  let queue = new Uint32Array(0);
  let path = new Uint8Array(64);

  function prepare(width: number, height: number, states: number, queueLength: number): void {
    if (codes.length < states) codes = new Uint8Array(states);
    if (queue.length < queueLength) queue = new Uint32Array(queueLength);
    if (width === tablesWidth && height === tablesHeight) return;
    const n = width * height;
    for (let position = 0; position < n; position++) weights[position] = FACTORIALS[n - 1 - position];
    for (let position = 0; position < width * height; position++) {
      const row = Math.floor(position / width);
      const column = position % width;
      const at = position << 2;
      neighbours[at] = row > 0 ? position - width : NO_NEIGHBOUR;
      neighbours[at + 1] = row < height - 1 ? position + width : NO_NEIGHBOUR;
      neighbours[at + 2] = column > 0 ? position - 1 : NO_NEIGHBOUR;
      neighbours[at + 3] = column < width - 1 ? position + 1 : NO_NEIGHBOUR;
    }
    tablesWidth = width;
    tablesHeight = height;
  }

  /** Only the digits of the two cells and of the cells between them change (see assembly/sliding.ts). */
  function childRank(rank: number, blank: number, target: number): number {
    const tile = board[target];
    const tileDigit = digits[target];
    const blankWeight = weights[blank];
    let child = rank - tileDigit * weights[target];
    if (target > blank) {
      child += (tileDigit + 1) * blankWeight;
      for (let between = blank + 1; between < target; between++) {
        if (board[between] < tile) child += blankWeight + weights[between];
      }
    } else {
      child += (tileDigit - 1) * blankWeight;
      for (let between = target + 1; between < blank; between++) {
        if (board[between] < tile) child -= blankWeight + weights[between];
      }
    }
    return child;
  }

  function writeMove(at: number, move: number): void {
    if (at >= path.length) {
      const longer = new Uint8Array(path.length * 2);
      longer.set(path);
      path = longer;
    }
    path[at] = move;
  }

  function traceToRoot(rank: number, n: number, shift: number, at: number): number {
    let blank = unrankPermutation(rank, n, board, digits);
    let length = 0;
    for (;;) {
      const code = (codes[rank] >> shift) & SIDE_MASK;
      if (code === ROOT) break;
      const move = code - 1;
      writeMove(at + length, move);
      length++;
      const parentBlank = neighbours[(blank << 2) + (move ^ 1)];
      board[blank] = board[parentBlank];
      board[parentBlank] = 0;
      blank = parentBlank;
      rank = rankPermutation(board, n);
    }
    return length;
  }

  function forwardPath(rank: number, n: number): number {
    const length = traceToRoot(rank, n, 0, 0);
    path.subarray(0, length).reverse();
    return length;
  }

  return {
    board,
    digits,
    neighbours,
    prepare,
    codes: () => codes,
    queue: () => queue,
    childRank,
    traceToRoot,
    forwardPath,
    flipMoves(from, to) {
      for (let i = from; i < to; i++) path[i] ^= 1;
    },
    path: (length) => path.slice(0, length),
  };
}

/** The breadth-first searches over a ranked space; each returns the path's length (-1: none) and leaves its node count. */
interface BreadthFirst {
  /**
   * FIFO search from `startRank`, a layer at a time. With a goal it stops when
   * the goal is generated and returns the path length (-1 if never reached);
   * with `layerCounts` and no goal (-1) it records how many states each layer holds.
   */
  breadthFirst(n: number, startRank: number, goalRank: number, layerCounts: number[] | null): number;
  /** See assembly/sliding.ts for why the first meeting is optimal. */
  bidirectional(n: number, startRank: number, goalRank: number): number;
  /** States taken off the queue by the last search. */
  nodes(): number;
}

/** BFS and bidirectional BFS over `space` (which must be prepared with room for their queues). */
function breadthFirstSearches(space: RankedSpace): BreadthFirst {
  const { board, digits, neighbours, childRank } = space;
  let nodes = 0;
  let layerEnd = 0;
  let meetingRank = 0;
  let met = false;

  function breadthFirst(n: number, startRank: number, goalRank: number, layerCounts: number[] | null): number {
    const codes = space.codes();
    const queue = space.queue();
    codes.fill(0, 0, FACTORIALS[n]);
    codes[startRank] = ROOT;
    if (startRank === goalRank) {
      nodes = 0;
      return 0;
    }
    queue[0] = startRank;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const end = tail;
      layerCounts?.push(end - head);
      while (head < end) {
        const rank = queue[head++];
        const blank = unrankPermutation(rank, n, board, digits);
        // The parent is always reached already: skip the move back to it.
        const backMove = ((codes[rank] & SIDE_MASK) - 1) ^ 1;
        const around = blank << 2;
        for (let move = 0; move < 4; move++) {
          const target = neighbours[around + move];
          if (target === NO_NEIGHBOUR || move === backMove) continue;
          const child = childRank(rank, blank, target);
          if (codes[child] !== UNSEEN) continue;
          codes[child] = move + 1;
          if (child === goalRank) {
            nodes = head;
            return space.forwardPath(child, n);
          }
          queue[tail++] = child;
        }
      }
    }
    nodes = head;
    return -1;
  }

  /** Expands queue[head..tail) for the side at `shift`; stops at the first meeting. Returns states expanded. */
  function expandLayer(n: number, head: number, tail: number, shift: number): number {
    const codes = space.codes();
    const queue = space.queue();
    let at = head;
    let end = tail;
    while (at < tail) {
      const rank = queue[at++];
      const blank = unrankPermutation(rank, n, board, digits);
      // The parent is always reached already: skip the move back to it.
      const backMove = (((codes[rank] >> shift) & SIDE_MASK) - 1) ^ 1;
      const around = blank << 2;
      for (let move = 0; move < 4; move++) {
        const target = neighbours[around + move];
        if (target === NO_NEIGHBOUR || move === backMove) continue;
        const child = childRank(rank, blank, target);
        const code = codes[child];
        if (((code >> shift) & SIDE_MASK) !== UNSEEN) continue;
        codes[child] = code | ((move + 1) << shift);
        if (code !== UNSEEN) {
          met = true;
          meetingRank = child;
          layerEnd = end;
          return at - head;
        }
        queue[end++] = child;
      }
    }
    layerEnd = end;
    return at - head;
  }

  function bidirectional(n: number, startRank: number, goalRank: number): number {
    const states = FACTORIALS[n];
    const codes = space.codes();
    const queue = space.queue();
    codes.fill(0, 0, states);
    if (startRank === goalRank) {
      codes[startRank] = ROOT | (ROOT << SIDE_BITS);
      nodes = 0;
      return 0;
    }
    codes[startRank] = ROOT;
    codes[goalRank] = ROOT << SIDE_BITS;
    const half = states >> 1;
    queue[0] = startRank;
    queue[half] = goalRank;
    let forwardHead = 0;
    let forwardTail = 1;
    let backwardHead = half;
    let backwardTail = half + 1;
    let expanded = 0;
    met = false;
    while (!met) {
      const forwardSize = forwardTail - forwardHead;
      const backwardSize = backwardTail - backwardHead;
      if (forwardSize === 0 || backwardSize === 0) {
        nodes = expanded;
        return -1;
      }
      if (forwardSize <= backwardSize) {
        expanded += expandLayer(n, forwardHead, forwardTail, 0);
        forwardHead = forwardTail;
        forwardTail = layerEnd;
      } else {
        expanded += expandLayer(n, backwardHead, backwardTail, SIDE_BITS);
        backwardHead = backwardTail;
        backwardTail = layerEnd;
      }
    }
    nodes = expanded;
    const forwardLength = space.forwardPath(meetingRank, n);
    const backwardLength = space.traceToRoot(meetingRank, n, SIDE_BITS, forwardLength);
    space.flipMoves(forwardLength, forwardLength + backwardLength);
    return forwardLength + backwardLength;
  }

  return { breadthFirst, bidirectional, nodes: () => nodes };
}

/** A* over a ranked space (prepared with room for its codes): the path's length (-1: none); nodes() the states it expanded. */
interface AStar {
  search(start: SlidingBoard, goal: SlidingBoard, n: number, startRank: number, goalRank: number): number;
  nodes(): number;
}

/**
 * A* over `space` with the Manhattan distance: an open list of exact keys
 * (see RANK_SPAN) in a binary heap, and the best g found per rank.
 */
function aStarSearch(space: RankedSpace): AStar {
  const { board, digits, neighbours, childRank } = space;
  const manhattan = new Uint8Array(MAX_RANKED_CELLS * MAX_RANKED_CELLS);
  let costs = new Uint8Array(0);
  let openList = new Float64Array(0);
  let openSize = 0;
  let nodes = 0;

  function prepareManhattan(width: number, n: number, goal: Uint8Array): void {
    for (let goalPosition = 0; goalPosition < n; goalPosition++) {
      const tile = goal[goalPosition];
      const row = Math.floor(goalPosition / width);
      const column = goalPosition % width;
      const at = tile * MAX_RANKED_CELLS;
      for (let position = 0; position < n; position++) {
        manhattan[at + position] = tile === 0 ? 0 : Math.abs(Math.floor(position / width) - row) + Math.abs((position % width) - column);
      }
    }
  }

  function openPush(key: number): void {
    let at = openSize++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const parentKey = openList[parent];
      if (parentKey <= key) break;
      openList[at] = parentKey;
      at = parent;
    }
    openList[at] = key;
  }

  function openPop(): number {
    const top = openList[0];
    const size = --openSize;
    if (size === 0) return top;
    const last = openList[size];
    let at = 0;
    for (;;) {
      let child = (at << 1) + 1;
      if (child >= size) break;
      let childKey = openList[child];
      const right = child + 1;
      if (right < size) {
        const rightKey = openList[right];
        if (rightKey < childKey) {
          child = right;
          childKey = rightKey;
        }
      }
      if (childKey >= last) break;
      openList[at] = childKey;
      at = child;
    }
    openList[at] = last;
    return top;
  }

  /** Same bound on the open list as the engine: each state expanded once, pushing at most degree - 1 children. */
  function search(start: SlidingBoard, goal: SlidingBoard, n: number, startRank: number, goalRank: number): number {
    if (startRank === goalRank) {
      nodes = 0;
      return 0;
    }
    const states = FACTORIALS[n];
    const { width, height } = start;
    const degree = (width > 2 ? 2 : 1) + (height > 2 ? 2 : 1);
    const openLength = 1 + degree + (states >> 1) * (degree - 1);
    if (costs.length < states) costs = new Uint8Array(states);
    if (openList.length < openLength) openList = new Float64Array(openLength);
    const codes = space.codes();
    codes.fill(0, 0, states);
    costs.fill(COST_UNSEEN, 0, states);
    prepareManhattan(width, n, goal.tiles);
    let startEstimate = 0;
    for (let position = 0; position < n; position++) {
      startEstimate += manhattan[start.tiles[position] * MAX_RANKED_CELLS + position];
    }
    codes[startRank] = ROOT;
    costs[startRank] = 0;
    openSize = 0;
    openPush(startEstimate * F_SPAN + G_MAX * RANK_SPAN + startRank);
    let expanded = 0;
    while (openSize > 0) {
      const key = openPop();
      const rank = key % RANK_SPAN;
      const f = Math.floor(key / F_SPAN);
      const g = G_MAX - (Math.floor(key / RANK_SPAN) - f * (G_MAX + 1));
      if (g !== costs[rank]) continue;
      expanded++;
      if (rank === goalRank) {
        nodes = expanded;
        return space.forwardPath(rank, n);
      }
      const estimate = f - g;
      const childG = g + 1;
      const childGKey = (G_MAX - childG) * RANK_SPAN;
      const blank = unrankPermutation(rank, n, board, digits);
      // The parent is always reached already: skip the move back to it.
      const backMove = ((codes[rank] & SIDE_MASK) - 1) ^ 1;
      const around = blank << 2;
      for (let move = 0; move < 4; move++) {
        const target = neighbours[around + move];
        if (target === NO_NEIGHBOUR || move === backMove) continue;
        const tile = board[target];
        const child = childRank(rank, blank, target);
        if (childG >= costs[child]) continue;
        costs[child] = childG;
        codes[child] = move + 1;
        const tileRow = tile * MAX_RANKED_CELLS;
        const childEstimate = estimate + manhattan[tileRow + blank] - manhattan[tileRow + target];
        openPush((childG + childEstimate) * F_SPAN + childGKey + child);
      }
    }
    nodes = expanded;
    return -1;
  }

  return { search, nodes: () => nodes };
}

export function twinSliding(): SlidingCore {
  const space = rankedSpace();
  const breadth = breadthFirstSearches(space);
  const aStar = aStarSearch(space);

  const core: SlidingCore = {
    solvable(start: SlidingBoard, goal: SlidingBoard): boolean {
      const n = checkBoards(start, goal, MAX_SIDE * MAX_SIDE);
      return parityOf(start.tiles, start.width, n) === parityOf(goal.tiles, goal.width, n);
    },

    solveExhaustiveBatch(starts: readonly SlidingBoard[], goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): Array<SlidingAnswer | null> {
      return starts.map((start) => (core.solvable(start, goal) ? core.solveExhaustive(start, goal, algorithm) : null));
    },

    solveExhaustive(start: SlidingBoard, goal: SlidingBoard, algorithm: ExhaustiveAlgorithm): SlidingAnswer {
      const n = checkBoards(start, goal, MAX_RANKED_CELLS);
      const states = FACTORIALS[n];
      const startRank = rankPermutation(start.tiles, n);
      const goalRank = rankPermutation(goal.tiles, n);
      let length: number;
      let nodes: number;
      if (algorithm === 'bfs') {
        space.prepare(start.width, start.height, states, states >> 1);
        length = breadth.breadthFirst(n, startRank, goalRank, null);
        nodes = breadth.nodes();
      } else if (algorithm === 'bibfs') {
        space.prepare(start.width, start.height, states, states);
        length = breadth.bidirectional(n, startRank, goalRank);
        nodes = breadth.nodes();
      } else if (algorithm === 'astar') {
        space.prepare(start.width, start.height, states, 0);
        length = aStar.search(start, goal, n, startRank, goalRank);
        nodes = aStar.nodes();
      } else {
        throw new RangeError(`sliding: unknown algorithm '${String(algorithm)}'`);
      }
      return { moves: length < 0 ? null : space.path(length), nodes };
    },

    distances(goal: SlidingBoard): number[] {
      const n = checkBoards(goal, null, MAX_RANKED_CELLS);
      const states = FACTORIALS[n];
      space.prepare(goal.width, goal.height, states, states >> 1);
      const counts: number[] = [];
      breadth.breadthFirst(n, rankPermutation(goal.tiles, n), -1, counts);
      return counts;
    },

    rankRoundTrip(n: number): number {
      if (!Number.isInteger(n) || n < 0 || n > MAX_PERMUTATION) {
        throw new RangeError(`sliding: rankRoundTrip takes 0..${MAX_PERMUTATION} items, not ${n}`);
      }
      if (n === 0) return 0;
      const count = FACTORIALS[n];
      let mismatches = 0;
      const { board, digits } = space;
      for (let rank = 0; rank < count; rank++) {
        unrankPermutation(rank, n, board, digits);
        if (rankPermutation(board, n) !== rank) mismatches++;
      }
      return mismatches;
    },
  };
  return core;
}
