/**
 * Batch calls (issue 12): `solver.solveMany` and the engines' batch functions
 * give the single calls' answers, on both engines. Flip and Pilots over every
 * one of the 65,536 boards: the batch's table walk against the Lights Out
 * solver's press count, each batch press set replayed (tests/oracles.js); four
 * in a line and the 8-puzzle on random boards, replayed; a bad board inside a
 * batch gets its own error and leaves the others alone.
 */
import { describe, expect, it } from 'vitest';
import { solverFromCore } from '../../src/api/solver.js';
import type { BoardError } from '../../src/api/types.js';
import { PuzzleInputError } from '../../src/api/boards.js';
import { engineNames, loadCore } from '../support/engines.js';
import { instantiatePuzzleWasm } from '../../src/engine/wasm/loader.js';
import { createSolverPool } from '../../src/pool/outside.js';
import { createWasmCore } from '../../src/engine/wasm/index.js';
import { createTwinCore } from '../../src/engine/twin/index.js';
import { reserveBatch, type BatchExports } from '../../src/engine/wasm/batch.js';
import { FLIP_GOALS, hasLine, replayFourLine, replayPresses, replaySliding, seededRandom, shuffle } from '../oracles.js';

type FlipKind = 'flip' | 'pilots';
const SET: Record<FlipKind, string> = { flip: 'b', pilots: '+' };
const CLEAR: Record<FlipKind, string> = { flip: 'w', pilots: '-' };

/** Board bits (bit 4 * row + column set for 'b' / '+') as the judge's four lines. */
function flipText(kind: FlipKind, board: number): string {
  const rows: string[] = [];
  for (let r = 0; r < 4; r++) {
    let row = '';
    for (let c = 0; c < 4; c++) row += (board >> (4 * r + c)) & 1 ? SET[kind] : CLEAR[kind];
    rows.push(row);
  }
  return rows.join('\n');
}

const ALL_BOARDS = Array.from({ length: 1 << 16 }, (_, board) => board);

function randomFourLine(random: () => number): string {
  return shuffle([...'BBBBBBBWWWWWWWOO'], random).join('');
}

function randomEight(random: () => number): string {
  return shuffle(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], random).join(' ');
}

