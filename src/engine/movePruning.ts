/**
 * Move pruning for IDA* on sliding boards: a finite-state machine over the
 * blank's moves (Taylor and Korf's duplicate-string pruning, as
 * domsleee/15puzzle's Aho-Corasick automaton and clausecker/24puzzle's FSM do
 * it) that forbids a move string when an earlier string leads to the same
 * board from the same cell.
 *
 * The forbidden strings: from each cell of the board, a breadth-first search
 * over move strings up to DEPTH moves, expanding only a board's first string
 * (in the order shorter first, then u < d < l < r). Any other string reaching
 * a board already seen is forbidden from that cell: the first string does the
 * same from there, is legal there, and is shorter or equal and earlier in the
 * order. On any path, replacing a forbidden string by its first string gives a
 * path no longer and earlier in the order; so the earliest of the shortest
 * paths holds no forbidden string, and pruning them never loses the optimum.
 * A string with a shorter forbidden suffix (from the cell where that suffix
 * starts) is left out: the suffix prunes it already.
 *
 * The machine: an Aho-Corasick automaton over the strings, whose state is the
 * longest suffix of the moves so far that begins some string. A state marks
 * the cells where a string ending there is forbidden (each string is forbidden
 * from some cells, so it ends on the cells those reach), so a move is pruned
 * when the state it leads to marks the blank's new cell. Both engines take the
 * machine as two tables (see MovePruning), so that the search body is one for
 * every pruning: 'parent' is the same shape with five states, the last move,
 * and forbids only the move that undoes it.
 */
import { MAX_SIDE, type MovePruning, type MovePruningName } from './contract.js';
import { decodeMovePruning, readShippedMovePruning } from './movePruningFile.js';

export type { MovePruning };

/**
 * Longest forbidden strings searched for, by the board's cells (issue 19 §2,
 * bench/RESULTS.md "Move pruning"): 12 moves on 4x4 and 5x5, whose machines
 * Node reads from data/ (movePruningFile.ts) and a browser builds, in about
 * 0.4 s and 1 s cold on this 2-core machine. Deeper machines cut nodes but
 * not time: each node then reads a machine too large for the cache (14 moves
 * on 4x4 gave 5% fewer nodes on Korf's 100 and no less time, 14 on 5x5 8%
 * fewer than 12 and more time), and they build in seconds. 12 moves on 5x5
 * took 5% less time than 10 on Korf and Felner's #40 and #25. 5x4 and 4x5
 * keep 10 (0.3 s to build, not shipped; 12 moves take 0.6 s); small boards,
 * solved in a millisecond, get a machine of a few milliseconds.
 */
export function movePruningDepth(cells: number): number {
  return cells <= 9 ? 8 : cells === 20 ? 10 : 12;
}

/** The cell the blank reaches from `blank` by `move`, or -1 off the board. */
function step(width: number, height: number, blank: number, move: number): number {
  const row = Math.floor(blank / width);
  const col = blank % width;
  if (move === 0) return row > 0 ? blank - width : -1;
  if (move === 1) return row < height - 1 ? blank + width : -1;
  if (move === 2) return col > 0 ? blank - 1 : -1;
  return col < width - 1 ? blank + 1 : -1;
}

/**
 * Boards as packed words (a tile a few bits, `perWord` cells a word), and a
 * set of them: open addressing over flat typed arrays, exact (every word
 * compared). Strings of char codes in a Set took 0.3 s and a third of that in
 * garbage collection for the 4x4 machine, each process, each worker.
 */
class PackedBoards {
  readonly words: number;
  private readonly bits: number;
  private readonly perWord: number;
  private capacity = 1 << 12;
  private count = 0;
  private keys: Uint32Array;
  private used: Uint8Array;

  constructor(cells: number) {
    this.bits = cells <= 16 ? 4 : 5;
    this.perWord = Math.floor(32 / this.bits);
    this.words = Math.ceil(cells / this.perWord);
    this.keys = new Uint32Array(this.capacity * this.words);
    this.used = new Uint8Array(this.capacity);
  }

