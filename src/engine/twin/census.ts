/**
 * The census of a small sliding board in TypeScript: the algorithm of
 * assembly/census.ts (Myrvold-Ruskey ranks, two bits a rank, the frontier by
 * depth parity, a layer in rounds of words), on typed arrays.
 */
import type { CensusCore, SlidingBoard } from '../contract.js';

const MAX_CELLS = 12;
const UNSEEN = 0;

export function twinCensus(): CensusCore {
  let width = 0;
  let height = 0;
  let cells = 0;
  /** Two bits a rank, 16 ranks a 32-bit word (the wasm table packs 32 a 64-bit word; `words` counts those). */
  let table = new Uint32Array(0);
  let words = 0;
  let current = 1;
  let scanAt = 0;
  let found = 0;
  let lastExpanded = 0;
  const perm = new Uint8Array(MAX_CELLS);
  const inverse = new Uint8Array(MAX_CELLS);
  const work = new Uint8Array(MAX_CELLS);
  const workInverse = new Uint8Array(MAX_CELLS);

  const codeAt = (rank: number) => (table[rank >>> 4]! >>> ((rank & 15) << 1)) & 3;
  const setCode = (rank: number, code: number) => {
    const shift = (rank & 15) << 1;
    table[rank >>> 4] = (table[rank >>> 4]! & ~(3 << shift)) | (code << shift);
  };

  /** Myrvold-Ruskey rank of work/workInverse, which it consumes. */
  function rankWork(): number {
    let rank = 0;
    let scale = 1;
    for (let n = cells; n > 1; n--) {
      const s = work[n - 1]!;
      const at = workInverse[n - 1]!;
      work[n - 1] = work[at]!;
      work[at] = s;
      workInverse[s] = at;
      workInverse[n - 1] = n - 1;
      rank += s * scale;
      scale *= n;
    }
    return rank;
  }

  function unrank(rank: number): void {
    for (let i = 0; i < cells; i++) perm[i] = i;
    let r = rank;
    for (let n = cells; n > 1; n--) {
      const s = r % n;
      r = Math.floor(r / n);
      const t = perm[n - 1]!;
      perm[n - 1] = perm[s]!;
      perm[s] = t;
    }
    for (let i = 0; i < cells; i++) inverse[perm[i]!] = i;
  }

  function reach(blank: number, to: number, next: number): void {
    work.set(perm);
    workInverse.set(inverse);
    const x = work[blank]!;
    const y = work[to]!;
    work[blank] = y;
    work[to] = x;
    workInverse[x] = to;
    workInverse[y] = blank;
    const child = rankWork();
    if (codeAt(child) === UNSEEN) {
      setCode(child, next);
      found++;
    }
  }

  function expand(rank: number, next: number): void {
    unrank(rank);
    const blank = inverse[0]!;
    const row = Math.floor(blank / width);
    const col = blank % width;
    if (row > 0) reach(blank, blank - width, next);
    if (row < height - 1) reach(blank, blank + width, next);
    if (col > 0) reach(blank, blank - 1, next);
    if (col < width - 1) reach(blank, blank + 1, next);
    lastExpanded = rank;
  }

  return {
    start(goal: SlidingBoard): number {
      width = goal.width;
      height = goal.height;
      cells = width * height;
      if (cells < 2 || cells > MAX_CELLS) throw new RangeError(`census: a ${width}x${height} board is not one of 2 to 12 cells`);
      let ranks = 1;
      for (let n = 2; n <= cells; n++) ranks *= n;
      words = Math.ceil(ranks / 32);
      table = new Uint32Array(words * 2);
      for (let i = 0; i < cells; i++) {
        work[i] = goal.tiles[i]!;
        workInverse[goal.tiles[i]!] = i;
      }
      current = 1;
      scanAt = 0;
      found = 0;
      const start = rankWork();
      setCode(start, current);
      lastExpanded = start;
      return ranks;
    },
    round(budget: number): number {
      const next = 3 - current;
      const end = Math.min(words, scanAt + budget);
      // A wasm word of 32 ranks is two of these 16-rank words.
      for (let w = scanAt * 2; w < end * 2; w++) {
        const word = table[w]!;
        const low = word & 0x55555555;
        const high = (word >>> 1) & 0x55555555;
        let mask = current === 1 ? low & ~high : high & ~low;
        if (mask === 0) continue;
        table[w] = word | mask | (mask << 1);
        while (mask !== 0) {
          const bit = 31 - Math.clz32(mask & -mask);
          mask &= mask - 1;
          expand(w * 16 + (bit >>> 1), next);
        }
      }
      scanAt = end;
      if (scanAt < words) return 1;
      scanAt = 0;
      current = next;
      return found === 0 ? -1 : 0;
    },
    found(): number {
      const count = found;
      found = 0;
      return count;
    },
    farthest(): number[] {
      unrank(lastExpanded);
      return Array.from(perm.subarray(0, cells));
    },
  };
}
