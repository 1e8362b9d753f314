/**
 * Outside: one puzzle panel. The base class owns everything the five puzzles
 * share (the board grid, history and undo, edit mode, the judge-text box,
 * scramble, solving in the panel's worker with progress and Cancel, the move
 * list and its playback, and the per-engine timings); a subclass supplies the
 * rules of its puzzle. The engine table only ever shows runs of the position
 * on the board (or of the solution being played from it).
 */
import type { EngineName, GoalName } from '../../src/index.js';
import { type Comparison, median, plannedRounds, roundOrder, verdict } from './compare.js';
import { formatMs, h, numberFormat } from './dom.js';
import { SolveCancelled, SolverClient, type Family, type HintAnswer, type SolutionMove, type SolveAnswer, type TablesProgress } from './solverClient.js';

export const engineNames: readonly EngineName[] = ['wasm', 'ts'];
export const engineLabel: Record<EngineName, string> = { wasm: 'WebAssembly', ts: 'TypeScript twin' };

/**
 * The playback timer of a panel: one interval at a time. Panel and the Lights
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

/** What a panel says when a solve ends without an answer: cancelled (and how it stopped), or the error. */
export function solveFailure(error: unknown, engine: EngineName): { text: string; kind: 'info' | 'error' } {
  if (error instanceof SolveCancelled) return { text: `Search cancelled on ${engineLabel[engine]}; ${error.how}`, kind: 'info' };
  return { text: error instanceof Error ? error.message : String(error), kind: 'error' };
}

export interface PanelContext {
  /** The engine chosen in the page header. */
  engine(): EngineName;
}

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

interface Solution<S, M> {
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

interface EngineRun {
  key: string;
  answer: SolveAnswer;
  /** The time shown: the run's own, or the median of a comparison's timed runs. */
  ms: number;
  /** How many timed runs `ms` stands for. */
  runs: number;
}

const heuristicWords: Record<string, string> = {
  manhattan: 'Manhattan distance',
  'linear-conflict': 'Manhattan distance with linear conflicts',
  none: 'none (breadth-first search)',
};

interface Busy {
  engine: EngineName;
  /** What this run is for: a solve, or a comparison's warm-up or timed round. */
  phase: string;
  started: number;
  bound: number | null;
  nodes: number | null;
  /** While pattern-database tables are prepared before the search: what is done, as words and as fractions. */
  tables?: TablesShown;
}

/** Table preparation as the panel shows it: a line, a bar for the whole and one for the group in hand, and a note. */
export interface TablesShown {
  text: string;
  /** Of every group's table. */
  fraction: number;
  group: { number: number; of: number; fraction: number };
  /** Said under the bars, e.g. that a build is once only. */
  note?: string;
  phase: TablesProgress['phase'];
}

/** A hint as the board shows it: the position it is for, its distance, and the cells to press or move that keep it optimal. */
interface HintShown {
  key: string;
  distance: number | null;
  cells: Set<number>;
  text: string;
}

/** Nodes a sliding hint may search: past it a move's distance is shown as unknown rather than the page waiting. */
const HINT_MAX_NODES = 20_000_000;

/**
 * The cells of a hint's optimal moves: the cells to press (flip, pilots), the
 * pieces to move (four in a line), the tiles that slide into the blank.
 */
function hintCells(answer: HintAnswer, width: number, blank: number): number[] {
  const index = ({ row, col }: { row: number; col: number }) => (row - 1) * width + col - 1;
  if ('cells' in answer) return answer.cells.filter((cell) => cell.optimal).map(index);
  const steps: Record<string, number> = { u: -width, d: width, l: -1, r: 1 };
  return answer.moves.filter((move) => move.optimal).map((move) => ('from' in move ? index(move.from) : blank + steps[move.move]!));
}

/** The line under the board for a hint. */
function hintText(answer: HintAnswer): string {
  if (answer.status === 'unsolvable') return 'Hint: no solution from here.';
  if (answer.distance === null) return 'Hint: too far to settle quickly.';
  if (answer.distance === 0) return 'Hint: solved.';
  // A sliding move's null distance is one not settled within the budget (a four-in-a-line one's, no line after it).
  const unknown =
    'moves' in answer && answer.moves.some((move) => 'move' in move && move.distance === null) ? ' (some moves not settled within the budget)' : '';
  return `Hint: ${answer.distance} move${answer.distance === 1 ? '' : 's'} to go; the highlighted ${'cells' in answer ? 'presses keep' : 'moves keep'} it optimal${unknown}.`;
}

export abstract class Panel<S, M extends SolutionMove> {
  readonly spec: PanelSpec;
  protected readonly context: PanelContext;
  readonly client = new SolverClient();