  /** Writes the board whose cell c holds tile c into `out` at `at`. */
  identity(out: Uint32Array, at: number, cells: number): void {
    out.fill(0, at, at + this.words);
    for (let cell = 0; cell < cells; cell++) this.set(out, at, cell, cell);
  }

  tile(board: Uint32Array, at: number, cell: number): number {
    const shift = (cell % this.perWord) * this.bits;
    return (board[at + Math.floor(cell / this.perWord)]! >>> shift) & ((1 << this.bits) - 1);
  }

  set(board: Uint32Array, at: number, cell: number, tile: number): void {
    const word = at + Math.floor(cell / this.perWord);
    const shift = (cell % this.perWord) * this.bits;
    board[word] = (board[word]! & ~(((1 << this.bits) - 1) << shift)) | (tile << shift);
  }

  clear(): void {
    this.used.fill(0);
    this.count = 0;
  }

  /** Adds the board at `board[at..]`; false when it was there already. */
  add(board: Uint32Array, at: number): boolean {
    if (2 * (this.count + 1) > this.capacity) this.grow();
    const { words, keys, used } = this;
    const mask = this.capacity - 1;
    let slot = this.hash(board, at) & mask;
    for (; used[slot]; slot = (slot + 1) & mask) {
      let same = true;
      for (let w = 0; w < words && same; w++) same = keys[slot * words + w] === board[at + w];
      if (same) return false;
    }
    used[slot] = 1;
    for (let w = 0; w < words; w++) keys[slot * words + w] = board[at + w]!;
    this.count++;
    return true;
  }

  private hash(board: Uint32Array, at: number): number {
    let h = 0x811c9dc5;
    for (let w = 0; w < this.words; w++) h = Math.imul(h ^ board[at + w]!, 0x9e3779b1) ^ (h >>> 15);
    return (h ^ (h >>> 16)) >>> 0;
  }

  private grow(): void {
    const { words, keys, used, capacity } = this;
    this.capacity *= 2;
    this.keys = new Uint32Array(this.capacity * words);
    this.used = new Uint8Array(this.capacity);
    this.count = 0;
    for (let slot = 0; slot < capacity; slot++) if (used[slot]) this.add(keys, slot * words);
  }
}

/** 4^i, exact in a double far beyond any machine's depth. */
const POW4 = Array.from({ length: 27 }, (_, i) => 4 ** i);

/**
 * A move string as a number, its key: 4^length + its moves in base 4, the
 * first move the highest digit (so a suffix's key is arithmetic, not a slice).
 */
function keyMoves(key: number): number[] {
  let length = 0;
  while (POW4[length + 1]! <= key) length++;
  const moves: number[] = [];
  for (let i = length - 1; i >= 0; i--) moves.push(Math.floor(key / POW4[i]!) % 4);
  return moves;
}

