/**
 * <puzzlesearch-board> as two newcomers use it (issue 39, section 2), from the
 * packed package installed offline into fresh folders (as viteApp.slow.test.ts):
 *
 * - a fresh Vite app whose one module is `import 'puzzlesearch/element'` and
 *   whose index.html writes the tags, built by `vite build` with no config
 *   and served without cross-origin isolation (the pool cancels by restarting
 *   a worker);
 * - a plain HTML file with an import map (`puzzlesearch/element` and the one
 *   dependency mapped into node_modules), no build at all, served with
 *   COOP/COEP (shared memory: the pool cancels through its flag).
 *
 * In each, in headless Chromium, every one of the seven families is played
 * by real clicks, hinted, solved and played back; the answers (the solution
 * events' moves) are replayed with the shared oracles from the board the
 * element reflected, to the goal, in the oracles' fewest moves where a
 * breadth-first search can say it (flip, pilots, four in a line, 8-puzzle,
 * Lights Out) and in the Node solver's elsewhere; the events (move by player
 * and by playback, solved, solution, hint, cancel) and the reflected
 * attributes (board, moves, step, length, solved, busy) are checked. A long
 * 24-puzzle search is cancelled and the board answers again. At 1280x800 and
 * 390x844, mid-playback, the board and the playback controls are both in the
 * viewport; tiles slide with a transform whose duration follows the speed,
 * and not under prefers-reduced-motion.
 *
 * Needs dist/ and build/ (npm test builds them first).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolver, type Solver } from '../../src/index.js';
import {
  bfsDistance,
  fourLineDistance,
  lightsOutFewest,
  lightsOutStencils,
  pressMask,
  replayFourLine,
  replayLightsOut,
  replayPresses,
  replaySliding,
  seededRandom,
  slidingNeighbours,
  slidingWalk,
} from '../oracles.js';
import { launchChromium } from '../support/browser.js';
import { originOf, serveFolder } from '../support/staticServer.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

// ---- the boards on the pages, and what each family's answers must do -----------------------

const walk = (side: number, length: number, seed: number) =>
  slidingWalk(
    Array.from({ length: side * side }, (_, i) => i),
    side,
    length,
    seededRandom(seed),
  ).tiles;
const slidingText = (tiles: readonly number[], side: number) =>
  Array.from({ length: side }, (_, r) =>
    tiles
      .slice(r * side, (r + 1) * side)
      .map((tile) => (tile === 0 ? 'x' : String(tile)))
      .join(' '),
  ).join('/');
const fifteen = walk(4, 36, 15);
const twentyFour = walk(5, 30, 24);
/** A 24-puzzle far from its goal: linear conflicts take minutes on it, so Cancel has something to stop. */
const farTwentyFour = walk(5, 400, 2424);
/** A 3x4 Lights Out board made by pressing three cells from dark, so that it can be solved and a 2^12 search knows its fewest. */
const lightsStencil = lightsOutStencils.cross();
const lightsBoard = replayLightsOut(
  new Array(12).fill(0),
  [
    { row: 1, col: 1 },
    { row: 2, col: 3 },
    { row: 3, col: 4 },
  ],
  lightsStencil,
  3,
  4,
  false,
  2,
);
const lightsText = (cells: readonly number[]) => [0, 1, 2].map((r) => cells.slice(r * 4, r * 4 + 4).join('')).join('/');

interface Case {
  id: string;
  attributes: Record<string, string>;
  /** Cells clicked to make one move by hand (four in a line: the stone, then the square). */
  clicks: (board: string) => number[];
  /** The board attribute after the answer's moves, by the oracles (throws on an illegal move). */
  replay: (board: string, moves: unknown[]) => string;
  isGoal: (board: string) => boolean;
  /** The fewest moves, by an oracle or the Node solver. */
  fewest: (board: string) => number | null;
}

const bits = (board: string, set: string) => [...board.replaceAll('/', '')].reduce((mask, char, i) => mask | (char === set ? 1 << i : 0), 0);
const toggleText = (mask: number, chars: string) => [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => chars[(mask >> (r * 4 + c)) & 1]).join('')).join('/');
const tilesOf = (board: string) => board.split(/[/ ]+/).map((token) => (token === 'x' ? 0 : Number(token)));
const blankNeighbour = (board: string, side: number) => {
  const tiles = tilesOf(board);
  const blank = tiles.indexOf(0);
  return [blank - side, blank + side, blank - 1, blank + 1].find(
    (cell) => cell >= 0 && cell < side * side && Math.abs((cell % side) - (blank % side)) + Math.abs(Math.floor(cell / side) - Math.floor(blank / side)) === 1,
  )!;
};

