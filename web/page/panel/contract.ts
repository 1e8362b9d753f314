/**
 * Outside: the panel's types, and nothing else (no code, no re-export). The
 * parts of a panel (boardView.ts, hints.ts, playback.ts, ...) see the panel
 * through `PanelView` and `PanelHost`, never the Panel class, so that the
 * class can build its parts without an import circle; the puzzles see
 * `PanelSpec`, `CellView` and the shapes of table preparation shown in the
 * progress box.
 */
import type { EngineName, GoalName, TablesProgress } from '../../../src/index.js';
import type { Family, SolutionMove, SolveAnswer, SolverClient } from '../workers/solverClient.js';

export interface PanelSpec {
  id: string;
  family: Family;
  title: string;
  /** One sentence of rules. */
  rules: string;
  /** How to play with mouse and keyboard. */
  playHelp: string;
  /** What a click does in edit mode. */
  editHelp: string;
  width: number;
  height: number;
  /** The judge's sample and its known optimum. */
  sample: string;
  sampleNote: string;
  /** Text of the sample button. */
  sampleLabel?: string;
  /** Class on the board, for the puzzle's look. */
  boardClass: string;
  /** Arrow keys act on the board itself (sliding) instead of moving focus between cells. */
  boardKeys?: boolean;
}

export interface CellView {
  text: string;
  /** Machine-readable content, also on the cell as data-value. */
  value: string;
  /** What a screen reader says for the cell. */
  label: string;
  classes?: string[];
}

/** What a table build's estimate says now: its words, and its numbers (for the page's data attributes). */
export interface EstimateShown {
  text: string;
  memoryBytes: number;
  /** Milliseconds still to go, and for the whole preparation from its start; absent until measured. */
  leftMs?: number;
  totalMs?: number;
  /** Where the rate comes from: 'earlier' (kept in this browser) or 'build' (this build's own); absent until measured. */
  basis?: 'earlier' | 'build';
}

/** Table preparation as the progress box shows it. */
export interface TablesShown {
  text: string;
  /** Of every group's table. */
  fraction: number;
  group: { number: number; of: number; fraction: number };
  /** Said under the bars, e.g. that a build is once only. */
  note?: string;
  /** While tables are built: the time and memory it takes on this machine. */
  estimate?: EstimateShown;
  /** The progress's phase, or 'start': a build about to start, 'trial': a trial build timing this machine before that. */
  phase: TablesProgress['phase'] | 'start' | 'trial';
}

/** The rules a puzzle writes (puzzleContract.ts holds them with their defaults). */
export interface PuzzleRules<S, M extends SolutionMove> {
  initial(): S;
  /** Judge text to a position; throws PuzzleInputError with a one-line reason. */
  parse(text: string): S;
  /** A position as judge text, a line per row. */
  format(state: S): string;
  cellView(state: S, index: number): CellView;
  isGoal(state: S): boolean;
  /** Play mode: a click (or Enter) on a cell. */
  press(index: number): void;
  /** Edit mode: a click on a cell changes the position. */
  editCell(index: number): void;
  scramble(): S;
  /** One solution move applied to a position. */
  applyMove(state: S, move: M): S;
  /** Short text of a move for the move list, and a longer one for screen readers. */
  moveText(move: M): string;
  moveLabel(move: M): string;
  /** The answer as the judge prints it. */
  judgeText(answer: SolveAnswer): string;
  /** A line under the board: turn, selection, goal reached. */
  statusText(state: S): string;
  /** The sliding panels' goal; the others have fixed goals. */
  goal(): GoalName | undefined;
  /** Extra position controls (goal choice, Korf instances). */
  extraControls(): HTMLElement[];
  /** Keys on the board; return true when handled. */
  boardKey(event: KeyboardEvent): boolean;
}

/** The panel as its parts see it: the puzzle's rules and the panel's public members. */
export interface PanelView<S, M extends SolutionMove> extends PuzzleRules<S, M> {
  readonly spec: PanelSpec;
  readonly client: SolverClient;
  readonly element: HTMLElement;
  /** The position on the board. */
  readonly state: S;
  /** A new starting position (edit, load, scramble): history and solution start over. */
  setPosition(state: S): void;
  undo(): void;
  restart(): void;
  render(): void;
  loadText(text: string): boolean;
  loadSample(): void;
  solve(): Promise<void>;
  compare(): Promise<void>;
  stepForward(): void;
  stepBack(): void;
}

/**
 * What a panel's parts reach of it: its public members through `panel`, and
 * its history, edit mode and the hooks a puzzle overrides through these
 * functions, so that those stay protected, as the subclasses declare them.
 */
export interface PanelHost<S, M extends SolutionMove> {
  readonly panel: PanelView<S, M>;
  history(): readonly S[];
  editing(): boolean;
  keyOf(state: S): string;
  /** A move by the player. */
  play(next: S): void;
  /** A step of the solution's playback: a move on the board that the move counter does not count. */
  step(next: S): void;
  /** The player's own moves since the start (the move counter). */
  playerMoves(): number;
  /** How long a move's slide takes now, in ms: quicker when the playback is fast (0: no slide). */
  slideMs(): number;
  /** The engine chosen in the page header. */
  engine(): EngineName;
  heuristic(): 'linear-conflict' | undefined;
  hintToMove(state: S): 'B' | 'W' | undefined;
  prepareSearch(engine: EngineName, board: string): Promise<SolveAnswer | undefined>;
  clearSelection(): void;
  renderCells(): void;
}
