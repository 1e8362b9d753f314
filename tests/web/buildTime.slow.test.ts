/**
 * The build's time said before it starts, measured on this machine (issue
 * 22, section 4), in headless Chromium on the 15-puzzle's 6-6-3 tables (a
 * few seconds to build). With no rate kept in this browser, a trial build
 * times the machine first and the estimate cites it; with rates kept, the
 * time shown before the build is their arithmetic over the tables' entries
 * (checked here against the library's own entry counts and making order);
 * either way, the tables built whole replace the kept rates of their kind,
 * and a Cancel leaves no estimate behind and keeps no half-built table's time.
 *
 * Needs build/puzzlesearch.wasm (npm test builds it first).
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pdbEntryCount } from '../../src/engine/pdbSizes.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import { makingOrder } from '../../src/pdb/tables.js';
import { RATES_KEY, type MeasuredRate as Rate } from '../../web/page/sliding/buildRates.js';
import { launchChromium } from '../support/browser.js';
import { originOf, serveFolder } from '../support/staticServer.js';
import { expectTimeLeft } from '../support/estimateShown.js';
import { buildWebPage } from '../support/webBuild.js';

let outDir = '';
let server: Server | undefined;
let browser: Browser | undefined;
let base = '';
let context: BrowserContext | undefined;

beforeAll(async () => {
  outDir = buildWebPage();
  server = await serveFolder(outDir, { '/app/': {} });
  base = `${originOf(server)}/app/`;
  ({ browser } = await launchChromium());
}, 180_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const fifteen = '#panel-fifteen';

/** A fresh browser profile (no tables, no rates) on the page, with the 15-puzzle's Example (blank-last goal) loaded. */
async function open(errors: string[]): Promise<Page> {
  context = await browser!.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click(`${fifteen} button:text-is("Example")`);
  // Every state of the progress line and the estimate, from before any click.
  await page.evaluate(() => {
    const line = document.querySelector<HTMLElement>('#panel-fifteen .progress')!;
    const estimate = document.querySelector<HTMLElement>('#panel-fifteen .tables-estimate')!;
    const box = document.querySelector<HTMLElement>('#panel-fifteen .tables-box')!;
    const bar = document.querySelector<HTMLProgressElement>('#panel-fifteen .tables-bar')!;
    const groupLabel = document.querySelector<HTMLElement>('#panel-fifteen label[for="fifteen-group-bar"]')!;
    const seen: Array<{
      phase: string;
      line: string;
      text: string;
      totalMs?: string;
      leftMs?: string;
      basis?: string;
      group?: string;
      bar: number;
      groupLabel: string;
    }> = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const record = () =>
      seen.push({
        phase: line.dataset.tables ?? '',
        line: line.textContent ?? '',
        text: estimate.textContent ?? '',
        totalMs: estimate.dataset.totalMs,
        leftMs: estimate.dataset.leftMs,
        basis: estimate.dataset.basis,
        group: box.dataset.group,
        bar: bar.value,
        groupLabel: groupLabel.textContent ?? '',
      });
    const observer = new MutationObserver(record);
    for (const element of [line, estimate]) observer.observe(element, { attributes: true, childList: true, characterData: true, subtree: true });
  });
  return page;
}

type Seen = Array<{
  phase: string;
  line: string;
  text: string;
  totalMs?: string;
  leftMs?: string;
  basis?: string;
  group?: string;
  bar: number;
  groupLabel: string;
}>;

/**
 * One count of groups, in the order they are made (1, 2, 3: never back), and
 * one percentage: the line's, which is the whole's bar; the group's bar has a
 * label without a number of its own.
 */
function expectOneCountOnePercentage(seen: Seen, groups: number): void {
  const made = seen.filter(({ phase }) => phase === 'build' || phase === 'derive' || phase === 'load');
  expect(made.length).toBeGreaterThan(0);
  const numbers = made.map(({ line, group, bar, groupLabel }) => {
    const [, number, of, percent] = line.match(/\(group (\d+) of (\d+), (\d+)%\)/)!;
    expect(Number(of)).toBe(groups);
    expect(group).toBe(number);
    expect(Number(percent)).toBe(Math.floor(bar * 100));
    expect(groupLabel).toBe(`Group ${number} of ${groups}`);
    return Number(number);
  });
  expect(numbers[0]).toBe(1);
  expect(numbers.at(-1)).toBe(groups);
  for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThanOrEqual(numbers[i - 1]!);
  const percents = made.map(({ bar }) => bar);
  for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!);
}
const seenOf = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen.splice(0));
const ratesOf = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as Rate[], RATES_KEY);

