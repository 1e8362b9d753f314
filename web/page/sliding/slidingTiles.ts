/**
 * Outside: the sliding-tile rules as the page needs them, as plain functions
 * of the tiles (by position, 0 the blank) and the board's side: moving the
 * blank, whether a position can reach the goal, scrambling, and how a
 * position and its cells are shown. SlidingPanel (sliding.ts) calls them.
 */
import { PuzzleInputError, parseSlidingBoard, type SlidingMove } from '../../../src/index.js';
import { randomInt, shuffle } from '../shared/dom.js';
import { adjacent, place } from '../shared/grid.js';
import type { CellView } from '../panel/contract.js';

export type Tiles = readonly number[];

const moveDelta: Record<SlidingMove, [number, number]> = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
export const moveWord: Record<SlidingMove, string> = { u: 'up', d: 'down', l: 'left', r: 'right' };
export const moveArrow: Record<SlidingMove, string> = { u: '↑', d: '↓', l: '←', r: '→' };

/** Judge text to the tiles of a `side` x `side` board; PuzzleInputError for any other text or size. */
export function parseTiles(text: string, side: number): Tiles {
  const board = parseSlidingBoard(text);
  if (board.width !== side || board.height !== side) {
    throw new PuzzleInputError(`this panel holds a ${side}x${side} board (${side * side - 1} tiles and the blank), not ${board.width}x${board.height}`);
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

/** The tile at `index` slid into the blank (wherever it is). */
export function slide(tiles: Tiles, index: number): Tiles {
  const next = [...tiles];
  const blank = next.indexOf(0);
  next[blank] = next[index];
  next[index] = 0;
  return next;
}

/** A solution move: the blank goes one step (always onto the board). */
export function moveBlank(tiles: Tiles, move: SlidingMove, side: number): Tiles {
  return slide(tiles, neighbour(tiles.indexOf(0), move, side)!);
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
    for (let j = i; !seen[j]; j = perm[j]) {
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

/** A position other than the goal: any solvable one ('random'), or `depth` random moves of the blank from the goal, never straight back. */
export function scrambleTiles(goal: Tiles, side: number, depth: string): Tiles {
  let tiles: number[];
  do {
    tiles = [...goal];
    if (depth === 'random') {
      shuffle(tiles);
      if (!reachable(tiles, goal, side)) {
        // Swapping two tiles (not the blank) flips the parity.
        const [a, b] = tiles.map((t, i) => (t === 0 ? -1 : i)).filter((i) => i >= 0);
        [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
      }
      continue;
    }
    let blank = tiles.indexOf(0);
    let previous = -1;
    for (let steps = Number(depth); steps > 0; ) {
      const next = neighbour(blank, 'udlr'[randomInt(4)] as SlidingMove, side);
      if (next === null || next === previous) continue;
      tiles[blank] = tiles[next];
      tiles[next] = 0;
      previous = blank;
      blank = next;
      steps--;
    }
  } while (sameTiles(tiles, goal));
  return tiles;
}

/** A cell as the board shows it: home tiles marked, the tiles next to the blank movable in play, the tile picked in edit mode. */
export function tileView(tiles: Tiles, index: number, goal: Tiles, side: number, editing: boolean, selected: number | null): CellView {
  const tile = tiles[index];
  const blank = tiles.indexOf(0);
  const classes = [tile === 0 ? 'blank' : 'tile'];
  if (tile !== 0 && goal[index] === tile) classes.push('home');
  if (!editing && tile !== 0 && adjacent(index, blank, side)) classes.push('movable');
  if (editing && index === selected) classes.push('selected');
  const label = tile === 0 ? `${place(index, side)}: blank` : `${place(index, side)}: tile ${tile}${classes.includes('movable') ? ', can slide' : ''}`;
  return { text: tile === 0 ? '' : String(tile), value: tile === 0 ? 'x' : String(tile), label, classes };
}

/** The line under the board: solved, or how many tiles are away from home and whether the goal can be reached. */
export function tilesStatus(tiles: Tiles, goal: Tiles, side: number): string {
  if (sameTiles(tiles, goal)) return 'Solved: every tile is home.';
  const away = tiles.filter((t, i) => t !== 0 && goal[i] !== t).length;
  const note = reachable(tiles, goal, side) ? '' : ' This position cannot reach the goal (parity); Solve explains.';
  return `${away} tile${away === 1 ? '' : 's'} away from home.${note}`;
}
