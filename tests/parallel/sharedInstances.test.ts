/**
 * The shared build: one owner instance and N others (worker threads) on one
 * shared memory, searching at once with the tables the owner built. Every
 * answer and count must be byte-identical to a plain instance's, and the
 * others must leave the owner alone: its static data (scratch, search state,
 * read-only tables) and the heap's root just past it are unchanged after
 * they worked, and each of them searches in a block of its own.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Heuristic, PdbPartition, SlidingBoard } from '../../src/engine/contract.js';
import { createWasmCore } from '../../src/engine/wasm/index.js';
import { compilePuzzleWasm, createSharedMemory, sharedWasmUrl } from '../../src/engine/wasm/loader.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import { seededRandom, slidingWalk } from '../oracles.js';

const workerUrl = new URL('../support/sharedInstanceWorker.js', import.meta.url);

interface Job {
  start: SlidingBoard;
  goal: SlidingBoard;
  heuristic: Heuristic;
  pruning: 'parent' | 'fsm';
  partition?: { width: number; height: number; blankCell: number; name: string };
}

function blankLast(width: number, height: number): SlidingBoard {
  const cells = width * height;
  return { width, height, tiles: Uint8Array.from({ length: cells }, (_, i) => (i + 1) % cells) };
}

/** Random walks from the goal: 3x3 boards for the 4-4 tables, 4x4 ones for Manhattan and linear conflict. */
function jobs(seed: number): Job[] {
  const random = seededRandom(seed);
  const list: Job[] = [];
  const goal3 = blankLast(3, 3);
  const goal4 = blankLast(4, 4);
  const pdb3 = { width: 3, height: 3, blankCell: 8, name: '4-4' };
  for (let i = 0; i < 6; i++) {
    const walk3 = slidingWalk(goal3.tiles, 3, 20 + Math.floor(random() * 20), random);
    const start3 = { width: 3, height: 3, tiles: Uint8Array.from(walk3.tiles) };
    list.push({ start: start3, goal: goal3, heuristic: 'pdb', pruning: i % 2 ? 'fsm' : 'parent', partition: pdb3 });
    const walk4 = slidingWalk(goal4.tiles, 4, 24 + Math.floor(random() * 14), random);
    const start4 = { width: 4, height: 4, tiles: Uint8Array.from(walk4.tiles) };
    list.push({ start: start4, goal: goal4, heuristic: i % 2 ? 'linear-conflict' : 'manhattan', pruning: i % 3 ? 'fsm' : 'parent' });
  }
  return list;
}

function partitionOf(job: Job): PdbPartition | undefined {
  const p = job.partition;
  return p ? namedPartition(p.width, p.height, p.blankCell, p.name)! : undefined;
}

interface Answer {
  moves: number[] | null;
  nodes: number;
}

