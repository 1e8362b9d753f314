/**
 * Move pruning (issue 19 §2): the machine of src/engine/movePruning.ts against
 * a plain BFS (tests/support/movePruningWalks.ts), and the searches that use
 * it against the unpruned ones.
 * - Up to the machine's depth (5x5: 10 of its 12 moves here, all 12 in
 *   movePruningDeep.slow.test.ts), the move strings it lets through from a cell
 *   are exactly one per board: as many strings of d moves as boards at
 *   distance d (BFS), and each string reaches a different board at that
 *   distance. So it prunes every duplicate it can see, and never the only
 *   shortest path.
 * - IDA* with it finds the optimal length on random 3x3 boards against BFS,
 *   on both engines; on random 4x4 boards the same length as IDA* pruning
 *   only the parent move, with fewer nodes; the machine of 'parent' is the
 *   old pruning exactly (same node counts).
 * - The machines shipped in data/ are the bytes a fresh build gives, and the
 *   one Node uses; a damaged or stale file is refused (then the machine is built).
 *   Every size's machine fits MOVE_PRUNING_FILE_MAX_BYTES, the most bytes a
 *   file is read for.
 * - A shipped file that is no regular file: movePruningFaults.slow.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildMovePruning, movePruning, movePruningDepth } from '../../src/engine/movePruning.js';
import {
  decodeMovePruning,
  encodeMovePruning,
  MOVE_PRUNING_FILE_MAX_BYTES,
  movePruningFileName,
  readShippedMovePruning,
  SHIPPED_SIZES,
} from '../../src/engine/movePruningFile.js';
import { MAX_SIDE } from '../../src/engine/contract.js';
import { createSolver, type Solver } from '../../src/index.js';
import { engineNames } from '../support/engines.js';
import { bfsAllDistances, blankTarget, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { checkOnePerBoard } from '../support/movePruningWalks.js';

describe('the move-pruning machine', () => {
  it.each([
    [3, 3],
    [4, 2],
    [2, 4],
    [4, 4],
    [5, 3],
    [5, 5],
  ])(
    '%ix%i: from every cell, the strings it lets through up to its depth are one per board, as many of each length as BFS has boards at that distance',
    (width, height) => {
      const cells = width * height;
      // Its whole depth, but 5x5 at 10 of its 12 moves (1.6M boards from its 25 cells at 12, a
      // slow test's work: movePruningDeep.slow.test.ts; at 10, 0.3M as 4x4 at 12).
      checkOnePerBoard(width, height, Math.min(movePruningDepth(cells), cells >= 25 ? 10 : 12));
    },
    120_000,
  );

  it("'parent' forbids only the undo of the last move", () => {
    const machine = movePruning(4, 4, 'parent');
    expect(machine.states).toBe(5);
    for (let state = 0; state < 5; state++) {
      for (let blank = 0; blank < 16; blank++) {
        let legal = 0;
        for (let move = 0; move < 4; move++) if (blankTarget(4, 4, blank, move) >= 0 && !(state > 0 && move === ((state - 1) ^ 1))) legal |= 1 << move;
        expect(machine.allowed[state * 16 + blank]).toBe(legal);
      }
    }
  });

  it('is built once per size and kept', () => {
    expect(movePruning(4, 4, 'fsm')).toBe(movePruning(4, 4, 'fsm'));
    expect(() => movePruning(6, 2, 'fsm')).toThrow(RangeError);
  });
});

describe.each(engineNames)('IDA* with move pruning on %s', (engine) => {
  let solver: Solver;
  beforeAll(async () => {
    solver = await createSolver({ engine, tables: { dir: false } });
  });

  it('3x3: 400 random boards and the two farthest, each at its BFS distance, the path replayed', () => {
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    const distance = bfsAllDistances(
      goal,
      (tiles: number[]) => slidingNeighbours(tiles, 3),
      (tiles: number[]) => tiles.join(','),
    );
    const random = seededRandom(1931);
    const keys = [...distance.keys()];
    const boards = [...Array.from({ length: 400 }, () => keys[Math.floor(random() * keys.length)]!), ...keys.filter((key) => distance.get(key) === 31)];
    for (const key of boards) {
      const tiles = String(key).split(',').map(Number);
      for (const heuristic of ['manhattan', 'linear-conflict'] as const) {
        const result = solver.sliding(tiles, { heuristic, pruning: 'fsm' });
        expect([key, heuristic, result.status === 'solved' && result.length]).toEqual([key, heuristic, distance.get(key)]);
      }
    }
  });

  it("4x4: random walks solved at the length 'parent' pruning finds, in fewer nodes", () => {
    const goal = [0, ...Array.from({ length: 15 }, (_, i) => i + 1)];
    const random = seededRandom(1937);
    let fsmNodes = 0;
    let parentNodes = 0;
    for (let trial = 0; trial < 8; trial++) {
      const { tiles } = slidingWalk(goal, 4, 60 + 5 * trial, random);
      const parent = solver.sliding(tiles, { goal: 'blank-first', heuristic: 'linear-conflict', pruning: 'parent' });
      const fsm = solver.sliding(tiles, { goal: 'blank-first', heuristic: 'linear-conflict' });
      expect(parent.status).toBe('solved');
      expect(fsm.status === 'solved' && fsm.length).toBe(parent.status === 'solved' && parent.length);
      fsmNodes += fsm.stats.nodes;
      parentNodes += parent.stats.nodes;
    }
    expect(fsmNodes).toBeLessThan(parentNodes * 0.8);
  });

  it('rejects a pruning it does not know, naming the choices', () => {
    expect(() => solver.sliding([1, 2, 3, 4, 5, 6, 7, 0, 8], { pruning: 'all' as never })).toThrow(/unknown pruning 'all', expected fsm or parent/);
  });
});

describe('the machines shipped in data/ (read by Node instead of built)', () => {
  const legalMoves = (width: number, height: number) =>
    Uint8Array.from({ length: width * height }, (_, blank) =>
      [0, 1, 2, 3].reduce((moves, move) => moves | (blankTarget(width, height, blank, move) >= 0 ? 1 << move : 0), 0),
    );

  it.each(SHIPPED_SIZES.map((size) => size.split('x').map(Number) as [number, number]))(
    '%ix%i: the file is a fresh build, byte for byte, and is the machine in use',
    (width, height) => {
      const built = buildMovePruning(width, height);
      const depth = movePruningDepth(width * height);
      const file = readFileSync(new URL(`../../data/${movePruningFileName(width, height)}`, import.meta.url));
      expect(Buffer.compare(file, Buffer.from(encodeMovePruning(built, depth)))).toBe(0);
      // What the engines read in Node: the same file, found from the source.
      expect(Buffer.compare(Buffer.from(readShippedMovePruning(width, height)!), file)).toBe(0);
      const used = movePruning(width, height, 'fsm');
      expect({ states: used.states, next: [...used.next], allowed: [...used.allowed] }).toEqual({
        states: built.states,
        next: [...built.next],
        allowed: [...built.allowed],
      });
    },
    60_000,
  );

  it('refuses a file of another size or depth, cut short, or with a transition or move out of range', () => {
    const machine = buildMovePruning(3, 3);
    const depth = movePruningDepth(9);
    const legal = legalMoves(3, 3);
    const bytes = encodeMovePruning(machine, depth);
    expect(decodeMovePruning(bytes, 3, 3, depth, legal)?.next).toEqual(machine.next);
    expect(decodeMovePruning(bytes, 3, 3, depth + 1, legal)).toBeNull();
    expect(decodeMovePruning(bytes, 4, 3, depth, legalMoves(4, 3))).toBeNull();
    expect(decodeMovePruning(bytes.subarray(0, bytes.length - 1), 3, 3, depth, legal)).toBeNull();
    const badState = bytes.slice();
    new DataView(badState.buffer).setInt32(24, machine.states, true);
    expect(decodeMovePruning(badState, 3, 3, depth, legal)).toBeNull();
    const offBoard = bytes.slice();
    // Cell 0 (a corner) cannot move up.
    offBoard[24 + machine.states * 16] = 1;
    expect(decodeMovePruning(offBoard, 3, 3, depth, legal)).toBeNull();
  });
});

describe('the files read for a machine are bounded', () => {
  it('every size from 2x2 to 5x5 has a machine file under MOVE_PRUNING_FILE_MAX_BYTES; the shipped sizes are their files', () => {
    for (let width = 2; width <= MAX_SIDE; width++) {
      for (let height = 2; height <= MAX_SIDE; height++) {
        const size = `${width}x${height}`;
        const bytes = SHIPPED_SIZES.includes(size)
          ? readFileSync(new URL(`../../data/${movePruningFileName(width, height)}`, import.meta.url)).length
          : encodeMovePruning(buildMovePruning(width, height), movePruningDepth(width * height)).length;
        expect(bytes, size).toBeLessThanOrEqual(MOVE_PRUNING_FILE_MAX_BYTES / 2);
      }
    }
  }, 60_000);
});
