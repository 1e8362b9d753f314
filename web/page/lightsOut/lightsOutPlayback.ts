/**
 * Outside: the Lights Out panel's playback of the presses on show: the five
 * step buttons, the speed slider and the timer. It steps the game's overlay
 * on the one board in place (20 000 presses on 200x200 keep no state per
 * press), several presses a tick at high speeds, and tells the panel to
 * redraw through `changed`.
 */
import { numberFormat } from '../shared/dom.js';
import type { LightsOutGame } from './lightsOutGame.js';
import { PlaybackTimer } from '../shared/playbackTimer.js';
import { playbackBar, type PlayButton } from '../shared/playbackBar.js';

/** Playback speeds in presses per second: slow enough to follow on 5x5, fast enough for 20 000 presses. */
const speeds = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500, 5000];
/** Playback ticks at most this often; faster speeds make several presses a tick. */
const tickMs = 40;

export class LightsOutPlayback {
  readonly element: HTMLElement;
  private readonly game: LightsOutGame;
  private readonly changed: () => void;
  private readonly buttons: Record<PlayButton, HTMLButtonElement>;
  private readonly speed: HTMLInputElement;
  private readonly speedLabel: HTMLElement;
  private readonly player = new PlaybackTimer();
  /** Presses owed by the clock and not made yet (fractions at slow speeds). */
  private credit = 0;

  constructor(id: string, game: LightsOutGame, changed: () => void) {
    this.game = game;
    this.changed = changed;
    ({
      element: this.element,
      buttons: this.buttons,
      speed: this.speed,
      speedLabel: this.speedLabel,
    } = playbackBar({
      id,
      group: 'Press playback',
      buttons: {
        start: { label: 'Undo every press of the playback', action: () => this.toStart() },
        back: { label: 'Undo the last press of the playback', action: () => this.stepBack() },
        play: { label: 'Play the presses', action: () => this.togglePlay() },
        forward: { label: 'Make the next press', action: () => this.stepForward() },
        end: { label: 'Make every press left', action: () => this.toEnd() },
      },
      speed: { label: 'Playback speed in presses per second', min: 0, max: speeds.length - 1, value: 3, changed: () => this.speedChanged() },
    }));
    this.speedChanged();
  }

  /** Stops a running playback (a new board, an edit, a solve). */
  stop(): void {
    this.player.stop();
  }

  /** Shown while a solution with presses is on the board; the buttons follow what is left to play either way. */
  render(): void {
    const game = this.game;
    const solved = game.shown?.result.status === 'solved' ? game.shown.result : null;
    this.element.hidden = !(solved && game.pending && solved.length > 0);
    if (!game.shown) return;
    const remaining = game.remaining();
    this.element.dataset.index = String(game.played.length);
    this.element.dataset.remaining = String(remaining);
    const playing = this.player.playing;
    const canBack = game.played.length > 0;
    const canForward = remaining > 0;
    this.buttons.start.disabled = !canBack;
    this.buttons.back.disabled = !canBack;
    this.buttons.forward.disabled = !canForward;
    this.buttons.end.disabled = !canForward;
    this.buttons.play.disabled = !canForward && !canBack;
    this.buttons.play.textContent = playing ? '‖ Pause' : '▶ Play';
    this.buttons.play.setAttribute('aria-label', playing ? 'Pause the playback' : 'Play the presses');
  }

  private stepForward(): void {
    this.game.forwardOne();
    this.changed();
  }

  private stepBack(): void {
    if (this.game.backOne()) this.changed();
  }

  private toStart(): void {
    this.player.stop();
    while (this.game.backOne());
    this.changed();
  }

  private toEnd(): void {
    this.player.stop();
    while (this.game.forwardOne());
    this.changed();
  }

  private togglePlay(): void {
    if (this.player.stop()) {
      this.changed();
      return;
    }
    const game = this.game;
    if (game.nextPress() === null) this.toStart();
    if (game.nextPress() === null) return;
    this.credit = 0;
    let last = performance.now();
    const perSecond = () => speeds[Number(this.speed.value)];
    this.player.start(
      () => {
        const now = performance.now();
        // Presses owed since the last tick (at least one a tick at slow speeds, as soon as it is due).
        this.credit += ((now - last) * perSecond()) / 1000;
        last = now;
        let moved = false;
        while (this.credit >= 1) {
          this.credit--;
          if (!game.forwardOne()) break;
          moved = true;
        }
        if (game.nextPress() === null) this.player.stop();
        if (moved || !this.player.playing) this.changed();
      },
      Math.min(tickMs, 1000 / perSecond()),
    );
    this.changed();
  }

  private speedChanged(): void {
    const perSecond = speeds[Number(this.speed.value)];
    this.speedLabel.textContent = `${numberFormat.format(perSecond)} press${perSecond === 1 ? '' : 'es'}/s`;
    this.player.restart(() => this.togglePlay());
  }
}
