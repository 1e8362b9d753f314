/**
 * Outside: what readying a panel's pattern database will take, asked before
 * it starts: which group tables this browser keeps in IndexedDB (loaded in
 * seconds), which the worker will read out of another through a board
 * symmetry (seconds), and which it must build (minutes on 5x5), with the
 * memory the build needs. The same order as the library's prepareTables
 * (makingOrder in src/pdb/tables.ts), from the stored tables' names alone.
 */
import type { GoalName } from '../../../src/index.js';
import {
  groupTableBytes,
  groupTableEntries,
  pdbMaskBytesAtMost,
  pdbWorkBytes,
  type PdbPartition,
  storedTableNames,
  tableFileName,
  namedPartition,
  makingOrder,
} from '../../../src/internal.js';
import type { SlidingTables } from './slidingSizes.js';

export interface TablesWork {
  partition: PdbPartition;
  /** Groups kept in IndexedDB: loaded. */
  loads: number[];
  /** Groups read out of a kept or built table through a symmetry. */
  derives: number[];
  /** Groups to build, in order. */
  builds: number[];
  /** Entries of group `group`'s table, the unit the build's progress counts. */
  entries(group: number): number;
  /** Peak memory while building: the largest build's working memory and every table of the partition; 0 without a build. */
  memoryBytes: number;
}

/** The work for `tables` and `goal` ('blank-first' or 'blank-last') in this browser now. */
export async function tablesWork(tables: SlidingTables, goal: GoalName): Promise<TablesWork> {
  const [width, height] = tables.size.split('x').map(Number) as [number, number];
  const cells = width * height;
  const corner = (blankFirst: boolean) => namedPartition(width, height, blankFirst ? 0 : cells - 1, tables.partition)!;
  const partition = corner(goal === 'blank-first');
  const sibling = corner(goal !== 'blank-first');
  const stored = await storedTableNames();
  const kept = (of: PdbPartition) => of.groups.map((_, group) => ({ partition: of, group })).filter(({ group }) => stored.has(tableFileName(of, group)));
  const held = [...kept(partition), ...kept(sibling)];
  const loads = kept(partition).map(({ group }) => group);
  const { built, derived } = makingOrder(partition, held);
  const builds = built.filter((group) => !loads.includes(group));
  const tiles = (group: number) => partition.groups[group]!.length;
  const work = Math.max(0, ...builds.map((group) => pdbWorkBytes(cells, tiles(group), pdbMaskBytesAtMost(cells))));
  const tablesBytes = partition.groups.reduce((sum, _, group) => sum + groupTableBytes(partition, group), 0);
  return {
    partition,
    loads,
    derives: derived.filter((group) => !loads.includes(group)),
    builds,
    entries: (group) => groupTableEntries(partition, group),
    memoryBytes: builds.length > 0 ? work + tablesBytes : 0,
  };
}
