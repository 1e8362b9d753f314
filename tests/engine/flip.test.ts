/**
 * Flip Game (POJ 1753) and Pilots Brothers (POJ 2965) on both engines, checked
 * on every one of the 65,536 boards of each kind against a brute force over all
 * 2^16 press sets written here, with press effects derived independently from
 * the rules in PUZZLES.md.
 */
import { describe, expect, it } from 'vitest';
import type { FlipAnswer, FlipCore, FlipKind } from '../../src/engine/contract.js';
import { createWasmCore } from '../../src/engine/wasm/index.js';
import { createTwinCore } from '../../src/engine/twin/index.js';
import { engineNames, loadCore, type EngineName } from '../support/engines.js';
import { FLIP_GOALS, pressEffects } from '../oracles.js';

const BOARDS = 1 << 16;
const kinds: FlipKind[] = ['flip', 'pilots'];
const goalsOf: Record<FlipKind, readonly number[]> = FLIP_GOALS;

/** fewest[board] = minimum presses from `board` to a goal, or -1 when impossible. */
function bruteForce(kind: FlipKind): Int8Array {
  const effects = pressEffects(kind);
  // Every press set, by its XOR effect: the fewest presses giving each effect.
  const effectOf = new Uint16Array(BOARDS);
  const fewestFor = new Int8Array(BOARDS).fill(-1);
  fewestFor[0] = 0;
  for (let set = 1; set < BOARDS; set++) {
    const lowest = 31 - Math.clz32(set & -set);
    effectOf[set] = effectOf[set & (set - 1)] ^ effects[lowest];
    let size = 0;
    for (let s = set; s !== 0; s &= s - 1) size++;
    const effect = effectOf[set];
    if (fewestFor[effect] < 0 || size < fewestFor[effect]) fewestFor[effect] = size;
  }
  const fewest = new Int8Array(BOARDS).fill(-1);
  for (let board = 0; board < BOARDS; board++) {
    for (const goal of goalsOf[kind]) {
      const presses = fewestFor[board ^ goal];
      if (presses >= 0 && (fewest[board] < 0 || presses < fewest[board])) fewest[board] = presses;
    }
  }
  return fewest;
}

const expected: Record<FlipKind, Int8Array> = { flip: bruteForce('flip'), pilots: bruteForce('pilots') };

/** Rows of 4 characters; `on` is the character that sets the bit ('b' or '+'). */
function parse(rows: string[], on: string): number {
  let board = 0;
  rows.forEach((line, row) => [...line].forEach((ch, col) => (board |= ch === on ? 1 << (row * 4 + col) : 0)));
  return board;
}

const effectsOf: Record<FlipKind, number[]> = { flip: pressEffects('flip'), pilots: pressEffects('pilots') };

/**
 * What is wrong with `answer` for `board` (null if nothing): it must be null
 * exactly when the brute force finds no solution, otherwise a list of distinct
 * cells of the brute-force minimum length that replays, with the test's own
 * press effects, to a goal. Plain checks rather than `expect`, so that sweeping
 * all 65,536 boards stays fast; callers assert the collected problems once.
 */
function problem(kind: FlipKind, board: number, answer: FlipAnswer): string | null {
  const fewest = expected[kind][board];
  const cells = answer.cells;
  if (fewest < 0) return cells === null ? null : `impossible, yet got cells ${cells}`;
  if (cells === null) return `needs ${fewest} presses, yet got null`;
  if (cells.length !== fewest) return `needs ${fewest} presses, yet got ${cells.length}`;
  if (new Set(cells).size !== cells.length) return `repeats a cell: ${cells}`;
  let replayed = board;
  for (const cell of cells) {
    if (!Number.isInteger(cell) || cell < 0 || cell > 15) return `bad cell ${cell}`;
    replayed ^= effectsOf[kind][cell];
  }
  return goalsOf[kind].includes(replayed) ? null : `cells ${cells} replay to ${replayed.toString(16)}`;
}

/** Asserts `answer` is optimal and valid; returns the path length, -1 when impossible. */
function check(kind: FlipKind, board: number, answer: FlipAnswer): number {
  expect(problem(kind, board, answer), `${kind} board ${board.toString(16)}`).toBeNull();
  return answer.cells === null ? -1 : answer.cells.length;
}

/** Collects at most a few failures so a broken engine gives a readable report. */
function collector(): { add(message: string): void; list: string[] } {
  const list: string[] = [];
  return { list, add: (message) => void (list.length < 10 && list.push(message)) };
}

