/**
 * Lights Out on both engines, held to oracles written here from the rules:
 * brute force over every press set for small boards, replays of every returned
 * press set, an independent GF(2) rank routine and Sutner's polynomial formula
 * for the kernel dimensions of the n x n cross, and bad input.
 */
import { describe, expect, it } from 'vitest';
import type { LightsOutCore, LightsOutProblem } from '../../src/engine/contract.js';
import { PuzzleInputError } from '../../src/api/boards.js';
import {
  lightsOutProblem,
  parseLightsOutBoard,
  pressGrid,
  pressGridText,
  pressGridTextOn,
  solveLightsOut,
  type LightsOutOptions,
  type LightsOutResult,
} from '../../src/api/lightsOut.js';
import { readLightsOutBoard, type LightsOutBoard } from '../../src/api/lightsOutBoard.js';
import { createSolver } from '../../src/api/solver.js';
import type { Solver } from '../../src/api/types.js';
import { engineNames, loadCore, type EngineName } from '../support/engines.js';
import {
  lightsOutFewest,
  lightsOutLightest,
  lightsOutReach,
  lightsOutStencils,
  pressMask,
  readLightsOutText,
  replayLightsOut,
  seededRandom as mulberry32,
} from '../oracles.js';
import fc from 'fast-check';
import { blockFramer, splitCases } from '../../src/cli/cases.js';

// ------------------------------------------------------------ oracles

/** The press grid written here from the list: a character a cell, its count in base 36. */
function pressGridOf(result: LightsOutResult, m: number, n: number): string[] {
  const counts = Array.from({ length: m }, () => new Array<number>(n).fill(0));
  for (const press of result.presses) counts[press.row - 1]![press.col - 1] = press.count ?? 1;
  return counts.map((row) => row.map((count) => count.toString(36)).join(''));
}

type Stencil = Array<[number, number]>;
const stencils = lightsOutStencils;
const reach = lightsOutReach;
const fewestTable = lightsOutFewest;

/** Applies `result`'s presses to `board` (values mod k), straight from the rules. */
function replay(board: ArrayLike<number>, result: LightsOutResult, stencil: Stencil, m: number, n: number, torus: boolean, k: number): number[] {
  return replayLightsOut(board, result.presses, stencil, m, n, torus, k);
}

function bitsToRows(bits: number, m: number, n: number): string[] {
  return Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => ((bits >>> (r * n + c)) & 1 ? '1' : '0')).join(''));
}

/** Collects at most a few failures so that a broken engine gives a readable report. */
function collector(): { add(message: string): void; list: string[] } {
  const list: string[] = [];
  return { list, add: (message) => void (list.length < 10 && list.push(message)) };
}

/** What is wrong with a GF(2) answer against the table (null if nothing); the goal is all 0. */
function problemWith(result: LightsOutResult, bits: number, fewest: Int8Array, stencil: Stencil, m: number, n: number, torus: boolean): string | null {
  const best = fewest[bits];
  if (best < 0) return result.solvable ? `impossible, yet got ${result.length} presses` : null;
  if (!result.solvable) return `needs ${best} presses, yet unsolvable`;
  if (result.length !== best || result.presses.length !== best) return `needs ${best} presses, got ${result.length}`;
  if (!result.minimal) return 'not marked minimal';
  const end = replay(bitsToRows(bits, m, n).join('').split('').map(Number), result, stencil, m, n, torus, 2);
  return end.every((v) => v === 0) ? null : `presses replay to ${end.join('')}`;
}

// Rank over GF(2) of the n x n plane cross's press matrix, rows as bigints: independent of the engines.
function crossRank(n: number): number {
  const rows: bigint[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let row = 0n;
      for (const cell of reach(stencils.cross(n, n), n, n, false, r, c)) row |= 1n << BigInt(cell);
      rows.push(row);
    }
  }
  let rank = 0;
  for (let bit = 0; bit < n * n; bit++) {
    const mask = 1n << BigInt(bit);
    const pivot = rows.findIndex((row, i) => i >= rank && (row & mask) !== 0n);
    if (pivot < 0) continue;
    [rows[rank], rows[pivot]] = [rows[pivot], rows[rank]];
    for (let i = rank + 1; i < rows.length; i++) if (rows[i] & mask) rows[i] ^= rows[rank];
    rank++;
  }
  return rank;
}

// Sutner: the n x n cross kernel has dimension deg gcd(U_n(x), U_n(x + 1)) over GF(2),
// U_0 = 1, U_1 = x, U_{k+1} = x U_k + U_{k-1}. Polynomials as bigints (bit i = x^i).
function degree(p: bigint): number {
  return p === 0n ? -1 : p.toString(2).length - 1;
}
function polyMod(a: bigint, b: bigint): bigint {
  const db = degree(b);
  for (let da = degree(a); da >= db; da = degree(a)) a ^= b << BigInt(da - db);
  return a;
}
function polyMulXPlus1(p: bigint): bigint {
  return (p << 1n) ^ p;
}
function kernelDimensionFormula(n: number): number {
  let previous = 1n;
  let current = 2n; // x
  let shiftedPrevious = 1n;
  let shiftedCurrent = 3n; // x + 1
  for (let k = 1; k < n; k++) {
    [previous, current] = [current, (current << 1n) ^ previous];
    [shiftedPrevious, shiftedCurrent] = [shiftedCurrent, polyMulXPlus1(shiftedCurrent) ^ shiftedPrevious];
  }
  let a = current;
  let b = shiftedCurrent;
  while (b !== 0n) [a, b] = [b, polyMod(a, b)];
  return degree(a);
}

