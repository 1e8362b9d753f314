// @ts-check
/**
 * The independent oracles that tests and benchmarks hold the engines to, written
 * once from the rules in PUZZLES.md and never from engine code: a seeded random
 * generator, the press masks of the flip puzzles, replays of press sets, sliding
 * paths and four-in-a-line moves, the line check, and a plain breadth-first
 * search. Plain JavaScript with JSDoc types so that `bench/` (run by node without
 * a build step) and the vitest files import the same code.
 */

/**
 * mulberry32: a small seeded generator of floats in [0, 1), so that random
 * boards are the same on every run.
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fisher-Yates in place.
 * @template {{ length: number, [index: number]: any }} A
 * @param {A} items
 * @param {() => number} random
 * @returns {A}
 */
export function shuffle(items, random) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = items[i];
    items[i] = items[j];
    items[j] = swap;
  }
  return items;
}

// ---------------------------------------------------------------- Flip Game and Pilots

/** @typedef {'flip' | 'pilots'} FlipKind */

/** The goal boards (bit i = 4 * row + column): one colour for flip, every handle open for pilots. */
export const FLIP_GOALS = /** @type {const} */ ({ flip: [0, 0xffff], pilots: [0] });

/**
 * What pressing the cell at 0-based (row, col) turns over: the cross (flip) or
 * the whole row and column (pilots), as a 16-bit mask.
 * @param {FlipKind} kind
 * @param {number} row
 * @param {number} col
 * @returns {number}
 */
export function pressMask(kind, row, col) {
  let mask = 0;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const turns = kind === 'flip' ? Math.abs(r - row) + Math.abs(c - col) <= 1 : r === row || c === col;
      if (turns) mask |= 1 << (r * 4 + c);
    }
  }
  return mask;
}

/**
 * The press mask of each cell 0..15 (cell = 4 * row + column).
 * @param {FlipKind} kind
 * @returns {number[]}
 */
export function pressEffects(kind) {
  return Array.from({ length: 16 }, (_, cell) => pressMask(kind, cell >> 2, cell & 3));
}

/**
 * The board after pressing `cells`: cell indices 0..15, or the public API's
 * 1-based `{ row, col }`. Throws on something that is not a cell.
 * @param {FlipKind} kind
 * @param {number} board
 * @param {ReadonlyArray<number | { row: number, col: number }>} cells
 * @returns {number}
 */
export function replayPresses(kind, board, cells) {
  let current = board;
  for (const cell of cells) {
    const index = typeof cell === 'number' ? cell : (cell.row - 1) * 4 + (cell.col - 1);
    const inside = typeof cell === 'number' || (cell.col >= 1 && cell.col <= 4);
    if (!(Number.isInteger(index) && index >= 0 && index < 16 && inside)) throw new Error(`press ${JSON.stringify(cell)} is not a cell`);
    current ^= pressMask(kind, index >> 2, index & 3);
  }
  return current;
}

// ---------------------------------------------------------------- Four in a line

/** The 10 lines of four: rows, columns and the two long diagonals, as cell lists. */
export const FOUR_LINES = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [8, 9, 10, 11],
  [12, 13, 14, 15],
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [3, 6, 9, 12],
];

/**
 * Whether four pieces of one colour stand in a line. `board`: 16 cells, as the
 * letters 'B' / 'W' / 'O' (a string or an array) or as codes 1 / 2 / 0.
 * @param {ArrayLike<string | number>} board
 * @returns {boolean}
 */
export function hasLine(board) {
  const empty = (/** @type {string | number} */ cell) => cell === 'O' || cell === 0;
  return FOUR_LINES.some((line) => !empty(board[line[0]]) && line.every((cell) => board[cell] === board[line[0]]));
}

/** @typedef {{ colour: string, from: { row: number, col: number }, to: { row: number, col: number } }} FourLineApiMove */

/**
 * Replays four-in-a-line moves on a board of 'B' / 'W' / 'O' letters and returns
 * the final board as a string. Moves are `[fromCell, toCell]` (cell = 4 * row +
 * column) or the public API's `{ colour, from, to }` (1-based cells; the colour
 * must be the piece's). Throws unless each move steps a piece to an empty
 * neighbouring cell and the colours alternate (either may move first).
 * @param {string} start
 * @param {ReadonlyArray<readonly [number, number] | FourLineApiMove>} moves
 * @returns {string}
 */
