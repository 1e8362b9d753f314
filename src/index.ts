/** puzzlesearch: optimal solvers for classic search puzzles, on WebAssembly or pure TypeScript. */
export {
  createSolver,
  defaultSolver,
  solverFromCore,
  solveFlip,
  solvePilots,
  solveFourLine,
  solveSliding,
  type Cell,
  type EngineName,
  type FourLineMove,
  type NotSolved,
  type Result,
  type SlidingAlgorithm,
  type SlidingMove,
  type SlidingOptions,
  type SlidingResult,
  type Solved,
  type Solver,
  type SolverOptions,
  type Stats,
} from './solver.js';
export {
  PuzzleInputError,
  namedGoal,
  parseFlipBoard,
  parseFourLineBoard,
  parseSlidingBoard,
  type GoalName,
  type GridInput,
  type SlidingInput,
} from './boards.js';
export type { Core, FlipKind, Heuristic, SlidingBoard } from './core.js';
export { compilePuzzleWasm, defaultWasmUrl, type WasmSource } from './loader.js';
export { HEURISTICS, type PdbPartition } from './core.js';
export { makePartition, namedPartition, partitionNames } from './partitions.js';
export type { PrepareTablesOptions, TablesOptions, TablesProgress } from './pdbTables.js';