// ------------------------------------------------------------ engine tests

describe.each(engineNames)('lights out on %s', (name: EngineName) => {
  const core = async (): Promise<LightsOutCore> => (await loadCore(name)).lightsOut;
  const solve = async (board: Parameters<typeof solveLightsOut>[1], options?: LightsOutOptions) => solveLightsOut(await core(), board, options);

  it('every 4x4 board: cross to all 0 or all 1 (Flip Game) and rowcol to all 0 (Pilots), against all 2^16 press sets', async () => {
    const engine = await core();
    for (const [pattern, goals] of [
      ['cross', [0, 0xffff]],
      ['rowcol', [0]],
    ] as const) {
      const fewest = fewestTable(stencils[pattern](4, 4), 4, 4, false);
      const failures = collector();
      let solvable = 0;
      let longest = 0;
      for (let bits = 0; bits < 1 << 16; bits++) {
        const result = solveLightsOut(engine, bitsToRows(bits, 4, 4), { pattern, targets: goals.map((g) => (g ? 1 : 0)) });
        let best = -1;
        for (const goal of goals) {
          const f = fewest[bits ^ goal];
          if (f >= 0 && (best < 0 || f < best)) best = f;
        }
        if (best < 0) {
          if (result.solvable) failures.add(`${bits}: impossible, yet solved`);
          continue;
        }
        solvable++;
        longest = Math.max(longest, best);
        if (result.length !== best) failures.add(`${bits}: needs ${best}, got ${result.length}`);
        const end = result.presses.reduce((b, { row, col }) => b ^ pressMask(pattern === 'cross' ? 'flip' : 'pilots', row - 1, col - 1), bits);
        if (!goals.includes(end as 0)) failures.add(`${bits}: replays to ${end}`);
      }
      expect(failures.list).toEqual([]);
      expect([solvable, longest]).toEqual(pattern === 'cross' ? [4096, 6] : [65536, 16]);
    }
  });

  it('every board up to 14 cells, sampled boards up to 20 cells: fewest presses for cross on plane and torus', async () => {
    const engine = await core();
    const random = mulberry32(20);
    const failures = collector();
    let checked = 0;
    for (let cells = 1; cells <= 20; cells++) {
      for (let m = 1; m <= cells; m++) {
        if (cells % m !== 0) continue;
        const n = cells / m;
        for (const torus of [false, true]) {
          const stencil = stencils.cross(m, n);
          const fewest = fewestTable(stencil, m, n, torus);
          const boards = cells <= 14 ? Array.from({ length: 2 ** cells }, (_, i) => i) : Array.from({ length: 200 }, () => Math.floor(random() * 2 ** cells));
          // Half the sampled boards are made solvable on purpose: most random ones are not.
          if (cells > 14) {
            for (let i = 0; i < boards.length; i += 2) {
              let bits = 0;
              for (let cell = 0; cell < cells; cell++) {
                if (random() < 0.5) for (const hit of reach(stencil, m, n, torus, Math.floor(cell / n), cell % n)) bits ^= 1 << hit;
              }
              boards[i] = bits >>> 0;
            }
          }
          for (const bits of boards) {
            const result = solveLightsOut(engine, bitsToRows(bits, m, n), { torus });
            const wrong = problemWith(result, bits, fewest, stencil, m, n, torus);
            if (wrong) failures.add(`${m}x${n}${torus ? ' torus' : ''} ${bitsToRows(bits, m, n).join('/')}: ${wrong}`);
            checked++;
          }
        }
      }
    }
    expect(failures.list).toEqual([]);
    expect(checked).toBeGreaterThan(200000);
  });

  it('every board up to 4x3 for x, plus-only, rowcol and two stencils, plane and torus', async () => {
    const engine = await core();
    const knight: Stencil = [
      [0, 0],
      [-2, -1],
      [-2, 1],
      [-1, -2],
      [-1, 2],
      [1, -2],
      [1, 2],
      [2, -1],
      [2, 1],
    ];
    const knightGrid = ['.#.#.', '#...#', '..X..', '#...#', '.#.#.'];
    // Reaches two rows up through one cell straight above: chased with 2 unknown rows.
    const tall: Stencil = [
      [-2, 0],
      [0, -1],
      [0, 0],
      [0, 1],
      [1, 0],
    ];
    const tallGrid = '.#./.../#X#/.#.';
    expect(lightsOutProblem('000\n000\n000', { pattern: tallGrid }).chaseRows).toBe(2);
    const failures = collector();
    for (const [label, pattern, make] of [
      ['x', 'x', stencils.x],
      ['plus-only', 'plus-only', stencils['plus-only']],
      ['rowcol', 'rowcol', stencils.rowcol],
      ['knight stencil', knightGrid, () => knight],
      ['tall stencil', tallGrid, () => tall],
    ] as const) {
      for (let m = 1; m <= 4; m++) {
        for (let n = 1; n <= 3; n++) {
          for (const torus of [false, true]) {
            const stencil = make(m, n);
            const fewest = fewestTable(stencil, m, n, torus);
            for (let bits = 0; bits < 2 ** (m * n); bits++) {
              const result = solveLightsOut(engine, bitsToRows(bits, m, n), { pattern, torus });
              const wrong = problemWith(result, bits, fewest, stencil, m, n, torus);
              if (wrong) failures.add(`${label} ${m}x${n}${torus ? ' torus' : ''} ${bitsToRows(bits, m, n).join('/')}: ${wrong}`);
            }
          }
        }
      }
    }
    expect(failures.list).toEqual([]);
  });

  it('k = 3 and 5: fewest total presses on small boards against every press vector', async () => {
    const engine = await core();
    const failures = collector();
    for (const [m, n, k, torus, pattern] of [
      [3, 3, 3, false, 'cross'],
      [3, 3, 3, true, 'cross'],
      [2, 3, 3, true, 'cross'],
      [2, 4, 3, false, 'x'],
      [2, 2, 5, false, 'cross'],
      [2, 3, 5, true, 'plus-only'],
    ] as const) {
      const cells = m * n;
      const stencil = stencils[pattern](m, n);
      const vectors = k ** cells;
      // fewest[board as base-k number] over all press vectors.
      const fewest = new Int16Array(vectors).fill(-1);
      const effect = new Array<number>(cells);
      for (let v = 0; v < vectors; v++) {
        effect.fill(0);
        let cost = 0;
        for (let cell = 0, rest = v; cell < cells; cell++, rest = Math.floor(rest / k)) {
          const times = rest % k;
          cost += times;
          for (const hit of reach(stencil, m, n, torus, Math.floor(cell / n), cell % n)) effect[hit] = (effect[hit] + times) % k;
        }
        // Board b reaches 0 with these presses when b + effect = 0.
        let board = 0;
        for (let cell = cells - 1; cell >= 0; cell--) board = board * k + ((k - effect[cell]) % k);
        if (fewest[board] < 0 || cost < fewest[board]) fewest[board] = cost;
      }
      for (let b = 0; b < vectors; b++) {
        const values: number[] = [];
        for (let cell = 0, rest = b; cell < cells; cell++, rest = Math.floor(rest / k)) values.push(rest % k);
        const rows = Array.from({ length: m }, (_, r) => values.slice(r * n, r * n + n));
        const result = solveLightsOut(engine, rows, { colors: k, torus, pattern });
        const where = `k=${k} ${pattern} ${m}x${n}${torus ? ' torus' : ''} board ${values.join('')}`;
        if (fewest[b] < 0) {
          if (result.solvable) failures.add(`${where}: impossible, yet solved`);
          continue;
        }
        if (result.length !== fewest[b]) failures.add(`${where}: needs ${fewest[b]}, got ${result.length}`);
        if (replay(values, result, stencil, m, n, torus, k).some((v) => v !== 0)) failures.add(`${where}: replay misses`);
      }
    }
    expect(failures.list).toEqual([]);
  });

  it('random boards up to 30x30, every pattern, k = 2, 3, 5, random targets: the presses reach the target', async () => {
    const engine = await core();
    const random = mulberry32(9);
    const failures = collector();
    const patterns = ['cross', 'rowcol', 'x', 'plus-only'] as const;
    for (let round = 0; round < 60; round++) {
      const k = [2, 3, 5][round % 3];
      const pattern = patterns[Math.floor(round / 3) % 4];
      const torus = round % 2 === 1;
      // Elimination over GF(p) is cubic: keep those boards smaller.
      const chase = !torus && (pattern === 'cross' || pattern === 'plus-only');
      const side = k === 2 || chase ? 30 : 12;
      const m = 1 + Math.floor(random() * side);
      const n = 1 + Math.floor(random() * side);
      const stencil = stencils[pattern](m, n);
      const target = Array.from({ length: m * n }, () => Math.floor(random() * k));
      // A board that reaches the target: the target minus the effect of random presses.
      const board = [...target];
      let pressed = 0;
      for (let cell = 0; cell < m * n; cell++) {
        const times = Math.floor(random() * k);
        pressed += times;
        for (const hit of reach(stencil, m, n, torus, Math.floor(cell / n), cell % n)) board[hit] = (board[hit] - times + k * k) % k;
      }
      const rows = (values: number[]) => Array.from({ length: m }, (_, r) => values.slice(r * n, r * n + n));
      const result = solveLightsOut(engine, rows(board), { pattern, torus, colors: k, target: rows(target) });
      const where = `round ${round}: k=${k} ${pattern} ${m}x${n}${torus ? ' torus' : ''}`;
      if (!result.solvable) {
        failures.add(`${where}: said unsolvable`);
        continue;
      }
      const end = replay(board, result, stencil, m, n, torus, k);
      if (end.some((v, i) => v !== target[i])) failures.add(`${where}: presses miss the target`);
      if (result.minimal && result.length! > pressed) failures.add(`${where}: ${result.length} presses, random presses took ${pressed}`);
      if (k > 2 && result.presses.some((p) => !(p.count! >= 1 && p.count! < k))) failures.add(`${where}: bad counts`);
    }
    expect(failures.list).toEqual([]);
  });

  it('fewest presses on rectangular plane boards up to 160 cells, cross and plus-only, k = 2, 3, 5, against elimination over every cell', async () => {
    // The plane cross and plus-only systems are built by recurrence (see the
    // engines' buildByRecurrence): held here to an oracle that eliminates the
    // whole press matrix and walks the whole coset.
    const engine = await core();
    const random = mulberry32(160);
    const failures = collector();
    let compared = 0;
    for (let round = 0; round < 90; round++) {
      const k = [2, 3, 5][round % 3];
      const pattern = round % 2 === 0 ? 'cross' : 'plus-only';
      const n = 1 + Math.floor(random() * 16);
      const m = 1 + Math.floor(random() * Math.min(16, Math.floor(160 / n)));
      const stencil = stencils[pattern](m, n);
      const target = Array.from({ length: m * n }, () => (round % 4 < 2 ? 0 : Math.floor(random() * k)));
      // Three rounds in four reach the target on purpose: most random boards do not.
      const board = Array.from({ length: m * n }, () => Math.floor(random() * k));
      if (round % 4 !== 3) {
        board.splice(0, board.length, ...target);
        for (let cell = 0; cell < m * n; cell++) {
          const times = Math.floor(random() * k);
          for (const hit of reach(stencil, m, n, false, Math.floor(cell / n), cell % n)) board[hit] = (board[hit] - times + k) % k;
        }
      }
      const oracle = lightsOutLightest(stencil, m, n, false, k, board, target);
      if (oracle === null) continue;
      compared++;
      const rows = (values: number[]) => Array.from({ length: m }, (_, r) => values.slice(r * n, r * n + n));
      const result = solveLightsOut(engine, rows(board), { pattern, colors: k, target: rows(target), maxKernel: 1 << 16 });
      const where = `round ${round}: k=${k} ${pattern} ${m}x${n} board ${board.join('')}`;
      if (oracle.fewest < 0) {
        if (result.solvable) failures.add(`${where}: impossible, yet solved`);
        continue;
      }
      if (!result.solvable || result.length !== oracle.fewest) failures.add(`${where}: needs ${oracle.fewest}, got ${result.length}`);
      else if (replay(board, result, stencil, m, n, false, k).some((v, i) => v !== target[i])) failures.add(`${where}: presses miss the target`);
      if (result.kernelDimension !== oracle.dimension) failures.add(`${where}: kernel dimension ${result.kernelDimension}, oracle ${oracle.dimension}`);
    }
    expect(failures.list).toEqual([]);
    expect(compared).toBeGreaterThan(70);
  });

  it('kernel dimensions of the n x n plane cross, n = 1..60 (OEIS A159257)', async () => {
    const engine = await core();
    const published: Record<number, number> = { 4: 4, 5: 2, 9: 8, 16: 8, 19: 16 };
    for (let n = 1; n <= 60; n++) {
      const result = solveLightsOut(
        engine,
        Array.from({ length: n }, () => '0'.repeat(n)),
        { maxKernel: 1 },
      );
      const formula = kernelDimensionFormula(n);
      expect(result.kernelDimension, `n = ${n}`).toBe(formula);
      if (n <= 14) expect(n * n - crossRank(n), `n = ${n} by rank`).toBe(formula);
      if (n in published) expect(result.kernelDimension).toBe(published[n]);
      expect(result.solutions).toBe(2n ** BigInt(formula));
    }
  });

  it('a kernel beyond the budget: the best found, minimal false; within it, minimal true', async () => {
    // 19x19 all on: kernel dimension 16, 65,536 candidates.
    const board = Array.from({ length: 19 }, () => '1'.repeat(19));
    const full = await solve(board);
    expect(full).toMatchObject({ solvable: true, kernelDimension: 16, minimal: true, stats: { nodes: 65536 } });
    const partial = await solve(board, { maxKernel: 1000 });
    expect(partial).toMatchObject({ solvable: true, kernelDimension: 16, minimal: false, stats: { nodes: 1000 } });
    expect(partial.length!).toBeGreaterThanOrEqual(full.length!);
    for (const result of [full, partial]) {
      expect(replay(board.join('').split('').map(Number), result, stencils.cross(19, 19), 19, 19, false, 2).every((v) => v === 0)).toBe(true);
    }
  });

  it('solves a random solvable 1000x1000 plane cross', async () => {
    const random = mulberry32(1000);
    const size = 1000;
    const board = new Uint8Array(size * size);
    for (let cell = 0; cell < board.length; cell++) {
      if (random() < 0.5) for (const hit of reach(stencils.cross(size, size), size, size, false, Math.floor(cell / size), cell % size)) board[hit] ^= 1;
    }
    const rows = Array.from({ length: size }, (_, r) => Array.from(board.subarray(r * size, r * size + size)).join(''));
    const result = await solve(rows);
    expect(result.solvable).toBe(true);
    expect(result.kernelDimension).toBe(kernelDimensionFormula(size));
    expect(replay(board, result, stencils.cross(size, size), size, size, false, 2).every((v) => v === 0)).toBe(true);
  });

  it.each([
    ['rowcol', 64, 64, true, 2],
    ['x', 64, 64, false, 2], // kernel dimension 28: a partial coset walk
    ['cross', 100, 100, false, 3],
    ['plus-only', 20, 20, true, 5],
    ['cross', 64, 64, true, 3], // chased round the torus: 128 unknowns
    ['cross', 400, 300, true, 2],
  ] as const)('large boards: %s %ix%i (torus %s), k = %i', async (pattern, m, n, torus, k) => {
    const random = mulberry32(m * 1000 + k);
    const stencil = stencils[pattern](m, n);
    const board = new Array<number>(m * n).fill(0);
    for (let cell = 0; cell < m * n; cell++) {
      const times = Math.floor(random() * k);
      for (const hit of reach(stencil, m, n, torus, Math.floor(cell / n), cell % n)) board[hit] = (board[hit] + times) % k;
    }
    const rows = Array.from({ length: m }, (_, r) => board.slice(r * n, r * n + n));
    const result = await solve(rows, { pattern, torus, colors: k, maxKernel: 4096 });
    expect(result.solvable).toBe(true);
    expect(result.minimal).toBe(k ** result.kernelDimension <= 4096);
    expect(replay(board, result, stencil, m, n, torus, k).every((v) => v === 0)).toBe(true);
  });

  it('handles presses that toggle nothing on the board', async () => {
    // 1x1 plus-only: a press reaches only off-board cells, so it is a kernel vector of its own.
    expect(await solve('0', { pattern: 'plus-only' })).toMatchObject({ solvable: true, length: 0, kernelDimension: 1, solutions: 2n });
    expect(await solve('1', { pattern: 'plus-only' })).toMatchObject({ solvable: false, kernelDimension: 1, solutions: 0n });
    // A stencil whose only toggled cell is five columns away, on a 1x3 board.
    expect(await solve('000', { pattern: '#....O' })).toMatchObject({ solvable: true, length: 0, kernelDimension: 3, solutions: 8n });
    // 1x1 torus: the whole cross wraps onto the one cell, toggled once.
    expect(await solve('1', { torus: true })).toMatchObject({ solvable: true, length: 1, kernelDimension: 0 });
  });

  it('says Impossible when no target is reachable', async () => {
    const none = await solve(['10', '00'], { pattern: 'x' });
    expect(none).toMatchObject({ solvable: false, length: null, presses: [], reason: expect.stringMatching(/^Impossible/) });
  });
});

