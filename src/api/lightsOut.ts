/**
 * Lights Out, the family's host side: parsing boards and options, choosing the
 * method (light chasing or elimination), checking sizes, and shaping results.
 * The search itself is in the cores (`assembly/lightsOut.ts`, `twin/lightsOut.ts`).
 *
 * Rules: an m x n board of values 0..k-1 (k = `colors`, a prime: 2 by default).
 * Pressing a cell adds 1 mod k to every cell of the toggle pattern around it
 * (cells off a plane board are skipped; a torus wraps, and a pattern cell that
 * wraps onto another is counted once). Goal: the target board (all 0 by
 * default), or the cheapest of several targets. Cost: the total number of
 * presses (a cell pressed c times counts c).
 *
 * One file of about 450 lines: the board's parser is apart (lightsOutBoard.ts);
 * what stays (the problem from options, the method's choice, the size limits
 * and the result's shape) is one path from a call to an answer, each step
 * reading the problem the one before built.
 */
import type { LightsOutAnswer, LightsOutCore, LightsOutProblem } from '../engine/contract.js';
import { describeChar, PuzzleInputError } from './boards.js';
import { optionKeys } from './checks.js';
import { MAX_COLORS, readLightsOutBoard, type LightsOutInput } from './lightsOutBoard.js';

export { MAX_COLORS, parseLightsOutBoard, type LightsOutBoard, type LightsOutInput } from './lightsOutBoard.js';

/** Named toggle patterns, or a stencil grid (text or rows) with the pressed cell marked. */
/** The named toggle patterns; anything else is a stencil grid. */
export const LIGHTS_OUT_PATTERNS = ['cross', 'rowcol', 'x', 'plus-only'] as const;
export type LightsOutPatternName = (typeof LIGHTS_OUT_PATTERNS)[number];
export type LightsOutPattern = LightsOutPatternName | string | readonly string[];

export interface LightsOutOptions {
  /**
   * 'cross' (default: the cell and its 4 neighbours, Flip Game), 'rowcol' (whole row
   * and column, Pilots), 'x' (the cell and its 4 diagonal neighbours), 'plus-only'
   * (the 4 neighbours, not the cell), or a stencil: rows of '.' (untouched) and '#'
   * (toggled) with exactly one pressed cell, 'X' (toggled) or 'O' (not toggled).
   */
  pattern?: LightsOutPattern;
  /** Wrap around the edges (default false: the plane). */
  torus?: boolean;
  /** k, the number of values a cell takes; a prime (default 2). */
  colors?: number;
  /** The goal board (same formats as the board) or one value for every cell; default all 0. */
  target?: LightsOutInput | number;
  /** Several goals; the one needing fewest presses wins (ties: the first listed). */
  targets?: ReadonlyArray<LightsOutInput | number>;
  /**
   * Press sets weighed at most per target in the coset search (1 to 2^32). Default
   * 2^24, lowered on big boards (more than 256 64-bit words a press set) so that a
   * search stays near 2^32 word operations: 2^18 on a 1000x1000 board.
   * When the kernel's coset is larger, the result is the lightest seen, `minimal: false`.
   */
  maxKernel?: number;
}

/** The option names lightsOut, lightsOutHint and solveMany('lightsOut') know. */
export const LIGHTS_OUT_OPTION_KEYS = optionKeys<LightsOutOptions>({ pattern: true, torus: true, colors: true, target: true, targets: true, maxKernel: true });

export interface LightsOutPress {
  /** 1-based. */
  row: number;
  col: number;
  /** Times pressed (1..k-1); present only when k > 2. */
  count?: number;
}

/** What every Lights Out answer carries, solved or not. */
interface LightsOutCommon {
  /** The board's size. */
  rows: number;
  cols: number;
  /** Dimension of the press map's kernel: every reachable target has k^dimension press sets. */
  kernelDimension: number;
  /**
   * How many press sets (each cell pressed 0..k-1 times) reach one of the targets:
   * k^kernelDimension per reachable target, as a bigint (exact at any size).
   */
  solutions: bigint;
  /** True when the whole coset was searched, so `length` is the proven minimum. */
  minimal: boolean;
  /** nodes: press sets weighed in the coset search; ms: wall time. */
  stats: { nodes: number; ms: number };
}