let solver: Solver;

function toggleCase(kind: 'flip' | 'pilots', chars: string, board: string, click: number): Case {
  const goals = kind === 'flip' ? [0, 0xffff] : [0];
  return {
    id: kind,
    attributes: { puzzle: kind, board },
    clicks: () => [click],
    replay: (text, moves) => toggleText(replayPresses(kind, bits(text, chars[1]!), moves as Array<{ row: number; col: number }>), chars),
    isGoal: (text) => goals.includes(bits(text, chars[1]!)),
    fewest: (text) =>
      bfsDistance(
        [bits(text, chars[1]!)],
        (state: number) => Array.from({ length: 16 }, (_, cell) => state ^ pressMask(kind, cell >> 2, cell & 3)),
        (state: number) => goals.includes(state),
      ),
  };
}

function slidingCase(id: string, side: number, tiles: readonly number[], goal: 'blank-first' | 'blank-last'): Case {
  const goalTiles = Array.from({ length: side * side }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % (side * side)));
  return {
    id,
    attributes: { puzzle: String(side * side - 1), goal, board: slidingText(tiles, side) },
    clicks: (board) => [blankNeighbour(board, side)],
    replay: (board, moves) => slidingText(replaySliding(tilesOf(board), side, (moves as string[]).join('')), side),
    isGoal: (board) => slidingText(goalTiles, side) === board,
    fewest: (board) =>
      side === 3
        ? bfsDistance(
            [tilesOf(board)],
            (state: number[]) => slidingNeighbours(state, side),
            (state: number[]) => state.every((tile, i) => tile === goalTiles[i]),
            (state: number[]) => state.join(','),
          )
        : solver.sliding(board.replaceAll('/', '\n'), { goal }).length,
  };
}

const cases: Case[] = [
  toggleCase('flip', 'wb', 'bwwb/bbwb/bwwb/bwww', 0),
  toggleCase('pilots', '-+', '-+--/----/----/-+--', 5),
  {
    id: 'fourline',
    attributes: { puzzle: 'fourline', board: 'BWBO/WBWB/BWBW/WBWO' },
    // The black stone at row 1, column 3, into the empty square beside it.
    clicks: () => [2, 3],
    replay: (board, moves) => replayFourLine(board.replaceAll('/', ''), moves as Parameters<typeof replayFourLine>[1]).replace(/(.{4})(?=.)/g, '$1/'),
    isGoal: (board) => fourLineDistance(board.replaceAll('/', ''), 'BW') === 0,
    // After Black's move by hand it is White's turn, which the element's hint and Solve keep.
    fewest: (board) => fourLineDistance(board.replaceAll('/', ''), 'W'),
  },
  slidingCase('eight', 3, [2, 3, 4, 1, 5, 0, 7, 6, 8], 'blank-last'),
  slidingCase('fifteen', 4, fifteen, 'blank-first'),
  slidingCase('twentyfour', 5, twentyFour, 'blank-first'),
  {
    id: 'lights',
    attributes: { puzzle: 'lightsout', board: lightsText(lightsBoard) },
    clicks: () => [5],
    replay: (board, moves) =>
      lightsText(replayLightsOut([...board.replaceAll('/', '')].map(Number), moves as Array<{ row: number; col: number }>, lightsStencil, 3, 4, false, 2)),
    isGoal: (board) => /^[0/]+$/.test(board),
    fewest: (board) => lightsOutFewest(lightsStencil, 3, 4, false)[[...board.replaceAll('/', '')].reduce((mask, c, i) => mask | (Number(c) << i), 0)]!,
  },
];

const tags = cases
  .map(({ id, attributes }) => {
    const written = Object.entries(attributes).map(([name, value]) => `${name}="${value}"`);
    return `  <puzzlesearch-board id="${id}" ${written.join(' ')}></puzzlesearch-board>`;
  })
  .join('\n');
const head = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">';

// ---- the two consumers ----------------------------------------------------------------------

