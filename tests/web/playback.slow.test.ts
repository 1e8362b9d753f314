/**
 * The web page in Chromium (tests/support/webPage.ts): a solution plays where
 * it can be seen (web/page/panel/: the board's dock with the playback buttons,
 * the move list, the move counter; web/page/sliding/tileSlide.ts). Mid-
 * playback, at 1280x800 and at 390x844, the board and the playback buttons are
 * both in the viewport, also with the page scrolled to the end of the Solve
 * group; the counter counts the player's moves and not playback steps; the
 * whole move list shows with the current step marked, and a click on a move
 * jumps there; a moving tile slides, for a time that follows the playback
 * speed, and not at all under prefers-reduced-motion; focus, the cells a
 * press turns and the hint's cells are three marks of different kinds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { boardText, loadText, open, panel, solve, usePage } from '../support/webPage.js';

usePage();

const eight = panel('eight');
/** The 8-puzzle sample: 19 moves. */
const sample = '2 3 4\n1 5 x\n7 6 8';

/** The element's box lies wholly inside the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

async function stepShown(page: Page): Promise<number> {
  return Number(await page.getAttribute(`${eight} .playback`, 'data-index'));
}

describe('the web page in Chromium: the board beside its playback', () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    it(`at ${width}x${height}, mid-playback, the board and the playback buttons are both in view, wherever the Solve group is scrolled`, async () => {
      const page = await open();
      await page.setViewportSize({ width, height });
      await loadText(page, 'eight', sample);
      expect(await solve(page, 'eight')).toBe(19);
      await page.fill('#eight-speed', '2');
      await page.click(`${eight} .play-play`);
      await page.waitForSelector(`${eight} .playback[data-index="2"]`, { timeout: 10_000 });
      // Where Solve was pressed, and then further down: the answer, the move list, the engine table's last line.
      for (const below of [`${eight} button.primary`, `${eight} .result`, `${eight} ol.moves`, `${eight} .speedup`]) {
        await page.locator(below).scrollIntoViewIfNeeded();
        const step = await stepShown(page);
        expect(step).toBeGreaterThan(0);
        expect(step).toBeLessThan(19);
        expect(await page.textContent(`${eight} .play-play`)).toContain('Pause');
        expect(await inViewport(page, '#eight-board'), `board in view after scrolling to ${below}`).toBe(true);
        expect(await inViewport(page, `${eight} .playback`), `playback in view after scrolling to ${below}`).toBe(true);
        expect(await inViewport(page, below), `${below} in view`).toBe(true);
      }
    });
  }

  it('Lights Out too: at 1280x800 and 390x844, mid-playback, the board and the playback buttons are both in view, with the page at the answer', async () => {
    const page = await open();
    const lights = panel('lights');
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.click(`${lights} .lights-random`);
      await page.click(`${lights} button.primary`);
      await page.waitForSelector(`${lights}[data-busy="false"] .result[data-solvable]`);
      await page.fill('#lights-speed', '0');
      await page.click(`${lights} .play-play`);
      await page.waitForSelector(`${lights} .playback[data-index="1"]`, { timeout: 10_000 });
      for (const below of [`${lights} button.primary`, `${lights} .result`, `${lights} .lights-facts`]) {
        await page.locator(below).scrollIntoViewIfNeeded();
        expect(await page.textContent(`${lights} .play-play`)).toContain('Pause');
        expect(await inViewport(page, '#lights-board'), `board in view at ${width}x${height} after scrolling to ${below}`).toBe(true);
        expect(await inViewport(page, `${lights} .playback`), `playback in view at ${width}x${height} after scrolling to ${below}`).toBe(true);
      }
      await page.click(`${lights} .play-play`);
    }
  });

  it('the counter counts the player’s moves, not playback steps; the whole move list shows, the current step marked, and a click on a move jumps there', async () => {
    const page = await open();
    await loadText(page, 'eight', sample);
    expect(await solve(page, 'eight')).toBe(19);
    const counter = () => page.getAttribute(`${eight} .counter`, 'data-moves');
    // Playback steps move the board, not the counter.
    await page.click(`${eight} .play-forward`);
    await page.click(`${eight} .play-forward`);
    expect(await stepShown(page)).toBe(2);
    expect(await page.textContent(`${eight} .playback-step`)).toBe('Step 2 of 19');
    expect(await counter()).toBe('0');
    // Every move is in the list, none hidden in a scrolling box; the current step is the second move.
    const moves = page.locator(`${eight} ol.moves li`);
    expect(await moves.count()).toBe(19);
    expect(await page.$eval(`${eight} ol.moves`, (list) => list.scrollHeight <= list.clientHeight)).toBe(true);
    for (let i = 0; i < 19; i++) expect(await moves.nth(i).isVisible()).toBe(true);
    expect(await page.getAttribute(`${eight} ol.moves li.current button`, 'aria-label')).toMatch(/^Go to after move 2:/);
    expect(await page.locator(`${eight} ol.moves li.current`).count()).toBe(1);
    // A click on move 10 jumps to just after it; the counter still says 0.
    await moves.nth(9).locator('button').click();
    expect(await stepShown(page)).toBe(10);
    expect(await page.getAttribute(`${eight} ol.moves li.current button`, 'aria-label')).toMatch(/^Go to after move 10:/);
    expect(await counter()).toBe('0');
    // The player's own move on the path counts, and so does one off it; Undo takes one back.
    const before = await boardText(page, 'eight');
    const movable = await page.getAttribute('#eight-board .cell.movable >> nth=0', 'data-index');
    await page.click(`#eight-board .cell[data-index="${movable}"]`);
    expect(await counter()).toBe('1');
    await page.click(`${eight} button:text-is("Undo")`);
    expect(await counter()).toBe('0');
    expect(await boardText(page, 'eight')).toBe(before);
    // Back at the start of the solution by the playback: still 0, and the whole history is walked back.
    await page.click(`${eight} .play-start`);
    expect(await stepShown(page)).toBe(0);
    expect(await boardText(page, 'eight')).toBe(sample.split('\n').join('/'));
    expect(await counter()).toBe('0');
  });

  it('a tile slides into the blank, faster at a faster playback, and not at all under prefers-reduced-motion', async () => {
    const page = await open();
    await loadText(page, 'eight', sample);
    expect(await solve(page, 'eight')).toBe(19);
    /** Steps forward and returns the durations of the slides the step started (ms). */
    const slides = () =>
      page.evaluate(() => {
        (document.querySelector('#panel-eight .play-forward') as HTMLButtonElement).click();
        return [...document.querySelectorAll('#eight-board .cell')].flatMap((cell) =>
          cell.getAnimations().map((animation) => Number(animation.effect?.getTiming().duration)),
        );
      });
    // A step by hand: one tile slides, in 150 ms.
    expect(await slides()).toEqual([150]);
    await page.$$eval('#eight-board .cell', (cells) => Promise.all(cells.flatMap((cell) => cell.getAnimations().map((animation) => animation.finished))));
    // Playing at 20 moves a second, each slide takes at most 70% of the 50 ms a move has.
    await page.fill('#eight-speed', '20');
    await page.click(`${eight} .play-play`);
    const during = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          const look = () => {
            for (const cell of document.querySelectorAll('#eight-board .cell'))
              for (const animation of cell.getAnimations()) seen.push(Number(animation.effect?.getTiming().duration));
            if (seen.length >= 3) resolve(seen);
            else requestAnimationFrame(look);
          };
          look();
        }),
    );
    expect(Math.max(...during)).toBeLessThanOrEqual(35);
    expect(Math.min(...during)).toBeGreaterThan(0);
    await page.waitForSelector(`${eight} .playback[data-index="19"]`, { timeout: 10_000 });
    // Reduced motion: the board changes at once.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.click(`${eight} .play-start`);
    expect(await slides()).toEqual([]);
    expect(await stepShown(page)).toBe(1);
  });
  it('keyboard focus, the cells a press turns and the hint’s cells each have a mark of their own, and the legend names those on show', async () => {
    const page = await open();
    const flip = panel('flip');
    await loadText(page, 'flip', 'bwwb\nbbwb\nbwwb\nbwww');
    const legend = () => page.$$eval(`${flip} ul.marks li`, (items) => items.map((item) => item.textContent));
    expect(await legend()).toEqual([]);
    // The hint's cells: a gold ring outside the cell, and nothing else.
    await page.click(`${flip} .hint-toggle`);
    await page.waitForSelector(`${flip} .hint-line[data-distance="4"]`);
    await page.mouse.move(0, 0);
    expect(await legend()).toEqual(['hint: a move that keeps it optimal']);
    const style = (selector: string) =>
      page.$eval(selector, async (cell) => {
        // Once the cell's transitions have run.
        await Promise.all(cell.getAnimations().map((animation) => animation.finished));
        const { borderTopStyle, boxShadow, outlineStyle, outlineColor } = getComputedStyle(cell);
        return { borderTopStyle, boxShadow, outlineStyle, outlineColor };
      });
    const hinted = await style('#flip-board .cell.hinted:not(.affected)');
    expect(hinted.boxShadow).toContain('rgb(244, 180, 0) 0px 0px 0px 4px');
    expect(hinted.borderTopStyle).toBe('none');
    expect(hinted.outlineStyle).toBe('none');
    // Keyboard focus (the arrows move it): a solid outline of its own colour; the cells that press turns: a dashed ring inside.
    await page.focus('#flip-board .cell[data-index="0"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await style('#flip-board .cell[data-index="5"]');
    expect(focused.outlineStyle).toBe('solid');
    expect(focused.outlineColor).toBe('rgb(37, 99, 235)');
    expect(await legend()).toEqual(['keyboard focus', 'cells this press turns', 'hint: a move that keeps it optimal']);
    const turned = await page.$$eval('#flip-board .cell.affected', (cells) =>
      cells.map((cell) => Number(cell.getAttribute('data-index'))).sort((a, b) => a - b),
    );
    expect(turned).toEqual([1, 4, 5, 6, 9]);
    // The hint off (clicked without taking the focus): the dashed ring alone.
    await page.$eval(`${flip} .hint-toggle`, (button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(() => document.querySelectorAll('#flip-board .cell.hinted').length === 0);
    expect(await legend()).toEqual(['keyboard focus', 'cells this press turns']);
    const affected = await style('#flip-board .cell.affected:not(:focus)');
    expect(affected.borderTopStyle).toBe('dashed');
    expect(affected.outlineStyle).toBe('none');
    expect(affected.boxShadow).not.toContain('rgb(244, 180, 0)');
    // Each mark differs from the others in kind, not only in shade.
    expect(new Set([hinted, focused, affected].map((mark) => `${mark.borderTopStyle}|${mark.outlineStyle}`)).size).toBe(3);
  });
});
