/**
 * Outside: the rules of each puzzle as the page plays them. Parsing goes
 * through the package's own parsers (src/boards.ts), so a bad paste shows the
 * same PuzzleInputError message as the command line; searching happens only
 * in the worker.
 */
import { PuzzleInputError, namedGoal, parseFlipBoard, parseFourLineBoard, parseSlidingBoard, type GoalName } from '../../src/boards.js';
import type { Cell, EngineName, FourLineMove, SlidingMove } from '../../src/index.js';
import type { SolveAnswer } from './solverClient.js';
import korfText from '../../data/korf100.txt?raw';
import { h, randomInt, shuffle } from './dom.js';
import { Panel, type CellView, type PanelContext } from './panel.js';

const SIDE = 4;

function place(index: number, width = SIDE): string {
  return `row ${Math.floor(index / width) + 1}, column ${(index % width) + 1}`;
}

function cellIndex(cell: Cell): number {
  return (cell.row - 1) * SIDE + (cell.col - 1);
}

function adjacent(a: number, b: number, width: number): boolean {
  const [ar, ac, br, bc] = [Math.floor(a / width), a % width, Math.floor(b / width), b % width];
  return Math.abs(ar - br) + Math.abs(ac - bc) === 1;
}

// ---- Flip Game and Pilots Brothers: presses toggle a pattern of cells -----------------------

type ToggleKind = 'flip' | 'pilots';

function pressMask(kind: ToggleKind, index: number): number {
  const row = Math.floor(index / SIDE);
  const col = index % SIDE;
  let mask = 0;
  for (let i = 0; i < SIDE * SIDE; i++) {
    const r = Math.floor(i / SIDE);
    const c = i % SIDE;
    const hit = kind === 'flip' ? Math.abs(r - row) + Math.abs(c - col) <= 1 : r === row || c === col;
    if (hit) mask |= 1 << i;
  }
  return mask;
}

const FULL = 0xffff;

abstract class TogglePanel extends Panel<number, Cell> {
  abstract readonly kind: ToggleKind;
  /** Characters for a clear bit and a set bit. */
  abstract readonly chars: [string, string];
  abstract readonly words: [string, string];

  initial(): number {
    return this.parse(this.spec.sample);
  }

  parse(text: string): number {
    return parseFlipBoard(this.kind, text);
  }

  format(state: number): string {
    const rows: string[] = [];
    for (let r = 0; r < SIDE; r++) {
      let row = '';
      for (let c = 0; c < SIDE; c++) row += this.chars[(state >> (r * SIDE + c)) & 1];
      rows.push(row);
    }
    return rows.join('\n');
  }

  cellView(state: number, index: number): CellView {
    const bit = (state >> index) & 1;
    const classes = [bit ? 'on' : 'off'];
    if (!this.editing && this.hover !== null && (pressMask(this.kind, this.hover) >> index) & 1) classes.push('affected');
    return { text: '', value: this.chars[bit], label: `${place(index)}: ${this.words[bit]}`, classes };
  }

  press(index: number): void {
    this.play(this.state ^ pressMask(this.kind, index));
  }

  editCell(index: number): void {
    this.setPosition(this.state ^ (1 << index));
  }

  applyMove(state: number, move: Cell): number {
    return state ^ pressMask(this.kind, cellIndex(move));
  }

  moveText(move: Cell): string {
    return `${move.row} ${move.col}`;
  }

  moveLabel(move: Cell): string {
    return `press row ${move.row}, column ${move.col}`;
  }
}

export class FlipPanel extends TogglePanel {
  readonly kind = 'flip';
  readonly chars: [string, string] = ['w', 'b'];
  readonly words: [string, string] = ['white side up', 'black side up'];

  constructor(context: PanelContext) {
    super(
      {
        id: 'flip',
        family: 'flip',
        title: 'Flip Game',
        rules: 'Pressing a piece turns it and its up, down, left and right neighbours over. Make all sixteen one colour, white or black.',
        playHelp: 'Click a piece (or Tab to the board, arrow keys to move, Enter to press) to turn it and its neighbours; the outlined pieces show what a press turns.',
        editHelp: 'Click a piece to turn only that one over; a new starting position begins.',
        width: 4,
        height: 4,
        sample: 'bwwb\nbbwb\nbwwb\nbwww',
        sampleNote: 'POJ 1753 sample, optimum 4',
        boardClass: 'flip-board',
      },
      context,
    );
  }

