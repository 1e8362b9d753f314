/**
 * The web page as `npm run build:web` makes it, built by Vite into a new
 * temporary folder for a browser test (tests/web/*.test.ts): the folder's path.
 * Run as a user's shell runs it (vitest's NODE_ENV and VITEST removed, or
 * Vite builds for development).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export function buildWebPage(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'puzzlesearch-web-'));
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  const vite = join(repo, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', join(repo, 'web/vite.config.ts'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  const built = spawnSync(process.execPath, args, { cwd: repo, env, encoding: 'utf8', timeout: 120_000 });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
  return outDir;
}
