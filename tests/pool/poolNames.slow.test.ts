/**
 * A pool's errors name the method the caller called (reliability round 3): a
 * parallel search is made of inner calls (a lone try on one worker, a
 * solvable check, the shares), and their AbortErrors must not leak those
 * names. The pool runs dist/pool/worker.js: `npm test` builds it first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import { rejection } from '../support/rejection.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const korf = readFileSync(join(root, 'data/korf100.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
// Korf #3 takes the lone try past its node limit, so the search is well under way when it is stopped.
const hard = korf[2]!.slice(0, 16);

describe('pool errors name the method called', () => {
  it("an abort in sliding()'s lone-worker phase says sliding(); solveParallel() after terminate says solveParallel()", async () => {
    const lib = (await import(pathToFileURL(join(root, 'dist/index.js')).href)) as typeof Package;
    const pool = await lib.createSolverPool({ workers: 2, engine: 'wasm', tables: { dir: false } });
    const controller = new AbortController();
    const search = pool.sliding(hard, { goal: 'blank-first', heuristic: 'linear-conflict' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const aborted = await rejection(search);
    expect(aborted.name).toBe('AbortError');
    expect(aborted.message).toMatch(/^sliding\(\)/);
    await pool.terminate();
    const late = await rejection(pool.solveParallel(hard, { goal: 'blank-first' }));
    expect(late.name).toBe('AbortError');
    expect(late.message).toBe('solveParallel(): the solver pool was terminated');
  });
});
