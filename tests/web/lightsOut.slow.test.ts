/**
 * The web page in Chromium (tests/support/webPage.ts): the Lights Out panel
 * (web/page/lightsOut/), a canvas of any size up to 200x200: its press rules
 * against the library's (in Node), its answer against a light-chasing solver
 * written here, its overlay against the length, its playback against the all-
 * off board, a long search that Cancel stops, and its zoom and pan by the cell
 * a click through them presses.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/index.js';
import { PressTable } from '../../src/rules/lightsOut.js';
import type { LightsOutPatternName } from '../../web/page/lightsOut/lightsOutChoices.js';
import { outDir, open, boardText, lights, lightsBoard, setLightsOption, clickLightsCell, solveLights, usePage } from '../support/webPage.js';

usePage();

// ---- Lights Out: the page's own panel, checked against a light-chasing solver written here ----

/** Fewest presses for a k = 2 cross board on a plane (rows of 0/1), by light chasing over every first-row press set; null when none works. */
function fewestCrossPresses(board: number[][]): number | null {
  const rows = board.length;
  const cols = board[0].length;
  let best: number | null = null;
  for (let first = 0; first < 1 << cols; first++) {
    const cells = board.map((row) => [...row]);
    const press = (r: number, c: number) => {
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) cells[rr][cc] ^= 1;
      }
    };
    let count = 0;
    for (let c = 0; c < cols; c++) if ((first >> c) & 1) press(0, c), count++;
    for (let r = 1; r < rows; r++) for (let c = 0; c < cols; c++) if (cells[r - 1][c]) press(r, c), count++;
    if (cells[rows - 1].every((v) => v === 0) && (best === null || count < best)) best = count;
  }
  return best;
}

describe("the Lights Out panel's rules (in Node)", () => {
  it('presses as the library does: every dealt board is solvable, and the answer pressed on the page’s table clears it', async () => {
    const solver = await createSolver({ engine: 'ts' });
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const pattern of ['cross', 'rowcol', 'x', 'plus-only'] as LightsOutPatternName[]) {
      for (const torus of [false, true]) {
        for (const colors of [2, 3, 5]) {
          for (const [rows, cols] of [
            [2, 2],
            [3, 5],
            [4, 4],
            [5, 3],
            [1 + 5, 7],
          ]) {
            const table = new PressTable({ rows, cols, colors, pattern, torus });
            const cells = table.randomSolvable(random);
            const text = Array.from({ length: rows }, (_, r) => cells.subarray(r * cols, (r + 1) * cols).join('')).join('\n');
            const result = solver.lightsOut(text, { pattern, torus, colors });
            const what = `${rows}x${cols} ${pattern}${torus ? ' torus' : ''} k=${colors}`;
            expect(result.status, what).toBe('solved');
            if (result.status !== 'solved') continue;
            for (const press of result.presses) table.press(cells, (press.row - 1) * cols + press.col - 1, press.count ?? 1);
            expect(
              [...cells].every((v) => v === 0),
              what,
            ).toBe(true);
          }
        }
      }
    }
  });
});