async function solved(page: Page): Promise<void> {
  await page.waitForSelector(`${fifteen}[data-busy="false"] .result[data-solvable]`, { timeout: 180_000 });
  expect(await page.getAttribute(`${fifteen} .result`, 'data-length')).toBe('3');
  expect(await page.getAttribute(fifteen, 'data-tables')).toBe('built');
}

/** The 6-6-3 build for the blank-last goal with nothing kept: each group's entries and tiles, and whether it is built or read. */
function work663(): Array<{ entries: number; tiles: number; making: 'build' | 'derive' }> {
  const partition = namedPartition(4, 4, 15, '6-6-3')!;
  const { built, derived } = makingOrder(partition, []);
  const of = (group: number, making: 'build' | 'derive') => ({
    entries: pdbEntryCount(16, partition.groups[group]!.length),
    tiles: partition.groups[group]!.length,
    making,
  });
  return [...built.map((group) => of(group, 'build')), ...derived.map((group) => of(group, 'derive'))];
}

/** Asserts the rates the build kept: its 6-tile build's, measured now, under the whole preparation's time; the 3-tile table's none. */
function expectBuildKept(rates: Rate[], after: number, tablesMs: number): Rate {
  const kept = rates.filter((rate) => rate.engine === 'wasm' && rate.cells === 16 && !rate.trial);
  expect(kept.map(({ making, tiles }) => `${making} ${tiles}`)).toEqual(['build 6']);
  const [six] = kept;
  expect(six!.entries).toBe(5_765_760);
  expect(six!.at).toBeGreaterThanOrEqual(after);
  expect(six!.ms).toBeGreaterThan(0);
  expect(six!.ms).toBeLessThan(tablesMs);
  return six!;
}

