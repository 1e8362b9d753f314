/**
 * Outside: a panel's Solve, Compare engines and Cancel. One search job at a
 * time, on the position shown when it started; each run in the panel's worker
 * first gets the worker ready (pattern-database tables), then searches with
 * its progress shown (searchProgress.ts). Solve is one run on the chosen
 * engine; Compare engines is a warm-up run on each and timed rounds (see
 * compare.ts). The answer becomes the solution to play (playback.ts), the
 * engines' rows (engineTimings.ts) and the result's message (solveResult.ts).
 */
import type { EngineName } from '../../../src/index.js';
import { plannedRounds, roundOrder } from './compare.js';
import { h } from '../shared/dom.js';
import { engineLabel, engineNames, solveFailure } from '../workers/engines.js';
import type { EngineTimings } from './engineTimings.js';
import type { PanelHost } from './contract.js';
import type { SolutionPlayback } from './playback.js';
import type { SearchProgress } from './searchProgress.js';
import type { SolveResult } from './solveResult.js';
import type { SolutionMove, SolveAnswer } from '../workers/solverClient.js';

export class SolveController<S, M extends SolutionMove> {
  readonly solveButton: HTMLButtonElement;
  readonly compareButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;

  constructor(
    private readonly host: PanelHost<S, M>,
    private readonly progress: SearchProgress<S, M>,
    private readonly playback: SolutionPlayback<S, M>,
    private readonly timings: EngineTimings<S, M>,
    private readonly result: SolveResult<S, M>,
  ) {
    const { panel } = host;
    const { title } = panel.spec;
    this.solveButton = h('button', { type: 'button', class: 'primary', 'aria-label': `Solve the ${title}`, onclick: () => void panel.solve() }, 'Solve');
    this.compareButton = h(
      'button',
      { type: 'button', 'aria-label': `Solve the ${title} on both engines and compare`, onclick: () => void panel.compare() },
      'Compare engines',
    );
    this.cancelButton = h(
      'button',
      { type: 'button', class: 'danger', hidden: true, 'aria-label': `Cancel the ${title} search`, onclick: () => panel.client.cancel() },
      'Cancel',
    );
  }

  /** Solve on the chosen engine: one run, its answer and its time. */
  async solve(): Promise<void> {
    const engine = this.host.engine();
    await this.searching(engine, async (start, key, board) => {
      const answer = await this.search(engine, board, 'Searching');
      this.timings.recordSolve(engine, key, answer);
      this.accept(start, key, answer);
    });
  }

  /** Both engines on the same position, warm, timed in interleaved rounds (see compare.ts). */
  async compare(): Promise<void> {
    const first = this.host.engine();
    const engines = [first, ...engineNames.filter((e) => e !== first)];
    await this.searching(first, async (start, key, board) => {
      this.timings.startComparison();
      const answers = new Map<EngineName, SolveAnswer>();
      for (const engine of engines) {
        const answer = await this.search(engine, board, 'Warm-up run');
        answers.set(engine, answer);
        if (answers.size === 1) this.accept(start, key, answer);
      }
      const rounds = plannedRounds(engines.reduce((sum, engine) => sum + answers.get(engine)!.stats.ms, 0));
      const times = new Map<EngineName, number[]>(engines.map((engine) => [engine, []]));
      for (let round = 0; round < rounds; round++) {
        for (const engine of roundOrder(engines, round)) {
          const answer = await this.search(engine, board, `Timed run ${round + 1} of ${rounds}`);
          times.get(engine)!.push(answer.stats.ms);
        }
      }
      this.timings.recordComparison(key, answers, times, rounds);
    });
  }

  /** Runs one search job on the shown position, with progress, Cancel and error reporting. */
  private async searching(first: EngineName, job: (start: S, key: string, board: string) => Promise<void>): Promise<void> {
    if (this.progress.active) return;
    const { panel } = this.host;
    this.playback.timer.stop();
    const start = panel.state;
    this.result.message = null;
    this.progress.begin(first);
    try {
      await job(start, this.host.keyOf(start), panel.format(start));
    } catch (error) {
      this.result.message = solveFailure(error, this.progress.engine ?? first);
    } finally {
      this.progress.finish();
      panel.render();
    }
  }

  /** One search in the worker, once it is ready (which may answer by itself: see Panel.prepareSearch). */
  private async search(engine: EngineName, board: string, phase: string): Promise<SolveAnswer> {
    const { panel } = this.host;
    this.progress.run(engine, phase);
    panel.render();
    const settled = await this.host.prepareSearch(engine, board);
    if (settled) return settled;
    // The worker is ready: the search's own clock starts now.
    this.progress.run(engine, phase);
    return panel.client.solve({ engine, family: panel.spec.family, board, goal: panel.goal(), heuristic: this.host.heuristic() }, (progress) =>
      this.progress.report(progress),
    );
  }

  private accept(start: S, key: string, answer: SolveAnswer): void {
    if (!answer.solvable || answer.length === null) {
      this.playback.solution = null;
      const text = [answer.reason ?? 'No solution.', answer.warning].filter(Boolean).join(' ');
      this.result.message = { text, kind: answer.solvable ? 'info' : 'unsolvable' };
      return;
    }
    const said = [answer.warning, answer.note].filter(Boolean).join(' ');
    if (said) this.result.message = { text: said, kind: 'info' };
    this.playback.load(start, key, answer);
  }

  render(): void {
    const busy = this.progress.active;
    this.solveButton.disabled = busy;
    this.compareButton.disabled = busy;
    this.solveButton.textContent = `Solve on ${engineLabel[this.host.engine()]}`;
    this.cancelButton.hidden = !busy;
    this.host.panel.element.dataset.busy = String(busy);
    this.progress.render();
  }
}