describe('the two engines agree', () => {
  const bothEngines = () => Promise.all(engineNames.map(async (name) => (await loadCore(name)).lightsOut));
  /** The answer without its timings, which differ from run to run. */
  const strip = (r: LightsOutResult) => ({ ...r, stats: { nodes: r.stats.nodes } });

  it('identical presses, kernel dimension and nodes on random boards', async () => {
    const [wasm, ts] = await bothEngines();
    const random = mulberry32(77);
    for (let round = 0; round < 80; round++) {
      const k = [2, 3, 5, 2][round % 4];
      const pattern = (['cross', 'rowcol', 'x', 'plus-only'] as const)[Math.floor(round / 4) % 4];
      const torus = round % 3 === 0;
      const m = 1 + Math.floor(random() * 12);
      const n = 1 + Math.floor(random() * 12);
      const rows = Array.from({ length: m }, () => Array.from({ length: n }, () => Math.floor(random() * k)));
      const options: LightsOutOptions = { pattern, torus, colors: k, targets: [0, k - 1], maxKernel: 4096 };
      expect(strip(solveLightsOut(wasm, rows, options)), `round ${round}`).toEqual(strip(solveLightsOut(ts, rows, options)));
    }
  });

  it('identical on GF(2) systems of 256 unknowns and more, which the wasm engine eliminates eight columns at a time', async () => {
    const [wasm, ts] = await bothEngines();
    const random = mulberry32(2026);
    // Elimination over every cell (x, rowcol: 256 to 400 unknowns), and
    // chasing with 256 to 330 unknowns (plane boards that wide, or tori half
    // as wide); several with kernels. Each board is made by random presses,
    // so that target 0 is reachable and the coset walk runs.
    const shapes: Array<[number, number, 'cross' | 'plus-only' | 'x' | 'rowcol', boolean]> = [
      [16, 16, 'x', false],
      [17, 19, 'x', true],
      [20, 20, 'rowcol', false],
      [6, 130, 'cross', true],
      [8, 128, 'plus-only', true],
      [3, 256, 'cross', false],
      [4, 299, 'cross', false],
      [11, 257, 'plus-only', false],
    ];
    let kernels = 0;
    for (const [m, n, pattern, torus] of shapes) {
      for (let round = 0; round < 2; round++) {
        const presses = Array.from({ length: (m * n) >> 2 }, () => ({ row: 1 + Math.floor(random() * m), col: 1 + Math.floor(random() * n) }));
        const board = replayLightsOut(new Array<number>(m * n).fill(0), presses, stencils[pattern](), m, n, torus, 2);
        const rows = Array.from({ length: m }, (_, r) => board.slice(r * n, (r + 1) * n));
        const options: LightsOutOptions = { pattern, torus, targets: [1, 0], maxKernel: 256 };
        const expected = solveLightsOut(ts, rows, options);
        expect(expected.solvable).toBe(true);
        expect(strip(solveLightsOut(wasm, rows, options)), `${m}x${n} ${pattern}${torus ? ' torus' : ''} round ${round}`).toEqual(strip(expected));
        if (expected.kernelDimension > 0) kernels++;
      }
    }
    // Kernels (free columns inside blocks, and walks over them) were met.
    expect(kernels).toBeGreaterThanOrEqual(8);
  });

  it('identical on GF(p) boards whose rows end mid-lane, which the wasm engine combines sixteen bytes at a time, p = 3 to 251, and right by elimination over every cell', async () => {
    const [wasm, ts] = await bothEngines();
    const random = mulberry32(1613);
    // Affine vectors (unknowns + 1 target) and board rows of 17 to 56 bytes,
    // none a multiple of 16: chased plane rows (cross 5x29 and 4x39,
    // plus-only 3x37), a chased torus (6x22: 44 unknowns, rows wrapping) and
    // elimination over every cell (x 5x11, x torus 4x7). Most have kernels
    // for every p here (see the counts below). p = 17 and 251 look products
    // up in more than one 16-byte piece of the table.
    const shapes: Array<[number, number, 'cross' | 'plus-only' | 'x', boolean]> = [
      [5, 29, 'cross', false],
      [4, 39, 'cross', false],
      [3, 37, 'plus-only', false],
      [6, 22, 'cross', true],
      [5, 11, 'x', false],
      [4, 7, 'x', true],
    ];
    const failures = collector();
    let unsolvable = 0;
    let severalSolutions = 0;
    for (const k of [3, 5, 7, 13, 17, 251]) {
      for (const [m, n, pattern, torus] of shapes) {
        const stencil = stencils[pattern]();
        // A random board (often out of reach when there is a kernel), then one made by random presses.
        for (const pressed of [false, true]) {
          const board = pressed
            ? replayLightsOut(
                new Array<number>(m * n).fill(0),
                Array.from({ length: m * n }, (_, cell) => ({ row: 1 + Math.floor(cell / n), col: 1 + (cell % n), count: Math.floor(random() * k) })),
                stencil,
                m,
                n,
                torus,
                k,
              )
            : Array.from({ length: m * n }, () => Math.floor(random() * k));
          const rows = Array.from({ length: m }, (_, r) => board.slice(r * n, (r + 1) * n));
          const options: LightsOutOptions = { pattern, torus, colors: k, maxKernel: 4096 };
          const where = `k=${k} ${pattern} ${m}x${n}${torus ? ' torus' : ''} ${pressed ? 'pressed' : 'random'}`;
          const result = solveLightsOut(wasm, rows, options);
          expect(strip(result), where).toEqual(strip(solveLightsOut(ts, rows, options)));
          // The oracle: null when its walk would pass 4096 press sets, after it found the board reachable.
          const oracle = lightsOutLightest(stencil, m, n, torus, k, board, new Array<number>(m * n).fill(0), 4096);
          if (oracle !== null && oracle.fewest < 0) {
            unsolvable++;
            if (result.solvable) failures.add(`${where}: impossible, yet solved`);
            if (result.kernelDimension !== oracle.dimension) failures.add(`${where}: kernel dimension ${result.kernelDimension}, oracle ${oracle.dimension}`);
            continue;
          }
          if (!result.solvable) {
            failures.add(`${where}: said unsolvable`);
            continue;
          }
          if (result.kernelDimension > 0) severalSolutions++;
          if (replay(board, result, stencil, m, n, torus, k).some((v) => v !== 0)) failures.add(`${where}: presses miss the target`);
          if (oracle === null) continue;
          if (result.kernelDimension !== oracle.dimension) failures.add(`${where}: kernel dimension ${result.kernelDimension}, oracle ${oracle.dimension}`);
          if (result.length !== oracle.fewest) failures.add(`${where}: needs ${oracle.fewest}, got ${result.length}`);
        }
      }
    }
    expect(failures.list).toEqual([]);
    expect([unsolvable, severalSolutions].map((count) => count >= 15)).toEqual([true, true]);
  });
});

