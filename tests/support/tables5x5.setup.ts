/**
 * Vitest global setup: the 24-puzzle's 6-6-6-6 tables, for both goals, built
 * once per run (a few minutes on one core) into a cache directory that the
 * test files read through `inject('tables5x5Dir')`. Building them once here
 * rather than in each file keeps the suite's time and memory down: a build
 * holds about 1.8 GB of wasm memory.
 *
 * PUZZLESEARCH_TEST_TABLES names a directory to use (and keep) instead, so
 * that repeated local runs load the tables rather than build them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSolver } from '../../src/api/solver.js';

declare module 'vitest' {
  export interface ProvidedContext {
    tables5x5Dir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kept = process.env.PUZZLESEARCH_TEST_TABLES;
  const dir = kept ?? (await mkdtemp(join(tmpdir(), 'puzzlesearch-tables5x5-')));
  const started = Date.now();
  const solver = await createSolver({ engine: 'wasm', tables: { dir } });
  await solver.prepareTables('5x5', { goal: 'both' });
  console.log(`5x5 tables ready in ${dir} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('tables5x5Dir', dir);
  return async () => {
    if (!kept) await rm(dir, { recursive: true, force: true });
  };
}
