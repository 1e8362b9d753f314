/**
 * Inside: the methods a pool worker answers. This list is the one source of
 * the pool's API: the message types (`protocol.ts`) and the outside's methods
 * (`outside.ts`) are derived from it, so a method the Solver gains later needs
 * one line here and nothing anywhere else.
 *
 * Besides the parallel search's share and its trial question (and the
 * move-pruning module and solver calls the share loads anyway), only types
 * are imported, so that the outside can read the method
 * names and their parameter counts without loading the solver itself. Each method runs on
 * the solver of the call in progress (`runCall`), whose `onIteration` reports
 * progress and stops the search when the call was cancelled.
 */
import type { GoalName, GridInput, SlidingInput } from '../api/boards.js';
import type { LightsOutInput, LightsOutOptions } from '../api/lightsOut.js';
import type { CensusOptions, CensusProgress } from '../api/census.js';
import type { Core, PdbPartition } from '../engine/contract.js';
import type { PdbTables, PrepareTablesOptions, ReleaseTablesOptions, TablesProgress } from '../pdb/tables.js';
import type { BoardSize, FourLineHintOptions, ManyFamilies, ManyFamily, PoolSlidingOptions, Progress, SlidingOptions, Solver } from '../api/types.js';
import { slidingShareOf, type SlidingShare } from '../parallel/share.js';
import { slidingTrialDue } from '../api/solverCalls.js';
// Loaded with share.js anyway (its searches use the machines).
import { movePruningOrigin } from '../engine/movePruning.js';
import type { JudgeCase, JudgeOptions } from '../judge/judge.js';
import { checkPrepareTables } from '../api/checks.js';
import { helpBuilds, leadBuilds, type SpanReader } from './splitBuild.js';
import type { WasmMemory } from '../engine/wasm/loader.js';
import { isNode } from '../platform.js';

/** What a method's `onProgress` hears, by method: table preparation reports tables, the searches report Progress. */
export interface ProgressKinds {
  prepareTables: TablesProgress;
  census: CensusProgress;
}
export type ProgressOf<M extends string> = M extends keyof ProgressKinds ? ProgressKinds[M] : Progress;

/** Table options for a pool call: plain data only (the pool prepares every worker, so progress and signal are the pool call's own). */
export type PoolPrepareTablesOptions = Omit<PrepareTablesOptions, 'onProgress' | 'signal'>;

/** The call a worker is running: its solver and the hook the search calls between iterations. */
export interface CallContext {
  solver: Solver;
  /** The solver's PDB tables (its own; the pool copies tables between workers through them). */
  tables: PdbTables;
  /** The solver's engine core (a split table build drives its module directly). */
  core: Core;
  /** The memory the pool's workers share (the shared build), else undefined. */
  sharedMemory: WasmMemory | undefined;
  /** Reports progress, and throws (stopping the search) once the call was cancelled. */
  onIteration(bound: number, nodes: number): void;
  /** Throws (stopping the search inside an iteration) once the call was cancelled. */
  stopIfCancelled(): void;
  /** Relays a method's own progress (tables, a census), and throws (stopping the work between rounds) once the call was cancelled. */
  relayProgress(progress: TablesProgress | CensusProgress): void;
}

let running: CallContext | null = null;

/**
 * Node's reader of a file's slices on this thread (a split load's share;
 * ../pdb/cache/node.ts), loaded once; null in a browser, and where
 * $PUZZLESEARCH_SPLIT_LOAD is 0 (the leader reads each cached table alone:
 * bench/timeline.js compares the two).
 */
let spanReading: Promise<SpanReader | null> | null = null;
function spanReader(): Promise<SpanReader | null> {
  const split = isNode() && process.env.PUZZLESEARCH_SPLIT_LOAD !== '0';
  return (spanReading ??= split ? import('../pdb/cache/node.js').then(({ spanReader }) => spanReader()) : Promise.resolve(null));
}

function call(): CallContext {
  if (!running) throw new Error('puzzlesearch pool: a worker method was called outside runCall');
  return running;
}

