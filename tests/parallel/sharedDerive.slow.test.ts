/**
 * A derivation split over instances of the shared build on one memory: the
 * target ranks dealt to 1, 2 or 3 instances at once (the first, which
 * started it, in this thread; the others in worker threads, each with its
 * own copy of the symmetry's cell map), each filling its share of the table
 * (assembly/pdbDerive.ts: two entries a byte stored whole, zero-aware
 * pockets ORed atomically; a 4x4 half turn in the blocked order). The table
 * must be byte-identical to a plain instance's one-thread derivation, itself
 * the table a build of that group makes, and the entries the instances
 * wrote must add up to its entry count.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { PdbPartition } from '../../src/engine/contract.js';
import { groupTableBytes, groupTableEntries, pdbEntryCount } from '../../src/engine/pdbSizes.js';
import { createWasmCore } from '../../src/engine/wasm/index.js';
import { groupMask } from '../../src/engine/wasm/pdb.js';
import { compilePuzzleWasm, createSharedMemory, instantiatePuzzleWasm, sharedWasmUrl } from '../../src/engine/wasm/loader.js';
import { makePartition, namedPartition, symmetricSource } from '../../src/pdb/partitions.js';
import { ask } from '../support/workerAsk.js';

interface DeriveExports {
  pdbGrow(bytes: number): number;
  pdbDeriveMap(cell: number, sourceCell: number): void;
  pdbDeriveStart(width: number, height: number, targetMask: number, sourceAt: number, targetAt: number, zeroAware: number): number;
  pdbDeriveShare(start: number, end: number): number;
  memory: { buffer: ArrayBuffer };
}

const workerUrl = new URL('../support/sharedBuildWorker.js', import.meta.url);
const workers: Worker[] = [];
afterAll(() => Promise.all(workers.map((worker) => worker.terminate())));

/**
 * Derives group `group` of `target` from the table `sourceBytes` of
 * `source`'s group through `cellMap`, split over `instances` instances;
 * returns the table's bytes and the entries written.
 */
async function splitDerive(
  target: PdbPartition,
  group: number,
  sourceBytes: Uint8Array,
  cellMap: readonly number[],
  instances: number,
): Promise<{ bytes: Uint8Array; written: number }> {
  const module = await compilePuzzleWasm(sharedWasmUrl);
  const memory = createSharedMemory();
  const leader = await instantiatePuzzleWasm<DeriveExports>(undefined, undefined, { memory, owner: true, source: module });
  const others = Array.from({ length: instances - 1 }, () => new Worker(workerUrl, { workerData: { module, memory } }));
  workers.push(...others);
  await Promise.all(others.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  const sourceAt = leader.pdbGrow(sourceBytes.length);
  new Uint8Array(memory.buffer, sourceAt, sourceBytes.length).set(sourceBytes);
  const targetAt = leader.pdbGrow(groupTableBytes(target, group));
  cellMap.forEach((sourceCell, cell) => leader.pdbDeriveMap(cell, sourceCell));
  const args = [target.width, target.height, groupMask(target.groups[group]!), sourceAt, targetAt, target.zeroAware ? 1 : 0] as const;
  const entries = leader.pdbDeriveStart(...args);
  expect(entries).toBe(groupTableEntries(target, group));
  for (const worker of others) expect(await ask<number>(worker, { type: 'deriveJoin', args, cellMap })).toBe(entries);
  // Placements, not entries (a zero-aware table has more entries than placements): the ranks dealt.
  const placements = pdbEntryCount(target.width * target.height, target.groups[group]!.length);
  const share = Math.ceil(placements / instances / 64) * 64;
  const theirs = others.map((worker, i) => ask<number>(worker, { type: 'deriveShare', start: (i + 1) * share, end: (i + 2) * share }));
  const mine = leader.pdbDeriveShare(0, share);
  const written = mine + (await Promise.all(theirs)).reduce((sum, count) => sum + count, 0);
  const bytes = new Uint8Array(memory.buffer, targetAt, groupTableBytes(target, group)).slice();
  await Promise.all(others.map((worker) => worker.terminate()));
  return { bytes, written };
}

// The blank-first groups, each read from the blank-last tables through a board symmetry.
const cases: Array<[string, number, number, string, number[]]> = [
  ['3x3 4-4', 3, 3, '4-4', [0, 1]],
  ['4x4 6-6-3', 4, 4, '6-6-3', [0, 2]],
  ['4x4 6-6-3-zero-aware', 4, 4, '6-6-3-zero-aware', [0]],
];

describe('a derivation split over instances of the shared build', () => {
  for (const [name, width, height, partitionName, groups] of cases) {
    it(`${name}: 1, 2 and 3 instances derive the one-thread table byte for byte`, async () => {
      const first = namedPartition(width, height, width * height - 1, partitionName)!;
      const second = namedPartition(width, height, 0, partitionName)!;
      const plain = await createWasmCore();
      for (const group of groups) {
        const source = symmetricSource(
          second,
          group,
          first.groups.map((_, g) => ({ partition: first, group: g })),
        );
        expect(source, `group ${group}`).not.toBeNull();
        const build = plain.pdb.build(first, source!.group);
        while (build.round()) {}
        const derive = plain.pdb.derive(second, group, first, source!.group, source!.cellMap);
        while (derive.round()) {}
        const expected = plain.pdb.table(second, group)!;
        const sourceBytes = plain.pdb.table(first, source!.group)!;
        // The one-thread derivation is itself the table a build makes (a half turn on 4x4 reads in the blocked order).
        const fresh = makePartition(width, height, 0, second.groups, 'built', Boolean(second.zeroAware));
        const built = plain.pdb.build(fresh, group);
        while (built.round()) {}
        expect(Buffer.from(expected).equals(Buffer.from(plain.pdb.table(fresh, group)!)), `group ${group}: derived against built`).toBe(true);
        for (const instances of [1, 2, 3]) {
          const { bytes, written } = await splitDerive(second, group, sourceBytes, source!.cellMap, instances);
          expect(Buffer.from(bytes).equals(Buffer.from(expected)), `group ${group}, ${instances} instances`).toBe(true);
          expect(written, `group ${group}, ${instances} instances`).toBe(derive.entries);
        }
      }
    });
  }
});
