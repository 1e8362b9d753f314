/**
 * The path a newcomer's `npm test` takes when the machine has no Chromium of
 * its own: the headless Chromium inside the devDependency @sparticuz/chromium
 * (tests/support/browser.ts). CI installs no system Chromium, so the browser
 * tests take this path there too; this test names the failure if it breaks
 * (it did: the package root was taken as one folder above the entry point,
 * which lies in build/cjs/, and every browser test failed with ENOENT).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromNpmPackage, packageRoot } from '../support/browser.js';

describe('the bundled Chromium', () => {
  it('finds the package root above an entry point folders deep', () => {
    const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
    const { packageDir, version } = packageRoot(entry, '@sparticuz/chromium');
    expect(existsSync(join(packageDir, 'bin', 'chromium.br'))).toBe(true);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('skips a nested package.json of another name, and says when there is none', () => {
    const root = mkdtempSync(join(tmpdir(), 'puzzlesearch-root-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'wanted', version: '1.2.3' }));
    mkdirSync(join(root, 'build', 'esm'), { recursive: true });
    writeFileSync(join(root, 'build', 'package.json'), JSON.stringify({ type: 'module' }));
    const entry = join(root, 'build', 'esm', 'index.js');
    expect(packageRoot(entry, 'wanted')).toEqual({ packageDir: root, version: '1.2.3' });
    expect(() => packageRoot(entry, 'absent')).toThrow(/no package.json naming absent/);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')('unpacks a Chromium that runs', async () => {
    const found = await fromNpmPackage('test');
    const run = spawnSync(found.executablePath, ['--headless', '--no-sandbox', '--version'], {
      encoding: 'utf8',
      env: { ...process.env, ...found.env },
      timeout: 60_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.stdout).toMatch(/Chromium \d+/);
  });
});
