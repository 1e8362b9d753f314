/**
 * The page says which build its workers run (issue 37, "Browser"): served
 * with the cross-origin isolation headers (COOP and COEP, as `npm run web`
 * and `vite preview` send them) its pool runs the shared-memory build and
 * the footer says "shared tables, 2 workers"; one worker builds the 6-6-3
 * tables into the one copy and, while it is busy, the other solves Korf's
 * 15-puzzles in their optimum on them. Served without the headers, the same
 * page runs the plain build, says "a copy of the tables per worker", and
 * solves the same on the copy the pool gave the second worker. The browser is given three cores, so
 * that the page starts two workers (it keeps one core for itself) on any
 * machine.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base, isolatedBase, korf, open, panel, setLightsOption, solve, usePage } from '../support/webPage.js';

usePage();

/** The page's navigator reports three cores: its pool then has two workers. */
const threeCores = (context: BrowserContext) => context.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 }));

const wasmLine = '#pool-status [data-engine="wasm"]';

async function solveKorf(page: Page, number: number): Promise<void> {
  await page.selectOption('#fifteen-korf', String(number));
  await page.click(`${panel('fifteen')} button:text-is("Load")`);
  expect(await solve(page, 'fifteen')).toBe(korf[number - 1]![16]);
  expect(await page.getAttribute(`${panel('fifteen')} .result .heuristic`, 'data-heuristic')).toBe('pdb');
  expect(await page.getAttribute(`${panel('fifteen')} .result .heuristic`, 'data-partition')).toBe('6-6-3');
}

describe('the page names the build its workers run', () => {
  it.each([
    ['with COOP/COEP: shared tables, built by one worker and read by the other', true],
    ['without them: the plain build, a copy of the tables per worker', false],
  ])('%s', async (_, isolated) => {
    const page = await open(isolated ? isolatedBase : base, threeCores);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolated);
    expect(await page.textContent('#pool-status')).toBe('The workers start with the first search.');
    // Korf's #79 builds the 6-6-3 tables for the blank-first goal on the first worker (an idle pool hands
    // calls to its first worker): with the shared build into the one copy, with the plain one into its
    // own, then copied to the other.
    await solveKorf(page, 79);
    expect(await page.getAttribute(panel('fifteen'), 'data-tables')).toBe('built');
    const line = page.locator(wasmLine);
    expect(await line.getAttribute('data-workers')).toBe('2');
    expect(await line.getAttribute('data-shared-tables')).toBe(String(isolated));
    expect(await line.textContent()).toBe(
      isolated
        ? 'WebAssembly: shared tables, 2 workers (one copy of the tables in shared memory; this page is cross-origin isolated).'
        : 'WebAssembly: 2 workers, a copy of the tables per worker (this page is not cross-origin isolated: its server sends no COOP/COEP headers).',
    );
    const calls = async () => (await line.getAttribute('data-calls'))!.split(',').map(Number);

    // The first worker busy with a Lights Out search that runs until cancelled (200x200 on a torus: a
    // kernel of dimension 64), the 15-puzzle goes to the second, which searches the tables it did not build.
    await setLightsOption(page, '#lights-rows', '200');
    await setLightsOption(page, '#lights-cols', '200');
    await page.check('#lights-torus');
    const before = await calls();
    await page.click(`${panel('lights')} button.primary`);
    await page.waitForSelector(`${panel('lights')}[data-busy="true"]`);
    await solveKorf(page, 88);
    // One call each (a call counts when it starts): the search on the first, still running, the 15-puzzle on the second.
    const after = await calls();
    expect(after.map((count, worker) => count - before[worker]!)).toEqual([1, 1]);
    expect(await page.getAttribute(panel('lights'), 'data-busy')).toBe('true');
    await page.click(`${panel('lights')} button:text-is("Cancel")`);
    await page.waitForSelector(`${panel('lights')}[data-busy="false"]`);
  });
});
