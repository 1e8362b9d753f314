/**
 * The web page in a real browser, for the tests in tests/web/ that drive it
 * (one file per folder of web/page/): builds web/ with Vite into a temporary
 * folder, serves it below a sub-path from a tiny static server on 127.0.0.1
 * (correct MIME types, so the .wasm compiles while streaming), and drives
 * headless Chromium with playwright-core: the system's, or the one the npm
 * package @sparticuz/chromium ships (./browser.ts says which). A file calls
 * usePage() once; any console error or uncaught exception on the page (served
 * over http), or any request to another host, then fails its test.
 *
 * Needs build/puzzlesearch.wasm (npm test builds it first).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchChromium } from './browser.js';
import { originOf, serveFolder } from './staticServer.js';
import { buildWebPage } from './webBuild.js';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The built folder is served below a sub-path, to show that its URLs are all relative. */
export const mount = '/some/where/';
/**
 * The same folder again, with the headers that make the page cross-origin
 * isolated (as `npm run web` and `vite preview` send them): then the solver
 * pool has SharedArrayBuffer and stops a search without ending its worker.
 */
export const isolatedMount = '/isolated/';
export const isolation = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

export let outDir = '';
export let server: Server | undefined;
export let browser: Browser | undefined;
export let base = '';
export let isolatedBase = '';

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions and requests to other hosts. */
  problems: string[];
}

export let session: Session | undefined;

/** Opens the page in a fresh context; `prepare` adds its own routes first (they take precedence over the check of hosts). */
export async function open(url = base, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    problems.push(`request to another host: ${url.href}`);
    return route.abort();
  });
  await prepare?.(context);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  session = { context, page, problems };
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  expect(await page.isVisible('#file-warning')).toBe(false);
  return page;
}

export const panel = (id: string) => `#panel-${id}`;

export async function loadText(page: Page, id: string, text: string): Promise<void> {
  await page.fill(`#${id}-text`, text);
  await page.click(`${panel(id)} button:text-is("Load text")`);
}

export async function boardText(page: Page, id: string): Promise<string> {
  return (await page.getAttribute(`#${id}-board`, 'data-board')) ?? '';
}

/** Presses Solve and waits for the answer; returns the length shown (null when unsolvable). */
export async function solve(page: Page, id: string, timeout = 120_000): Promise<number | null> {
  await page.click(`${panel(id)} button.primary`);
  await page.waitForSelector(`${panel(id)}[data-busy="false"] .result[data-solvable]`, { timeout });
  const length = await page.getAttribute(`${panel(id)} .result`, 'data-length');
  return length === null ? null : Number(length);
}

/** Plays the solution at full speed and waits for its end; returns the final board text. */
export async function playToEnd(page: Page, id: string, length: number): Promise<string> {
  await page.fill(`#${id}-speed`, '20');
  await page.click(`${panel(id)} .play-play`);
  await page.waitForSelector(`${panel(id)} .playback[data-index="${length}"]`, { timeout: 10_000 + length * 200 });
  await page.waitForSelector(`#${id}-board[data-goal="true"]`);
  // Playback steps are not the player's moves: the step shown says where the board stands, the counter stays at the player's (0 after a load).
  expect(await page.textContent(`${panel(id)} .playback-step`)).toBe(`Step ${length} of ${length}`);
  expect(await page.getAttribute(`${panel(id)} .counter`, 'data-moves')).toBe('0');
  return boardText(page, id);
}

/** Presses Compare engines and waits until both rows are filled and the panel is idle. */
export async function compareEngines(page: Page, id: string, timeout = 120_000): Promise<void> {
  await page.click(`${panel(id)} button:text-is("Compare engines")`);
  await page.waitForSelector(`${panel(id)}[data-busy="false"] tr[data-engine="ts"][data-nodes]`, { state: 'attached', timeout });
  await page.waitForSelector(`${panel(id)}[data-busy="false"] tr[data-engine="wasm"][data-nodes]`, { state: 'attached', timeout });
}

