/** What a PdbPartition names beyond its fields: its sums, its key in registries and caches, and whether one group's table derives from another's. */
import type { PdbPartition } from './contract.js';

/** The sums of a partition's groups that its h takes the largest of (PdbPartition.sums). */
export function partitionSums(partition: PdbPartition): number[][] {
  return partition.sums ?? [partition.groups.map((_, group) => group)];
}

/** A key naming a partition (and with `#g`, one group's table) in table registries and caches. */
export function partitionKey(partition: PdbPartition): string {
  // Asked on every search with a PDB: a partition's key is made once.
  let key = partitionKeys.get(partition);
  if (key === undefined) {
    key = `${partition.width}x${partition.height}/${partition.blankCell}/${partition.groups.map((group) => group.join('.')).join('-')}${partition.zeroAware ? '/zero-aware' : ''}${partition.sums ? `/sums:${partition.sums.map((sum) => sum.join('.')).join('-')}` : ''}`;
    partitionKeys.set(partition, key);
  }
  return key;
}

const partitionKeys = new WeakMap<PdbPartition, string>();

/**
 * Throws a RangeError unless `cellMap` is a bijection of the board that takes
 * group `group` of `partition` onto group `sourceGroup` of `source` (same
 * board size); see PdbCore.derive.
 */
export function checkPdbDerivation(partition: PdbPartition, group: number, source: PdbPartition, sourceGroup: number, cellMap: readonly number[]): void {
  if (Boolean(partition.zeroAware) !== Boolean(source.zeroAware)) {
    throw new RangeError(`puzzlesearch: group ${group} of ${partition.name} and group ${sourceGroup} of ${source.name} are not both zero-aware or both plain`);
  }
  const cells = partition.width * partition.height;
  const target = partition.groups[group];
  const from = source.groups[sourceGroup];
  const bijection = cellMap.length === cells && new Set(cellMap).size === cells && cellMap.every((cell) => Number.isInteger(cell) && cell >= 0 && cell < cells);
  const image = target?.map((cell) => cellMap[cell]!).sort((a, b) => a - b);
  if (!target || !from || !bijection || source.width !== partition.width || source.height !== partition.height || image!.join() !== from.join()) {
    throw new RangeError(
      `puzzlesearch: group ${group} of ${partition.name} is not an image of group ${sourceGroup} of ${source.name} under the given cell map`,
    );
  }
}
