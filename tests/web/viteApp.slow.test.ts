/**
 * The package as a newcomer's browser app uses it (issue 22, section 1):
 * `npm pack`, the tarball installed into a fresh Vite app in a temporary
 * folder (offline: the tarball, and its one dependency linked from this
 * repository's node_modules), `vite build` with no config file at all, the
 * result served over http and run in headless Chromium; then the same app in
 * Vite's dev server. The app creates a
 * solver pool (a Web Worker that Vite bundles in its default format), handing
 * it the 4x4 move-pruning file as docs/pool.md says (`?url` of the package's
 * export, fetched with the page), and solves Korf #1 and a Lights Out board
 * in it, on the plain build (served without the cross-origin isolation
 * headers, the pool says it does not share tables); the answers are
 * replayed here with the shared oracles.
 *
 * Needs dist/ and build/ (npm test builds them first).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightsOutFewest, lightsOutStencils, replayLightsOut, replaySliding } from '../oracles.js';
import { launchChromium } from '../support/browser.js';
import { originOf, serveFolder } from '../support/staticServer.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** Korf's first instance (blank-first goal), 57 moves. */
const korf1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
const lights = [1, 0, 1, 0, 1, 0, 1, 1, 1];

/** The app's one module, as a newcomer writes it: import the package by name, no worker or wasm wiring; the pruning file as the docs say. */
const appMain = `import { createSolverPool } from 'puzzlesearch';
import pruning4x4 from 'puzzlesearch/pruning-4x4.bin?url';

async function run(): Promise<void> {
  const pool = await createSolverPool({ pruningFiles: { '4x4': pruning4x4 } });
  try {
    const korf = await pool.sliding(${JSON.stringify(korf1.join(' ').replace(/\b0\b/, 'x'))}, { goal: 'blank-first', heuristic: 'linear-conflict' });
    const lights = await pool.lightsOut(${JSON.stringify(lights.join('').replace(/(...)(?=.)/g, '$1\n'))});
    document.body.dataset.answer = JSON.stringify({ workers: pool.size, sharedTables: pool.sharedTables, korf: { length: korf.length, moves: korf.moves }, lights: { length: lights.length, presses: lights.presses } });
  } finally {
    await pool.terminate();
  }
}

run().catch((error: unknown) => {
  document.body.dataset.error = error instanceof Error ? error.name + ': ' + error.message : String(error);
});
`;

let folder = '';
let app = '';
let server: Server | undefined;
let browser: Browser | undefined;

/** The environment of a user's shell: vitest sets these, and Vite builds for development under NODE_ENV=test. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  return env;
}

function run(command: string, args: string[], cwd: string): string {
  const done = spawnSync(command, args, { cwd, env: userEnv(), encoding: 'utf8', timeout: 180_000 });
  if (done.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (${done.status ?? done.signal}):\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'puzzlesearch-vite-app-'));
  // --ignore-scripts: npm test has built dist/ and build/ already; prepack would build them again.
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: repo, stdio: 'ignore' });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');

  app = join(folder, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }, null, 2));
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html>\n<html><head><link rel="icon" href="data:,"></head><body><script type="module" src="/src/main.ts"></script></body></html>\n',
  );
  writeFileSync(join(app, 'src', 'main.ts'), appMain);
  run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(folder, tarball), join(repo, 'node_modules', '@assemblyscript', 'loader')],
    app,
  );
  // The repository's Vite, run in the app's folder: it resolves 'puzzlesearch' from the app's node_modules.
  run(process.execPath, [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], app);

  server = await serveFolder(join(app, 'dist'), { '/': {} });
  ({ browser } = await launchChromium());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

interface AppAnswer {
  workers: number;
  sharedTables: boolean;
  korf: { length: number; moves: string[] };
  lights: { length: number; presses: Array<{ row: number; col: number }> };
}

/** Opens the app at `url`, waits for its answer and checks it with the oracles; no console error, no failed request. */
async function checkApp(url: string): Promise<void> {
  const page = await browser!.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const pruningFiles: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
    // The file itself, not the dev server's module for the `?url` import, which has the same path.
    else if (response.request().resourceType() === 'fetch' && /pruning-4x4[^/]*\.bin$/.test(new URL(response.url()).pathname))
      pruningFiles.push(response.url());
  });
  try {
    await page.goto(url);
    await page.waitForSelector('body[data-answer], body[data-error]', { state: 'attached', timeout: 240_000 });
    expect(await page.getAttribute('body', 'data-error')).toBeNull();
    const answer = JSON.parse((await page.getAttribute('body', 'data-answer'))!) as AppAnswer;
    // The browser pool leaves the page a core: every core but one, at least one.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(answer.workers).toBe(Math.max(1, cores - 1));
    // Served with no COOP/COEP headers: the plain build, a copy of any tables per worker (issue 37).
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(answer.sharedTables).toBe(false);

    expect(answer.korf.length).toBe(57);
    expect(answer.korf.moves).toHaveLength(57);
    expect(replaySliding(korf1, 4, answer.korf.moves.join(''))).toEqual([0, ...Array.from({ length: 15 }, (_, i) => i + 1)]);

    const stencil = lightsOutStencils.cross(3, 3);
    const board = lights.reduce((bits, light, cell) => bits | (light << cell), 0);
    expect(answer.lights.length).toBe(lightsOutFewest(stencil, 3, 3, false)[board]);
    expect(replayLightsOut(lights, answer.lights.presses, stencil, 3, 3, false, 2)).toEqual(new Array(9).fill(0));
    expect(problems).toEqual([]);
    // Fetched once, by the pool, for its workers.
    expect(pruningFiles).toHaveLength(1);
  } finally {
    await page.close();
  }
}

describe('a fresh Vite app with the packed package', () => {
  it('builds with no config, and its pool solves Korf #1 and a Lights Out board in Chromium', async () => {
    await checkApp(`${originOf(server!)}/`);
  });

  it('runs the same in the Vite dev server, with no config', async () => {
    const dev = spawn(process.execPath, [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), '--host', '127.0.0.1', '--port', '0', '--strictPort', 'false'], {
      cwd: app,
      env: userEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let printed = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${printed}`)), 60_000);
        dev.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(printed.replace(/\x1b\[[0-9;]*m/g, ''));
          if (found) {
            clearTimeout(timer);
            resolve(found[0]);
          }
        });
        dev.on('exit', (code) => reject(new Error(`the dev server exited (${code}):\n${printed}`)));
      });
      await checkApp(url);
    } finally {
      dev.kill();
    }
  });
});
