/**
 * The argument checks that the solver, the pool and the table calls share, in
 * one place and one wording: each throws a one-line PuzzleInputError naming
 * the argument and the value, at the call, before any work starts (never a
 * TypeError from deep inside, after a build round).
 */
import type { HostAbortSignal } from '../engine/hostTypes.js';
import { partitionNames } from '../pdb/partitions.js';
import type { PrepareTablesOptions, ReleaseTablesOptions, TablesOptions } from '../pdb/tables.js';
import { PuzzleInputError, describeValue } from './boards.js';
import { didYouMean } from './suggest.js';

/**
 * The option names of an options type, every one and no other: the compiler
 * holds the list to the type (a key missing or extra here is a type error), so
 * a call's list of what it knows cannot drift from what it declares.
 */
export function optionKeys<T>(keys: { [K in keyof Required<T>]: true }): readonly string[] {
  return Object.keys(keys);
}

/** 'a, b or c'. */
function choiceList(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'none');
}

/**
 * Throws a PuzzleInputError for the first key of `options` that is not in
 * `known`, naming the call and the nearest known key (`sliding(): unknown
 * option 'maxnodes' (did you mean 'maxNodes'?)`), or the known ones when none
 * is near. A misspelt option was once ignored: a search without its limit, a
 * partition that was not the one asked for.
 */
export function checkOptionKeys(call: string, options: object, known: readonly string[], what = 'option'): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = didYouMean(key, known);
    const expected = known.length === 0 ? ', expected no options' : `, expected ${choiceList(known)}`;
    throw new PuzzleInputError(`${call}(): unknown ${what} '${key}'${near || expected}`);
  }
}

/**
 * The options argument of `call`, checked: undefined (read as {}) or an
 * object whose keys are all in `known`. Anything else, null included, is a
 * PuzzleInputError naming the call: one rule for every call of the package.
 */
export function checkOptions<T extends object>(call: string, value: unknown, known: readonly string[]): T {
  if (value === undefined) return {} as T;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PuzzleInputError(`${call}(): options must be an object, not ${describeValue(value)}`);
  checkOptionKeys(call, value, known);
  return value as T;
}

/** `{ signal, onProgress }`, as every call that may run long takes them. */
export interface SignalAndProgress<P> {
  signal?: HostAbortSignal;
  onProgress?: (progress: P) => void;
}

function isAbortSignal(value: unknown): value is HostAbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}

/** `signal` and `onProgress` of an options object, checked; other keys are the caller's to check. */
export function checkSignalAndProgress<P>(value: { signal?: unknown; onProgress?: unknown }): SignalAndProgress<P> {
  const { signal, onProgress } = value;
  if (signal !== undefined && !isAbortSignal(signal)) throw new PuzzleInputError(`signal must be an AbortSignal, not ${describeValue(signal)}`);
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new PuzzleInputError(`onProgress must be a function, not ${describeValue(onProgress)}`);
  return { signal, onProgress: onProgress as SignalAndProgress<P>['onProgress'] };
}

/** An options argument: undefined, or an object (named `what` in the message). */
export function checkOptionsObject(what: string, value: unknown, shape: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PuzzleInputError(`${what} must be an object (${shape}), not ${describeValue(value)}`);
  return value as Record<string, unknown>;
}

/**
 * The `tables` option of a solver (dir, partition, warn) or of a pool (dir and
 * partition only: a function cannot cross to a worker). `dir` is a directory
 * (a non-empty string: '' would silently mean the default) or false.
 */
