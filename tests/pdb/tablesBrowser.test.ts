/**
 * The browser's table cache (src/pdb/cache/browser.ts) in Node, over
 * fake-indexeddb: a table saved is loaded back byte for byte by a fresh cache
 * (the database persists); a corrupt, truncated, foreign, older-format or
 * non-bytes record is reported once, ignored, and replaced by the next save;
 * a database that cannot be opened degrades to memory with one warning. The
 * names of the kept tables are read without their bytes.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { PdbPartition } from '../../src/engine/contract.js';
import { pdbTableBytes } from '../../src/engine/pdbSizes.js';
import { namedPartition } from '../../src/pdb/partitions.js';
import { crc32 } from '../../src/crc32.js';
import { HEADER_BYTES, encodeTableHeader, tableFileName } from '../../src/pdb/cache/format.js';
import { DATABASE_NAME, STORE_NAME, openBrowserTableCache, storedTableNames } from '../../src/pdb/cache/browser.js';
import { engineNames, loadCore } from '../support/engines.js';

const partition = namedPartition(3, 3, 8, '4-4')!;
const otherGoal = namedPartition(3, 3, 0, '4-4')!;

/** A table of the right size with a pattern in it (the cache checks bytes, not distances). */
function someTable(p: PdbPartition, group: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(pdbTableBytes(p.width * p.height, p.groups[group]!.length));
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * seed + group) & 0xff;
  return bytes;
}

const reader = (table: Uint8Array) => (offset: number, length: number) => table.slice(offset, offset + length);

