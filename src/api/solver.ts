/**
 * The public API's facade: a Solver over one engine's core (each call checked
 * and run exclusively on the core; what the calls do is solverCalls.ts and
 * solveMany.ts, their types types.ts), the engines loaded on demand, the
 * shared default solvers and one-shot calls, and the two internal back doors
 * (coreOf, tablesOf) for parallel search and the pool.
 */
import { checkOptions, checkPrepareTables, checkReleaseTables, checkTablesOptions, optionKeys } from './checks.js';
import { ENGINES, type Core, type EngineName } from '../engine/contract.js';
import { checkChoice, parseFlipBoard, type GridInput, type SlidingInput } from './boards.js';
import type { WasmSource } from '../engine/wasm/loader.js';
import { lightsOutImpossible, lightsOutProblem, solveLightsOut, LIGHTS_OUT_OPTION_KEYS } from './lightsOut.js';
import { pdbTables, type PdbTables, type TablesOptions } from '../pdb/tables.js';
import { flipHint, lightsOutHint } from './hint.js';
import { runCensus } from './census.js';
import type { ManyFamily, OneShotOptions, SlidingOptions, SolverOptions, Solver } from './types.js';
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
  SLIDING_OPTION_KEYS,
} from './solverCalls.js';

const SOLVER_OPTION_KEYS = optionKeys<SolverOptions>({ engine: true, wasm: true, tables: true });
const ONE_SHOT_OPTION_KEYS = optionKeys<OneShotOptions>({ engine: true });
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
        const problem = lightsOutProblem(board, checkOptions('lightsOutHint', options, LIGHTS_OUT_OPTION_KEYS), core.lightsOut);
        return lightsOutHint(core, problem, lightsOutImpossible(problem.targets.length));
      }),
    lightsOut: (board, options) =>
      exclusive(core, 'lightsOut', () => solveLightsOut(core.lightsOut, board, checkOptions('lightsOut', options, LIGHTS_OUT_OPTION_KEYS))),
    solveMany: ((family: ManyFamily, boards: readonly unknown[], options?: unknown) =>
      exclusive(core, 'solveMany', () => solveMany(state, family, boards, options))) as Solver['solveMany'],
    prepareTables: async (size, options) => {
      await tables.prepare(size, checkPrepareTables(size, options));
    },
    // Never during a search: a search runs synchronously, and a release waits its turn after prepareTables calls.
    releaseTables: async (size, options) => tables.release(size, checkReleaseTables(size, options)),
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
export async function createSolver(given?: SolverOptions): Promise<Solver> {
  const options = checkOptions<SolverOptions>('createSolver', given, SOLVER_OPTION_KEYS);
  const engine = checkChoice('engine', options.engine ?? 'wasm', ENGINES);
  return solverFromCore(await loadCore(engine, options.wasm), options.tables);
}

/**
 * An engine's core, its code loaded on demand: a page using only the twin
 * never fetches the module, and a CLI run on wasm never loads the twin.
 * Internal (src/internal.ts hands it to the page's trial-build worker).
 */
export async function loadCore(engine: EngineName, wasm?: WasmSource): Promise<Core> {
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

/** A one-shot call's options, checked: { engine } (or, as before, the engine's name alone). */
function oneShotEngine(call: string, options: unknown): EngineName | undefined {
  if (typeof options === 'string') return options as EngineName;
  return checkOptions<OneShotOptions>(call, options, ONE_SHOT_OPTION_KEYS).engine;
}

/**
 * One-shot calls over the shared default solver of an engine (wasm unless
 * told): async, as the solver is made (and the module compiled) on first use.
 * Each takes `{ engine }`, and solveSliding the sliding options beside it;
 * the engine's name alone (`solveFlip(board, 'ts')`) is still taken.
 */
export const solveFlip = async (board: GridInput, options?: OneShotOptions | EngineName) =>
  (await defaultSolver(oneShotEngine('solveFlip', options))).flip(board);
export const solvePilots = async (board: GridInput, options?: OneShotOptions | EngineName) =>
  (await defaultSolver(oneShotEngine('solvePilots', options))).pilots(board);
export const solveFourLine = async (board: GridInput, options?: OneShotOptions | EngineName) =>
  (await defaultSolver(oneShotEngine('solveFourLine', options))).fourLine(board);
export const solveSliding = async (board: SlidingInput, options?: SlidingOptions & OneShotOptions) => {
  const { engine, ...sliding } = checkOptions<SlidingOptions & OneShotOptions>('solveSliding', options, [...SLIDING_OPTION_KEYS, ...ONE_SHOT_OPTION_KEYS]);
  return (await defaultSolver(engine)).sliding(board, sliding);
};