  protected history: S[] = [];
  protected solution: Solution<S, M> | null = null;
  private readonly runs = new Map<EngineName, EngineRun>();
  private comparison: Comparison | null = null;
  private busy: Busy | null = null;
  private busyTimer: number | undefined;
  private readonly player = new PlaybackTimer();
  private message: { text: string; kind: 'info' | 'error' | 'unsolvable' } | null = null;
  protected editing = false;
  private textDirty = false;
  private focusIndex = 0;
  /** The cell under the pointer or keyboard focus, for previews of what a press changes. */
  protected hover: number | null = null;
  /** Hints run on their own client: a hint never cancels a solve, nor a solve a hint. */
  private readonly hintClient = new SolverClient();
  private hinting = false;
  private hinted: HintShown | null = null;
  private hintButton!: HTMLButtonElement;
  private hintLine!: HTMLElement;

  // Elements, created by mount().
  element!: HTMLElement;
  protected board!: HTMLElement;
  protected cells: HTMLButtonElement[] = [];
  private counter!: HTMLElement;
  private undoButton!: HTMLButtonElement;
  private restartButton!: HTMLButtonElement;
  protected status!: HTMLElement;
  private editButton!: HTMLButtonElement;
  private help!: HTMLElement;
  private textArea!: HTMLTextAreaElement;
  private inputError!: HTMLElement;
  private solveButton!: HTMLButtonElement;
  private compareButton!: HTMLButtonElement;
  private cancelButton!: HTMLButtonElement;
  private progress!: HTMLElement;
  private tablesBox!: HTMLElement;
  private tablesBar!: HTMLProgressElement;
  private groupBar!: HTMLProgressElement;
  private groupLabel!: HTMLElement;
  private tablesNote!: HTMLElement;
  private result!: HTMLElement;
  private moveList!: HTMLOListElement;
  private playback!: HTMLElement;
  private playButtons!: Record<'start' | 'back' | 'play' | 'forward' | 'end', HTMLButtonElement>;
  private speed!: HTMLInputElement;
  private speedLabel!: HTMLElement;
  private judgeOutput!: HTMLElement;
  private engineTable!: HTMLTableSectionElement;
  private speedup!: HTMLElement;

  constructor(spec: PanelSpec, context: PanelContext) {
    this.spec = spec;
    this.context = context;
  }

  // ---- what each puzzle supplies ----------------------------------------------------------

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

  /** Gets the worker ready for a search on `engine` (the 15- and 24-puzzle prepare their pattern database); reports through tablesProgress(). */
  protected async prepareSearch(_engine: EngineName): Promise<void> {}

  /** Sliding: the heuristic to force; default the library's choice (the PDB where its tables are ready). */
  protected heuristic(): 'linear-conflict' | undefined {
    return undefined;
  }