  isGoal(state: number): boolean {
    return state === 0 || state === FULL;
  }

  scramble(): number {
    // Presses from a one-colour board reach exactly the solvable positions.
    for (;;) {
      let state = Math.random() < 0.5 ? 0 : FULL;
      for (let i = 0; i < 16; i++) if (Math.random() < 0.5) state ^= pressMask('flip', i);
      if (!this.isGoal(state)) return state;
    }
  }

  judgeText(answer: SolveAnswer): string {
    return answer.length === null ? 'Impossible' : String(answer.length);
  }

  statusText(state: number): string {
    if (state === 0) return 'Solved: every piece shows white.';
    if (state === FULL) return 'Solved: every piece shows black.';
    return 'Goal: all sixteen pieces white, or all black.';
  }
}

export class PilotsPanel extends TogglePanel {
  readonly kind = 'pilots';
  readonly chars: [string, string] = ['-', '+'];
  readonly words: [string, string] = ['open', 'closed'];

  constructor(context: PanelContext) {
    super(
      {
        id: 'pilots',
        family: 'pilots',
        title: 'Pilots Brothers’ refrigerator',
        rules: 'Turning a handle turns every handle in its row and its column. Open all sixteen (horizontal, −) to open the fridge.',
        playHelp: 'Click a handle (or Tab to the board, arrow keys to move, Enter to turn) to turn its whole row and column; the outlined handles show what turns.',
        editHelp: 'Click a handle to turn only that one; a new starting position begins.',
        width: 4,
        height: 4,
        sample: '-+--\n----\n----\n-+--',
        sampleNote: 'POJ 2965 sample, optimum 6',
        boardClass: 'pilots-board',
      },
      context,
    );
  }

  isGoal(state: number): boolean {
    return state === 0;
  }

  scramble(): number {
    return 1 + randomInt(FULL);
  }

  judgeText(answer: SolveAnswer): string {
    if (answer.length === null) return 'Impossible';
    return [String(answer.length), ...(answer.moves as Cell[]).map((m) => `${m.row} ${m.col}`)].join('\n');
  }

  statusText(state: number): string {
    if (state === 0) return 'Solved: every handle is open and the refrigerator opens.';
    let closed = 0;
    for (let i = 0; i < 16; i++) closed += (state >> i) & 1;
    return `${closed} handle${closed === 1 ? '' : 's'} closed. Goal: all open.`;
  }
}

// ---- Four in a line -------------------------------------------------------------------------

type Colour = 'B' | 'W';

interface FourLineState {
  /** 16 characters B, W or O, row by row. */
  cells: string;
  /** Whose move it is; null before the first move (either colour may start). */
  turn: Colour | null;
}