describe.each(engineNames)('batch calls, %s engine', (name) => {
  for (const kind of ['flip', 'pilots'] as const) {
    it(`${kind}: the batch answers every one of the 65,536 boards with the Lights Out press count, each press set replayed to a goal`, async () => {
      const core = await loadCore(name);
      const solver = solverFromCore(core);
      const results = solver.solveMany(
        kind,
        ALL_BOARDS.map((board) => flipText(kind, board)),
      );
      expect(results).toHaveLength(ALL_BOARDS.length);
      let solved = 0;
      for (const board of ALL_BOARDS) {
        const single = kind === 'flip' ? solver.flip(flipText(kind, board)) : solver.pilots(flipText(kind, board));
        const batch = results[board];
        if (batch.status === 'error') throw new Error(`board ${board}: ${batch.reason}`);
        expect(batch.status).toBe(single.status);
        expect(batch.length).toBe(single.length);
        if (batch.status === 'solved') {
          solved++;
          expect(FLIP_GOALS[kind]).toContain(replayPresses(kind, board, batch.moves));
          // Each cell at most once, in ascending order, as the single call lists them.
          const cells = batch.moves.map(({ row, col }) => 4 * (row - 1) + col - 1);
          expect(cells).toEqual([...new Set(cells)].sort((a, b) => a - b));
        } else {
          expect(batch.reason).toBe(single.reason);
        }
      }
      // Every pilots board can be opened; flip's boards split between solvable and not.
      if (kind === 'pilots') expect(solved).toBe(65536);
      else expect(solved).toBeGreaterThan(0);
    }, 120_000);
  }

  it('flip and pilots: the core batch equals the core table walk board by board (nodes summed)', async () => {
    const core = await loadCore(name);
    for (const kind of ['flip', 'pilots'] as const) {
      core.flip.buildTable(kind);
      const batch = core.flip.solveBatch(kind, ALL_BOARDS);
      let nodes = 0;
      for (const board of ALL_BOARDS) {
        const single = core.flip.solve(kind, board);
        nodes += single.nodes;
        if (single.cells === null) {
          expect(batch.answers[board]).toBe(0);
          continue;
        }
        expect(batch.answers[board]).toBe(((single.cells.length + 1) << 16) | single.cells.reduce((set, cell) => set | (1 << cell), 0));
      }
      expect(batch.nodes).toBe(nodes);
    }
  }, 60_000);

  it('flip and pilots: answers written into a reused, dirty, longer array equal a fresh batch; a short one is refused', async () => {
    const core = await loadCore(name);
    const random = seededRandom(1205);
    // Unsorted, with repeats, a count that is no multiple of anything.
    const boards = Array.from({ length: 1001 }, () => Math.floor(random() * 65536));
    const into = new Uint32Array(1500).fill(0xdeadbeef);
    for (const kind of ['flip', 'pilots'] as const) {
      const fresh = core.flip.solveBatch(kind, boards);
      const reused = core.flip.solveBatch(kind, boards, into);
      expect(reused.answers).toBe(into);
      expect(Array.from(into.subarray(0, boards.length))).toEqual(Array.from(fresh.answers));
      expect(into[boards.length]).toBe(0xdeadbeef);
      expect(reused.nodes).toBe(fresh.nodes);
      expect(() => core.flip.solveBatch(kind, boards, new Uint32Array(1000))).toThrow(/1001 boards needs a Uint32Array of at least 1001/);
    }
  });

  it('flip and pilots: a batch on a fresh engine builds the table first and counts it; a rebuilt table answers the same', async () => {
    const core = name === 'wasm' ? await createWasmCore() : createTwinCore();
    const first = core.flip.solveBatch('pilots', ALL_BOARDS);
    const expanded = core.flip.buildTable('pilots');
    expect(expanded).toBe(65536);
    const again = core.flip.solveBatch('pilots', ALL_BOARDS);
    // Pilots' presses are independent: the board at distance d has d presses, C(16, d) such boards.
    let walks = 0;
    for (let d = 0, boardsAt = 1; d <= 16; boardsAt = (boardsAt * (16 - d)) / (d + 1), d++) walks += d * boardsAt;
    expect(again.nodes).toBe(walks);
    expect(first.nodes).toBe(expanded + walks);
    expect(again.answers).toEqual(first.answers);
  });

  it("fourLine: 1,000 random boards batched give the single calls' moves and nodes, replayed to a line", async () => {
    const solver = solverFromCore(await loadCore(name));
    const random = seededRandom(1204);
    const boards = Array.from({ length: 1000 }, () => randomFourLine(random));
    const grids = boards.map((board) => board.match(/..../g)!.join('\n'));
    const results = solver.solveMany('fourLine', grids);
    results.forEach((batch, i) => {
      const single = solver.fourLine(grids[i]);
      if (batch.status === 'error') throw new Error(batch.reason);
      expect({ ...batch, stats: { ...batch.stats, ms: 0 } }).toEqual({ ...single, stats: { ...single.stats, ms: 0 } });
      if (batch.status === 'solved') expect(hasLine(replayFourLine(boards[i], batch.moves))).toBe(true);
    });
  }, 60_000);

  it("sliding: 200 random 8-puzzles batched give the single calls' paths and nodes, replayed to the goal", async () => {
    const solver = solverFromCore(await loadCore(name));
    const random = seededRandom(77);
    const boards = Array.from({ length: 200 }, () => randomEight(random));
    for (const algorithm of ['idastar', 'bibfs', 'astar', 'bfs'] as const) {
      const results = solver.solveMany('sliding', boards, { algorithm });
      results.forEach((batch, i) => {
        const single = solver.sliding(boards[i], { algorithm });
        if (batch.status === 'error') throw new Error(batch.reason);
        expect(batch.status).toBe(single.status);
        expect(batch.moves).toEqual(single.moves);
        expect(batch.stats.nodes).toBe(single.stats.nodes);
        if (batch.status === 'solved') {
          const tiles = boards[i].split(' ').map((t) => (t === 'x' ? 0 : Number(t)));
          expect(replaySliding(tiles, 3, batch.path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
        }
      });
    }
  }, 60_000);

  it('a bad board inside a batch gets its own error result; the others are solved as alone', async () => {
    const solver = solverFromCore(await loadCore(name));
    const good = flipText('flip', 0x1234);
    const bad = 'bwwb\nbqwb\nbwwb\nbwww';
    const results = solver.solveMany('flip', [good, bad, good, 42 as unknown as string]);
    expect(results[0]).toEqual({ ...results[2], stats: results[0].status === 'error' ? undefined : results[0].stats });
    expect(results[0].status).not.toBe('error');
    let message = '';
    try {
      solver.flip(bad);
    } catch (error) {
      expect(error).toBeInstanceOf(PuzzleInputError);
      message = (error as Error).message;
    }
    expect(results[1]).toEqual({ status: 'error', reason: message } satisfies BoardError);
    expect(results[3].status).toBe('error');
    const four = solver.solveMany('fourLine', ['BWBW\nWBWB\nBWBW\nWBOO', 'BWBW', 'BWBW\nWBWB\nBWBW\nWBOO']);
    expect(four.map((result) => result.status)).toEqual(['solved', 'error', 'solved']);
    const eight = solver.solveMany('sliding', ['1 2 3 4 5 6 7 x 8', '1 2 3 4 5 6 7 8 8', '2 1 3 4 5 6 7 8 x']);
    expect(eight.map((result) => result.status)).toEqual(['solved', 'error', 'unsolvable']);
    expect(solver.solveMany('lightsOut', ['#.\n.#', '#2'])[1].status).toBe('error');
  });

  it('refuses a batch that is not an array, and an unknown family, as a whole', async () => {
    const solver = solverFromCore(await loadCore(name));
    expect(() => solver.solveMany('flip', 'bwbw' as unknown as string[])).toThrow(PuzzleInputError);
    expect(() => solver.solveMany('chess' as 'flip', [])).toThrow(PuzzleInputError);
    expect(solver.solveMany('pilots', [])).toEqual([]);
  });
});

describe('pool.solveBatch', () => {
  it('answers a chunk in one worker as solver.solveMany does, bad boards included', async () => {
    const pool = await createSolverPool({ workers: 2, engine: 'wasm' });
    try {
      const solver = solverFromCore(await loadCore('wasm'));
      const boards = ['2 3 4 1 5 x 7 6 8', '1 2 3 4 5 6 7 8 8', '2 1 3 4 5 6 7 8 x', '1 2 3 4 5 6 x 7 8'];
      const chunk = await pool.solveMany('sliding', boards, { algorithm: 'bibfs' });
      const here = solver.solveMany('sliding', boards, { algorithm: 'bibfs' });
      const withoutMs = (results: typeof here) =>
        results.map((result) => (result.status === 'error' ? result : { ...result, stats: { ...result.stats, ms: 0 } }));
      expect(withoutMs(chunk)).toEqual(withoutMs(here));
      expect(chunk.map((result) => result.status)).toEqual(['solved', 'error', 'unsolvable', 'solved']);
    } finally {
      await pool.terminate();
    }
  });
});

describe('the wasm batch buffer', () => {
  it('memory grown outside the heap before the allocator first runs stays out of its hands (a Lights Out region, then heap tables)', async () => {
    // Once, a fresh instance's first call growing memory (Lights Out here) left
    // those pages to the allocator started later, which handed them out again:
    // four in a line then answered 1 instead of 5.
    const solver = solverFromCore(await createWasmCore());
    const small = ['#.#.#', '.##..', '#...#', '..##.', '#.#.#'];
    const first = solver.lightsOut(small);
    for (let i = 0; i < 3; i++) expect(solver.fourLine('BWBO\nWBWB\nBWBW\nWBWO').length).toBe(5);
    expect(solver.sliding('2 3 4 1 5 x 7 6 8', { algorithm: 'bfs' }).length).toBe(19);
    expect(solver.lightsOut(small)).toEqual({ ...first, stats: expect.anything() });
    const big = Array.from({ length: 60 }, (_, r) => Array.from({ length: 60 }, (_, c) => ((r * 7 + c * 3) % 5 === 0 ? '#' : '.')).join(''));
    expect(solver.lightsOut(big).status).toBe('solved');
    expect(solver.fourLine('BWBO\nWBWB\nBWBW\nWBWO').length).toBe(5);
    expect(solver.sliding('2 3 4 1 5 x 7 6 8', { algorithm: 'bibfs' }).length).toBe(19);
    expect(solver.solveMany('pilots', ['-+--\n----\n----\n-+--'])[0]).toMatchObject({ status: 'solved', length: 6 });
  });

  it('is sized through an export that says no: a batch too large is a RangeError naming the bytes, and the instance lives on', async () => {
    const exports = await instantiatePuzzleWasm<BatchExports>();
    expect(() => reserveBatch(exports, 3e9, '750,000,000 boards')).toThrow(/batch of 750,000,000 boards: it needs a buffer of 3000000000 bytes \(memory holds/);
    const at = reserveBatch(exports, 4096, '1,024 boards');
    expect(at).toBeGreaterThan(0);
    // Reused while large enough; a larger one grows memory (views taken before are then detached).
    expect(reserveBatch(exports, 1024, '256 boards')).toBe(at);
    const before = exports.memory.buffer;
    const grown = reserveBatch(exports, 1 << 20, '262,144 boards');
    expect(grown).toBeGreaterThanOrEqual(at + 4096);
    expect(before.byteLength).toBe(0);
    expect(exports.memory.buffer.byteLength).toBeGreaterThanOrEqual(grown + (1 << 20));
  });
});

describe('batch calls, engines agree', () => {
  it('on four-in-a-line, flip and 8-puzzle batch answers and node counts', async () => {
    const [wasm, ts] = await Promise.all(engineNames.map(loadCore));
    const random = seededRandom(9);
    const boards = Array.from({ length: 300 }, () => Uint8Array.from(randomFourLine(random), (ch) => (ch === 'B' ? 1 : ch === 'W' ? 2 : 0)));
    expect(wasm.fourLine.solveBatch(boards)).toEqual(ts.fourLine.solveBatch(boards));
    const goal = { width: 3, height: 3, tiles: Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 0]) };
    const starts = Array.from({ length: 100 }, () => ({ width: 3, height: 3, tiles: Uint8Array.from(shuffle([1, 2, 3, 4, 5, 6, 7, 8, 0], random)) }));
    for (const algorithm of ['bfs', 'bibfs', 'astar'] as const) {
      const batch = wasm.sliding.solveExhaustiveBatch(starts, goal, algorithm);
      expect(ts.sliding.solveExhaustiveBatch(starts, goal, algorithm)).toEqual(batch);
      expect(batch.filter((answer) => answer === null).length).toBeGreaterThan(20);
      batch.forEach((answer, i) =>
        expect(answer).toEqual(wasm.sliding.solvable(starts[i], goal) ? wasm.sliding.solveExhaustive(starts[i], goal, algorithm) : null),
      );
    }
    const flip = wasm.flip.solveBatch('flip', ALL_BOARDS);
    expect(ts.flip.solveBatch('flip', ALL_BOARDS)).toEqual(flip);
  });
});
