/**
 * A pool on the shared build builds each table with every worker at once
 * (src/pool/splitBuild.ts): the files it writes to an empty cache, and the
 * tables its workers hold, are byte-identical to a lone solver's one-thread
 * build, for 2 and 3 workers on 3x3 and 4x4 (6-6-3, 6-6-3-zero-aware), and
 * the progress reaches the same settled counts. A worker lost mid-build (a
 * helper or the leader) fails the call in one line naming it, leaves no table
 * file in the cache, and a later prepareTables on the same pool builds the
 * same bytes; an abort mid-build rejects with AbortError and leaves none either.
 *
 * Starts dist/pool/worker.js: run `npm run build` first.
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import type * as TablesCommand from '../../src/cli/tablesCommand.js';
import { builtModule } from '../support/builtPackage.js';
import { cacheFiles as files, tempCaches } from '../support/tempCaches.js';
import { rejection } from '../support/rejection.js';

const tmp = tempCaches('puzzlesearch-split-build-');
let lib: typeof Package;
let outside: typeof Outside;
let command: typeof TablesCommand;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
  command = await builtModule<typeof TablesCommand>('dist/cli/tablesCommand.js');
});

type Progress = Package.TablesProgress;
const cases: Array<[string, string, number[]]> = [
  ['3x3', '4-4', [2, 3]],
  ['4x4', '6-6-3', [2, 3]],
  ['4x4', '6-6-3-zero-aware', [2]],
];

/** The last 'build' report of each group built: where its settled count ended. */
function lastBuilds(heard: Progress[]): Progress[] {
  return heard.filter((progress, i) => progress.phase === 'build' && heard[i + 1]?.phase !== 'build');
}

/** A lone solver's one-thread build of these tables into an empty cache: its files and progress. */
async function loneBuild(size: string, partition: string): Promise<{ files: Map<string, Buffer>; heard: Progress[] }> {
  const dir = tmp();
  const solver = await lib.createSolver({ tables: { dir } });
  const heard: Progress[] = [];
  await solver.prepareTables(size, { partition, onProgress: (progress) => heard.push(progress) });
  return { files: files(dir), heard };
}

/** Expects the pool's workers to hold tables byte-identical to the lone build's files (as the cache writes them, after its header). */
async function expectSameTables(pool: Package.SolverPool, size: string, partition: string, expected: Map<string, Buffer>): Promise<void> {
  const internals = outside.poolInternals(pool);
  const refs = (await internals.call(0, 'heldTables', [size, { partition }])) as Array<{ partition: Package.PdbPartition; group: number; held: boolean }>;
  expect(refs.every((ref) => ref.held)).toBe(true);
  for (let worker = 0; worker < pool.size; worker++) {
    for (const ref of refs) {
      const bytes = (await internals.call(worker, 'exportTable', [ref.partition, ref.group, false])) as Uint8Array;
      const file = [...expected.values()].find((contents) => contents.subarray(contents.length - bytes.length).equals(Buffer.from(bytes)));
      expect(file, `worker ${worker}, group ${ref.group}`).toBeDefined();
    }
  }
}