const LINES = [
  [0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15],
  [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
  [0, 5, 10, 15], [3, 6, 9, 12],
];

const colourName: Record<Colour, string> = { B: 'Black', W: 'White' };

function winningLines(cells: string): number[][] {
  return LINES.filter((line) => cells[line[0]] !== 'O' && line.every((i) => cells[i] === cells[line[0]]));
}

function other(colour: Colour): Colour {
  return colour === 'B' ? 'W' : 'B';
}

export class FourLinePanel extends Panel<FourLineState, FourLineMove> {
  private selected: number | null = null;
  private hint = '';

  constructor(context: PanelContext) {
    super(
      {
        id: 'fourline',
        family: 'fourLine',
        title: 'Four in a line',
        rules: 'Black and White take turns sliding one of their pieces into an adjacent empty square; either may start. Get four of one colour in a row, a column or a long diagonal.',
        playHelp: 'Click a piece, then an empty square next to it (keyboard: arrows and Enter). Solve treats the shown position as a fresh game where either colour may move first.',
        editHelp: 'Click a square to cycle it: empty, black, white.',
        width: 4,
        height: 4,
        sample: 'BWBO\nWBWB\nBWBW\nWBWO',
        sampleNote: 'Wikioi 1004 sample, optimum 5',
        boardClass: 'fourline-board',
      },
      context,
    );
  }

  initial(): FourLineState {
    return this.parse(this.spec.sample);
  }

  parse(text: string): FourLineState {
    const { cells } = parseFourLineBoard(text);
    return { cells: Array.from(cells, (code) => 'OBW'[code]).join(''), turn: null };
  }

  override loadText(text: string): boolean {
    const ok = super.loadText(text);
    if (ok) {
      const { warning } = parseFourLineBoard(text);
      if (warning) this.note(warning);
    }
    return ok;
  }

  format(state: FourLineState): string {
    return state.cells.match(/.{4}/g)!.join('\n');
  }

  protected override clearSelection(): void {
    this.selected = null;
    this.hint = '';
  }

  cellView(state: FourLineState, index: number): CellView {
    const value = state.cells[index];
    const classes: string[] = [value === 'B' ? 'black' : value === 'W' ? 'white' : 'empty'];
    if (index === this.selected) classes.push('selected');
    if (this.selected !== null && value === 'O' && adjacent(index, this.selected, SIDE)) classes.push('target');
    if (winningLines(state.cells).some((line) => line.includes(index))) classes.push('line');
    const word = value === 'B' ? 'black piece' : value === 'W' ? 'white piece' : 'empty';
    const extra = index === this.selected ? ', selected' : classes.includes('target') ? ', move here' : '';
    return { text: '', value, label: `${place(index)}: ${word}${extra}`, classes };
  }

  isGoal(state: FourLineState): boolean {
    return winningLines(state.cells).length > 0;
  }

  press(index: number): void {
    const { cells, turn } = this.state;
    const value = cells[index];
    this.hint = '';
    if (value !== 'O') {
      if (turn !== null && value !== turn) {
        this.hint = `It is ${colourName[turn]}’s move.`;
        this.selected = null;
      } else {
        this.selected = this.selected === index ? null : index;
      }
      this.render();
      return;
    }
    if (this.selected === null) {
      this.hint = 'Pick a piece first, then this empty square.';
      this.render();
      return;
    }
    if (!adjacent(index, this.selected, SIDE)) {
      this.hint = 'A piece moves one square up, down, left or right.';
      this.render();
      return;
    }
    const from = this.selected;
    const colour = cells[from] as Colour;
    const next = [...cells];
    next[index] = colour;
    next[from] = 'O';
    this.selected = null;
    this.play({ cells: next.join(''), turn: other(colour) });
    this.focusCell(index);
  }

  editCell(index: number): void {
    const next = [...this.state.cells];
    next[index] = { O: 'B', B: 'W', W: 'O' }[next[index]]!;
    this.setPosition({ cells: next.join(''), turn: null });
  }

  override undo(): void {
    this.selected = null;
    super.undo();
  }

  scramble(): FourLineState {
    for (;;) {
      const cells = shuffle([...'BBBBBBBWWWWWWWOO']).join('');
      if (winningLines(cells).length === 0) return { cells, turn: null };
    }
  }

  applyMove(state: FourLineState, move: FourLineMove): FourLineState {
    const next = [...state.cells];
    next[cellIndex(move.to)] = move.colour;
    next[cellIndex(move.from)] = 'O';
    return { cells: next.join(''), turn: other(move.colour) };
  }

  moveText(move: FourLineMove): string {
    return `${move.colour} ${move.from.row},${move.from.col}→${move.to.row},${move.to.col}`;
  }

  moveLabel(move: FourLineMove): string {
    return `${colourName[move.colour]} from row ${move.from.row}, column ${move.from.col} to row ${move.to.row}, column ${move.to.col}`;
  }

  judgeText(answer: SolveAnswer): string {
    return answer.length === null ? 'Impossible' : String(answer.length);
  }

  statusText(state: FourLineState): string {
    const lines = winningLines(state.cells);
    if (lines.length > 0) return `Four in a line for ${colourName[state.cells[lines[0][0]] as Colour]}!`;
    const turn = state.turn === null ? 'Either colour may move first.' : `${colourName[state.turn]} to move.`;
    const selection = this.selected === null ? '' : ` Selected the piece at ${place(this.selected)}; now click an empty neighbour.`;
    return [turn + selection, this.hint].filter(Boolean).join(' ');
  }
}

// ---- Sliding tiles --------------------------------------------------------------------------

type Tiles = readonly number[];

const moveDelta: Record<SlidingMove, [number, number]> = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
const moveWord: Record<SlidingMove, string> = { u: 'up', d: 'down', l: 'left', r: 'right' };
const moveArrow: Record<SlidingMove, string> = { u: '↑', d: '↓', l: '←', r: '→' };
const keyMove: Record<string, SlidingMove> = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' };

export interface KorfInstance {
  number: number;
  tiles: number[];
  optimum: number;
}

export const korfInstances: KorfInstance[] = korfText
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.length > 0)
  .map((line, i) => {
    const numbers = line.split(/\s+/).map(Number);
    return { number: i + 1, tiles: numbers.slice(0, 16), optimum: numbers[16] };
  });

