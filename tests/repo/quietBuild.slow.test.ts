/**
 * A quiet build (issue 39): `npm run build` and `npm run build:web` print
 * warnings and errors, not notes. Each step runs here into a temporary folder,
 * as the scripts run it (never into dist/ or build/, which other tests read
 * while this one runs): the bundling step prints no file listing, Vite no
 * INEFFECTIVE_DYNAMIC_IMPORT, and asc no "Last converge was suboptimal.".
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'puzzlesearch-quiet-build-'));
  folders.push(made);
  return made;
};
/** A command as a user's shell runs it: without vitest's variables (TEST=true silences rolldown's listing, NODE_ENV=test makes Vite build for development). */
function shell(command: string, cwd: string) {
  const env = { ...process.env, PATH: `${join(repo, 'node_modules/.bin')}:${process.env.PATH}` };
  for (const name of Object.keys(env)) if (/^(VITEST.*|TEST|NODE_ENV|MODE)$/.test(name)) delete env[name];
  return spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', timeout: 600_000 });
}

describe('a quiet build', () => {
  it("tsbuild's bundling step prints nothing: no '<DIR>/bin.js chunk' listing", () => {
    // tsc's output and the bundling config in a folder of their own; the config bundles dist/ beside it.
    const copy = folder();
    expect(shell(`tsc -p ${join(repo, 'tsconfig.json')} --outDir ${join(copy, 'dist')}`, repo)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    cpSync(join(repo, 'rolldown.config.js'), join(copy, 'rolldown.config.js'));
    symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'));
    cpSync(join(repo, 'package.json'), join(copy, 'package.json'));
    const bundling = scripts.tsbuild!.split('&&').slice(1).join('&&').trim();
    const bundled = shell(bundling, copy);
    expect(bundled.status).toBe(0);
    expect(`${bundled.stdout}${bundled.stderr}`).toBe('');
    // It did bundle: the CLI is one file that runs.
    expect(readFileSync(join(copy, 'dist/cli/bin.js'), 'utf8')).not.toMatch(/from '\.\/main\.js'/);
  });

  it('the web build prints no INEFFECTIVE_DYNAMIC_IMPORT (nor any other warning)', () => {
    const out = folder();
    const built = shell(`vite build --config web/vite.config.ts --outDir ${out} --emptyOutDir --logLevel warn`, repo);
    expect(built.status).toBe(0);
    expect(`${built.stdout}${built.stderr}`).not.toMatch(/INEFFECTIVE_DYNAMIC_IMPORT/);
    // Less rolldown's PLUGIN_TIMINGS, which a loaded machine brings on (the share of the build Vite's own plugins took).
    const timings = /^(\x1b\[\d+m)?\[PLUGIN_TIMINGS\][\s\S]*?See https:\S+ for more details\.\n*/m;
    expect(`${built.stdout}${built.stderr}`.replace(timings, '')).toBe('');
  });

  // Each of asbuild's targets (the plain build and the shared-memory one) on its own, into a temporary folder.
  it.each(['puzzlesearch', 'puzzlesearch-shared'])(
    "asbuild's %s.wasm prints nothing, no 'Last converge was suboptimal.', and is the wasm the build holds",
    (name) => {
      const out = folder();
      const target = /--target (\S+)/g;
      const step = scripts.asbuild.split('&&').find((command) => command.includes(`--target ${name === 'puzzlesearch' ? 'release' : 'shared'}`));
      expect(step, `asbuild has no step for ${name}: ${scripts.asbuild}`).toBeDefined();
      expect([...step!.matchAll(target)]).toHaveLength(1);
      const built = shell(`${step!.trim()} -o ${join(out, `${name}.wasm`)} -t ${join(out, `${name}.wat`)}`, repo);
      expect(built.status).toBe(0);
      expect(`${built.stdout}${built.stderr}`).not.toMatch(/converge/);
      expect(`${built.stdout}${built.stderr}`.replace(/^\n?> .*\n/gm, '').trim()).toBe('');
      expect(readFileSync(join(out, `${name}.wasm`)).equals(readFileSync(join(repo, `build/${name}.wasm`)))).toBe(true);
    },
  );
});