describe('the build time said before the build, measured on this machine', () => {
  it('with no rate kept, a trial build times this machine first, the estimate before the build is its arithmetic, and the build’s own tables are kept after', async () => {
    const errors: string[] = [];
    const page = await open(errors);
    expect(await ratesOf(page)).toEqual([]);
    const clicked = Date.now();
    await page.click(`${fifteen} button.primary`);
    await solved(page);
    const seen = await seenOf(page);
    const phases = [...new Set(seen.map(({ phase }) => phase).filter(Boolean))];
    // The trial, then the start, then the build: in that order.
    expect(phases.slice(0, 3)).toEqual(['trial', 'start', 'build']);
    expectOneCountOnePercentage(seen, 3);
    const trial = seen.find(({ phase }) => phase === 'trial')!;
    expect(trial.line).toMatch(/^Timing a trial build, then starting the 6-6-3 pattern database \(3 tables to build\)/);
    expect(trial.text).toMatch(/^On this machine: \d+ MB of memory while building; timing a trial build here first to say how long it takes…$/);

    // The trial's rates, kept: a 5-tile 4x4 table built and one read through a symmetry.
    const rates = await ratesOf(page);
    const trials = rates.filter((rate) => rate.trial);
    expect(trials.map(({ engine, making, cells, tiles, entries }) => `${engine} ${making} ${cells} ${tiles} ${entries}`)).toEqual([
      'wasm build 16 5 524160',
      'wasm derive 16 5 524160',
    ]);
    const [trialBuild, trialRead] = trials as [Rate, Rate];
    // The estimate before the build: every table's entries at the trial's rates (the 6-6-3 tables are all built here).
    const start = seen.filter(({ phase, totalMs }) => phase === 'start' && totalMs !== undefined).at(-1)!;
    const expected = work663().reduce((sum, table) => sum + (table.entries * (table.making === 'build' ? trialBuild : trialRead).ms) / trialBuild.entries, 0);
    expectTimeLeft(start, expected);
    expect(start.basis).toBe('earlier');
    expect(start.text).toMatch(
      /^On this machine: about (a few seconds|\d+ seconds|\d+ minutes) or more \(measured just now: a trial 5-tile 4x4 table built in \d+\.\d s\); \d+ MB of memory while building\.$/,
    );
    console.log(
      `6-6-3 in Chromium: trial ${trialBuild.ms.toFixed(0)} ms (read ${trialRead.ms.toFixed(0)} ms); estimated before the build ${(expected / 1000).toFixed(1)} s, took ${await page.getAttribute(fifteen, 'data-tables-ms')} ms`,
    );

    // After the build: its 6-tile table's time kept beside the trial's.
    const six = expectBuildKept(rates, clicked, Number(await page.getAttribute(fifteen, 'data-tables-ms')));
    console.log(
      `6-6-3 in Chromium: a 6-tile table built in ${six.ms.toFixed(0)} ms, ${((six.ms / six.entries) * 1e6).toFixed(0)} ns an entry; the trial ${((trialBuild.ms / trialBuild.entries) * 1e6).toFixed(0)} ns`,
    );
    // Nothing of the estimate stays once the search is done.
    expect(await page.isVisible(`${fifteen} .tables-box`)).toBe(false);
    expect(await page.textContent(`${fifteen} .tables-estimate`)).toBe('');
    expect(errors).toEqual([]);
  });

  it('with rates kept, the time before the build is their arithmetic (no trial); Cancel leaves no estimate and keeps no time; the finished build replaces its kind’s rate', async () => {
    const errors: string[] = [];
    const page = await open(errors);
    // Kept from earlier visits: 2 µs an entry for a 6-tile 4x4 build, 4 µs for a 6-tile 5x5 one (the largest, so the 3-tile table's).
    const earlier = Date.UTC(2026, 0, 15, 12);
    const seeded: Rate[] = [
      { engine: 'wasm', making: 'build', cells: 16, tiles: 6, entries: 5_765_760, ms: 11_531.52, at: earlier, trial: false },
      { engine: 'wasm', making: 'build', cells: 25, tiles: 6, entries: 127_512_000, ms: 510_048, at: earlier, trial: false },
    ];
    await page.evaluate(({ key, rates }) => localStorage.setItem(key, JSON.stringify(rates)), { key: RATES_KEY, rates: seeded });
    const expected = work663().reduce((sum, table) => sum + table.entries * (table.tiles === 6 ? 0.002 : 0.004), 0);
    expect(expected).toBeCloseTo(2 * 5_765_760 * 0.002 + 3_360 * 0.004);

    // Solve, and Cancel once the build reports.
    await page.click(`${fifteen} button.primary`);
    await page.waitForSelector(`${fifteen} .progress[data-tables="build"]`, { timeout: 60_000 });
    await page.click(`${fifteen} button:text-is("Cancel")`);
    await page.waitForSelector(`${fifteen}[data-busy="false"]`, { timeout: 10_000 });
    expect(await page.textContent(`${fifteen} .result`)).toContain('cancelled');
    let seen = await seenOf(page);
    expect(seen.some(({ phase }) => phase === 'trial')).toBe(false);
    const start = seen.find(({ phase }) => phase === 'start')!;
    expectTimeLeft(start, expected);
    expect(start.basis).toBe('earlier');
    expect(start.text).toMatch(
      /^On this machine: about 20 seconds \(measured here on .+: a 6-tile 4x4 table built in 12 s\); \d+ MB of memory while building\.$/,
    );
    // Until this build measures itself (15% of a table and 3 s), the kept rate counts down.
    const building = seen.filter(({ phase }) => phase === 'build');
    expect(building.length).toBeGreaterThan(0);
    for (const state of building) expect(state.text).toMatch(/ in all, .* left \(measured (here on .+: a 6-tile 4x4 table built in 12 s|on this build)\)/);
    // Cancelled: nothing left of the estimate, and no half-built table timed.
    expect(await page.isVisible(`${fifteen} .tables-box`)).toBe(false);
    const after = await page.$eval(`${fifteen} .tables-estimate`, (element) => ({ text: element.textContent, data: { ...(element as HTMLElement).dataset } }));
    expect(after).toEqual({ text: '', data: {} });
    const kept = await ratesOf(page);
    if (kept.length === seeded.length) expect(kept).toEqual(seeded);

    // Solve again: the build runs to the end, and its 6-tile table's time replaces the kept one; the 5x5 rate stays.
    const again = Date.now();
    await page.click(`${fifteen} button.primary`);
    await solved(page);
    seen = await seenOf(page);
    expect(seen.some(({ phase }) => phase === 'trial')).toBe(false);
    const rates = await ratesOf(page);
    expect(rates.find((rate) => rate.cells === 25)).toEqual(seeded[1]);
    expectBuildKept(rates, again, Number(await page.getAttribute(fifteen, 'data-tables-ms')));
    expect(errors).toEqual([]);
  });
});
