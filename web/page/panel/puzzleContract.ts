/**
 * Outside: what each puzzle supplies to its panel. Panel (panel.ts) extends
 * this and does the rest with it: the board, history, solving, playback. It
 * is a class of its own so that the rules a puzzle must write, and the hooks
 * it may override, read in one place apart from the machinery that uses them.
 */
import type { EngineName, GoalName } from '../../../src/index.js';
import type { SolutionMove, SolveAnswer } from '../workers/solverClient.js';
import type { CellView, PuzzleRules } from './contract.js';

export abstract class PuzzleContract<S, M extends SolutionMove> implements PuzzleRules<S, M> {
  abstract initial(): S;
  /** Judge text to a position; throws PuzzleInputError with a one-line reason. */
  abstract parse(text: string): S;
  /** A position as judge text, a line per row. */
  abstract format(state: S): string;
  abstract cellView(state: S, index: number): CellView;
  abstract isGoal(state: S): boolean;
  /** Play mode: a click (or Enter) on a cell. */
  abstract press(index: number): void;
  /** Edit mode: a click on a cell changes the position. */
  abstract editCell(index: number): void;
  abstract scramble(): S;
  /** One solution move applied to a position. */
  abstract applyMove(state: S, move: M): S;
  /** Short text of a move for the move list, and a longer one for screen readers. */
  abstract moveText(move: M): string;
  abstract moveLabel(move: M): string;
  /** The answer as the judge prints it. */
  abstract judgeText(answer: SolveAnswer): string;
  /** A line under the board: turn, selection, goal reached. */
  abstract statusText(state: S): string;

  /** The sliding panels' goal; the others have fixed goals. */
  goal(): GoalName | undefined {
    return undefined;
  }

  /**
   * Gets the worker ready for a search of `board` (judge text) on `engine`
   * (the 15- and 24-puzzle prepare their pattern database), reporting through
   * Panel.tablesProgress(); resolves with the answer when getting ready
   * settled the board by itself (the 24-puzzle's quick try without tables).
   */
  protected async prepareSearch(_engine: EngineName, _board: string): Promise<SolveAnswer | undefined> {
    return undefined;
  }

  /** Sliding: the heuristic to force; default the library's choice (the PDB where its tables are ready). */
  protected heuristic(): 'linear-conflict' | undefined {
    return undefined;
  }

  /** Extra position controls (goal choice, Korf instances). */
  extraControls(): HTMLElement[] {
    return [];
  }

  /** Keys on the board; return true when handled. */
  boardKey(_event: KeyboardEvent): boolean {
    return false;
  }

  /** Forgets a half-made selection (a picked piece, a tile to swap). */
  protected clearSelection(): void {}

  /** Four in a line: whose turn it is, for a hint (undefined: either may move). */
  protected hintToMove(_state: S): 'B' | 'W' | undefined {
    return undefined;
  }
}
