/**
 * The 24-puzzle's 6-6-6-6 tables of the run (built by ./tables5x5.setup.ts in
 * the background): the directory, once the build has left its marker there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export const READY_MARK = 'tables-ready';
export const FAILED_MARK = 'tables-failed';

/** Waits (up to `timeoutMs`) for the build, then gives its directory; throws the build's error if it failed. */
export async function tables5x5Dir(timeoutMs = 900_000): Promise<string> {
  const dir = inject('tables5x5Dir');
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(join(dir, READY_MARK))) return dir;
    if (existsSync(join(dir, FAILED_MARK))) throw new Error(readFileSync(join(dir, FAILED_MARK), 'utf8'));
    if (Date.now() > until) throw new Error(`the 5x5 tables were not ready in ${dir} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