/** Parity of the permutation taking `goal` to `tiles` (both include the blank). */
function permutationParity(tiles: Tiles, goal: Tiles): number {
  const where = new Map(goal.map((tile, i) => [tile, i]));
  const perm = tiles.map((tile) => where.get(tile)!);
  const seen = new Array(perm.length).fill(false);
  let parity = 0;
  for (let i = 0; i < perm.length; i++) {
    if (seen[i]) continue;
    let length = 0;
    for (let j = i; !seen[j]; j = perm[j]) {
      seen[j] = true;
      length++;
    }
    parity ^= (length - 1) & 1;
  }
  return parity;
}

/** Every move swaps the blank with a neighbour: permutation parity and blank distance change together. */
function reachable(tiles: Tiles, goal: Tiles, width: number): boolean {
  const a = tiles.indexOf(0);
  const b = goal.indexOf(0);
  const distance = Math.abs(Math.floor(a / width) - Math.floor(b / width)) + Math.abs((a % width) - (b % width));
  return permutationParity(tiles, goal) === (distance & 1);
}

export class SlidingPanel extends Panel<Tiles, SlidingMove> {
  private goalName: GoalName = 'blank-last';
  private editSelected: number | null = null;
  private goalSelect!: HTMLSelectElement;
  private goalPicture!: HTMLElement;
  private scrambleSelect!: HTMLSelectElement;
  private korfSelect: HTMLSelectElement | null = null;
  private heuristicSelect: HTMLSelectElement | null = null;
  private readonly side: number;

  constructor(context: PanelContext, side: 3 | 4) {
    const name = side === 3 ? '8-puzzle' : '15-puzzle';
    super(
      {
        id: side === 3 ? 'eight' : 'fifteen',
        family: 'sliding',
        title: name,
        rules: `Slide the tiles into the blank until they stand in goal order. The solver prints the blank’s moves: u, d, l, r.`,
        playHelp: 'Click a tile next to the blank to slide it. Arrow keys move the blank (↑ = u: the blank goes up, the tile above it comes down) while the board has focus.',
        editHelp: 'Click two tiles (or a tile and the blank) to swap them: half of all positions cannot reach the goal, and Solve says why.',
        width: side,
        height: side,
        sample: side === 3 ? '2 3 4\n1 5 x\n7 6 8' : '1 2 3 4\n5 6 x 8\n9 10 7 11\n13 14 15 12',
        sampleNote: side === 3 ? 'POJ 1077 sample, optimum 19' : 'a short example, optimum 3',
        sampleLabel: side === 3 ? 'Judge sample' : 'Example',
        boardClass: `sliding-board side-${side}`,
        boardKeys: true,
      },
      context,
    );
    this.side = side;
  }

  initial(): Tiles {
    return this.parse(this.spec.sample);
  }

  parse(text: string): Tiles {
    const board = parseSlidingBoard(text);
    if (board.width !== this.side || board.height !== this.side) {
      throw new PuzzleInputError(`this panel holds a ${this.side}x${this.side} board (${this.side * this.side - 1} tiles and the blank), not ${board.width}x${board.height}`);
    }
    return Array.from(board.tiles);
  }

  format(tiles: Tiles): string {
    const rows: string[] = [];
    for (let r = 0; r < this.side; r++) {
      rows.push(tiles.slice(r * this.side, (r + 1) * this.side).map((t) => (t === 0 ? 'x' : String(t))).join(' '));
    }
    return rows.join('\n');
  }

  override goal(): GoalName {
    return this.goalName;
  }

  /** The 15-puzzle searches with the 6-6-3 pattern database unless told to use linear conflicts. */
  protected override heuristic(): 'linear-conflict' | undefined {
    return this.heuristicSelect?.value === 'linear-conflict' ? 'linear-conflict' : undefined;
  }

