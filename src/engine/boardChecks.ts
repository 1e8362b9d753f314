/** The checks an engine makes of the boards it is given and the arrays it writes into, before any work (the engines' own guard; the API checks earlier, in words for the user). */
import { MAX_SIDE, type SlidingBoard } from './contract.js';

/**
 * The number of cells of `board` (and of `other`, which must share its size), after
 * checking what the engine relies on: 2..5 by 2..5, at most `maxCells` cells, and
 * tiles a permutation of 0..n-1.
 */
export function checkSlidingBoards(board: SlidingBoard, other: SlidingBoard | null, maxCells: number): number {
  const { width, height } = board;
  const n = width * height;
  const sideOk = (side: number) => Number.isInteger(side) && side >= 2 && side <= MAX_SIDE;
  if (!(sideOk(width) && sideOk(height) && n <= maxCells)) {
    throw new RangeError(`sliding: a ${width}x${height} board is not supported here (at most ${maxCells} cells)`);
  }
  if (other && (other.width !== width || other.height !== height)) {
    throw new RangeError(`sliding: boards of different sizes (${width}x${height} and ${other.width}x${other.height})`);
  }
  for (const { tiles } of other ? [board, other] : [board]) {
    let seen = 0;
    for (let position = 0; position < n; position++) {
      const tile = tiles[position];
      if (!(tile < n)) break;
      seen |= 1 << tile;
    }
    if (tiles.length !== n || seen !== (1 << n) - 1) {
      throw new RangeError(`sliding: the tiles of a ${width}x${height} board must be 0..${n - 1}, each once`);
    }
  }
  return n;
}

/** Where `FlipCore.solveBatch` writes: the caller's `into`, checked, or a new array. */
export function flipBatchAnswers(count: number, into: Uint32Array | undefined): Uint32Array {
  if (into === undefined) return new Uint32Array(count);
  if (!(into instanceof Uint32Array) || into.length < count) {
    throw new RangeError(`puzzlesearch: a batch of ${count} boards needs a Uint32Array of at least ${count} entries to write its answers into`);
  }
  return into;
}
