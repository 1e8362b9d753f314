/**
 * The disk cache of tables reads nothing it has not checked (reliability
 * round 3, D2): a FIFO, a link to /dev/zero or a huge sparse file where a
 * table should be is a bad file, reported once and rebuilt, with no hang and
 * no memory beyond the table's own. The tables are the 3x3 ones, built in
 * milliseconds, and the answer is checked against a BFS. The files'
 * checksum (CRC-32, eight bytes a step) is held to zlib's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { afterAll, describe, expect, it, test } from 'vitest';
import { createSolver, tablesOf } from '../../src/api/solver.js';
import { engineNames } from '../support/engines.js';
import { crc32 } from '../../src/crc32.js';
import { openNodeTableCache } from '../../src/pdb/cache/node.js';
import { seededRandom } from '../oracles.js';
import { bfsDistance, slidingNeighbours } from '../oracles.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A cache folder with the 3x3 tables built in it; their file names and bytes. */
async function builtCache() {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-cache-'));
  dirs.push(dir);
  await (await createSolver({ engine: 'wasm', tables: { dir } })).prepareTables('3x3');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.pdb'))
    .sort();
  return { dir, files, good: files.map((name) => readFileSync(join(dir, name))) };
}

const start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
const optimal = bfsDistance(
  [start],
  (tiles: number[]) => slidingNeighbours(tiles, 3),
  (tiles: number[]) => tiles.join() === goal.join(),
);

