/**
 * Tables read through a board symmetry against tables built: shared by the
 * plain and the zero-aware pattern-database tests.
 */
import { expect } from 'vitest';
import type { Core, PdbPartition } from '../../src/engine/contract.js';
import { partitionKey } from '../../src/engine/pdbPartition.js';
import { boardSymmetries, makePartition, symmetricSource } from '../../src/pdb/partitions.js';

/**
 * For every symmetry of the board, the image of `partition` (its groups and
 * its blank's goal cell carried along): each group's table derived from
 * `partition`'s built tables equals a fresh build of that group, byte for
 * byte, on `core`.
 */
export function expectDerivedEqualBuilt(core: Core, partition: PdbPartition): void {
  const { width, height } = partition;
  const kind = Boolean(partition.zeroAware);
  for (const cellMap of boardSymmetries(width, height)) {
    const image = partition.groups.map((homes) => homes.map((cell) => cellMap.indexOf(cell)));
    const target = makePartition(width, height, cellMap.indexOf(partition.blankCell), image, 'image', kind);
    target.groups.forEach((_, group) => {
      const source = symmetricSource(
        target,
        group,
        partition.groups.map((__, g) => ({ partition, group: g })),
      );
      expect(source).not.toBeNull();
      // A symmetry that maps the partition and this group onto themselves leaves nothing to derive.
      if (partitionKey(source!.partition) === partitionKey(target) && source!.group === group) return;
      const derive = core.pdb.derive(target, group, source!.partition, source!.group, source!.cellMap);
      while (derive.round());
      expect(derive.settled()).toBe(derive.entries);
      // A copy: `fresh` has the same groups, so its build takes the same table's place.
      const derived = core.pdb.table(target, group)!;
      const fresh = makePartition(width, height, target.blankCell, target.groups, 'fresh', kind);
      const build = core.pdb.build(fresh, group);
      while (build.round());
      expect(Buffer.compare(derived, core.pdb.table(fresh, group)!)).toBe(0);
    });
  }
}
