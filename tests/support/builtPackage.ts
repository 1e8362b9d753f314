/**
 * The built package (dist/) as the tests of pools load it: the modules the
 * package's own code loads, the same instances, so that poolInternals knows
 * the pools the package made. A pool starts dist/pool/worker.js, so a missing
 * build is said at once, with what to run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The built module at `path` (from the package's root, e.g. 'dist/index.js'). */
export async function builtModule<T>(path: string): Promise<T> {
  if (!existsSync(join(packageRoot, 'dist/pool/worker.js'))) throw new Error('dist/pool/worker.js is missing: run `npm run build` first (`npm test` does)');
  return (await import(pathToFileURL(join(packageRoot, path)).href)) as T;
}