  /**
   * Before a 15-puzzle search with the PDB: the pool's workers get the tables
   * for the goal in use (the first time built in a worker, with a progress
   * bar, and kept in IndexedDB; after a reload loaded from there).
   */
  protected override async prepareSearch(engine: EngineName): Promise<void> {
    if (this.side !== 4 || this.heuristic() !== undefined) return;
    const fractions = new Map<number, number>();
    const began = performance.now();
    const source = await this.client.prepareTables(engine, '4x4', this.goalName, (progress) => {
      fractions.set(progress.group, progress.entries > 0 ? progress.settled / progress.entries : 1);
      const fraction = [...fractions.values()].reduce((sum, part) => sum + part, 0) / progress.groups;
      const verb = progress.phase === 'build' ? 'Building' : 'Loading';
      this.tablesProgress({
        text: `${verb} the ${progress.partition} pattern database (group ${progress.group + 1} of ${progress.groups}, ${Math.floor(fraction * 100)}%)`,
        fraction,
        phase: progress.phase,
      });
    });
    this.tablesProgress(null);
    this.element.dataset.tables = source;
    // How long the tables took (built, loaded, or nothing to do), for anyone measuring.
    this.element.dataset.tablesMs = (performance.now() - began).toFixed(0);
  }

  private goalTiles(): Tiles {
    return Array.from(namedGoal(this.goalName, this.side, this.side).tiles);
  }

  setGoal(name: GoalName): void {
    this.goalName = name;
    this.goalSelect.value = name;
    this.solution = null;
    this.drawGoal();
    this.changed();
  }

  private drawGoal(): void {
    const goal = this.goalTiles();
    this.goalPicture.replaceChildren(...goal.map((t) => h('span', { class: t === 0 ? 'blank' : '' }, t === 0 ? '' : String(t))));
    this.goalPicture.setAttribute('aria-label', `Goal: ${this.format(goal).split('\n').join(' / ')}`);
    this.goalPicture.dataset.goal = this.goalName;
  }

  override extraControls(): HTMLElement[] {
    const id = this.spec.id;
    this.goalSelect = h(
      'select',
      { id: `${id}-goal`, onchange: () => this.setGoal(this.goalSelect.value as GoalName) },
      h('option', { value: 'blank-last' }, 'blank last (judges)'),
      h('option', { value: 'blank-first' }, 'blank first (Korf)'),
    );
    this.goalPicture = h('div', { class: 'goal-picture', role: 'img', style: `--cols: ${this.side}` });
    this.drawGoal();
    const depths = this.side === 3 ? ['random', '10', '20'] : ['20', '30', '40', '60', 'random'];
    this.scrambleSelect = h(
      'select',
      { id: `${id}-depth` },
      ...depths.map((d) => h('option', { value: d }, d === 'random' ? 'any solvable position' : `${d} random moves from the goal`)),
    );
    const controls = [
      h('div', { class: 'row goal-row' }, h('label', { for: `${id}-goal` }, 'Goal'), this.goalSelect, this.goalPicture),
      h('div', { class: 'row' }, h('label', { for: `${id}-depth` }, 'Scramble to'), this.scrambleSelect),
    ];
    if (this.side === 4) {
      this.heuristicSelect = h(
        'select',
        { id: `${id}-heuristic` },
        h('option', { value: 'pdb' }, 'pattern database 6-6-3 (about 6 MB, prepared on first solve)'),
        h('option', { value: 'linear-conflict' }, 'Manhattan + linear conflicts (no tables)'),
      );
      controls.push(h('div', { class: 'row' }, h('label', { for: `${id}-heuristic` }, 'Heuristic'), this.heuristicSelect));
      const select = h(
        'select',
        { id: `${id}-korf` },
        ...korfInstances.map((k) => h('option', { value: k.number, selected: k.number === 79 }, `#${k.number}: optimum ${k.optimum} moves`)),
      );
      this.korfSelect = select;
      controls.push(
        h(
          'div',
          { class: 'row' },
          h('label', { for: `${id}-korf` }, 'Korf (1985)'),
          select,
          h('button', { type: 'button', 'aria-label': 'Load the chosen Korf instance, with the blank-first goal', onclick: () => this.loadKorf(Number(select.value)) }, 'Load'),
        ),
      );
    }
    return controls;
  }

  /** The samples are for the judges' goal, blank last. */
  override loadSample(): void {
    this.setGoal('blank-last');
    super.loadSample();
  }

  loadKorf(number: number): void {
    const instance = korfInstances[number - 1];
    if (this.korfSelect) this.korfSelect.value = String(number);
    this.setGoal('blank-first');
    this.setPosition(instance.tiles);
    this.element.dataset.korf = String(number);
    this.element.dataset.korfOptimum = String(instance.optimum);
    this.note(`Korf’s instance #${number}: optimum ${instance.optimum} moves to the blank-first goal. Hard instances take a while, longer on the TypeScript twin.`);
  }

