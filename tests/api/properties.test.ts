/**
 * Property-based tests (fast-check): parsers take anything and either return a
 * board or throw a one-line PuzzleInputError, and a printed board parses back to
 * itself; both engines give the same length on random boards of every family;
 * every returned path replays to the goal (tests/oracles.js), and lengths match a
 * breadth-first search written in the tests. Run counts keep the file well under
 * a minute on a 2-core machine.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { PuzzleInputError, createSolver, parseFlipBoard, parseFourLineBoard, parseSlidingBoard, type GoalName, type SlidingBoard } from '../../src/index.js';
import { resolveGoal } from '../../src/api/boards.js';
import {
  FLIP_GOALS,
  bfsAllDistances,
  bfsDistance,
  blankTarget,
  hasLine,
  pressMask,
  replayFourLine,
  replayPresses,
  replaySliding,
  slidingNeighbours,
} from '../oracles.js';

const [wasm, ts] = await Promise.all([createSolver({ engine: 'wasm' }), createSolver({ engine: 'ts' })]);

/**
 * Each parser property must finish within this (it takes well under a second):
 * an input that made a parser wait would fail the test's time limit, and one
 * that made it spin would stall the file past vitest's run limit.
 */
const HANG_LIMIT_MS = 60_000;

/** Runs `work`; anything it throws must be a one-line PuzzleInputError. */
function onlyInputErrors(work: () => unknown): void {
  try {
    work();
  } catch (error) {
    if (!(error instanceof PuzzleInputError)) throw error;
    expect(error.message).not.toContain('\n');
    expect(error.message.length).toBeLessThan(300);
  }
}

// ---------------------------------------------------------------------------
// Arbitrary input for the parsers.

/** Text made of the pieces boards are made of (and a few that are not). */
const boardishText = fc.string({
  unit: fc.constantFrom(
    'b',
    'w',
    '+',
    '-',
    'B',
    'W',
    'O',
    'x',
    'X',
    '0',
    '1',
    '2',
    '3',
    '7',
    '8',
    '15',
    '24',
    '99',
    '9'.repeat(400),
    '-1',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r\n',
    '\u00a0',
    'é',
    '🧩',
  ),
  maxLength: 60,
});
const anyText = fc.oneof(boardishText, fc.string({ unit: 'binary', maxLength: 80 }));
const tileLike = fc.oneof(
  fc.integer({ min: -2, max: 30 }),
  fc.double(),
  fc.constantFrom(0, 1, 2, 3, 1e300, -0, Infinity, NaN, 2 ** 53),
  fc.string({ maxLength: 3 }),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
);
const anyArray = fc.oneof(
  fc.array(tileLike, { maxLength: 30 }),
  fc.array(fc.array(tileLike, { maxLength: 6 }), { maxLength: 6 }),
  fc.array(fc.oneof(fc.string({ maxLength: 6 }), boardishText, tileLike), { maxLength: 6 }),
  fc.array(fc.anything(), { maxLength: 8 }),
);
const anyBoardObject = fc.record({
  width: fc.oneof(fc.integer({ min: -1, max: 7 }), fc.anything()),
  height: fc.oneof(fc.integer({ min: -1, max: 7 }), fc.anything()),
  tiles: fc.oneof(fc.array(tileLike, { maxLength: 30 }), fc.anything()),
});
const anyInput = fc.oneof(anyText, anyArray, anyBoardObject, fc.anything());

