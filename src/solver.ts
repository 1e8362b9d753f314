/**
 * The public API: parse a board, ask one engine's core, and return the answer
 * in the shape a caller wants (1-based cells, move letters, timings). The same
 * code runs over the wasm engine and the TypeScript twin.
 */
import {
  MAX_RANKED_CELLS,
  MOVE_LETTERS,
  type Core,
  type ExhaustiveAlgorithm,
  type FlipKind,
  type Heuristic,
  type SlidingBoard,
} from './core.js';
import {
  PuzzleInputError,
  parseFlipBoard,
  parseFourLineBoard,
  parseSlidingBoard,
  resolveGoal,
  type GoalName,
  type GridInput,
  type SlidingInput,
} from './boards.js';
import type { WasmSource } from './loader.js';
import { createTwinCore } from './twin/index.js';
import { pdbTables, type PrepareTablesOptions, type TablesOptions } from './pdbTables.js';

export type EngineName = 'wasm' | 'ts';

export interface SolverOptions {
  /** 'wasm' (default) or 'ts', the pure-TypeScript twin. */
  engine?: EngineName;
  /** Where to load the module from, for bundlers that move it; defaults to the file beside the package. */
  wasm?: WasmSource;
  /** PDB tables: cache directory (false: memory only) and partition ('6-6-3' default, '7-8'). */
  tables?: TablesOptions;
}

export interface Stats {
  /** Search nodes (states expanded, or children generated for IDA*). */
  nodes: number;
  /** Wall time of the call in milliseconds. */
  ms: number;
  /** Sliding tiles: the heuristic the search used ('none' for BFS), and the PDB's partition. */
  heuristic?: Heuristic | 'none';
  partition?: string;
}

export interface Solved<M> {
  solvable: true;
  length: number;
  moves: M[];
  stats: Stats;
  /** Something unusual about the input that did not stop it being solved. */
  warning?: string;
}

export interface NotSolved {
  /** False when no solution exists; true when the search stopped early (`maxNodes`). */
  solvable: boolean;
  length: null;
  moves: [];
  /** Why there is no answer, in one sentence. */
  reason: string;
  stats: Stats;
  warning?: string;
}

export type Result<M> = Solved<M> | NotSolved;

/** A cell, 1-based as the judges print it. */
export interface Cell {
  row: number;
  col: number;
}

export interface FourLineMove {
  colour: 'B' | 'W';
  from: Cell;
  to: Cell;
}

export type SlidingMove = 'u' | 'd' | 'l' | 'r';
export type SlidingAlgorithm = ExhaustiveAlgorithm | 'idastar';

export interface SlidingOptions {
  /** 'blank-last' (default: 1 2 ... x), 'blank-first' (0 1 2 ...), or any board of the same size. */
  goal?: GoalName | SlidingInput;
  /** 'idastar' (default, any size) or, for boards of at most 10 cells, 'bfs', 'bibfs', 'astar'. */
  algorithm?: SlidingAlgorithm;
  /** IDA* heuristic: default the PDB once prepareTables made its tables ready, else 'manhattan' up to 3x3, 'linear-conflict' above. */
  heuristic?: Heuristic;
  /** IDA* only: give up (solvable, length null) after this many nodes. */
  maxNodes?: number;
  /** IDA* only: called before each iteration with its f-bound and the nodes so far. */
  onIteration?: (bound: number, nodes: number) => void;
}

export interface SlidingResult extends Solved<SlidingMove> {
  /** The moves as one string, as the 8-puzzle judge prints it. */
  path: string;
}

