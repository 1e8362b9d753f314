/**
 * <puzzlesearch-board>: a playable, solvable puzzle for any page. The family
 * (families.ts) says what a position is and how it is played; the board and
 * controls draw it (boardView.ts, controls.ts); a solution plays back through
 * playback.ts; searches run one at a time (searchRunner.ts) on the library's
 * worker pool (sharedPool.ts, or one the page hands over as `element.pool`).
 * The element reflects its state in attributes (board, moves, solved, busy,
 * playing, step, length, speed) and says what happens in events (move,
 * solved, solution, hint, progress, cancel, error); docs/element.md lists
 * them.
 *
 * One file of about 480 lines: the custom element's life cycle, its
 * attributes and its events all read and write one state (the position, the
 * solution being played, the search running). Its click and key handling is
 * the part that could move out next.
 */
import type { EngineName, SolverPool } from '../index.js';
import { BoardView } from './boardView.js';
import { Controls } from './controls.js';
import { type AnyFamily, familyFor } from './families.js';
import { attributeRows, type FamilyAnswer, type FamilyHint } from './family.js';
import { Playback, SPEEDS } from './playback.js';
import { sharedPool } from './sharedPool.js';
import { SearchRunner } from './searchRunner.js';
import { ELEMENT_CSS } from './styles.js';

/** What the move event says. */
export interface BoardMoveDetail {
  /** The move as the library's answers write it (a cell, a stone's move, a letter of the blank, a press). */
  move: unknown;
  /** The move in words. */
  label: string;
  by: 'player' | 'playback';
  /** The position after it, rows split by '/'. */
  board: string;
  /** The player's moves since the position was set (playback steps are not counted). */
  moves: number;
}

/** Element classes exist only where the DOM does: importing the module in Node defines nothing. */
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

