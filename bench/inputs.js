// @ts-check
/**
 * Benchmark inputs (seeded, so every run and both engines see the same boards)
 * and independent checks of the engines' answers, written here from the rules
 * in PUZZLES.md rather than taken from the engines.
 */
import { readFileSync } from 'node:fs';
import {
  FLIP_GOALS,
  hasLine,
  pressEffects,
  replayFourLine,
  replayPresses,
  replaySliding as replaySlidingTiles,
  seededRandom,
  shuffle,
} from '../tests/oracles.js';

// The random generator, press masks and replays are the shared oracles of tests/oracles.js.
export { pressEffects, seededRandom as mulberry32, shuffle } from '../tests/oracles.js';

/** @typedef {import('../dist/engine/contract.js').SlidingBoard} SlidingBoard */

// ---------------------------------------------------------------- Flip Game

/**
 * Null if pressing `cells` turns `board` into a goal, else what is wrong.
 * @param {'flip' | 'pilots'} kind
 * @param {number} board
 * @param {number[]} cells
 * @param {number[]} effects
 * @returns {string | null}
 */
export function flipReplayError(kind, board, cells, effects) {
  for (const cell of cells) if (!(cell >= 0 && cell < 16)) return `press ${cell} is not a cell`;
  // The press masks are the shared oracle's; `effects` (the same masks, precomputed) is a quick cross-check.
  const current = replayPresses(kind, board, cells);
  if (cells.reduce((b, cell) => b ^ effects[cell], board) !== current) return 'the press effects differ from the rules';
  return /** @type {readonly number[]} */ (FLIP_GOALS[kind]).includes(current) ? null : `the presses leave board ${current.toString(16)}, not a goal`;
}

// ---------------------------------------------------------------- Four in a line

/**
 * @param {string} text rows of B/W/O, any separators
 * @returns {Uint8Array} 16 cell codes (0 empty, 1 black, 2 white)
 */
export function fourLineCells(text) {
  const letters = text.replace(/[^BWO]/g, '');
  if (letters.length !== 16) throw new Error(`four-in-a-line board needs 16 cells: ${text}`);
  return Uint8Array.from(letters, (letter) => (letter === 'B' ? 1 : letter === 'W' ? 2 : 0));
}

/** The sample board of PUZZLES.md (answer 5). */
export const FOUR_LINE_SAMPLE = fourLineCells('BWBO WBWB BWBW WBWO');

/**
 * `count` random boards of 7 black, 7 white and 2 empty cells.
 * @param {number} count
 * @param {number} seed
 * @returns {Uint8Array[]}
 */
export function randomFourLineBoards(count, seed) {
  const random = seededRandom(seed);
  const boards = [];
  for (let i = 0; i < count; i++) {
    const cells = new Uint8Array(16);
    for (let k = 0; k < 7; k++) cells[k] = 1;
    for (let k = 7; k < 14; k++) cells[k] = 2;
    boards.push(shuffle(cells, random));
  }
  return boards;
}

/**
 * Null if `moves` is a legal alternating sequence from `start` ending on a line
 * (the first move may be either colour's), else what is wrong.
 * @param {Uint8Array} start
 * @param {Array<[number, number]>} moves
 * @returns {string | null}
 */
export function fourLineReplayError(start, moves) {
  try {
    const end = replayFourLine(Array.from(start, (code) => 'OBW'[code]).join(''), moves);
    return hasLine(end) ? null : 'the moves end without a line of four';
  } catch (error) {
    return /** @type {Error} */ (error).message;
  }
}

// ---------------------------------------------------------------- Sliding tiles

/**
 * @param {number} width
 * @param {number} height
 * @param {ArrayLike<number>} tiles
 * @returns {SlidingBoard}
 */
export function slidingBoard(width, height, tiles) {
  return { width, height, tiles: Uint8Array.from(tiles) };
}

/** @param {SlidingBoard} board @returns {SlidingBoard} */
export function copyBoard(board) {
  return slidingBoard(board.width, board.height, board.tiles);
}