describe('the table cache checks a file before it reads it (D2)', () => {
  const spoilers: Array<[string, (path: string) => void, RegExp]> = [
    ['a FIFO', (path) => execFileSync('mkfifo', [path]), /not a regular file/],
    ['a link to /dev/zero', (path) => symlinkSync('/dev/zero', path), /not a regular file/],
    [
      'a 1.9 GB sparse file',
      (path) => {
        writeFileSync(path, '');
        truncateSync(path, 1.9e9);
      },
      /too long \(1900000000 bytes/,
    ],
  ];
  for (const [what, spoil, message] of spoilers) {
    it(`${what} where a table should be is reported once and rebuilt, and the answer comes`, async () => {
      const { dir, files, good } = await builtCache();
      const path = join(dir, files[0]!);
      rmSync(path);
      spoil(path);
      const rss = process.memoryUsage().rss;
      const warnings: string[] = [];
      const solver = await createSolver({ engine: 'wasm', tables: { dir, warn: (line) => warnings.push(line) } });
      await solver.prepareTables('3x3');
      expect(process.memoryUsage().rss - rss).toBeLessThan(500e6);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(path);
      expect(warnings[0]).toMatch(message);
      const result = solver.sliding(start.map((t) => (t === 0 ? 'x' : t)).join(' '));
      expect(result.stats.heuristic).toBe('pdb');
      expect(result.length).toBe(optimal);
      // The rebuilt table replaced what was there, whole.
      expect(Buffer.compare(readFileSync(path), good[0]!)).toBe(0);
    });
  }
});

describe('a table damaged anywhere is refused, reported and rebuilt (issue 38 §3: the load checks with zlib.crc32)', () => {
  it('one bit flipped at the first, a middle and the last byte of each table, and at random places', async () => {
    const { dir, files, good } = await builtCache();
    const random = seededRandom(38);
    let checked = 0;
    for (const [i, name] of files.entries()) {
      const path = join(dir, name);
      const length = good[i]!.length;
      // 64 header bytes, then the table.
      const places = [64, 64 + Math.floor((length - 64) / 2), length - 1, ...Array.from({ length: 3 }, () => 64 + Math.floor(random() * (length - 64)))];
      for (const at of places) {
        const bytes = Buffer.from(good[i]!);
        bytes[at]! ^= 1 << Math.floor(random() * 8);
        writeFileSync(path, bytes);
        const warnings: string[] = [];
        const solver = await createSolver({ engine: 'wasm', tables: { dir, warn: (line) => warnings.push(line) } });
        await solver.prepareTables('3x3');
        expect(warnings, `${name} byte ${at}`).toEqual([`puzzlesearch: ignoring table file ${path}: checksum mismatch (corrupt); rebuilding it`]);
        expect(Buffer.compare(readFileSync(path), good[i]!), `${name} byte ${at}`).toBe(0);
        checked++;
      }
    }
    expect(checked).toBe(6 * files.length);
    // The intact files load without a word, and serve the search.
    const warnings: string[] = [];
    const solver = await createSolver({ engine: 'wasm', tables: { dir, warn: (line) => warnings.push(line) } });
    await solver.prepareTables('3x3');
    expect(warnings).toEqual([]);
    expect(solver.sliding(start.map((t) => (t === 0 ? 'x' : t)).join(' ')).length).toBe(optimal);
  });
});

describe('a table is read straight into the engine (issue 38 §3): a damaged file leaves no table half there, on both engines', () => {
  test.each(engineNames)(
    '%s: a bit flipped at the start, middle or end of a table: the load refuses that table alone, then prepareTables rebuilds it',
    async (engine) => {
      const { dir, files, good } = await builtCache();
      // The largest table: its damage spans several of the load's slices on a larger board.
      const largest = good.reduce((best, bytes, i) => (bytes.length > good[best]!.length ? i : best), 0);
      const path = join(dir, files[largest]!);
      const group = Number(/group(\d+)\.pdb$/.exec(files[largest]!)![1]);
      const length = good[largest]!.length;
      for (const at of [0, 64, 64 + Math.floor((length - 64) / 2), length - 1]) {
        const bytes = Buffer.from(good[largest]!);
        bytes[at]! ^= 0x10;
        writeFileSync(path, bytes);
        const warnings: string[] = [];
        const solver = await createSolver({ engine, tables: { dir, warn: (line) => warnings.push(line) } });
        const tables = tablesOf(solver);
        expect(await tables.loadCached('3x3'), `byte ${at}`).toBe(false);
        const [partition] = tables.partitionsFor('3x3');
        // The damaged table is not held, not even in part; the others are, whole.
        partition!.groups.forEach((_, g) => {
          expect(tables.has(partition!, g), `byte ${at}, group ${g}`).toBe(g !== group);
          if (g !== group)
            expect(
              Buffer.compare(Buffer.from(tables.read(partition!, g)!), good[files.findIndex((name) => name.endsWith(`group${g}.pdb`))]!.subarray(64)),
            ).toBe(0);
        });
        expect(tables.read(partition!, group)).toBeNull();
        const why = at < 64 ? 'not a puzzlesearch table' : 'checksum mismatch (corrupt)';
        expect(warnings, `byte ${at}`).toEqual([`puzzlesearch: ignoring table file ${path}: ${why}; rebuilding it`]);
        // Without its tables the search still comes, optimal, on another heuristic.
        expect(solver.sliding(start.map((t) => (t === 0 ? 'x' : t)).join(' ')).length).toBe(optimal);
        await solver.prepareTables('3x3');
        expect(tables.has(partition!, group)).toBe(true);
        expect(Buffer.compare(readFileSync(path), good[largest]!), `byte ${at}`).toBe(0);
        const result = solver.sliding(start.map((t) => (t === 0 ? 'x' : t)).join(' '));
        expect(result.stats.heuristic).toBe('pdb');
        expect(result.length).toBe(optimal);
      }
    },
  );
});

describe('the disk cache reads a table into the room it is given, a slice at a time', () => {
  it('a bit flipped in any slice (first, last, either side of a boundary) is refused; an intact file fills the room exactly, each slice through a fresh view', async () => {
    const { dir, files, good } = await builtCache();
    const largest = good.reduce((best, bytes, i) => (bytes.length > good[best]!.length ? i : best), 0);
    const path = join(dir, files[largest]!);
    const group = Number(/group(\d+)\.pdb$/.exec(files[largest]!)![1]);
    const [partition] = tablesOf(await createSolver({ engine: 'ts', tables: { dir: false } })).partitionsFor('3x3');
    const table = good[largest]!.subarray(64);
    const slice = 256;
    expect(table.length).toBeGreaterThan(4 * slice);
    const warnings: string[] = [];
    const cache = await openNodeTableCache(dir, (line) => warnings.push(line), slice);
    // A room a little larger than the table, as an engine's memory is: nothing is written past the table.
    const memory = new Uint8Array(table.length + 16).fill(0xa5);
    let views = 0;
    const room = () => (views++, memory.subarray(0, table.length));
    const loaded = await cache.load(partition!, group, room);
    expect(loaded).not.toBeNull();
    expect(Buffer.compare(memory.subarray(0, table.length), table)).toBe(0);
    expect([...memory.subarray(table.length)].every((byte) => byte === 0xa5)).toBe(true);
    expect(views).toBeGreaterThanOrEqual(Math.ceil(table.length / slice));
    expect(warnings).toEqual([]);
    for (const at of [0, slice - 1, slice, 2 * slice + 7, table.length - slice, table.length - 1]) {
      const bytes = Buffer.from(good[largest]!);
      bytes[64 + at]! ^= 0x80;
      writeFileSync(path, bytes);
      // A fresh cache each time: a file is reported once a cache.
      const heard: string[] = [];
      const fresh = await openNodeTableCache(dir, (line) => heard.push(line), slice);
      expect(await fresh.load(partition!, group, () => memory.subarray(0, table.length)), `table byte ${at}`).toBeNull();
      expect(heard, `table byte ${at}`).toEqual([`puzzlesearch: ignoring table file ${path}: checksum mismatch (corrupt); rebuilding it`]);
    }
    writeFileSync(path, good[largest]!);
  });
});

describe('a room that cannot be had is not blamed on the file', () => {
  it("the room's error (memory that cannot grow) comes out of load as it is, with no warning, and the file stays", async () => {
    const { dir, files, good } = await builtCache();
    const [partition] = tablesOf(await createSolver({ engine: 'ts', tables: { dir: false } })).partitionsFor('3x3');
    const group = Number(/group(\d+)\.pdb$/.exec(files[0]!)![1]);
    const warnings: string[] = [];
    const cache = await openNodeTableCache(dir, (line) => warnings.push(line));
    const refusal = new RangeError('puzzlesearch: cannot grow WebAssembly memory by 0.0 MiB for the 4-tile table of 4-4');
    await expect(
      cache.load(partition!, group, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(warnings).toEqual([]);
    expect(Buffer.compare(readFileSync(join(dir, files[0]!)), good[0]!)).toBe(0);
  });
});

describe("the table files' checksum", () => {
  it("is zlib's CRC-32 on every length up to 40 and on random slices, also continued over a split", () => {
    const random = seededRandom(32);
    const bytes = Uint8Array.from({ length: 5000 }, () => Math.floor(random() * 256));
    for (let length = 0; length <= 40; length++) expect(crc32(bytes.subarray(0, length))).toBe(zlibCrc32(bytes.subarray(0, length)));
    for (let round = 0; round < 200; round++) {
      const from = Math.floor(random() * 100);
      const to = from + Math.floor(random() * 4000);
      const split = from + Math.floor(random() * (to - from + 1));
      const slice = bytes.subarray(from, to);
      expect(crc32(slice)).toBe(zlibCrc32(slice));
      expect(crc32(bytes.subarray(split, to), crc32(bytes.subarray(from, split)))).toBe(zlibCrc32(slice));
    }
  });
});
