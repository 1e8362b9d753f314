/** puzzlesearch: optimal solvers for classic search puzzles, on WebAssembly or pure TypeScript. */
export { createSolver, defaultSolver, solverFromCore, SolverBusyError, solveFlip, solvePilots, solveFourLine, solveSliding } from './api/solver.js';
export {
  SLIDING_ALGORITHMS,
  MANY_FAMILIES,
  type BoardError,
  type ManyFamilies,
  type ManyFamily,
  type BoardSize,
  type Cell,
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
  type OneShotOptions,
  type TablesPlanQuery,
  type Stats,
  type TrialStats,
  type Status,
  type Stopped,
  type Unsolvable,
} from './api/types.js';
export { ENGINES, HEURISTICS, type EngineName } from './engine/contract.js';
export {
  PuzzleInputError,
  GOAL_NAMES,
  namedGoal,
  parseFlipBoard,
  parseFourLineBoard,
  parseSlidingBoard,
  type GoalName,
  type GridInput,
  type SlidingInput,
} from './api/boards.js';
export type { Core, FlipKind, Heuristic, SlidingBoard } from './engine/contract.js';
export {
  parseLightsOutBoard,
  LIGHTS_OUT_PATTERNS,
  patternOffsets,
  pressGrid,
  pressGridText,
  pressList,
  type LightsOutBoard,
  type LightsOutInput,
  type LightsOutOptions,
  type LightsOutPattern,
  type LightsOutPress,
  type LightsOutResult,
  type LightsOutSolved,
  type LightsOutUnsolvable,
} from './api/lightsOut.js';
export { compilePuzzleWasm, defaultWasmUrl, type WasmSource } from './engine/wasm/loader.js';
export {
  createSolverPool,
  type CallOptions,
  type ManyOptions,
  type PoolMethods,
  type PoolWorkerInfo,
  type PruningFiles,
  type PruningFileSource,
  type RestArgs,
  type SolverPool,
  type SolverPoolOptions,
} from './pool/outside.js';
export type { ParallelSlidingOptions } from './parallel/dealer.js';
export type { PoolSlidingOptions, Progress, SlidingProgress } from './api/types.js';
export type { FlipHint, FourLineHint, FourLineMoveHint, LightsOutHint, MoveHint, PressHint, SlidingHint } from './api/hint.js';
export type { FourLineHintOptions } from './api/types.js';
export type { Census, CensusOptions, CensusProgress } from './api/census.js';
export type { SlidingShare, SlidingShareResult } from './parallel/share.js';
export type { Answer as PoolAnswer, Args as PoolArgs, MethodName as PoolMethodName } from './pool/protocol.js';
export type { PdbPartition } from './engine/contract.js';
export { makePartition, namedPartition, partitionNames } from './pdb/partitions.js';
export type { PrepareTablesOptions, ReleaseTablesOptions, TablesOptions, TablesProgress } from './pdb/tables.js';
export { LINEAR_CONFLICT_FIRST, TABLE_SIZES, type TablesPlan, type TablesPlanOptions } from './pdb/plan.js';