describe('memory', () => {
  it('turns a module that cannot grow into an error naming the size', async () => {
    const { wasmLightsOut } = await import('../../src/engine/wasm/lightsOut.js');
    const memory = new WebAssembly.Memory({ initial: 1 });
    const refusing = {
      memory,
      scratchPointer: () => 0,
      lastNodes: () => 0,
      lightsOutReserve: () => 0,
      lightsOutNeeded: () => 3 * 2 ** 30,
    } as unknown as Parameters<typeof wasmLightsOut>[0];
    const problem = lightsOutProblem('010\n111\n010');
    expect(() => wasmLightsOut(refusing).solve(problem)).toThrow(/^lights out: the input of a 3x3 board needs 3072\.0 MiB of wasm memory \(3221225472 bytes\)/);
    const failingSolve = { ...refusing, lightsOutReserve: () => 1024, lightsOutSolve: () => -1 } as typeof refusing;
    expect(() => wasmLightsOut(failingSolve).solve(problem)).toThrow(/^lights out: solving a 3x3 board needs 3072\.0 MiB/);
  });

  it('grows for a 1000x1000 board and still answers small ones after', async () => {
    const core = (await loadCore('wasm')).lightsOut;
    const before = solveLightsOut(core, ['11', '11']);
    solveLightsOut(
      core,
      Array.from({ length: 1000 }, () => '0'.repeat(1000)),
    );
    expect(solveLightsOut(core, ['11', '11'])).toEqual({ ...before, stats: expect.anything() });
  });
});

