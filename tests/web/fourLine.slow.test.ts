/**
 * The web page in Chromium (tests/support/webPage.ts): the four in a line
 * panel (web/page/fourLine/): the sample played and solved in 5.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_LINES } from '../oracles.js';
import { open, panel, loadText, boardText, solve, playToEnd, usePage } from '../support/webPage.js';

usePage();

describe('the web page in Chromium', () => {
  it('plays and solves four in a line (sample: 5)', async () => {
    const page = await open();
    await loadText(page, 'fourline', 'BWBO\nWBWB\nBWBW\nWBWO');
    // A move by hand: the white piece at row 1, column 2 cannot go anywhere, the black one at (1,3) goes right.
    await page.click('#fourline-board .cell[data-index="2"]');
    await page.click('#fourline-board .cell[data-index="3"]');
    expect(await boardText(page, 'fourline')).toBe('BWOB/WBWB/BWBW/WBWO');
    expect(await page.textContent('#fourline-status')).toContain('White to move');
    await page.click(`${panel('fourline')} button:text-is("Undo")`);
    expect(await boardText(page, 'fourline')).toBe('BWBO/WBWB/BWBW/WBWO');

    expect(await solve(page, 'fourline')).toBe(5);
    const final = await playToEnd(page, 'fourline', 5);
    const cells = final.replace(/\//g, '');
    expect(FOUR_LINES.some((line) => cells[line[0]] !== 'O' && line.every((i) => cells[i] === cells[line[0]]))).toBe(true);
  });
});