/** The forbidden strings (by key) and, for each, the cells it is forbidden from (a bit per cell). */
function forbiddenStrings(width: number, height: number, depth: number): Map<number, number> {
  const cells = width * height;
  const strings = new Map<number, number>();
  const seen = new PackedBoards(cells);
  const words = seen.words;
  for (let start = 0; start < cells; start++) {
    // A layer: each node's board (tile = the cell it started on), blank and moves (2 bits a move).
    let boards = new Uint32Array(words);
    let blanks = new Uint8Array(1);
    let codes = new Float64Array(1);
    let size = 1;
    seen.clear();
    seen.identity(boards, 0, cells);
    blanks[0] = start;
    seen.add(boards, 0);
    for (let length = 1; length <= depth; length++) {
      const nextBoards = new Uint32Array(size * 4 * words);
      const nextBlanks = new Uint8Array(size * 4);
      const nextCodes = new Float64Array(size * 4);
      let nextSize = 0;
      for (let node = 0; node < size; node++) {
        const blank = blanks[node]!;
        for (let move = 0; move < 4; move++) {
          const to = step(width, height, blank, move);
          if (to < 0) continue;
          const at = nextSize * words;
          const from = node * words;
          for (let w = 0; w < words; w++) nextBoards[at + w] = boards[from + w]!;
          seen.set(nextBoards, at, blank, seen.tile(boards, from, to));
          seen.set(nextBoards, at, to, seen.tile(boards, from, blank));
          const code = codes[node]! * 4 + move;
          if (!seen.add(nextBoards, at)) {
            const key = POW4[length]! + code;
            strings.set(key, (strings.get(key) ?? 0) | (1 << start));
            continue;
          }
          nextBlanks[nextSize] = to;
          nextCodes[nextSize] = code;
          nextSize++;
        }
      }
      boards = nextBoards;
      blanks = nextBlanks;
      codes = nextCodes;
      size = nextSize;
    }
  }
  // Drop what a shorter suffix forbids already, from the cell where that suffix starts.
  const minimal = new Map<number, number>();
  for (const [key, starts] of strings) {
    const moves = keyMoves(key);
    const length = moves.length;
    let kept = 0;
    for (let start = 0; start < cells; start++) {
      if (!((starts >>> start) & 1)) continue;
      let at = start;
      let covered = false;
      for (let i = 1; i < length - 1 && !covered; i++) {
        at = step(width, height, at, moves[i - 1]!);
        // The suffix from move i: the key's last length - i digits.
        const suffix = strings.get(POW4[length - i]! + (key % POW4[length - i]!));
        covered = suffix !== undefined && ((suffix >>> at) & 1) === 1;
      }
      if (!covered) kept |= 1 << start;
    }
    if (kept) minimal.set(key, kept);
  }
  return minimal;
}

/** The machine of the strings: trie, failure links, then the full transition table and the forbidden end cells of each state. */
function automaton(width: number, height: number, strings: Map<number, number>): MovePruning {
  const cells = width * height;
  const children: number[] = [-1, -1, -1, -1];
  const ends: number[] = [0];
  for (const [key, starts] of strings) {
    const moves = keyMoves(key);
    let node = 0;
    for (const move of moves) {
      if (children[node * 4 + move]! < 0) {
        children[node * 4 + move] = ends.length;
        children.push(-1, -1, -1, -1);
        ends.push(0);
      }
      node = children[node * 4 + move]!;
    }
    // The cells the string ends on, from each cell it is forbidden from.
    for (let start = 0; start < cells; start++) {
      if (!((starts >>> start) & 1)) continue;
      let at = start;
      for (const move of moves) at = step(width, height, at, move);
      ends[node] = ends[node]! | (1 << at);
    }
  }
  const states = ends.length;
  const next = new Int32Array(states * 4);
  const fail = new Int32Array(states);
  const forbidden = new Uint32Array(ends);
  // Breadth-first over the trie: a state's failure link is shallower, so done first.
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node !== 0) forbidden[node] = forbidden[node]! | forbidden[fail[node]!]!;
    for (let move = 0; move < 4; move++) {
      const child = children[node * 4 + move]!;
      if (child >= 0) {
        fail[child] = node === 0 ? 0 : next[fail[node]! * 4 + move]!;
        next[node * 4 + move] = child;
        queue.push(child);
      } else {
        next[node * 4 + move] = node === 0 ? 0 : next[fail[node]! * 4 + move]!;
      }
    }
  }
  const allowed = new Uint8Array(states * cells);
  for (let state = 0; state < states; state++) {
    for (let blank = 0; blank < cells; blank++) {
      let moves = 0;
      for (let move = 0; move < 4; move++) {
        const to = step(width, height, blank, move);
        if (to >= 0 && !((forbidden[next[state * 4 + move]!]! >>> to) & 1)) moves |= 1 << move;
      }
      allowed[state * cells + blank] = moves;
    }
  }
  return { name: 'fsm', width, height, states, next, allowed };
}

/** Each cell's moves on the board (bit `move` set when the blank at that cell can move so). */
function boardMoves(width: number, height: number): Uint8Array {
  const moves = new Uint8Array(width * height);
  for (let blank = 0; blank < moves.length; blank++)
    for (let move = 0; move < 4; move++) if (step(width, height, blank, move) >= 0) moves[blank] = moves[blank]! | (1 << move);
  return moves;
}

