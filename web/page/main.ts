/**
 * Outside: the page. It builds one panel per puzzle family and the engine
 * switch; every search runs in the library's worker pool (see src/pool), so the page keeps
 * answering clicks and keys while the 15- or 24-puzzle is being searched.
 */
import type { EngineName } from '../../src/index.js';
import { h } from './shared/dom.js';
import { LightsOutPanel } from './lightsOut/lightsOutPanel.js';
import { CensusPanel } from './census/censusPanel.js';
import type { Panel } from './panel/panel.js';
import { engineLabel, engineNames } from './workers/engines.js';
import { keepForOffline } from './shell/offline.js';
import { FlipPanel, PilotsPanel } from './flip/flipPanels.js';
import { FourLinePanel } from './fourLine/fourLinePanel.js';
import { SlidingPanel } from './sliding/slidingPanel.js';
import { type SolutionMove, type SolverClient, watchPools } from './workers/solverClient.js';

let engine: EngineName = 'wasm';
const context = { engine: () => engine };

/** What the page needs of a panel: the puzzle panels (Panel) and Lights Out (its own canvas panel). */
interface PagePanel {
  readonly spec: { id: string; title: string };
  readonly client: SolverClient;
  readonly element: HTMLElement;
  mount(): HTMLElement;
  render(): void;
}

const panels: PagePanel[] = [
  ...([
    new FlipPanel(context),
    new PilotsPanel(context),
    new FourLinePanel(context),
    new SlidingPanel(context, 3),
    new SlidingPanel(context, 4),
    new SlidingPanel(context, 5),
  ] as Panel<unknown, SolutionMove>[]),
  new LightsOutPanel(context),
  new CensusPanel(context),
];

function engineSwitch(): HTMLElement {
  const options = engineNames.map((name) =>
    h(
      'label',
      { class: 'engine-option' },
      h('input', {
        type: 'radio',
        name: 'engine',
        value: name,
        checked: name === engine,
        'aria-describedby': 'engine-note',
        onchange: () => {
          engine = name;
          document.body.dataset.engine = name;
          for (const panel of panels) panel.render();
        },
      }),
      h('span', {}, engineLabel[name]),
    ),
  );
  return h(
    'fieldset',
    { class: 'engine-switch' },
    h('legend', {}, 'Engine'),
    ...options,
    h(
      'p',
      { id: 'engine-note', class: 'hint' },
      'Same algorithms, same node counts: the hot loops in AssemblyScript compiled to WebAssembly, or their pure-TypeScript twin.',
    ),
  );
}

function nav(): HTMLElement {
  return h(
    'nav',
    { 'aria-label': 'Puzzles' },
    h('ul', {}, ...panels.map((panel) => h('li', {}, h('a', { href: `#panel-${panel.spec.id}` }, panel.spec.title)))),
  );
}

/**
 * The footer's line on the workers, one sentence an engine once its pool has
 * started: whether they share one copy of the pattern-database tables (the
 * shared-memory build, on a cross-origin isolated page) or each hold a copy.
 * Its data attributes (workers, shared-tables, calls: each worker's calls so far) are for the tests.
 */
function poolStatus(): HTMLElement {
  const line = h('p', { id: 'pool-status', 'aria-live': 'polite' }, 'The workers start with the first search.');
  const sentences = new Map<EngineName, HTMLElement>();
  watchPools((pool) => {
    const workers = `${pool.size} worker${pool.size === 1 ? '' : 's'}`;
    const why =
      pool.engine !== 'wasm'
        ? 'the twin has no shared build'
        : crossOriginIsolated
          ? 'this browser offers no shared WebAssembly memory'
          : 'this page is not cross-origin isolated: its server sends no COOP/COEP headers';
    const text = pool.sharedTables
      ? `${engineLabel[pool.engine]}: shared tables, ${workers} (one copy of the tables in shared memory; this page is cross-origin isolated).`
      : `${engineLabel[pool.engine]}: ${workers}, a copy of the tables per worker (${why}).`;
    const sentence = sentences.get(pool.engine) ?? h('span', { 'data-engine': pool.engine });
    if (!sentences.has(pool.engine)) {
      sentences.set(pool.engine, sentence);
      line.replaceChildren(...[...sentences.values()].flatMap((each, index) => (index === 0 ? [each] : [' ', each])));
    }
    sentence.textContent = text;
    sentence.dataset.workers = String(pool.size);
    sentence.dataset.sharedTables = String(pool.sharedTables);
    sentence.dataset.calls = pool.workers.map((worker) => worker.calls).join(',');
  });
  return line;
}

const app = document.getElementById('app')!;
document.body.dataset.engine = engine;
app.replaceChildren(
  h(
    'header',
    { class: 'page-head' },
    h(
      'div',
      { class: 'title' },
      h('h1', {}, 'puzzlesearch'),
      h(
        'p',
        { class: 'tagline' },
        'Six classic puzzles and Lights Out on any board, solved optimally in your browser. Play them, scramble them, or ask for the shortest solution and watch it play out.',
      ),
    ),
    engineSwitch(),
  ),
  nav(),
  h('main', {}, ...panels.map((panel) => panel.mount())),
  h(
    'footer',
    {},
    h(
      'p',
      {},
      'Searches run in a pool of Web Workers on this page (Cancel stops one at once); nothing is sent anywhere. Node counts are the same on both engines, so the times compare the same work.',
    ),
    poolStatus(),
  ),
);
for (const panel of panels) {
  panel.element.addEventListener('pointerenter', () => panel.client.warm(engine), { once: true });
  panel.element.addEventListener('focusin', () => panel.client.warm(engine), { once: true });
}
document.body.dataset.ready = 'true';
keepForOffline();