  /** Shows table preparation in the progress line and bar (null: done). */
  protected tablesProgress(tables: TablesShown | null): void {
    if (!this.busy) return;
    this.busy.tables = tables ?? undefined;
    this.renderProgress();
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

  // ---- state ------------------------------------------------------------------------------

  get state(): S {
    return this.history[this.history.length - 1];
  }

  /** The identity of a position for a solve: its text and goal. */
  protected keyOf(state: S): string {
    const goal = this.goal();
    return goal ? `${this.format(state)}|${goal}` : this.format(state);
  }

  /** A move in play: pushes the new position. */
  protected play(next: S): void {
    this.history.push(next);
    this.changed();
  }

  /** A new starting position (edit, load, scramble): history and solution start over. */
  setPosition(state: S): void {
    this.player.stop();
    this.history = [state];
    this.solution = null;
    this.message = null;
    this.runs.clear();
    this.comparison = null;
    this.textDirty = false;
    this.clearSelection();
    this.changed();
  }

  undo(): void {
    if (this.history.length <= 1) return;
    this.history.pop();
    this.clearSelection();
    this.changed();
  }

  restart(): void {
    if (this.history.length <= 1) return;
    this.history = [this.history[0]];
    this.clearSelection();
    this.changed();
  }

  /** After any change of position: follow or leave the solution, redraw. */
  protected changed(): void {
    this.syncSolution();
    if (!this.textDirty) this.textArea.value = this.format(this.state);
    this.render();
    if (this.hinting) void this.requestHint();
  }

  /** A hint's position: the solve's key, and whose turn it is where that matters. */
  private hintKey(state: S): string {
    return `${this.keyOf(state)}|${this.hintToMove(state) ?? ''}`;
  }

  private toggleHint(): void {
    this.hinting = !this.hinting;
    this.hinted = null;
    if (this.hinting) void this.requestHint();
    else this.hintClient.cancel();
    this.render();
  }

  /**
   * The hint of the position on the board, asked of a worker once per
   * position: a move (on the optimal path or off it) asks again for the new
   * position alone, and an answer for a position already left is dropped.
   */
  private async requestHint(): Promise<void> {
    const state = this.state;
    const key = this.hintKey(state);
    if (this.hinted?.key === key) return;
    this.hinted = null;
    this.hintLine.textContent = 'Hint: thinking…';
    this.renderCells();
    const board = this.format(state);
    try {
      const answer = await this.hintClient.hint({
        engine: this.context.engine(),
        family: this.spec.family,
        board,
        goal: this.goal(),
        heuristic: this.heuristic(),
        toMove: this.hintToMove(state),
        maxNodes: HINT_MAX_NODES,
      });
      if (!this.hinting || this.hintKey(this.state) !== key) return;
      const blank = board.split(/\s+/).indexOf('x');
      this.hinted = { key, distance: answer.distance, cells: new Set(hintCells(answer, this.spec.width, blank)), text: hintText(answer) };
    } catch (error) {
      // Cancelled: a newer position's request (or the toggle) took over.
      if (error instanceof SolveCancelled || !this.hinting || this.hintKey(this.state) !== key) return;
      this.hinted = { key, distance: null, cells: new Set(), text: `Hint: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.render();
  }

  private syncSolution(): void {
    const solution = this.solution;
    if (!solution) return;
    const key = this.keyOf(this.state);
    const candidates = [solution.index, solution.index + 1, solution.index - 1, ...solution.states.keys()];
    const found = candidates.find((k) => k >= 0 && k < solution.states.length && this.keyOf(solution.states[k]) === key);
    if (found === undefined) {
      solution.attached = false;
      this.player.stop();
    } else {
      solution.attached = true;
      solution.index = found;
    }
  }

  // ---- building the panel -----------------------------------------------------------------

  mount(): HTMLElement {
    const { spec } = this;
    const id = spec.id;
    this.history = [this.initial()];

    this.cells = Array.from({ length: spec.width * spec.height }, (_, i) =>
      h('button', {
        type: 'button',
        class: 'cell',
        'data-index': i,
        tabindex: spec.boardKeys ? -1 : i === 0 ? 0 : -1,
        onclick: () => this.cellClicked(i),
        onfocus: () => {
          this.focusIndex = i;
          this.setHover(i);
        },
        onblur: () => this.setHover(null),
        onmouseenter: () => this.setHover(i),
        onmouseleave: () => this.setHover(null),
      }),
    );
    const rows = Array.from({ length: spec.height }, (_, r) => h('div', { class: 'board-row' }, ...this.cells.slice(r * spec.width, (r + 1) * spec.width)));
    this.board = h(
      'div',
      {
        class: `board ${spec.boardClass}`,
        role: 'group',
        id: `${id}-board`,
        'aria-label': spec.boardKeys ? `${spec.title} board: arrow keys move the blank` : `${spec.title} board`,
        'aria-describedby': `${id}-help`,
        tabindex: spec.boardKeys ? 0 : undefined,
        style: `--cols: ${spec.width}; --rows: ${spec.height}`,
        onkeydown: (event: KeyboardEvent) => this.keydown(event),
      },
      ...rows,
    );

    this.counter = h('span', { class: 'counter', 'aria-live': 'polite' });
    this.undoButton = h(
      'button',
      { type: 'button', class: 'small', 'aria-label': `Undo the last move on the ${spec.title} board`, onclick: () => this.undo() },
      'Undo',
    );
    this.restartButton = h(
      'button',
      { type: 'button', class: 'small', 'aria-label': `Back to the ${spec.title} starting position`, onclick: () => this.restart() },
      'Restart',
    );
    this.status = h('p', { class: 'status', 'aria-live': 'polite', id: `${id}-status` });
    this.hintButton = h(
      'button',
      {
        type: 'button',
        class: 'small hint-toggle',
        'aria-pressed': 'false',
        'aria-label': `Hint: highlight the moves that keep the ${spec.title} optimal`,
        onclick: () => this.toggleHint(),
      },
      'Hint',
    );
    this.hintLine = h('p', { class: 'hint-line', 'aria-live': 'polite', hidden: true });
    this.help = h('p', { class: 'help', id: `${id}-help` });

    this.editButton = h(
      'button',
      { type: 'button', class: 'toggle', 'aria-pressed': 'false', 'aria-label': `Edit mode for the ${spec.title} board`, onclick: () => this.toggleEdit() },
      'Edit mode',
    );
    const scrambleButton = h(
      'button',
      { type: 'button', 'aria-label': `Scramble the ${spec.title} board to a random solvable position`, onclick: () => this.setPosition(this.scramble()) },
      'Scramble',
    );
    const sampleButton = h(
      'button',
      {
        type: 'button',
        'aria-label': `Load the ${(spec.sampleLabel ?? 'judge sample').toLowerCase()} for the ${spec.title} (${spec.sampleNote})`,
        title: spec.sampleNote,
        onclick: () => this.loadSample(),
      },
      spec.sampleLabel ?? 'Judge sample',
    );
    this.textArea = h('textarea', {
      id: `${id}-text`,
      rows: spec.height,
      spellcheck: 'false',
      autocomplete: 'off',
      class: 'judge-text',
      'aria-describedby': `${id}-input-error`,
      oninput: () => (this.textDirty = true),
      onkeydown: (event: KeyboardEvent) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          this.loadText(this.textArea.value);
        }
      },
    });
    const loadButton = h(
      'button',
      { type: 'button', 'aria-label': `Load the ${spec.title} position typed as judge text`, onclick: () => this.loadText(this.textArea.value) },
      'Load text',
    );
    this.inputError = h('p', { class: 'input-error', id: `${id}-input-error`, role: 'alert' });

    this.solveButton = h('button', { type: 'button', class: 'primary', 'aria-label': `Solve the ${spec.title}`, onclick: () => void this.solve() }, 'Solve');
    this.compareButton = h(
      'button',
      { type: 'button', 'aria-label': `Solve the ${spec.title} on both engines and compare`, onclick: () => void this.compare() },
      'Compare engines',
    );
    this.cancelButton = h(
      'button',
      { type: 'button', class: 'danger', hidden: true, 'aria-label': `Cancel the ${spec.title} search`, onclick: () => this.client.cancel() },
      'Cancel',
    );
    this.progress = h('p', { class: 'progress', 'aria-live': 'polite', hidden: true });
    this.tablesBar = h('progress', {
      class: 'tables-bar',
      id: `${id}-tables-bar`,
      max: 1,
      value: 0,
      'aria-label': 'Pattern database tables prepared, all groups',
    });
    this.groupBar = h('progress', { class: 'group-bar', id: `${id}-group-bar`, max: 1, value: 0, 'aria-label': 'Pattern database group being prepared' });
    this.groupLabel = h('label', { for: `${id}-group-bar` });
    this.tablesNote = h('p', { class: 'tables-note' });
    this.tablesBox = h(
      'div',
      { class: 'tables-box', hidden: true },
      h('label', { for: `${id}-tables-bar` }, 'All tables'),
      this.tablesBar,
      this.groupLabel,
      this.groupBar,
      this.tablesNote,
    );
    this.result = h('div', { class: 'result', 'aria-live': 'polite' });
    this.moveList = h('ol', { class: 'moves', 'aria-label': 'Solution moves' });

    const button = (name: string, label: string, text: string, action: () => void) =>
      h('button', { type: 'button', class: `small play-${name}`, 'aria-label': label, title: label, onclick: action }, text);
    this.playButtons = {
      start: button('start', 'Back to the start of the solution', '|◀', () => this.toStart()),
      back: button('back', 'Step back one move', '◀', () => this.stepBack()),
      play: button('play', 'Play the solution', '▶ Play', () => this.togglePlay()),
      forward: button('forward', 'Step forward one move', '▶', () => this.stepForward()),
      end: button('end', 'Jump to the end of the solution', '▶|', () => this.toEnd()),
    };
    this.speed = h('input', {
      type: 'range',
      min: 1,
      max: 20,
      value: 4,
      id: `${id}-speed`,
      'aria-label': 'Playback speed in moves per second',
      oninput: () => this.speedChanged(),
    });
    this.speedLabel = h('span', { class: 'speed-label' });
    this.playback = h(
      'div',
      { class: 'playback', role: 'group', 'aria-label': 'Solution playback' },
      ...Object.values(this.playButtons),
      h('label', { class: 'speed', for: `${id}-speed` }, 'Speed', this.speed, this.speedLabel),
    );
    this.judgeOutput = h('pre', { class: 'judge-output' });

    this.engineTable = h('tbody');
    this.speedup = h('p', { class: 'speedup' });
    const table = h(
      'table',
      { class: 'engines' },
      h('caption', {}, 'This position on each engine'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Engine'),
          h('th', { scope: 'col' }, 'Moves'),
          h('th', { scope: 'col' }, 'Nodes'),
          h('th', { scope: 'col' }, 'Time'),
        ),
      ),
      this.engineTable,
    );

    this.element = h(
      'section',
      { class: 'panel', id: `panel-${id}`, 'data-panel': id, 'aria-labelledby': `${id}-title` },
      h('header', { class: 'panel-head' }, h('h2', { id: `${id}-title` }, spec.title), h('p', { class: 'rules' }, spec.rules)),
      h(
        'div',
        { class: 'panel-body' },
        h(
          'div',
          { class: 'board-side' },
          h('div', { class: 'board-frame' }, this.board),
          h('div', { class: 'board-bar' }, this.counter, h('span', { class: 'spacer' }), this.hintButton, this.undoButton, this.restartButton),
          this.status,
          this.hintLine,
          this.help,
        ),
        h(
          'div',
          { class: 'controls-side' },
          h(
            'fieldset',
            { class: 'group' },
            h('legend', {}, 'Position'),
            h('div', { class: 'row' }, this.editButton, scrambleButton, sampleButton),
            ...this.extraControls(),
            h(
              'label',
              { for: `${id}-text`, class: 'text-label' },
              'Judge text ',
              h('span', { class: 'hint' }, '(paste a position, then Load text or Ctrl+Enter)'),
            ),
            this.textArea,
            h('div', { class: 'row' }, loadButton),
            this.inputError,
          ),
          h(
            'fieldset',
            { class: 'group' },
            h('legend', {}, 'Solve'),
            h('div', { class: 'row' }, this.solveButton, this.compareButton, this.cancelButton),
            this.progress,
            this.tablesBox,
            this.result,
            this.moveList,
            this.playback,
            h('details', { class: 'judge' }, h('summary', {}, 'Judge output'), this.judgeOutput),
            table,
            this.speedup,
          ),
        ),
      ),
    );
    this.textArea.value = this.format(this.state);
    this.speedChanged();
    this.render();
    return this.element;
  }

  private bothEngines(): EngineName[] {
    const first = this.context.engine();
    return [first, ...engineNames.filter((e) => e !== first)];
  }

  // ---- input ------------------------------------------------------------------------------

  private cellClicked(index: number): void {
    this.focusIndex = index;
    if (this.editing) this.editCell(index);
    else this.press(index);
  }

  private keydown(event: KeyboardEvent): void {
    if (this.boardKey(event)) {
      event.preventDefault();
      return;
    }
    if (this.spec.boardKeys) return;
    const { width, height } = this.spec;
    const row = Math.floor(this.focusIndex / width);
    const col = this.focusIndex % width;
    const target =
      event.key === 'ArrowUp'
        ? row > 0
          ? this.focusIndex - width
          : -1
        : event.key === 'ArrowDown'
          ? row < height - 1
            ? this.focusIndex + width
            : -1
          : event.key === 'ArrowLeft'
            ? col > 0
              ? this.focusIndex - 1
              : -1
            : event.key === 'ArrowRight'
              ? col < width - 1
                ? this.focusIndex + 1
                : -1
              : event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? width * height - 1
                  : undefined;
    if (target === undefined) return;
    event.preventDefault();
    if (target >= 0) this.focusCell(target);
  }

  protected focusCell(index: number): void {
    this.focusIndex = index;
    this.cells.forEach((cell, i) => (cell.tabIndex = i === index ? 0 : -1));
    this.cells[index].focus();
  }

  private setHover(index: number | null): void {
    if (this.hover === index) return;
    this.hover = index;
    this.renderCells();
  }

  private toggleEdit(): void {
    this.editing = !this.editing;
    this.clearSelection();
    this.render();
  }

  /** The sample button: the judge's sample (or an example) with its own goal. */
  loadSample(): void {
    this.loadText(this.spec.sample);
  }

  loadText(text: string): boolean {
    try {
      const state = this.parse(text);
      this.setPosition(state);
      this.textArea.value = this.format(state);
      this.inputError.textContent = '';
      this.textArea.removeAttribute('aria-invalid');
      return true;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'PuzzleInputError') throw error;
      this.inputError.textContent = error.message;
      this.textArea.setAttribute('aria-invalid', 'true');
      return false;
    }
  }

  /** A note on the position (e.g. a warning from the parser), shown above the results. */
  protected note(text: string, kind: 'info' | 'error' | 'unsolvable' = 'info'): void {
    this.message = { text, kind };
    this.render();
  }

  // ---- solving ----------------------------------------------------------------------------

  /** Solve on the chosen engine: one run, its answer and its time. */
  async solve(): Promise<void> {
    const engine = this.context.engine();
    await this.searching(engine, async (start, key, board) => {
      const answer = await this.search(engine, board, 'Searching');
      this.runs.set(engine, { key, answer, ms: answer.stats.ms, runs: 1 });
      this.comparison = null;
      this.accept(start, key, answer);
    });
  }

  /** Both engines on the same position, warm, timed in interleaved rounds (see compare.ts). */
  async compare(): Promise<void> {
    const engines = this.bothEngines();
    await this.searching(engines[0], async (start, key, board) => {
      this.comparison = null;
      const answers = new Map<EngineName, SolveAnswer>();
      for (const engine of engines) {
        const answer = await this.search(engine, board, 'Warm-up run');
        answers.set(engine, answer);
        if (answers.size === 1) this.accept(start, key, answer);
      }
      const rounds = plannedRounds(engines.reduce((sum, engine) => sum + answers.get(engine)!.stats.ms, 0));
      const times = new Map<EngineName, number[]>(engines.map((engine) => [engine, []]));
      for (let round = 0; round < rounds; round++) {
        for (const engine of roundOrder(engines, round)) {
          const answer = await this.search(engine, board, `Timed run ${round + 1} of ${rounds}`);
          times.get(engine)!.push(answer.stats.ms);
        }
      }
      const ms = {} as Record<EngineName, number>;
      for (const engine of engines) {
        const answer = answers.get(engine)!;
        ms[engine] = rounds > 0 ? median(times.get(engine)!) : answer.stats.ms;
        this.runs.set(engine, { key, answer, ms: ms[engine], runs: Math.max(rounds, 1) });
      }
      const nodes = new Set(engines.map((engine) => answers.get(engine)!.stats.nodes));
      this.comparison = { key, ms, rounds, sameNodes: nodes.size === 1 };
    });
  }

  /** Runs one search job on the shown position, with progress, Cancel and error reporting. */
  private async searching(first: EngineName, job: (start: S, key: string, board: string) => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.player.stop();
    const start = this.state;
    this.message = null;
    this.busy = { engine: first, phase: 'Searching', started: performance.now(), bound: null, nodes: null };
    this.busyTimer = window.setInterval(() => this.renderProgress(), 100);
    try {
      await job(start, this.keyOf(start), this.format(start));
    } catch (error) {
      this.message = solveFailure(error, this.busy?.engine ?? first);
    } finally {
      window.clearInterval(this.busyTimer);
      this.busy = null;
      this.render();
    }
  }

  /** One search in the worker. */
  private async search(engine: EngineName, board: string, phase: string): Promise<SolveAnswer> {
    this.busy = { engine, phase, started: performance.now(), bound: null, nodes: null };
    this.render();
    await this.prepareSearch(engine);
    if (this.busy) this.busy.started = performance.now();
    return this.client.solve({ engine, family: this.spec.family, board, goal: this.goal(), heuristic: this.heuristic() }, (progress) => {
      if (this.busy) Object.assign(this.busy, progress);
      this.renderProgress();
    });
  }

  private accept(start: S, key: string, answer: SolveAnswer): void {
    if (!answer.solvable || answer.length === null) {
      this.solution = null;
      const text = [answer.reason ?? 'No solution.', answer.warning].filter(Boolean).join(' ');
      this.message = { text, kind: answer.solvable ? 'info' : 'unsolvable' };
      return;
    }
    if (answer.warning) this.message = { text: answer.warning, kind: 'info' };
    if (this.solution && this.solution.key === key && this.solution.moves.length === answer.length) return;
    const moves = answer.moves as M[];
    const states = [start];
    for (const move of moves) states.push(this.applyMove(states[states.length - 1], move));
    this.solution = { key, moves, states, index: 0, attached: false };
    this.syncSolution();
  }

  // ---- playback ---------------------------------------------------------------------------

  private canStep(direction: 1 | -1): boolean {
    const s = this.solution;
    if (!s || !s.attached) return false;
    return direction > 0 ? s.index < s.moves.length : s.index > 0;
  }

  stepForward(): void {
    const s = this.solution;
    if (!s || !this.canStep(1)) return;
    this.play(s.states[s.index + 1]);
  }

  stepBack(): void {
    const s = this.solution;
    if (!s || !this.canStep(-1)) return;
    const previous = this.history[this.history.length - 2];
    if (previous !== undefined && this.keyOf(previous) === this.keyOf(s.states[s.index - 1])) this.undo();
    else this.play(s.states[s.index - 1]);
  }

  private toStart(): void {
    this.player.stop();
    while (this.canStep(-1)) this.stepBack();
  }

  private toEnd(): void {
    this.player.stop();
    while (this.canStep(1)) this.stepForward();
  }

  private togglePlay(): void {
    if (this.player.stop()) {
      this.render();
      return;
    }
    const s = this.solution;
    if (!s || !s.attached) return;
    if (s.index >= s.moves.length) this.toStart();
    this.player.start(() => {
      if (this.canStep(1)) this.stepForward();
      if (!this.canStep(1)) {
        this.player.stop();
        this.render();
      }
    }, 1000 / Number(this.speed.value));
    this.render();
  }

  private speedChanged(): void {
    const perSecond = Number(this.speed.value);
    this.speedLabel.textContent = `${perSecond} move${perSecond === 1 ? '' : 's'}/s`;
    this.player.restart(() => this.togglePlay());
  }

  private jumpTo(index: number): void {
    this.player.stop();
    const s = this.solution;
    if (!s || !s.attached) return;
    while (s.attached && s.index < index) this.stepForward();
    while (s.attached && s.index > index) this.stepBack();
  }

  // ---- drawing ----------------------------------------------------------------------------

  protected renderCells(): void {
    const state = this.state;
    const hinted = this.hinting && this.hinted?.key === this.hintKey(state) ? this.hinted.cells : null;
    this.cells.forEach((cell, i) => {
      const view = this.cellView(state, i);
      if (cell.textContent !== view.text) cell.textContent = view.text;
      cell.dataset.value = view.value;
      const hint = hinted?.has(i) ?? false;
      cell.setAttribute('aria-label', hint ? `${view.label} (hint: keeps it optimal)` : view.label);
      cell.className = ['cell', ...(view.classes ?? []), ...(hint ? ['hinted'] : [])].join(' ');
    });
  }

  render(): void {
    const state = this.state;
    const goal = this.isGoal(state);
    this.renderCells();
    this.board.dataset.board = this.format(state).split('\n').join('/');
    this.board.dataset.goal = String(goal);
    this.board.dataset.mode = this.editing ? 'edit' : 'play';
    this.board.classList.toggle('editing', this.editing);
    this.board.classList.toggle('solved', goal);

    const moves = this.history.length - 1;
    this.counter.dataset.moves = String(moves);
    this.counter.textContent = `Moves: ${moves}`;
    this.undoButton.disabled = moves === 0;
    this.restartButton.disabled = moves === 0;
    this.status.textContent = this.editing ? 'Edit mode: clicks change the position.' : this.statusText(state);
    this.status.classList.toggle('goal', goal && !this.editing);
    this.help.textContent = this.editing ? this.spec.editHelp : this.spec.playHelp;
    this.editButton.setAttribute('aria-pressed', String(this.editing));
    this.hintButton.setAttribute('aria-pressed', String(this.hinting));
    this.hintLine.hidden = !this.hinting;
    const hint = this.hinting && this.hinted?.key === this.hintKey(state) ? this.hinted : null;
    if (hint) this.hintLine.textContent = hint.text;
    if (hint && hint.distance !== null) this.hintLine.dataset.distance = String(hint.distance);
    else delete this.hintLine.dataset.distance;
    this.editButton.textContent = this.editing ? 'Done editing' : 'Edit mode';

    const busy = this.busy !== null;
    this.solveButton.disabled = busy;
    this.compareButton.disabled = busy;
    this.solveButton.textContent = `Solve on ${engineLabel[this.context.engine()]}`;
    this.cancelButton.hidden = !busy;
    this.element.dataset.busy = String(busy);
    this.renderProgress();
    this.renderResult();
    this.renderEngines();
  }

  private renderProgress(): void {
    const busy = this.busy;
    // Here, not in render(): the pool may start its workers after a search began.
    this.element.dataset.workers = String(this.client.generation);
    this.progress.hidden = busy === null;
    this.tablesBox.hidden = !busy?.tables;
    if (!busy?.tables) delete this.progress.dataset.tables;
    if (!busy) {
      delete this.progress.dataset.bound;
      delete this.progress.dataset.nodes;
      return;
    }
    const elapsed = (performance.now() - busy.started) / 1000;
    if (busy.tables) {
      this.progress.textContent = `${busy.tables.text} on ${engineLabel[busy.engine]} · ${elapsed.toFixed(1)} s`;
      this.progress.dataset.tables = busy.tables.phase;
      this.tablesBar.value = busy.tables.fraction;
      const { group } = busy.tables;
      this.groupBar.value = group.fraction;
      this.groupLabel.textContent = `Group ${group.number} of ${group.of} · ${Math.floor(group.fraction * 100)}%`;
      this.tablesBox.dataset.group = String(group.number);
      this.tablesNote.textContent = busy.tables.note ?? '';
      this.tablesNote.hidden = !busy.tables.note;
      return;
    }
    const parts = [`${busy.phase} on ${engineLabel[busy.engine]}`, `${elapsed.toFixed(1)} s`];
    if (busy.bound !== null) parts.push(`IDA* bound ${busy.bound}`);
    if (busy.nodes !== null) parts.push(`${numberFormat.format(busy.nodes)} nodes so far`);
    this.progress.textContent = parts.join(' · ');
    if (busy.bound !== null) this.progress.dataset.bound = String(busy.bound);
    if (busy.nodes !== null) this.progress.dataset.nodes = String(busy.nodes);
  }

  private renderResult(): void {
    const s = this.solution;
    const r = this.result;
    r.replaceChildren();
    delete r.dataset.length;
    delete r.dataset.solvable;
    if (this.message) {
      r.append(h('p', { class: `message ${this.message.kind}` }, this.message.text));
      if (this.message.kind === 'unsolvable') r.dataset.solvable = 'false';
    }
    const run = [this.runs.get(this.context.engine()), ...this.runs.values()].find((candidate) => candidate && this.current(candidate));
    if (run && !run.answer.solvable && run.key === this.keyOf(this.state)) r.dataset.solvable = 'false';
    this.judgeOutput.textContent = run ? this.judgeText(run.answer) : '';

    this.moveList.replaceChildren();
    this.moveList.hidden = !s;
    this.playback.hidden = !s;
    if (!s) return;
    r.dataset.solvable = 'true';
    r.dataset.length = String(s.moves.length);
    const headline = s.moves.length === 0 ? 'Already solved: 0 moves.' : `Optimal solution: ${s.moves.length} move${s.moves.length === 1 ? '' : 's'}.`;
    r.append(h('p', { class: 'length' }, h('strong', {}, headline), s.attached ? ` Step ${s.index} of ${s.moves.length}.` : ''));
    const used = run?.answer.stats.heuristic;
    if (run && used && run.answer.solvable) {
      const words = used === 'pdb' ? `additive pattern database ${run.answer.stats.partition ?? ''}`.trim() : (heuristicWords[used] ?? used);
      r.append(h('p', { class: 'heuristic', 'data-heuristic': used, 'data-partition': run.answer.stats.partition }, `Heuristic: ${words}.`));
    }
    if (!s.attached) {
      r.append(h('p', { class: 'message info' }, 'The board has left this solution’s path: undo back to it, or solve again.'));
    }
    s.moves.forEach((move, i) => {
      const done = s.attached && i < s.index;
      const next = s.attached && i === s.index;
      this.moveList.append(
        h(
          'li',
          { class: `move${done ? ' done' : ''}${next ? ' next' : ''}` },
          h(
            'button',
            {
              type: 'button',
              class: 'move-button',
              // One tab stop for the list (the next move); the playback buttons step through it.
              tabindex: next ? 0 : -1,
              'aria-label': `Go to after move ${i + 1}: ${this.moveLabel(move)}`,
              'aria-current': next ? 'step' : undefined,
              disabled: !s.attached,
              onclick: () => this.jumpTo(i + 1),
            },
            this.moveText(move),
          ),
        ),
      );
    });
    const playing = this.player.playing;
    this.playback.dataset.index = String(s.index);
    this.playButtons.start.disabled = !this.canStep(-1);
    this.playButtons.back.disabled = !this.canStep(-1);
    this.playButtons.forward.disabled = !this.canStep(1);
    this.playButtons.end.disabled = !this.canStep(1);
    this.playButtons.play.disabled = !s.attached || s.moves.length === 0;
    this.playButtons.play.textContent = playing ? '‖ Pause' : '▶ Play';
    this.playButtons.play.setAttribute('aria-label', playing ? 'Pause the playback' : 'Play the solution');
  }

  /** Whether a run was for what the board shows: the same position, or the start of the solution being played. */
  private current(run: EngineRun): boolean {
    const s = this.solution;
    return run.key === this.keyOf(this.state) || (s !== null && s.attached && s.key === run.key);
  }

  private renderEngines(): void {
    this.engineTable.replaceChildren(
      ...engineNames.map((engine) => {
        const stored = this.runs.get(engine);
        // A run of another position is never shown: after a new board, an edit or an unsolvable one, its row is empty.
        const run = stored && this.current(stored) ? stored : undefined;
        const row = h(
          'tr',
          {
            'data-engine': engine,
            class: engine === this.context.engine() ? 'chosen' : undefined,
            title: run ? (run.runs > 1 ? `Time: median of ${run.runs} timed runs after a warm-up run` : 'Time: one run') : undefined,
          },
          h('th', { scope: 'row' }, engineLabel[engine]),
          h('td', {}, run ? (run.answer.length === null ? (run.answer.solvable ? '—' : 'none') : String(run.answer.length)) : '—'),
          h('td', {}, run ? numberFormat.format(run.answer.stats.nodes) : '—'),
          h('td', {}, run ? formatMs(run.ms) : '—'),
        );
        if (run) {
          row.dataset.nodes = String(run.answer.stats.nodes);
          row.dataset.ms = String(run.ms);
          row.dataset.runs = String(run.runs);
        }
        return row;
      }),
    );
    const comparison = this.comparison;
    const shown =
      comparison &&
      engineNames.every((engine) => {
        const run = this.runs.get(engine);
        return run !== undefined && run.key === comparison.key && this.current(run);
      });
    delete this.speedup.dataset.ratio;
    if (comparison && shown) {
      const { text, ratio } = verdict(comparison);
      this.speedup.textContent = text;
      if (ratio !== null) this.speedup.dataset.ratio = String(ratio);
    } else {
      this.speedup.textContent = 'Compare engines solves this position on both engines, warm, and compares their median times.';
    }
  }
}
