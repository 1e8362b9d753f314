/**
 * The messages between a pool (outside) and its workers (inside), derived from
 * the inside API so that nothing is written twice: a method name, its
 * parameters and its awaited return type all come from `typeof insideApi`.
 */
import type { EngineName } from '../engine/contract.js';
import type { CompiledWasm, WasmMemory } from '../engine/wasm/loader.js';
import type { TablesOptions, TablesProgress } from '../pdb/tables.js';
import type { CensusProgress } from '../api/census.js';
import type { Progress } from '../api/types.js';
import type { insideApi, insideTransport } from './inside.js';

export type InsideApi = typeof insideApi;
/** Every method a pool offers besides `solveEach`, `solveParallel` and `terminate`. */
export type MethodName = keyof InsideApi;
/** Every method a worker answers: the pool's, and those the pool itself uses to copy tables between workers. */
export type WorkerMethodName = MethodName | keyof typeof insideTransport;
type WorkerApi = InsideApi & typeof insideTransport;
export type Args<M extends WorkerMethodName> = Parameters<WorkerApi[M]>;
export type Answer<M extends WorkerMethodName> = Awaited<ReturnType<WorkerApi[M]>>;

/** A worker's table options: a solver's, less `warn` (a function cannot travel to a worker). */
export type PoolTablesOptions = Omit<TablesOptions, 'warn'>;

/** How a module can travel to a worker: URL strings, bytes and compiled modules clone; URL objects do not. */
export type WasmMessage = string | ArrayBuffer | ArrayBufferView | CompiledWasm;

/** A pool's one memory for every worker's IDA* and tables, and the shared build compiled (see src/engine/wasm/loader.ts). */
export interface SharedMemoryMessage {
  memory: WasmMemory;
  module: CompiledWasm;
}

/**
 * The worker's cancel flag: cell CANCEL_CELL holds the id of the call to stop.
 * An id, not a boolean, so that a cancel arriving as its call ends can never
 * stop the next call.
 */
export const CANCEL_CELL = 0;

export interface InitMessage {
  type: 'init';
  engine: EngineName;
  wasm?: WasmMessage;
  /** Over a SharedArrayBuffer; null where none is available (then a cancel restarts the worker). */
  cancel: Int32Array | null;
  /** The shared build and the memory its instances share (the pool's tables lie there), or absent for the plain build. */
  sharedMemory?: SharedMemoryMessage;
  /** The solver's table options (cache directory, partition). */
  tables?: PoolTablesOptions;
  /**
   * The board sizes ('5x5') whose move-pruning files the pool was given
   * (pruningFiles): each comes later in a PruningMessage, and a search of that
   * size waits for it rather than make the machine the file holds.
   */
  pruningSizes: string[];
}

/** A move-pruning machine's file, posted to every worker (a restarted one too) once the pool has it: its bytes, or null when they could not be had. */
export interface PruningMessage {
  type: 'pruning';
  width: number;
  height: number;
  bytes: Uint8Array | null;
}

export type CallMessage = {
  [M in WorkerMethodName]: { type: 'call'; id: number; method: M; args: Args<M>; progress: boolean };
}[WorkerMethodName];

export type ToInside = InitMessage | PruningMessage | CallMessage;

/** An error as it crosses the boundary: the name (PuzzleInputError, AbortError, ...) and the message. */
export interface ErrorData {
  name: string;
  message: string;
}

export type FromInside =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorData }
  /** A warning of the worker's solver (its tables' `warn`), for the pool's `warn`. */
  | { type: 'warning'; message: string }
  /** The bytes of a PruningMessage held no machine of their size (a damaged file, or another version's): the worker makes it as without them. */
  | { type: 'pruningRefused'; width: number; height: number }
  | { type: 'progress'; id: number; progress: Progress | TablesProgress | CensusProgress }
  | { type: 'answer'; id: number; value: Answer<WorkerMethodName> }
  | { type: 'error'; id: number; error: ErrorData };