/** The 'fsm' machine of a width x height board, built (never read from data/: the shipped files are held to this). */
export function buildMovePruning(width: number, height: number): MovePruning {
  return automaton(width, height, forbiddenStrings(width, height, movePruningDepth(width * height)));
}

/** The 'fsm' machine in the bytes of its file (movePruningFile.ts) when they hold it, of this depth, whole and in range; else null. */
function decodeFor(width: number, height: number, bytes: Uint8Array): MovePruning | null {
  return decodeMovePruning(bytes, width, height, movePruningDepth(width * height), boardMoves(width, height));
}

/** Where a machine in use came from: handed over (installMovePruning), read from data/, or built here. */
export type MovePruningOrigin = 'installed' | 'read' | 'built';

/** The 'fsm' machine: read from data/ where Node has it shipped (the same bytes), else built. */
function shippedOrBuilt(width: number, height: number): { machine: MovePruning; origin: MovePruningOrigin } {
  const bytes = readShippedMovePruning(width, height);
  const shipped = bytes && decodeFor(width, height, bytes);
  return shipped ? { machine: shipped, origin: 'read' } : { machine: buildMovePruning(width, height), origin: 'built' };
}

/** The 'parent' machine: state 0 the start, 1 + m after move m, whose undo (m ^ 1) is the one move forbidden. */
function parentOnly(width: number, height: number): MovePruning {
  const cells = width * height;
  const states = 5;
  const next = new Int32Array(states * 4);
  const allowed = new Uint8Array(states * cells);
  const onBoard = boardMoves(width, height);
  for (let state = 0; state < states; state++) {
    for (let move = 0; move < 4; move++) next[state * 4 + move] = 1 + move;
    const undo = state > 0 ? 1 << ((state - 1) ^ 1) : 0;
    for (let blank = 0; blank < cells; blank++) allowed[state * cells + blank] = onBoard[blank]! & ~undo;
  }
  return { name: 'parent', width, height, states, next, allowed };
}

const built = new Map<string, MovePruning>();
/** How each 'fsm' machine in `built` came to be, by size ('5x5'). */
const origins = new Map<string, MovePruningOrigin>();

function checkSize(width: number, height: number): void {
  if (!(width >= 2 && height >= 2 && width <= MAX_SIDE && height <= MAX_SIDE)) throw new RangeError(`move pruning: no board of ${width}x${height}`);
}

/** The machine of `name` for a width x height board (2 to MAX_SIDE a side), built once per process and kept. */
export function movePruning(width: number, height: number, name: MovePruningName): MovePruning {
  checkSize(width, height);
  const key = `${width}x${height} ${name}`;
  let machine = built.get(key);
  if (!machine) {
    if (name === 'parent') machine = parentOnly(width, height);
    else {
      const made = shippedOrBuilt(width, height);
      machine = made.machine;
      origins.set(`${width}x${height}`, made.origin);
    }
    built.set(key, machine);
  }
  return machine;
}

/**
 * Makes the bytes of a machine's file (data/pruning-WxH.bin) this process's
 * 'fsm' machine of a width x height board, for where data/ cannot be read: a
 * browser, whose build of the 5x5 machine takes about a second in every
 * worker, or a pool worker the pool handed the files to. The bytes are
 * decoded as data/ is read: true when they hold this size's machine, of its
 * depth, whole and in range, and it is now the one in use; false, changing
 * nothing, when they do not (a damaged or another version's file: the machine
 * is then read or built at first use, as without them) or when a machine of
 * this size is in use already (installing is for before the first search).
 */
export function installMovePruning(width: number, height: number, bytes: Uint8Array): boolean {
  checkSize(width, height);
  const key = `${width}x${height} fsm`;
  if (built.has(key)) return false;
  const machine = decodeFor(width, height, bytes);
  if (!machine) return false;
  built.set(key, machine);
  origins.set(`${width}x${height}`, 'installed');
  return true;
}

/** Where this process's 'fsm' machine of a width x height board came from; undefined before its first use. */
export function movePruningOrigin(width: number, height: number): MovePruningOrigin | undefined {
  return origins.get(`${width}x${height}`);
}