function started(worker: Worker): Promise<{ base: number }> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('the shared build: instances on one memory', () => {
  for (const others of [2, 4]) {
    it(`${others} instances searching at once give a plain instance's answers and counts, and leave the owner's memory alone`, async () => {
      const plain = await createWasmCore();
      const module = await compilePuzzleWasm(sharedWasmUrl);
      const memory = createSharedMemory();
      const owner = await createWasmCore(undefined, { memory, owner: true, source: module });
      const pdb3 = namedPartition(3, 3, 8, '4-4')!;
      for (const core of [plain, owner]) {
        for (let group = 0; group < pdb3.groups.length; group++) {
          const build = core.pdb.build(pdb3, group);
          while (build.round()) {}
        }
      }
      const addresses = pdb3.groups.map((_, group) => owner.pdb.address(pdb3, group)!);
      const rounds = 3;
      const workers = Array.from(
        { length: others },
        () =>
          new Worker(workerUrl, {
            workerData: { module, memory, rounds, tables: [{ width: 3, height: 3, blankCell: 8, name: '4-4', addresses }] },
          }),
      );
      try {
        const bases = (await Promise.all(workers.map(started))).map(({ base }) => base);
        // The owner's static data and the allocator's root just past it, before the others search.
        const watched = owner.scratchAt + 65536 * 4;
        const before = new Uint8Array(memory.buffer, 0, watched).slice();
        // Each worker gets the boards in its own order, so that different searches overlap.
        const lists = workers.map((_, w) => jobs(1000 + others * 10 + w));
        const answered = workers.map(
          (worker, w) =>
            new Promise<Answer[]>((resolve, reject) => {
              worker.once('message', ({ answers }) => resolve(answers));
              worker.once('error', reject);
              worker.postMessage({ jobs: lists[w] });
            }),
        );
        const answers = await Promise.all(answered);
        expect(new Uint8Array(memory.buffer, 0, watched)).toEqual(before);
        // Each instance's own block: past the owner's static data, and apart from every other's.
        const distinct = new Set([owner.scratchAt, ...bases]);
        expect(distinct.size).toBe(others + 1);
        for (const base of bases) expect(base).toBeGreaterThan(owner.scratchAt);
        for (const [w, list] of lists.entries()) {
          const expected = list.map((job) => {
            const answer = plain.idaStar.solve(job.start, job.goal, { heuristic: job.heuristic, partition: partitionOf(job), pruning: job.pruning });
            return { moves: answer.moves && Array.from(answer.moves), nodes: answer.nodes };
          });
          expect(answers[w]).toEqual(Array.from({ length: rounds }, () => expected).flat());
        }
        // The owner still searches as before the others came.
        const job = lists[0]![0]!;
        const own = owner.idaStar.solve(job.start, job.goal, { heuristic: job.heuristic, partition: partitionOf(job), pruning: job.pruning });
        expect({ moves: own.moves && Array.from(own.moves), nodes: own.nodes }).toEqual(answers[0]![0]);
      } finally {
        await Promise.all(workers.map((worker) => worker.terminate()));
      }
    });
  }

  it('an instance that cannot take its block, or grow for a table, says how many bytes, in every instance', async () => {
    const module = await compilePuzzleWasm(sharedWasmUrl);
    // How many pages the owner takes (its static data and heap), on a memory with room to spare.
    const probe = createSharedMemory();
    await createWasmCore(undefined, { memory: probe, owner: true, source: module });
    const ownerPages = probe.buffer.byteLength / 65536;
    // Exactly the owner's pages: no room for another instance's block.
    const full = createSharedMemory(ownerPages);
    await createWasmCore(undefined, { memory: full, owner: true, source: module });
    for (let i = 0; i < 2; i++) {
      const refused = await createWasmCore(undefined, { memory: full, owner: false, source: module }).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(RangeError);
      expect((refused as Error).message).toMatch(/^puzzlesearch\.wasm: a worker's own \d+ bytes do not fit in the shared memory \(\d+ bytes in use\)$/);
    }
    // Room for two instances' blocks but not for a 4x4 table or its build: each says what it could not grow by.
    const tight = createSharedMemory(ownerPages + 16);
    await createWasmCore(undefined, { memory: tight, owner: true, source: module });
    const partition = namedPartition(4, 4, 15, '6-6-3')!;
    for (let i = 0; i < 2; i++) {
      const core = await createWasmCore(undefined, { memory: tight, owner: false, source: module });
      // A build asks for its working memory first; a load, for the table's room.
      expect(() => core.pdb.build(partition, 0)).toThrow(
        /^puzzlesearch: cannot grow WebAssembly memory by [\d.]+ MiB for building a 6-tile table \(it holds \d+ MiB already\)$/,
      );
      expect(() => core.pdb.reserve(partition, 0)).toThrow(
        /^puzzlesearch: cannot grow WebAssembly memory by [\d.]+ MiB for the 6-tile table of 6-6-3 \(it holds \d+ MiB already\)$/,
      );
    }
  });

  it('an instance joining a split build that cannot grow for its own lookup tables says how many bytes, in every instance', async () => {
    const module = await compilePuzzleWasm(sharedWasmUrl);
    const partition = namedPartition(3, 3, 8, '4-4')!;
    // The owner starts a build and two others come, on a memory with room to spare: how many pages that takes.
    const started = async (memory: ReturnType<typeof createSharedMemory>) => {
      const owner = await createWasmCore(undefined, { memory, owner: true, source: module });
      const others = [];
      for (let i = 0; i < 2; i++) others.push(await createWasmCore(undefined, { memory, owner: false, source: module }));
      return { build: owner.pdb.startSplitBuild!(partition, 0), others };
    };
    const probe = createSharedMemory();
    const roomy = await started(probe);
    const pagesAfterStart = probe.buffer.byteLength / 65536;
    // With room, a join takes its lookup tables and counts the build's entries.
    expect(roomy.others[0]!.pdb.joinSplitBuild!(roomy.build.joinArgs, roomy.build.entries).placements).toBe(roomy.build.entries);
    // Exactly the pages the start took: the owner's build starts, and no other instance can grow for its own tables.
    const tight = await started(createSharedMemory(pagesAfterStart));
    for (const other of tight.others) {
      expect(() => other.pdb.joinSplitBuild!(tight.build.joinArgs, tight.build.entries)).toThrow(
        /^puzzlesearch: cannot grow WebAssembly memory by [\d.]+ MiB for joining a table build of \d+ entries \(this instance's own lookup tables\) \(it holds \d+ MiB already\)$/,
      );
    }
  });
});