export function replayFourLine(start, moves) {
  const board = [...start];
  /** @type {string | null} */
  let previous = null;
  moves.forEach((move, i) => {
    const [from, to] = 'from' in move ? [(move.from.row - 1) * 4 + move.from.col - 1, (move.to.row - 1) * 4 + move.to.col - 1] : move;
    if (!(from >= 0 && from < 16 && to >= 0 && to < 16)) throw new Error(`move ${i + 1} leaves the board`);
    if (Math.abs((from >> 2) - (to >> 2)) + Math.abs((from & 3) - (to & 3)) !== 1) throw new Error(`move ${i + 1} is not to a neighbour`);
    if (board[to] !== 'O') throw new Error(`move ${i + 1} goes to an occupied cell`);
    const piece = board[from];
    if (piece !== 'B' && piece !== 'W') throw new Error(`move ${i + 1} moves from an empty cell`);
    if ('colour' in move && move.colour !== piece) throw new Error(`move ${i + 1} moves a ${piece} piece, not ${move.colour}`);
    if (previous === piece) throw new Error(`move ${i + 1} repeats colour ${piece}`);
    board[to] = piece;
    board[from] = 'O';
    previous = piece;
  });
  return board.join('');
}

/**
 * Every move of four in a line open to `colour` ('B' or 'W') on a board of
 * letters: [from, to] cell pairs, by the cell moved from, then up, down, left,
 * right.
 * @param {string} board
 * @param {string} colour
 * @returns {Array<[number, number]>}
 */
export function fourLineMoves(board, colour) {
  /** @type {Array<[number, number]>} */
  const moves = [];
  for (let from = 0; from < 16; from++) {
    if (board[from] !== colour) continue;
    const row = from >> 2;
    const col = from & 3;
    for (const [dr, dc] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ]) {
      if (row + dr < 0 || row + dr > 3 || col + dc < 0 || col + dc > 3) continue;
      const to = from + 4 * dr + dc;
      if (board[to] === 'O') moves.push([from, to]);
    }
  }
  return moves;
}

/**
 * Fewest alternating moves to a line of four from a board of letters, with
 * the colours in `first` ('B', 'W' or both, 'BW') allowed the first move; null
 * when no line can be made. A plain BFS over (board, colour to move).
 * @param {string} board
 * @param {string} first
 * @returns {number | null}
 */
export function fourLineDistance(board, first) {
  const starts = [...first].map((colour) => ({ board, colour }));
  /** @param {{ board: string, colour: string }} state */
  const successors = ({ board: from, colour }) =>
    fourLineMoves(from, colour).map(([a, b]) => {
      const next = [...from];
      next[b] = colour;
      next[a] = 'O';
      return { board: next.join(''), colour: colour === 'B' ? 'W' : 'B' };
    });
  return bfsDistance(
    starts,
    successors,
    (state) => hasLine(state.board),
    (state) => `${state.board}${state.colour}`,
  );
}

// ---------------------------------------------------------------- Sliding tiles

const SLIDING_LETTERS = 'udlr';

/**
 * Where the blank goes on a width x height board: move 0 / 'u' up, 1 / 'd' down,
 * 2 / 'l' left, 3 / 'r' right; -1 off the board (or not a move).
 * @param {number} width
 * @param {number} height
 * @param {number} blank
 * @param {number | string} move
 * @returns {number}
 */
export function blankTarget(width, height, blank, move) {
  const code = typeof move === 'string' ? SLIDING_LETTERS.indexOf(move) : move;
  const row = Math.floor(blank / width);
  const col = blank % width;
  if (code === 0) return row > 0 ? blank - width : -1;
  if (code === 1) return row < height - 1 ? blank + width : -1;
  if (code === 2) return col > 0 ? blank - 1 : -1;
  if (code === 3) return col < width - 1 ? blank + 1 : -1;
  return -1;
}

/**
 * The tiles after the blank makes `moves` (codes 0..3 or a string of u d l r) on
 * a board `width` wide; throws on a move off the board.
 * @param {ArrayLike<number>} tiles
 * @param {number} width
 * @param {string | ArrayLike<number | string>} moves codes 0..3 or letters
 * @returns {number[]}
 */
export function replaySliding(tiles, width, moves) {
  const board = Array.from(tiles);
  const height = board.length / width;
  let blank = board.indexOf(0);
  for (let i = 0; i < moves.length; i++) {
    const next = blankTarget(width, height, blank, moves[i]);
    if (next < 0) throw new Error(`illegal move ${moves[i]} (move ${i + 1}) with the blank at ${blank}`);
    board[blank] = board[next];
    board[next] = 0;
    blank = next;
  }
  return board;
}

