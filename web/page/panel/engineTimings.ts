/**
 * Outside: a panel's engine table: for each engine the last run's moves,
 * nodes and time, and under it the verdict of Compare engines (compare.ts).
 * A run is only ever shown for what the board shows: the same position, or
 * the start of the solution being played from it; after a new board, an edit
 * or an unsolvable one its row is empty.
 */
import type { EngineName } from '../../../src/index.js';
import { type Comparison, median, verdict } from './compare.js';
import { formatMs, h, numberFormat } from '../shared/dom.js';
import { engineLabel, engineNames } from '../workers/engines.js';
import type { PanelHost } from './contract.js';
import type { SolutionPlayback } from './playback.js';
import type { SolutionMove, SolveAnswer } from '../workers/solverClient.js';

export interface EngineRun {
  key: string;
  answer: SolveAnswer;
  /** The time shown: the run's own, or the median of a comparison's timed runs. */
  ms: number;
  /** How many timed runs `ms` stands for. */
  runs: number;
}

export class EngineTimings<S, M extends SolutionMove> {
  readonly table: HTMLTableElement;
  readonly speedup: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private readonly runs = new Map<EngineName, EngineRun>();
  private comparison: Comparison | null = null;

  constructor(
    private readonly host: PanelHost<S, M>,
    private readonly playback: SolutionPlayback<S, M>,
  ) {
    this.body = h('tbody');
    this.speedup = h('p', { class: 'speedup' });
    this.table = h(
      'table',
      { class: 'engines' },
      h('caption', {}, 'This position on each engine'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Engine'),
          h('th', { scope: 'col' }, 'Moves'),
          h('th', { scope: 'col' }, 'Nodes'),
          h('th', { scope: 'col' }, 'Time'),
        ),
      ),
      this.body,
    );
  }

  /** A new position: no runs, no comparison. */
  forget(): void {
    this.runs.clear();
    this.comparison = null;
  }

  /** One solve: the engine's row, timed by that run alone; a comparison shown before is over. */
  recordSolve(engine: EngineName, key: string, answer: SolveAnswer): void {
    this.runs.set(engine, { key, answer, ms: answer.stats.ms, runs: 1 });
    this.comparison = null;
  }

  /** A comparison starts: the verdict of an earlier one goes. */
  startComparison(): void {
    this.comparison = null;
  }

  /** A comparison's end: each engine's warm-up answer, timed by the median of its `rounds` timed runs (by the warm-up when there were none). */
  recordComparison(key: string, answers: ReadonlyMap<EngineName, SolveAnswer>, times: ReadonlyMap<EngineName, number[]>, rounds: number): void {
    const ms = {} as Record<EngineName, number>;
    for (const [engine, answer] of answers) {
      ms[engine] = rounds > 0 ? median(times.get(engine)!) : answer.stats.ms;
      this.runs.set(engine, { key, answer, ms: ms[engine], runs: Math.max(rounds, 1) });
    }
    const nodes = new Set([...answers.values()].map((answer) => answer.stats.nodes));
    this.comparison = { key, ms, rounds, sameNodes: nodes.size === 1 };
  }

  /** The run whose answer the panel shows: the chosen engine's if it is current, else any current one. */
  shownRun(): EngineRun | undefined {
    return [this.runs.get(this.host.engine()), ...this.runs.values()].find((candidate) => candidate && this.current(candidate));
  }

  /** Whether a run was for what the board shows: the same position, or the start of the solution being played. */
  private current(run: EngineRun): boolean {
    const s = this.playback.solution;
    return run.key === this.host.keyOf(this.host.panel.state) || (s !== null && s.attached && s.key === run.key);
  }

  render(): void {
    this.body.replaceChildren(
      ...engineNames.map((engine) => {
        const stored = this.runs.get(engine);
        // A run of another position is never shown: after a new board, an edit or an unsolvable one, its row is empty.
        const run = stored && this.current(stored) ? stored : undefined;
        const row = h(
          'tr',
          {
            'data-engine': engine,
            class: engine === this.host.engine() ? 'chosen' : undefined,
            title: run ? (run.runs > 1 ? `Time: median of ${run.runs} timed runs after a warm-up run` : 'Time: one run') : undefined,
          },
          h('th', { scope: 'row' }, engineLabel[engine]),
          h('td', {}, run ? (run.answer.length === null ? (run.answer.solvable ? '—' : 'none') : String(run.answer.length)) : '—'),
          h('td', {}, run ? numberFormat.format(run.answer.stats.nodes) : '—'),
          h('td', {}, run ? formatMs(run.ms) : '—'),
        );
        if (run) {
          row.dataset.nodes = String(run.answer.stats.nodes);
          row.dataset.ms = String(run.ms);
          row.dataset.runs = String(run.runs);
        }
        return row;
      }),
    );
    const comparison = this.comparison;
    const shown =
      comparison &&
      engineNames.every((engine) => {
        const run = this.runs.get(engine);
        return run !== undefined && run.key === comparison.key && this.current(run);
      });
    delete this.speedup.dataset.ratio;
    if (comparison && shown) {
      const { text, ratio } = verdict(comparison);
      this.speedup.textContent = text;
      if (ratio !== null) this.speedup.dataset.ratio = String(ratio);
    } else {
      this.speedup.textContent = 'Compare engines solves this position on both engines, warm, and compares their median times.';
    }
  }
}