describe('the public API', () => {
  it.each(engineNames)('solver.lightsOut, flip and pilots on %s', async (engine) => {
    const solver: Solver = await createSolver({ engine });
    const result = solver.lightsOut('#####\n#####\n#####\n#####\n#####');
    expect(result).toMatchObject({ solvable: true, length: 15, kernelDimension: 2, solutions: 4n, minimal: true });
    expect(pressGrid(result)).toHaveLength(5);
    expect(solver.flip('bwwb\nbbwb\nbwwb\nbwww').length).toBe(4);
    const pilots = solver.pilots('-+--\n----\n----\n-+--');
    expect(pilots.moves).toEqual(
      [
        [1, 1],
        [1, 3],
        [1, 4],
        [4, 1],
        [4, 3],
        [4, 4],
      ].map(([row, col]) => ({ row, col })),
    );
  });

  it('pressGrid writes a press count per cell; an unsolvable board is a grid of 0', async () => {
    const solver = await createSolver();
    const result = solver.lightsOut('000\n020', { colors: 3 });
    expect(result.status).toBe('solved');
    expect(pressGrid(result)).toEqual(pressGridOf(result, 2, 3));
    expect(pressGrid(solver.lightsOut('1000\n0000\n0000\n0000'))).toEqual(['0000', '0000', '0000', '0000']);
  });

  it.each(engineNames)('the typed grid and the press list agree, on random boards of every pattern (%s)', async (engine) => {
    const solver = await createSolver({ engine });
    const random = mulberry32(2211);
    let solved = 0;
    for (const pattern of ['cross', 'rowcol', 'x', 'plus-only', '#.#\n.X.'] as const) {
      for (const colors of [2, 3, 5, 37]) {
        for (let trial = 0; trial < 6; trial++) {
          const m = 1 + Math.floor(random() * 7);
          const n = 1 + Math.floor(random() * 7);
          const torus = random() < 0.5;
          const board = Array.from({ length: m }, () => Array.from({ length: n }, () => Math.floor(random() * colors)));
          const result = solver.lightsOut(board, { pattern, colors, torus });
          expect([result.rows, result.cols]).toEqual([m, n]);
          if (result.status === 'unsolvable') {
            expect(result.grid).toBeNull();
            continue;
          }
          solved++;
          // The grid rebuilt from the list, cell by cell, and the length from the list.
          const fromList = new Uint8Array(m * n);
          for (const press of result.presses) fromList[(press.row - 1) * n + press.col - 1] = press.count ?? 1;
          expect(result.grid).toEqual(fromList);
          expect(result.presses.reduce((sum, press) => sum + (press.count ?? 1), 0)).toBe(result.length);
          expect(result.presses.every((press) => (colors === 2) === (press.count === undefined))).toBe(true);
          expect(pressGrid(result)).toEqual(pressGridOf(result, m, n));
        }
      }
    }
    expect(solved).toBeGreaterThan(40);
  });

  it('writes the grid text on either engine as it is written here from the counts, for counts below 10, to 35 and beyond', async () => {
    const engines = await Promise.all(engineNames.map(async (name) => (await loadCore(name)).lightsOut));
    const random = mulberry32(4242);
    for (let trial = 0; trial < 300; trial++) {
      // Widths around the module's eight cells a step; counts of one colour count's range.
      const rows = 1 + Math.floor(random() * 6);
      const cols = 1 + Math.floor(random() * 40);
      const colors = [2, 3, 10, 11, 37, 251][trial % 6]!;
      const grid = Uint8Array.from({ length: rows * cols }, () =>
        random() < 0.7 ? Math.floor(random() * Math.min(colors, 10)) : Math.floor(random() * colors),
      );
      const result = { status: 'solved', rows, cols, grid } as unknown as LightsOutResult;
      const expected = Array.from({ length: rows }, (_, r) => Array.from(grid.subarray(r * cols, (r + 1) * cols), (count) => count.toString(36)).join('')).join(
        '\n',
      );
      expect(pressGridText(result), `trial ${trial}`).toBe(expected);
      for (const engine of engines) expect(pressGridTextOn(engine, result), `trial ${trial}`).toBe(expected);
    }
  });

  it('parses text, row strings and number rows alike; splits cases on blank lines', () => {
    const expected = { rows: 2, cols: 3, cells: Uint8Array.from([0, 1, 2, 1, 0, 0]) };
    expect(parseLightsOutBoard('012\n#..', 3)).toEqual(expected);
    expect(parseLightsOutBoard(['012', '#..'], 3)).toEqual(expected);
    expect(
      parseLightsOutBoard(
        [
          [0, 1, 2],
          [1, 0, 0],
        ],
        3,
      ),
    ).toEqual(expected);
    expect(splitCases((emit) => blockFramer(emit), '01\n10\n\n\n  \n11\n11\n').map((c) => c.text)).toEqual(['01\n10', '11\n11']);
  });

  /** The board or the message of `read`, for comparing with the plain reading. */
  function outcome(read: () => LightsOutBoard): { rows: number; cols: number; cells: number[] } | { error: string } {
    try {
      const board = read();
      return { rows: board.rows, cols: board.cols, cells: [...board.cells] };
    } catch (error) {
      expect(error).toBeInstanceOf(PuzzleInputError);
      return { error: (error as Error).message };
    }
  }

  it('reads text, its UTF-8 bytes and row strings as the plain reading does, on both engines: the same cells, or the same message', async () => {
    // The wasm engine reads text in the module first (assembly/lightsOutText.ts); the twin has no reader of its own.
    const engines = await Promise.all(engineNames.map(async (name) => (await loadCore(name)).lightsOut));
    const unit = fc.constantFrom('0', '1', '2', '4', '9', '.', '#', 'a', ' ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u2028', '\ufeff', 'é', '🧩');
    // Long runs of '0' and '1', which the module reads eight at a time, broken now and then.
    const mostlyBits = fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom('0', '1') },
      { weight: 2, arbitrary: fc.constantFrom('\n', ' ') },
      { weight: 1, arbitrary: unit },
    );
    for (const [cells, maxLength] of [
      [unit, 40],
      [mostlyBits, 300],
    ] as const) {
      fc.assert(
        fc.property(fc.string({ unit: cells, maxLength }), fc.constantFrom(2, 3, 5, 11), (text, colors) => {
          const rows = text.split('\n');
          const plain = readLightsOutText(text, colors);
          for (const [input, expected] of [
            [text, plain],
            [new TextEncoder().encode(text), plain],
            [rows, readLightsOutText(rows, colors)],
          ] as const) {
            expect(outcome(() => parseLightsOutBoard(input, colors))).toEqual(expected);
            for (const engine of engines) expect(outcome(() => readLightsOutBoard(input, colors, 'board', engine))).toEqual(expected);
          }
        }),
        { numRuns: 2000, seed: 20261124 },
      );
    }
  });

  it('rejects bad input with one-line errors naming line and column', () => {
    const bad: Array<[Parameters<typeof lightsOutProblem>[0], LightsOutOptions, RegExp]> = [
      ['010\n01', {}, /^line 2: 2 cells, expected 3 \(as line 1\)$/],
      ['010\n0a0', {}, /^line 2, column 2: stray character 'a'/],
      ['010\n020', {}, /^line 2, column 2: value 2 is not below the 2 colours$/],
      ['010', { colors: 4 }, /^colors 4 is not prime/],
      ['010', { colors: 1 }, /^colors must be/],
      ['010', { pattern: 'star' }, /^unknown pattern 'star'/],
      ['010', { pattern: '.#.\n#X#\n.#' }, /^pattern: line 3: 2 characters/],
      ['010', { pattern: '.#.\n###' }, /^pattern: no pressed cell/],
      ['010', { pattern: '.X.\n#O#' }, /^pattern: line 2, column 2: a second pressed cell/],
      ['010', { target: '01' }, /^target is 1x2 but the board is 1x3$/],
      ['010', { targets: [0, '0z0'] }, /^target 2: line 1, column 2: stray character 'z'/],
      ['010', { maxKernel: 0 }, /^maxKernel must be/],
      [[[0, 1], [2]], {}, /^line 2, column 1: value 2 is not below the 2 colours$/],
      ['', {}, /^empty/],
      [
        Array.from({ length: 100 }, () => '0'.repeat(100)),
        { pattern: 'x' },
        /^too large: a 100x100 board, pattern x, k = 2 needs Gaussian elimination over all 10000 cells .*about 64x64 otherwise$/,
      ],
    ];
    for (const [board, options, message] of bad) {
      let error: unknown;
      try {
        lightsOutProblem(board, options);
      } catch (caught) {
        error = caught;
      }
      expect(error, String(message)).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('chases where the lowest-reaching pattern cell is alone and straight above, eliminates elsewhere', () => {
    const chase = (options: LightsOutOptions, board = '000\n000\n000') => (lightsOutProblem(board, options) as LightsOutProblem).chaseRows;
    expect([chase({}), chase({ pattern: 'plus-only' }), chase({ pattern: 'x' }), chase({ torus: true })]).toEqual([1, 1, 0, 1]);
    // A torus chases only when the pattern's rows do not meet round the back.
    expect([chase({ torus: true }, '000'), chase({ torus: true }, '00\n00'), chase({ torus: true }, '000\n000\n000\n000')]).toEqual([0, 1, 1]);
    // rowcol reaches m - 1 rows up through one cell, straight above: it chases too.
    expect([chase({ pattern: 'rowcol' }), chase({ pattern: 'rowcol', torus: true }), chase({ pattern: '#X#' }), chase({ pattern: '#.#\n.X.' })]).toEqual([
      2, 2, 0, 0,
    ]);
  });
});