/**
 * Every board one blank move away.
 * @param {ArrayLike<number>} tiles
 * @param {number} width
 * @returns {number[][]}
 */
export function slidingNeighbours(tiles, width) {
  const height = tiles.length / width;
  const blank = Array.prototype.indexOf.call(tiles, 0);
  const out = [];
  for (let move = 0; move < 4; move++) {
    const next = blankTarget(width, height, blank, move);
    if (next < 0) continue;
    const child = Array.from(tiles);
    child[blank] = child[next];
    child[next] = 0;
    out.push(child);
  }
  return out;
}

/**
 * A random walk of the blank from `tiles`: `length` legal moves, never undoing
 * the move before, so that the walk's end is at most `length` moves from its
 * start and the fewest moves back have the parity of `length`.
 * @param {ArrayLike<number>} tiles
 * @param {number} width
 * @param {number} length
 * @param {() => number} random
 * @returns {{ tiles: number[], moves: number[] }}
 */
export function slidingWalk(tiles, width, length, random) {
  let board = Array.from(tiles);
  const height = board.length / width;
  /** @type {number[]} */
  const moves = [];
  while (moves.length < length) {
    const move = Math.floor(random() * 4);
    // Codes 0..3 are u d l r: move ^ 1 undoes move.
    if (moves.length > 0 && (move ^ 1) === moves[moves.length - 1]) continue;
    if (blankTarget(width, height, board.indexOf(0), move) < 0) continue;
    board = replaySliding(board, width, [move]);
    moves.push(move);
  }
  return { tiles: board, moves };
}

// ---------------------------------------------------------------- Breadth-first search

/**
 * Fewest steps from any of `starts` to a state where `isGoal` holds, or null if
 * none is reachable: a plain level-by-level BFS, states told apart by `key`.
 * @template S
 * @param {S[]} starts
 * @param {(state: S) => S[]} successors
 * @param {(state: S) => boolean} isGoal
 * @param {(state: S) => string | number} [key]
 * @returns {number | null}
 */
export function bfsDistance(starts, successors, isGoal, key = (state) => String(state)) {
  const seen = new Set(starts.map(key));
  let level = starts;
  for (let depth = 0; level.length > 0; depth++) {
    if (level.some(isGoal)) return depth;
    /** @type {S[]} */
    const next = [];
    for (const state of level) {
      for (const child of successors(state)) {
        const id = key(child);
        if (seen.has(id)) continue;
        seen.add(id);
        next.push(child);
      }
    }
    level = next;
  }
  return null;
}

/**
 * Distance from `start` to every state reachable from it, by a plain BFS, keyed
 * by `key`; a state missing from the map is unreachable (or, with `maxDepth`,
 * farther than that).
 * @template S
 * @param {S} start
 * @param {(state: S) => S[]} successors
 * @param {(state: S) => string | number} key
 * @param {number} [maxDepth] stop past this distance
 * @returns {Map<string | number, number>}
 */
