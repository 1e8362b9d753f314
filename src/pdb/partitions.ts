/**
 * The partitions of additive PDBs, as data. Each is written once for the
 * blank-last goal (blank in the bottom-right cell); the same partition turned
 * half a turn serves goals with the blank in the top-left cell (blank-first).
 * Any other goal with the blank on one of those cells reuses the tables (tiles
 * are named by their home cells); goals with the blank elsewhere have none.
 */
import { PDB_MAX_CELLS, PDB_MAX_GROUPS, PDB_MAX_GROUP_TILES, PDB_MAX_SUMS, type PdbPartition } from '../engine/contract.js';

/**
 * Korf and Felner's 6-6-6-6 split, written here half a turn from their
 * blank-first drawing: blank-first view 1 2 5 6 7 12 (top left around the
 * centre), 3 4 8 9 13 14 (the right two columns of the top three rows), 10 11
 * 15 16 20 21 (the left two of the bottom three) and 17 18 19 22 23 24. Its
 * reflection about the main diagonal is a different split, so the mirrored
 * lookup adds a second bound. Also the first partition of each 5x5 catalogue.
 */
const KORF_FELNER_6666 = [
  [0, 1, 2, 5, 6, 7],
  [3, 4, 8, 9, 13, 14],
  [10, 11, 15, 16, 20, 21],
  [12, 17, 18, 19, 22, 23],
];

/**
 * Home cells of each group, for the blank-last goal, by board size and name;
 * a catalogue also names its sums (PdbPartition.sums).
 */
const BLANK_LAST_PARTITIONS: Record<string, Record<string, number[][] | { groups: number[][]; sums: number[][] }>> = {
  '3x3': {
    '4-4': [
      [0, 1, 3, 4],
      [2, 5, 6, 7],
    ],
  },
  '4x4': {
    // Blank-first view (blank top left): 1 4 5 8 9 12 (the left two columns
    // above the bottom row), 2 3 6 7 10 11 (the right two), 13 14 15. Of the
    // two splits tried, this one took half the nodes on Korf's first 30.
    '6-6-3': [
      [3, 6, 7, 10, 11, 14],
      [4, 5, 8, 9, 12, 13],
      [0, 1, 2],
    ],
    // Blank-first view: the left two columns and the right two. The 8-tile
    // table takes about 80 s and 1.8 GiB to build in wasm (the twin
    // refuses: its blank sets would need 3.1 GiB); 250 MB on disk after.
    '7-8': [
      [2, 3, 6, 7, 10, 11, 14],
      [0, 1, 4, 5, 8, 9, 12, 13],
    ],
  },
  '5x5': {
    '6-6-6-6': KORF_FELNER_6666,
    // A catalogue: h is the largest of three 6-6-6-6 partitions (each with its
    // mirrored lookup), over ten tables. Korf and Felner's first (groups 0-3);
    // then, in the blank-first view, 1 2 5 6 10 11 (the top-left 2x3 block
    // but the blank), 3 4 7 8 9 12, 13 14 18 19 23 24 and 15 16 17 20 21 22;
    // then 1 2 3 5 6 7, 4 8 9 12 13 14 and Korf and Felner's two lower left
    // and lower right groups, shared. Groups 6 and 7 are the reflections of 0
    // and 2 (derived, not built).
    '6-6-6-6x3': {
      groups: [
        ...KORF_FELNER_6666,
        [13, 14, 18, 19, 22, 23],
        [12, 15, 16, 17, 20, 21],
        [0, 1, 5, 6, 10, 11],
        [2, 3, 4, 7, 8, 9],
        [17, 18, 19, 21, 22, 23],
        [10, 11, 12, 15, 16, 20],
      ],
      sums: [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 1, 0],
      ],
    },
    // Clausecker's "small" catalogue (catalogues/small-t.cat in
    // clausecker/24puzzle): seven 6-6-6-6 partitions over fourteen tables, the
    // first Korf and Felner's. It takes the fewest nodes of those offered
    // (issue 19's KF #38 target) and costs the most a node.
    '6-6-6-6x7': {
      groups: [
        ...KORF_FELNER_6666,
        [14, 17, 18, 19, 22, 23],
        [3, 4, 8, 9, 12, 13],
        [2, 6, 7, 11, 16, 21],
        [0, 1, 5, 10, 15, 20],
        [18, 19, 20, 21, 22, 23],
        [10, 11, 12, 15, 16, 17],
        [5, 6, 7, 8, 12, 13],
        [0, 1, 2, 3, 4, 9],
        [6, 7, 11, 12, 16, 17],
        [0, 1, 2, 5, 10, 15],
      ],
      sums: [
        [0, 1, 2, 3],
        [0, 2, 4, 5],
        [1, 3, 6, 7],
        [4, 5, 6, 7],
        [0, 1, 8, 9],
        [2, 4, 10, 11],
        [1, 8, 12, 13],
      ],
    },
  },
};