export interface Solver {
  readonly engine: EngineName;
  /** Flip Game (POJ 1753): fewest presses making the board all white or all black. */
  flip(board: GridInput): Result<Cell>;
  /** The Pilots Brothers' refrigerator (POJ 2965): fewest presses opening every handle. */
  pilots(board: GridInput): Result<Cell>;
  /** Four in a line (Wikioi 1004): fewest alternating moves making a line of four. */
  fourLine(board: GridInput): Result<FourLineMove>;
  /** Sliding tiles, 2x2 to 5x5 (the 8-, 15- and 24-puzzles). */
  sliding(board: SlidingInput, options?: SlidingOptions): SlidingResult | NotSolved;
  /** Boards at each distance from `goal` (full BFS; boards of at most 10 cells). */
  slidingDistances(goal: SlidingInput): number[];
  /** Whether `board` can reach `goal` (parity; no search). */
  slidingSolvable(board: SlidingInput, goal?: GoalName | SlidingInput): boolean;
  /** Makes the PDB tables of a board size ready (cache or build); sliding() then uses them by default. */
  prepareTables(size: string | { width: number; height: number }, options?: PrepareTablesOptions): Promise<void>;
}

const letters = MOVE_LETTERS.split('') as SlidingMove[];

function cellOf(index: number): Cell {
  return { row: (index >> 2) + 1, col: (index & 3) + 1 };
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

function notSolved(reason: string, nodes: number, ms: number, solvable = false, warning?: string): NotSolved {
  const result: NotSolved = { solvable, length: null, moves: [], reason, stats: { nodes, ms } };
  if (warning) result.warning = warning;
  return result;
}

function parityReason(board: SlidingBoard): string {
  const evenWidth = board.width % 2 === 0;
  return evenWidth
    ? 'unsolvable: the parity of the tile permutation plus the blank row differs from the goal\'s, and every move preserves it'
    : 'unsolvable: the parity of the tile permutation differs from the goal\'s, and every move preserves it';
}

/** Builds the public API over one engine's core. */
export function solverFromCore(core: Core, tablesOptions?: TablesOptions): Solver {
  const tables = pdbTables(core, tablesOptions);
  function flipFamily(kind: FlipKind, input: GridInput): Result<Cell> {
    const board = parseFlipBoard(kind, input);
    const { value, ms } = timed(() => core.flip.solve(kind, board));
    if (value.cells === null) {
      return notSolved('Impossible: no set of presses turns the board all white or all black', value.nodes, ms);
    }
    return { solvable: true, length: value.cells.length, moves: value.cells.map(cellOf), stats: { nodes: value.nodes, ms } };
  }

  function sliding(input: SlidingInput, options: SlidingOptions = {}): SlidingResult | NotSolved {
    const start = parseSlidingBoard(input);
    const goal = resolveGoal(options.goal, start);
    const algorithm = options.algorithm ?? 'idastar';
    const cells = start.width * start.height;
    if (algorithm !== 'idastar') {
      if (!['bfs', 'bibfs', 'astar'].includes(algorithm)) {
        throw new PuzzleInputError(`unknown algorithm '${algorithm}', expected bfs, bibfs, astar or idastar`);
      }
      if (cells > MAX_RANKED_CELLS) {
        throw new PuzzleInputError(`algorithm '${algorithm}' handles boards of at most ${MAX_RANKED_CELLS} cells; a ${start.width}x${start.height} board needs 'idastar'`);
      }
    }
    let choice: ReturnType<typeof tables.choose>;
    try {
      choice = tables.choose(start, goal, options.heuristic, algorithm === 'idastar');
    } catch (error) {
      throw new PuzzleInputError((error as Error).message);
    }
    const { heuristic, partition } = choice;
    const { value, ms } = timed(() => {
      if (!core.sliding.solvable(start, goal)) return null;
      return algorithm === 'idastar'
        ? core.idaStar.solve(start, goal, { heuristic, partition, maxNodes: options.maxNodes, onIteration: options.onIteration })
        : core.sliding.solveExhaustive(start, goal, algorithm);
    });
    const used = algorithm === 'idastar' ? heuristic : algorithm === 'astar' ? 'manhattan' : 'none';
    const labelled = <R extends { stats: Stats }>(result: R): R => {
      result.stats.heuristic = used;
      if (used === 'pdb') result.stats.partition = partition!.name;
      return result;
    };
    if (value === null) return labelled(notSolved(parityReason(start), 0, ms));
    if (value.moves === null) {
      return labelled(notSolved(`stopped: no solution found within ${options.maxNodes} nodes`, value.nodes, ms, true));
    }
    const moves = Array.from(value.moves, (move) => letters[move]);
    return labelled({ solvable: true, length: moves.length, moves, path: moves.join(''), stats: { nodes: value.nodes, ms } });
  }

  return {
    engine: core.engine,
    flip: (board) => flipFamily('flip', board),
    pilots: (board) => flipFamily('pilots', board),
    fourLine(input) {
      const { cells, warning } = parseFourLineBoard(input);
      const { value, ms } = timed(() => core.fourLine.solve(cells));
      if (value.moves === null) {
        return notSolved('Impossible: no sequence of alternating moves makes a line of four', value.nodes, ms, false, warning);
      }
      const board = Uint8Array.from(cells);
      const moves = value.moves.map(([from, to]): FourLineMove => {
        const colour = board[from] === 1 ? 'B' : 'W';
        board[to] = board[from];
        board[from] = 0;
        return { colour, from: cellOf(from), to: cellOf(to) };
      });
      const result: Solved<FourLineMove> = { solvable: true, length: moves.length, moves, stats: { nodes: value.nodes, ms } };
      if (warning) result.warning = warning;
      return result;
    },
    sliding,
    slidingDistances(input) {
      const goal = parseSlidingBoard(input);
      if (goal.width * goal.height > MAX_RANKED_CELLS) {
        throw new PuzzleInputError(`a full BFS handles boards of at most ${MAX_RANKED_CELLS} cells, not ${goal.width}x${goal.height}`);
      }
      return core.sliding.distances(goal);
    },
    slidingSolvable(input, goalInput) {
      const start = parseSlidingBoard(input);
      return core.sliding.solvable(start, resolveGoal(goalInput, start));
    },
    async prepareTables(size, options) {
      await tables.prepare(size, options);
    },
  };
}

const cores = new Map<string, Promise<Core>>();

/**
 * A solver on the chosen engine. The wasm module is compiled once and cached;
 * each wasm solver has an instance of its own (its own scratch memory).
 */
export async function createSolver(options: SolverOptions = {}): Promise<Solver> {
  const engine = options.engine ?? 'wasm';
  if (engine === 'ts') return solverFromCore(createTwinCore(), options.tables);
  if (engine !== 'wasm') throw new PuzzleInputError(`unknown engine '${engine}', expected wasm or ts`);
  // Loaded on demand so that a page using only the twin never fetches the module.
  const { createWasmCore } = await import('./wasm/index.js');
  return solverFromCore(await createWasmCore(options.wasm), options.tables);
}

/** One-shot use: a solver per engine, created on first use and shared by later calls. */
export function defaultSolver(engine: EngineName = 'wasm'): Promise<Solver> {
  let core = cores.get(engine);
  if (!core) {
    core = engine === 'ts'
      ? Promise.resolve(createTwinCore())
      : import('./wasm/index.js').then(({ createWasmCore }) => createWasmCore());
    cores.set(engine, core);
    core.catch(() => cores.delete(engine));
  }
  return core.then(solverFromCore);
}

/** One-shot calls over the shared default solver of `engine` (wasm unless told). */
export const solveFlip = async (board: GridInput, engine?: EngineName) => (await defaultSolver(engine)).flip(board);
export const solvePilots = async (board: GridInput, engine?: EngineName) => (await defaultSolver(engine)).pilots(board);
export const solveFourLine = async (board: GridInput, engine?: EngineName) => (await defaultSolver(engine)).fourLine(board);
export const solveSliding = async (board: SlidingInput, options?: SlidingOptions & { engine?: EngineName }) =>
  (await defaultSolver(options?.engine)).sliding(board, options);
