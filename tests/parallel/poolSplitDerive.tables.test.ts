/**
 * A worker lost mid-derivation, on the 24-puzzle: a pool of 2 on the shared
 * build derives the blank-last 6-6-6-6 tables from the blank-first ones
 * (every group read through a board symmetry, seconds each, reported every
 * quarter second), and a worker (a helper, or the leader) is killed at the
 * first report from inside a derivation. The call fails in one line naming
 * it, no derived table is left in the cache, and a later prepareTables on
 * the same pool derives the files the run's own build (the global setup's
 * `tables build`) wrote, byte for byte.
 *
 * Starts dist/pool/worker.js: run `npm run build` first.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import { builtModule } from '../support/builtPackage.js';
import { rejection } from '../support/rejection.js';
import { tables5x5Dir } from '../support/tables5x5.js';

let lib: typeof Package;
let outside: typeof Outside;
const dirs: string[] = [];

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const isSource = (file: string) => /^5x5-blank0-6-6-6-6-group\d\.pdb$/.test(file);
const isDerived = (file: string) => /^5x5-blank24-6-6-6-6-group\d\.pdb$/.test(file);

describe('a derivation split over the workers of a pool: a worker lost midway (5x5 6-6-6-6)', () => {
  for (const [lost, name] of [
    [1, 'a helper'],
    [0, 'the leader'],
  ] as const) {
    it(`${name} killed mid-derivation: the call fails naming it, no derived table is saved, and a later prepareTables derives the run's files`, async () => {
      const tables = await tables5x5Dir();
      const expected = readdirSync(tables).filter(isDerived).sort();
      expect(expected).toHaveLength(4);
      // A cache of its own holding only the blank-first tables: every blank-last group is derived from them.
      const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-split-derive-'));
      dirs.push(dir);
      for (const file of readdirSync(tables).filter(isSource)) copyFileSync(join(tables, file), join(dir, file));

      const pool = await lib.createSolverPool({ workers: 2, tables: { dir } });
      try {
        expect(pool.sharedTables).toBe(true);
        const internals = outside.poolInternals(pool);
        let killedAt: Package.TablesProgress | undefined;
        const onProgress = (progress: Package.TablesProgress) => {
          if (killedAt || progress.phase !== 'derive' || progress.settled === 0 || progress.settled >= progress.entries) return;
          killedAt = progress;
          internals.kill(lost);
        };
        const error = await rejection(pool.prepareTables('5x5', { goal: 'blank-last' }, { onProgress }));
        expect(killedAt).toBeDefined();
        expect(error.message).toMatch(
          new RegExp(
            `^prepareTables\\(\\): worker ${lost + 1} of 2 failed while the workers built the tables together \\(puzzlesearch pool worker was killed\\); no table was saved; call prepareTables again$`,
          ),
        );
        expect(readdirSync(dir).filter(isDerived)).toEqual([]);
        expect(pool.workers[lost]!.generation).toBe(2);

        const heard: Package.TablesProgress[] = [];
        await pool.prepareTables('5x5', { goal: 'blank-last' }, { onProgress: (progress) => heard.push(progress) });
        expect(heard.some((progress) => progress.phase === 'build')).toBe(false);
        expect(readdirSync(dir).filter(isDerived).sort()).toEqual(expected);
        for (const file of expected) expect(readFileSync(join(dir, file)).equals(readFileSync(join(tables, file))), file).toBe(true);
      } finally {
        await pool.terminate();
      }
    });
  }
});
