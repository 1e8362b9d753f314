/**
 * Outside: the move list and playback buttons under a panel's solution: each
 * move a button that jumps to just after it (the whole list, wrapped, the
 * move just played marked as the current step), start / back / play / forward
 * / end, where the board stands ("Step k of n"), and the speed slider, which
 * also sets how long a tile takes to slide. They act through SolutionPlayback
 * (playback.ts) and are drawn again from it after every change.
 */
import { h } from '../shared/dom.js';
import { playbackBar, type PlayButton } from '../shared/playbackBar.js';
import type { PanelHost } from './contract.js';
import type { SolutionPlayback } from './playback.js';
import type { SolutionMove } from '../workers/solverClient.js';

export class PlaybackControls<S, M extends SolutionMove> {
  readonly moveList: HTMLOListElement;
  /** The buttons and the speed slider. */
  readonly element: HTMLElement;
  private readonly buttons: Record<PlayButton, HTMLButtonElement>;
  private readonly speed: HTMLInputElement;
  private readonly speedLabel: HTMLElement;
  /** "Step k of n": where the board stands along the solution. */
  private readonly stepLabel: HTMLElement;

  constructor(
    private readonly host: PanelHost<S, M>,
    private readonly playback: SolutionPlayback<S, M>,
  ) {
    const id = host.panel.spec.id;
    this.moveList = h('ol', { class: 'moves', 'aria-label': 'Solution moves' });
    ({
      element: this.element,
      buttons: this.buttons,
      speed: this.speed,
      speedLabel: this.speedLabel,
    } = playbackBar({
      id,
      group: 'Solution playback',
      buttons: {
        start: { label: 'Back to the start of the solution', action: () => playback.toStart() },
        back: { label: 'Step back one move', action: () => playback.stepBack() },
        play: { label: 'Play the solution', action: () => this.togglePlay() },
        forward: { label: 'Step forward one move', action: () => playback.stepForward() },
        end: { label: 'Jump to the end of the solution', action: () => playback.toEnd() },
      },
      speed: { label: 'Playback speed in moves per second', min: 1, max: 20, value: 4, changed: () => this.speedChanged() },
    }));
    this.stepLabel = h('span', { class: 'playback-step', 'aria-live': 'off' });
    this.element.prepend(this.stepLabel);
  }

  /**
   * How long a move's slide takes now, in ms: while playing, most of a step's
   * time at the chosen speed (so that tiles arrive before the next move), at
   * most the 150 ms a player's own move takes.
   */
  slideMs(): number {
    const perMove = 1000 / Number(this.speed.value);
    return this.playback.timer.playing ? Math.min(150, Math.round(perMove * 0.7)) : 150;
  }

  private togglePlay(): void {
    this.playback.togglePlay(1000 / Number(this.speed.value));
  }

  /** Says the speed, and a running playback goes on at it. */
  speedChanged(): void {
    const perSecond = Number(this.speed.value);
    this.speedLabel.textContent = `${perSecond} move${perSecond === 1 ? '' : 's'}/s`;
    this.playback.timer.restart(() => this.togglePlay());
  }

  render(): void {
    const s = this.playback.solution;
    this.moveList.replaceChildren();
    this.moveList.hidden = !s;
    this.element.hidden = !s;
    this.host.panel.element.dataset.solution = s ? 'shown' : 'none';
    if (!s) return;
    const { panel } = this.host;
    s.moves.forEach((move, i) => {
      const done = s.attached && i < s.index;
      const next = s.attached && i === s.index;
      // The current step: the move that led to the board as it stands.
      const current = s.attached && i === s.index - 1;
      this.moveList.append(
        h(
          'li',
          { class: `move${done ? ' done' : ''}${current ? ' current' : ''}${next ? ' next' : ''}` },
          h(
            'button',
            {
              type: 'button',
              class: 'move-button',
              // One tab stop for the list (the next move); the playback buttons step through it.
              tabindex: next ? 0 : -1,
              'aria-label': `Go to after move ${i + 1}: ${panel.moveLabel(move)}`,
              'aria-current': current ? 'step' : undefined,
              disabled: !s.attached,
              onclick: () => this.playback.jumpTo(i + 1),
            },
            panel.moveText(move),
          ),
        ),
      );
    });
    const playing = this.playback.timer.playing;
    const canBack = this.playback.canStep(-1);
    const canForward = this.playback.canStep(1);
    this.element.dataset.index = String(s.index);
    this.stepLabel.textContent = s.attached ? `Step ${s.index} of ${s.moves.length}` : 'Off the solution';
    this.buttons.start.disabled = !canBack;
    this.buttons.back.disabled = !canBack;
    this.buttons.forward.disabled = !canForward;
    this.buttons.end.disabled = !canForward;
    this.buttons.play.disabled = !s.attached || s.moves.length === 0;
    this.buttons.play.textContent = playing ? '‖ Pause' : '▶ Play';
    this.buttons.play.setAttribute('aria-label', playing ? 'Pause the playback' : 'Play the solution');
  }
}
