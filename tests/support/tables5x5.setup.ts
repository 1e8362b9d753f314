/**
 * Vitest global setup: the 24-puzzle's 6-6-6-6 tables, for both goals, built
 * once per run (a few minutes on one core) into a cache directory that the
 * test files read through `tables5x5Dir()` (./tables5x5.ts). Building them
 * once here rather than in each file keeps the suite's time and memory down:
 * a build holds about 1.8 GB of wasm memory.
 *
 * The build runs in a child process (`puzzlesearch tables build`) and this
 * setup returns at once: the other test files run while it builds (it took
 * 213 s before any test started when the setup waited for it), and a test
 * that needs the tables waits for the marker the build leaves.
 *
 * PUZZLESEARCH_TEST_TABLES names a directory to use (and keep) instead, so
 * that repeated local runs load the tables rather than build them.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { FAILED_MARK, READY_MARK } from './tables5x5.js';

declare module 'vitest' {
  export interface ProvidedContext {
    tables5x5Dir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kept = process.env.PUZZLESEARCH_TEST_TABLES;
  const dir = kept ?? (await mkdtemp(join(tmpdir(), 'puzzlesearch-tables5x5-')));
  // A kept directory may hold the marks of an earlier run.
  if (kept) await Promise.all([READY_MARK, FAILED_MARK].map((mark) => rm(join(dir, mark), { force: true })));
  const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
  const started = Date.now();
  // Set once this run ends and stops the build.
  let ending = false;
  // `tables build` loads what the directory holds already and builds the rest.
  const child = spawn(process.execPath, [bin, 'tables', 'build', '--size', '5x5', '--goal', 'both'], {
    env: { ...process.env, PUZZLESEARCH_CACHE: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = `${errors}${chunk.toString()}`.slice(-2000);
  });
  const done = new Promise<void>((resolve) => {
    child.on('close', (status) => {
      // Stopped by this run's own end (below): no verdict to leave for another run sharing a kept directory.
      if (ending) return resolve();
      if (status === 0) {
        writeFileSync(join(dir, READY_MARK), '');
        console.log(`5x5 tables ready in ${dir} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else {
        writeFileSync(join(dir, FAILED_MARK), `tables build exited ${status}: ${errors.trim().split('\n').slice(-3).join(' / ')}`);
      }
      resolve();
    });
  });
  project.provide('tables5x5Dir', dir);
  return async () => {
    ending = true;
    child.kill();
    await done;
    if (!kept) await rm(dir, { recursive: true, force: true });
    else await rm(join(dir, READY_MARK), { force: true });
  };
}