/** Sliding options with the call's `onIteration` added; anything but an object is passed on for the solver to reject. */
function withHook(options: PoolSlidingOptions | undefined): SlidingOptions {
  const { onIteration } = call();
  // Inside an iteration (about every 100 ms) progress is relayed as between
  // iterations, and a cancel stops the search there too (onIteration throws).
  const onProgress = ({ bound, nodes }: { bound: number; nodes: number }) => onIteration(bound, nodes);
  if (options === undefined) return { onIteration, onProgress };
  if (typeof options !== 'object' || options === null) return options;
  return { ...options, onIteration, onProgress };
}

/** One line per Solver method; `insideArity` below says where each one's call options begin. */
export const insideApi = {
  flip: (board: GridInput) => call().solver.flip(board),
  pilots: (board: GridInput) => call().solver.pilots(board),
  fourLine: (board: GridInput) => call().solver.fourLine(board),
  sliding: (board: SlidingInput, options?: PoolSlidingOptions) => call().solver.sliding(board, withHook(options)),
  slidingDistances: (goal: GoalName | SlidingInput, size?: BoardSize) => call().solver.slidingDistances(goal, size),
  slidingSolvable: (board: SlidingInput, goal?: GoalName | SlidingInput) => call().solver.slidingSolvable(board, goal),
  tablesPlan: (board: SlidingInput, options?: Parameters<Solver['tablesPlan']>[1]) => call().solver.tablesPlan(board, options),
  hint: (board: SlidingInput, options?: PoolSlidingOptions) => call().solver.hint(board, withHook(options)),
  flipHint: (board: GridInput) => call().solver.flipHint(board),
  pilotsHint: (board: GridInput) => call().solver.pilotsHint(board),
  fourLineHint: (board: GridInput, options?: FourLineHintOptions) => call().solver.fourLineHint(board, options),
  lightsOutHint: (board: LightsOutInput, options?: LightsOutOptions) => call().solver.lightsOutHint(board, options),
  // A goal only: functions and signals do not travel; the pool's call options cancel it.
  census: (size: string | BoardSize, options?: Pick<CensusOptions, 'goal'>) => {
    // Taken now: the census runs on after this call returns its promise.
    const { solver, relayProgress } = call();
    // Anything but an object goes on as it is, and any key but goal too, for the solver to refuse.
    const withProgress = options === undefined || (typeof options === 'object' && options !== null) ? { ...options, onProgress: relayProgress } : options;
    return solver.census(size, withProgress as CensusOptions);
  },
  lightsOut: (board: LightsOutInput, options?: LightsOutOptions) => call().solver.lightsOut(board, options),
  solveMany: <F extends ManyFamily>(family: F, boards: readonly ManyFamilies[F]['board'][], options?: ManyFamilies[F]['options']) =>
    call().solver.solveMany(family, boards, options),
  // The outside sends this one to the first worker, then hands its tables to the others (insideTransport below).
  prepareTables: (size: string | { width: number; height: number }, options?: PoolPrepareTablesOptions) =>
    call().solver.prepareTables(
      size,
      options === undefined || (typeof options === 'object' && options !== null) ? { ...options, onProgress: call().relayProgress } : options,
    ),
  // The outside sends this one to every worker, the tables' holder last (see tableRelease.ts).
  releaseTables: (size: string | { width: number; height: number }, options?: ReleaseTablesOptions) => call().solver.releaseTables(size, options),
};

/** A method's parameter count, optional ones included. */
type Arity<F> = F extends (...args: infer A) => unknown ? Required<A>['length'] : never;

/**
 * How many arguments each pool method takes before its call options (the
 * outside splits a call there). Stated, not read from Function.length (which
 * stops at the first default or rest parameter), and held to the signatures
 * above by the compiler.
 */
export const insideArity = {
  flip: 1,
  pilots: 1,
  fourLine: 1,
  sliding: 2,
  slidingDistances: 2,
  slidingSolvable: 2,
  tablesPlan: 2,
  hint: 2,
  flipHint: 1,
  pilotsHint: 1,
  fourLineHint: 2,
  lightsOutHint: 2,
  census: 2,
  lightsOut: 2,
  solveMany: 3,
  prepareTables: 2,
  releaseTables: 2,
} as const satisfies { [M in keyof typeof insideApi]: Arity<(typeof insideApi)[M]> };

