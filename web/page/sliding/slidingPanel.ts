/**
 * Outside: the sliding-tile puzzles as the page plays them, one panel class
 * for every size. What differs between the 8-, 15- and 24-puzzle is data
 * (slidingSizes.ts). Parsing goes through the package's own parser, so a bad
 * paste shows the same PuzzleInputError message as the command line. The
 * tile rules are the package's (src/rules/sliding.ts, shared with the board
 * element), the cells' look slidingTiles.ts, the goal, scramble,
 * heuristic and instance controls slidingControls.ts, and the tables' progress
 * slidingTables.ts: this class ties them to Panel.
 */
import { namedGoal, type GoalName, type EngineName, type SlidingMove } from '../../../src/index.js';
import { adjacent } from '../../../src/rules/grid.js';
import {
  keyMove,
  moveArrow,
  moveBlank,
  moveWord,
  neighbour,
  parseTiles,
  sameTiles,
  slide,
  tilesStatus,
  tilesText,
  type Tiles,
} from '../../../src/rules/sliding.js';
import type { CellView } from '../panel/contract.js';
import { Panel } from '../panel/panel.js';
import type { PanelContext } from '../shared/pageContext.js';
import { SlidingControls } from './slidingControls.js';
import { slidingSizes, slidingSpec, type SlidingSide, type SlidingSize } from './slidingSizes.js';
import { SlidingPreparation, type PreparationView } from './slidingPreparation.js';
import { TileSlide } from './tileSlide.js';
import { scrambleTiles, tileView } from './slidingTiles.js';
import type { SolveAnswer } from '../workers/solverClient.js';

export class SlidingPanel extends Panel<Tiles, SlidingMove> {
  private readonly size: SlidingSize;
  private readonly side: SlidingSide;
  private goalName: GoalName;
  private editSelected: number | null = null;
  private controls!: SlidingControls;
  /** For the sizes with a pattern database. */
  private readonly preparation: SlidingPreparation | undefined;
  /** Slides the tile that moved, each time the board is drawn. */
  private readonly tileSlide = new TileSlide();

  constructor(context: PanelContext, side: SlidingSide) {
    super(slidingSpec(side), context);
    this.size = slidingSizes[side];
    this.side = side;
    this.goalName = this.size.sampleGoal;
    const view: PreparationView = { tables: (shown) => this.tablesProgress(shown), search: (progress, phase) => this.searchReport(progress, phase) };
    this.preparation = this.size.tables && new SlidingPreparation(this.client, this.size.tables, view);
  }

  initial(): Tiles {
    return this.parse(this.spec.sample);
  }

  parse(text: string): Tiles {
    return parseTiles(text, this.side);
  }

  format(tiles: Tiles): string {
    return tilesText(tiles, this.side);
  }

  override goal(): GoalName {
    return this.goalName;
  }

  protected override heuristic(): 'linear-conflict' | undefined {
    return this.controls.heuristic();
  }

  /** Before a search with the PDB: the pool's workers get the tables for the goal in use, or a quick try answers without them (see slidingPreparation.ts). */
  protected override async prepareSearch(engine: EngineName, board: string): Promise<SolveAnswer | undefined> {
    if (!this.preparation || this.heuristic() !== undefined) return;
    return this.preparation.prepare(engine, this.goalName, board, this.element.dataset);
  }

  private goalTiles(): Tiles {
    return Array.from(namedGoal(this.goalName, this.side, this.side).tiles);
  }

  setGoal(name: GoalName): void {
    this.goalName = name;
    this.solution = null;
    this.controls.showGoal(name, this.goalTiles());
    this.changed();
  }

  override extraControls(): HTMLElement[] {
    this.controls = new SlidingControls(this.spec.id, this.side, this.size, this.goalName, this.goalTiles(), {
      setGoal: (name) => this.setGoal(name),
      loadKorf: (number) => this.loadKorf(number),
    });
    return this.controls.elements;
  }

  /** Each sample is written for its own goal. */
  override loadSample(): void {
    this.setGoal(this.size.sampleGoal);
    super.loadSample();
  }

  /** Loads published instance `number` (1-based) with the blank-first goal. */
  loadKorf(number: number): void {
    const instances = this.size.instances;
    if (!instances) return;
    const instance = instances.list[number - 1];
    this.controls.showInstance(number);
    this.setGoal('blank-first');
    this.setPosition(instance.tiles);
    this.element.dataset.korf = String(number);
    this.element.dataset.korfOptimum = String(instance.optimum);
    this.note(`${instances.label} instance #${number}: optimum ${instance.optimum} moves to the blank-first goal. ${instances.note}`);
  }

  protected override clearSelection(): void {
    this.editSelected = null;
  }

  override setPosition(tiles: Tiles): void {
    delete this.element.dataset.korf;
    delete this.element.dataset.korfOptimum;
    super.setPosition(tiles);
  }

  protected override renderCells(): void {
    super.renderCells();
    this.tileSlide.drawn(this.state, this.cells, this.slideMs);
  }

  cellView(tiles: Tiles, index: number): CellView {
    return tileView(tiles, index, this.goalTiles(), this.side, this.editing, this.editSelected);
  }

  isGoal(tiles: Tiles): boolean {
    return sameTiles(tiles, this.goalTiles());
  }

  press(index: number): void {
    if (adjacent(index, this.state.indexOf(0), this.side)) this.play(slide(this.state, index));
  }

  override boardKey(event: KeyboardEvent): boolean {
    const move = keyMove[event.key];
    // From the board or any tile in it: a click focuses the tile clicked, and the arrows must still move the blank.
    if (!move || this.editing || !this.board.contains(event.target as Node)) return false;
    const target = neighbour(this.state.indexOf(0), move, this.side);
    if (target !== null) this.press(target);
    return true;
  }

  /** Edit mode: the first click picks a cell, the second swaps it with the first (or, on the same cell, drops it). */
  editCell(index: number): void {
    const other = this.editSelected;
    this.editSelected = other === null ? index : null;
    if (other === null || other === index) {
      this.render();
      return;
    }
    const next = [...this.state];
    [next[index], next[other]] = [next[other], next[index]];
    this.setPosition(next);
  }

  scramble(): Tiles {
    return scrambleTiles(this.goalTiles(), this.side, this.controls.depth);
  }

  applyMove(tiles: Tiles, move: SlidingMove): Tiles {
    return moveBlank(tiles, move, this.side);
  }

  moveText(move: SlidingMove): string {
    return `${move} ${moveArrow[move]}`;
  }

  moveLabel(move: SlidingMove): string {
    return `${move}: the blank moves ${moveWord[move]}`;
  }

  judgeText(answer: SolveAnswer): string {
    return answer.length === null ? 'unsolvable' : (answer.moves as SlidingMove[]).join('');
  }

  statusText(tiles: Tiles): string {
    return tilesStatus(tiles, this.goalTiles(), this.side);
  }
}