/** The partition used when none is named. */
export const DEFAULT_PARTITIONS: Record<string, string> = { '3x3': '4-4', '4x4': '6-6-3', '5x5': '6-6-6-6' };

/**
 * A partition's name with this ending names the same groups with zero-aware
 * tables (PdbPartition.zeroAware), e.g. '6-6-6-6-zero-aware'.
 */
export const ZERO_AWARE_ENDING = '-zero-aware';

/**
 * The partitions offered with zero-aware tables. Not 7-8: its 8-tile table
 * would take 972 MB (3.75 entries a placement), which with the build's 1.56
 * GB of blank sets passes the 2 GiB a build may hold (PDB_BUILD_MEMORY_LIMIT).
 */
const ZERO_AWARE_PARTITIONS: Record<string, string[]> = { '3x3': ['4-4'], '4x4': ['6-6-3'], '5x5': ['6-6-6-6', '6-6-6-6x3', '6-6-6-6x7'] };

/** Partition names known for a `width`x`height` board. */
export function partitionNames(width: number, height: number): string[] {
  const shape = `${width}x${height}`;
  const zeroAware = (ZERO_AWARE_PARTITIONS[shape] ?? []).map((name) => name + ZERO_AWARE_ENDING);
  return [...Object.keys(BLANK_LAST_PARTITIONS[shape] ?? {}), ...zeroAware];
}

/**
 * Builds a partition from its groups, checking that the groups cover every
 * cell but `blankCell` once and fit the tables' limits; with `zeroAware`, its
 * tables are of the zero-aware kind. With `sums` it is a catalogue instead
 * (PdbPartition.sums): each sum's groups cover every cell but the blank's
 * once, and every group is in some sum. Throws a RangeError naming what is wrong.
 */
export function makePartition(
  width: number,
  height: number,
  blankCell: number,
  groups: number[][],
  name?: string,
  zeroAware = false,
  sums?: number[][],
): PdbPartition {
  const cells = width * height;
  if (cells > PDB_MAX_CELLS) throw new RangeError(`PDB: a ${width}x${height} board has more than ${PDB_MAX_CELLS} cells`);
  if (!(Number.isInteger(blankCell) && blankCell >= 0 && blankCell < cells)) throw new RangeError(`PDB: blank cell ${blankCell} is off the board`);
  if (groups.length > PDB_MAX_GROUPS) throw new RangeError(`PDB: ${groups.length} groups, at most ${PDB_MAX_GROUPS}`);
  const sorted = groups.map((group) => [...group].sort((a, b) => a - b));
  for (const group of sorted) {
    if (group.length < 1 || group.length > PDB_MAX_GROUP_TILES) throw new RangeError(`PDB: a group has ${group.length} tiles (1..${PDB_MAX_GROUP_TILES})`);
    for (const cell of group) {
      if (!(Number.isInteger(cell) && cell >= 0 && cell < cells) || cell === blankCell)
        throw new RangeError(`PDB: cell ${cell} is off the board or the blank's`);
    }
  }
  if (sums !== undefined && (sums.length < 1 || sums.length > PDB_MAX_SUMS)) throw new RangeError(`PDB: ${sums.length} sums, 1..${PDB_MAX_SUMS}`);
  (sums ?? [sorted.map((_, group) => group)]).forEach((sum, index) => {
    const seen = new Array<boolean>(cells).fill(false);
    seen[blankCell] = true;
    const where = sums ? `sum ${index}: ` : '';
    for (const group of sum) {
      if (!(Number.isInteger(group) && group >= 0 && group < sorted.length)) throw new RangeError(`PDB: ${where}group ${group} does not exist`);
      for (const cell of sorted[group]!) {
        if (seen[cell]) throw new RangeError(`PDB: ${where}cell ${cell} is in two groups`);
        seen[cell] = true;
      }
    }
    if (seen.some((taken) => !taken)) throw new RangeError(`PDB: ${where}the groups leave cell ${seen.indexOf(false)} out`);
  });
  const used = new Set(sums?.flat());
  const unused = sums ? sorted.findIndex((_, group) => !used.has(group)) : -1;
  if (unused >= 0) throw new RangeError(`PDB: group ${unused} is in no sum`);
  const partition: PdbPartition = { name: name ?? sorted.map((group) => group.length).join('-'), width, height, blankCell, groups: sorted };
  if (zeroAware) partition.zeroAware = true;
  if (sums) partition.sums = sums.map((sum) => [...sum]);
  return partition;
}

/**
 * The named partition for goals with the blank on `blankCell`, or null when
 * there is none (unknown name, or a blank cell neither corner serves).
 */
export function namedPartition(width: number, height: number, blankCell: number, name: string): PdbPartition | null {
  // Made once: a solver asks for the partition on every sliding search (see pdbTables.choose).
  const key = `${width}x${height}/${blankCell}/${name}`;
  let partition = madePartitions.get(key);
  if (partition === undefined) {
    partition = makeNamedPartition(width, height, blankCell, name);
    madePartitions.set(key, partition);
  }
  return partition;
}