export interface LightsOutSolved extends LightsOutCommon {
  status: 'solved';
  solvable: true;
  /** Total presses. */
  length: number;
  /**
   * Each cell's press count (0..k-1), row-major, `cols` cells a row: the
   * answer as a typed grid, with no object per press.
   */
  grid: Uint8Array;
  /**
   * The same presses as a list, row-major. Made from `grid` on first read
   * (a 1000x1000 board has half a million), then kept.
   */
  presses: LightsOutPress[];
  /** Index of the target reached (0 for a single target). */
  target: number;
}

export interface LightsOutUnsolvable extends LightsOutCommon {
  status: 'unsolvable';
  solvable: false;
  length: null;
  grid: null;
  presses: [];
  /** Why there is no answer. */
  reason: string;
}

/** Narrows on `status` (or `solvable`). */
export type LightsOutResult = LightsOutSolved | LightsOutUnsolvable;

function isPrime(k: number): boolean {
  if (k < 2) return false;
  for (let d = 2; d * d <= k; d++) if (k % d === 0) return false;
  return true;
}

function namedOffsets(name: LightsOutPatternName, m: number, n: number): number[] {
  switch (name) {
    case 'cross':
      return [-1, 0, 0, -1, 0, 0, 0, 1, 1, 0];
    case 'plus-only':
      return [-1, 0, 0, -1, 0, 1, 1, 0];
    case 'x':
      return [-1, -1, -1, 1, 0, 0, 1, -1, 1, 1];
    case 'rowcol': {
      const pairs: number[] = [];
      for (let dr = -(m - 1); dr <= m - 1; dr++) if (dr !== 0) pairs.push(dr, 0);
      for (let dc = -(n - 1); dc <= n - 1; dc++) pairs.push(0, dc);
      return sortPairs(pairs);
    }
  }
}

function sortPairs(flat: number[]): number[] {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return pairs.flat();
}