let folder = '';
let viteFolder = '';
let browser: Browser | undefined;
const servers: Server[] = [];
const origins: Record<'vite' | 'importMap', string> = { vite: '', importMap: '' };

/** The environment of a user's shell: vitest sets these, and Vite builds for development under NODE_ENV=test. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  return env;
}

function run(command: string, args: string[], cwd: string): void {
  const done = spawnSync(command, args, { cwd, env: userEnv(), encoding: 'utf8', timeout: 180_000 });
  if (done.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (${done.status ?? done.signal}):\n${done.stdout}\n${done.stderr}`);
}

/** A folder with the packed package (and its one dependency) installed offline. */
function consumer(name: string, tarball: string): string {
  const app = join(folder, name);
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball, join(repo, 'node_modules', '@assemblyscript', 'loader')], app);
  return app;
}

beforeAll(async () => {
  solver = await createSolver({ engine: 'wasm' });
  folder = mkdtempSync(join(tmpdir(), 'puzzlesearch-element-'));
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: repo, stdio: 'ignore' });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');

  // The Vite app: one import, the tags in index.html, no config.
  const vite = consumer('vite-app', join(folder, tarball));
  mkdirSync(join(vite, 'src'));
  writeFileSync(join(vite, 'src', 'main.ts'), "import 'puzzlesearch/element';\n");
  writeFileSync(
    join(vite, 'index.html'),
    `<!doctype html>\n<html><head>${head}<script type="module" src="/src/main.ts"></script></head><body>\n${tags}\n</body></html>\n`,
  );
  run(process.execPath, [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], vite);
  viteFolder = vite;

  // The plain file: an import map into node_modules, nothing built.
  const plain = consumer('plain', join(folder, tarball));
  const importMap = {
    imports: {
      'puzzlesearch/element': './node_modules/puzzlesearch/dist/element/index.js',
      '@assemblyscript/loader': './node_modules/@assemblyscript/loader/index.js',
    },
  };
  writeFileSync(
    join(plain, 'index.html'),
    `<!doctype html>\n<html><head>${head}\n<script type="importmap">${JSON.stringify(importMap)}</script>\n<script type="module">import 'puzzlesearch/element';</script></head><body>\n${tags}\n</body></html>\n`,
  );

  const isolated = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
  servers.push(await serveFolder(join(vite, 'dist'), { '/': {} }), await serveFolder(plain, { '/': isolated }));
  origins.vite = originOf(servers[0]!);
  origins.importMap = originOf(servers[1]!);
  ({ browser } = await launchChromium());
}, 600_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// ---- driving a page -------------------------------------------------------------------------

interface Recorded {
  type: string;
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: event details as the page sent them.
  detail: any;
}

/** Every board event the page dispatches, recorded in order (document capture: the error event does not bubble). */
function recordEvents(): void {
  const events: Array<{ type: string; id: string; detail: unknown }> = [];
  (window as unknown as { boardEvents: typeof events }).boardEvents = events;
  for (const type of ['move', 'solved', 'solution', 'hint', 'cancel', 'error', 'progress']) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target as HTMLElement;
        if (target?.localName !== 'puzzlesearch-board') return;
        events.push({ type, id: target.id, detail: JSON.parse(JSON.stringify((event as CustomEvent).detail ?? null)) });
      },
      true,
    );
  }
}

async function openPage(url: string, viewport = { width: 1280, height: 800 }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser!.newPage({ viewport });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  await page.addInitScript(recordEvents);
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('puzzlesearch-board') !== undefined && document.querySelector('puzzlesearch-board')?.shadowRoot);
  return { page, problems };
}

const eventsOf = async (page: Page, id: string, type: string): Promise<Recorded[]> =>
  (await page.evaluate(() => (window as unknown as { boardEvents: Recorded[] }).boardEvents)).filter((event) => event.id === id && event.type === type);

async function waitForEvents(page: Page, id: string, type: string, count: number, timeout = 120_000): Promise<Recorded[]> {
  await page.waitForFunction(
    ([id, type, count]) =>
      (window as unknown as { boardEvents: Recorded[] }).boardEvents.filter((event) => event.id === id && event.type === type).length >= (count as number),
    [id, type, count] as const,
    { timeout },
  );
  return eventsOf(page, id, type);
}

const attribute = (page: Page, id: string, name: string) => page.getAttribute(`#${id}`, name);

