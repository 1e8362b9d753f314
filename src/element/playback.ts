/**
 * A solution as the element plays it back: the moves, every position along
 * them (states[k] after k moves), where the board stands, and the timer that
 * steps forward at the chosen speed. It knows nothing of the DOM: the element
 * shows `states[index]` after each change it is told of through `onStep`.
 */

/** Steps a second at speed 1; the speed attribute multiplies it. */
export const STEPS_PER_SECOND = 2;
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

export class Playback<S, M> {
  readonly moves: M[];
  readonly states: S[];
  index = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    start: S,
    moves: M[],
    apply: (state: S, move: M) => S,
    /** Called after every change of `index` or of playing. */
    private readonly onStep: (by: 'playback' | 'jump') => void,
  ) {
    this.moves = moves;
    this.states = [start];
    for (const move of moves) this.states.push(apply(this.states[this.states.length - 1]!, move));
  }

  get playing(): boolean {
    return this.timer !== undefined;
  }

  get atEnd(): boolean {
    return this.index >= this.moves.length;
  }

  /** Milliseconds a step at `speed`. */
  static stepMs(speed: number): number {
    return 1000 / (STEPS_PER_SECOND * speed);
  }

  play(speed: number): void {
    this.stopTimer();
    if (this.atEnd) this.index = 0;
    this.timer = setInterval(() => this.forward(), Playback.stepMs(speed));
    this.onStep('jump');
  }

  pause(): void {
    if (this.stopTimer()) this.onStep('jump');
  }

  /** A speed change while playing takes effect at once. */
  setSpeed(speed: number): void {
    if (this.playing) {
      this.stopTimer();
      this.timer = setInterval(() => this.forward(), Playback.stepMs(speed));
    }
  }

  /** One step forward (the end stops the timer). */
  forward(): void {
    if (this.atEnd) {
      this.pause();
      return;
    }
    this.index++;
    if (this.atEnd) this.stopTimer();
    this.onStep('playback');
  }

  back(): void {
    this.stopTimer();
    if (this.index > 0) this.index--;
    this.onStep('jump');
  }

  /** To the position after `index` moves (0: the start). */
  jump(index: number): void {
    this.stopTimer();
    this.index = Math.max(0, Math.min(this.moves.length, index));
    this.onStep('jump');
  }

  /** After a move made by hand from the position at `index`: true when it is the solution's next move (the board stays on the path). */
  follows(state: S, same: (a: S, b: S) => boolean): boolean {
    if (this.index < this.moves.length && same(this.states[this.index + 1]!, state)) {
      this.index++;
      return true;
    }
    return false;
  }

  stop(): void {
    this.stopTimer();
  }

  private stopTimer(): boolean {
    if (this.timer === undefined) return false;
    clearInterval(this.timer);
    this.timer = undefined;
    return true;
  }
}