export function checkTablesOptions(value: unknown, forPool = false): TablesOptions | undefined {
  const options = checkOptionsObject('tables', value, forPool ? '{ dir, partition }' : '{ dir, partition, warn }');
  if (options === undefined) return undefined;
  const { dir, partition, warn } = options;
  if (forPool && warn !== undefined)
    throw new PuzzleInputError(`tables: unknown option 'warn' for a pool, expected dir or partition (a function cannot cross to a worker)`);
  checkOptionKeys(forPool ? 'createSolverPool' : 'createSolver', options, forPool ? ['dir', 'partition'] : TABLES_OPTION_KEYS, 'tables option');
  if (dir !== undefined && dir !== false && !(typeof dir === 'string' && dir.length > 0)) {
    throw new PuzzleInputError(`tables.dir must be a directory or false, not ${describeValue(dir)}`);
  }
  if (partition !== undefined && typeof partition !== 'string')
    throw new PuzzleInputError(`tables.partition must be a partition name, not ${describeValue(partition)}`);
  if (warn !== undefined && typeof warn !== 'function') throw new PuzzleInputError(`tables.warn must be a function, not ${describeValue(warn)}`);
  return { dir, partition, warn } as TablesOptions;
}

const TABLES_OPTION_KEYS = optionKeys<TablesOptions>({ dir: true, partition: true, warn: true });
const PREPARE_TABLES_OPTION_KEYS = optionKeys<PrepareTablesOptions>({ partition: true, goal: true, onProgress: true, signal: true });

/** The size argument of `call`: a string such as '4x4' (read by the tables) or { width, height }. */
function checkTablesSize(call: string, size: unknown): void {
  const sized =
    typeof size === 'string' ||
    (typeof size === 'object' &&
      size !== null &&
      Number.isInteger((size as { width?: unknown }).width) &&
      Number.isInteger((size as { height?: unknown }).height));
  if (!sized) throw new PuzzleInputError(`${call}: size must be like '4x4' or { width, height }, not ${describeValue(size)}`);
}

/** prepareTables(size, options): a size such as '4x4' or { width, height }, and options with a goal, partition, signal and onProgress. */
export function checkPrepareTables(size: unknown, value: unknown): PrepareTablesOptions | undefined {
  checkTablesSize('prepareTables', size);
  const options = checkOptionsObject('prepareTables options', value, '{ goal, partition, onProgress, signal }');
  if (options === undefined) return undefined;
  checkOptionKeys('prepareTables', options, PREPARE_TABLES_OPTION_KEYS);
  checkSignalAndProgress(options);
  if (options.partition !== undefined && typeof options.partition !== 'string') {
    throw new PuzzleInputError(`prepareTables: partition must be a partition name, not ${describeValue(options.partition)}`);
  }
  return options as PrepareTablesOptions;
}

const RELEASE_TABLES_OPTION_KEYS = optionKeys<ReleaseTablesOptions>({ goal: true, partition: true });

/** releaseTables(size, options): a size as prepareTables takes it, and options with a goal and a partition (the names themselves are checked by the tables). */
export function checkReleaseTables(size: unknown, value: unknown): ReleaseTablesOptions | undefined {
  checkTablesSize('releaseTables', size);
  const options = checkOptionsObject('releaseTables options', value, '{ goal, partition }');
  if (options === undefined) return undefined;
  checkOptionKeys('releaseTables', options, RELEASE_TABLES_OPTION_KEYS);
  if (options.partition !== undefined && typeof options.partition !== 'string') {
    throw new PuzzleInputError(`releaseTables: partition must be a partition name, not ${describeValue(options.partition)}`);
  }
  if (options.goal !== undefined && typeof options.goal !== 'string') {
    throw new PuzzleInputError(`releaseTables: goal must be 'blank-last', 'blank-first' or 'both', not ${describeValue(options.goal)}`);
  }
  return options as ReleaseTablesOptions;
}

/** A search's `partition` option: a partition of the board's size, by name; throws a PuzzleInputError naming the call and the nearest name. */
export function checkPartitionName(call: string, value: unknown, width: number, height: number): string {
  if (typeof value !== 'string') throw new PuzzleInputError(`${call}(): partition must be a partition name, not ${describeValue(value)}`);
  const known = partitionNames(width, height);
  if (known.length === 0) throw new PuzzleInputError(`${call}(): partition '${value}': ${width}x${height} boards have no PDB partition`);
  if (!known.includes(value)) {
    throw new PuzzleInputError(
      `${call}(): unknown partition '${value}' for ${width}x${height}${didYouMean(value, known) || `, expected ${choiceList(known)}`}`,
    );
  }
  return value;
}