describe('brute force (the reference the engines are held to)', () => {
  it('agrees with the PUZZLES.md facts', () => {
    const flip = [...expected.flip];
    expect(flip.filter((n) => n >= 0).length).toBe(4096);
    expect(Math.max(...flip)).toBe(6);
    const pilots = [...expected.pilots];
    expect(pilots.every((n) => n >= 0)).toBe(true);
    expect(Math.max(...pilots)).toBe(16);
  });
});

describe.each(engineNames)('flip on %s', (name: EngineName) => {
  const core = async (): Promise<FlipCore> => (await loadCore(name)).flip;

  it('solves the judge samples', async () => {
    const flip = await core();
    const sample = parse(['bwwb', 'bbwb', 'bwwb', 'bwww'], 'b');
    expect(check('flip', sample, flip.solve('flip', sample))).toBe(4);

    const fridge = parse(['-+--', '----', '----', '-+--'], '+');
    const answer = flip.solve('pilots', fridge);
    expect(check('pilots', fridge, answer)).toBe(6);
    // The judge's answer: 1 1, 1 3, 1 4, 4 1, 4 3, 4 4 (1-based row, column), in any order.
    const judge = [
      [1, 1],
      [1, 3],
      [1, 4],
      [4, 1],
      [4, 3],
      [4, 4],
    ].map(([r, c]) => (r - 1) * 4 + (c - 1));
    expect([...answer.cells!].sort((a, b) => a - b)).toEqual(judge);
  });

  it.each(kinds)('solves all 65,536 %s boards optimally', async (kind) => {
    const flip = await core();
    flip.solve(kind, 0); // the table exists from here on
    const failures = collector();
    let solvable = 0;
    let longest = 0;
    for (let board = 0; board < BOARDS; board++) {
      const answer = flip.solve(kind, board);
      const wrong = problem(kind, board, answer);
      if (wrong) failures.add(`board ${board.toString(16)}: ${wrong}`);
      const length = answer.cells === null ? 0 : answer.cells.length;
      // The table is built: a call expands only the boards it walks through.
      if (answer.nodes !== length) failures.add(`board ${board.toString(16)}: ${answer.nodes} nodes for ${length} presses`);
      if (answer.cells !== null) solvable++;
      longest = Math.max(longest, length);
    }
    expect(failures.list).toEqual([]);
    if (kind === 'flip') {
      expect(solvable).toBe(4096);
      expect(longest).toBe(6);
    } else {
      expect(solvable).toBe(BOARDS);
      expect(longest).toBe(16);
    }
  });

  it.each(kinds)('builds the %s table over every solvable board, again on request', async (kind) => {
    const flip = await core();
    const solvable = expected[kind].filter((n) => n >= 0).length;
    expect(flip.buildTable(kind)).toBe(solvable);
    expect(flip.buildTable(kind)).toBe(solvable);
    for (const board of [0, 0xffff, 0x1234, 0x8001, 0xbeef]) check(kind, board, flip.solve(kind, board));
  });
});

describe('first solve counts the table build', () => {
  it.each(kinds)('%s: a fresh engine expands the whole table once', async (kind) => {
    const fresh: Record<EngineName, FlipCore> = { wasm: (await createWasmCore()).flip, ts: createTwinCore().flip };
    const solvable = expected[kind].filter((n) => n >= 0).length;
    const board = kind === 'flip' ? parse(['bwwb', 'bbwb', 'bwwb', 'bwww'], 'b') : 0x1234;
    for (const name of engineNames) {
      const first = fresh[name].solve(kind, board);
      const length = check(kind, board, first);
      expect(first.nodes).toBe(solvable + length);
      const second = fresh[name].solve(kind, board);
      expect(second).toEqual({ cells: first.cells, nodes: length });
    }
  });
});

describe('the two engines agree', () => {
  it.each(kinds)('%s: identical cells and nodes on every board', async (kind) => {
    const [wasm, ts] = await Promise.all(engineNames.map(async (name) => (await loadCore(name)).flip));
    expect(wasm.buildTable(kind)).toBe(ts.buildTable(kind));
    const failures = collector();
    for (let board = 0; board < BOARDS; board++) {
      const a = wasm.solve(kind, board);
      const b = ts.solve(kind, board);
      if (a.nodes !== b.nodes || String(a.cells) !== String(b.cells)) {
        failures.add(`board ${board.toString(16)}: wasm ${JSON.stringify(a)}, ts ${JSON.stringify(b)}`);
      }
    }
    expect(failures.list).toEqual([]);
  });
});
