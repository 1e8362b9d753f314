/**
 * Outside: the sliding tiles as the page shows them: a cell of the board,
 * and the scramble the panel's depth choice asks for. The rules themselves
 * (moves, reachability, judge text) are the package's, src/rules/sliding.ts,
 * shared with the board element.
 */
import { adjacent, place } from '../../../src/rules/grid.js';
import { randomReachable, randomWalk, sameTiles, type Tiles } from '../../../src/rules/sliding.js';
import type { CellView } from '../panel/contract.js';

/** A position other than the goal: any solvable one ('random'), or `depth` random moves of the blank from the goal, never straight back. */
export function scrambleTiles(goal: Tiles, side: number, depth: string): Tiles {
  for (;;) {
    const tiles = depth === 'random' ? randomReachable(goal, side) : randomWalk(goal, side, Number(depth));
    if (!sameTiles(tiles, goal)) return tiles;
  }
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