export function bfsAllDistances(start, successors, key, maxDepth = Infinity) {
  const distance = new Map([[key(start), 0]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const next = /** @type {number} */ (distance.get(key(state))) + 1;
    if (next > maxDepth) break;
    for (const child of successors(state)) {
      const id = key(child);
      if (distance.has(id)) continue;
      distance.set(id, next);
      queue.push(child);
    }
  }
  return distance;
}

/**
 * The census of a sliding board by a plain BFS from `goal` (`width` wide): the
 * states at each distance, and the keys (tiles joined by commas) of those at
 * the largest distance. Every state is held as a string: boards of up to 9
 * cells (181,440 states) take a second.
 * @param {number[]} goal
 * @param {number} width
 * @returns {{ counts: number[], farthest: Set<string>, distance: Map<string | number, number> }}
 */
export function slidingCensus(goal, width) {
  const distance = bfsAllDistances(
    goal,
    (tiles) => slidingNeighbours(tiles, width),
    (tiles) => tiles.join(','),
  );
  /** @type {number[]} */
  const counts = [];
  for (const d of distance.values()) counts[d] = (counts[d] ?? 0) + 1;
  const farthest = new Set([...distance].filter(([, d]) => d === counts.length - 1).map(([key]) => String(key)));
  return { counts, farthest, distance };
}

// ------------------------------------------------------------ Lights Out

/** @typedef {Array<[number, number]>} Stencil (dr, dc) offsets a press adds 1 to. */

/** The named toggle patterns of PUZZLES.md §1, as stencils on an m x n board. */
/** @type {Record<string, (m: number, n: number) => Stencil>} */
export const lightsOutStencils = {
  cross: () => [
    [0, 0],
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ],
  'plus-only': () => [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ],
  x: () => [
    [0, 0],
    [-1, -1],
    [-1, 1],
    [1, -1],
    [1, 1],
  ],
  rowcol: (m, n) => {
    /** @type {Stencil} */
    const cells = [];
    for (let r = -(m - 1); r < m; r++) cells.push([r, 0]);
    for (let c = -(n - 1); c < n; c++) if (c !== 0) cells.push([0, c]);
    return cells;
  },
};

/**
 * The cells a press at (r, c) adds 1 to: each distinct board cell once (a torus wraps).
 * @param {Stencil} stencil
 * @param {number} m
 * @param {number} n
 * @param {boolean} torus
 * @param {number} r
 * @param {number} c
 * @returns {number[]}
 */
export function lightsOutReach(stencil, m, n, torus, r, c) {
  const hit = new Set();
  for (const [dr, dc] of stencil) {
    let rr = r + dr;
    let cc = c + dc;
    if (torus) {
      rr = ((rr % m) + m) % m;
      cc = ((cc % n) + n) % n;
    } else if (rr < 0 || rr >= m || cc < 0 || cc >= n) continue;
    hit.add(rr * n + cc);
  }
  return [...hit];
}

/**
 * Applies presses (1-based cells, each `count` times, default once) to a board of values mod k.
 * @param {ArrayLike<number>} board row-major, m * n values
 * @param {Array<{ row: number, col: number, count?: number }>} presses
 * @param {Stencil} stencil
 * @param {number} m
 * @param {number} n
 * @param {boolean} torus
 * @param {number} k
 * @returns {number[]}
 */
export function replayLightsOut(board, presses, stencil, m, n, torus, k) {
  const out = Array.from(board);
  for (const press of presses) {
    const count = press.count ?? 1;
    for (const cell of lightsOutReach(stencil, m, n, torus, press.row - 1, press.col - 1)) out[cell] = (out[cell] + count) % k;
  }
  return out;
}

/**
 * Per GF(2) board of m x n cells (bit r * n + c): the fewest presses making it all 0
 * (-1: impossible), over all 2^(mn) press sets.
 * @param {Stencil} stencil
 * @param {number} m
 * @param {number} n
 * @param {boolean} torus
 * @returns {Int8Array}
 */
export function lightsOutFewest(stencil, m, n, torus) {
  const cells = m * n;
  const effects = Array.from({ length: cells }, (_, i) =>
    lightsOutReach(stencil, m, n, torus, Math.floor(i / n), i % n).reduce((e, cell) => e | (1 << cell), 0),
  );
  const sets = 2 ** cells;
  const effectOf = new Int32Array(sets);
  const fewest = new Int8Array(sets).fill(-1);
  fewest[0] = 0;
  const size = new Uint8Array(sets);
  for (let set = 1; set < sets; set++) {
    const low = 31 - Math.clz32(set & -set);
    effectOf[set] = effectOf[set & (set - 1)] ^ effects[low];
    size[set] = size[set & (set - 1)] + 1;
    const e = effectOf[set];
    if (fewest[e] < 0 || size[set] < fewest[e]) fewest[e] = size[set];
  }
  return fewest;
}

/**
 * The fewest total presses (counts summed) taking `board` to `target`, values
 * mod a prime k, by elimination over every cell (each press an unknown, each
 * cell an equation) and a walk of the whole coset: no light chasing, no
 * pattern-specific algebra. -1 when the target cannot be reached; null when
 * the kernel holds more than `maxSets` press sets (too many to walk here).
 * @param {Stencil} stencil
 * @param {number} m
 * @param {number} n
 * @param {boolean} torus
 * @param {number} k
 * @param {ArrayLike<number>} board
 * @param {ArrayLike<number>} target
 * @param {number} [maxSets]
 * @returns {{ fewest: number, dimension: number } | null}
 */
export function lightsOutLightest(stencil, m, n, torus, k, board, target, maxSets = 1 << 16) {
  const cells = m * n;
  const inverse = (/** @type {number} */ a) => {
    for (let b = 1; b < k; b++) if ((a * b) % k === 1) return b;
    throw new Error(`${a} has no inverse mod ${k}`);
  };
  // Row i: the presses reaching cell i, then what cell i needs.
  const rows = Array.from({ length: cells }, (_, i) => {
    const row = new Array(cells + 1).fill(0);
    row[cells] = (((target[i] - board[i]) % k) + k) % k;
    return row;
  });
  for (let press = 0; press < cells; press++) {
    for (const cell of lightsOutReach(stencil, m, n, torus, Math.floor(press / n), press % n)) rows[cell][press] = (rows[cell][press] + 1) % k;
  }
  const pivotColumns = [];
  let rank = 0;
  for (let col = 0; col < cells; col++) {
    const pivot = rows.findIndex((row, i) => i >= rank && row[col] !== 0);
    if (pivot < 0) continue;
    [rows[rank], rows[pivot]] = [rows[pivot], rows[rank]];
    const scale = inverse(rows[rank][col]);
    rows[rank] = rows[rank].map((v) => (v * scale) % k);
    for (let i = 0; i < cells; i++) {
      if (i === rank || rows[i][col] === 0) continue;
      const factor = rows[i][col];
      rows[i] = rows[i].map((v, q) => (((v - factor * rows[rank][q]) % k) + k) % k);
    }
    pivotColumns.push(col);
    rank++;
  }
  const dimension = cells - rank;
  for (let i = rank; i < cells; i++) if (rows[i][cells] !== 0) return { fewest: -1, dimension };
  if (k ** dimension > maxSets) return null;
  const isPivot = new Set(pivotColumns);
  const freeColumns = [];
  for (let col = 0; col < cells; col++) if (!isPivot.has(col)) freeColumns.push(col);
  let fewest = Infinity;
  const freeValues = new Array(dimension).fill(0);
  for (let set = 0; set < k ** dimension; set++) {
    for (let j = 0, rest = set; j < dimension; j++, rest = Math.floor(rest / k)) freeValues[j] = rest % k;
    let total = freeValues.reduce((a, b) => a + b, 0);
    for (let i = 0; i < rank; i++) {
      let value = rows[i][cells];
      for (let j = 0; j < dimension; j++) value -= rows[i][freeColumns[j]] * freeValues[j];
      total += ((value % k) + k) % k;
    }
    fewest = Math.min(fewest, total);
  }
  return { fewest, dimension };
}

/**
 * The lines of a board as the plain reading takes them: text split at line
 * ends, each trimmed, blank ones dropped; an array's rows trimmed and kept.
 * @param {string | string[]} input
 * @returns {string[]}
 */
function plainLines(input) {
  return typeof input === 'string'
    ? input
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line.length > 0)
    : input.map((line) => line.trim());
}