  protected override clearSelection(): void {
    this.editSelected = null;
  }

  override setPosition(tiles: Tiles): void {
    delete this.element.dataset.korf;
    delete this.element.dataset.korfOptimum;
    super.setPosition(tiles);
  }

  cellView(tiles: Tiles, index: number): CellView {
    const tile = tiles[index];
    const goal = this.goalTiles();
    const blank = tiles.indexOf(0);
    const classes = [tile === 0 ? 'blank' : 'tile'];
    if (tile !== 0 && goal[index] === tile) classes.push('home');
    if (!this.editing && tile !== 0 && adjacent(index, blank, this.side)) classes.push('movable');
    if (this.editing && index === this.editSelected) classes.push('selected');
    const label = tile === 0 ? `${place(index, this.side)}: blank` : `${place(index, this.side)}: tile ${tile}${classes.includes('movable') ? ', can slide' : ''}`;
    return { text: tile === 0 ? '' : String(tile), value: tile === 0 ? 'x' : String(tile), label, classes };
  }

  isGoal(tiles: Tiles): boolean {
    const goal = this.goalTiles();
    return tiles.every((t, i) => t === goal[i]);
  }

  press(index: number): void {
    const blank = this.state.indexOf(0);
    if (!adjacent(index, blank, this.side)) return;
    const next = [...this.state];
    next[blank] = next[index];
    next[index] = 0;
    this.play(next);
  }

  /** Moves the blank one step; returns false at the edge. */
  private moveBlank(move: SlidingMove): boolean {
    const blank = this.state.indexOf(0);
    const [dr, dc] = moveDelta[move];
    const row = Math.floor(blank / this.side) + dr;
    const col = (blank % this.side) + dc;
    if (row < 0 || row >= this.side || col < 0 || col >= this.side) return false;
    this.press(row * this.side + col);
    return true;
  }

  override boardKey(event: KeyboardEvent): boolean {
    const move = keyMove[event.key];
    if (!move || this.editing || event.target !== this.board) return false;
    this.moveBlank(move);
    return true;
  }

  editCell(index: number): void {
    if (this.editSelected === null) {
      this.editSelected = index;
      this.render();
      return;
    }
    const other = this.editSelected;
    this.editSelected = null;
    if (other === index) {
      this.render();
      return;
    }
    const next = [...this.state];
    [next[index], next[other]] = [next[other], next[index]];
    this.setPosition(next);
  }

  scramble(): Tiles {
    const goal = this.goalTiles();
    const depth = this.scrambleSelect.value;
    if (depth === 'random') {
      const tiles = shuffle([...goal]);
      if (!reachable(tiles, goal, this.side)) {
        // Swapping two tiles (not the blank) flips the parity.
        const [a, b] = tiles.map((t, i) => (t === 0 ? -1 : i)).filter((i) => i >= 0);
        [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
      }
      return this.isGoal(tiles) ? this.scramble() : tiles;
    }
    const tiles = [...goal];
    let blank = tiles.indexOf(0);
    let previous = -1;
    for (let steps = Number(depth); steps > 0; ) {
      const [dr, dc] = moveDelta['udlr'[randomInt(4)] as SlidingMove];
      const row = Math.floor(blank / this.side) + dr;
      const col = (blank % this.side) + dc;
      const next = row * this.side + col;
      if (row < 0 || row >= this.side || col < 0 || col >= this.side || next === previous) continue;
      tiles[blank] = tiles[next];
      tiles[next] = 0;
      previous = blank;
      blank = next;
      steps--;
    }
    return this.isGoal(tiles) ? this.scramble() : tiles;
  }

  applyMove(tiles: Tiles, move: SlidingMove): Tiles {
    const next = [...tiles];
    const blank = next.indexOf(0);
    const [dr, dc] = moveDelta[move];
    const target = (Math.floor(blank / this.side) + dr) * this.side + (blank % this.side) + dc;
    next[blank] = next[target];
    next[target] = 0;
    return next;
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
    if (this.isGoal(tiles)) return 'Solved: every tile is home.';
    const goal = this.goalTiles();
    const away = tiles.filter((t, i) => t !== 0 && goal[i] !== t).length;
    const note = reachable(tiles, goal, this.side) ? '' : ' This position cannot reach the goal (parity); Solve explains.';
    return `${away} tile${away === 1 ? '' : 's'} away from home.${note}`;
  }
}
