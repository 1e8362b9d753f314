/**
 * Outside: what a panel shows while its worker searches: a line with the run
 * (a solve, or a comparison's warm-up or timed round), the engine, the time so
 * far and the IDA* bound and nodes the worker reports; while pattern-database
 * tables are prepared first, that line says so above a bar for all the tables
 * and one for the group in hand, and for a build, what it takes on this
 * machine. The clock ticks ten times a second.
 */
import type { EngineName, Progress } from '../../../src/index.js';
import { h, numberFormat } from '../shared/dom.js';
import { engineLabel } from '../workers/engines.js';
import type { EstimateShown, PanelHost, TablesShown } from './contract.js';
import type { SolutionMove } from '../workers/solverClient.js';

/** Table preparation as the panel shows it: a line, a bar for the whole and one for the group in hand, and a note. */
interface Busy {
  engine: EngineName;
  /** What this run is for: a solve, or a comparison's warm-up or timed round. */
  phase: string;
  started: number;
  bound: number | null;
  nodes: number | null;
  /** While pattern-database tables are prepared before the search: what is done, as words and as fractions. */
  tables?: TablesShown;
}

export class SearchProgress<S, M extends SolutionMove> {
  readonly line: HTMLElement;
  readonly tablesBox: HTMLElement;
  private readonly tablesBar: HTMLProgressElement;
  private readonly groupBar: HTMLProgressElement;
  private readonly groupLabel: HTMLElement;
  private readonly tablesNote: HTMLElement;
  private readonly tablesEstimate: HTMLElement;
  private busy: Busy | null = null;
  private ticker: number | undefined;

  constructor(private readonly host: PanelHost<S, M>) {
    const id = host.panel.spec.id;
    this.line = h('p', { class: 'progress', 'aria-live': 'polite', hidden: true });
    this.tablesBar = h('progress', {
      class: 'tables-bar',
      id: `${id}-tables-bar`,
      max: 1,
      value: 0,
      'aria-label': 'Pattern database tables prepared, all groups',
    });
    this.groupBar = h('progress', { class: 'group-bar', id: `${id}-group-bar`, max: 1, value: 0, 'aria-label': 'Pattern database group being prepared' });
    this.groupLabel = h('label', { for: `${id}-group-bar` });
    this.tablesNote = h('p', { class: 'tables-note' });
    this.tablesEstimate = h('p', { class: 'tables-estimate' });
    this.tablesBox = h(
      'div',
      { class: 'tables-box', hidden: true },
      h('label', { for: `${id}-tables-bar` }, 'All tables'),
      this.tablesBar,
      this.groupLabel,
      this.groupBar,
      this.tablesNote,
      this.tablesEstimate,
    );
  }

  /** The engine of the run in hand; undefined while nothing runs. */
  get engine(): EngineName | undefined {
    return this.busy?.engine;
  }

  get active(): boolean {
    return this.busy !== null;
  }

  /** A search job starts: shown at once, the clock ticking until finish(). */
  begin(engine: EngineName): void {
    this.run(engine, 'Searching');
    this.ticker = window.setInterval(() => this.render(), 100);
  }

  /** One run of the job: its engine and what it is for, the clock from zero. */
  run(engine: EngineName, phase: string): void {
    this.busy = { engine, phase, started: performance.now(), bound: null, nodes: null };
  }

  /** What the worker reports of the search; `phase`, when given, renames what the search is for. */
  report(progress: Progress, phase?: string): void {
    if (this.busy) Object.assign(this.busy, progress, phase === undefined ? {} : { phase });
    this.render();
  }

  /** Table preparation to show (null: done). */
  tables(tables: TablesShown | null): void {
    if (!this.busy) return;
    this.busy.tables = tables ?? undefined;
    this.render();
  }

  finish(): void {
    window.clearInterval(this.ticker);
    this.busy = null;
  }

  render(): void {
    const { panel } = this.host;
    const { busy, line } = this;
    // Here, not in the panel's render(): the pool may start its workers after a search began.
    panel.element.dataset.workers = String(panel.client.generation);
    line.hidden = busy === null;
    this.tablesBox.hidden = !busy?.tables;
    if (!busy?.tables) {
      // Nothing of a finished or cancelled preparation stays behind, hidden or not.
      delete line.dataset.tables;
      this.renderEstimate(undefined);
    }
    if (!busy) {
      delete line.dataset.bound;
      delete line.dataset.nodes;
      return;
    }
    const elapsed = (performance.now() - busy.started) / 1000;
    if (busy.tables) {
      line.textContent = `${busy.tables.text} on ${engineLabel[busy.engine]} · ${elapsed.toFixed(1)} s`;
      line.dataset.tables = busy.tables.phase;
      this.tablesBar.value = busy.tables.fraction;
      const { group } = busy.tables;
      this.groupBar.value = group.fraction;
      // One percentage on show (the whole's, in the line above); this bar says which group, in the order they are made.
      this.groupLabel.textContent = `Group ${group.number} of ${group.of}`;
      this.tablesBox.dataset.group = String(group.number);
      this.tablesNote.textContent = busy.tables.note ?? '';
      this.tablesNote.hidden = !busy.tables.note;
      this.renderEstimate(busy.tables.estimate);
      return;
    }
    const parts = [`${busy.phase} on ${engineLabel[busy.engine]}`, `${elapsed.toFixed(1)} s`];
    if (busy.bound !== null) parts.push(`IDA* bound ${busy.bound}`);
    if (busy.nodes !== null) parts.push(`${numberFormat.format(busy.nodes)} nodes so far`);
    line.textContent = parts.join(' · ');
    if (busy.bound !== null) line.dataset.bound = String(busy.bound);
    if (busy.nodes !== null) line.dataset.nodes = String(busy.nodes);
  }

  private renderEstimate(estimate: EstimateShown | undefined): void {
    const element = this.tablesEstimate;
    element.hidden = !estimate;
    element.textContent = estimate?.text ?? '';
    if (estimate?.basis) element.dataset.basis = estimate.basis;
    else delete element.dataset.basis;
    const numbers: Record<string, number | undefined> = { memoryBytes: estimate?.memoryBytes, leftMs: estimate?.leftMs, totalMs: estimate?.totalMs };
    for (const [name, value] of Object.entries(numbers)) {
      if (value === undefined) delete element.dataset[name];
      else element.dataset[name] = value.toFixed(0);
    }
  }
}
