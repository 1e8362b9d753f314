/**
 * A table build split over instances of the shared build on one memory: each
 * round's ranks dealt to 1, 2 or 3 instances at once (the first, which
 * started the build, in this thread; the others in worker threads), the
 * block marks, blank sets and table entries written with atomic ORs, a
 * barrier per round. The table must be byte-identical to a plain instance's
 * one-thread build, and the instances' settled counts must add up to its.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { PdbPartition } from '../../src/engine/contract.js';
import { groupTableBytes, pdbWorkBytes } from '../../src/engine/pdbSizes.js';
import { createWasmCore } from '../../src/engine/wasm/index.js';
import { groupMask } from '../../src/engine/wasm/pdb.js';
import { compilePuzzleWasm, createSharedMemory, instantiatePuzzleWasm, sharedWasmUrl } from '../../src/engine/wasm/loader.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import { ask } from '../support/workerAsk.js';

interface BuildExports {
  pdbGrow(bytes: number): number;
  pdbMaskBytes(cells: number, tiles: number): number;
  pdbBuildStart(width: number, height: number, mask: number, blank: number, tableAt: number, workAt: number, zeroAware: number): number;
  pdbBuildSpread(): number;
  pdbBuildShare(start: number, end: number): number;
  pdbBuildEndRound(leader: number): void;
  pdbBuildSettled(): number;
  zeroAwareEntryCount(width: number, height: number, tiles: number): number;
  memory: { buffer: ArrayBuffer };
}

const workerUrl = new URL('../support/sharedBuildWorker.js', import.meta.url);
const workers: Worker[] = [];
afterAll(() => Promise.all(workers.map((worker) => worker.terminate())));

/** Builds group `group` of `partition` split over `instances` instances; returns the table's bytes and the settled count. */
async function splitBuild(partition: PdbPartition, group: number, instances: number): Promise<{ bytes: Uint8Array; settled: number }> {
  const module = await compilePuzzleWasm(sharedWasmUrl);
  const memory = createSharedMemory();
  const leader = await instantiatePuzzleWasm<BuildExports>(undefined, undefined, { memory, owner: true, source: module });
  const others = Array.from({ length: instances - 1 }, () => new Worker(workerUrl, { workerData: { module, memory } }));
  workers.push(...others);
  await Promise.all(others.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  const { width, height } = partition;
  const cells = width * height;
  const tiles = partition.groups[group]!.length;
  const zeroAware = partition.zeroAware ? 1 : 0;
  if (zeroAware) leader.zeroAwareEntryCount(width, height, tiles);
  const tableAt = leader.pdbGrow(groupTableBytes(partition, group));
  const workAt = leader.pdbGrow(pdbWorkBytes(cells, tiles, leader.pdbMaskBytes(cells, tiles)));
  const args = [width, height, groupMask(partition.groups[group]!), partition.blankCell, tableAt, workAt, zeroAware] as const;
  const entries = leader.pdbBuildStart(...args);
  const changedAt = leader.pdbBuildSpread();
  expect(changedAt).toBeGreaterThan(0);
  for (const worker of others) expect(await ask<number>(worker, { type: 'join', args: [...args, changedAt] })).toBe(entries);
  // Placements, not entries (a zero-aware table has more entries than placements): the ranks a round scans.
  let placements = 1;
  for (let i = 0; i < tiles; i++) placements *= cells - i;
  const share = Math.ceil(placements / instances / 64) * 64;
  for (;;) {
    const theirs = others.map((worker, i) => ask<number>(worker, { type: 'share', start: (i + 1) * share, end: (i + 2) * share }));
    const mine = leader.pdbBuildShare(0, share);
    const expanded = mine + (await Promise.all(theirs)).reduce((sum, count) => sum + count, 0);
    if (expanded === 0) break;
    leader.pdbBuildEndRound(1);
    await Promise.all(others.map((worker) => ask(worker, { type: 'end' })));
  }
  const settled = leader.pdbBuildSettled() + (await Promise.all(others.map((worker) => ask<number>(worker, { type: 'settled' })))).reduce((a, b) => a + b, 0);
  const bytes = new Uint8Array(memory.buffer, tableAt, groupTableBytes(partition, group)).slice();
  await Promise.all(others.map((worker) => worker.terminate()));
  return { bytes, settled };
}

const cases: Array<[string, PdbPartition, number[]]> = [
  ['3x3 4-4', namedPartition(3, 3, 8, '4-4')!, [0, 1]],
  ['4x4 6-6-3', namedPartition(4, 4, 15, '6-6-3')!, [0, 2]],
  ['4x4 6-6-3-zero-aware', namedPartition(4, 4, 0, '6-6-3-zero-aware')!, [0]],
];

describe('a table build split over instances of the shared build', () => {
  for (const [name, partition, groups] of cases) {
    it(`${name}: 1, 2 and 3 instances build the one-thread table byte for byte`, async () => {
      const plain = await createWasmCore();
      for (const group of groups) {
        const build = plain.pdb.build(partition, group);
        while (build.round()) {}
        const expected = plain.pdb.table(partition, group)!;
        const expectedSettled = build.settled();
        for (const instances of [1, 2, 3]) {
          const { bytes, settled } = await splitBuild(partition, group, instances);
          expect(Buffer.from(bytes).equals(Buffer.from(expected)), `group ${group}, ${instances} instances`).toBe(true);
          expect(settled, `group ${group}, ${instances} instances`).toBe(expectedSettled);
        }
      }
    });
  }
});
