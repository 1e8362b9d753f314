/**
 * Outside: the playback timer of a panel: one interval at a time. Panel and the Lights
 * Out panel tick differently (one move a tick; the presses owed at the chosen
 * rate) but play, pause and a speed change while playing work the same.
 */
export class PlaybackTimer {
  private timer: number | undefined;

  get playing(): boolean {
    return this.timer !== undefined;
  }

  start(tick: () => void, ms: number): void {
    this.stop();
    this.timer = window.setInterval(tick, ms);
  }

  /** Stops the playback; false when none was running. */
  stop(): boolean {
    if (this.timer === undefined) return false;
    window.clearInterval(this.timer);
    this.timer = undefined;
    return true;
  }

  /** After a speed change: a running playback starts again through `play`, at the new speed. */
  restart(play: () => void): void {
    if (this.stop()) play();
  }
}
