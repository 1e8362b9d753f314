/**
 * The web page in Chromium (tests/support/webPage.ts): the Flip Game and
 * Pilots Brothers panels (web/page/flip/): samples solved in their optimum,
 * played to the goal, Impossible said plainly, every handle opened.
 */
import { describe, expect, it } from 'vitest';
import { open, panel, loadText, boardText, solve, playToEnd, usePage } from '../support/webPage.js';

usePage();

describe('the web page in Chromium', () => {
  it('solves the Flip Game sample in 4 and plays it to one colour; says Impossible plainly', async () => {
    const page = await open();
    await loadText(page, 'flip', 'bwwb\nbbwb\nbwwb\nbwww');
    expect(await boardText(page, 'flip')).toBe('bwwb/bbwb/bwwb/bwww');
    expect(await solve(page, 'flip')).toBe(4);
    expect(await playToEnd(page, 'flip', 4)).toMatch(/^(wwww\/){3}wwww$|^(bbbb\/){3}bbbb$/);

    await loadText(page, 'flip', 'bwww\nwwww\nwwww\nwwww');
    expect(await solve(page, 'flip')).toBeNull();
    expect(await page.getAttribute(`${panel('flip')} .result`, 'data-solvable')).toBe('false');
    expect(await page.textContent(`${panel('flip')} .result`)).toContain('Impossible');
    expect(await page.textContent(`${panel('flip')} .judge-output`)).toBe('Impossible');
  });

  it('solves the Pilots Brothers sample in 6 and opens every handle', async () => {
    const page = await open();
    await page.click(`${panel('pilots')} button:text-is("Judge sample")`);
    expect(await boardText(page, 'pilots')).toBe('-+--/----/----/-+--');
    expect(await solve(page, 'pilots')).toBe(6);
    expect(await page.textContent(`${panel('pilots')} .judge-output`)).toMatch(/^6\n(\d \d\n){5}\d \d$/);
    expect(await playToEnd(page, 'pilots', 6)).toBe('----/----/----/----');
  });
});