/** A stencil grid: '.'/'0' untouched, '#'/'1' toggled, one pressed cell 'X' (toggled) or 'O' (not). */
function stencilOffsets(pattern: string | readonly string[]): number[] {
  const lines =
    typeof pattern === 'string'
      ? pattern
          .split(/\r?\n|\//)
          .map((line) => line.trim())
          .filter((line) => line.length > 0)
      : pattern.map((line) => String(line).trim());
  const fail = (message: string): never => {
    throw new PuzzleInputError(`pattern: ${message}`);
  };
  if (lines.length === 0) fail('empty stencil');
  let centre: [number, number] | null = null;
  const toggled: Array<[number, number]> = [];
  lines.forEach((line, r) => {
    if (line.length !== lines[0].length) fail(`line ${r + 1}: ${line.length} characters, expected ${lines[0].length} (as line 1)`);
    [...line].forEach((ch, c) => {
      if (ch === '.' || ch === '0') return;
      if (ch === '#' || ch === '1') {
        toggled.push([r, c]);
        return;
      }
      if (ch === 'X' || ch === 'x' || ch === 'O' || ch === 'o') {
        if (centre) fail(`line ${r + 1}, column ${c + 1}: a second pressed cell (the first is at line ${centre[0] + 1}, column ${centre[1] + 1})`);
        centre = [r, c];
        if (ch === 'X' || ch === 'x') toggled.push([r, c]);
        return;
      }
      fail(`line ${r + 1}, column ${c + 1}: stray character ${describeChar(ch)}, expected '.', '#', 'X' (pressed, toggled) or 'O' (pressed, not toggled)`);
    });
  });
  if (!centre) return fail("no pressed cell: mark it 'X' (toggled) or 'O' (not toggled)");
  if (toggled.length === 0) return fail('a press toggles nothing');
  const [cr, cc] = centre as [number, number];
  return sortPairs(toggled.flatMap(([r, c]) => [r - cr, c - cc]));
}

const patternNames: readonly string[] = LIGHTS_OUT_PATTERNS;

/**
 * The (dr, dc) offsets a press adds 1 to under `pattern` on an m x n board, as
 * flat pairs; on a torus, offsets that land on one cell count once. The
 * solvers and the web page's board both play by these.
 */
export function patternOffsets(pattern: LightsOutPattern, m: number, n: number, torus: boolean): Int32Array {
  let flat: number[];
  if (typeof pattern === 'string' && patternNames.includes(pattern)) {
    flat = namedOffsets(pattern as LightsOutPatternName, m, n);
  } else if (typeof pattern === 'string' && !/[\n/]/.test(pattern) && !/^[.#01XxOo]+$/.test(pattern)) {
    throw new PuzzleInputError(`unknown pattern '${pattern}', expected cross, rowcol, x, plus-only or a stencil grid`);
  } else if (typeof pattern === 'string' || Array.isArray(pattern)) {
    flat = stencilOffsets(pattern as string | readonly string[]);
  } else {
    throw new PuzzleInputError('pattern must be a name (cross, rowcol, x, plus-only) or a stencil grid');
  }
  if (!torus) return Int32Array.from(flat);
  // On a torus, offsets that land on the same cell count once (the first, in
  // row-major stencil order, stands for them).
  const seen = new Set<number>();
  const out: number[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const key = (((flat[i] % m) + m) % m) * n + (((flat[i + 1] % n) + n) % n);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(flat[i], flat[i + 1]);
  }
  return Int32Array.from(out);
}

/**
 * h > 0 when light chasing applies: the pattern reaches h rows up through one
 * cell only, straight above (so each cell row forces one press row), and on a
 * torus the pattern's rows fit on the board without meeting round the back.
 */
export function chaseRowsOf(offsets: Int32Array, torus: boolean, rows = 0, cols = 1): number {
  let minDr = 0;
  let maxDr = 0;
  for (let i = 0; i < offsets.length; i += 2) {
    minDr = Math.min(minDr, offsets[i]);
    maxDr = Math.max(maxDr, offsets[i]);
  }
  if (minDr >= 0) return 0;
  let atMin = 0;
  let straight = false;
  for (let i = 0; i < offsets.length; i += 2) {
    if (offsets[i] !== minDr) continue;
    atMin++;
    straight = torus ? offsets[i + 1] % cols === 0 : offsets[i + 1] === 0;
  }
  if (atMin !== 1 || !straight) return 0;
  if (torus && rows <= maxDr - minDr) return 0;
  return -minDr;
}

/**
 * Work limits (GF(2) in 64-bit word operations, GF(p) in byte operations): about
 * a second on the wasm engine at the limit, several on the TypeScript twin.
 */
const GF2_LIMIT = 2 ** 31;
const GFP_LIMIT = 2 ** 31;
const DEFAULT_CANDIDATES = 2 ** 24;
const MAX_CANDIDATES = 2 ** 32;

function checkSize(m: number, n: number, k: number, torus: boolean, offsets: Int32Array, h: number, targetCount: number, patternName: string): void {
  const cells = m * n;
  let reachDown = 0;
  for (let i = 0; i < offsets.length; i += 2) reachDown = Math.max(reachDown, offsets[i]);
  const unknowns = h === 0 ? cells : (torus ? h + reachDown : Math.min(h, m)) * n;
  const width = unknowns + targetCount;
  const perVector = k === 2 ? Math.ceil(width / 64) : width;
  const chase = h > 0 ? cells * (offsets.length / 2) * perVector : 0;
  const eliminate = unknowns * unknowns * perVector;
  const limit = k === 2 ? GF2_LIMIT : GFP_LIMIT;
  if (chase + eliminate > limit || cells > 2 ** 24) {
    const method = h > 0 ? `light chasing with ${unknowns} unknowns` : `Gaussian elimination over all ${cells} cells`;
    const hint =
      k === 2
        ? 'about 2800x2800 with cross or plus-only (light chasing), about 64x64 otherwise'
        : 'about 700x700 with cross or plus-only (light chasing), about 32x32 otherwise';
    throw new PuzzleInputError(
      `too large: a ${m}x${n} board, pattern ${patternName}, k = ${k} needs ${method} (about ${(chase + eliminate).toExponential(1)} operations); this solver handles ${hint}`,
    );
  }
}

/**
 * Everything the cores need, from the public input and options; throws
 * PuzzleInputError on bad input. `core`: the engine that will solve it, which
 * may read board text faster than this host (see readLightsOutBoard).
 */
export function lightsOutProblem(input: LightsOutInput, options: LightsOutOptions = {}, core?: LightsOutCore): LightsOutProblem {
  const colors = options.colors ?? 2;
  if (typeof colors !== 'number' || !Number.isInteger(colors) || colors < 2 || colors > MAX_COLORS) {
    throw new PuzzleInputError(`colors must be a whole number from 2 to ${MAX_COLORS}, got ${String(colors)}`);
  }
  if (!isPrime(colors)) {
    throw new PuzzleInputError(`colors ${colors} is not prime: presses mod a composite number do not form a field, and this solver works over GF(p) only`);
  }
  const board = readLightsOutBoard(input, colors, 'board', core);
  const { rows: m, cols: n } = board;
  const torus = options.torus ?? false;
  if (typeof torus !== 'boolean') throw new PuzzleInputError(`torus must be true or false, got ${String(torus)}`);
  const pattern = options.pattern ?? 'cross';
  const offsets = patternOffsets(pattern, m, n, torus);
  if (options.target !== undefined && options.targets !== undefined) {
    throw new PuzzleInputError('give either target or targets, not both');
  }
  const goals = options.targets ?? [options.target ?? 0];
  if (!Array.isArray(goals) || goals.length === 0) throw new PuzzleInputError('targets must be a non-empty array');
  const targets = goals.map((goal, t) => {
    const what = options.targets ? `target ${t + 1}` : 'target';
    if (typeof goal === 'number') {
      if (!Number.isInteger(goal) || goal < 0 || goal >= colors) {
        throw new PuzzleInputError(`${what}: value ${goal} is not a whole number below the ${colors} colours`);
      }
      return new Uint8Array(m * n).fill(goal);
    }
    const parsed = readLightsOutBoard(goal, colors, what, core);
    if (parsed.rows !== m || parsed.cols !== n) {
      throw new PuzzleInputError(`${what} is ${parsed.rows}x${parsed.cols} but the board is ${m}x${n}`);
    }
    return parsed.cells;
  });
  const h = chaseRowsOf(offsets, torus, m, n);
  const patternName = typeof pattern === 'string' && patternNames.includes(pattern) ? pattern : 'stencil';
  checkSize(m, n, colors, torus, offsets, h, targets.length, patternName);
  let maxCandidates: number;
  if (options.maxKernel === undefined) {
    // 2^24 press sets, fewer when a press board spans many words.
    const boardWords = colors === 2 ? Math.ceil((m * n) / 64) : (m * n) / 8;
    maxCandidates = Math.max(1, Math.min(DEFAULT_CANDIDATES, 2 ** Math.floor(Math.log2(2 ** 32 / boardWords))));
  } else {
    maxCandidates = options.maxKernel;
    if (typeof maxCandidates !== 'number' || !Number.isInteger(maxCandidates) || maxCandidates < 1 || maxCandidates > MAX_CANDIDATES) {
      throw new PuzzleInputError(`maxKernel must be a whole number from 1 to 2^32, got ${String(maxCandidates)}`);
    }
  }
  return { rows: m, cols: n, colors, torus, offsets, chaseRows: h, board: board.cells, targets, maxCandidates };
}

/** Why a board reaches none of its `targets` targets. */
export function lightsOutImpossible(targets: number): string {
  return targets > 1 ? 'Impossible: no set of presses reaches any of the targets' : 'Impossible: no set of presses reaches the target';
}

/** The public result from a core's answer. */
export function lightsOutResult(problem: LightsOutProblem, answer: LightsOutAnswer, ms: number): LightsOutResult {
  const { rows, cols, colors } = problem;
  const solutions = BigInt(answer.reachableTargets) * BigInt(colors) ** BigInt(answer.kernelDimension);
  const stats = { nodes: answer.nodes, ms };
  const common = { rows, cols, kernelDimension: answer.kernelDimension, solutions, minimal: answer.minimal };
  const grid = answer.presses;
  if (grid === null) {
    const reason = lightsOutImpossible(problem.targets.length);
    return { status: 'unsolvable', solvable: false, length: null, grid: null, presses: [], ...common, reason, stats };
  }
  const result = { status: 'solved', solvable: true, length: answer.pressCount, grid, ...common, target: answer.target, stats } as Omit<
    LightsOutSolved,
    'presses'
  >;
  return withPressList(result, colors);
}

/**
 * `presses` as an own, enumerable property made on first read, so that a
 * caller who never reads it never pays for it, and a copy (structured clone
 * to another thread, a spread, toEqual) still sees the list.
 */
function withPressList(result: Omit<LightsOutSolved, 'presses'>, colors: number): LightsOutSolved {
  let list: LightsOutPress[] | undefined;
  return Object.defineProperty(result, 'presses', {
    enumerable: true,
    configurable: true,
    get: () => (list ??= pressList(result.grid, result.cols, colors)),
  }) as LightsOutSolved;
}

/** The grid's presses as { row, col } (1-based; with `count` when k > 2), row-major. */
export function pressList(grid: Uint8Array, cols: number, colors: number): LightsOutPress[] {
  const presses: LightsOutPress[] = [];
  for (let cell = 0; cell < grid.length; cell++) {
    const count = grid[cell]!;
    if (count === 0) continue;
    const row = Math.floor(cell / cols) + 1;
    const col = (cell % cols) + 1;
    presses.push(colors === 2 ? { row, col } : { row, col, count });
  }
  return presses;
}

/** Parse, solve on `core`, shape. */
export function solveLightsOut(core: LightsOutCore, input: LightsOutInput, options: LightsOutOptions = {}): LightsOutResult {
  const problem = lightsOutProblem(input, options, core);
  const start = performance.now();
  const answer = core.solve(problem);
  return lightsOutResult(problem, answer, performance.now() - start);
}

/**
 * The presses as text, one line a row and one character a cell: its press
 * count, '0'..'9' then 'a'..'z' (k up to 36; a larger count is written in
 * base 36, as more characters). Written as bytes and decoded once, not a
 * string per cell. An unsolvable result is a grid of '0'.
 */
export function pressGridText(result: LightsOutResult): string {
  return pressGridTextOn(undefined, result);
}

/** pressGridText, written by `engine` where it offers to (LightsOutCore.gridText): a megabyte of cells is a millisecond there. */
export function pressGridTextOn(engine: LightsOutCore | undefined, result: LightsOutResult): string {
  const { grid, rows, cols } = result;
  const written = grid !== null && engine?.gridText ? engine.gridText(grid, rows, cols) : null;
  if (written !== null) return written;
  const line = cols + 1;
  // Whole 32-bit words, so that counts become characters four at a time.
  const words = new Uint32Array(Math.ceil((rows * line) / 4));
  const bytes = new Uint8Array(words.buffer, 0, rows * line - 1);
  if (grid !== null) for (let r = 0; r < rows; r++) bytes.set(grid.subarray(r * cols, (r + 1) * cols), r * line);
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    // A byte of 10 or more (a high bit of byte + 0x76) has no single digit:
    // the slow way. Below 10, adding 48 to each byte carries into none.
    if (((word | (word + 0x76767676)) & 0x80808080) !== 0) return charGridText(grid!, rows, cols);
    words[w] = word + 0x30303030;
  }
  for (let r = 1; r < rows; r++) bytes[r * line - 1] = 10;
  return new TextDecoder().decode(bytes);
}

/** pressGridText where some count is 10 or more (k > 10): a character a cell, a letter from 10. */
function charGridText(grid: Uint8Array, rows: number, cols: number): string {
  const bytes = new Uint8Array(rows * (cols + 1) - 1);
  for (let r = 1; r < rows; r++) bytes[r * (cols + 1) - 1] = 10;
  for (let r = 0; r < rows; r++) {
    for (let c = 0, cell = r * cols, at = r * (cols + 1); c < cols; c++, cell++, at++) {
      const count = grid[cell]!;
      if (count >= 36) return wideGridText(grid, rows, cols);
      bytes[at] = count < 10 ? 48 + count : 87 + count;
    }
  }
  return new TextDecoder().decode(bytes);
}

/** Counts of 36 and more (k > 36): each count in base 36, however many characters it takes. */
function wideGridText(grid: Uint8Array, rows: number, cols: number): string {
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) lines.push(Array.from(grid.subarray(r * cols, (r + 1) * cols), (count) => count.toString(36)).join(''));
  return lines.join('\n');
}

/** `pressGridText`, a string a row. */
export function pressGrid(result: LightsOutResult): string[] {
  return pressGridText(result).split('\n');
}

/**
 * Flip Game and Pilots as Lights Out problems: a 4x4 board of bits (bit
 * 4 * row + column set for 'b' / '+'); flip = cross to all 0 or all 1, pilots =
 * row and column to all 0.
 */
export function flipProblem(kind: 'flip' | 'pilots', board: number): LightsOutProblem {
  // Everything but the board is the same for every call of a kind: built once,
  // as a solve of a 4x4 board costs less than checking the options again.
  let template = flipTemplates.get(kind);
  if (!template) {
    template = lightsOutProblem(['0000', '0000', '0000', '0000'], kind === 'flip' ? { pattern: 'cross', targets: [0, 1] } : { pattern: 'rowcol' });
    flipTemplates.set(kind, template);
  }
  const cells = new Uint8Array(16);
  for (let i = 0; i < 16; i++) cells[i] = (board >> i) & 1;
  return { ...template, board: cells };
}

const flipTemplates = new Map<'flip' | 'pilots', LightsOutProblem>();
