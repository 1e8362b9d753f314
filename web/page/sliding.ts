/**
 * Outside: the sliding-tile puzzles as the page plays them, one panel class
 * for every size. What differs between the 8-, 15- and 24-puzzle is data
 * (`slidingSizes`): the sample, the scramble depths, whether a pattern
 * database is prepared before a search and how big it is, and which published
 * instances can be loaded. Parsing goes through the package's own parser, so a
 * bad paste shows the same PuzzleInputError message as the command line.
 */
import { PuzzleInputError, namedGoal, parseSlidingBoard, type GoalName } from '../../src/api/boards.js';
import type { EngineName, SlidingMove } from '../../src/index.js';
import korf15Text from '../../data/korf100.txt?raw';
import korf24Text from '../../data/korf24.txt?raw';
import { h, randomInt, shuffle } from './dom.js';
import { adjacent, place } from './grid.js';
import { Panel, type CellView, type PanelContext } from './panel.js';
import type { SolveAnswer } from './solverClient.js';

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

/** A data file of published instances: per line the tiles (0 = blank) and then the optimal length, to the blank-first goal. */
function parseInstances(text: string, cells: number): KorfInstance[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line, i) => {
      const numbers = line.split(/\s+/).map(Number);
      return { number: i + 1, tiles: numbers.slice(0, cells), optimum: numbers[cells] };
    });
}

/** Korf's 100 random 15-puzzle instances (1985). */
export const korfInstances = parseInstances(korf15Text, 16);
/** Korf and Felner's 50 random 24-puzzle instances (2002). */
export const korfFelnerInstances = parseInstances(korf24Text, 25);

export type SlidingSide = 3 | 4 | 5;

/** Everything that differs between the sliding panels. */
interface SlidingSize {
  id: string;
  name: string;
  sample: string;
  sampleNote: string;
  sampleLabel: string;
  /** The goal the sample is written for, and the panel's goal at first. */
  sampleGoal: GoalName;
  /** Scramble choices: a number of random moves from the goal, or 'random' (any solvable position). */
  depths: string[];
  /** The PDB prepared before a search (unless linear conflicts are chosen). */
  tables?: {
    size: string;
    partition: string;
    /** How big, in words, for the heuristic choice and the build note. */
    bytes: string;
  };
  /** Published instances with their optima, to the blank-first goal. */
  instances?: {
    label: string;
    list: KorfInstance[];
    selected: number;
    /** Said after loading one: how long a search may take. */
    note: string;
  };
}