const madePartitions = new Map<string, PdbPartition | null>();

function makeNamedPartition(width: number, height: number, blankCell: number, name: string): PdbPartition | null {
  const zeroAware = name.endsWith(ZERO_AWARE_ENDING);
  const base = zeroAware ? name.slice(0, -ZERO_AWARE_ENDING.length) : name;
  if (zeroAware && !ZERO_AWARE_PARTITIONS[`${width}x${height}`]?.includes(base)) return null;
  const named = BLANK_LAST_PARTITIONS[`${width}x${height}`]?.[base];
  if (!named) return null;
  const { groups, sums } = Array.isArray(named) ? { groups: named, sums: undefined } : named;
  const last = width * height - 1;
  if (blankCell === last) return makePartition(width, height, last, groups, name, zeroAware, sums);
  if (blankCell === 0)
    return makePartition(
      width,
      height,
      0,
      groups.map((group) => group.map((cell) => last - cell)),
      name,
      zeroAware,
      sums,
    );
  return null;
}

/**
 * The symmetries of a `width` x `height` board, each as the image of every
 * cell: the identity, the half turn and the two reflections, and on a square
 * board also the quarter turns and the diagonal reflections.
 */
export function boardSymmetries(width: number, height: number): number[][] {
  const cells = Array.from({ length: width * height }, (_, cell) => cell);
  const at = (row: number, column: number, w: number) => row * w + column;
  const maps = [
    cells.map((cell) => cell),
    cells.map((cell) => cells.length - 1 - cell),
    cells.map((cell) => at(Math.floor(cell / width), width - 1 - (cell % width), width)),
    cells.map((cell) => at(height - 1 - Math.floor(cell / width), cell % width, width)),
  ];
  if (width === height) {
    const n = width;
    const row = (cell: number) => Math.floor(cell / n);
    const column = (cell: number) => cell % n;
    maps.push(
      cells.map((cell) => at(column(cell), row(cell), n)),
      cells.map((cell) => at(n - 1 - column(cell), n - 1 - row(cell), n)),
      cells.map((cell) => at(column(cell), n - 1 - row(cell), n)),
      cells.map((cell) => at(n - 1 - column(cell), row(cell), n)),
    );
  }
  return maps;
}

/**
 * Whether group `group` leaves the blank's goal cell free to reach every other
 * free cell (walls in no corner): its table then does not depend on where the
 * goal puts the blank, since the build starts from every free cell alike.
 */
function reachesEveryFreeCell(partition: PdbPartition, group: number): boolean {
  const { width, height, blankCell } = partition;
  const blocked = new Set(partition.groups[group]);
  const reached = new Set([blankCell]);
  const stack = [blankCell];
  while (stack.length > 0) {
    const cell = stack.pop()!;
    const row = Math.floor(cell / width);
    const col = cell % width;
    const near = [row > 0 ? cell - width : -1, row < height - 1 ? cell + width : -1, col > 0 ? cell - 1 : -1, col < width - 1 ? cell + 1 : -1];
    for (const next of near) {
      if (next < 0 || blocked.has(next) || reached.has(next)) continue;
      reached.add(next);
      stack.push(next);
    }
  }
  return reached.size === width * height - blocked.size;
}

/**
 * A symmetry of the board that carries group `group` of `partition` onto
 * one of `sources` (groups of the same board size and tile count), as the
 * cell map PdbCore.derive takes; null when none does. A table counts the
 * moves back to the goal with the blank on its own cell, so the symmetry must
 * also carry the target's blank goal onto the source's, unless neither group
 * walls in its blank's goal cell (then neither table depends on it).
 */
export function symmetricSource(
  partition: PdbPartition,
  group: number,
  sources: ReadonlyArray<{ partition: PdbPartition; group: number }>,
): { partition: PdbPartition; group: number; cellMap: number[] } | null {
  const target = partition.groups[group]!;
  for (const cellMap of boardSymmetries(partition.width, partition.height)) {
    const image = target
      .map((cell) => cellMap[cell]!)
      .sort((a, b) => a - b)
      .join();
    for (const source of sources) {
      if (source.partition.width !== partition.width || source.partition.height !== partition.height) continue;
      // A table is read only for one of its kind (plain or zero-aware).
      if (Boolean(source.partition.zeroAware) !== Boolean(partition.zeroAware)) continue;
      if (source.partition.groups[source.group]!.join() !== image) continue;
      const goalCarried = cellMap[partition.blankCell] === source.partition.blankCell;
      if (goalCarried || (reachesEveryFreeCell(partition, group) && reachesEveryFreeCell(source.partition, source.group))) return { ...source, cellMap };
    }
  }
  return null;
}