/** Plays, hints, solves and plays back one family, through real clicks, checked against the oracles. */
async function playFamily(page: Page, family: Case): Promise<void> {
  const { id } = family;
  const board = page.locator(`#${id}`);
  const start = (await attribute(page, id, 'board'))!;
  expect(start).toBe(family.attributes.board);

  // Play: a move by hand, counted, reflected, and said in a move event.
  for (const cell of family.clicks(start)) await board.locator(`.cell[data-index="${cell}"]`).click();
  const [played] = await waitForEvents(page, id, 'move', 1);
  const afterMove = (await attribute(page, id, 'board'))!;
  expect(played!.detail).toMatchObject({ by: 'player', moves: 1, board: afterMove });
  expect(family.replay(start, [played!.detail.move])).toBe(afterMove);
  expect(await attribute(page, id, 'moves')).toBe('1');

  // Hint: marked cells, and the distance the oracle gives.
  const fewest = family.fewest(afterMove);
  await board.locator('button[data-action="hint"]').click();
  const [hint] = await waitForEvents(page, id, 'hint', 1);
  expect(hint!.detail.distance).toBe(fewest);
  expect(hint!.detail.cells.length).toBeGreaterThan(0);
  expect(await board.locator('.cell.hint').count()).toBe(hint!.detail.cells.length);

  // Solve: busy while searching, then an answer of the fewest moves that replays to the goal.
  await board.locator('button[data-action="solve"]').click();
  const [solution] = await waitForEvents(page, id, 'solution', 1);
  expect(await attribute(page, id, 'busy')).toBeNull();
  expect(solution!.detail.status).toBe('solved');
  expect(solution!.detail.length).toBe(fewest);
  const moves = solution!.detail.moves as unknown[];
  const end = family.replay(afterMove, moves);
  expect(family.isGoal(end)).toBe(true);
  expect(await attribute(page, id, 'length')).toBe(String(moves.length));
  expect(await attribute(page, id, 'step')).toBe('0');
  expect(await board.locator('.moves button').count()).toBe(moves.length);

  // A move of the list jumps there.
  const middle = Math.ceil(moves.length / 2);
  await board.locator(`.moves button[data-step="${middle}"]`).click();
  expect(await attribute(page, id, 'step')).toBe(String(middle));
  expect(await attribute(page, id, 'board')).toBe(family.replay(afterMove, moves.slice(0, middle)));
  expect(await board.locator('.moves button[aria-current="step"]').getAttribute('data-step')).toBe(String(middle));

  // Playback from the start at 8x: a move event a step, the goal's solved event, the player's count unchanged.
  await board.locator('select').selectOption('8');
  expect(await attribute(page, id, 'speed')).toBe('8');
  await board.locator('button[data-action="start"]').click();
  await board.locator('button[data-action="play"]').click();
  const [solved] = await waitForEvents(page, id, 'solved', 1);
  expect(solved!.detail).toMatchObject({ by: 'playback', moves: 1, board: end });
  const steps = (await eventsOf(page, id, 'move')).filter((event) => event.detail.by === 'playback');
  expect(steps.map((event) => JSON.stringify(event.detail.move))).toEqual(moves.map((move) => JSON.stringify(move)));
  expect(await attribute(page, id, 'board')).toBe(end);
  expect(await attribute(page, id, 'step')).toBe(String(moves.length));
  expect(await attribute(page, id, 'solved')).toBe('');
  expect(await attribute(page, id, 'moves')).toBe('1');
}