export const slidingSizes: Record<SlidingSide, SlidingSize> = {
  3: {
    id: 'eight',
    name: '8-puzzle',
    sample: '2 3 4\n1 5 x\n7 6 8',
    sampleNote: 'POJ 1077 sample, optimum 19',
    sampleLabel: 'Judge sample',
    sampleGoal: 'blank-last',
    depths: ['random', '10', '20'],
  },
  4: {
    id: 'fifteen',
    name: '15-puzzle',
    sample: '1 2 3 4\n5 6 x 8\n9 10 7 11\n13 14 15 12',
    sampleNote: 'a short example, optimum 3',
    sampleLabel: 'Example',
    sampleGoal: 'blank-last',
    depths: ['20', '30', '40', '60', 'random'],
    tables: { size: '4x4', partition: '6-6-3', bytes: 'about 6 MB' },
    instances: {
      label: 'Korf (1985)',
      list: korfInstances,
      selected: 79,
      note: 'Hard instances take a while, longer on the TypeScript twin.',
    },
  },
  5: {
    id: 'twentyfour',
    name: '24-puzzle',
    sample: '1 2 7 3 4\n5 6 x 8 9\n10 11 12 13 14\n15 16 17 18 19\n20 21 22 23 24',
    sampleNote: 'a short example, optimum 3',
    sampleLabel: 'Example',
    sampleGoal: 'blank-first',
    depths: ['20', '30', '40', '60', '80'],
    tables: { size: '5x5', partition: '6-6-6-6', bytes: '4 tables of 64 MB' },
    instances: {
      label: 'Korf & Felner (2002)',
      list: korfFelnerInstances,
      selected: 1,
      note: 'These are hard: with the 6-6-6-6 tables #25 and #40 take some 300M nodes (seconds to tens of seconds) and #32 about 900M, but most need billions of nodes or far more, hours in a browser.',
    },
  },
};

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
  private readonly size: SlidingSize;
  private readonly side: SlidingSide;
  private goalName: GoalName;
  private editSelected: number | null = null;
  private goalSelect!: HTMLSelectElement;
  private goalPicture!: HTMLElement;
  private scrambleSelect!: HTMLSelectElement;
  private korfSelect: HTMLSelectElement | null = null;
  private heuristicSelect: HTMLSelectElement | null = null;

  constructor(context: PanelContext, side: SlidingSide) {
    const size = slidingSizes[side];
    super(
      {
        id: size.id,
        family: 'sliding',
        title: size.name,
        rules: `Slide the tiles into the blank until they stand in goal order. The solver prints the blank’s moves: u, d, l, r.`,
        playHelp:
          'Click a tile next to the blank to slide it. Arrow keys move the blank (↑ = u: the blank goes up, the tile above it comes down) while the board has focus.',
        editHelp: 'Click two tiles (or a tile and the blank) to swap them: half of all positions cannot reach the goal, and Solve says why.',
        width: side,
        height: side,
        sample: size.sample,
        sampleNote: size.sampleNote,
        sampleLabel: size.sampleLabel,
        boardClass: `sliding-board side-${side}`,
        boardKeys: true,
      },
      context,
    );
    this.size = size;
    this.side = side;
    this.goalName = size.sampleGoal;
  }

  initial(): Tiles {
    return this.parse(this.spec.sample);
  }

  parse(text: string): Tiles {
    const board = parseSlidingBoard(text);
    if (board.width !== this.side || board.height !== this.side) {
      throw new PuzzleInputError(
        `this panel holds a ${this.side}x${this.side} board (${this.side * this.side - 1} tiles and the blank), not ${board.width}x${board.height}`,
      );
    }
    return Array.from(board.tiles);
  }

  format(tiles: Tiles): string {
    const rows: string[] = [];
    for (let r = 0; r < this.side; r++) {
      rows.push(
        tiles
          .slice(r * this.side, (r + 1) * this.side)
          .map((t) => (t === 0 ? 'x' : String(t)))
          .join(' '),
      );
    }
    return rows.join('\n');
  }

  override goal(): GoalName {
    return this.goalName;
  }

  /** Sizes with tables search with their pattern database unless told to use linear conflicts. */
  protected override heuristic(): 'linear-conflict' | undefined {
    return this.heuristicSelect?.value === 'linear-conflict' ? 'linear-conflict' : undefined;
  }

  /**
   * Before a search with the PDB: the pool's workers get the tables for the
   * goal in use (the first time built in a worker, with progress bars for the
   * group and the whole, and kept in IndexedDB; after a reload loaded from there).
   */
  protected override async prepareSearch(engine: EngineName): Promise<void> {
    const tables = this.size.tables;
    if (!tables || this.heuristic() !== undefined) return;
    const fractions = new Map<number, number>();
    const began = performance.now();
    const source = await this.client.prepareTables(engine, tables.size, this.goalName, (progress) => {
      const groupFraction = progress.entries > 0 ? progress.settled / progress.entries : 1;
      fractions.set(progress.group, groupFraction);
      const fraction = [...fractions.values()].reduce((sum, part) => sum + part, 0) / progress.groups;
      // 'derive': a table read out of another through a board symmetry, part of the build.
      // 'share': a worker receiving the tables another worker prepared.
      const making = progress.phase === 'build' || progress.phase === 'derive';
      const verb = progress.phase === 'build' ? 'Building' : progress.phase === 'derive' ? 'Deriving' : progress.phase === 'share' ? 'Sharing' : 'Loading';
      this.tablesProgress({
        text: `${verb} the ${progress.partition} pattern database (group ${progress.group + 1} of ${progress.groups}, ${Math.floor(fraction * 100)}%)`,
        fraction,
        group: { number: progress.group + 1, of: progress.groups, fraction: groupFraction },
        note: making ? `A one-time build (${tables.bytes}): the tables are kept in this browser, so later visits load them in seconds.` : undefined,
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
      h('option', { value: 'blank-last', selected: this.goalName === 'blank-last' }, 'blank last (judges)'),
      h('option', { value: 'blank-first', selected: this.goalName === 'blank-first' }, 'blank first (Korf)'),
    );
    this.goalPicture = h('div', { class: 'goal-picture', role: 'img', style: `--cols: ${this.side}` });
    this.drawGoal();
    this.scrambleSelect = h(
      'select',
      { id: `${id}-depth` },
      ...this.size.depths.map((d) => h('option', { value: d }, d === 'random' ? 'any solvable position' : `${d} random moves from the goal`)),
    );
    const controls = [
      h('div', { class: 'row goal-row' }, h('label', { for: `${id}-goal` }, 'Goal'), this.goalSelect, this.goalPicture),
      h('div', { class: 'row' }, h('label', { for: `${id}-depth` }, 'Scramble to'), this.scrambleSelect),
    ];
    const { tables, instances } = this.size;
    if (tables) {
      this.heuristicSelect = h(
        'select',
        { id: `${id}-heuristic` },
        h('option', { value: 'pdb' }, `pattern database ${tables.partition} (${tables.bytes}, prepared on first solve)`),
        h('option', { value: 'linear-conflict' }, 'Manhattan + linear conflicts (no tables)'),
      );
      controls.push(h('div', { class: 'row' }, h('label', { for: `${id}-heuristic` }, 'Heuristic'), this.heuristicSelect));
    }
    if (instances) {
      const select = h(
        'select',
        { id: `${id}-korf` },
        ...instances.list.map((k) => h('option', { value: k.number, selected: k.number === instances.selected }, `#${k.number}: optimum ${k.optimum} moves`)),
      );
      this.korfSelect = select;
      controls.push(
        h(
          'div',
          { class: 'row' },
          h('label', { for: `${id}-korf` }, instances.label),
          select,
          h(
            'button',
            {
              type: 'button',
              'aria-label': `Load the chosen ${instances.label} instance, with the blank-first goal`,
              onclick: () => this.loadKorf(Number(select.value)),
            },
            'Load',
          ),
        ),
      );
    }
    return controls;
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
    if (this.korfSelect) this.korfSelect.value = String(number);
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

  cellView(tiles: Tiles, index: number): CellView {
    const tile = tiles[index];
    const goal = this.goalTiles();
    const blank = tiles.indexOf(0);
    const classes = [tile === 0 ? 'blank' : 'tile'];
    if (tile !== 0 && goal[index] === tile) classes.push('home');
    if (!this.editing && tile !== 0 && adjacent(index, blank, this.side)) classes.push('movable');
    if (this.editing && index === this.editSelected) classes.push('selected');
    const label =
      tile === 0 ? `${place(index, this.side)}: blank` : `${place(index, this.side)}: tile ${tile}${classes.includes('movable') ? ', can slide' : ''}`;
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
    // From the board or any tile in it: a click focuses the tile clicked, and the arrows must still move the blank.
    if (!move || this.editing || !this.board.contains(event.target as Node)) return false;
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
