/**
 * Outside: the Lights Out game the panel shows, without the DOM: the rules and
 * their press table, the cells, the solution on show (the overlay: presses
 * still to make per cell), the playback's presses so far and the edit mode.
 * Every change of the board goes through here, so that the overlay always
 * stays a solution of the board shown: a press by hand comes off it (presses
 * commute), an edit drops it, and a solve's answer loses the presses made by
 * hand while it ran.
 */
import type { LightsOutResult } from '../../../src/index.js';
import { PressTable } from '../../../src/rules/lightsOut.js';
import type { LightsOutRules } from './lightsOutChoices.js';

/** A solve's answer and what it was asked about. */
export interface Shown {
  result: LightsOutResult;
  engine: string;
  rules: LightsOutRules;
}

export class LightsOutGame {
  rules: LightsOutRules = { rows: 5, cols: 5, colors: 2, pattern: 'cross', torus: false };
  table = new PressTable(this.rules);
  cells: Uint8Array = new Uint8Array(25);
  /** Presses still to make per cell (the overlay), or null. */
  pending: Uint8Array | null = null;
  shown: Shown | null = null;
  /** Cells pressed by the playback, in order, so that it can step back. */
  played: number[] = [];
  /** Presses made by hand since the last solve. */
  handPresses = 0;
  /** In edit mode a cell action adds 1 to one cell only. */
  editing = false;
  /** No cell before this one has a press pending (the playback's next press is at or after it). */
  private scan = 0;
  /** Cells pressed by hand while a solve runs (taken off its answer), or null once the board was edited. */
  private pressedWhileSolving: number[] | null = null;

  /** New rules: the press table follows (the board is dealt by the caller). */
  setRules(rules: LightsOutRules): void {
    this.rules = rules;
    this.table = new PressTable(rules);
  }

  /** A new board: the solution and the playback start over, and a running solve's answer no longer fits. */
  setCells(cells: Uint8Array): void {
    this.pressedWhileSolving = null;
    this.cells = cells;
    this.forgetSolution();
  }

  forgetSolution(): void {
    this.pending = null;
    this.shown = null;
    this.played = [];
    this.scan = 0;
    this.handPresses = 0;
  }

  /** A press by hand (play mode): it comes off the overlay, which then no longer plays back what was played. */
  press(cell: number): void {
    this.table.press(this.cells, cell);
    this.pressedWhileSolving?.push(cell);
    if (!this.pending) return;
    const k = this.rules.colors;
    this.pending[cell] = (this.pending[cell] + k - 1) % k;
    this.scan = Math.min(this.scan, cell);
    this.played = [];
    this.handPresses++;
  }

  /** Edit mode: the next value on one cell. True when this dropped the overlay (it solved another board). */
  edit(cell: number): boolean {
    this.cells[cell] = (this.cells[cell] + 1) % this.rules.colors;
    this.pressedWhileSolving = null;
    if (!this.pending) return false;
    this.forgetSolution();
    return true;
  }

  // ---- the overlay as a playback --------------------------------------------------------------

  remaining(): number {
    if (!this.pending) return 0;
    let sum = 0;
    for (const count of this.pending) sum += count;
    return sum;
  }

  /** The next cell with a press pending, row-major. */
  nextPress(): number | null {
    const pending = this.pending;
    if (!pending) return null;
    while (this.scan < pending.length && pending[this.scan] === 0) this.scan++;
    return this.scan < pending.length ? this.scan : null;
  }

  /** Makes the next press of the overlay; false when none is left. */
  forwardOne(): boolean {
    const cell = this.nextPress();
    if (cell === null) return false;
    this.table.press(this.cells, cell);
    this.pending![cell]--;
    this.played.push(cell);
    return true;
  }

  /** Undoes the playback's last press; false when it made none. */
  backOne(): boolean {
    const cell = this.played.pop();
    if (cell === undefined) return false;
    this.table.press(this.cells, cell, -1);
    this.pending![cell]++;
    this.scan = Math.min(this.scan, cell);
    return true;
  }

  // ---- a solve's answer -----------------------------------------------------------------------

  /** A solve starts: the shown solution goes, and presses by hand from now on are kept for its answer. */
  solveStarted(): void {
    this.forgetSolution();
    this.pressedWhileSolving = [];
  }

  /**
   * Shows the answer of a solve asked with `rules`: false when the board was
   * edited or the rules changed meanwhile (the answer solves another board).
   */
  accept(result: LightsOutResult, engine: string, rules: LightsOutRules): boolean {
    const byHand = this.pressedWhileSolving;
    if (byHand === null || !this.sameRules(rules)) return false;
    this.forgetSolution();
    this.shown = { result, engine, rules };
    if (result.status !== 'solved') return true;
    const k = rules.colors;
    const pending = new Uint8Array(rules.rows * rules.cols);
    for (const press of result.presses) pending[(press.row - 1) * rules.cols + (press.col - 1)] = press.count ?? 1;
    // Presses made by hand meanwhile come off the answer (presses commute), so the dots solve the board shown.
    for (const cell of byHand) pending[cell] = (pending[cell] + k - 1) % k;
    this.handPresses = byHand.length;
    this.pending = pending;
    return true;
  }

  solveEnded(): void {
    this.pressedWhileSolving = null;
  }

  private sameRules(rules: LightsOutRules): boolean {
    const now = this.rules;
    return now.rows === rules.rows && now.cols === rules.cols && now.colors === rules.colors && now.pattern === rules.pattern && now.torus === rules.torus;
  }
}
