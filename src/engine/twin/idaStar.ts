/**
 * The TypeScript twin of `assembly/idaStar.ts`: IDA* for sliding-tile boards
 * from 2x2 to 5x5 with Manhattan, linear-conflict or additive PDB heuristics
 * (the PDB part mirrors `assembly/pdbHeuristic.ts`). Same tables, same move
 * order (u, d, l, r), same node counting (children generated), so it returns
 * the same moves and the same node counts as the wasm engine. See the
 * assembly files for the heuristic's line codes, the move records and the
 * mirrored PDB lookup.
 */
import {
  MAX_SIDE,
  unknownHeuristicMessage,
  type Heuristic,
  type IdaStarBatchOptions,
  type IdaStarCore,
  type IdaStarOptions,
  type PdbPartition,
  type SlidingAnswer,
  type SlidingBoard,
  type SubtreesAnswer,
} from '../contract.js';
import { entryAt, rankPlacement, type TwinPdb } from './pdb.js';
import { twinSliding } from './sliding.js';
import { movePruning } from '../movePruning.js';

const MAX_CELLS = 25;
const POSITION_STRIDE = 32;

const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;
/** The root's parent move: (NO_MOVE ^ 1) names no direction. */
const NO_MOVE = 4;

/** Heuristic kinds, as in assembly/idaStar.ts. */
const MANHATTAN = 0;
const LINEAR_CONFLICT = 1;
const PDB = 2;
const PDB_MIRRORED = 3;
const kinds: Record<Heuristic, number> = { manhattan: MANHATTAN, 'linear-conflict': LINEAR_CONFLICT, pdb: PDB };

const FOUND = -1;
const OUT_OF_NODES = -2;
const STOPPED = -5;
const BAD_PREFIX = -6;
/** The longest prefix a subtree search takes, as in assembly/idaStar.ts. */
const MAX_PREFIX = 32;
/** The search asks options.poll whether to stop each time its node count reaches a multiple of this (as the wasm engine does). */
const POLL_NODES = 16384;
const NO_BOUND = 0x7fffffff;
/** The wasm engine returns paths through 4032 bytes of scratch; the twin keeps the same limit. */
const PATH_CAPACITY = 4096 - 64;

/** Rows 0..4, columns 5..9, and a dummy line whose code stays 0 (cost 0). */
const DUMMY_LINE = 10;
const LINE_COUNT = 11;

/** Longest strictly increasing subsequence of `values[0..count)` (patience sorting). */
function longestIncreasing(values: Uint8Array, count: number, tails: Uint8Array): number {
  let length = 0;
  for (let i = 0; i < count; i++) {
    const value = values[i]!;
    let slot = 0;
    while (slot < length && tails[slot]! < value) slot++;
    tails[slot] = value;
    if (slot === length) length++;
  }
  return length;
}

/** Fills `cost[at + code]` with 2 x (members - LIS) for every code of a line; returns the table size. */
function fillLineCosts(cost: Uint8Array, at: number, lineLength: number): number {
  const base = lineLength + 1;
  const size = base ** lineLength;
  const members = new Uint8Array(MAX_SIDE);
  const tails = new Uint8Array(MAX_SIDE);
  for (let code = 0; code < size; code++) {
    let rest = code;
    let count = 0;
    for (let i = 0; i < lineLength; i++) {
      const digit = rest % base;
      rest = (rest - digit) / base;
      if (digit !== 0) members[count++] = digit;
    }
    cost[at + code] = 2 * (count - longestIncreasing(members, count, tails));
  }
  return size;
}

