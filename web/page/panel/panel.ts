/**
 * Outside: one puzzle panel. The base class owns everything the five puzzles
 * share (the board grid, history and undo, edit mode, the judge-text box,
 * scramble, solving in the panel's worker with progress and Cancel, the move
 * list and its playback, and the per-engine timings); a subclass supplies the
 * rules of its puzzle. The engine table only ever shows runs of the position
 * on the board (or of the solution being played from it).
 *
 * It is built in layers and parts, one job each: what a puzzle supplies
 * (puzzleContract.ts), the position and its history (positionHistory.ts), and
 * the parts around the board (panelParts.ts builds and lays them out). Panel
 * ties them together and keeps the members its subclasses use under their
 * old names and meanings.
 */
import type { Progress } from '../../../src/index.js';
import { createParts, panelSection, type PanelParts } from './panelParts.js';
import type { Solution } from './playback.js';
import { PositionHistory } from './positionHistory.js';
import type { PanelContext } from '../shared/pageContext.js';
import type { PanelSpec, PanelView, TablesShown } from './contract.js';
import { SolverClient, type SolutionMove } from '../workers/solverClient.js';

export abstract class Panel<S, M extends SolutionMove> extends PositionHistory<S, M> implements PanelView<S, M> {
  readonly spec: PanelSpec;
  protected readonly context: PanelContext;
  readonly client = new SolverClient();
  element!: HTMLElement;
  /** The parts doing the panel's jobs, built by mount(). */
  private parts!: PanelParts<S, M>;

  constructor(spec: PanelSpec, context: PanelContext) {
    super();
    this.spec = spec;
    this.context = context;
  }

  // ---- after a change of position (see PositionHistory) ---------------------------------

  protected startOver(): void {
    this.parts.playback.forget();
    this.parts.result.message = null;
    this.parts.timings.forget();
    this.parts.position.forgetTyping();
  }

  /** After any change of position: follow or leave the solution, redraw, and ask for the new position's hint. */
  protected changed(): void {
    this.parts.playback.follow();
    this.parts.position.showPosition(this.state);
    this.render();
    this.parts.hints.refresh();
  }

  // ---- what the parts hold, as the subclasses know it ------------------------------------

  protected get solution(): Solution<S, M> | null {
    return this.parts.playback.solution;
  }
  protected set solution(solution: Solution<S, M> | null) {
    this.parts.playback.solution = solution;
  }

  /** How long a move's slide takes now (see PlaybackControls.slideMs). */
  protected get slideMs(): number {
    return this.parts.playbackControls.slideMs();
  }

  protected get editing(): boolean {
    return this.parts.position.editing;
  }

  /** The cell under the pointer or keyboard focus, for previews of what a press changes. */
  protected get hover(): number | null {
    return this.parts.board.hover;
  }

  protected get board(): HTMLElement {
    return this.parts.board.board;
  }

  protected get cells(): HTMLButtonElement[] {
    return this.parts.board.cells;
  }

  protected get status(): HTMLElement {
    return this.parts.board.status;
  }

  protected focusCell(index: number): void {
    this.parts.board.focusCell(index);
  }

  /** Shows table preparation in the progress line and bar (null: done). */
  protected tablesProgress(tables: TablesShown | null): void {
    this.parts.progress.tables(tables);
  }

  /** Shows a search run while getting ready (see prepareSearch) under the name `phase`. */
  protected searchReport(progress: Progress, phase: string): void {
    this.parts.progress.report(progress, phase);
  }

  /** A note on the position (e.g. a warning from the parser), shown above the results. */
  protected note(text: string, kind: 'info' | 'error' | 'unsolvable' = 'info'): void {
    this.parts.result.message = { text, kind };
    this.render();
  }

  /** The sample button: the judge's sample (or an example) with its own goal. */
  loadSample(): void {
    this.loadText(this.spec.sample);
  }

  loadText(text: string): boolean {
    return this.parts.position.load(text);
  }

  /** Solve on the chosen engine: one run, its answer and its time. */
  solve(): Promise<void> {
    return this.parts.solver.solve();
  }

  /** Both engines on the same position, warm, timed in interleaved rounds (see compare.ts). */
  compare(): Promise<void> {
    return this.parts.solver.compare();
  }

  stepForward(): void {
    this.parts.playback.stepForward();
  }

  stepBack(): void {
    this.parts.playback.stepBack();
  }

  // ---- building and drawing --------------------------------------------------------------

  mount(): HTMLElement {
    this.history = [this.initial()];
    this.parts = createParts<S, M>({
      panel: this,
      history: () => this.history,
      editing: () => this.editing,
      keyOf: (state) => this.keyOf(state),
      play: (next) => this.play(next),
      step: (next) => this.play(next, false),
      playerMoves: () => this.playerMoves,
      slideMs: () => this.slideMs,
      engine: () => this.context.engine(),
      heuristic: () => this.heuristic(),
      hintToMove: (state) => this.hintToMove(state),
      prepareSearch: (engine, board) => this.prepareSearch(engine, board),
      clearSelection: () => this.clearSelection(),
      renderCells: () => this.renderCells(),
    });
    this.element = panelSection(this.spec, this.parts, this.extraControls());
    this.parts.position.showPosition(this.state);
    this.parts.playbackControls.speedChanged();
    this.render();
    return this.element;
  }

  protected renderCells(): void {
    this.parts.board.renderCells(this.state, this.parts.hints.cells(this.state));
  }

  render(): void {
    const state = this.state;
    const { board, hints, position, solver, result, playbackControls, timings } = this.parts;
    this.renderCells();
    board.render(state);
    position.render();
    hints.render(state);
    solver.render();
    result.render();
    playbackControls.render();
    timings.render();
  }
}
