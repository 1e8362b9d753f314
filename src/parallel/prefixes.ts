/**
 * The subtrees a parallel IDA* deals out: every walk of the blank of exactly
 * `depth` moves from the start (u 0, d 1, l 2, r 3), staying on the board and
 * never undoing the move before, in the search's own move order
 * (SEARCH_MOVE_ORDER). Every path
 * the search could take from the start begins with one of them, or is a
 * shorter path that one of them begins with; so searching below each, at one
 * bound, covers that bound's iteration.
 */
import { SEARCH_MOVE_ORDER } from '../engine/contract.js';

const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;

export function slidingPrefixes(width: number, height: number, blank: number, depth: number): Uint8Array[] {
  const prefixes: Uint8Array[] = [];
  const walk = new Uint8Array(depth);
  const extend = (at: number, length: number, parentMove: number): void => {
    if (length === depth) {
      prefixes.push(walk.slice());
      return;
    }
    const row = Math.floor(at / width);
    const column = at % width;
    for (const move of SEARCH_MOVE_ORDER) {
      if (parentMove >= 0 && move === (parentMove ^ 1)) continue;
      let next = -1;
      if (move === UP && row > 0) next = at - width;
      else if (move === DOWN && row < height - 1) next = at + width;
      else if (move === LEFT && column > 0) next = at - 1;
      else if (move === RIGHT && column < width - 1) next = at + 1;
      if (next < 0) continue;
      walk[length] = move;
      extend(next, length + 1, move);
    }
  };
  extend(blank, 0, -1);
  return prefixes;
}

/**
 * For each stem length s (1..depth) and each prefix i of `prefixes` (in the
 * order slidingPrefixes gives, where prefixes that share their first moves
 * stand together): the index of the first prefix after i whose first s
 * moves differ from i's. When the walk of prefix i goes past the bound after
 * s moves, the dealer skips on to that index: the prefixes between end the
 * same way.
 */
export function prefixStemEnds(prefixes: readonly Uint8Array[], depth: number): Int32Array[] {
  const count = prefixes.length;
  return Array.from({ length: depth }, (_, stemIndex) => {
    const stem = stemIndex + 1;
    const ends = new Int32Array(count);
    for (let i = count - 1; i >= 0; i--) {
      const next = i + 1;
      let same = next < count;
      for (let move = 0; same && move < stem; move++) same = prefixes[i]![move] === prefixes[next]![move];
      ends[i] = same ? ends[next]! : next;
    }
    return ends;
  });
}
