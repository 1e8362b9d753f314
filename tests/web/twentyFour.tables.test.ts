/**
 * The web page in Chromium (tests/support/webPage.ts): the sliding panel at
 * 5x5 (web/page/sliding/): fits a phone, plays, loads Korf and Felner's
 * instances, answers the opening board by linear conflicts, says a missing
 * move-pruning file once, and builds its 6-6-6-6 tables once (the one full
 * build here, minutes) after a cancelled start, solving a scramble in the
 * optimum the library finds in Node.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/index.js';
import { expectTimeLeft } from '../support/estimateShown.js';
import { tables5x5Dir } from '../support/tables5x5.js';
import { originOf, serveFolder } from '../support/staticServer.js';
import type { Page } from 'playwright-core';
import { outDir, base, isolatedBase, session, open, panel, loadText, boardText, solve, playToEnd, korf24, usePage } from '../support/webPage.js';

usePage();

describe('the web page in Chromium', () => {
  // ---- the 24-puzzle: the same sliding panel at 5x5, with Korf and Felner's instances and the 6-6-6-6 tables ----
  const twentyfour = panel('twentyfour');
  const goal24 = Array.from({ length: 25 }, (_, i) => (i === 0 ? 'x' : String(i)));

  /** Board text (rows joined by '/') as 25 numbers, 0 = blank. */
  async function tiles24(page: Page): Promise<number[]> {
    return (await boardText(page, 'twentyfour')).split(/[ /]/).map((t) => (t === 'x' ? 0 : Number(t)));
  }

  /** The build rates this browser keeps (web/page/sliding/buildRates.ts). */
  async function keptRates(page: Page): Promise<Array<Record<string, number | string | boolean>>> {
    return page.evaluate(() => JSON.parse(localStorage.getItem('puzzlesearch-build-rates') ?? '[]'));
  }

  /** Rows of five joined by '/', as the board's data-board shows them. */
  function text24(tiles: readonly (number | string)[]): string {
    const cells = tiles.map((t) => (t === 0 || t === 'x' ? 'x' : String(t)));
    return [0, 1, 2, 3, 4].map((r) => cells.slice(r * 5, r * 5 + 5).join(' ')).join('/');
  }

  /** The blank moved one step (u/d/l/r), by the puzzle's rules as written here; null off the board. */
  function moveBlank24(tiles: readonly number[], move: string): number[] | null {
    const blank = tiles.indexOf(0);
    const [dr, dc] = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] }[move]!;
    const row = Math.floor(blank / 5) + dr;
    const col = (blank % 5) + dc;
    if (row < 0 || row > 4 || col < 0 || col > 4) return null;
    const next = [...tiles];
    next[blank] = next[row * 5 + col];
    next[row * 5 + col] = 0;
    return next;
  }

  it('24-puzzle: fits a 375 px phone; Scramble, clicks and arrow keys move tiles; Korf–Felner instances load with their tiles', async () => {
    const page = await open();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.locator(twentyfour).scrollIntoViewIfNeeded();
    expect(await page.locator('#twentyfour-board .cell').count()).toBe(25);
    expect(await page.inputValue('#twentyfour-goal')).toBe('blank-first');
    // No sideways scrolling, and the whole board is on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = (await page.locator('#twentyfour-board').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    for (const index of [0, 4, 24]) {
      const cell = (await page.locator(`#twentyfour-board .cell[data-index="${index}"]`).boundingBox())!;
      expect(cell.width).toBeGreaterThanOrEqual(36);
      expect(cell.x + cell.width).toBeLessThanOrEqual(375);
    }
    const shots = process.env.LIGHTS_SCREENSHOTS ?? outDir;
    mkdirSync(shots, { recursive: true });
    await page.locator(twentyfour).screenshot({ path: join(shots, 'twentyfour-phone.png') });

    // Scramble: 30 random moves from the goal give a permutation of the 25 tiles, off the goal.
    await page.selectOption('#twentyfour-depth', '30');
    await page.click(`${twentyfour} button:text-is("Scramble")`);
    let tiles = await tiles24(page);
    expect([...tiles].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(text24(tiles)).not.toBe(text24(goal24));
    expect(await page.getAttribute(`${twentyfour} .counter`, 'data-moves')).toBe('0');

    // A tap on a tile beside the blank slides it; a tile away from the blank stays.
    const blank = tiles.indexOf(0);
    const far = [0, 4, 20, 24].find((corner) => Math.abs(Math.floor(corner / 5) - Math.floor(blank / 5)) + Math.abs((corner % 5) - (blank % 5)) > 1)!;
    await page.click(`#twentyfour-board .cell[data-index="${far}"]`);
    expect(await tiles24(page)).toEqual(tiles);
    const step = ['u', 'd', 'l', 'r'].find((move) => moveBlank24(tiles, move) !== null)!;
    const expected = moveBlank24(tiles, step)!;
    await page.click(`#twentyfour-board .cell[data-index="${expected.indexOf(0)}"]`);
    expect(await tiles24(page)).toEqual(expected);
    expect(await page.getAttribute(`${twentyfour} .counter`, 'data-moves')).toBe('1');
    tiles = expected;

    // Arrow keys move the blank while the board has focus.
    await page.focus('#twentyfour-board');
    for (const [key, move] of [
      ['ArrowUp', 'u'],
      ['ArrowLeft', 'l'],
      ['ArrowDown', 'd'],
      ['ArrowRight', 'r'],
    ]) {
      const next = moveBlank24(tiles, move);
      await page.keyboard.press(key);
      if (next) tiles = next;
      expect(await tiles24(page)).toEqual(tiles);
    }

    // Korf and Felner's instances, straight from data/korf24.txt.
    for (const number of [1, 37, 50]) {
      await page.selectOption('#twentyfour-korf', String(number));
      await page.click(`${twentyfour} button:text-is("Load")`);
      const line = korf24[number - 1];
      expect(await boardText(page, 'twentyfour')).toBe(text24(line.slice(0, 25)));
      expect(await page.getAttribute(twentyfour, 'data-korf-optimum')).toBe(String(line[25]));
      expect(await page.inputValue('#twentyfour-goal')).toBe('blank-first');
      expect(await page.textContent(`${twentyfour} .result`)).toContain(`instance #${number}: optimum ${line[25]} moves`);
    }
    expect(await page.locator('#twentyfour-korf option').count()).toBe(50);
    // Still no sideways scrolling with the instance's note shown.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  /** The keys of this page's IndexedDB table store ([] when it has none yet). */
  function storedTables(page: Page): Promise<string[]> {
    return page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const request = indexedDB.open('puzzlesearch-tables');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('tables')) {
              db.close();
              resolve([]);
              return;
            }
            const keys = db.transaction('tables').objectStore('tables').getAllKeys();
            keys.onsuccess = () => {
              db.close();
              resolve(keys.result.map(String));
            };
          };
        }),
    );
  }

  it('24-puzzle: the opening 3-move board on the PDB heuristic is answered by linear conflicts, optimal, with no table build', async () => {
    const page = await open();
    expect(await page.inputValue('#twentyfour-heuristic')).toBe('pdb');
    expect(await page.textContent('#twentyfour-heuristic option[value="pdb"]')).toContain('6-6-6-6');
    // What the tables cost and when they are built: under the choice (an option that long was cut off).
    expect(await page.textContent('#twentyfour-heuristic-note')).toContain('built for the first board that needs them');
    // Every state the progress line goes through, from before the click.
    await page.evaluate(() => {
      const line = document.querySelector('#panel-twentyfour .progress')!;
      const seen: string[] = [];
      (window as unknown as { tablesSeen: string[] }).tablesSeen = seen;
      new MutationObserver(() => seen.push(`${(line as HTMLElement).dataset.tables ?? ''}|${line.textContent}`)).observe(line, {
        attributes: true,
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    expect(await solve(page, 'twentyfour')).toBe(3);
    expect(await page.getAttribute(twentyfour, 'data-tables')).toBe('skipped');
    expect(await page.getAttribute(`${twentyfour} .result .heuristic`, 'data-heuristic')).toBe('linear-conflict');
    expect(await page.textContent(`${twentyfour} .result`)).toMatch(
      /Answered on linear conflicts within 30,000,000 nodes, so the 6-6-6-6 tables were not built/,
    );
    const seen = await page.evaluate(() => (window as unknown as { tablesSeen: string[] }).tablesSeen);
    expect(seen.some((state) => state.includes('Trying linear conflicts first'))).toBe(true);
    expect(seen.filter((state) => /^(build|start|derive|load)\||Building|pattern database/.test(state))).toEqual([]);
    expect(await page.isVisible(`${twentyfour} .tables-box`)).toBe(false);
    expect(await storedTables(page)).toEqual([]);
    expect(await playToEnd(page, 'twentyfour', 3)).toBe(text24(goal24));
  });

  it('24-puzzle: a move-pruning file the server does not give is said once on the console, and the opening board is still answered', async () => {
    const page = await open(base, (context) => context.route('**/pruning-5x5-*.bin', (route) => route.fulfill({ status: 404, body: 'not found' })));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('pruningFiles')) warnings.push(message.text());
    });
    const warned = page.waitForEvent('console', { predicate: (message) => message.text().includes('pruningFiles'), timeout: 60_000 });
    expect(await solve(page, 'twentyfour')).toBe(3);
    await warned;
    expect(await playToEnd(page, 'twentyfour', 3)).toBe(text24(goal24));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^puzzlesearch: pruningFiles\['5x5'\] \(http:\/\/127\.0\.0\.1:\d+\/some\/where\/assets\/pruning-5x5-[\w-]+\.bin\): HTTP 404\b.*; the workers build that machine instead$/,
    );
    // The browser's own line for the refused file is expected here (once); any other problem still fails the test.
    const problems = session!.problems;
    const refused = problems.filter((problem) => problem.startsWith('console error: Failed to load resource: the server responded with a status of 404'));
    expect(refused).toHaveLength(1);
    problems.splice(problems.indexOf(refused[0]!), 1);
  });

  it('24-puzzle: the groups already in IndexedDB are loaded, not built; a board linear conflicts do not settle starts the build of the last, said with its time and memory on this machine; Cancel stops it at once; the next Solve builds it (per group and overall) and solves the board in the optimum found in Node', async () => {
    const page = await open(isolatedBase);
    expect(await page.inputValue('#twentyfour-heuristic')).toBe('pdb');
    // 56 moves from the goal (a 74-move random walk): linear conflicts do not
    // settle it within the 30M nodes the page tries first, the 6-6-6-6 tables in 376K.
    await loadText(page, 'twentyfour', '6 12 7 4 24\n5 2 1 3 9\n8 10 11 13 14\n16 20 17 18 23\n15 21 x 22 19');
    const start = await tiles24(page);

    // The optimum, by the library in Node with the prebuilt tables; and the try the page makes first, which stops.
    const tablesDir = await tables5x5Dir();
    const solver = await createSolver({ engine: 'wasm', tables: { dir: tablesDir } });
    const board = text24(start).replace(/\//g, '\n');
    expect(solver.sliding(board, { goal: 'blank-first', heuristic: 'linear-conflict', maxNodes: 30_000_000 }).status).toBe('stopped');
    await solver.prepareTables('5x5', { goal: 'blank-first' });
    const expected = solver.sliding(board, { goal: 'blank-first' });
    expect(expected.length).toBe(56);
    expect(expected.stats.heuristic).toBe('pdb');

    // Three of the four groups in this browser's store, as a build cancelled
    // after them leaves them (the same files, built in Node): group 1 is
    // built, groups 2 and 3 are its mirror images. The page must load them
    // and build group 4 alone (the whole build here took about three minutes).
    const files = [0, 1, 2].map((group) => `5x5-blank0-6-6-6-6-group${group}.pdb`);
    const tablesServer = await serveFolder(tablesDir, { '/': { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' } });
    try {
      const stored = await page.evaluate(
        async ({ origin, names }) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const request = indexedDB.open('puzzlesearch-tables', 1);
            request.onupgradeneeded = () => {
              if (!request.result.objectStoreNames.contains('tables')) request.result.createObjectStore('tables');
            };
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          let bytes = 0;
          for (const name of names) {
            const buffer = await (await fetch(`${origin}/${name}`)).arrayBuffer();
            bytes += buffer.byteLength;
            await new Promise<void>((resolve, reject) => {
              const transaction = db.transaction('tables', 'readwrite');
              transaction.objectStore('tables').put(buffer, name);
              transaction.oncomplete = () => resolve();
              transaction.onerror = () => reject(transaction.error);
            });
          }
          db.close();
          return bytes;
        },
        { origin: originOf(tablesServer), names: files },
      );
      expect(stored).toBe(files.reduce((sum, name) => sum + statSync(join(tablesDir, name)).size, 0));
    } finally {
      await new Promise((resolve) => tablesServer.close(resolve));
    }

    // The try on linear conflicts stops; this browser has timed no build, so a trial build times the machine first
    // (a 6-tile 4x4 table: at most a twentieth of the build); then the build is said before it starts: what it builds,
    // its time at the trial's rate, and its memory (one 6-tile build's 1.53 GB of blank sets and the four tables' 255 MB).
    await page.click(`${twentyfour} button.primary`);
    await page.waitForSelector(`${twentyfour} .progress[data-tables="trial"]`, { timeout: 120_000 });
    expect(await page.textContent(`${twentyfour} .tables-estimate`)).toMatch(
      /^On this machine: 1\.8 GB of memory while building; timing a trial build here first/,
    );
    // Read in the page as it is shown: the loads of the kept groups follow at once.
    const starting = await page.waitForFunction(
      () => {
        const line = document.querySelector<HTMLElement>('#panel-twentyfour .progress')!;
        const estimate = document.querySelector<HTMLElement>('#panel-twentyfour .tables-estimate')!;
        return (
          line.dataset.tables === 'start' && {
            line: line.textContent,
            estimate: estimate.textContent,
            memory: estimate.dataset.memoryBytes,
            totalMs: estimate.dataset.totalMs,
            leftMs: estimate.dataset.leftMs,
            basis: estimate.dataset.basis,
          }
        );
      },
      undefined,
      { timeout: 120_000 },
    );
    const shown = (await starting.jsonValue()) as { line: string; estimate: string; memory: string; totalMs: string; leftMs: string; basis: string };
    expect(shown.line).toMatch(/^Starting the 6-6-6-6 pattern database \(1 table to build, 3 kept in this browser\) on WebAssembly/);
    expect(shown.memory).toBe(String(127_512_000 * 3 * 4 + 4 * 63_756_000));
    expect(shown.estimate).toMatch(
      /^On this machine: about (\d+ (seconds|minutes)|a few seconds) or more \(measured just now: a trial 6-tile 4x4 table built in \d+\.\d s\); 1\.8 GB of memory while building\.$/,
    );
    // The time: the one table's entries at the trial's rate, as kept in this browser.
    const trialBuild = (await keptRates(page)).find((rate) => rate.trial === true && rate.making === 'build')!;
    expect(trialBuild).toMatchObject({ engine: 'wasm', cells: 16, tiles: 6, entries: 5_765_760 });
    const trialMs = Number(trialBuild.ms);
    expectTimeLeft(shown, (127_512_000 * trialMs) / 5_765_760);
    expect(shown.basis).toBe('earlier');
    // The build starts with its bars and its note, at the last group.
    await page.waitForSelector(`${twentyfour} .progress[data-tables="build"]`, { timeout: 120_000 });
    expect(await page.textContent(`${twentyfour} .progress`)).toMatch(/\(group 4 of 4, \d+%\)/);
    expect(await page.isVisible(`${twentyfour} .tables-bar`)).toBe(true);
    expect(await page.isVisible(`${twentyfour} .group-bar`)).toBe(true);
    expect(await page.textContent(`${twentyfour} .progress`)).toMatch(/Building the 6-6-6-6 pattern database \(group \d of 4, \d+%\)/);
    expect(await page.textContent(`${twentyfour} .tables-note`)).toMatch(/one-time build.*kept in this browser/);
    expect(await page.textContent(`${twentyfour} .tables-box`)).toMatch(/Group \d of 4/);
    const shots = process.env.LIGHTS_SCREENSHOTS ?? outDir;
    mkdirSync(shots, { recursive: true });
    // Once the first rounds are timed, the time, measured on this build, long before the bar is full; then Cancel answers at once.
    await page.waitForSelector(`${twentyfour} .tables-estimate[data-basis="build"]`, { timeout: 120_000 });
    const estimate = (await page.textContent(`${twentyfour} .tables-estimate`)) ?? '';
    expect(estimate).toMatch(
      /^On this machine: about (\d+ (seconds|minutes)|a few seconds) in all, .* left \(measured on this build\); 1\.8 GB of memory while building\.$/,
    );
    expect(Number(await page.getAttribute(`${twentyfour} .tables-estimate`, 'data-total-ms'))).toBeGreaterThan(0);
    expect(Number(await page.$eval(`${twentyfour} .group-bar`, (bar) => (bar as HTMLProgressElement).value))).toBeLessThan(1);
    console.log(`24-puzzle in Chromium: the build of one 6-tile table estimated before it started: ${shown.estimate}; on its first rounds: ${estimate}`);
    await page.locator(`${twentyfour} fieldset.group >> nth=1`).screenshot({ path: join(shots, 'twentyfour-build.png') });
    await page.click(`${twentyfour} button:text-is("Cancel")`);
    await page.waitForSelector(`${twentyfour}[data-busy="false"]`, { timeout: 5_000 });
    expect(await page.textContent(`${twentyfour} .result`)).toContain('cancelled');
    expect(await page.getAttribute(`${twentyfour} .result`, 'data-length')).toBeNull();
    expect(await page.isVisible(`${twentyfour} .tables-box`)).toBe(false);
    expect(await page.textContent(`${twentyfour} .tables-estimate`)).toBe('');
    // The table it stopped is not timed: the trial's rates only.
    expect((await keptRates(page)).every((rate) => rate.trial)).toBe(true);
    // The page is still playable: a tile slides, and Undo puts it back.
    const movable = await page.getAttribute(`#twentyfour-board .cell.movable >> nth=0`, 'data-index');
    await page.click(`#twentyfour-board .cell[data-index="${movable}"]`);
    expect(await page.getAttribute(`${twentyfour} .counter`, 'data-moves')).toBe('1');
    await page.click(`${twentyfour} button:text-is("Undo")`);
    expect(await tiles24(page)).toEqual(start);

    // Solve again: straight to the rest of the build (group 4: the board was tried already), both bars filling, then the search and its answer.
    await page.click(`${twentyfour} button.primary`);
    await page.waitForSelector(`${twentyfour} .tables-estimate[data-total-ms]`, { timeout: 120_000 });
    const estimatedMs = Number(await page.getAttribute(`${twentyfour} .tables-estimate`, 'data-total-ms'));
    await page.waitForFunction(() => Number((document.querySelector('#panel-twentyfour .group-bar') as HTMLProgressElement | null)?.value) > 0, undefined, {
      timeout: 300_000,
    });
    await page.waitForSelector(`${twentyfour}[data-busy="false"] .result[data-solvable]`, { timeout: 1_500_000 });
    expect(await page.getAttribute(twentyfour, 'data-tables')).toBe('built');
    const builtMs = Number(await page.getAttribute(twentyfour, 'data-tables-ms'));
    expect(await page.getAttribute(`${twentyfour} .result`, 'data-length')).toBe(String(expected.length));
    expect(await page.getAttribute(`${twentyfour} .result .heuristic`, 'data-partition')).toBe('6-6-6-6');
    const solveMs = Number(await page.getAttribute(`${twentyfour} tr[data-engine="wasm"]`, 'data-ms'));
    // Its table's time is kept for the next estimate of a 6-tile 5x5 table.
    const built = (await keptRates(page)).find((rate) => rate.cells === 25)!;
    expect(built).toMatchObject({ engine: 'wasm', making: 'build', tiles: 6, entries: 127_512_000, trial: false });
    expect(Number(built.ms)).toBeLessThan(builtMs);
    console.log(
      `24-puzzle in Chromium: a 6-tile 5x5 table built in ${(Number(built.ms) / 1000).toFixed(1)} s, ${((Number(built.ms) / 127_512_000) * 1e6).toFixed(0)} ns an entry; the trial's 6-tile 4x4 table ${(trialMs / 1000).toFixed(1)} s, ${((trialMs / 5_765_760) * 1e6).toFixed(0)} ns an entry`,
    );
    console.log(
      `24-puzzle in Chromium: 6-6-6-6 tables built in ${(builtMs / 1000).toFixed(1)} s (estimated at first ${(estimatedMs / 1000).toFixed(1)} s); a ${expected.length}-move position solved in ${solveMs.toFixed(0)} ms`,
    );

    // The moves, replayed here from the start, reach the goal; and so does the page's playback.
    const moves = ((await page.textContent(`${twentyfour} .judge-output`)) ?? '').split('');
    expect(moves).toHaveLength(expected.length!);
    let replayed: number[] = start;
    for (const move of moves) replayed = moveBlank24(replayed, move)!;
    expect(text24(replayed)).toBe(text24(goal24));
    expect(await playToEnd(page, 'twentyfour', expected.length!)).toBe(text24(goal24));

    // A second position: the tables are ready in every worker, nothing is built.
    await page.selectOption('#twentyfour-depth', '20');
    await page.click(`${twentyfour} button:text-is("Scramble")`);
    const second = await tiles24(page);
    const optimum = solver.sliding(text24(second).replace(/\//g, '\n'), { goal: 'blank-first' }).length;
    expect(await solve(page, 'twentyfour')).toBe(optimum);
    expect(await page.getAttribute(twentyfour, 'data-tables')).toBe('ready');

    // A long search (Korf and Felner's #1, 95 moves) shows its bound and nodes; Cancel stops it and keeps the tables.
    const workers = Number(await page.getAttribute(twentyfour, 'data-workers'));
    await page.selectOption('#twentyfour-korf', '1');
    await page.click(`${twentyfour} button:text-is("Load")`);
    await page.click(`${twentyfour} button.primary`);
    await page.waitForSelector(`${twentyfour}[data-busy="true"] .progress[data-nodes]`, { timeout: 60_000 });
    expect(await page.textContent(`${twentyfour} .progress`)).toMatch(/IDA\* bound \d+ · [\d,]+ nodes so far/);
    await page.click(`${twentyfour} button:text-is("Cancel")`);
    await page.waitForSelector(`${twentyfour}[data-busy="false"]`, { timeout: 5_000 });
    expect(await page.textContent(`${twentyfour} .result`)).toContain('stays ready');
    expect(Number(await page.getAttribute(twentyfour, 'data-workers'))).toBe(workers);
    await page.click(`${twentyfour} button:text-is("Example")`);
    expect(await solve(page, 'twentyfour')).toBe(3);
    expect(await page.getAttribute(twentyfour, 'data-tables')).toBe('ready');
    expect(await playToEnd(page, 'twentyfour', 3)).toBe(text24(goal24));
  }, 1_800_000);
});