describe('parsers take anything and throw only PuzzleInputErrors', () => {
  test.prop([anyInput], { numRuns: 3000 })(
    'parseFlipBoard, both kinds',
    (input) => {
      onlyInputErrors(() => parseFlipBoard('flip', input as never));
      onlyInputErrors(() => parseFlipBoard('pilots', input as never));
    },
    HANG_LIMIT_MS,
  );

  test.prop([anyInput], { numRuns: 3000 })(
    'parseFourLineBoard',
    (input) => {
      onlyInputErrors(() => parseFourLineBoard(input as never));
    },
    HANG_LIMIT_MS,
  );

  test.prop([anyInput], { numRuns: 5000 })(
    'parseSlidingBoard, from text, arrays and objects',
    (input) => {
      onlyInputErrors(() => parseSlidingBoard(input as never));
    },
    HANG_LIMIT_MS,
  );

  test.prop([anyInput, fc.constantFrom('1 2 3 4 5 6 7 8 x', '1 2\n3 x', '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15')], { numRuns: 3000 })(
    'resolveGoal',
    (goal, startText) => {
      const start = parseSlidingBoard(startText);
      onlyInputErrors(() => resolveGoal(goal as never, start));
    },
    HANG_LIMIT_MS,
  );

  test.prop([anyInput, fc.anything()], { numRuns: 1500 })(
    'the solver entry points, on both engines',
    (input, options) => {
      for (const solver of [wasm, ts]) {
        onlyInputErrors(() => solver.flip(input as never));
        onlyInputErrors(() => solver.fourLine(input as never));
        onlyInputErrors(() => solver.slidingSolvable(input as never, options as never));
        // Options are checked before any search; keep the board small so a valid one solves at once.
        onlyInputErrors(() => solver.sliding('1 2\n3 x', options as never));
      }
    },
    HANG_LIMIT_MS,
  );
});

// ---------------------------------------------------------------------------
// Printing and parsing back.

/** A board as 4 rows of `on` / `off` letters, bit i = 4 * row + column. */
function gridText(bits: number, on: string, off: string): string[] {
  return Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ((bits >> (4 * r + c)) & 1 ? on : off)).join(''));
}

const padding = fc.constantFrom('', ' ', '  ', '\t');
const lineEnd = fc.constantFrom('\n', '\r\n', '\n\n');

/** A random permutation of 0..n-1. */
const permutation = (n: number) =>
  fc.shuffledSubarray(
    Array.from({ length: n }, (_, i) => i),
    { minLength: n, maxLength: n },
  );
const slidingShape = fc.record({ width: fc.integer({ min: 2, max: 5 }), height: fc.integer({ min: 2, max: 5 }) });
const anySlidingBoard = slidingShape.chain(({ width, height }) =>
  permutation(width * height).map((tiles): SlidingBoard => ({ width, height, tiles: Uint8Array.from(tiles) })),
);

function rowsOf(board: SlidingBoard): number[][] {
  return Array.from({ length: board.height }, (_, r) => Array.from(board.tiles.subarray(r * board.width, (r + 1) * board.width)));
}

describe('a printed board parses back to itself', () => {
  test.prop([fc.integer({ min: 0, max: 0xffff }), padding, lineEnd], { numRuns: 1000 })('flip and pilots boards', (bits, pad, end) => {
    for (const [kind, on, off] of [
      ['flip', 'b', 'w'],
      ['pilots', '+', '-'],
    ] as const) {
      const rows = gridText(bits, on, off);
      expect(parseFlipBoard(kind, rows.map((row) => pad + row + pad).join(end))).toBe(bits);
      expect(parseFlipBoard(kind, rows)).toBe(bits);
    }
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 16, maxLength: 16 }), lineEnd], { numRuns: 1000 })('four-in-a-line boards', (codes, end) => {
    const letters = codes.map((code) => 'OBW'[code]).join('');
    const rows = [0, 4, 8, 12].map((i) => letters.slice(i, i + 4));
    expect(Array.from(parseFourLineBoard(rows.join(end)).cells)).toEqual(codes);
    expect(Array.from(parseFourLineBoard(rows).cells)).toEqual(codes);
  });

  test.prop([anySlidingBoard, fc.constantFrom('x', 'X', '0'), padding, lineEnd], { numRuns: 1000 })(
    'sliding boards, as text and as arrays',
    (board, blank, pad, end) => {
      const tiles = Array.from(board.tiles);
      const token = (tile: number) => (tile === 0 ? blank : String(tile));
      const text = rowsOf(board)
        .map((row) => pad + row.map(token).join(' ') + pad)
        .join(end);
      const same = (parsed: SlidingBoard) => {
        expect(parsed.width).toBe(board.width);
        expect(parsed.height).toBe(board.height);
        expect(Array.from(parsed.tiles)).toEqual(tiles);
      };
      same(parseSlidingBoard(text));
      same(parseSlidingBoard(rowsOf(board)));
      same(parseSlidingBoard({ width: board.width, height: board.height, tiles }));
      same(resolveGoal(text, parseSlidingBoard(text)));
      if (board.width === board.height && board.width >= 3) {
        same(parseSlidingBoard(tiles.map(token).join(' ')));
        same(parseSlidingBoard(tiles));
      }
    },
  );
});