/** The keyboard: Tab into a grid puzzle, arrows move the focus, Enter presses; on a sliding board the arrows move the blank. */
async function playByKeys(page: Page): Promise<void> {
  // Flip is solved by now; a press from the goal is a move all the same.
  const flip = page.locator('#flip');
  const before = (await attribute(page, 'flip', 'board'))!;
  const moves = (await eventsOf(page, 'flip', 'move')).length;
  await flip.locator('.cell[tabindex="0"]').focus();
  const start = Number(await flip.locator('.cell:focus').getAttribute('data-index'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = Number(await flip.locator('.cell:focus').getAttribute('data-index'));
  expect(focused).toBe(start + 5);
  // The focused cell shows the cells its press turns, with their own mark.
  expect(await flip.locator('.cell.affected').count()).toBe(5);
  await page.keyboard.press('Enter');
  const [pressed] = (await waitForEvents(page, 'flip', 'move', moves + 1)).slice(moves);
  expect(pressed!.detail.move).toEqual({ row: Math.floor(focused / 4) + 1, col: (focused % 4) + 1 });
  expect(await attribute(page, 'flip', 'board')).toBe(cases[0]!.replay(before, [pressed!.detail.move]));

  const fifteen = page.locator('#fifteen');
  const tiles = (await attribute(page, 'fifteen', 'board'))!;
  const slid = (await eventsOf(page, 'fifteen', 'move')).length;
  await fifteen.locator('.cell').first().focus();
  const blank = tilesOf(tiles).indexOf(0);
  const key = blank >= 4 ? 'ArrowUp' : 'ArrowDown';
  await page.keyboard.press(key);
  const [moved] = (await waitForEvents(page, 'fifteen', 'move', slid + 1)).slice(slid);
  expect(moved!.detail.move).toBe(key === 'ArrowUp' ? 'u' : 'd');
  expect(await attribute(page, 'fifteen', 'board')).toBe(slidingText(replaySliding(tilesOf(tiles), 4, moved!.detail.move), 4));
}

/** At this viewport, mid-playback of the 15-puzzle, the board and the playback bar are both on screen; tiles slide as the speed says. */
async function checkViewport(url: string, viewport: { width: number; height: number }): Promise<void> {
  const { page, problems } = await openPage(url, viewport);
  try {
    const board = page.locator('#fifteen');
    await board.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await board.locator('button[data-action="solve"]').click();
    await waitForEvents(page, 'fifteen', 'solution', 1);
    // Speed 1: a step every 500 ms, a slide of 180 ms.
    await board.locator('button[data-action="play"]').click();
    await page.waitForFunction(() => Number(document.querySelector('#fifteen')?.getAttribute('step')) >= 2);
    expect(await attribute(page, 'fifteen', 'playing')).toBe('');
    for (const part of ['.board', '.playback']) {
      const box = (await board.locator(part).boundingBox())!;
      expect(box.y, `${part} top at ${viewport.width}x${viewport.height}`).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${part} bottom at ${viewport.width}x${viewport.height}`).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    const slide = () =>
      board
        .locator('.piece')
        .first()
        .evaluate((piece) => getComputedStyle(piece).transitionDuration);
    expect(await slide()).toBe('0.18s');
    await board.locator('select').selectOption('4');
    expect(await slide()).toBe('0.075s');
    // Tiles move by transform: the piece of the tile the last step moved sits where the board says.
    const placed = await board
      .locator('.piece')
      .evaluateAll((pieces) =>
        pieces.map((piece) => ({ cell: Number((piece as HTMLElement).dataset.cell), transform: (piece as HTMLElement).style.getPropertyValue('--c') })),
      );
    expect(placed.every(({ cell, transform }) => Number(transform) === cell % 4)).toBe(true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await slide()).toBe('0s');
    expect(problems).toEqual([]);
  } finally {
    await page.close();
  }
}

/** A typed use of the element, as a TypeScript user of the Vite app would write it (not imported by the app). */
const typedUse = `import { configureBoards, PuzzlesearchBoard, type BoardAnswer, type BoardMoveDetail } from 'puzzlesearch/element';

configureBoards({ workers: 1 });
const made: PuzzlesearchBoard = document.createElement('puzzlesearch-board');
made.setAttribute('puzzle', 'flip');
const found = document.querySelector('puzzlesearch-board');
if (found) {
  found.speed = 2;
  const answer: Promise<BoardAnswer<unknown> | null> = found.solve();
  void answer;
  found.addEventListener('move', (event) => {
    const detail = (event as CustomEvent<BoardMoveDetail>).detail;
    const by: 'player' | 'playback' = detail.by;
    void by;
  });
  // @ts-expect-error: speed is a number
  found.speed = 'fast';
}
`;

describe('the element’s types', () => {
  it('type-check in the fresh app under tsc --strict, through the package’s exports map and the tag name map', () => {
    writeFileSync(join(viteFolder, 'typed.ts'), typedUse);
    const compilerOptions = { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [] };
    writeFileSync(join(viteFolder, 'tsconfig.typed.json'), JSON.stringify({ compilerOptions, files: ['typed.ts'] }));
    const tsc = spawnSync(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.typed.json'], {
      cwd: viteFolder,
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});

describe.each([
  ['a fresh Vite app importing only puzzlesearch/element', 'vite'],
  ['a plain HTML file with an import map', 'importMap'],
] as const)('<puzzlesearch-board> in %s', (_name, which) => {
  it('plays, hints, solves and plays back all seven families, the answers replayed by the oracles', async () => {
    const { page, problems } = await openPage(`${origins[which]}/`);
    try {
      for (const family of cases) await playFamily(page, family);
      expect(await page.evaluate(() => (window as unknown as { boardEvents: Recorded[] }).boardEvents.filter((event) => event.type === 'error'))).toEqual([]);
      await playByKeys(page);
      // Attributes set later: a new goal keeps the tiles; a new puzzle starts from its own sample, not the old board.
      const eight = page.locator('#eight');
      const before = await attribute(page, 'eight', 'board');
      await eight.evaluate((element) => element.setAttribute('goal', 'blank-first'));
      expect(await attribute(page, 'eight', 'board')).toBe(before);
      expect(await attribute(page, 'eight', 'solved')).toBeNull();
      expect(await attribute(page, 'eight', 'length')).toBeNull();
      // A board that cannot reach the goal: Solve says why, in the answer and under the board.
      await eight.evaluate((element) => element.setAttribute('board', '2 1 3/4 5 6/7 8 x'));
      await eight.locator('button[data-action="solve"]').click();
      const [, odd] = await waitForEvents(page, 'eight', 'solution', 2);
      expect(odd!.detail).toMatchObject({ status: 'unsolvable', length: null, moves: [] });
      expect(await eight.locator('.message').textContent()).toBe(odd!.detail.reason);
      expect(await attribute(page, 'eight', 'length')).toBeNull();
      // A board attribute the family cannot read: one line in an error event and under the board; the board, and its attribute, keep the position.
      await eight.evaluate((element) => element.setAttribute('board', '1 2 3/4 5 5/7 8 x'));
      const [bad] = await waitForEvents(page, 'eight', 'error', 1);
      expect(bad!.detail.message).toMatch(/duplicate tile 5/);
      expect(await eight.locator('.message').textContent()).toBe(bad!.detail.message);
      expect(await eight.locator('.cell[data-value="1"]').getAttribute('data-index')).toBe('1');
      expect(await attribute(page, 'eight', 'board')).toBe('2 1 3/4 5 6/7 8 x');
      await eight.evaluate((element) => element.setAttribute('puzzle', '24'));
      expect((await attribute(page, 'eight', 'board'))!.split('/')).toHaveLength(5);
      expect(await eight.locator('.cell').count()).toBe(25);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('cancels a long search, and answers again after it', async () => {
    const { page, problems } = await openPage(`${origins[which]}/`);
    try {
      // Shared memory (a cancel flag) only where the page is cross-origin isolated: the import-map page is, the Vite app is not.
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(which === 'importMap');
      const id = 'twentyfour';
      const board = page.locator(`#${id}`);
      await board.evaluate((element, text) => element.setAttribute('board', text), slidingText(farTwentyFour, 5));
      await board.locator('button[data-action="solve"]').click();
      await waitForEvents(page, id, 'progress', 1);
      expect(await attribute(page, id, 'busy')).toBe('solve');
      await board.locator('button[data-action="cancel"]').click();
      await waitForEvents(page, id, 'cancel', 1);
      expect(await attribute(page, id, 'busy')).toBeNull();
      expect(await eventsOf(page, id, 'solution')).toEqual([]);
      expect(await board.locator('.message').textContent()).toBe('Search cancelled.');
      // The pool answers the next call: the shorter walk, solved.
      await board.evaluate((element, text) => element.setAttribute('board', text), slidingText(twentyFour, 5));
      await board.locator('button[data-action="solve"]').click();
      const [solution] = await waitForEvents(page, id, 'solution', 1);
      expect(solution!.detail.length).toBe(solver.sliding(slidingText(twentyFour, 5).replaceAll('/', '\n'), { goal: 'blank-first' }).length);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps the board and the playback controls in view mid-playback at 1280x800 and 390x844', async () => {
    await checkViewport(`${origins[which]}/`, { width: 1280, height: 800 });
    await checkViewport(`${origins[which]}/`, { width: 390, height: 844 });
  });
});
