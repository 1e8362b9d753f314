/**
 * A cached table read by every worker of a pool on the shared build
 * (src/pool/splitBuild.ts, a load deal): each slice of the file read into
 * the shared memory and checksummed by whoever takes it, the file's CRC-32
 * made of the slices' (crc32Combine). A file damaged in the second worker's
 * share is refused, said once, and rebuilt, as a file read by one thread
 * is; the tables end byte-identical to the files. The sessions here are the
 * pool's own calls driven by hand, with slices small enough that the 3x3
 * tables (1,512 bytes) take several.
 *
 * Starts dist/pool/worker.js: run `npm run build` first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import type * as SplitBuild from '../../src/pool/splitBuild.js';
import type * as Crc from '../../src/crc32.js';
import type { TableRef } from '../../src/pool/inside.js';
import { builtModule } from '../support/builtPackage.js';
import { cacheFiles, tempCaches } from '../support/tempCaches.js';

const tmp = tempCaches('puzzlesearch-split-load-');
let lib: typeof Package;
let outside: typeof Outside;
let split: typeof SplitBuild;
let crc: typeof Crc;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
  split = await builtModule<typeof SplitBuild>('dist/pool/splitBuild.js');
  crc = await builtModule<typeof Crc>('dist/crc32.js');
});

const SLICE = 256;
/** The table read last (groups of one size are read in order): the one whose slices the session's record shows. */
const LAST = '3x3-blank8-4-4-group1.pdb';

/** A cache holding the 3x3 blank-last tables (4-4), and its files. */
async function filledCache(): Promise<{ dir: string; files: Map<string, Buffer> }> {
  const dir = tmp();
  const filler = await lib.createSolver({ tables: { dir } });
  await filler.prepareTables('3x3');
  const files = cacheFiles(dir);
  expect([...files.keys()]).toContain(LAST);
  return { dir, files };
}

/**
 * prepareTables('3x3') on a pool of 2 as the pool runs it (worker 0 leads,
 * worker 1 helps), on a session of `loads`; the pool's warnings, the
 * session, and the tables worker 0 then holds, as bytes by group.
 */
async function splitPrepare(dir: string, loads: { sliceBytes: number; leaderReads?: boolean }) {
  const warnings: string[] = [];
  const pool = await lib.createSolverPool({ workers: 2, tables: { dir }, warn: (line) => warnings.push(line) });
  try {
    expect(pool.sharedTables).toBe(true);
    const internals = outside.poolInternals(pool);
    const session = new split.SplitSession(loads);
    const helping = internals.call(1, 'helpTableBuilds', [session.buffer]);
    try {
      await internals.call(0, 'prepareTablesSplit', ['3x3', undefined, session.buffer]);
    } finally {
      session.end();
      await helping;
    }
    const refs = (await internals.call(0, 'heldTables', ['3x3', undefined])) as TableRef[];
    expect(refs.every((ref) => ref.held)).toBe(true);
    const tables = await Promise.all(refs.map(async (ref) => (await internals.call(0, 'exportTable', [ref.partition, ref.group, false])) as Uint8Array));
    return { warnings, session, tables };
  } finally {
    await pool.terminate();
  }
}

/** Each file's table (after its header) equals the table a worker holds of that group. */
function expectTablesOfFiles(files: Map<string, Buffer>, tables: Uint8Array[]): void {
  tables.forEach((table, group) => {
    const file = files.get(`3x3-blank8-4-4-group${group}.pdb`)!;
    expect(Buffer.from(table).equals(file.subarray(file.length - table.length)), `group ${group}`).toBe(true);
  });
}

describe('a cached table read by every worker of a pool (the shared build)', () => {
  it('crc32Combine makes the CRC-32 of two spans from theirs, as zlib does', () => {
    const bytes = Uint8Array.from({ length: 70_001 }, (_, i) => (i * 2654435761) >>> 13);
    for (const cut of [0, 1, 7, 256, 4096, 69_999, 70_001]) {
      const [head, tail] = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(crc.crc32Combine(crc.crc32(head), crc.crc32(tail), tail.length), `cut at ${cut}`).toBe(crc.crc32(bytes));
    }
  });

  it('every slice read by the second worker: the tables as the files hold them, nothing said', async () => {
    const { dir, files } = await filledCache();
    const { warnings, session, tables } = await splitPrepare(dir, { sliceBytes: SLICE, leaderReads: false });
    expect(warnings).toEqual([]);
    const slices = Math.ceil(tables[1]!.length / SLICE);
    expect(slices).toBeGreaterThan(4);
    expect(Array.from({ length: slices }, (_, slice) => session.readBy(slice))).toEqual(Array(slices).fill('helper'));
    expectTablesOfFiles(files, tables);
    expect(cacheFiles(dir)).toEqual(files);
  });

  it("a file damaged in the second worker's share is refused, said once, and rebuilt byte for byte", async () => {
    const { dir, files } = await filledCache();
    const damaged = Buffer.from(files.get(LAST)!);
    // One bit in the table's last slice, which the second worker reads.
    damaged[damaged.length - 7]! ^= 0x10;
    writeFileSync(join(dir, LAST), damaged);
    const { warnings, session, tables } = await splitPrepare(dir, { sliceBytes: SLICE, leaderReads: false });
    const slices = Math.ceil(tables[1]!.length / SLICE);
    expect(session.readBy(slices - 1)).toBe('helper');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^puzzlesearch: ignoring table file .*${LAST.replace(/[.]/g, '\\.')}: .*checksum.*; rebuilding it$`));
    expectTablesOfFiles(files, tables);
    // Rebuilt and saved again: the cache as it was before the damage.
    expect(cacheFiles(dir)).toEqual(files);
  });

  it('both workers reading: a file damaged in any slice is refused and rebuilt', async () => {
    const { dir, files } = await filledCache();
    const tableBytes = 1512;
    const header = files.get(LAST)!.length - tableBytes;
    for (const slice of [0, 2, 5]) {
      const damaged = Buffer.from(files.get(LAST)!);
      damaged[header + slice * SLICE + 3]! ^= 0x01;
      writeFileSync(join(dir, LAST), damaged);
      const { warnings, session, tables } = await splitPrepare(dir, { sliceBytes: SLICE });
      expect(warnings, `slice ${slice}`).toHaveLength(1);
      expect(warnings[0]).toMatch(/checksum/);
      expect(session.readBy(slice)).toBeDefined();
      expectTablesOfFiles(files, tables);
      expect(cacheFiles(dir)).toEqual(files);
    }
  });
});