describe('the web page in Chromium', () => {
  it('Lights Out: a click presses the cross; a random 5x5 board is solved in the fewest presses, its overlay has that many, and playback switches every light off', async () => {
    const page = await open();
    await page.click(`${lights} .lights-clear`);
    expect(await page.getAttribute('#lights-board', 'data-lit')).toBe('0');
    await clickLightsCell(page, 2, 2);
    expect(await page.getAttribute('#lights-board', 'data-board')).toBe('00000/00100/01110/00100/00000');
    await clickLightsCell(page, 0, 0);
    expect(await page.getAttribute('#lights-board', 'data-board')).toBe('11000/10100/01110/00100/00000');
    // The keyboard: the cursor is on the last cell clicked; Down, Enter presses (1, 0).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('#lights-board', 'data-board')).toBe('01000/01100/11110/00100/00000');

    // A dealt board is never blank (all-0 boards are re-dealt here, with odds of about 1 in 2^23).
    do await page.click(`${lights} .lights-random`);
    while ((await page.getAttribute('#lights-board', 'data-lit')) === '0');
    const board = await lightsBoard(page);
    expect(board).toHaveLength(5);
    await solveLights(page);
    const result = `${lights} .result`;
    expect(await page.getAttribute(result, 'data-solvable')).toBe('true');
    const length = Number(await page.getAttribute(result, 'data-length'));
    expect(length).toBe(fewestCrossPresses(board));
    expect(await page.getAttribute(result, 'data-minimal')).toBe('true');
    expect(await page.getAttribute(result, 'data-kernel')).toBe('2');
    expect(await page.getAttribute(result, 'data-solutions')).toBe('4');
    expect(Number(await page.getAttribute(result, 'data-nodes'))).toBeGreaterThan(0);
    expect(Number(await page.getAttribute('#lights-board', 'data-overlay'))).toBe(length);
    expect(await page.textContent(`${lights} .lights-facts`)).toContain('Kernel dimension');

    await page.fill('#lights-speed', '12');
    await page.click(`${lights} .play-play`);
    await page.waitForSelector(`${lights} .playback[data-remaining="0"]`, { timeout: 10_000 });
    expect(await page.getAttribute(`${lights} .playback`, 'data-index')).toBe(String(length));
    expect(await page.getAttribute('#lights-board', 'data-lit')).toBe('0');
    expect(await page.getAttribute('#lights-board', 'data-board')).toBe('00000/00000/00000/00000/00000');
    expect(await page.getAttribute('#lights-board', 'data-goal')).toBe('true');
    // And back to the start: the board it solved.
    await page.click(`${lights} .play-start`);
    expect(await lightsBoard(page)).toEqual(board);

    // Presses by hand come off the overlay (presses commute): it still switches every light off.
    await clickLightsCell(page, 4, 4);
    await clickLightsCell(page, 0, 4);
    const overlay = Number(await page.getAttribute('#lights-board', 'data-overlay'));
    expect(Math.abs(overlay - length) % 2).toBe(0);
    expect(Math.abs(overlay - length)).toBeLessThanOrEqual(2);
    expect(await page.textContent(`${lights} .result`)).toContain('follow your 2 presses by hand');
    await page.click(`${lights} .play-end`);
    expect(await page.getAttribute('#lights-board', 'data-board')).toBe('00000/00000/00000/00000/00000');
  });

  it('Lights Out: a 4x4 cross board with one light on is unsolvable, and the panel says why (kernel dimension 4)', async () => {
    const page = await open();
    await setLightsOption(page, '#lights-rows', '4');
    await setLightsOption(page, '#lights-cols', '4');
    await page.click(`${lights} .lights-clear`);
    await page.click(`${lights} button:text-is("Edit mode")`);
    await clickLightsCell(page, 0, 0);
    await page.click(`${lights} button:text-is("Done editing")`);
    const board = await lightsBoard(page);
    expect(board).toEqual([
      [1, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(fewestCrossPresses(board)).toBeNull();
    await solveLights(page);
    const result = `${lights} .result`;
    expect(await page.getAttribute(result, 'data-solvable')).toBe('false');
    expect(await page.getAttribute(result, 'data-length')).toBeNull();
    expect(await page.getAttribute(result, 'data-kernel')).toBe('4');
    const text = (await page.textContent(result)) ?? '';
    expect(text).toContain('Impossible');
    expect(text).toContain('kernel dimension 4');
    expect(text).toContain('1 board in 16');
    expect(await page.getAttribute('#lights-board', 'data-overlay')).toBe('0');
    expect(await page.isVisible(`${lights} .playback`)).toBe(false);

    // Too large for the solver: its one-line reason, not a crash.
    await page.selectOption('#lights-pattern', 'rowcol');
    await setLightsOption(page, '#lights-rows', '200');
    await setLightsOption(page, '#lights-cols', '200');
    await page.click(`${lights} button.primary`);
    await page.waitForSelector(`${lights}[data-busy="false"] .result .message.error`);
    expect(await page.textContent(`${lights} .result`)).toContain('too large: a 200x200 board, pattern rowcol');
  });

  it('Lights Out: a random 200x200 board solves in the worker and its presses switch every light off; the page answers clicks during a long torus search, which Cancel stops', async () => {
    const page = await open();
    await setLightsOption(page, '#lights-rows', '200');
    await setLightsOption(page, '#lights-cols', '200');
    expect(Number(await page.getAttribute('#lights-board', 'data-lit'))).toBeGreaterThan(0);
    await solveLights(page);
    const length = Number(await page.getAttribute(`${lights} .result`, 'data-length'));
    expect(length).toBeGreaterThan(1000);
    expect(Number(await page.getAttribute('#lights-board', 'data-overlay'))).toBe(length);
    await page.click(`${lights} .play-end`);
    expect(await page.getAttribute('#lights-board', 'data-lit')).toBe('0');
    expect(await page.getAttribute(`${lights} .playback`, 'data-index')).toBe(String(length));

    // On a torus the kernel has dimension 64: the coset search takes seconds, in the worker.
    await page.check('#lights-torus');
    await page.click(`${lights} button.primary`);
    await page.waitForSelector(`${lights}[data-busy="true"]`);
    const before = await boardText(page, 'flip');
    await page.click(`#flip-board .cell[data-index="5"]`);
    expect(await boardText(page, 'flip')).not.toBe(before);
    const lit = await page.getAttribute('#lights-board', 'data-lit');
    await clickLightsCell(page, 100, 100);
    expect(await page.getAttribute('#lights-board', 'data-lit')).not.toBe(lit);
    expect(await page.getAttribute(lights, 'data-busy')).toBe('true');
    await page.click(`${lights} button:text-is("Cancel")`);
    await page.waitForSelector(`${lights}[data-busy="false"]`);
    expect(await page.textContent(`${lights} .result`)).toContain('cancelled');

    // With a small search limit the torus answers at once: a solution, not proven minimal, among 2^64 press sets.
    await page.selectOption('#lights-limit', String(2 ** 8));
    await solveLights(page);
    const result = `${lights} .result`;
    expect(await page.getAttribute(result, 'data-kernel')).toBe('64');
    expect(await page.getAttribute(result, 'data-minimal')).toBe('false');
    expect(await page.getAttribute(result, 'data-solutions')).toBe(String(2n ** 64n));
    expect(await page.textContent(`${lights} .lights-facts`)).toContain('≈ 1.84e19 (20 digits)');
    const torusLength = Number(await page.getAttribute(result, 'data-length'));
    expect(Number(await page.getAttribute('#lights-board', 'data-overlay'))).toBe(torusLength);
    await page.click(`${lights} .play-end`);
    expect(await page.getAttribute('#lights-board', 'data-lit')).toBe('0');
  });

  it('Lights Out: a 200x200 board zooms (buttons, Ctrl + wheel around the pointer, keys) and pans (a drag, which presses nothing); a click presses the cell under it through the zoom, and Fit shows the whole board again', async () => {
    const page = await open();
    const board = '#lights-board';
    // A small board offers no zoom.
    expect(await page.isVisible(`${lights} .lights-zoom`)).toBe(false);
    expect(await page.getAttribute(board, 'data-zoom')).toBeNull();
    await setLightsOption(page, '#lights-rows', '200');
    await setLightsOption(page, '#lights-cols', '200');
    await page.click(`${lights} .lights-clear`);
    await page.waitForSelector(`${lights} .lights-zoom:not([hidden])`);
    const canvas = page.locator(`${board} canvas`);
    /** The canvas on screen (a click on a button below it may scroll the page: read it again after one). */
    const where = async () => (await canvas.boundingBox())!;
    /** The view transform the page exposes: the zoom, a cell's size on screen and the pan, in CSS pixels. */
    const view = async () => {
      const read = async (name: string) => Number(await page.getAttribute(board, `data-${name}`));
      return { zoom: await read('zoom'), cellPx: await read('cell-px'), panX: await read('pan-x'), panY: await read('pan-y') };
    };
    type View = Awaited<ReturnType<typeof view>>;
    /** Waits for the drawing (the attributes follow it) to show cells of `min` to `max` pixels, then reads the transform. */
    const settle = async ({ min = 0, max = Number.POSITIVE_INFINITY }: { min?: number; max?: number }) => {
      await page.waitForFunction(
        ([low, high]) => {
          const px = Number(document.querySelector('#lights-board')!.getAttribute('data-cell-px'));
          return px >= low && px <= high;
        },
        [min, max],
      );
      return view();
    };
    const litCells = async () => ((await page.getAttribute(board, 'data-lit-cells')) ?? '').split(' ').filter(Boolean).map(Number);
    type Box = Awaited<ReturnType<typeof where>>;
    /** The board point (CSS pixels of the board at fit) under a point of the screen. */
    const boardPoint = (box: Box, v: View, x: number, y: number) => [(x - box.x + v.panX) / v.zoom, (y - box.y + v.panY) / v.zoom];

    await canvas.scrollIntoViewIfNeeded();
    const fitBox = await where();
    const fit = await view();
    expect(fit.zoom).toBe(1);
    expect(fit.cellPx).toBeLessThan(4);
    expect(fit.cellPx * 200).toBeCloseTo(fitBox.width, 0);
    expect(await page.isDisabled(`${lights} .zoom-fit`)).toBe(true);

    // The + button, three times: the cells grow to 16 pixels or more, the canvas keeps its size, the middle stays in the middle.
    for (let i = 0; i < 3; i++) await page.click(`${lights} .zoom-in`);
    const zoomed = await settle({ min: 16 });
    expect(zoomed.zoom).toBe(8);
    await canvas.scrollIntoViewIfNeeded();
    let box = await where();
    expect(box.width).toBeCloseTo(fitBox.width, 0);
    expect(box.height).toBeCloseTo(fitBox.height, 0);
    const middle = boardPoint(box, zoomed, box.x + box.width / 2, box.y + box.height / 2);
    expect(middle[0]).toBeCloseTo(box.width / 2, 0);
    expect(middle[1]).toBeCloseTo(box.height / 2, 0);

    // Ctrl + wheel zooms in further around the pointer: the board point under it stays under it, and nothing is pressed.
    const pointer = { x: box.x + 100.5, y: box.y + 150.5 };
    await page.mouse.move(pointer.x, pointer.y);
    const under = boardPoint(box, zoomed, pointer.x, pointer.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    const wheeled = await settle({ min: zoomed.cellPx + 1 });
    expect(wheeled.zoom).toBeGreaterThan(zoomed.zoom);
    const stays = boardPoint(box, wheeled, pointer.x, pointer.y);
    expect(stays[0]).toBeCloseTo(under[0], 1);
    expect(stays[1]).toBeCloseTo(under[1], 1);
    expect(await page.getAttribute(board, 'data-lit')).toBe('0');

    // A drag pans by as much as the pointer moved, and the click that ends it presses no cell.
    await page.mouse.move(box.x + 300, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, box.y + 250, { steps: 5 });
    await page.mouse.up();
    await page.waitForFunction((x) => Number(document.querySelector('#lights-board')!.getAttribute('data-pan-x')) !== x, wheeled.panX);
    const panned = await view();
    expect(panned.panX - wheeled.panX).toBeCloseTo(100, 0);
    expect(panned.panY - wheeled.panY).toBeCloseTo(50, 0);
    expect(await page.getAttribute(board, 'data-lit')).toBe('0');

    // A click at a cell's place on screen, worked out from the transform: exactly that cell's cross lights up.
    const row = Math.floor((box.height / 3 + panned.panY) / panned.cellPx);
    const col = Math.floor((box.width / 3 + panned.panX) / panned.cellPx);
    /** A cell's centre on the screen, with the canvas at `at`. */
    const centre = (at: Box, r: number, c: number) => ({
      x: at.x + (c + 0.5) * panned.cellPx - panned.panX,
      y: at.y + (r + 0.5) * panned.cellPx - panned.panY,
    });
    await page.mouse.click(centre(box, row, col).x, centre(box, row, col).y);
    const cross = [
      [row - 1, col],
      [row, col - 1],
      [row, col],
      [row, col + 1],
      [row + 1, col],
    ].map(([r, c]) => r * 200 + c);
    expect(await litCells()).toEqual(cross);
    // And the drawing agrees: the cell is gold on the canvas, its diagonal neighbour dark (the pointer away, so no preview).
    await page.mouse.move(0, 0);
    /** The red and green of the canvas's pixel at a cell's centre, once the page has drawn. */
    const colour = async (r: number, c: number) =>
      page.evaluate(
        async ({ x, y }) => {
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const element = document.querySelector<HTMLCanvasElement>('#lights-board canvas')!;
          const rect = element.getBoundingClientRect();
          const scale = element.width / rect.width;
          const [red, green] = element.getContext('2d')!.getImageData(Math.floor((x - rect.left) * scale), Math.floor((y - rect.top) * scale), 1, 1).data;
          return { red, green };
        },
        centre(await where(), r, c),
      );
    expect((await colour(row, col)).red).toBeGreaterThan(200);
    expect((await colour(row - 1, col - 1)).red).toBeLessThan(80);

    // Solved while zoomed, the one press shows as the overlay's dot on that cell (crimson, not gold); played, the cell is dark again.
    await solveLights(page);
    expect(await page.getAttribute(board, 'data-overlay')).toBe('1');
    expect(await view()).toEqual(panned);
    const dot = await colour(row, col);
    expect(dot.red).toBeGreaterThan(200);
    expect(dot.green).toBeLessThan(80);
    await page.locator(lights).screenshot({ path: '/tmp/lights-zoomed.png' });
    await page.click(`${lights} .play-end`);
    expect(await litCells()).toEqual([]);
    expect((await colour(row, col)).red).toBeLessThan(80);

    // The keys on the board: - zooms out around the cursor (the cell clicked), = back in, 0 fits.
    await page.focus(`${board} canvas`);
    await page.keyboard.press('-');
    await settle({ max: panned.cellPx - 1 });
    await page.keyboard.press('=');
    await settle({ min: panned.cellPx - 1 });
    await page.keyboard.press('0');
    await settle({ max: 4 });

    // Fit (the button): the whole board again, and a click there presses its cell as before zooming.
    await page.click(`${lights} .zoom-in`);
    await settle({ min: 4 });
    await page.click(`${lights} .zoom-fit`);
    const back = await settle({ max: 4 });
    expect(back).toEqual({ zoom: 1, cellPx: fit.cellPx, panX: 0, panY: 0 });
    box = await where();
    expect(box.height).toBeCloseTo(fitBox.height, 0);
    await clickLightsCell(page, 0, 0);
    expect(await litCells()).toEqual([0, 1, 200]);

    // Back to a small board: no zoom.
    await setLightsOption(page, '#lights-rows', '5');
    await setLightsOption(page, '#lights-cols', '5');
    await page.waitForSelector(`${lights} .lights-zoom`, { state: 'hidden' });
    expect(await page.getAttribute(board, 'data-zoom')).toBeNull();
  });

  it('Lights Out: renders on a desktop and on a phone-sized screen', async () => {
    const page = await open();
    await setLightsOption(page, '#lights-rows', '7');
    await setLightsOption(page, '#lights-cols', '7');
    await page.selectOption('#lights-colors', '3');
    await solveLights(page);
    // k = 3: the overlay counts presses (a cell may take 2), and so does the playback.
    const length = Number(await page.getAttribute(`${lights} .result`, 'data-length'));
    expect(Number(await page.getAttribute('#lights-board', 'data-overlay'))).toBe(length);
    const board = await lightsBoard(page);
    expect(board.flat().every((v) => v >= 0 && v < 3)).toBe(true);
    await page.click(`${lights} .play-forward`);
    await page.click(`${lights} .play-forward`);
    expect(await page.getAttribute(`${lights} .playback`, 'data-index')).toBe('2');
    expect(Number(await page.getAttribute('#lights-board', 'data-overlay'))).toBe(length - 2);
    await page.mouse.move(0, 0);
    const shots = process.env.LIGHTS_SCREENSHOTS ?? outDir;
    mkdirSync(shots, { recursive: true });
    await page.locator(lights).screenshot({ path: join(shots, 'lights-desktop.png') });
    await page.click(`${lights} .play-end`);
    expect(await page.getAttribute('#lights-board', 'data-board')).toBe(Array(7).fill('0000000').join('/'));
    await page.click(`${lights} .play-start`);
    expect(await lightsBoard(page)).toEqual(board);
    await page.setViewportSize({ width: 390, height: 844 });
    await setLightsOption(page, '#lights-rows', '200');
    await setLightsOption(page, '#lights-cols', '200');
    await page.selectOption('#lights-colors', '2');
    await solveLights(page);
    await page.locator(lights).screenshot({ path: join(shots, 'lights-phone.png') });
    // The canvas fits the phone's width: no sideways scrolling.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(statSync(join(shots, 'lights-desktop.png')).size).toBeGreaterThan(20_000);
  });
  it('Lights Out: a size out of range is put right, and the note beside the field says what it became and why', async () => {
    const page = await open();
    const note = () => page.textContent('#lights-size-note');
    await setLightsOption(page, '#lights-cols', '5');
    await setLightsOption(page, '#lights-rows', '500');
    expect(await page.inputValue('#lights-rows')).toBe('200');
    expect(await page.getAttribute('#lights-board', 'data-rows')).toBe('200');
    expect(await note()).toBe('500 is more than 200: 200 rows instead.');
    expect(await page.isVisible('#lights-size-note')).toBe(true);
    // A size in range says nothing, and clears what was said.
    await setLightsOption(page, '#lights-rows', '7');
    expect(await note()).toBe('');
    expect(await page.getAttribute('#lights-board', 'data-rows')).toBe('7');
    await setLightsOption(page, '#lights-cols', '1');
    expect(await note()).toBe('1 is less than 2: 2 columns instead.');
    expect(await page.getAttribute('#lights-board', 'data-cols')).toBe('2');
    await setLightsOption(page, '#lights-cols', '6.4');
    expect(await note()).toBe('6.4 is not a whole number: 6 columns instead.');
    expect(await page.getAttribute('#lights-board', 'data-cols')).toBe('6');
  });
});