// ---------------------------------------------------------------------------
// Both engines, replayed, against breadth-first search.

/** A flip board: random, or a goal after random presses (so that solvable ones come up often). */
const flipBoard = (kind: 'flip' | 'pilots') =>
  fc.oneof(
    fc.integer({ min: 0, max: 0xffff }),
    fc
      .tuple(fc.constantFrom(...FLIP_GOALS[kind]), fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 10 }))
      .map(([goal, presses]) => replayPresses(kind, goal, presses)),
  );

function flipDistance(kind: 'flip' | 'pilots', board: number): number | null {
  const goals: readonly number[] = FLIP_GOALS[kind];
  const presses = Array.from({ length: 16 }, (_, cell) => pressMask(kind, cell >> 2, cell & 3));
  return bfsDistance(
    [board],
    (b) => presses.map((mask) => b ^ mask),
    (b) => goals.includes(b),
    (b) => b,
  );
}

describe('both engines agree, every answer replays, and lengths match BFS', () => {
  for (const kind of ['flip', 'pilots'] as const) {
    test.prop([flipBoard(kind)], { numRuns: 150 })(`${kind}`, (bits) => {
      const text = gridText(bits, kind === 'flip' ? 'b' : '+', kind === 'flip' ? 'w' : '-').join('\n');
      const [a, b] = [wasm[kind](text), ts[kind](text)];
      expect(a.length).toBe(b.length);
      expect(a.length).toBe(flipDistance(kind, bits));
      for (const result of [a, b]) {
        if (result.status === 'solved') expect(FLIP_GOALS[kind]).toContain(replayPresses(kind, bits, result.moves));
        else expect(result.reason).toMatch(/^Impossible/);
      }
    });
  }

  /** Random four-in-a-line boards of any counts (7 B, 7 W, 2 O most often). */
  const fourLineBoard = fc
    .oneof(
      { weight: 3, arbitrary: fc.shuffledSubarray([...'BBBBBBBWWWWWWWOO'], { minLength: 16, maxLength: 16 }) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom('B', 'W', 'O'), { minLength: 16, maxLength: 16 }) },
    )
    .map((cells) => cells.join(''));

  type FourLineState = { board: string; side: 'B' | 'W' };
  function fourLineSuccessors({ board, side }: FourLineState): FourLineState[] {
    const out: FourLineState[] = [];
    const next = side === 'B' ? 'W' : 'B';
    for (let from = 0; from < 16; from++) {
      if (board[from] !== side) continue;
      for (const to of [from - 4, from + 4, from & 3 ? from - 1 : -1, (from & 3) < 3 ? from + 1 : -1]) {
        if (to < 0 || to >= 16 || board[to] !== 'O') continue;
        out.push({ board: replayFourLine(board, [[from, to]]), side: next });
      }
    }
    return out;
  }

  test.prop([fourLineBoard], { numRuns: 100 })('four in a line', (board) => {
    const text = [0, 4, 8, 12].map((i) => board.slice(i, i + 4)).join('\n');
    const [a, b] = [wasm.fourLine(text), ts.fourLine(text)];
    expect(a.length).toBe(b.length);
    const expected = bfsDistance<FourLineState>(
      [
        { board, side: 'B' },
        { board, side: 'W' },
      ],
      fourLineSuccessors,
      (state) => hasLine(state.board),
      (state) => state.board + state.side,
    );
    expect(a.length).toBe(expected);
    for (const result of [a, b]) {
      if (result.status === 'solved') expect(hasLine(replayFourLine(board, result.moves))).toBe(true);
    }
  });

  /** Full BFS from each small goal, once: distance of every board that reaches it. */
  const distancesFrom = new Map<string, Map<string | number, number>>();
  function bfsFromGoal(goal: SlidingBoard): Map<string | number, number> {
    const id = `${goal.width}x${goal.height}:${goal.tiles.join(',')}`;
    let distances = distancesFrom.get(id);
    if (!distances) {
      distances = bfsAllDistances(
        Array.from(goal.tiles),
        (tiles) => slidingNeighbours(tiles, goal.width),
        (tiles) => tiles.join(','),
      );
      distancesFrom.set(id, distances);
    }
    return distances;
  }

  function goalBoard(name: GoalName, width: number, height: number): number[] {
    const n = width * height;
    return Array.from({ length: n }, (_, i) => (name === 'blank-first' ? i : (i + 1) % n));
  }

  // Boards of at most 9 cells: every algorithm, checked against a full BFS (3x3 is 181,440 boards).
  const smallShape = fc.constantFrom([2, 2], [2, 3], [3, 2], [2, 4], [4, 2], [3, 3]);
  const smallBoard = smallShape.chain(([width, height]) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      tiles: permutation(width * height),
      goal: fc.constantFrom<GoalName>('blank-last', 'blank-first'),
    }),
  );

  test.prop([smallBoard], { numRuns: 200 })('sliding boards of at most 9 cells, every algorithm', ({ width, height, tiles, goal }) => {
    const goalTiles = goalBoard(goal, width, height);
    const expected = bfsFromGoal({ width, height, tiles: Uint8Array.from(goalTiles) }).get(tiles.join(',')) ?? null;
    const rows = rowsOf({ width, height, tiles: Uint8Array.from(tiles) });
    for (const algorithm of ['bfs', 'bibfs', 'astar', 'idastar'] as const) {
      const [a, b] = [wasm.sliding(rows, { goal, algorithm }), ts.sliding(rows, { goal, algorithm })];
      expect(a.length, algorithm).toBe(b.length);
      expect(a.length, algorithm).toBe(expected);
      for (const result of [a, b]) {
        if (result.status === 'solved') expect(replaySliding(tiles, width, result.path)).toEqual(goalTiles);
        else expect(result.status).toBe('unsolvable');
      }
    }
  });

  // Larger boards, up to 5x5: a short random walk from the goal, so that IDA* answers at once.
  const walkedBoard = slidingShape.chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      goal: fc.constantFrom<GoalName>('blank-last', 'blank-first'),
      walk: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 24 }),
    }),
  );

  test.prop([walkedBoard], { numRuns: 200 })('sliding boards up to 5x5 a random walk from the goal, IDA*', ({ width, height, goal, walk }) => {
    const goalTiles = goalBoard(goal, width, height);
    const tiles = [...goalTiles];
    let blank = tiles.indexOf(0);
    let steps = 0;
    for (const move of walk) {
      const next = blankTarget(width, height, blank, move);
      if (next < 0) continue;
      tiles[blank] = tiles[next];
      tiles[next] = 0;
      blank = next;
      steps++;
    }
    const board = { width, height, tiles: Uint8Array.from(tiles) };
    const [a, b] = [wasm.sliding(board, { goal }), ts.sliding(board, { goal })];
    expect(a.status).toBe('solved');
    expect(a.length).toBe(b.length);
    expect(a.length).toBeLessThanOrEqual(steps);
    expect(a.length! % 2).toBe(steps % 2); // every move swaps the blank's colour on a checkerboard
    if (width * height <= 8) expect(a.length).toBe(bfsFromGoal({ width, height, tiles: Uint8Array.from(goalTiles) }).get(tiles.join(',')));
    for (const result of [a, b]) {
      if (result.status === 'solved') {
        expect(result.moves.join('')).toBe(result.path);
        expect(replaySliding(tiles, width, result.moves)).toEqual(goalTiles);
      }
    }
  });
});
