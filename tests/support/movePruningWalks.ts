/**
 * The exact-count check of a move-pruning machine (tests/engine/movePruning.test.ts
 * at most depths, movePruningDeep.slow.test.ts at 5x5's whole depth): from every
 * cell, the move strings the machine lets through up to `depth` moves are
 * exactly one per board, as many of each length as a plain BFS has boards at
 * that distance.
 */
import { expect } from 'vitest';
import { movePruning } from '../../src/engine/movePruning.js';
import { bfsAllDistances, blankTarget, slidingNeighbours } from '../oracles.js';

/** Every board reached by the move strings the machine lets through from `start`, up to `depth` moves: the counts per length, the boards that came twice and the moves off the board it allowed (counted, not asserted in the walk: an assertion per move was most of its time). */
function acceptedWalks(width: number, height: number, start: number[], depth: number) {
  const machine = movePruning(width, height, 'fsm');
  const cells = width * height;
  const counts = new Array<number>(depth + 1).fill(0);
  const seen = new Set<string>();
  let repeated = 0;
  let offBoard = 0;
  const walk = (tiles: number[], blank: number, state: number, length: number) => {
    counts[length]!++;
    const key = tiles.join(',');
    if (seen.has(key)) repeated++;
    seen.add(key);
    if (length === depth) return;
    const moves = machine.allowed[state * cells + blank]!;
    for (let move = 0; move < 4; move++) {
      if (!((moves >> move) & 1)) continue;
      const to = blankTarget(width, height, blank, move);
      if (to < 0) {
        offBoard++;
        continue;
      }
      const child = [...tiles];
      child[blank] = child[to]!;
      child[to] = 0;
      walk(child, to, machine.next[state * 4 + move]!, length + 1);
    }
  };
  walk(start, start.indexOf(0), 0, 0);
  return { counts, repeated, offBoard };
}

/** Asserts the count from every blank cell of a width x height board, up to `depth` moves (at most the machine's). */
export function checkOnePerBoard(width: number, height: number, depth: number): void {
  const cells = width * height;
  for (let blank = 0; blank < cells; blank++) {
    const start = Array.from({ length: cells }, (_, i) => (i === blank ? 0 : i < blank ? i + 1 : i));
    const distance = bfsAllDistances(
      start,
      (tiles: number[]) => slidingNeighbours(tiles, width),
      (tiles: number[]) => tiles.join(','),
      depth,
    );
    const byDistance = new Array<number>(depth + 1).fill(0);
    for (const d of distance.values()) if (d <= depth) byDistance[d]!++;
    const { counts, repeated, offBoard } = acceptedWalks(width, height, start, depth);
    expect({ blank, counts, repeated, offBoard }).toEqual({ blank, counts: byDistance, repeated: 0, offBoard: 0 });
  }
}
