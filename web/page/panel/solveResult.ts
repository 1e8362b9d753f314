/**
 * Outside: a panel's result box and judge output: a message (a note on the
 * position, a warning, a cancelled or failed search, or why there is no
 * solution), then for a solution its length, where the board is along it,
 * the heuristic the search used, and whether the board has left its path.
 * The judge output is the shown run's answer as the judge prints it.
 */
import { h } from '../shared/dom.js';
import type { EngineTimings } from './engineTimings.js';
import type { PanelHost } from './contract.js';
import type { SolutionPlayback } from './playback.js';
import type { SolutionMove } from '../workers/solverClient.js';

export interface PanelMessage {
  text: string;
  kind: 'info' | 'error' | 'unsolvable';
}

const heuristicWords: Record<string, string> = {
  manhattan: 'Manhattan distance',
  'linear-conflict': 'Manhattan distance with linear conflicts',
  none: 'none (breadth-first search)',
};

export class SolveResult<S, M extends SolutionMove> {
  /** Shown above the result until the position changes or a new search starts. */
  message: PanelMessage | null = null;
  readonly box: HTMLElement;
  readonly judgeOutput: HTMLElement;

  constructor(
    private readonly host: PanelHost<S, M>,
    private readonly playback: SolutionPlayback<S, M>,
    private readonly timings: EngineTimings<S, M>,
  ) {
    this.box = h('div', { class: 'result', 'aria-live': 'polite' });
    this.judgeOutput = h('pre', { class: 'judge-output' });
  }

  render(): void {
    const { panel } = this.host;
    const s = this.playback.solution;
    const r = this.box;
    r.replaceChildren();
    delete r.dataset.length;
    delete r.dataset.solvable;
    if (this.message) {
      r.append(h('p', { class: `message ${this.message.kind}` }, this.message.text));
      if (this.message.kind === 'unsolvable') r.dataset.solvable = 'false';
    }
    const run = this.timings.shownRun();
    if (run && !run.answer.solvable && run.key === this.host.keyOf(panel.state)) r.dataset.solvable = 'false';
    this.judgeOutput.textContent = run ? panel.judgeText(run.answer) : '';
    if (!s) return;
    r.dataset.solvable = 'true';
    r.dataset.length = String(s.moves.length);
    const headline = s.moves.length === 0 ? 'Already solved: 0 moves.' : `Optimal solution: ${s.moves.length} move${s.moves.length === 1 ? '' : 's'}.`;
    r.append(h('p', { class: 'length' }, h('strong', {}, headline)));
    const used = run?.answer.stats.heuristic;
    if (run && used && run.answer.solvable) {
      const words = used === 'pdb' ? `additive pattern database ${run.answer.stats.partition ?? ''}`.trim() : (heuristicWords[used] ?? used);
      r.append(h('p', { class: 'heuristic', 'data-heuristic': used, 'data-partition': run.answer.stats.partition }, `Heuristic: ${words}.`));
    }
    if (!s.attached) {
      r.append(h('p', { class: 'message info' }, 'The board has left this solution’s path: undo back to it, or solve again.'));
    }
  }
}