/** A held table and where it lies in the memory a pool's workers share (the shared build). */
export interface TableAddress {
  partition: PdbPartition;
  group: number;
  at: number;
}

/** One group table of a partition, as the pool names it between workers. */
export interface TableRef {
  partition: PdbPartition;
  group: number;
  /** Whether the worker asked holds it. */
  held: boolean;
}

/** Bytes of a table copied at a time into a shared buffer: a whole extra copy of a 64 MB table would raise the worker's peak. */
const EXPORT_SLICE_BYTES = 16 * 2 ** 20;

/**
 * What the pool itself asks of its workers: a parallel search's shares, the
 * CLI's chunks, and the tables one of them prepared, handed to the others (see
 * `shareTables` in outside.ts). Not pool methods: the outside calls them by
 * name, and a pool's public type does not show them.
 */
export const insideTransport = {
  /** One share of a parallel IDA* (src/parallel/dealer.ts deals them); not a pool method, the pool's solveParallel is. */
  slidingShare: (board: SlidingInput, options: PoolSlidingOptions | undefined, share: SlidingShare) =>
    slidingShareOf(call().solver)(board, withHook(options), share),
  /** Whether a sliding search of the board would choose its partition by a per-board trial (src/pdb/trial.ts): the dealer's question before a parallel search without a lone try. */
  slidingTrialDue: (board: SlidingInput, options: PoolSlidingOptions | undefined) => {
    const { core, tables } = call();
    return slidingTrialDue({ core, tables }, board, options);
  },
  /** The CLI's chunks: cases in, printed text out (see ../cli/judge.ts); loaded on first use, as only the CLI asks. */
  judgeCases: (options: JudgeOptions, cases: readonly JudgeCase[]) => {
    const { solver } = call();
    return import('../judge/judge.js').then(({ answerCases }) => answerCases(solver, options, cases));
  },
  /** Where this worker's move-pruning machine of a width x height board came from (installed from the pool's pruningFiles, read, built), for tests. */
  movePruningOrigin: (width: number, height: number) => movePruningOrigin(width, height),
  /** What the cache holds of the tables prepareTables(size, options) readies, installed; whether this worker now holds them all. */
  loadCachedTables: (size: string | { width: number; height: number }, options: PoolPrepareTablesOptions | undefined): Promise<boolean> =>
    call().tables.loadCached(size, options),
  /** The group tables prepareTables(size, options) readies, each with whether this worker holds it. */
  heldTables: (size: string | { width: number; height: number }, options: PoolPrepareTablesOptions | undefined): TableRef[] => {
    const { tables } = call();
    return tables
      .partitionsFor(size, options)
      .flatMap((partition) => partition.groups.map((_, group) => ({ partition, group, held: tables.has(partition, group) })));
  },
  /**
   * A held table's bytes: in ONE SharedArrayBuffer when `shared` (the pool
   * posts that same buffer to every other worker), else in an ArrayBuffer of
   * its own, which the worker transfers to the outside with its answer.
   */
  exportTable: (partition: PdbPartition, group: number, shared: boolean): Uint8Array => {
    const { tables } = call();
    if (!tables.has(partition, group)) throw new Error(`puzzlesearch pool: this worker holds no table for group ${group} of ${partition.name}`);
    if (!shared) return tables.read(partition, group)!;
    const bytes = new Uint8Array(new SharedArrayBuffer(tables.tableBytes(partition, group)));
    for (let offset = 0; offset < bytes.length; offset += EXPORT_SLICE_BYTES) bytes.set(tables.read(partition, group, offset, EXPORT_SLICE_BYTES)!, offset);
    return bytes;
  },
  /** Where the tables prepareTables(size, options) readies lie in the memory the pool's workers share; an error when one is not held. */
  tableAddresses: (size: string | { width: number; height: number }, options: PoolPrepareTablesOptions | undefined): TableAddress[] => {
    const { tables } = call();
    return tables.partitionsFor(size, options).flatMap((partition) =>
      partition.groups.map((_, group) => {
        const at = tables.address(partition, group);
        if (at === null) throw new Error(`puzzlesearch pool: this worker holds no table for group ${group} of ${partition.name}`);
        return { partition, group, at };
      }),
    );
  },
  /** Takes tables another worker holds in the memory they share as this worker's (no copy), and reports each it did not hold as phase 'share'. */
  adoptTables: (addresses: TableAddress[]): void => {
    const { tables, relayProgress } = call();
    for (const { partition, group, at } of addresses) {
      // Held already (an earlier call that was aborted midway): not taken or reported again.
      if (tables.has(partition, group)) continue;
      tables.adopt(partition, group, at);
      const entries = tables.tableBytes(partition, group) * 2;
      relayProgress({ partition: partition.name, group, groups: partition.groups.length, phase: 'share', settled: entries, entries });
    }
  },
  /**
   * prepareTables on one shared memory with the other workers helping
   * (helpTableBuilds, on the same control): each table built is built by
   * all of them at once (./splitBuild.ts); loads and derivations as alone.
   */
  prepareTablesSplit: (size: string | { width: number; height: number }, options: PoolPrepareTablesOptions | undefined, control: SharedArrayBuffer) => {
    const { core, tables, relayProgress, stopIfCancelled } = call();
    const checked = { ...checkPrepareTables(size, options), onProgress: relayProgress };
    return spanReader()
      .then((readSpan) => leadBuilds(control, core, stopIfCancelled, (builder) => tables.prepare(size, checked, builder), readSpan ?? undefined))
      .then(() => undefined);
  },
  /** Why each table prepareTables(size, options) readies and this worker made is not in the cache (PdbTables.unsaved): the reasons, none when all were saved. */
  unsavedTables: (size: string | { width: number; height: number }, options: PoolPrepareTablesOptions | undefined): string[] => {
    const { tables } = call();
    return tables
      .partitionsFor(size, options)
      .flatMap((partition) => partition.groups.map((_, group) => tables.unsaved(partition, group)))
      .filter((why) => why !== undefined);
  },
  /** Takes part in the table builds and cached tables' reads of the prepareTablesSplit call on `control` (another worker's), until it ends. */
  helpTableBuilds: (control: SharedArrayBuffer): Promise<void> => {
    const { core, stopIfCancelled, sharedMemory } = call();
    return spanReader().then((readSpan) =>
      helpBuilds(control, core, stopIfCancelled, readSpan && sharedMemory ? { readSpan, memory: sharedMemory } : undefined),
    );
  },
  /** Installs a table another worker exported (unless this one holds it already), and reports it as phase 'share'. */
  installTable: (partition: PdbPartition, group: number, bytes: Uint8Array): void => {
    const { tables, relayProgress } = call();
    if (!tables.has(partition, group)) tables.install(partition, group, bytes);
    const entries = bytes.length * 2;
    relayProgress({ partition: partition.name, group, groups: partition.groups.length, phase: 'share', settled: entries, entries });
  },
};

/**
 * The sliding boards a call may search with IDA*, whose move-pruning machine
 * of their size it would make at once if it had none: a worker whose pool was
 * given that size's file holds such a call until the file has come (see
 * pruningArrivals.ts). 'all' when the boards are not to be had from the
 * arguments (the CLI's cases are text of any family).
 */
export function searchedBoards(method: keyof typeof insideApi | keyof typeof insideTransport, args: readonly unknown[]): readonly unknown[] | 'all' {
  switch (method) {
    case 'sliding':
    case 'hint':
    case 'slidingShare':
      return [args[0]];
    case 'solveMany':
      return args[0] === 'sliding' && Array.isArray(args[1]) ? args[1] : [];
    case 'judgeCases':
      return 'all';
    default:
      return [];
  }
}

/** Runs `work` as the call in progress (a worker runs one call at a time). */
export function runCall<T>(context: CallContext, work: () => T): T {
  running = context;
  try {
    return work();
  } finally {
    running = null;
  }
}
