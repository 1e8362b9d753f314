/**
 * The rules of the sliding-tile puzzles (8, 15, 24: sides 3, 4, 5) as plain
 * functions of the tiles (by position, 0 the blank) and the board's side:
 * moving the blank, whether a position can reach the goal, scrambling, the
 * judge's text, and the line under the board.
 */
import { PuzzleInputError, parseSlidingBoard, type SlidingMove } from '../index.js';
import { type Random, randomInt, shuffle } from './random.js';

export type Tiles = readonly number[];

export const SLIDING_MOVES: readonly SlidingMove[] = ['u', 'd', 'l', 'r'];
const moveDelta: Record<SlidingMove, [number, number]> = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
export const moveWord: Record<SlidingMove, string> = { u: 'up', d: 'down', l: 'left', r: 'right' };
export const moveArrow: Record<SlidingMove, string> = { u: '↑', d: '↓', l: '←', r: '→' };
/** The arrow keys move the blank. */
export const keyMove: Readonly<Record<string, SlidingMove>> = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' };

/** Judge text to the tiles of a `side` x `side` board; PuzzleInputError for any other text or size. */
export function parseTiles(text: string, side: number): Tiles {
  const board = parseSlidingBoard(text);
  if (board.width !== side || board.height !== side) {
    throw new PuzzleInputError(`a ${side}x${side} board expected (${side * side - 1} tiles and the blank), not ${board.width}x${board.height}`);
  }
  return Array.from(board.tiles);
}

/** Rows of tiles as judge text, x the blank. */
export function tilesText(tiles: Tiles, side: number): string {
  const rows: string[] = [];
  for (let r = 0; r < side; r++) {
    rows.push(
      tiles
        .slice(r * side, (r + 1) * side)
        .map((t) => (t === 0 ? 'x' : String(t)))
        .join(' '),
    );
  }
  return rows.join('\n');
}

/** The cell one step from `index` in the direction of `move`; null off the board. */
export function neighbour(index: number, move: SlidingMove, side: number): number | null {
  const [dr, dc] = moveDelta[move];
  const row = Math.floor(index / side) + dr;
  const col = (index % side) + dc;
  return row < 0 || row >= side || col < 0 || col >= side ? null : row * side + col;
}

/** The blank's move that slides the tile at `index` into it, if they are neighbours. */
export function moveTo(tiles: Tiles, index: number, side: number): SlidingMove | undefined {
  const blank = tiles.indexOf(0);
  return SLIDING_MOVES.find((move) => neighbour(blank, move, side) === index);
}

/** The tile at `index` slid into the blank (wherever it is). */
export function slide(tiles: Tiles, index: number): Tiles {
  const next = [...tiles];
  const blank = next.indexOf(0);
  next[blank] = next[index]!;
  next[index] = 0;
  return next;
}

/** A move of the blank; PuzzleInputError when it would leave the board. */
export function moveBlank(tiles: Tiles, move: SlidingMove, side: number): Tiles {
  const target = neighbour(tiles.indexOf(0), move, side);
  if (target === null) throw new PuzzleInputError(`move ${move} takes the blank off the board`);
  return slide(tiles, target);
}

/** Parity of the permutation taking `goal` to `tiles` (both include the blank). */
function permutationParity(tiles: Tiles, goal: Tiles): number {
  const where = new Map(goal.map((tile, i) => [tile, i]));
  const perm = tiles.map((tile) => where.get(tile)!);
  const seen = new Array(perm.length).fill(false);
  let parity = 0;
  for (let i = 0; i < perm.length; i++) {
    if (seen[i]) continue;
    let length = 0;
    for (let j = i; !seen[j]; j = perm[j]!) {
      seen[j] = true;
      length++;
    }
    parity ^= (length - 1) & 1;
  }
  return parity;
}

/** Every move swaps the blank with a neighbour: permutation parity and blank distance change together. */
export function reachable(tiles: Tiles, goal: Tiles, width: number): boolean {
  const a = tiles.indexOf(0);
  const b = goal.indexOf(0);
  const distance = Math.abs(Math.floor(a / width) - Math.floor(b / width)) + Math.abs((a % width) - (b % width));
  return permutationParity(tiles, goal) === (distance & 1);
}

export function sameTiles(tiles: Tiles, goal: Tiles): boolean {
  return tiles.every((t, i) => t === goal[i]);
}

/** `steps` random moves of the blank from `from`, never straight back. */
export function randomWalk(from: Tiles, side: number, steps: number, random: Random = Math.random): Tiles {
  const tiles = [...from];
  let blank = tiles.indexOf(0);
  let previous = -1;
  while (steps > 0) {
    const next = neighbour(blank, SLIDING_MOVES[randomInt(4, random)]!, side);
    if (next === null || next === previous) continue;
    tiles[blank] = tiles[next]!;
    tiles[next] = 0;
    previous = blank;
    blank = next;
    steps--;
  }
  return tiles;
}

/** Any position that can reach `goal`, drawn evenly: a shuffle, two tiles swapped when its parity is the wrong one. */
export function randomReachable(goal: Tiles, side: number, random: Random = Math.random): Tiles {
  const tiles = shuffle([...goal], random);
  if (!reachable(tiles, goal, side)) {
    // Swapping two tiles (not the blank) flips the parity.
    const [a, b] = tiles.flatMap((t, i) => (t === 0 ? [] : [i]));
    [tiles[a!], tiles[b!]] = [tiles[b!]!, tiles[a!]!];
  }
  return tiles;
}

/** The line under the board: solved, or how many tiles are away from home and whether the goal can be reached. */
export function tilesStatus(tiles: Tiles, goal: Tiles, side: number): string {
  if (sameTiles(tiles, goal)) return 'Solved: every tile is home.';
  const away = tiles.filter((t, i) => t !== 0 && goal[i] !== t).length;
  const note = reachable(tiles, goal, side) ? '' : ' This position cannot reach the goal (parity); Solve explains.';
  return `${away} tile${away === 1 ? '' : 's'} away from home.${note}`;
}
