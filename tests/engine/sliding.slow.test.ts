/**
 * Sliding tiles on small boards, both engines: ranking, full BFS distances, the
 * parity test, and BFS / bidirectional BFS / A* paths. Optimality is checked
 * against a breadth-first search written here (its own ranking, its own moves), and
 * every returned path is replayed here.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core, ExhaustiveAlgorithm, SlidingAnswer, SlidingBoard } from '../../src/engine/contract.js';
import { engineNames, loadCore, type EngineName } from '../support/engines.js';
import { blankTarget, replaySliding, seededRandom as mulberry32 } from '../oracles.js';

const ALGORITHMS: ExhaustiveAlgorithm[] = ['bfs', 'bibfs', 'astar'];

/** PUZZLES.md: boards of the 8-puzzle at distance 0, 1, ... 31 from `1 2 3 4 5 6 7 8 x`. */
const EIGHT_PUZZLE_DISTANCES = [
  1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910,
  760, 221, 2,
];

const RANDOM_3X3_BOARDS = 2000;
const BLANK_FIRST_BOARDS = 200;
const RANDOM_2X4_BOARDS = 150;
const RANDOM_2X5_BOARDS = 12;

// ---------------------------------------------------------------------------
// Reference: plain breadth-first search over every board of a size.

function factorial(k: number): number {
  let product = 1;
  for (let i = 2; i <= k; i++) product *= i;
  return product;
}

/** Index of a permutation of 0..n-1 among all n! of them (Lehmer code by counting, Horner form). */
function referenceIndex(tiles: ArrayLike<number>, n: number): number {
  let index = 0;
  for (let i = 0; i < n; i++) {
    let smallerLater = 0;
    for (let j = i + 1; j < n; j++) if (tiles[j] < tiles[i]) smallerLater++;
    index = index * (n - i) + smallerLater;
  }
  return index;
}

interface Reference {
  width: number;
  height: number;
  goal: number[];
  /** Distance to the goal by referenceIndex, -1 where the goal cannot be reached. */
  distance: Int8Array;
  /** Boards at each distance 0, 1, 2, ... */
  layers: number[];
  /** The boards farthest from the goal. */
  farthest: number[][];
}

const references = new Map<string, Reference>();

/** Every board reachable from `goal`, layer by layer (moves are reversible, so distances are symmetric). */
function reference(width: number, height: number, goal: number[]): Reference {
  const key = `${width}x${height}:${goal.join(',')}`;
  const known = references.get(key);
  if (known) return known;
  const n = width * height;
  const distance = new Int8Array(factorial(n)).fill(-1);
  // Boards travel through the queue as base-16 numbers (at most 10 cells: below 2^40).
  const encode = (tiles: number[]) => tiles.reduceRight((code, tile) => code * 16 + tile, 0);
  const decode = (code: number, tiles: number[]) => {
    for (let i = 0; i < n; i++) {
      tiles[i] = code % 16;
      code = Math.floor(code / 16);
    }
  };
  distance[referenceIndex(goal, n)] = 0;
  let frontier = [encode(goal)];
  const layers: number[] = [];
  let depth = 0;
  let last = frontier;
  const tiles = new Array<number>(n);
  while (frontier.length > 0) {
    layers.push(frontier.length);
    last = frontier;
    const next: number[] = [];
    for (const code of frontier) {
      decode(code, tiles);
      const blank = tiles.indexOf(0);
      for (let move = 0; move < 4; move++) {
        const target = blankTarget(width, height, blank, move);
        if (target < 0) continue;
        tiles[blank] = tiles[target];
        tiles[target] = 0;
        const index = referenceIndex(tiles, n);
        if (distance[index] < 0) {
          distance[index] = depth + 1;
          next.push(encode(tiles));
        }
        tiles[target] = tiles[blank];
        tiles[blank] = 0;
      }
    }
    frontier = next;
    depth++;
  }
  const farthest = last.map((code) => {
    const board = new Array<number>(n);
    decode(code, board);
    return board;
  });
  const result: Reference = { width, height, goal, distance, layers, farthest };
  references.set(key, result);
  return result;
}

function referenceDistance(ref: Reference, tiles: ArrayLike<number>): number {
  return ref.distance[referenceIndex(tiles, ref.width * ref.height)];
}

// ---------------------------------------------------------------------------
// Boards.

function board(width: number, height: number, tiles: ArrayLike<number>): SlidingBoard {
  return { width, height, tiles: Uint8Array.from(tiles) };
}

/** `1 2 ... n-1` then the blank. */
function blankLastGoal(n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i + 1) % n);
}

