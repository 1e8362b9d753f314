/**
 * The argument checks that the solver, the pool and the table calls share, in
 * one place and one wording: each throws a one-line PuzzleInputError naming
 * the argument and the value, at the call, before any work starts (never a
 * TypeError from deep inside, after a build round).
 */
import type { PrepareTablesOptions, TablesOptions } from '../pdb/tables.js';
import { PuzzleInputError, describeValue } from './boards.js';

/** `{ signal, onProgress }`, as every call that may run long takes them. */
export interface SignalAndProgress<P> {
  signal?: AbortSignal;
  onProgress?: (progress: P) => void;
}

function isAbortSignal(value: unknown): value is AbortSignal {
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
  if (typeof value !== 'object' || value === null) throw new PuzzleInputError(`${what} must be an object (${shape}), not ${describeValue(value)}`);
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
  const { dir, partition, warn, ...rest } = options;
  const extra = forPool && warn !== undefined ? 'warn' : Object.keys(rest)[0];
  if (extra !== undefined) {
    throw new PuzzleInputError(
      forPool
        ? `tables: unknown option '${extra}' for a pool, expected dir or partition (a function cannot cross to a worker)`
        : `tables: unknown option '${extra}', expected dir, partition or warn`,
    );
  }
  if (dir !== undefined && dir !== false && !(typeof dir === 'string' && dir.length > 0)) {
    throw new PuzzleInputError(`tables.dir must be a directory or false, not ${describeValue(dir)}`);
  }
  if (partition !== undefined && typeof partition !== 'string')
    throw new PuzzleInputError(`tables.partition must be a partition name, not ${describeValue(partition)}`);
  if (warn !== undefined && typeof warn !== 'function') throw new PuzzleInputError(`tables.warn must be a function, not ${describeValue(warn)}`);
  return { dir, partition, warn } as TablesOptions;
}

/** prepareTables(size, options): a size such as '4x4' or { width, height }, and options with a goal, partition, signal and onProgress. */
export function checkPrepareTables(size: unknown, value: unknown): PrepareTablesOptions | undefined {
  const sized =
    typeof size === 'string' ||
    (typeof size === 'object' &&
      size !== null &&
      Number.isInteger((size as { width?: unknown }).width) &&
      Number.isInteger((size as { height?: unknown }).height));
  if (!sized) throw new PuzzleInputError(`prepareTables: size must be like '4x4' or { width, height }, not ${describeValue(size)}`);
  const options = checkOptionsObject('prepareTables options', value, '{ goal, partition, onProgress, signal }');
  if (options === undefined) return undefined;
  checkSignalAndProgress(options);
  if (options.partition !== undefined && typeof options.partition !== 'string') {
    throw new PuzzleInputError(`prepareTables: partition must be a partition name, not ${describeValue(options.partition)}`);
  }
  return options as PrepareTablesOptions;
}