export function twinIdaStar(pdb: TwinPdb): IdaStarCore {
  // The board being searched: tiles by position (the blank's cell is stale).
  const tiles = new Uint8Array(POSITION_STRIDE);
  const startTiles = new Uint8Array(POSITION_STRIDE);
  const lineCodes = new Int32Array(LINE_COUNT);
  const startCodes = new Int32Array(LINE_COUNT);
  const moveMask = new Uint8Array(POSITION_STRIDE);
  const manhattan = new Uint8Array(MAX_CELLS * POSITION_STRIDE);
  const goalRow = new Uint8Array(POSITION_STRIDE);
  const goalColumn = new Uint8Array(POSITION_STRIDE);
  /**
   * Per (tile, position it leaves, blank move) at [((tile * 32 + from) * 4 + move) * 2]:
   * word 0 = Manhattan delta (i8) | cost line (u8) << 8 | its code delta (i16) << 16,
   * word 1 = code-only line (u8) | its code delta (i16) << 16. Lines are indices here
   * (the wasm engine stores byte offsets).
   */
  const moveRecords = new Int32Array(MAX_CELLS * POSITION_STRIDE * 4 * 2);
  const lineCost = new Uint8Array(2 * 7776);
  const rowPowers = new Int32Array(MAX_SIDE + 1);
  const columnPowers = new Int32Array(MAX_SIDE + 1);
  const path = new Uint8Array(PATH_CAPACITY);

  const cachedGoal = new Uint8Array(POSITION_STRIDE);
  let cachedWidth = 0;
  let cachedHeight = 0;
  let rowTableSize = 0;

  let boardWidth = 0;
  let startBlank = 0;
  let bound = 0;
  let pathLength = 0;
  let generated = 0;
  /** Nodes whose children were generated (as assembly/idaStar.ts idaStarExpanded). */
  let expanded = 0;
  let limit = Infinity;
  let nextPoll = POLL_NODES;
  let poll: ((bound: number, nodes: number) => boolean) | undefined;
  /** The move-pruning machine of the search (as assembly/idaStar.ts pruningNext and pruningAllowed). */
  let pruningNext: Int32Array = new Int32Array(0);
  let pruningAllowed: Uint8Array = new Uint8Array(0);
  let pruningCells = 0;

  function buildTables(width: number, height: number, goal: Uint8Array): void {
    const cells = width * height;
    for (let p = 0; p < cells; p++) {
      const tile = goal[p]!;
      goalRow[tile] = Math.floor(p / width);
      goalColumn[tile] = p % width;
    }
    for (let i = 0, power = 1; i <= width; i++, power *= width + 1) rowPowers[i] = power;
    for (let i = 0, power = 1; i <= height; i++, power *= height + 1) columnPowers[i] = power;
    for (let tile = 0; tile < cells; tile++) {
      for (let p = 0; p < cells; p++) {
        manhattan[tile * POSITION_STRIDE + p] = Math.abs(Math.floor(p / width) - goalRow[tile]!) + Math.abs((p % width) - goalColumn[tile]!);
      }
    }
    rowTableSize = fillLineCosts(lineCost, 0, width);
    fillLineCosts(lineCost, rowTableSize, height);

    moveRecords.fill(0);
    for (let tile = 1; tile < cells; tile++) {
      const tileRow = goalRow[tile]!;
      const tileColumn = goalColumn[tile]!;
      const rowDigit = tileColumn + 1;
      const columnDigit = tileRow + 1;
      for (let from = 0; from < cells; from++) {
        const fromRow = Math.floor(from / width);
        const fromColumn = from % width;
        for (let direction = 0; direction < 4; direction++) {
          // The blank moves `direction` onto `from`; the tile goes the other way.
          let toRow = fromRow;
          let toColumn = fromColumn;
          if (direction === UP) toRow++;
          else if (direction === DOWN) toRow--;
          else if (direction === LEFT) toColumn++;
          else toColumn--;
          if (toRow < 0 || toRow >= height || toColumn < 0 || toColumn >= width) continue;
          const to = toRow * width + toColumn;
          const manhattanDelta = manhattan[tile * POSITION_STRIDE + to]! - manhattan[tile * POSITION_STRIDE + from]!;
          let costLine = DUMMY_LINE;
          let costDelta = 0;
          let codeLine = DUMMY_LINE;
          let codeDelta = 0;
          if (direction <= DOWN) {
            const columnPower = rowPowers[fromColumn]!;
            if (tileRow === fromRow) {
              costLine = fromRow;
              costDelta = -rowDigit * columnPower;
            } else if (tileRow === toRow) {
              costLine = toRow;
              costDelta = rowDigit * columnPower;
            }
            if (tileColumn === fromColumn) {
              codeLine = MAX_SIDE + fromColumn;
              codeDelta = columnDigit * (columnPowers[toRow]! - columnPowers[fromRow]!);
            }
          } else {
            const rowPower = columnPowers[fromRow]!;
            if (tileColumn === fromColumn) {
              costLine = MAX_SIDE + fromColumn;
              costDelta = -columnDigit * rowPower;
            } else if (tileColumn === toColumn) {
              costLine = MAX_SIDE + toColumn;
              costDelta = columnDigit * rowPower;
            }
            if (tileRow === fromRow) {
              codeLine = fromRow;
              codeDelta = rowDigit * (rowPowers[toColumn]! - rowPowers[fromColumn]!);
            }
          }
          const record = (((tile * POSITION_STRIDE + from) << 2) | direction) << 1;
          moveRecords[record] = (manhattanDelta & 0xff) | (costLine << 8) | (costDelta << 16);
          moveRecords[record + 1] = codeLine | (codeDelta << 16);
        }
      }
    }

    moveMask.fill(0);
    for (let p = 0; p < cells; p++) {
      const row = Math.floor(p / width);
      const column = p % width;
      let mask = 0;
      if (row > 0) mask |= 1 << UP;
      if (row < height - 1) mask |= 1 << DOWN;
      if (column > 0) mask |= 1 << LEFT;
      if (column < width - 1) mask |= 1 << RIGHT;
      moveMask[p] = mask;
    }

    cachedGoal.set(goal.subarray(0, cells));
    cachedWidth = width;
    cachedHeight = height;
  }

  function tablesMatch(width: number, height: number, goal: Uint8Array): boolean {
    if (width !== cachedWidth || height !== cachedHeight) return false;
    for (let p = 0; p < width * height; p++) if (cachedGoal[p] !== goal[p]) return false;
    return true;
  }

  // The PDB heuristic (see assembly/pdbHeuristic.ts): per group its tiles in
  // rank order, for the board and for its mirror image, and its table.
  let groupTables: Uint8Array[] = [];
  let groupTiles: Uint8Array[] = [];
  let mirrorTiles: Uint8Array[] = [];
  const tileGroup = new Uint8Array(POSITION_STRIDE);
  const tileMirrorGroup = new Uint8Array(POSITION_STRIDE);
  const mirrorCell = new Uint8Array(POSITION_STRIDE);
  const positionOf = new Uint8Array(POSITION_STRIDE);
  const placement = new Uint8Array(8);
  let entries = new Uint8Array(0);
  let mirrorEntries = new Uint8Array(0);
  let entrySum = 0;
  let mirrorSum = 0;
  let manhattanSum = 0;
  let boardCells = 0;
  let kind = MANHATTAN;

  /** Readies the partition's tables for `goal`; returns PDB_MIRRORED when mirroring applies. */
  function preparePdb(width: number, height: number, goal: Uint8Array, partition: PdbPartition | undefined): number {
    const tables = partition ? pdb.tables(partition) : null;
    if (!partition || !tables) {
      throw new RangeError(`IDA*: the PDB heuristic needs the tables of a partition${partition ? ` (${partition.name} is not built)` : ''}`);
    }
    const cells = width * height;
    const blankCell = goal.indexOf(0);
    if (partition.width !== width || partition.height !== height || partition.blankCell !== blankCell) {
      throw new RangeError(`IDA*: partition ${partition.name} does not fit this goal (its blank cell is ${partition.blankCell})`);
    }
    const mirrored = width === height && Math.floor(blankCell / width) === blankCell % width;
    for (let p = 0; p < cells; p++) mirrorCell[p] = mirrored ? (p % width) * width + Math.floor(p / width) : p;
    groupTables = tables;
    groupTiles = partition.groups.map((homes) => Uint8Array.from(homes, (cell) => goal[cell]!));
    mirrorTiles = partition.groups.map((homes) => Uint8Array.from(homes, (cell) => goal[mirrorCell[cell]!]!));
    partition.groups.forEach((homes, group) => {
      for (const cell of homes) {
        tileGroup[goal[cell]!] = group;
        tileMirrorGroup[goal[mirrorCell[cell]!]!] = group;
      }
    });
    entries = new Uint8Array(partition.groups.length);
    mirrorEntries = new Uint8Array(partition.groups.length);
    boardCells = cells;
    return mirrored ? PDB_MIRRORED : PDB;
  }

  /** Entry of group `group` (of the mirrored board if `mirror`), with `moved` taken to stand on `movedTo`. */
  function groupEntry(group: number, mirror: boolean, moved: number, movedTo: number): number {
    const list = mirror ? mirrorTiles[group]! : groupTiles[group]!;
    for (let i = 0; i < list.length; i++) {
      const tile = list[i]!;
      const cell = tile === moved ? movedTo : positionOf[tile]!;
      placement[i] = mirror ? mirrorCell[cell]! : cell;
    }
    return entryAt(groupTables[group]!, rankPlacement(placement, list.length, boardCells));
  }

  function pdbEstimate(manhattan: number, sum: number, mirror: number): number {
    return manhattan + 2 * Math.max(sum, mirror);
  }

  // The moved tile's new entries, from pdbChildEstimate to pdbApply.
  let pendingEntry = 0;
  let pendingMirrorEntry = 0;

  /** h after `tile` steps onto `to`; leaves the new entries for pdbApply. Above `room` (pruned) the mirrored lookup is skipped. */
  function pdbChildEstimate(tile: number, to: number, manhattanDelta: number, room: number): number {
    const group = tileGroup[tile]!;
    pendingEntry = groupEntry(group, false, tile, to);
    const sum = entrySum - entries[group]! + pendingEntry;
    const manhattan = manhattanSum + manhattanDelta;
    if (kind !== PDB_MIRRORED || manhattan + 2 * sum > room) return pdbEstimate(manhattan, sum, 0);
    const mirrorGroup = tileMirrorGroup[tile]!;
    pendingMirrorEntry = groupEntry(mirrorGroup, true, tile, to);
    return pdbEstimate(manhattan, sum, mirrorSum - mirrorEntries[mirrorGroup]! + pendingMirrorEntry);
  }

  /** Makes the move pdbChildEstimate priced; returns the old entries for pdbUndo. */
  function pdbApply(tile: number, to: number, manhattanDelta: number): number {
    const group = tileGroup[tile]!;
    const old = entries[group]!;
    entries[group] = pendingEntry;
    entrySum += pendingEntry - old;
    let oldMirror = 0;
    if (kind === PDB_MIRRORED) {
      const mirrorGroup = tileMirrorGroup[tile]!;
      oldMirror = mirrorEntries[mirrorGroup]!;
      mirrorEntries[mirrorGroup] = pendingMirrorEntry;
      mirrorSum += pendingMirrorEntry - oldMirror;
    }
    manhattanSum += manhattanDelta;
    positionOf[tile] = to;
    return old | (oldMirror << 8);
  }

  function pdbUndo(tile: number, from: number, manhattanDelta: number, saved: number): void {
    const group = tileGroup[tile]!;
    const old = saved & 0xff;
    entrySum += old - entries[group]!;
    entries[group] = old;
    if (kind === PDB_MIRRORED) {
      const mirrorGroup = tileMirrorGroup[tile]!;
      mirrorSum += (saved >> 8) - mirrorEntries[mirrorGroup]!;
      mirrorEntries[mirrorGroup] = saved >> 8;
    }
    manhattanSum -= manhattanDelta;
    positionOf[tile] = from;
  }

  /** Loads `board` into `tiles` and `lineCodes` (building tables for `goal` if needed); returns its h. */
  function loadBoard(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition: PdbPartition | undefined): number {
    if (!Object.hasOwn(kinds, heuristic)) throw new RangeError(`IDA*: ${unknownHeuristicMessage(heuristic)}`);
    const { width, height } = board;
    if (!tablesMatch(width, height, goal.tiles)) buildTables(width, height, goal.tiles);
    kind = kinds[heuristic];
    if (kind === PDB) kind = preparePdb(width, height, goal.tiles, partition);
    const cells = width * height;
    lineCodes.fill(0);
    for (let column = 0; column < width; column++) lineCodes[MAX_SIDE + column] = rowTableSize;
    let h = 0;
    for (let p = 0; p < cells; p++) {
      const tile = board.tiles[p]!;
      tiles[p] = tile;
      positionOf[tile] = p;
      if (tile === 0) {
        startBlank = p;
        continue;
      }
      h += manhattan[tile * POSITION_STRIDE + p]!;
      const row = Math.floor(p / width);
      const column = p % width;
      const tileRow = goalRow[tile]!;
      const tileColumn = goalColumn[tile]!;
      if (tileRow === row) lineCodes[row] += (tileColumn + 1) * rowPowers[column]!;
      if (tileColumn === column) lineCodes[MAX_SIDE + column] += (tileRow + 1) * columnPowers[row]!;
    }
    boardWidth = width;
    if (kind === LINEAR_CONFLICT) {
      for (let row = 0; row < height; row++) h += lineCost[lineCodes[row]!]!;
      for (let column = 0; column < width; column++) h += lineCost[lineCodes[MAX_SIDE + column]!]!;
    } else if (kind !== MANHATTAN) {
      manhattanSum = h;
      entrySum = 0;
      mirrorSum = 0;
      for (let group = 0; group < entries.length; group++) {
        entries[group] = groupEntry(group, false, -1, 0);
        entrySum += entries[group]!;
        mirrorEntries[group] = kind === PDB_MIRRORED ? groupEntry(group, true, -1, 0) : 0;
        mirrorSum += mirrorEntries[group]!;
      }
      h = pdbEstimate(manhattanSum, entrySum, mirrorSum);
    }
    return h;
  }

  /** The child's h when `tile` steps onto `to`; changes nothing (but PDB's pending entries). Above `room` the child is pruned. */
  function childEstimate(record: number, tile: number, to: number, h: number, room: number): number {
    const costWord = moveRecords[record]!;
    const manhattanDelta = (costWord << 24) >> 24;
    if (kind === MANHATTAN) return h + manhattanDelta;
    if (kind === LINEAR_CONFLICT) {
      const code = lineCodes[(costWord >>> 8) & 0xff]!;
      return h + manhattanDelta + lineCost[code + (costWord >> 16)]! - lineCost[code]!;
    }
    return pdbChildEstimate(tile, to, manhattanDelta, room);
  }

  /** Updates the heuristic's state for the move; returns what undoMove needs. */
  function applyMove(record: number, tile: number, to: number): number {
    if (kind === LINEAR_CONFLICT) {
      const costWord = moveRecords[record]!;
      lineCodes[(costWord >>> 8) & 0xff] += costWord >> 16;
      const codeWord = moveRecords[record + 1]!;
      lineCodes[codeWord & 0xff] += codeWord >> 16;
      return 0;
    }
    if (kind === MANHATTAN) return 0;
    return pdbApply(tile, to, (moveRecords[record]! << 24) >> 24);
  }

  function undoMove(record: number, tile: number, from: number, saved: number): void {
    if (kind === LINEAR_CONFLICT) {
      const codeWord = moveRecords[record + 1]!;
      lineCodes[codeWord & 0xff] -= codeWord >> 16;
      const costWord = moveRecords[record]!;
      lineCodes[(costWord >>> 8) & 0xff] -= costWord >> 16;
    } else if (kind !== MANHATTAN) {
      pdbUndo(tile, from, (moveRecords[record]! << 24) >> 24, saved);
    }
  }

  /**
   * The one search body: FOUND, OUT_OF_NODES, or the least f above the bound
   * among pruned children. The heuristic's parts (childEstimate, applyMove,
   * undoMove) branch on `kind`, which is fixed for a whole search.
   */
  function search(blank: number, state: number, g: number, h: number): number {
    if (h === 0) {
      pathLength = g;
      return FOUND;
    }
    expanded++;
    const room = bound - g - 1;
    const moves = pruningAllowed[state * pruningCells + blank]!;
    let best = NO_BOUND;
    for (let direction = UP; direction <= RIGHT; direction++) {
      if ((moves & (1 << direction)) === 0) continue;
      if (generated >= limit) return OUT_OF_NODES;
      if (generated === nextPoll) {
        if (poll?.(bound, generated)) return STOPPED;
        nextPoll += POLL_NODES;
      }
      generated++;
      const next = direction === UP ? blank - boardWidth : direction === DOWN ? blank + boardWidth : direction === LEFT ? blank - 1 : blank + 1;
      const tile = tiles[next]!;
      const record = (((tile * POSITION_STRIDE + next) << 2) | direction) << 1;
      const childH = childEstimate(record, tile, blank, h, room);
      let result: number;
      if (childH > room) {
        result = g + 1 + childH;
      } else {
        const saved = applyMove(record, tile, blank);
        tiles[blank] = tile;
        path[g] = direction;
        result = search(next, pruningNext[state * 4 + direction]!, g + 1, childH);
        tiles[next] = tile;
        undoMove(record, tile, next, saved);
      }
      if (result < best) {
        best = result;
        if (result < 0) return result;
      }
    }
    return best;
  }

  /**
   * The search below `prefix` (as assembly/idaStar.ts idaStarSubtree): walks
   * it from the start, pricing each step as `search` prices a child, searches
   * below with the one search body, and takes the walk back.
   */
  function subtree(prefix: Uint8Array): number {
    const length = prefix.length;
    prefixCut = 0;
    if (length > MAX_PREFIX) return BAD_PREFIX;
    const blanks: number[] = [];
    const moved: number[] = [];
    const saves: number[] = [];
    let blank = startBlank;
    let h = startH;
    let parentMove = NO_MOVE;
    let state = 0;
    let result = 0;
    let g = 0;
    for (; g < length; g++) {
      if (h === 0) {
        pathLength = g;
        result = FOUND;
        break;
      }
      const direction = prefix[g]!;
      if (direction > RIGHT || direction === (parentMove ^ 1) || (moveMask[blank]! & (1 << direction)) === 0) {
        result = BAD_PREFIX;
        break;
      }
      // A walk the machine prunes: the whole search never goes there, so neither does this share.
      if ((pruningAllowed[state * pruningCells + blank]! & (1 << direction)) === 0) {
        result = NO_BOUND;
        break;
      }
      const next = direction === UP ? blank - boardWidth : direction === DOWN ? blank + boardWidth : direction === LEFT ? blank - 1 : blank + 1;
      const tile = tiles[next]!;
      const record = (((tile * POSITION_STRIDE + next) << 2) | direction) << 1;
      const childH = childEstimate(record, tile, blank, h, bound - g - 1);
      if (g + 1 + childH > bound) {
        result = g + 1 + childH;
        prefixCut = g + 1;
        break;
      }
      saves[g] = applyMove(record, tile, blank);
      blanks[g] = blank;
      moved[g] = tile;
      tiles[blank] = tile;
      path[g] = direction;
      blank = next;
      h = childH;
      parentMove = direction;
      state = pruningNext[state * 4 + direction]!;
    }
    if (g === length) result = search(blank, state, length, h);
    while (g > 0) {
      g--;
      const from = blanks[g]!;
      const direction = prefix[g]!;
      const next = direction === UP ? from - boardWidth : direction === DOWN ? from + boardWidth : direction === LEFT ? from - 1 : from + 1;
      tiles[next] = moved[g]!;
      undoMove((((moved[g]! * POSITION_STRIDE + next) << 2) | direction) << 1, moved[g]!, next, saves[g]!);
    }
    return result;
  }

  let startH = 0;
  /** As assembly/idaStar.ts prefixCut: the moves of the last prefix walked before f went past the bound (0: none). */
  let prefixCut = 0;

  /** The parity test of the exhaustive searches' twin (as idaStarSolveBatch calls slidingSolvable). */
  const parityTest = twinSliding();

  /** The iterations of a search set up from `bound`, until one finds a path, runs out of nodes or is stopped. */
  function iterate(onIteration: IdaStarOptions['onIteration']): SlidingAnswer {
    for (;;) {
      onIteration?.(bound, generated, expanded);
      if (bound > PATH_CAPACITY) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
      tiles.set(startTiles);
      lineCodes.set(startCodes);
      const result = search(startBlank, 0, 0, startH);
      if (result === OUT_OF_NODES) return { moves: null, nodes: generated, bound };
      if (result === STOPPED) return { moves: null, nodes: generated, stopped: true };
      if (result === FOUND) return { moves: path.slice(0, pathLength), nodes: generated };
      bound = result;
    }
  }

  /** Loads a search (as idaStarSetup); returns the start's h. */
  function setup(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): number {
    startH = loadBoard(start, goal, options.heuristic, options.partition);
    const machine = movePruning(start.width, start.height, options.pruning ?? 'parent');
    pruningNext = machine.next;
    pruningAllowed = machine.allowed;
    pruningCells = start.width * start.height;
    startTiles.set(tiles);
    startCodes.set(lineCodes);
    generated = 0;
    expanded = 0;
    nextPoll = POLL_NODES;
    poll = options.poll;
    limit = options.maxNodes === undefined ? Infinity : Math.max(0, Math.floor(options.maxNodes));
    return startH;
  }

  return {
    subtrees(
      start: SlidingBoard,
      goal: SlidingBoard,
      options: IdaStarOptions,
      searchBound: number,
      takePrefix: () => Uint8Array | null,
      cutOff?: (stem: number) => void,
    ): SubtreesAnswer {
      setup(start, goal, options);
      bound = searchBound;
      if (bound > PATH_CAPACITY) throw new Error(`IDA*: bound ${bound} exceeds the longest path it can return; is the board solvable?`);
      let nextBound = NO_BOUND;
      for (let prefix = takePrefix(); prefix; prefix = takePrefix()) {
        tiles.set(startTiles);
        lineCodes.set(startCodes);
        const result = subtree(prefix);
        if (result === BAD_PREFIX) throw new RangeError(`IDA*: prefix ${Array.from(prefix).join(',')} is not a walk from this board`);
        if (result === OUT_OF_NODES) return { moves: null, nodes: generated, nextBound };
        if (result === STOPPED) return { moves: null, nodes: generated, nextBound, stopped: true };
        if (result === FOUND) return { moves: path.slice(0, pathLength), nodes: generated, nextBound: searchBound };
        nextBound = Math.min(nextBound, result);
        if (prefixCut > 0) cutOff?.(prefixCut);
      }
      return { moves: null, nodes: generated, nextBound };
    },

    solve(start: SlidingBoard, goal: SlidingBoard, options: IdaStarOptions): SlidingAnswer {
      bound = setup(start, goal, options);
      return iterate(options.onIteration);
    },

    solveBatch(starts: readonly SlidingBoard[], goal: SlidingBoard, options: IdaStarBatchOptions): Array<SlidingAnswer | null> {
      const answers: Array<SlidingAnswer | null> = [];
      // The poll comes every 2^14 nodes of the whole batch, as in the wasm engine.
      let untilPoll = POLL_NODES;
      for (const start of starts) {
        if (!parityTest.solvable(start, goal)) {
          answers.push(null);
          continue;
        }
        bound = setup(start, goal, options);
        nextPoll = untilPoll;
        const answer = iterate(undefined);
        answers.push(answer);
        // A stop ends the batch: the boards after it are not searched.
        if (answer.stopped) break;
        untilPoll = nextPoll - generated;
      }
      while (answers.length < starts.length) answers.push({ moves: null, nodes: 0, stopped: true });
      return answers;
    },

    estimate(board: SlidingBoard, goal: SlidingBoard, heuristic: Heuristic, partition?: PdbPartition): number {
      return loadBoard(board, goal, heuristic, partition);
    },
  };
}