/** The blank first: `0 1 2 ... n-1`. */
function blankFirstGoal(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * Uniform random arrangements (Fisher-Yates), split into those that reach the
 * reference goal, until `count` of them do: uniform among the solvable boards.
 */
function sampleBoards(ref: Reference, count: number, seed: number): { solvable: number[][]; unsolvable: number[][] } {
  const random = mulberry32(seed);
  const n = ref.width * ref.height;
  const solvable: number[][] = [];
  const unsolvable: number[][] = [];
  while (solvable.length < count) {
    const tiles = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    (referenceDistance(ref, tiles) >= 0 ? solvable : unsolvable).push(tiles);
  }
  return { solvable, unsolvable };
}

/** Plays `moves` on `start` (the shared oracle); throws on a move off the board. */
function replay(start: SlidingBoard, moves: Uint8Array): number[] {
  return replaySliding(start.tiles, start.width, moves);
}

/** Problems with each answer (illegal, not reaching the goal, not optimal), as readable lines. */
function checkAnswers(ref: Reference, starts: number[][], answers: SlidingAnswer[]): string[] {
  const goalText = ref.goal.join(' ');
  const problems: string[] = [];
  starts.forEach((tiles, i) => {
    const { moves } = answers[i];
    const expected = referenceDistance(ref, tiles);
    const label = `[${tiles.join(' ')}] (distance ${expected})`;
    if (moves === null) {
      problems.push(`${label}: no path`);
      return;
    }
    try {
      const end = replay(board(ref.width, ref.height, tiles), moves).join(' ');
      if (end !== goalText) problems.push(`${label}: path ends at [${end}]`);
      else if (moves.length !== expected) problems.push(`${label}: path of ${moves.length} moves`);
    } catch (error) {
      problems.push(`${label}: ${(error as Error).message}`);
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------
// Fixtures shared by both engines: each run is computed once and reused by the
// cross-engine comparison.

function eightPuzzle(): Reference {
  return reference(3, 3, blankLastGoal(9));
}

function threeByThreeSample(): { solvable: number[][]; unsolvable: number[][] } {
  return sample('3x3', () => sampleBoards(eightPuzzle(), RANDOM_3X3_BOARDS, 0x5eed8));
}

/** The random solvable boards, then the two boards 31 moves from the goal. */
function threeByThreeStarts(): number[][] {
  return [...threeByThreeSample().solvable, ...eightPuzzle().farthest];
}

function blankFirst(): Reference {
  return reference(3, 3, blankFirstGoal(9));
}

function twoByFour(): Reference {
  return reference(4, 2, blankLastGoal(8));
}

function twoByFive(): Reference {
  return reference(5, 2, blankLastGoal(10));
}

const samples = new Map<string, { solvable: number[][]; unsolvable: number[][] }>();
function sample(key: string, make: () => { solvable: number[][]; unsolvable: number[][] }) {
  let value = samples.get(key);
  if (!value) {
    value = make();
    samples.set(key, value);
  }
  return value;
}

const runs = new Map<string, SlidingAnswer[]>();

/** Every start solved by one engine's `algorithm` toward `ref.goal`, computed once per engine. */
async function solveAll(name: EngineName, label: string, ref: Reference, starts: number[][], algorithm: ExhaustiveAlgorithm): Promise<SlidingAnswer[]> {
  const key = `${name}:${label}:${algorithm}`;
  let answers = runs.get(key);
  if (!answers) {
    const core = await loadCore(name);
    const goal = board(ref.width, ref.height, ref.goal);
    answers = starts.map((tiles) => core.sliding.solveExhaustive(board(ref.width, ref.height, tiles), goal, algorithm));
    runs.set(key, answers);
  }
  return answers;
}

/** Each suite of starts: how to get its reference and boards. */
const suites: Record<string, () => { ref: Reference; starts: number[][] }> = {
  '3x3 random + farthest': () => ({ ref: eightPuzzle(), starts: threeByThreeStarts() }),
  '3x3 blank-first': () => ({
    ref: blankFirst(),
    starts: sample('blank-first', () => sampleBoards(blankFirst(), BLANK_FIRST_BOARDS, 0xb1a4c)).solvable,
  }),
  '2x4 random': () => ({
    ref: twoByFour(),
    starts: sample('2x4', () => sampleBoards(twoByFour(), RANDOM_2X4_BOARDS, 0x2f04)).solvable,
  }),
  '2x5 random': () => ({
    ref: twoByFive(),
    starts: sample('2x5', () => sampleBoards(twoByFive(), RANDOM_2X5_BOARDS, 0x2f05)).solvable,
  }),
};

// ---------------------------------------------------------------------------

describe('reference search', () => {
  test('reproduces the 8-puzzle distance counts of PUZZLES.md', () => {
    const ref = eightPuzzle();
    expect(ref.layers).toEqual(EIGHT_PUZZLE_DISTANCES);
    expect(ref.layers.reduce((a, b) => a + b, 0)).toBe(181440);
    expect(ref.farthest).toHaveLength(2);
  });
});

describe.each(engineNames)('%s engine', (name) => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCore(name);
  });

  test('distances() reproduces the 8-puzzle distance counts', () => {
    expect(core.sliding.distances(board(3, 3, blankLastGoal(9)))).toEqual(EIGHT_PUZZLE_DISTANCES);
  });

  test('distances() matches the reference on other goals and sizes', () => {
    for (const ref of [blankFirst(), twoByFour(), twoByFive(), reference(2, 3, blankLastGoal(6)), reference(2, 2, [3, 0, 2, 1])]) {
      expect(core.sliding.distances(board(ref.width, ref.height, ref.goal)), `${ref.width}x${ref.height}`).toEqual(ref.layers);
    }
  });

  describe.each(ALGORITHMS)('%s', (algorithm) => {
    test.each(Object.keys(suites))('optimal, legal paths: %s', async (suite) => {
      const { ref, starts } = suites[suite]();
      const answers = await solveAll(name, suite, ref, starts, algorithm);
      expect(checkAnswers(ref, starts, answers)).toEqual([]);
    });

    test('the 31-move boards take 31 moves', async () => {
      const answers = await solveAll(name, '3x3 random + farthest', eightPuzzle(), threeByThreeStarts(), algorithm);
      expect(answers.slice(-2).map((answer) => answer.moves?.length)).toEqual([31, 31]);
    });

    test('the POJ 1077 sample takes 19 moves', () => {
      const start = board(3, 3, [2, 3, 4, 1, 5, 0, 7, 6, 8]);
      const { moves } = core.sliding.solveExhaustive(start, board(3, 3, blankLastGoal(9)), algorithm);
      expect(moves).not.toBeNull();
      expect(moves!.length).toBe(19);
      expect(replay(start, moves!)).toEqual(blankLastGoal(9));
    });

    test('every solvable 2x3, 3x2 and 2x2 board, against the reference', () => {
      for (const [width, height, goal] of [
        [3, 2, blankLastGoal(6)],
        [2, 3, blankFirstGoal(6)],
        [2, 2, blankLastGoal(4)],
      ] as const) {
        const ref = reference(width, height, [...goal]);
        const starts = allPermutations(width * height).filter((tiles) => referenceDistance(ref, tiles) >= 0);
        expect(starts).toHaveLength(factorial(width * height) / 2);
        const goalBoard = board(width, height, goal);
        const answers = starts.map((tiles) => core.sliding.solveExhaustive(board(width, height, tiles), goalBoard, algorithm));
        expect(checkAnswers(ref, starts, answers), `${width}x${height}`).toEqual([]);
      }
    });

    test('start equal to goal: no moves, no nodes', () => {
      const goal = board(3, 3, blankLastGoal(9));
      expect(core.sliding.solveExhaustive(goal, goal, algorithm)).toEqual({ moves: new Uint8Array(0), nodes: 0 });
    });

    test('an unsolvable start (the caller should have checked) gives no path', () => {
      const start = board(3, 3, [2, 1, 3, 4, 5, 6, 7, 8, 0]);
      expect(core.sliding.solveExhaustive(start, board(3, 3, blankLastGoal(9)), algorithm).moves).toBeNull();
    });
  });

  test('solvable() agrees with reachability for every 2x3, 3x2 and 2x4 board', () => {
    for (const [width, height, goal] of [
      [3, 2, blankLastGoal(6)],
      [2, 3, blankLastGoal(6)],
      [4, 2, blankLastGoal(8)],
      [2, 4, blankFirstGoal(8)],
      [4, 2, [7, 6, 5, 4, 3, 2, 1, 0]],
    ] as const) {
      const ref = reference(width, height, [...goal]);
      const goalBoard = board(width, height, goal);
      const wrong: string[] = [];
      for (const tiles of allPermutations(width * height)) {
        const reachable = referenceDistance(ref, tiles) >= 0;
        if (core.sliding.solvable(board(width, height, tiles), goalBoard) !== reachable) wrong.push(tiles.join(' '));
      }
      expect(wrong, `${width}x${height} to ${goal.join(' ')}`).toEqual([]);
    }
  });

  test('solvable() is true for the sampled solvable 3x3 boards and false for every sampled unreachable one', () => {
    const goal = board(3, 3, blankLastGoal(9));
    const { solvable, unsolvable } = threeByThreeSample();
    expect(unsolvable.length).toBeGreaterThan(RANDOM_3X3_BOARDS / 2);
    expect(unsolvable.filter((tiles) => core.sliding.solvable(board(3, 3, tiles), goal))).toEqual([]);
    expect(solvable.filter((tiles) => !core.sliding.solvable(board(3, 3, tiles), goal))).toEqual([]);
  });

  test('solvable() on larger boards: one swap of two tiles flips it, a legal move keeps it', () => {
    const random = mulberry32(0x1a7);
    for (const [width, height] of [
      [4, 4],
      [5, 5],
      [4, 5],
      [5, 3],
    ]) {
      const n = width * height;
      const goal = board(width, height, blankLastGoal(n));
      for (let trial = 0; trial < 50; trial++) {
        // A random walk from the goal stays solvable.
        const walked = Array.from(goal.tiles);
        let blank = n - 1;
        for (let step = 0; step < 200; step++) {
          const target = blankTarget(width, height, blank, Math.floor(random() * 4));
          if (target < 0) continue;
          walked[blank] = walked[target];
          walked[target] = 0;
          blank = target;
        }
        expect(core.sliding.solvable(board(width, height, walked), goal)).toBe(true);
        // Swapping two tiles (not the blank) is an odd permutation with the blank fixed.
        const swapped = [...walked];
        const tilesAt = swapped.map((tile, position) => (tile === 0 ? -1 : position)).filter((position) => position >= 0);
        const a = tilesAt[Math.floor(random() * tilesAt.length)];
        let b = a;
        while (b === a) b = tilesAt[Math.floor(random() * tilesAt.length)];
        [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
        expect(core.sliding.solvable(board(width, height, swapped), goal)).toBe(false);
      }
    }
  });

  test('rejects what the engine cannot rank: more than 10 cells, repeated tiles, mismatched sizes', () => {
    const fifteen = board(4, 4, blankLastGoal(16));
    expect(() => core.sliding.solveExhaustive(fifteen, fifteen, 'bfs')).toThrow(RangeError);
    expect(() => core.sliding.distances(fifteen)).toThrow(RangeError);
    const repeated = board(3, 3, [1, 1, 3, 4, 5, 6, 7, 8, 0]);
    expect(() => core.sliding.solveExhaustive(repeated, board(3, 3, blankLastGoal(9)), 'astar')).toThrow(RangeError);
    expect(() => core.sliding.solvable(board(3, 3, blankLastGoal(9)), board(2, 2, blankLastGoal(4)))).toThrow(RangeError);
    expect(() => core.sliding.rankRoundTrip(13)).toThrow(RangeError);
  });

  test('rankRoundTrip(n) finds no mismatch for n = 0..10', () => {
    for (let n = 0; n <= 10; n++) expect(core.sliding.rankRoundTrip(n), `n = ${n}`).toBe(0);
  });
});

describe('both engines', () => {
  test.each(ALGORITHMS)('%s: identical moves and node counts', async (algorithm) => {
    for (const suite of Object.keys(suites)) {
      const { ref, starts } = suites[suite]();
      const [wasm, ts] = await Promise.all(engineNames.map((name) => solveAll(name, suite, ref, starts, algorithm)));
      const differ = starts.filter((_, i) => {
        const a = wasm[i];
        const b = ts[i];
        return a.nodes !== b.nodes || a.moves?.join(',') !== b.moves?.join(',');
      });
      expect(
        differ.map((tiles) => tiles.join(' ')),
        suite,
      ).toEqual([]);
    }
  });

  test('identical distances and solvable() answers', async () => {
    const [wasm, ts] = await Promise.all(engineNames.map((name) => loadCore(name)));
    for (const ref of [eightPuzzle(), twoByFive()]) {
      const goal = board(ref.width, ref.height, ref.goal);
      expect(wasm.sliding.distances(goal)).toEqual(ts.sliding.distances(goal));
    }
    const goal = board(3, 3, blankLastGoal(9));
    const { solvable, unsolvable } = threeByThreeSample();
    for (const tiles of [...solvable, ...unsolvable]) {
      const start = board(3, 3, tiles);
      expect(wasm.sliding.solvable(start, goal)).toBe(ts.sliding.solvable(start, goal));
    }
  });
});

/** Every arrangement of 0..n-1 (Heap's algorithm). */
function allPermutations(n: number): number[][] {
  const items = Array.from({ length: n }, (_, i) => i);
  const result: number[][] = [[...items]];
  const counters = new Array<number>(n).fill(0);
  let i = 1;
  while (i < n) {
    if (counters[i] < i) {
      const j = i % 2 === 0 ? 0 : counters[i];
      [items[i], items[j]] = [items[j], items[i]];
      result.push([...items]);
      counters[i]++;
      i = 1;
    } else {
      counters[i] = 0;
      i++;
    }
  }
  return result;
}
