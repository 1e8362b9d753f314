/**
 * The benchmarks type-check (`// @ts-check` in each, bench/tsconfig.json):
 * two bench scripts drifted from the types they call (TablesProgress's
 * optional counts, a board's typed array) with no test to say so. Needs the
 * build: the scripts import dist/.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('bench/ type-checks with bench/tsconfig.json', () => {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'bench', 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
  expect(run.stdout + run.stderr).toBe('');
  expect(run.status).toBe(0);
}, 120_000);
