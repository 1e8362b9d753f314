/**
 * Outside: the position on a panel's board and how it got there: the history
 * of positions since the last new start, which a move extends and undo and
 * restart walk back. Panel (panel.ts) extends it with everything around the
 * board; what follows a change (the solution followed, the board drawn, the
 * hint asked) and what a new start forgets are Panel's: changed() and
 * startOver().
 */
import { PuzzleContract } from './puzzleContract.js';
import type { SolutionMove } from '../workers/solverClient.js';

export abstract class PositionHistory<S, M extends SolutionMove> extends PuzzleContract<S, M> {
  protected history: S[] = [];
  /** Beside history: whether the player made the move to that position (false for a playback step and for the start). */
  private byPlayer: boolean[] = [false];

  /** The player's own moves on the board since the start: the move counter, which playback steps do not change. */
  get playerMoves(): number {
    return this.byPlayer.filter(Boolean).length;
  }

  get state(): S {
    return this.history[this.history.length - 1];
  }

  /** The identity of a position for a solve: its text and goal. */
  protected keyOf(state: S): string {
    const goal = this.goal();
    return goal ? `${this.format(state)}|${goal}` : this.format(state);
  }

  /** A move in play: pushes the new position; `byPlayer` false for a step of the solution's playback. */
  protected play(next: S, byPlayer = true): void {
    this.history.push(next);
    this.byPlayer.push(byPlayer);
    this.changed();
  }

  /** A new starting position (edit, load, scramble): history and solution start over. */
  setPosition(state: S): void {
    this.startOver();
    this.history = [state];
    this.byPlayer = [false];
    this.clearSelection();
    this.changed();
  }

  undo(): void {
    if (this.history.length <= 1) return;
    this.history.pop();
    this.byPlayer.pop();
    this.clearSelection();
    this.changed();
  }

  restart(): void {
    if (this.history.length <= 1) return;
    this.history = [this.history[0]];
    this.byPlayer = [false];
    this.clearSelection();
    this.changed();
  }

  /** A new starting position: what was found, shown or typed for the old one goes. */
  protected abstract startOver(): void;

  /** After any change of position. */
  protected abstract changed(): void;
}