/**
 * Parity invariant of a board: inversions of the tiles (blank left out), plus the
 * blank's row on even widths. Two boards reach each other iff it matches.
 * @param {SlidingBoard} board
 */
function parity(board) {
  const tiles = Array.from(board.tiles).filter((tile) => tile !== 0);
  let inversions = 0;
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) if (tiles[i] > tiles[j]) inversions++;
  const blankRow = Math.floor(board.tiles.indexOf(0) / board.width);
  return (inversions + (board.width % 2 === 0 ? blankRow : 0)) & 1;
}

/** @param {SlidingBoard} start @param {SlidingBoard} goal */
export function reaches(start, goal) {
  return parity(start) === parity(goal);
}

/**
 * `count` random boards that can reach `goal`: a shuffle, with two tiles swapped
 * when it lands in the other parity class.
 * @param {number} count
 * @param {SlidingBoard} goal
 * @param {number} seed
 * @returns {SlidingBoard[]}
 */
export function randomSolvableBoards(count, goal, seed) {
  const random = seededRandom(seed);
  const boards = [];
  for (let i = 0; i < count; i++) {
    const board = slidingBoard(goal.width, goal.height, shuffle(Uint8Array.from(goal.tiles), random));
    if (!reaches(board, goal)) {
      const [a, b] = [...board.tiles.keys()].filter((cell) => board.tiles[cell] !== 0);
      [board.tiles[a], board.tiles[b]] = [board.tiles[b], board.tiles[a]];
    }
    boards.push(board);
  }
  return boards;
}

/**
 * The board after the blank makes `moves` (0 up, 1 down, 2 left, 3 right), or an
 * error message if a move leaves the board.
 * @param {SlidingBoard} board
 * @param {ArrayLike<number>} moves
 * @returns {Uint8Array | string}
 */
export function replaySliding(board, moves) {
  try {
    return Uint8Array.from(replaySlidingTiles(board.tiles, board.width, moves));
  } catch (error) {
    return /** @type {Error} */ (error).message;
  }
}

/**
 * Null if `moves` take `start` to `goal`, else what is wrong.
 * @param {SlidingBoard} start
 * @param {SlidingBoard} goal
 * @param {ArrayLike<number>} moves
 */
export function slidingReplayError(start, goal, moves) {
  const end = replaySliding(start, moves);
  if (typeof end === 'string') return end;
  return end.every((tile, i) => tile === goal.tiles[i]) ? null : 'the moves do not end on the goal';
}

/** Factorials up to 12!. */
const FACTORIALS = [1];
for (let n = 1; n <= 12; n++) FACTORIALS.push(FACTORIALS[n - 1] * n);

/** Lehmer rank of a permutation of 0..n-1 (quadratic, fine for n = 9). @param {ArrayLike<number>} perm */
function lehmerRank(perm) {
  const n = perm.length;
  let rank = 0;
  for (let i = 0; i < n; i++) {
    let smaller = 0;
    for (let j = i + 1; j < n; j++) if (perm[j] < perm[i]) smaller++;
    rank += smaller * FACTORIALS[n - 1 - i];
  }
  return rank;
}

/**
 * Reference distances from `goal` to every board, by a plain BFS written here
 * (independent of both engines). Returns a lookup from board to distance (-1 if
 * unreachable) and the count of boards at each distance.
 * @param {SlidingBoard} goal at most 10 cells
 */
