/**
 * A pool on the shared build reads each derived table with every worker at
 * once (src/pool/splitBuild.ts: one round of chunks of target ranks). With
 * goal 'both' the second goal's groups are each read through a board
 * symmetry from the first goal's tables (makingOrder): the files a pool of 2
 * or 3 writes to an empty cache, and the tables its workers hold, are a lone
 * solver's one-thread files byte for byte, on 3x3 4-4, 4x4 6-6-3 and
 * 6-6-3-zero-aware, and each derivation ends at the same settled count.
 * (A worker killed mid-derivation: tests/parallel/poolSplitDerive.tables.test.ts,
 * where a derivation is long enough to be caught midway.)
 *
 * Starts dist/pool/worker.js: run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import type * as Tables from '../../src/pdb/tables.js';
import { builtModule } from '../support/builtPackage.js';
import { cacheFiles as files, tempCaches } from '../support/tempCaches.js';

const tmp = tempCaches('puzzlesearch-split-derive-');
let lib: typeof Package;
let outside: typeof Outside;
let tables: typeof Tables;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
  tables = await builtModule<typeof Tables>('dist/pdb/tables.js');
});

type Progress = Package.TablesProgress;

/** Where each derivation's settled count ended, by goal and group. */
function derivationEnds(heard: Progress[]): string[] {
  return heard
    .filter((progress, i) => progress.phase === 'derive' && !(heard[i + 1]?.phase === 'derive' && heard[i + 1]?.group === progress.group))
    .map(({ group, settled, entries }) => `group ${group}: ${settled} of ${entries}`);
}

const cases: Array<[string, string, number[]]> = [
  ['3x3', '4-4', [2, 3]],
  ['4x4', '6-6-3', [2, 3]],
  ['4x4', '6-6-3-zero-aware', [2]],
];

describe('a derivation split over the workers of a pool (the shared build)', () => {
  for (const [size, partition, counts] of cases) {
    it(`${size} ${partition}, both goals: 1, ${counts.join(' and ')} workers write the same files, the second goal's derived`, async () => {
      const [width, height] = size.split('x').map(Number) as [number, number];
      const first = lib.namedPartition(width, height, width * height - 1, partition)!;
      const second = lib.namedPartition(width, height, 0, partition)!;
      // Every group of the second goal is read from the first goal's tables.
      const held = first.groups.map((_, group) => ({ partition: first, group }));
      expect(tables.makingOrder(second, held).built).toEqual([]);

      const loneDir = tmp();
      const solver = await lib.createSolver({ tables: { dir: loneDir } });
      const loneHeard: Progress[] = [];
      await solver.prepareTables(size, { partition, goal: 'both', onProgress: (progress) => loneHeard.push(progress) });
      const lone = files(loneDir);
      expect(lone.size).toBe(2 * first.groups.length);
      expect(derivationEnds(loneHeard)).toHaveLength(second.groups.length);

      for (const workers of counts) {
        const dir = tmp();
        const pool = await lib.createSolverPool({ workers, tables: { dir } });
        try {
          expect(pool.sharedTables).toBe(true);
          const heard: Progress[] = [];
          await pool.prepareTables(size, { partition, goal: 'both' }, { onProgress: (progress) => heard.push(progress) });
          const written = files(dir);
          expect([...written.keys()], `${workers} workers`).toEqual([...lone.keys()]);
          for (const [name, contents] of written) expect(contents.equals(lone.get(name)!), `${workers} workers, ${name}`).toBe(true);
          // The entries every worker filled add up to the lone derivation's.
          expect(derivationEnds(heard), `${workers} workers`).toEqual(derivationEnds(loneHeard));
          // Every worker holds the derived tables (one copy in the shared memory), the files' bytes after their header.
          const internals = outside.poolInternals(pool);
          for (let worker = 0; worker < workers; worker++) {
            for (let group = 0; group < second.groups.length; group++) {
              const bytes = Buffer.from((await internals.call(worker, 'exportTable', [second, group, false])) as Uint8Array);
              const file = lone.get(`${size}-blank0-${partition}-group${group}.pdb`)!;
              expect(file.subarray(file.length - bytes.length).equals(bytes), `worker ${worker}, group ${group}`).toBe(true);
            }
          }
        } finally {
          await pool.terminate();
        }
      }
    });
  }
});
