/**
 * The public API's facade: a Solver over one engine's core (each call checked
 * and run exclusively on the core; what the calls do is solverCalls.ts and
 * solveMany.ts, their types types.ts), the engines loaded on demand, the
 * shared default solvers and one-shot calls, and the two internal back doors
 * (coreOf, tablesOf) for parallel search and the pool.
 */
import { checkPrepareTables, checkTablesOptions } from './checks.js';
import { ENGINES, type Core, type EngineName } from '../engine/contract.js';
import { checkChoice, parseFlipBoard, type GridInput, type SlidingInput } from './boards.js';
import type { WasmSource } from '../engine/wasm/loader.js';
import { lightsOutImpossible, lightsOutProblem, solveLightsOut } from './lightsOut.js';
import { pdbTables, type PdbTables, type TablesOptions } from '../pdb/tables.js';
import { flipHint, lightsOutHint } from './hint.js';
import { runCensus } from './census.js';
import type { ManyFamily, SlidingOptions, SolverOptions, Solver } from './types.js';
import {
  flipFamily,
  tablesPlan,
  fourLine,
  fourLineHintOf,
  sliding,
  slidingDistances,
  hint,
  type SolverState,
  flipImpossible,
  slidingSolvable,
} from './solverCalls.js';
import { solveMany } from './solveMany.js';

/** A call made on a solver while another call on the same engine core is still running. */
export class SolverBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolverBusyError';
  }
}

/**
 * The call running on each core, if any. A core's scratch memory and search state
 * serve one call at a time, so a call made from inside another (from `onIteration`)
 * would corrupt the outer search; it is refused instead. Keyed by core, not by
 * solver, because `defaultSolver` wraps one shared core in a fresh solver per call.
 */
const runningCall = new WeakMap<Core, string>();

/** Runs `work` as the one call on `core`; throws SolverBusyError if a call is already running there. */
export function exclusive<T>(core: Core, call: string, work: () => T): T {
  const running = runningCall.get(core);
  if (running !== undefined) {
    throw new SolverBusyError(
      `solver is busy: ${call}() was called while ${running}() is still running on this ${core.engine} solver (from its onIteration?); use another solver (createSolver) for nested work`,
    );
  }
  runningCall.set(core, call);
  try {
    return work();
  } finally {
    runningCall.delete(core);
  }
}

/**
 * The public Solver over one engine core: each call checked, run exclusively
 * on the core, and shaped by the functions above.
 */
export function solverFromCore(core: Core, tablesOptions?: TablesOptions): Solver {
  const tables = pdbTables(core, checkTablesOptions(tablesOptions));
  const state: SolverState = { core, tables };
  // Every entry point is exclusive, not only sliding (the one with a callback):
  // a nested flip() would overwrite the scratch memory the outer search reads.
  const solver: Solver = {
    engine: core.engine,
    flip: (board) => exclusive(core, 'flip', () => flipFamily(state, 'flip', board)),
    pilots: (board) => exclusive(core, 'pilots', () => flipFamily(state, 'pilots', board)),
    fourLine: (board) => exclusive(core, 'fourLine', () => fourLine(state, board)),
    sliding: (board, options) => exclusive(core, 'sliding', () => sliding(state, board, options)),
    slidingDistances: (goal, size) => exclusive(core, 'slidingDistances', () => slidingDistances(state, goal, size)),
    slidingSolvable: (board, goal) => exclusive(core, 'slidingSolvable', () => slidingSolvable(state, board, goal)),
    tablesPlan: (board, options) => exclusive(core, 'tablesPlan', () => tablesPlan(state, board, options)),
    hint: (board, options) => exclusive(core, 'hint', () => hint(state, board, options)),
    flipHint: (board) => exclusive(core, 'flipHint', () => flipHint(core, 'flip', parseFlipBoard('flip', board), flipImpossible('flip'))),
    pilotsHint: (board) => exclusive(core, 'pilotsHint', () => flipHint(core, 'pilots', parseFlipBoard('pilots', board), flipImpossible('pilots'))),
    fourLineHint: (board, options) => exclusive(core, 'fourLineHint', () => fourLineHintOf(state, board, options)),
    census: (size, options) => runCensus(core, size, options),
    lightsOutHint: (board, options) =>
      exclusive(core, 'lightsOutHint', () => {
        const problem = lightsOutProblem(board, options, core.lightsOut);
        return lightsOutHint(core, problem, lightsOutImpossible(problem.targets.length));
      }),
    lightsOut: (board, options) => exclusive(core, 'lightsOut', () => solveLightsOut(core.lightsOut, board, options)),
    solveMany: ((family: ManyFamily, boards: readonly unknown[], options?: unknown) =>
      exclusive(core, 'solveMany', () => solveMany(state, family, boards, options))) as Solver['solveMany'],
    prepareTables: async (size, options) => {
      await tables.prepare(size, checkPrepareTables(size, options));
    },
  };
  solverTables.set(solver, tables);
  solverCores.set(solver, core);
  return solver;
}

/** The engine core behind each solver made here; see coreOf. */
const solverCores = new WeakMap<Solver, Core>();

/**
 * The engine core of `solver`, for parallel IDA*'s share search
 * (src/parallel/share.ts), which runs beside the solver's own calls.
 * Internal: not exported from the package.
 */
export function coreOf(solver: Solver): Core {
  const core = solverCores.get(solver);
  if (!core) throw new Error('puzzlesearch: not a solver made by createSolver or solverFromCore');
  return core;
}

/** The PDB tables behind each solver made here; see tablesOf. */
const solverTables = new WeakMap<Solver, PdbTables>();

/**
 * The PDB tables of `solver`, for the worker pool (src/pool/inside.ts), which
 * hands the tables one worker prepared to the others' solvers. Internal: not
 * exported from the package.
 */
export function tablesOf(solver: Solver): PdbTables {
  const tables = solverTables.get(solver);
  if (!tables) throw new Error('puzzlesearch: not a solver made by createSolver or solverFromCore');
  return tables;
}

const cores = new Map<string, Promise<Core>>();

/**
 * A solver on the chosen engine. The wasm module is compiled once and cached;
 * each wasm solver has an instance of its own (its own scratch memory).
 */
export async function createSolver(options: SolverOptions = {}): Promise<Solver> {
  const engine = checkChoice('engine', options?.engine ?? 'wasm', ENGINES);
  return solverFromCore(await loadCore(engine, options?.wasm), options?.tables);
}

/**
 * An engine's core, its code loaded on demand: a page using only the twin
 * never fetches the module, and a CLI run on wasm never loads the twin.
 */
async function loadCore(engine: EngineName, wasm?: WasmSource): Promise<Core> {
  if (engine === 'ts') return (await import('../engine/twin/index.js')).createTwinCore();
  return (await import('../engine/wasm/index.js')).createWasmCore(wasm);
}

/** One-shot use: a solver per engine, created on first use and shared by later calls. */
export async function defaultSolver(engineName: EngineName = 'wasm'): Promise<Solver> {
  const engine = checkChoice('engine', engineName, ENGINES);
  let core = cores.get(engine);
  if (!core) {
    core = loadCore(engine);
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
