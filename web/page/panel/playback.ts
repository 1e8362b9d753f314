/**
 * Outside: a panel's solution and how the board walks along it. The solution
 * of a position is kept with every position on its path; after any change the
 * board either stands on that path (and the solution knows where) or has left
 * it. Steps go through the panel's own moves (play, undo), so that history and
 * undo tell one story; playback is a timer of forward steps. The move list and
 * buttons that drive it are PlaybackControls (playbackControls.ts).
 */
import { PlaybackTimer } from '../shared/playbackTimer.js';
import type { PanelHost } from './contract.js';
import type { SolutionMove, SolveAnswer } from '../workers/solverClient.js';

export interface Solution<S, M> {
  /** Judge text (plus goal) of the position it solves. */
  key: string;
  moves: M[];
  /** states[k] is the position after k moves. */
  states: S[];
  /** Where the shown board is along the solution. */
  index: number;
  /** False once the board left the solution's path. */
  attached: boolean;
}

export class SolutionPlayback<S, M extends SolutionMove> {
  solution: Solution<S, M> | null = null;
  readonly timer = new PlaybackTimer();

  constructor(private readonly host: PanelHost<S, M>) {}

  /** A new position: no solution, nothing playing. */
  forget(): void {
    this.timer.stop();
    this.solution = null;
  }

  /** A solve's answer (with a length) for `start`, known by `key`: kept with every position on its path, unless it is the one already held. */
  load(start: S, key: string, answer: SolveAnswer): void {
    if (this.solution && this.solution.key === key && this.solution.moves.length === answer.length) return;
    const moves = answer.moves as M[];
    const states = [start];
    for (const move of moves) states.push(this.host.panel.applyMove(states[states.length - 1], move));
    this.solution = { key, moves, states, index: 0, attached: false };
    this.follow();
  }

  /** After any change of position: find the board on the solution's path (next to where it was, first), or mark it left, which stops playback. */
  follow(): void {
    const solution = this.solution;
    if (!solution) return;
    const key = this.host.keyOf(this.host.panel.state);
    const candidates = [solution.index, solution.index + 1, solution.index - 1, ...solution.states.keys()];
    const found = candidates.find((k) => k >= 0 && k < solution.states.length && this.host.keyOf(solution.states[k]) === key);
    if (found === undefined) {
      solution.attached = false;
      this.timer.stop();
    } else {
      solution.attached = true;
      solution.index = found;
    }
  }

  canStep(direction: 1 | -1): boolean {
    const s = this.solution;
    if (!s || !s.attached) return false;
    return direction > 0 ? s.index < s.moves.length : s.index > 0;
  }

  stepForward(): void {
    const s = this.solution;
    if (!s || !this.canStep(1)) return;
    this.host.step(s.states[s.index + 1]);
  }

  /** A step back is an undo when the previous position in history is the one before on the path, so that undo and playback agree. */
  stepBack(): void {
    const s = this.solution;
    if (!s || !this.canStep(-1)) return;
    const history = this.host.history();
    const previous = history[history.length - 2];
    if (previous !== undefined && this.host.keyOf(previous) === this.host.keyOf(s.states[s.index - 1])) this.host.panel.undo();
    else this.host.step(s.states[s.index - 1]);
  }

  toStart(): void {
    this.timer.stop();
    while (this.canStep(-1)) this.stepBack();
  }

  toEnd(): void {
    this.timer.stop();
    while (this.canStep(1)) this.stepForward();
  }

  /** Pauses a playback, or plays from here (from the start when at the end), one move every `msPerMove`. */
  togglePlay(msPerMove: number): void {
    if (this.timer.stop()) {
      this.host.panel.render();
      return;
    }
    const s = this.solution;
    if (!s || !s.attached) return;
    if (s.index >= s.moves.length) this.toStart();
    this.timer.start(() => {
      if (this.canStep(1)) this.stepForward();
      if (!this.canStep(1)) {
        this.timer.stop();
        this.host.panel.render();
      }
    }, msPerMove);
    this.host.panel.render();
  }

  /** To the position after `index` moves, step by step (so that history follows). */
  jumpTo(index: number): void {
    this.timer.stop();
    const s = this.solution;
    if (!s || !s.attached) return;
    while (s.attached && s.index < index) this.stepForward();
    while (s.attached && s.index > index) this.stepBack();
  }
}
