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
import { MAX_SIDE, type MovePruningName } from './contract.js';

/**
 * Longest forbidden strings searched for, by the board's cells: the machine
 * is built at the first search of a size, in about 0.3 s for 4x4 at 12 moves
 * (14 would take 4 s for 5% fewer nodes on Korf's 100) and 0.3 s for 5x5 at
 * 10 (12 takes 2.3 s for 12% fewer nodes on Korf and Felner's #40); small
 * boards, solved in a millisecond, get a machine of a few milliseconds.
 */
export function movePruningDepth(cells: number): number {
  return cells <= 9 ? 8 : cells <= 16 ? 12 : 10;
}

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

/** The cell the blank reaches from `blank` by `move`, or -1 off the board. */
function step(width: number, height: number, blank: number, move: number): number {
  const row = Math.floor(blank / width);
  const col = blank % width;
  if (move === 0) return row > 0 ? blank - width : -1;
  if (move === 1) return row < height - 1 ? blank + width : -1;
  if (move === 2) return col > 0 ? blank - 1 : -1;
  return col < width - 1 ? blank + 1 : -1;
}

/** The forbidden strings (move codes) and, for each, the cells it is forbidden from (a bit per cell). */
function forbiddenStrings(width: number, height: number, depth: number): Map<string, number> {
  const cells = width * height;
  const strings = new Map<string, number>();
  for (let start = 0; start < cells; start++) {
    // Boards as arrays (tile = the cell it started on), keyed as strings of char codes.
    const board = Array.from({ length: cells }, (_, cell) => cell);
    const seen = new Set([String.fromCharCode(...board)]);
    let layer: { board: number[]; blank: number; moves: string }[] = [{ board, blank: start, moves: '' }];
    for (let length = 1; length <= depth; length++) {
      const next: typeof layer = [];
      for (const { board: from, blank, moves } of layer) {
        for (let move = 0; move < 4; move++) {
          const to = step(width, height, blank, move);
          if (to < 0) continue;
          const child = from.slice();
          child[blank] = child[to]!;
          child[to] = from[blank]!;
          const key = String.fromCharCode(...child);
          const string = moves + String.fromCharCode(48 + move);
          if (seen.has(key)) {
            strings.set(string, (strings.get(string) ?? 0) | (1 << start));
            continue;
          }
          seen.add(key);
          next.push({ board: child, blank: to, moves: string });
        }
      }
      layer = next;
    }
  }
  // Drop what a shorter suffix forbids already, from the cell where that suffix starts.
  const minimal = new Map<string, number>();
  for (const [string, starts] of strings) {
    let kept = 0;
    for (let start = 0; start < cells; start++) {
      if (!((starts >>> start) & 1)) continue;
      let at = start;
      let covered = false;
      for (let i = 1; i < string.length - 1 && !covered; i++) {
        at = step(width, height, at, string.charCodeAt(i - 1) - 48);
        const suffix = strings.get(string.slice(i));
        covered = suffix !== undefined && ((suffix >>> at) & 1) === 1;
      }
      if (!covered) kept |= 1 << start;
    }
    if (kept) minimal.set(string, kept);
  }
  return minimal;
}

/** The machine of the strings: trie, failure links, then the full transition table and the forbidden end cells of each state. */
function automaton(width: number, height: number, strings: Map<string, number>): MovePruning {
  const cells = width * height;
  const children: number[] = [-1, -1, -1, -1];
  const ends: number[] = [0];
  for (const [string, starts] of strings) {
    let node = 0;
    for (let i = 0; i < string.length; i++) {
      const move = string.charCodeAt(i) - 48;
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
      for (let i = 0; i < string.length; i++) at = step(width, height, at, string.charCodeAt(i) - 48);
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

/** The 'parent' machine: state 0 the start, 1 + m after move m, whose undo (m ^ 1) is the one move forbidden. */
function parentOnly(width: number, height: number): MovePruning {
  const cells = width * height;
  const states = 5;
  const next = new Int32Array(states * 4);
  const allowed = new Uint8Array(states * cells);
  for (let state = 0; state < states; state++) {
    for (let move = 0; move < 4; move++) next[state * 4 + move] = 1 + move;
    for (let blank = 0; blank < cells; blank++) {
      let moves = 0;
      for (let move = 0; move < 4; move++) {
        if (state > 0 && move === ((state - 1) ^ 1)) continue;
        if (step(width, height, blank, move) >= 0) moves |= 1 << move;
      }
      allowed[state * cells + blank] = moves;
    }
  }
  return { name: 'parent', width, height, states, next, allowed };
}

const built = new Map<string, MovePruning>();

/** The machine of `name` for a width x height board (2 to MAX_SIDE a side), built once per process and kept. */
export function movePruning(width: number, height: number, name: MovePruningName): MovePruning {
  if (!(width >= 2 && height >= 2 && width <= MAX_SIDE && height <= MAX_SIDE)) throw new RangeError(`move pruning: no board of ${width}x${height}`);
  const key = `${width}x${height} ${name}`;
  let machine = built.get(key);
  if (!machine) {
    machine = name === 'parent' ? parentOnly(width, height) : automaton(width, height, forbiddenStrings(width, height, movePruningDepth(width * height)));
    built.set(key, machine);
  }
  return machine;
}
