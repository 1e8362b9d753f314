/**
 * The subtrees a parallel IDA* deals out: every walk of the blank of exactly
 * `depth` moves from the start (u 0, d 1, l 2, r 3), staying on the board and
 * never undoing the move before, in the search's own move order. Every path
 * the search could take from the start begins with one of them, or is a
 * shorter path that one of them begins with; so searching below each, at one
 * bound, covers that bound's iteration.
 */
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
    for (let move = UP; move <= RIGHT; move++) {
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