describe('a table build split over the workers of a pool (the shared build)', () => {
  for (const [size, partition, counts] of cases) {
    it(`${size} ${partition}: ${counts.join(' and ')} workers write the one-thread build's files, byte for byte`, async () => {
      const lone = await loneBuild(size, partition);
      expect(lone.files.size).toBeGreaterThan(0);
      for (const workers of counts) {
        const dir = tmp();
        const pool = await lib.createSolverPool({ workers, tables: { dir } });
        try {
          expect(pool.sharedTables).toBe(true);
          const heard: Progress[] = [];
          await pool.prepareTables(size, { partition }, { onProgress: (progress) => heard.push(progress) });
          const written = files(dir);
          expect([...written.keys()], `${workers} workers`).toEqual([...lone.files.keys()]);
          for (const [name, contents] of written) expect(contents.equals(lone.files.get(name)!), `${workers} workers, ${name}`).toBe(true);
          // The settled counts of every worker add up to the lone build's.
          const ends = (reports: Progress[]) => lastBuilds(reports).map(({ group, settled }) => ({ group, settled }));
          expect(ends(heard), `${workers} workers`).toEqual(ends(lone.heard));
          await expectSameTables(pool, size, partition, lone.files);
        } finally {
          await pool.terminate();
        }
      }
    });
  }

  for (const [lost, name] of [
    [1, 'a helper'],
    [0, 'the leader'],
  ] as const) {
    it(`${name} killed mid-build: the call fails naming it, no table file is left, and a later prepareTables builds the same bytes`, async () => {
      const lone = await loneBuild('4x4', '6-6-3');
      const dir = tmp();
      const pool = await lib.createSolverPool({ workers: 2, tables: { dir } });
      try {
        const internals = outside.poolInternals(pool);
        let killed = false;
        const onProgress = (progress: Progress) => {
          // The first round of the first 6-tile group: mid-build.
          if (killed || progress.phase !== 'build' || progress.settled === 0) return;
          killed = true;
          internals.kill(lost);
        };
        const error = await rejection(pool.prepareTables('4x4', { partition: '6-6-3' }, { onProgress }));
        expect(killed).toBe(true);
        expect(error.message).toMatch(
          new RegExp(
            `^prepareTables\\(\\): worker ${lost + 1} of 2 failed while the workers built the tables together \\(puzzlesearch pool worker was killed\\); no table was saved; call prepareTables again$`,
          ),
        );
        expect(readdirSync(dir).filter((file) => file.endsWith('.pdb'))).toEqual([]);
        expect(pool.workers[lost]!.generation).toBe(2);
        await pool.prepareTables('4x4', { partition: '6-6-3' });
        const written = files(dir);
        expect([...written.keys()]).toEqual([...lone.files.keys()]);
        for (const [file, contents] of written) expect(contents.equals(lone.files.get(file)!), file).toBe(true);
        await expectSameTables(pool, '4x4', '6-6-3', lone.files);
      } finally {
        await pool.terminate();
      }
    });
  }

  it('an abort mid-build rejects with AbortError, leaves no table file, and the pool builds them after', async () => {
    const dir = tmp();
    const pool = await lib.createSolverPool({ workers: 2, tables: { dir } });
    try {
      const controller = new AbortController();
      const onProgress = (progress: Progress) => progress.phase === 'build' && progress.settled > 0 && controller.abort();
      const error = await rejection(pool.prepareTables('4x4', { partition: '6-6-3' }, { signal: controller.signal, onProgress }));
      expect(error.name).toBe('AbortError');
      expect(readdirSync(dir).filter((file) => file.endsWith('.pdb'))).toEqual([]);
      await pool.prepareTables('4x4', { partition: '6-6-3' });
      expect(readdirSync(dir).filter((file) => file.endsWith('.pdb'))).toHaveLength(3);
      expect(pool.workers.map((worker) => worker.generation)).toEqual([1, 1]);
    } finally {
      await pool.terminate();
    }
  });

  it('tables build: --jobs 2 (a pool, each table built by both) writes the files --jobs 1 writes; --jobs is checked', async () => {
    const run = async (args: string[]) => {
      const text = { out: '', err: '' };
      const code = await command.runTablesCommand(args, { write: (line) => (text.out += line) }, { write: (line) => (text.err += line) });
      return { code, ...text };
    };
    const [one, two] = [tmp(), tmp()];
    const args = ['build', '--size', '4x4', '--goal', 'blank-first'];
    expect(await run([...args, '--dir', one, '--jobs', '1'])).toMatchObject({ code: 0, out: expect.stringMatching(/^tables for 4x4 ready in /) });
    const pooled = await run([...args, '--dir', two, '--jobs', '2']);
    expect(pooled).toMatchObject({ code: 0, out: expect.stringMatching(/^tables for 4x4 ready in /) });
    expect(pooled.err).toMatch(/build/);
    expect(pooled.err).not.toMatch(/receiv/);
    const [alone, together] = [files(one), files(two)];
    expect([...together.keys()]).toEqual([...alone.keys()]);
    for (const [name, contents] of together) expect(contents.equals(alone.get(name)!), name).toBe(true);
    expect(await run(['list', '--jobs', '2'])).toMatchObject({
      code: 1,
      err: 'puzzlesearch tables: --jobs applies to build, not list; see puzzlesearch tables --help\n',
    });
    expect(await run([...args, '--jobs', '0'])).toMatchObject({
      code: 1,
      err: "puzzlesearch tables: --jobs takes a whole number of workers from 1 to 256, not '0'; see puzzlesearch tables --help\n",
    });
  });
});