/**
 * A character as the parsers' messages name it: itself when printable ASCII, else its code point.
 * @param {string} ch
 */
function charName(ch) {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The plain reading of a Lights Out text board, for the parser's messages:
 * split into lines, trim each, drop blank ones (`keepBlank` keeps them, as
 * for an array of row strings), then every character in order; a row of
 * another length is reported only after every character was read.
 * @param {string | string[]} text
 * @param {number} colors
 * @returns {{ rows: number, cols: number, cells: number[] } | { error: string }}
 */
export function readLightsOutText(text, colors) {
  const lines = plainLines(text);
  /** @type {number[][]} */
  const grid = [];
  for (let r = 0; r < lines.length; r++) {
    const row = [];
    const chars = [...lines[r]];
    for (let c = 0; c < chars.length; c++) {
      const ch = chars[c];
      const value = ch === '.' ? 0 : ch === '#' ? 1 : ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : -1;
      if (value < 0) return { error: `line ${r + 1}, column ${c + 1}: stray character ${charName(ch)}, expected a digit, '.' or '#'` };
      if (value >= colors) return { error: `line ${r + 1}, column ${c + 1}: value ${value} is not below the ${colors} colours` };
      row.push(value);
    }
    grid.push(row);
  }
  if (grid.length === 0) return { error: 'empty: no rows' };
  if (grid[0].length === 0) return { error: 'line 1: empty row' };
  const uneven = grid.findIndex((row) => row.length !== grid[0].length);
  if (uneven >= 0) return { error: `line ${uneven + 1}: ${grid[uneven].length} cells, expected ${grid[0].length} (as line 1)` };
  return { rows: grid.length, cols: grid[0].length, cells: grid.flat() };
}

/**
 * The plain reading of a 4x4 grid board (Flip, Pilots, four in a line), for
 * the parser's messages: text split into lines, each trimmed, blank ones
 * dropped (an array's rows are trimmed and kept), then every character in
 * order. Returns each cell's index in `alphabet`, or the message.
 * @param {string | string[]} input
 * @param {string} alphabet
 * @returns {{ cells: number[] } | { error: string }}
 */
export function readGridText(input, alphabet) {
  const rows = plainLines(input);
  if (rows.length !== 4) return { error: `wrong size: ${rows.length} ${rows.length === 1 ? 'line' : 'lines'}, expected 4 lines of 4 characters` };
  const expected = [...alphabet]
    .map((ch) => `'${ch}'`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
  const cells = [];
  for (let r = 0; r < 4; r++) {
    const chars = [...rows[r]];
    for (let c = 0; c < chars.length; c++) {
      const code = alphabet.indexOf(chars[c]);
      if (code < 0) return { error: `line ${r + 1}, column ${c + 1}: stray character ${charName(chars[c])}, expected ${expected}` };
      cells.push(code);
    }
    if (chars.length !== 4) return { error: `line ${r + 1}: wrong size: ${chars.length} characters, expected 4` };
  }
  return { cells };
}

/**
 * The plain reading of a sliding board's text, up to its shape (the tiles'
 * own checks come after): lines split, trimmed, blank ones dropped, tokens
 * split at white space; equal lines of 2 to 5 tokens (2 to 5 of them) are
 * rows, else the whole text is one square board of 9, 16 or 25 tokens.
 * @param {string} text
 * @returns {{ width: number, height: number, tiles: number[] } | { error: string }}
 */
export function readSlidingText(text) {
  const lines = plainLines(text);
  const show = (/** @type {string} */ token) =>
    `'${(token.length > 24 ? `${token.slice(0, 24)}...` : token).replace(/[\x00-\x1f\x7f\u2028\u2029]/g, (/** @type {string} */ ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
  /** @type {number[][]} */
  const rows = [];
  for (let r = 0; r < lines.length; r++) {
    const row = [];
    const tokens = lines[r].split(/\s+/);
    for (let c = 0; c < tokens.length; c++) {
      const token = tokens[c];
      if (token === 'x' || token === 'X') row.push(0);
      else if (/^\d+$/.test(token)) row.push(Number(token));
      else {
        const where = lines.length > 1 ? `line ${r + 1}, token ${c + 1}` : `token ${c + 1}`;
        return { error: `${where}: stray token ${show(token)}, expected a tile number or 'x' for the blank` };
      }
    }
    rows.push(row);
  }
  const plural = (/** @type {number} */ count, /** @type {string} */ word) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const side = (/** @type {number} */ s) => Number.isInteger(s) && s >= 2 && s <= 5;
  const hint = 'expected 9, 16 or 25 tiles for a square board, or equal rows of 2 to 5 tiles';
  const flat = rows.flat();
  const equal = rows.every((row) => row.length === rows[0].length);
  if (rows.length > 1 && equal && side(rows[0].length) && side(rows.length)) return { width: rows[0].length, height: rows.length, tiles: flat };
  const square = Math.round(Math.sqrt(flat.length));
  if (square * square === flat.length && square >= 3 && square <= 5) return { width: square, height: square, tiles: flat };
  if (rows.length > 1 && !equal) {
    const r = rows.findIndex((row) => row.length !== rows[0].length);
    return {
      error: `line ${r + 1}: ${plural(rows[r].length, 'tile')}, but line 1 has ${rows[0].length}; expected equal rows of 2 to 5 tiles, or one square board of 9, 16 or 25 tiles`,
    };
  }
  if (rows.length > 1) return { error: `wrong size: ${plural(rows.length, 'line')} of ${plural(rows[0].length, 'tile')}, ${hint}` };
  return { error: `wrong size: ${plural(flat.length, 'tile')}, ${hint}` };
}

// ------------------------------------------------------- Pattern databases

/**
 * The test suite's own reading of a PDB rank: tile i of the group (home =
 * the group's i-th cell, ascending) on cell p_i; digit i = p_i less the cells
 * of tiles 0..i-1 below it; rank = ((d_0 * (n - 1) + d_1) * (n - 2) + ...).
 * @param {ArrayLike<number>} placement
 * @param {number} cells
 * @returns {number}
 */
export function placementRank(placement, cells) {
  let rank = 0;
  for (let i = 0; i < placement.length; i++) {
    let below = 0;
    for (let j = 0; j < i; j++) if (placement[j] < placement[i]) below++;
    rank = rank * (cells - i) + placement[i] - below;
  }
  return rank;
}

/**
 * The inverse of placementRank for a group of `tiles` tiles.
 * @param {number} rank
 * @param {number} tiles
 * @param {number} cells
 * @returns {number[]}
 */
export function placementOfRank(rank, tiles, cells) {
  const digits = new Array(tiles).fill(0);
  for (let i = tiles - 1; i >= 0; i--) {
    digits[i] = rank % (cells - i);
    rank = Math.floor(rank / (cells - i));
  }
  /** @type {number[]} */
  const placement = [];
  for (const digit of digits) {
    let cell = 0;
    for (let free = -1; ; cell++) {
      if (!placement.includes(cell)) free++;
      if (free === digit) break;
    }
    placement.push(cell);
  }
  return placement;
}

/**
 * For every placement of a group's tiles (by placementRank), the fewest moves
 * of those tiles that bring them all home with the blank back on its goal
 * cell, the blank anywhere at the start and every other tile's move free: a
 * 0-1 breadth-first search over (placement, blank cell) from the one true
 * goal state (home placement, blank on `blankGoal`), written independently of
 * the engines' builders (which seed the goal cell's region in one go).
 * @param {number} width
 * @param {number} height
 * @param {number[]} homes the group's home cells, ascending
 * @param {number} blankGoal the blank's cell in the goal
 * @returns {Uint8Array} distance by rank (255: unreached)
 */
export function groupDistanceTable(width, height, homes, blankGoal) {
  const cells = width * height;
  const state = groupStateDistances(width, height, homes, blankGoal);
  const best = new Uint8Array(state.length / cells).fill(255);
  for (let id = 0; id < state.length; id++) {
    const rank = Math.floor(id / cells);
    if (state[id] < best[rank]) best[rank] = state[id];
  }
  return best;
}

/**
 * The search behind groupDistanceTable, whole: the fewest moves of the
 * group's tiles from each (placement, blank cell) to the true goal, at
 * [placementRank * cells + blank cell] (255: unreached, or the blank on a
 * group tile). What a zero-aware table holds, before its layout.
 * @param {number} width
 * @param {number} height
 * @param {number[]} homes the group's home cells, ascending
 * @param {number} blankGoal the blank's cell in the goal
 * @returns {Uint8Array}
 */
export function groupStateDistances(width, height, homes, blankGoal) {
  const cells = width * height;
  let entries = 1;
  for (let i = 0; i < homes.length; i++) entries *= cells - i;
  const state = new Uint8Array(entries * cells).fill(255);
  /** @type {number[]} */
  let layer = [];
  const homeRank = placementRank(homes, cells);
  if (homes.includes(blankGoal)) throw new RangeError(`the blank's goal cell ${blankGoal} is a home of the group`);
  state[homeRank * cells + blankGoal] = 0;
  layer.push(homeRank * cells + blankGoal);
  for (let distance = 0; layer.length > 0; distance++) {
    /** @type {number[]} */
    const next = [];
    for (let head = 0; head < layer.length; head++) {
      const id = layer[head];
      if (state[id] !== distance) continue;
      const rank = Math.floor(id / cells);
      const blank = id % cells;
      const placement = placementOfRank(rank, homes.length, cells);
      for (let move = 0; move < 4; move++) {
        const to = blankTarget(width, height, blank, move);
        if (to < 0) continue;
        const tile = placement.indexOf(to);
        const cost = tile >= 0 ? 1 : 0;
        let childRank = rank;
        if (tile >= 0) {
          const child = placement.slice();
          child[tile] = blank;
          childRank = placementRank(child, cells);
        }
        const childId = childRank * cells + to;
        if (state[childId] <= distance + cost) continue;
        state[childId] = distance + cost;
        (cost === 0 ? layer : next).push(childId);
      }
    }
    layer = next;
  }
  return state;
}

/**
 * h of additive pattern databases, from the oracle's own group searches: the
 * largest over `sums` (each a list of indices into `groups`) of its groups'
 * distances added up, on the board and, when `mirror`, on its image about
 * the main diagonal (each tile renamed to the tile whose home is the
 * reflection of its own), a second bound as good. A group's distance is its
 * state's, the blank where it stands, for zero-aware tables
 * (groupStateDistances); else the least over the blank's cells
 * (groupDistanceTable), what a plain table holds.
 * @param {number} width
 * @param {number} height
 * @param {ArrayLike<number>} goal tiles by cell
 * @param {number[][]} groups home cells of each group, ascending
 * @param {number[][]} sums
 * @param {{ zeroAware: boolean, mirror: boolean }} kind
 * @returns {(tiles: number[]) => number}
 */
export function pdbOracle(width, height, goal, groups, sums, { zeroAware, mirror }) {
  const cells = width * height;
  const blankGoal = Array.from(goal).indexOf(0);
  const tables = groups.map((homes) => (zeroAware ? groupStateDistances : groupDistanceTable)(width, height, homes, blankGoal));
  const reflect = (/** @type {number} */ cell) => (cell % width) * width + Math.floor(cell / width);
  /** @param {number[]} tiles */
  const largestSum = (tiles) => {
    const blank = tiles.indexOf(0);
    const distances = groups.map((homes, group) => {
      const rank = placementRank(
        homes.map((cell) => tiles.indexOf(goal[cell])),
        cells,
      );
      return tables[group][zeroAware ? rank * cells + blank : rank];
    });
    return Math.max(...sums.map((sum) => sum.reduce((total, group) => total + distances[group], 0)));
  };
  return (tiles) => {
    if (!mirror) return largestSum(tiles);
    /** @type {number[]} */
    const mirrored = new Array(cells);
    tiles.forEach((tile, cell) => (mirrored[reflect(cell)] = tile === 0 ? 0 : goal[reflect(Array.from(goal).indexOf(tile))]));
    return Math.max(largestSum(tiles), largestSum(mirrored));
  };
}

/**
 * The nodes one IDA* iteration at `bound` expands from `start` (f = g + h at
 * most the bound, and not the goal), pruning only the move that undoes the
 * last one: the same in any move order, so an engine's count per completed
 * iteration must equal it. With `order` (blank moves 0 u, 1 d, 2 l, 3 r), the
 * children are visited in that order and the iteration ends at the first goal
 * reached, as a search's last iteration does: the nodes expanded until then.
 * @param {number[]} start
 * @param {number} width
 * @param {number} bound
 * @param {(tiles: number[]) => number} h
 * @param {ArrayLike<number>} goal
 * @param {readonly number[]} [order]
 * @returns {number}
 */
export function iterationExpansions(start, width, bound, h, goal, order) {
  const goalKey = Array.from(goal).join(',');
  const height = start.length / width;
  let expanded = 0;
  /** @type {(tiles: number[], g: number, cameFrom: number) => boolean} true once the goal is reached (with `order`) */
  const visit = (tiles, g, cameFrom) => {
    if (tiles.join(',') === goalKey) return order !== undefined && g <= bound;
    if (g + h(tiles) > bound) return false;
    expanded++;
    const blank = tiles.indexOf(0);
    const children = order
      ? order.flatMap((move) => {
          const next = blankTarget(width, height, blank, move);
          if (next < 0) return [];
          const child = tiles.slice();
          child[blank] = child[next];
          child[next] = 0;
          return [child];
        })
      : slidingNeighbours(tiles, width);
    for (const next of children) {
      if (next.indexOf(0) !== cameFrom && visit(next, g + 1, blank)) return true;
    }
    return false;
  };
  visit(Array.from(start), 0, -1);
  return expanded;
}

/**
 * Fewest steps between two states by a breadth-first search grown from both
 * ends, level by level on the smaller side (for distances too deep for one
 * plain BFS, such as 24-puzzles some twenty moves from home); null when the
 * searches meet nowhere within `maxDepth` steps.
 * @template S
 * @param {S} start
 * @param {S} goal
 * @param {(state: S) => S[]} successors moves must be reversible
 * @param {(state: S) => string | number} key
 * @param {number} [maxDepth]
 * @returns {number | null}
 */
export function bidirectionalDistance(start, goal, successors, key, maxDepth = 40) {
  if (key(start) === key(goal)) return 0;
  const sides = [
    { depth: new Map([[key(start), 0]]), level: [start], reached: 0 },
    { depth: new Map([[key(goal), 0]]), level: [goal], reached: 0 },
  ];
  while (sides[0].reached + sides[1].reached < maxDepth && sides[0].level.length > 0 && sides[1].level.length > 0) {
    const [grow, other] = sides[0].level.length <= sides[1].level.length ? [sides[0], sides[1]] : [sides[1], sides[0]];
    /** @type {S[]} */
    const next = [];
    let meet = Infinity;
    for (const state of grow.level) {
      for (const child of successors(state)) {
        const id = key(child);
        if (grow.depth.has(id)) continue;
        grow.depth.set(id, grow.reached + 1);
        const across = other.depth.get(id);
        if (across !== undefined) meet = Math.min(meet, grow.reached + 1 + across);
        next.push(child);
      }
    }
    grow.level = next;
    grow.reached++;
    if (meet !== Infinity) return meet;
  }
  return null;
}
