/**
 * The sliding-tile puzzles on the element (8, 15 and 24: sides 3, 4 and 5):
 * tiles by position, 0 the blank. A click on a tile next to the blank slides
 * it; the arrow keys move the blank, as on the demo page. Each tile is a
 * piece of its own (its number is its identity), so that a move slides it.
 * The goal is a named goal or any board of the size. Searches on the pool use
 * the library's default heuristic for the size (linear conflicts on 4x4 and
 * 5x5 until a page prepares pattern databases on the pool it hands the
 * element; see docs/element.md). The rules are src/rules/sliding.ts, shared
 * with the demo page.
 */
import { GOAL_NAMES, type GoalName, namedGoal, PuzzleInputError, parseSlidingBoard, type SlidingMove } from '../index.js';
import { place } from '../rules/grid.js';
import {
  keyMove,
  moveArrow,
  moveBlank,
  moveTo,
  moveWord,
  neighbour,
  parseTiles,
  randomWalk,
  sameTiles,
  type Tiles,
  tilesStatus,
  tilesText,
} from '../rules/sliding.js';
import { type Family, familyAnswer } from './family.js';

export type { Tiles } from '../rules/sliding.js';

/** The sizes by puzzle name, and the length of the random walk a scramble takes (long enough to look random, short enough for linear conflicts in a browser). */
export const SLIDING_SIDES: Record<string, { side: number; scramble: number }> = {
  '8': { side: 3, scramble: 60 },
  '15': { side: 4, scramble: 50 },
  '24': { side: 5, scramble: 36 },
};

/** The goal attribute: a goal name, or a board of the size (rows split by newlines or '/'). */
export function slidingGoal(goal: string, side: number): Tiles {
  if ((GOAL_NAMES as readonly string[]).includes(goal)) return Array.from(namedGoal(goal as GoalName, side, side).tiles);
  const board = parseSlidingBoard(goal);
  if (board.width !== side || board.height !== side) throw new PuzzleInputError(`goal: a ${side}x${side} board expected, not ${board.width}x${board.height}`);
  return Array.from(board.tiles);
}

export function slidingFamily(puzzle: string, goalText: string): Family<Tiles, SlidingMove> {
  const { side, scramble } = SLIDING_SIDES[puzzle]!;
  const goal = slidingGoal(goalText, side);
  const goalOption = (GOAL_NAMES as readonly string[]).includes(goalText)
    ? (goalText as GoalName)
    : { width: side, height: side, tiles: Uint8Array.from(goal) };
  const text = (tiles: Tiles) => tilesText(tiles, side);
  // The same start on every page: a walk of the scramble's length drawn from a fixed seed.
  let seed = 12345;
  const seeded = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) / 65536;
  };
  return {
    puzzle,
    title: `${side * side - 1}-puzzle`,
    noun: ['move', 'moves'],
    // The 8-puzzle judge's sample for its goal; otherwise a fixed walk from the goal.
    sample: side === 3 && goalText === 'blank-last' ? '2 3 4\n1 5 x\n7 6 8' : text(randomWalk(goal, side, scramble, seeded)),
    arrowsPlay: true,
    parse: (input) => parseTiles(input, side),
    format: text,
    rows: () => side,
    cols: () => side,
    isGoal: (tiles) => sameTiles(tiles, goal),
    same: sameTiles,
    cell(tiles, index) {
      const tile = tiles[index]!;
      const movable = moveTo(tiles, index, side) !== undefined;
      const classes = [tile === 0 ? 'blank' : 'tile'];
      if (movable) classes.push('movable');
      const label = tile === 0 ? `${place(index, side)}: blank` : `${place(index, side)}: tile ${tile}${movable ? ', can slide' : ''}`;
      return { value: tile === 0 ? 'x' : String(tile), label, classes };
    },
    pieces: (tiles) =>
      tiles.flatMap((tile, cell) => (tile === 0 ? [] : [{ id: tile, cell, text: String(tile), classes: goal[cell] === tile ? ['home'] : [] }])),
    press(tiles, index) {
      const move = moveTo(tiles, index, side);
      return move ? { move, state: moveBlank(tiles, move, side) } : { message: 'Only a tile next to the blank slides.' };
    },
    key(tiles, key) {
      const move = keyMove[key];
      if (!move) return undefined;
      if (neighbour(tiles.indexOf(0), move, side) === null) return { message: `The blank cannot move ${moveWord[move]}.` };
      return { move, state: moveBlank(tiles, move, side) };
    },
    apply: (tiles, move) => moveBlank(tiles, move, side),
    moveText: (move) => moveArrow[move],
    moveLabel: (move) => `the blank moves ${moveWord[move]}`,
    status: (tiles) => tilesStatus(tiles, goal, side),
    scramble(tiles) {
      for (;;) {
        const next = randomWalk(goal, side, scramble);
        if (!sameTiles(next, goal) && !sameTiles(next, tiles)) return next;
      }
    },
    async solve(pool, tiles, call) {
      const answer = await pool.sliding(text(tiles), { goal: goalOption }, call);
      return familyAnswer(answer, answer.moves);
    },
    async hint(pool, tiles, call) {
      const hint = await pool.hint(text(tiles), { goal: goalOption }, call);
      const blank = tiles.indexOf(0);
      const cells = hint.moves.filter((move) => move.optimal).map((move) => neighbour(blank, move.move, side)!);
      const said =
        hint.distance === null
          ? (hint.reason ?? 'No distance known.')
          : `${hint.distance} move${hint.distance === 1 ? '' : 's'} to go; the marked tiles keep it optimal.`;
      return { status: hint.status, distance: hint.distance, cells, targets: [], text: said };
    },
  };
}
