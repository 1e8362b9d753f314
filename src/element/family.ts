/**
 * What the board element asks of each puzzle family: its positions (parse,
 * write, goal), how a position is drawn (cells, and for the families whose
 * pieces travel, the pieces), what a click or an arrow key does, how a
 * solution move changes a position, and how to ask the worker pool for a
 * solution and a hint. One file a family (toggleFamily.ts, fourLineFamily.ts,
 * slidingFamily.ts, lightsOutFamily.ts); the element (boardElement.ts) does
 * the rest with any of them.
 */
import type { CallOptions, SolverPool } from '../index.js';

/** A cell as drawn: machine-readable value (data-value), classes for the look, the label a screen reader says. */
export interface CellView {
  value: string;
  label: string;
  classes: string[];
  /** Text inside the cell (a tile's number lives on its piece instead). */
  text?: string;
}

/** A piece that travels from cell to cell (a sliding tile, a four-in-a-line stone): its identity keeps it one element, so that a move slides it. */
export interface PieceView {
  id: number;
  cell: number;
  text: string;
  classes: string[];
}

/** What a click, a key or a picked cell does: a new position by a move, or only a new selection or a message. */
export interface PlayOutcome<S, M> {
  move?: M;
  state?: S;
  /** The cell picked for a two-click move (four in a line), or null. */
  selected?: number | null;
  message?: string;
}

/** A solution, as the element plays it back. */
export interface FamilyAnswer<M> {
  status: 'solved' | 'unsolvable' | 'stopped';
  moves: M[];
  length: number | null;
  reason?: string;
  warning?: string;
  nodes: number;
  ms: number;
}

/** What familyAnswer reads of a solver's answer (every family's result has it). */
interface SolverAnswer {
  status: FamilyAnswer<unknown>['status'];
  length: number | null;
  warning?: string;
  stats: { nodes: number; ms: number };
}

/** A solver's answer as the element plays it back; `moves` given apart, as each family names them (Lights Out's presses). */
export function familyAnswer<M>(answer: SolverAnswer, moves: M[]): FamilyAnswer<M> {
  return {
    status: answer.status,
    moves,
    length: answer.length,
    reason: answer.status === 'solved' ? undefined : (answer as { reason?: string }).reason,
    ...(answer.warning === undefined ? {} : { warning: answer.warning }),
    nodes: answer.stats.nodes,
    ms: answer.stats.ms,
  };
}

/** A hint: the cells to mark (the moves that keep the position optimal), the board's distance, and a sentence. */
export interface FamilyHint {
  status: 'solved' | 'unsolvable' | 'stopped';
  distance: number | null;
  /** Cells whose press or piece keeps the position optimal. */
  cells: number[];
  /** Four in a line: the empty cells those pieces go to. */
  targets: number[];
  text: string;
}

export type Call = CallOptions<{ bound: number; nodes: number; ms: number }>;

export interface Family<S, M> {
  /** The puzzle attribute's canonical value. */
  readonly puzzle: string;
  readonly title: string;
  /** What one move is called, one and many: 'press', 'presses'. */
  readonly noun: [string, string];
  /** The judge's sample (or a small starting position). */
  readonly sample: string;
  /** Sliding: the arrows move the blank; the others move focus between cells. */
  readonly arrowsPlay: boolean;
  parse(text: string): S;
  /** Rows joined by newlines. */
  format(state: S): string;
  rows(state: S): number;
  cols(state: S): number;
  isGoal(state: S): boolean;
  same(a: S, b: S): boolean;
  cell(state: S, index: number, selected: number | null): CellView;
  pieces?(state: S): PieceView[];
  /** The cells a press of `index` changes, shown while the pointer or focus is on it. */
  affected?(state: S, index: number): number[];
  press(state: S, index: number, selected: number | null): PlayOutcome<S, M>;
  /** Sliding's arrows; undefined when the key is not the family's. */
  key?(state: S, key: string): PlayOutcome<S, M> | undefined;
  apply(state: S, move: M): S;
  /** Short text for the move list, and a sentence for screen readers and events. */
  moveText(move: M): string;
  moveLabel(move: M): string;
  status(state: S): string;
  scramble(state: S): S;
  solve(pool: SolverPool, state: S, call: Call): Promise<FamilyAnswer<M>>;
  hint(pool: SolverPool, state: S, call: Call): Promise<FamilyHint>;
}

/** A board's text from an attribute: rows split by newlines or '/', blank lines and indentation dropped. */
export function attributeRows(text: string): string {
  return text
    .split(/[\n/]/)
    .map((row) => row.trim())
    .filter((row) => row !== '')
    .join('\n');
}
