/**
 * Table options are checked at the call (reliability round 3, D4): a solver,
 * a pool and prepareTables reject a bad value with a one-line
 * PuzzleInputError naming it, in the same words, before any work starts.
 */
import { describe, expect, it } from 'vitest';
import { PuzzleInputError } from '../../src/api/boards.js';
import { createSolver } from '../../src/api/solver.js';
import { createSolverPool } from '../../src/pool/outside.js';
import { rejection } from '../support/rejection.js';

describe('table options are checked at the call (D4)', () => {
  const badTables: Array<[unknown, string]> = [
    [{ dir: 123 }, 'tables.dir must be a directory or false, not 123'],
    [{ dir: '' }, "tables.dir must be a directory or false, not ''"],
    [null, 'tables must be an object ({ dir, partition, warn }), not null'],
    [{ partition: 7 }, 'tables.partition must be a partition name, not 7'],
    [{ warn: 'loud' }, "tables.warn must be a function, not 'loud'"],
  ];
  for (const [tables, message] of badTables) {
    it(`createSolver({ tables: ${JSON.stringify(tables)} })`, async () => {
      for (const engine of ['wasm', 'ts'] as const) {
        const error = await rejection(createSolver({ engine, tables: tables as never }));
        expect(error).toBeInstanceOf(PuzzleInputError);
        expect(error.message).toBe(message);
      }
    });
  }

  it('a pool takes the same words for the options it shares with a solver', async () => {
    for (const [tables, message] of [
      [{ dir: 123 }, badTables[0]![1]],
      [{ dir: '' }, badTables[1]![1]],
      [null, 'tables must be an object ({ dir, partition }), not null'],
    ] as const) {
      const error = await rejection(createSolverPool({ workers: 1, tables: tables as never }));
      expect(error).toBeInstanceOf(PuzzleInputError);
      expect(error.message).toBe(message);
    }
  });

  it('prepareTables rejects a bad size or options before building anything', async () => {
    const solver = await createSolver({ engine: 'ts', tables: { dir: false } });
    const cases: Array<[unknown[], string]> = [
      [[null], "prepareTables: size must be like '4x4' or { width, height }, not null"],
      [[42], "prepareTables: size must be like '4x4' or { width, height }, not 42"],
      [['3x3', 'fast'], "prepareTables options must be an object ({ goal, partition, onProgress, signal }), not 'fast'"],
      [['3x3', { onProgress: 'x' }], "onProgress must be a function, not 'x'"],
      [['3x3', { signal: 'x' }], "signal must be an AbortSignal, not 'x'"],
    ];
    for (const [args, message] of cases) {
      const error = await rejection((solver.prepareTables as (...a: unknown[]) => Promise<void>)(...args));
      expect(error, message).toBeInstanceOf(PuzzleInputError);
      expect(error.message).toBe(message);
    }
  });
});