const FAMILY_ATTRIBUTES = ['puzzle', 'goal', 'pattern', 'torus', 'colors'];
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class PuzzlesearchBoard extends Base {
  static readonly observedAttributes = [...FAMILY_ATTRIBUTES, 'board', 'speed'];

  /** A pool of the page's own; default the pool the page's boards share. */
  pool: SolverPool | Promise<SolverPool> | null = null;

  private family: AnyFamily | null = null;
  // biome-ignore lint/suspicious/noExplicitAny: the position of whichever family is shown.
  private state: any = null;
  // biome-ignore lint/suspicious/noExplicitAny: as state.
  private start: any = null;
  // biome-ignore lint/suspicious/noExplicitAny: as state.
  private playback: Playback<any, any> | null = null;
  private moveTexts: string[] = [];
  private moveLabels: string[] = [];
  private playerMoves = 0;
  private selected: number | null = null;
  private hover: number | null = null;
  private hintMarks: FamilyHint | null = null;
  private readonly searches = new SearchRunner(
    {
      progress: (text) => this.controls?.showProgress(text),
      message: (text) => this.controls?.message(text),
      changed: () => this.render(),
      emit: (type, detail) => this.emit(type, detail),
      fail: (error) => this.fail(error),
    },
    () => this.pool ?? sharedPool((this.getAttribute('engine') as EngineName | null) ?? 'wasm'),
  );
  /** Set while the element writes its own attributes, which must not re-read the board. */
  private reflecting = false;
  private view: BoardView | null = null;
  private controls: Controls | null = null;

  connectedCallback(): void {
    if (!this.view) this.build();
    if (!this.family) this.load(false);
  }

  disconnectedCallback(): void {
    this.playback?.stop();
    this.searches.cancel();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (this.reflecting || old === value || !this.view) return;
    if (FAMILY_ATTRIBUTES.includes(name)) this.load(true);
    else if (name === 'board') this.load(false);
    else if (name === 'speed') this.applySpeed();
  }

  // ---- the public API ----------------------------------------------------------------------

  /** The position shown, rows split by '/'. */
  get board(): string {
    return this.family && this.state !== null ? this.family.format(this.state).split('\n').join('/') : (this.getAttribute('board') ?? '');
  }

  set board(text: string) {
    this.setAttribute('board', text);
  }

  /** The player's moves since the position was set. */
  get moveCount(): number {
    return this.playerMoves;
  }

  /** The solution held (the library's moves), or null. */
  get solution(): unknown[] | null {
    return this.playback ? [...this.playback.moves] : null;
  }

  /** Finds a shortest solution on the pool and holds it for playback; resolves with the answer (null when cancelled or failed). */
  async solve(): Promise<FamilyAnswer<unknown> | null> {
    const family = this.family;
    if (!family || this.searches.busy) return null;
    const start = this.state;
    const answer = await this.searches.run('solve', (pool, call) => family.solve(pool, start, call));
    if (!answer) return null;
    if (!family.same(start, this.state) || family !== this.family) {
      this.controls!.message('The board changed during the search: Solve again.');
      return answer;
    }
    if (answer.status === 'solved') {
      this.hold(answer.moves);
      this.controls!.message(
        answer.length === 0
          ? 'Already solved.'
          : `Shortest solution: ${answer.length} move${answer.length === 1 ? '' : 's'}${answer.warning ? ` (${answer.warning})` : ''}.`,
      );
    } else {
      this.controls!.message(answer.reason ?? 'No solution.');
    }
    this.emit('solution', answer);
    this.render();
    return answer;
  }

  /** Marks the moves that keep the position optimal; resolves with the hint (null when cancelled or failed). */
  async hint(): Promise<FamilyHint | null> {
    const family = this.family;
    if (!family || this.searches.busy) return null;
    const start = this.state;
    const hint = await this.searches.run('hint', (pool, call) => family.hint(pool, start, call));
    if (!hint) return null;
    if (family.same(start, this.state) && family === this.family) {
      this.hintMarks = hint;
      this.controls!.message(hint.text);
    }
    this.emit('hint', hint);
    this.render();
    return hint;
  }

  /** Stops a running Solve or Hint. */
  cancel(): void {
    this.searches.cancel();
  }

  play(): void {
    this.playback?.play(this.speed);
  }

  pause(): void {
    this.playback?.pause();
  }

  stepForward(): void {
    this.playback?.forward();
  }

  stepBack(): void {
    this.playback?.back();
  }

  /** Shows the position after `step` moves of the solution (0: its start). */
  jump(step: number): void {
    this.playback?.jump(step);
  }

  /** A new random position that can be solved. */
  scramble(): void {
    if (!this.family) return;
    this.setPosition(this.family.scramble(this.state));
  }

  /** Back to the position last set (by the board attribute, a scramble or the sample). */
  reset(): void {
    if (this.family) this.setPosition(this.start);
  }

  get speed(): number {
    const speed = Number(this.getAttribute('speed') ?? 1);
    return Number.isFinite(speed) && speed > 0 ? speed : 1;
  }

  set speed(value: number) {
    this.setAttribute('speed', String(value));
  }

  // ---- building and loading ---------------------------------------------------------------

  private build(): void {
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = ELEMENT_CSS;
    const layout = document.createElement('div');
    layout.className = 'layout';
    layout.setAttribute('part', 'layout');
    this.view = new BoardView(document);
    this.controls = new Controls(document);
    layout.append(this.view.element, this.controls.element);
    root.append(style, layout);
    this.listen();
  }

  /**
   * Reads the attributes: the family, then the board (or the family's sample).
   * After a change of family (`familyChanged`), a board attribute that is only
   * the element's own reflection of the last position is kept if the new
   * family reads it (a new goal for the same tiles), else the sample is shown.
   * A bad attribute is said on the element and in an error event; the board
   * keeps what it showed.
   */
  private load(familyChanged: boolean): void {
    let family: AnyFamily;
    let state: unknown;
    try {
      family = familyFor(this.getAttribute('puzzle'), {
        goal: this.getAttribute('goal'),
        pattern: this.getAttribute('pattern'),
        torus: this.hasAttribute('torus') && this.getAttribute('torus') !== 'false',
        colors: this.getAttribute('colors'),
      });
      const board = this.getAttribute('board');
      const reflected = familyChanged && this.family !== null && board === this.board;
      if (board === null || board.trim() === '') state = family.parse(family.sample);
      else if (reflected) {
        try {
          state = family.parse(attributeRows(board));
        } catch {
          state = family.parse(family.sample);
        }
      } else state = family.parse(attributeRows(board));
    } catch (error) {
      this.fail(error);
      // The board keeps what it showed, and its attribute says so again (render reflects it).
      this.render();
      return;
    }
    this.searches.cancel();
    this.family = family;
    this.view!.setLook(this.look(family.puzzle), family.title);
    this.setAttribute('aria-label', family.title);
    this.applySpeed();
    this.setPosition(state);
  }

  private look(puzzle: string): string {
    if (puzzle === 'flip' || puzzle === 'pilots') return `toggle ${puzzle}`;
    if (puzzle === 'fourline') return 'stones';
    if (puzzle === 'lightsout') return 'lights';
    return 'sliding';
  }

  /** A new starting position: no solution, no hint, no moves yet. */
  private setPosition(state: unknown): void {
    this.playback?.stop();
    this.playback = null;
    this.hintMarks = null;
    this.selected = null;
    this.playerMoves = 0;
    this.state = state;
    this.start = state;
    this.controls!.message('');
    this.render();
  }

  // ---- playing ---------------------------------------------------------------------------

  private listen(): void {
    const board = this.view!.element;
    board.addEventListener('click', (event) => {
      const index = this.view!.cellIndex(event.target);
      if (index !== null) this.pressCell(index);
    });
    board.addEventListener('keydown', (event) => this.boardKey(event));
    board.addEventListener('pointerover', (event) => this.setHover(this.view!.cellIndex(event.target)));
    board.addEventListener('pointerleave', () => this.setHover(null));
    board.addEventListener('focusin', (event) => this.setHover(this.view!.cellIndex(event.target)));
    board.addEventListener('focusout', () => this.setHover(null));
    const controls = this.controls!;
    controls.element.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      const step = target.closest('button')?.dataset.step;
      if (step !== undefined) return this.jump(Number(step));
      const action = target.closest<HTMLElement>('[data-action]')?.dataset.action;
      if (action === 'start') this.jump(0);
      else if (action === 'back') this.stepBack();
      else if (action === 'forward') this.stepForward();
      else if (action === 'play') this.playback?.playing ? this.pause() : this.play();
      else if (action === 'solve') void this.solve();
      else if (action === 'hint') void this.hint();
      else if (action === 'cancel') this.cancel();
      else if (action === 'scramble') this.scramble();
      else if (action === 'reset') this.reset();
    });
    controls.speed.addEventListener('change', () => {
      this.speed = Number(controls.speed.value);
    });
  }

  private setHover(index: number | null): void {
    if (index === this.hover) return;
    this.hover = index;
    this.render();
  }

  private pressCell(index: number): void {
    const family = this.family;
    if (!family) return;
    // The cell clicked becomes the board's tab stop (a roving tabindex).
    this.view!.focusCell(index);
    this.apply(family.press(this.state, index, this.selected));
  }

  private boardKey(event: KeyboardEvent): void {
    const family = this.family;
    if (!family) return;
    if (family.arrowsPlay) {
      const outcome = family.key?.(this.state, event.key);
      if (outcome) {
        event.preventDefault();
        this.apply(outcome);
      }
      return;
    }
    const cols = family.cols(this.state);
    const count = cols * family.rows(this.state);
    const at = this.view!.cellIndex(event.composedPath()[0] ?? null) ?? this.view!.focusIndex;
    const step: Record<string, number> = { ArrowUp: -cols, ArrowDown: cols, ArrowLeft: -1, ArrowRight: 1 };
    const delta = step[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    const next = at + delta;
    const sameRow = Math.floor(next / cols) === Math.floor(at / cols);
    if (next < 0 || next >= count || (Math.abs(delta) === 1 && !sameRow)) return;
    this.view!.focusCell(next);
  }

  // biome-ignore lint/suspicious/noExplicitAny: a family's outcome.
  private apply(outcome: { move?: any; state?: any; selected?: number | null; message?: string }): void {
    const family = this.family!;
    if (outcome.selected !== undefined) this.selected = outcome.selected;
    this.controls!.message(outcome.message ?? '');
    if (outcome.state === undefined) {
      this.render();
      return;
    }
    this.state = outcome.state;
    this.playerMoves++;
    this.hintMarks = null;
    // A move by hand keeps the solution when it is the solution's next move; any other leaves it.
    if (this.playback && !this.playback.follows(this.state, family.same)) {
      this.playback.stop();
      this.playback = null;
    }
    this.render();
    this.emit('move', this.moveDetail(outcome.move, 'player'));
    if (family.isGoal(this.state)) this.emit('solved', { board: this.board, moves: this.playerMoves, by: 'player' });
  }

  private moveDetail(move: unknown, by: 'player' | 'playback'): BoardMoveDetail {
    return { move, label: this.family!.moveLabel(move), by, board: this.board, moves: this.playerMoves };
  }

  /** A solution for the position shown, ready to play. */
  private hold(moves: unknown[]): void {
    const family = this.family!;
    this.playback?.stop();
    this.moveTexts = moves.map((move) => family.moveText(move));
    this.moveLabels = moves.map((move) => family.moveLabel(move));
    const playback = new Playback(this.state, moves, family.apply, (by) => {
      if (this.playback !== playback) return;
      const before = this.state;
      this.state = playback.states[playback.index];
      this.hintMarks = null;
      this.selected = null;
      this.render();
      if (by === 'playback' && !family.same(before, this.state)) {
        this.emit('move', this.moveDetail(playback.moves[playback.index - 1], 'playback'));
        if (family.isGoal(this.state)) this.emit('solved', { board: this.board, moves: this.playerMoves, by: 'playback' });
      }
    });
    this.playback = playback;
  }

  private applySpeed(): void {
    const speed = this.speed;
    // Tiles slide in at most 60% of a step, and never slower than at speed 1.
    const slide = Math.min(180, 0.6 * Playback.stepMs(speed));
    this.style.setProperty('--_slide-ms', `${Math.round(slide)}ms`);
    if (this.controls) {
      const nearest = SPEEDS.reduce((best, option) => (Math.abs(option - speed) < Math.abs(best - speed) ? option : best), SPEEDS[1]);
      this.controls.speed.value = String(nearest);
    }
    this.playback?.setSpeed(speed);
  }

  // ---- searching -------------------------------------------------------------------------

  private fail(error: unknown): void {
    const message = messageOf(error);
    this.controls?.message(message);
    this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  private emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  // ---- drawing ---------------------------------------------------------------------------

  private render(): void {
    const family = this.family;
    const view = this.view;
    const controls = this.controls;
    if (!view || !controls) return;
    if (!family) {
      controls.update({ solution: null, busy: null, solved: false });
      return;
    }
    const state = this.state;
    const rows = family.rows(state);
    const cols = family.cols(state);
    const count = rows * cols;
    const cells = Array.from({ length: count }, (_, index) => family.cell(state, index, this.selected));
    const showAffected = this.hover !== null && this.hover < count && family.affected;
    view.draw({
      rows,
      cols,
      cells,
      pieces: family.pieces?.(state),
      affected: showAffected ? family.affected!(state, this.hover!) : [],
      hint: this.hintMarks?.cells ?? [],
      hintTargets: this.hintMarks?.targets ?? [],
    });
    const solved = family.isGoal(state);
    const playback = this.playback;
    controls.status(`${family.status(state)}${this.playerMoves > 0 ? ` Your moves: ${this.playerMoves}.` : ''}`);
    controls.update({
      solution: playback ? { moveTexts: this.moveTexts, moveLabels: this.moveLabels, index: playback.index, playing: playback.playing } : null,
      busy: this.searches.busy,
      solved,
    });
    this.reflect(solved);
  }

  /** The state as attributes, for CSS and for anyone reading the element. */
  private reflect(solved: boolean): void {
    this.reflecting = true;
    try {
      this.setAttribute('board', this.board);
      this.setAttribute('moves', String(this.playerMoves));
      this.toggleAttribute('solved', solved);
      this.toggleAttribute('playing', this.playback?.playing ?? false);
      if (this.searches.busy) this.setAttribute('busy', this.searches.busy);
      else this.removeAttribute('busy');
      if (this.playback) {
        this.setAttribute('step', String(this.playback.index));
        this.setAttribute('length', String(this.playback.moves.length));
      } else {
        this.removeAttribute('step');
        this.removeAttribute('length');
      }
    } finally {
      this.reflecting = false;
    }
  }
}