/** Writes `value` under `key` directly, as another program (or a broken one) might have. */
async function putRaw(factory: IDBFactory, key: string, value: unknown): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(DATABASE_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE_NAME);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE_NAME, 'readwrite');
    tx.objectStore(STORE_NAME).put(value, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

/** A stored record: header then table, as save() writes it. */
function record(p: PdbPartition, group: number, table: Uint8Array): Uint8Array {
  const file = new Uint8Array(HEADER_BYTES + table.length);
  file.set(encodeTableHeader(p, group, table.length, crc32(table)));
  file.set(table, HEADER_BYTES);
  return file;
}

describe('browser table cache (IndexedDB)', () => {
  it('loads back what it saved, in a fresh cache over the same database, and nothing for a table never saved', async () => {
    const factory = new IDBFactory();
    const warnings: string[] = [];
    const first = openBrowserTableCache((m) => warnings.push(m), factory);
    expect(await first.load(partition, 0)).toBeNull();
    const table = someTable(partition, 0);
    await first.save(partition, 0, reader(table));
    const second = openBrowserTableCache((m) => warnings.push(m), factory);
    expect(second.dir).toContain(DATABASE_NAME);
    expect(Array.from((await second.load(partition, 0))!)).toEqual(Array.from(table));
    expect(await second.load(partition, 1)).toBeNull();
    // The same group of the other goal is another table.
    expect(await second.load(otherGoal, 0)).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('names the tables it keeps without reading them (what a page asks before a build), none in a new database, which the cache then uses as made', async () => {
    const factory = new IDBFactory();
    expect(await storedTableNames(factory)).toEqual(new Set());
    const cache = openBrowserTableCache(() => {}, factory);
    await cache.save(partition, 1, reader(someTable(partition, 1)));
    await cache.save(otherGoal, 0, reader(someTable(otherGoal, 0)));
    expect(await storedTableNames(factory)).toEqual(new Set([tableFileName(partition, 1), tableFileName(otherGoal, 0)]));
    expect(cache.dir).toContain(DATABASE_NAME);
    expect(await storedTableNames(undefined)).toEqual(new Set());
  });

  const bad: Array<[string, (good: Uint8Array) => unknown, RegExp]> = [
    [
      'a corrupt table (one bit flipped)',
      (good) => {
        const bytes = good.slice();
        bytes[HEADER_BYTES + 5] ^= 1;
        return bytes.buffer;
      },
      /checksum mismatch/,
    ],
    ['a truncated record', (good) => good.slice(0, good.length - 3).buffer, /truncated/],
    ['a record shorter than its header', (good) => good.slice(0, 10).buffer, /truncated/],
    [
      'another format version',
      (good) => {
        const bytes = good.slice();
        new DataView(bytes.buffer).setUint32(8, 99, true);
        return bytes.buffer;
      },
      /format version 99/,
    ],
    ['another goal’s table under this key', () => record(otherGoal, 0, someTable(otherGoal, 0)).buffer, /another board, goal or partition/],
    ['foreign bytes', (good) => new Uint8Array(good.length).fill(65).buffer, /not a puzzlesearch table/],
    ['a value that is not bytes', () => ({ table: [1, 2, 3] }), /not bytes/],
  ];

  it.each(bad)('reports %s once, ignores it, and a rebuilt table replaces it', async (_, spoil, why) => {
    const factory = new IDBFactory();
    const table = someTable(partition, 1);
    await putRaw(factory, tableFileName(partition, 1), spoil(record(partition, 1, table)));
    const warnings: string[] = [];
    const cache = openBrowserTableCache((m) => warnings.push(m), factory);
    expect(await cache.load(partition, 1)).toBeNull();
    expect(await cache.load(partition, 1)).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(why);
    expect(warnings[0]).toContain(tableFileName(partition, 1));
    expect(warnings[0]).toContain('rebuilding');
    // The rebuilt table is saved over the bad record and loads from then on.
    await cache.save(partition, 1, reader(table));
    expect(Array.from((await openBrowserTableCache(() => {}, factory).load(partition, 1))!)).toEqual(Array.from(table));
    expect(warnings).toHaveLength(1);
  });

  it('degrades to memory with one warning when the database cannot be opened (private mode)', async () => {
    const failing = {
      open() {
        const req = { error: new DOMException('The user denied permission to access the database.', 'InvalidStateError') } as unknown as IDBOpenDBRequest;
        setTimeout(() => (req.onerror as (() => void) | null)?.());
        return req;
      },
    } as unknown as IDBFactory;
    const warnings: string[] = [];
    const cache = openBrowserTableCache((m) => warnings.push(m), failing);
    expect(await cache.load(partition, 0)).toBeNull();
    await cache.save(partition, 0, reader(someTable(partition, 0)));
    expect(await cache.load(partition, 1)).toBeNull();
    expect(cache.dir).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/keeping them in memory only/);
    expect(warnings[0]).toContain('denied permission');
  });

  it('degrades to memory with one warning when a write fails (quota)', async () => {
    const factory = new IDBFactory();
    const warnings: string[] = [];
    const cache = openBrowserTableCache((m) => warnings.push(m), factory);
    const table = someTable(partition, 0);
    // A reader that fails as a full store would: save must not throw.
    await cache.save(partition, 0, () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    await cache.save(partition, 1, reader(table));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/quota exceeded.*memory only/);
    expect(cache.dir).toBeNull();
    expect(await cache.load(partition, 1)).toBeNull();
  });

  it.each(engineNames)('keeps real tables built by the %s engine: a fresh core installs them and is ready', async (engine) => {
    const factory = new IDBFactory();
    const builder = await loadCore(engine);
    const cache = openBrowserTableCache(() => {}, factory);
    for (let group = 0; group < partition.groups.length; group++) {
      const build = builder.pdb.build(partition, group);
      while (build.round());
      await cache.save(partition, group, (offset, length) => builder.pdb.table(partition, group, offset, length)!);
    }
    const fresh = await loadCore(engine);
    const reload = openBrowserTableCache(() => {}, factory);
    for (let group = 0; group < partition.groups.length; group++) {
      const table = (await reload.load(partition, group))!;
      expect(Array.from(table)).toEqual(Array.from(builder.pdb.table(partition, group)!));
      fresh.pdb.install(partition, group, table);
    }
    expect(fresh.pdb.ready(partition)).toBe(true);
  });
});
