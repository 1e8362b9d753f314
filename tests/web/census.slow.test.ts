/**
 * The web page in Chromium (tests/support/webPage.ts): the census panel
 * (web/page/census/): the 3x3 counted on both engines as a plain BFS does, a
 * count cancelled, and the shipped 3x4 from either corner.
 */
import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/index.js';
import { slidingCensus } from '../oracles.js';
import { open, panel, setEngine, usePage } from '../support/webPage.js';

usePage();

describe('the web page in Chromium', () => {
  it('census: counts the 3x3 on both engines as a plain BFS does, cancels a count, and shows the shipped 3x4 from either corner', async () => {
    const page = await open();
    const census = panel('census');
    const bars = () => page.$$eval(`${census} rect`, (rects) => rects.map((rect) => Number(rect.getAttribute('data-count'))));
    const counted = async () => {
      await page.click(`${census} button.primary`);
      await page.waitForSelector(`${census}[data-busy="false"] .census-summary[data-gods-number]`);
      return Number(await page.getAttribute(`${census} .census-summary`, 'data-gods-number'));
    };
    const oracle = slidingCensus([1, 2, 3, 4, 5, 6, 7, 8, 0], 3);
    await page.selectOption('#census-size', '3x3');
    for (const engine of ['wasm', 'ts'] as const) {
      await setEngine(page, engine);
      expect(await counted()).toBe(31);
      expect(await bars()).toEqual(oracle.counts);
      expect(await page.textContent(`${census} .census-summary`)).toContain(engine === 'wasm' ? 'WebAssembly' : 'TypeScript twin');
    }

    await page.selectOption('#census-size', '2x5');
    await page.click(`${census} button.primary`);
    await page.waitForSelector(`${census} .progress:not([hidden])`);
    await page.click(`${census} button:text-is("Cancel")`);
    await page.waitForSelector(`${census}[data-busy="false"] .message.info`);
    expect(await page.textContent(`${census} .message.info`)).toMatch(/^Census cancelled/);
    expect(await counted()).toBe(55);

    // The 12-cell boards come from data/census12.json at once, no button needed.
    await page.selectOption('#census-size', '3x4');
    await page.waitForSelector(`${census} .census-summary[data-gods-number="53"]`);
    expect((await bars()).at(-1)).toBe(18);
    expect((await bars()).reduce((a, b) => a + b, 0)).toBe(239_500_800);
    await page.selectOption('#census-goal', 'blank-first');
    await page.waitForSelector(`${census} .census-summary[data-gods-number="53"]`);
    const pictures = await page.$$eval(`${census} .census-board`, (boards) =>
      boards.map((board) => [...board.children].map((cell) => Number(cell.textContent || 0))),
    );
    expect(pictures[0]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // The farthest state, turned with the goal, is still 53 moves from it.
    const solver = await createSolver({ tables: { dir: false } });
    const rows = (tiles: number[]) => [0, 3, 6, 9].map((at) => tiles.slice(at, at + 3));
    const solved = solver.sliding(rows(pictures[1]!), { goal: rows(pictures[0]!) });
    expect(solved.status === 'solved' && solved.moves.length).toBe(53);
  });
});
