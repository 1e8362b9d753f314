/**
 * Outside: the census panel (issue 23 §2). For a small sliding board it
 * draws how many states lie at each distance from the goal as a bar chart,
 * with the total, the largest distance (the board's God's number) and one
 * state that far. The boards that take seconds (up to 2x5 and 3x3) are counted
 * on the page, in the worker pool, with a progress bar and Cancel; the
 * 12-cell ones (a minute each) are read from data/census12.json, computed
 * once with `puzzlesearch census --json` and shipped with the package.
 * How a census is drawn is censusView.ts.
 */
import type { CensusProgress, EngineName, GoalName } from '../../../src/index.js';
import shippedText from '../../../data/census12.json?raw';
import { censusView, type CensusShown } from './censusView.js';
import { formatMs, h, numberFormat } from '../shared/dom.js';
import type { PanelContext } from '../shared/pageContext.js';
import { engineLabel, solveFailure } from '../workers/engines.js';
import { SolverClient } from '../workers/solverClient.js';

/** The sizes offered: width x height, counted here, or read from the shipped table. */
const LIVE_SIZES = ['2x2', '3x2', '2x3', '4x2', '2x4', '3x3', '5x2', '2x5'] as const;
const SHIPPED_SIZES = ['4x3', '3x4', '6x2', '2x6'] as const;
const shipped = JSON.parse(shippedText) as Record<string, CensusShown>;

/**
 * The shipped census (blank-last) turned into the blank-first one: a half
 * turn of the board takes the blank's corner to the other one, and tile t to
 * n - t makes the goal's numbering match. Distances are kept, so the counts
 * are the same and the farthest state turns with it.
 */
function blankFirst(census: CensusShown): CensusShown {
  const n = census.goal.length;
  const turn = (tiles: readonly number[]) => tiles.map((_, at) => tiles[n - 1 - at]).map((tile) => (tile === 0 ? 0 : n - tile));
  return { ...census, goal: turn(census.goal), farthest: turn(census.farthest) };
}

function sizeLabel(size: string): string {
  const [width, height] = size.split('x').map(Number);
  const states = numberFormat.format(factorial(width * height) / 2);
  return `${width} wide, ${height} tall (${states} states)`;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

export class CensusPanel {
  readonly spec = { id: 'census', title: 'Census of small boards' };
  readonly client = new SolverClient();
  element!: HTMLElement;
  private size!: HTMLSelectElement;
  private goal!: HTMLSelectElement;
  private countButton!: HTMLButtonElement;
  private cancelButton!: HTMLButtonElement;
  private bar!: HTMLProgressElement;
  private progress!: HTMLElement;
  private result!: HTMLElement;

  constructor(private readonly context: PanelContext) {}

  mount(): HTMLElement {
    const id = this.spec.id;
    const option = (size: string) => h('option', { value: size }, sizeLabel(size));
    this.size = h(
      'select',
      { id: `${id}-size`, onchange: () => this.sizeChanged() },
      h('optgroup', { label: 'Counted here' }, ...LIVE_SIZES.map(option)),
      h('optgroup', { label: 'Counted once, shipped with the package' }, ...SHIPPED_SIZES.map(option)),
    );
    this.size.value = '3x3';
    this.goal = h(
      'select',
      { id: `${id}-goal`, onchange: () => this.sizeChanged() },
      h('option', { value: 'blank-last' }, 'blank last (bottom right)'),
      h('option', { value: 'blank-first' }, 'blank first (top left)'),
    );
    this.countButton = h('button', { type: 'button', class: 'primary', onclick: () => void this.count() }, 'Count');
    this.cancelButton = h(
      'button',
      { type: 'button', class: 'danger', hidden: true, 'aria-label': 'Cancel the census', onclick: () => this.client.cancel() },
      'Cancel',
    );
    this.bar = h('progress', { class: 'tables-bar census-bar', max: 1, value: 0, hidden: true, 'aria-label': 'States found of all reachable ones' });
    this.progress = h('p', { class: 'progress', 'aria-live': 'polite', hidden: true });
    this.result = h('div', { class: 'census-result', 'aria-live': 'polite' });
    this.element = h(
      'section',
      { class: 'panel', id: `panel-${id}`, 'data-panel': id, 'aria-labelledby': `${id}-title` },
      h(
        'header',
        { class: 'panel-head' },
        h('h2', { id: `${id}-title` }, this.spec.title),
        h(
          'p',
          { class: 'rules' },
          'Every position of a small sliding board, counted by its fewest moves from the goal: a breadth-first search of all of them. The largest distance is the board’s “God’s number”.',
        ),
      ),
      h(
        'div',
        { class: 'row' },
        h('label', { for: `${id}-size` }, 'Board '),
        this.size,
        h('label', { for: `${id}-goal` }, 'Goal '),
        this.goal,
        this.countButton,
        this.cancelButton,
      ),
      this.bar,
      this.progress,
      this.result,
    );
    this.element.dataset.busy = 'false';
    this.sizeChanged();
    return this.element;
  }

  /** The button says what it will do for the engine and size chosen. */
  render(): void {
    const live = (LIVE_SIZES as readonly string[]).includes(this.size.value);
    this.countButton.textContent = live ? `Count on ${engineLabel[this.context.engine()]}` : 'Show';
    this.countButton.setAttribute(
      'aria-label',
      live ? `Count every ${this.size.value} board on ${engineLabel[this.context.engine()]}` : `Show the shipped census of the ${this.size.value} board`,
    );
  }

  private sizeChanged(): void {
    this.client.cancel();
    this.render();
    // The shipped ones cost nothing to show: no need to press a button.
    if (!(LIVE_SIZES as readonly string[]).includes(this.size.value)) void this.count();
    else this.result.replaceChildren();
  }

  private async count(): Promise<void> {
    const size = this.size.value;
    const goal = this.goal.value as GoalName;
    const stored = shipped[size];
    if (stored) {
      this.show(goal === 'blank-first' ? blankFirst(stored) : stored, 'counted once with puzzlesearch census and shipped with the package');
      return;
    }
    const engine: EngineName = this.context.engine();
    this.busy(true);
    const started = performance.now();
    try {
      const census = await this.client.census(engine, size, goal, (step) => this.step(step, performance.now() - started));
      this.show(census, `counted here in ${formatMs(census.stats.ms)} on ${engineLabel[engine]}`);
    } catch (error) {
      const { text, kind } = solveFailure(error, engine);
      this.result.replaceChildren(h('p', { class: `message ${kind}` }, text.replace('Search cancelled', 'Census cancelled')));
    } finally {
      this.busy(false);
    }
  }

  private busy(on: boolean): void {
    this.element.dataset.busy = String(on);
    this.countButton.disabled = on;
    this.cancelButton.hidden = !on;
    this.bar.hidden = !on;
    this.progress.hidden = !on;
    if (on) {
      this.bar.value = 0;
      this.progress.textContent = 'Starting…';
      this.result.replaceChildren();
    }
  }

  private step({ depth, states, total }: CensusProgress, ms: number): void {
    this.bar.value = states / total;
    this.progress.textContent = `distance ${depth} · ${numberFormat.format(states)} of ${numberFormat.format(total)} states · ${(ms / 1000).toFixed(1)} s`;
  }

  private show(census: CensusShown, how: string): void {
    this.result.replaceChildren(...censusView(census, how));
  }
}
