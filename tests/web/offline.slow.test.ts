/**
 * The built page offline (issue 22, section 4): served once over http, its
 * service worker (web/serviceWorker.ts) keeps the build's files; then the
 * server is stopped and the browser taken offline, and the page, reloaded,
 * must still load, start its workers and their WebAssembly, and solve. Without
 * the service worker the reload itself fails.
 *
 * Needs build/puzzlesearch.wasm (npm test builds it first).
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { originOf, serveFolder } from '../support/staticServer.js';
import { buildWebPage } from '../support/webBuild.js';

let outDir = '';
let server: Server | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  outDir = buildWebPage();
  ({ browser } = await launchChromium());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopServer();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}

async function solve(page: Page, id: string, board: string): Promise<number> {
  const panel = `#panel-${id}`;
  await page.fill(`#${id}-text`, board);
  await page.click(`${panel} button:text-is("Load text")`);
  await page.click(`${panel} button.primary`);
  await page.waitForSelector(`${panel}[data-busy="false"] .result[data-solvable="true"]`, { timeout: 60_000 });
  return Number(await page.getAttribute(`${panel} .result`, 'data-length'));
}

describe('the built page offline', () => {
  it('reloaded with the server stopped and the browser offline, loads from its service worker and solves a Flip board and an 8-puzzle on WebAssembly', async () => {
    server = await serveFolder(outDir, { '/app/': {} });
    const base = `${originOf(server)}/app/`;
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(base);
      await page.waitForSelector('body[data-ready="true"]');
      // Installed (the build's files cached) and in control of this page.
      await page.waitForSelector('body[data-offline="ready"]', { timeout: 30_000 });
      const cached = await page.evaluate(async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find((name) => name.startsWith('puzzlesearch-page '))!);
        return { names, files: (await cache.keys()).map((request) => new URL(request.url).pathname) };
      });
      expect(cached.names).toHaveLength(1);
      expect(cached.files).toEqual(expect.arrayContaining(['/app/', '/app/index.html']));
      for (const suffix of ['.js', '.css', '.wasm']) expect(cached.files.some((file) => file.endsWith(suffix))).toBe(true);

      await stopServer();
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      expect(await page.isVisible('#file-warning')).toBe(false);
      expect(await page.getAttribute('body', 'data-engine')).toBe('wasm');
      expect(await solve(page, 'flip', 'bwwb\nbbwb\nbwwb\nbwww')).toBe(4);
      expect(await solve(page, 'eight', '2 3 4\n1 5 x\n7 6 8')).toBe(19);
      expect(await page.textContent('#panel-eight tr[data-engine="wasm"]')).toMatch(/\d/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