export function referenceDistances(goal) {
  const { width, height } = goal;
  const cells = width * height;
  const distance = new Int8Array(FACTORIALS[cells]).fill(-1);
  /** @type {Uint8Array[]} */
  let frontier = [Uint8Array.from(goal.tiles)];
  distance[lehmerRank(goal.tiles)] = 0;
  const counts = [];
  for (let depth = 0; frontier.length > 0; depth++) {
    counts.push(frontier.length);
    /** @type {Uint8Array[]} */
    const next = [];
    for (const tiles of frontier) {
      const blank = tiles.indexOf(0);
      const row = Math.floor(blank / width);
      const col = blank % width;
      const targets = [];
      if (row > 0) targets.push(blank - width);
      if (row < height - 1) targets.push(blank + width);
      if (col > 0) targets.push(blank - 1);
      if (col < width - 1) targets.push(blank + 1);
      for (const target of targets) {
        const child = Uint8Array.from(tiles);
        child[blank] = child[target];
        child[target] = 0;
        const rank = lehmerRank(child);
        if (distance[rank] < 0) {
          distance[rank] = depth + 1;
          next.push(child);
        }
      }
    }
    frontier = next;
  }
  return {
    counts,
    /** @param {SlidingBoard} board */
    of: (board) => distance[lehmerRank(board.tiles)],
  };
}

/**
 * Korf's instances: one a line, the tiles (0 = blank) then the optimal length.
 * @param {string | URL} path
 * @param {number} width
 * @returns {Array<{ number: number, board: SlidingBoard, optimal: number }>}
 */
export function readKorf(path, width) {
  const cells = width * width;
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line, index) => {
      const numbers = line.split(/\s+/).map(Number);
      if (numbers.length !== cells + 1) throw new Error(`${path}: line ${index + 1} has ${numbers.length} numbers, expected ${cells + 1}`);
      return { number: index + 1, board: slidingBoard(width, width, numbers.slice(0, cells)), optimal: numbers[cells] };
    });
}

/**
 * Parses an instance list such as "1-10,15,17" (1-based, in the given order).
 * @param {string} text
 * @returns {number[]}
 */
export function parseNumberList(text) {
  /** @type {number[]} */
  const out = [];
  for (const part of text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(n);
    } else if (/^\d+$/.test(part)) {
      out.push(Number(part));
    } else {
      throw new Error(`cannot read instance list '${text}': expected numbers and ranges like 1-10,15`);
    }
  }
  return out;
}

/**
 * Compact form of a number list for reports: "1-3,7,9-10".
 * @param {number[]} numbers
 */
export function formatNumberList(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * Fewest presses from every board to a goal (-1 if none), by brute force over
 * all 2^16 press sets: presses commute and undo themselves, so a solution is a set.
 * @param {'flip' | 'pilots'} kind
 * @returns {Int8Array}
 */
export function bruteForceFlip(kind) {
  const effects = pressEffects(kind);
  const fewestFor = new Int8Array(1 << 16).fill(-1);
  for (let set = 0; set < 1 << 16; set++) {
    let effect = 0;
    let presses = 0;
    for (let cell = 0; cell < 16; cell++) {
      if ((set >> cell) & 1) {
        effect ^= effects[cell];
        presses++;
      }
    }
    if (fewestFor[effect] < 0 || presses < fewestFor[effect]) fewestFor[effect] = presses;
  }
  // board ^ effect = goal, so effect = board ^ goal.
  const goals = kind === 'flip' ? [0, 0xffff] : [0];
  const fewest = new Int8Array(1 << 16).fill(-1);
  for (let board = 0; board < 1 << 16; board++) {
    for (const goal of goals) {
      const presses = fewestFor[board ^ goal];
      if (presses >= 0 && (fewest[board] < 0 || presses < fewest[board])) fewest[board] = presses;
    }
  }
  return fewest;
}

/**
 * The published node counts of data/kf50-reference.tsv by instance: column
 * name -> count (kfCli.js and native24.js put ours beside them).
 * @returns {Map<number, Record<string, number>>}
 */
export function readKfReference() {
  /** @type {Map<number, Record<string, number>>} */
  const counts = new Map();
  let header = /** @type {string[]} */ ([]);
  for (const line of readFileSync(new URL('../data/kf50-reference.tsv', import.meta.url), 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const fields = line.split('\t');
    if (fields[0] === 'no') {
      header = fields;
      continue;
    }
    counts.set(Number(fields[0]), Object.fromEntries(header.map((name, i) => [name, Number(fields[i])])));
  }
  return counts;
}