/**
 * The comparison's line agrees with the table: both engines timed the same
 * number of runs, and a ratio is shown exactly when both medians are at least
 * 1 ms, as the medians' quotient. Returns the ratio (null: too fast to compare).
 */
export async function expectFairComparison(page: Page, id: string): Promise<number | null> {
  const row = (engine: string, name: string) => page.getAttribute(`${panel(id)} tr[data-engine="${engine}"]`, name);
  const [wasmMs, tsMs] = [Number(await row('wasm', 'data-ms')), Number(await row('ts', 'data-ms'))];
  const runs = await row('wasm', 'data-runs');
  expect(Number(runs)).toBeGreaterThanOrEqual(1);
  expect(await row('ts', 'data-runs')).toBe(runs);
  const text = (await page.textContent(`${panel(id)} .speedup`)) ?? '';
  expect(text).not.toMatch(/Infinity|NaN/);
  const ratio = await page.getAttribute(`${panel(id)} .speedup`, 'data-ratio');
  if (wasmMs >= 1 && tsMs >= 1) {
    expect(Number(ratio)).toBeCloseTo(tsMs / wasmMs, 6);
    const shown = Number(ratio) >= 1 ? Number(ratio) : 1 / Number(ratio);
    expect(text).toContain(`${shown.toFixed(1)}× faster`);
    return Number(ratio);
  }
  expect(ratio).toBeNull();
  expect(text).toMatch(/^Too fast to compare/);
  return null;
}

export async function setEngine(page: Page, engine: 'wasm' | 'ts'): Promise<void> {
  await page.check(`input[name="engine"][value="${engine}"]`);
  await page.waitForSelector(`body[data-engine="${engine}"]`);
}

export const korf = readFileSync(join(repo, 'data/korf100.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
export const korf24 = readFileSync(join(repo, 'data/korf24.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));

// ---- Lights Out: the page's own panel, checked against a light-chasing solver written here ----

export const lights = panel('lights');

export async function lightsBoard(page: Page): Promise<number[][]> {
  const text = (await page.getAttribute('#lights-board', 'data-board')) ?? '';
  return text.split('/').map((row) => [...row].map(Number));
}

export async function setLightsOption(page: Page, selector: string, value: string): Promise<void> {
  await page.fill(selector, value);
  await page.dispatchEvent(selector, 'change');
}

export async function clickLightsCell(page: Page, row: number, col: number): Promise<void> {
  const canvas = page.locator('#lights-board canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const rows = Number(await page.getAttribute('#lights-board', 'data-rows'));
  const cols = Number(await page.getAttribute('#lights-board', 'data-cols'));
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / cols, box.y + ((row + 0.5) * box.height) / rows);
}

/** Presses Solve on the Lights Out panel and waits for its answer. */
export async function solveLights(page: Page, timeout = 120_000): Promise<void> {
  await page.click(`${lights} button.primary`);
  await page.waitForSelector(`${lights}[data-busy="false"] .result[data-solvable]`, { timeout });
}

/**
 * Registers the file's hooks: before its tests, the page built into a
 * temporary folder, served below a sub-path (plain and cross-origin
 * isolated) and a browser launched; after each test, its context closed and
 * no console error, uncaught exception or request to another host seen; at
 * the end, all of it taken down.
 */
export function usePage(): void {
  beforeAll(async () => {
    if (!existsSync(join(repo, 'build/puzzlesearch.wasm'))) {
      throw new Error('build/puzzlesearch.wasm is missing: run `npm run asbuild` first (`npm test` does)');
    }
    outDir = buildWebPage();
    server = await serveFolder(outDir, { [mount]: {}, [isolatedMount]: isolation });
    base = `${originOf(server)}${mount}`;
    isolatedBase = `${originOf(server)}${isolatedMount}`;
    ({ browser } = await launchChromium());
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    const current = session;
    session = undefined;
    if (!current) return;
    await current.context.close();
    expect(current.problems).toEqual([]);
  });
}
