/**
 * A solver's pattern-database tables (src/pdb/), on both engines: preparing
 * them, choosing the partition, the disk cache (files written, read back,
 * damaged ones rebuilt), the CLI's `tables` command over the same cache, and
 * the partition option with what one solver can hold. The tables themselves
 * (the engines' builds against BFS) are tests/engine/pdb.slow.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PuzzleInputError } from '../../src/api/boards.js';
import type { TablesProgress } from '../../src/pdb/tables.js';
import { createSolver, tablesOf } from '../../src/api/solver.js';
import { decodeTableFile, tableFileName } from '../../src/pdb/cache/format.js';
import { cacheDir } from '../../src/pdb/cache/node.js';
import { runTablesCommand } from '../../src/cli/tablesCommand.js';
import { engineNames } from '../support/engines.js';

const neighbourCells = (cell: number, width: number, height: number): number[] => {
  const row = Math.floor(cell / width);
  const column = cell % width;
  const out: number[] = [];
  if (row > 0) out.push(cell - width);
  if (row < height - 1) out.push(cell + width);
  if (column > 0) out.push(cell - 1);
  if (column < width - 1) out.push(cell + 1);
  return out;
};

// ---------------------------------------------------------------------------
// The solver's tables: preparing, choosing, caching.

describe('solver tables and the disk cache', () => {
  const scratchDirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pdb-'));
    scratchDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
  });

  // 3x3 boards and their BFS distances (blank-last goal) for quick checks.
  const eightGoal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  const eightSample = [8, 6, 7, 2, 5, 4, 3, 0, 1]; // 31 moves
  const rows = (tiles: number[], width: number) =>
    Array.from({ length: tiles.length / width }, (_, r) =>
      tiles
        .slice(r * width, r * width + width)
        .map((t) => (t === 0 ? 'x' : String(t)))
        .join(' '),
    ).join('\n');

  test.each(engineNames)('%s: an unknown heuristic names the choices; explicit pdb builds on first need', async (engine) => {
    const solver = await createSolver({ engine, tables: { dir: false } });
    expect(() => solver.sliding(rows(eightSample, 3), { heuristic: 'pdb-663' as never })).toThrow(PuzzleInputError);
    expect(() => solver.sliding(rows(eightSample, 3), { heuristic: 'pdb-663' as never })).toThrow(
      "unknown heuristic 'pdb-663', expected manhattan, linear-conflict or pdb",
    );
    const plain = solver.sliding(rows(eightSample, 3));
    expect(plain.stats.heuristic).toBe('manhattan');
    const pdb = solver.sliding(rows(eightSample, 3), { heuristic: 'pdb' });
    expect(pdb.stats).toMatchObject({ heuristic: 'pdb', partition: '4-4' });
    expect(pdb.length).toBe(31);
    expect(pdb.stats.nodes).toBeLessThan(plain.stats.nodes);
    // A goal with the blank in the middle has no partition: linear conflict.
    const middle = solver.sliding(rows(eightSample, 3), { heuristic: 'pdb', goal: rows([1, 2, 3, 4, 0, 5, 6, 7, 8], 3) });
    expect(middle.stats.heuristic).toBe('linear-conflict');
    expect(solver.sliding(rows(eightSample, 3), { algorithm: 'bfs' }).stats.heuristic).toBe('none');
  });

  test('4x4: prepareTables builds once into the cache, a second solver (the other engine) loads it; goals reuse tables by relabelling', async () => {
    const dir = tempDir();
    const progress: TablesProgress[] = [];
    const first = await createSolver({ engine: 'wasm', tables: { dir } });
    const korf1 = '14 13 15 7\n11 12 9 5\n6 x 2 1\n4 8 10 3';
    expect(first.sliding(korf1, { goal: 'blank-first', maxNodes: 10 }).stats.heuristic).toBe('linear-conflict');
    await first.prepareTables('4x4', { goal: 'both', onProgress: (p) => progress.push(p) });
    expect(progress.filter((p) => p.phase === 'build').length).toBeGreaterThan(6 * 10);
    // The blank-first tables are the blank-last ones turned half a turn: derived, not built.
    expect(progress.at(-1)).toMatchObject({ group: 2, groups: 3, phase: 'derive' });
    expect(new Set(progress.filter((p) => p.phase === 'derive').map((p) => p.group))).toEqual(new Set([0, 1, 2]));
    expect(progress.at(-1)!.settled).toBe(progress.at(-1)!.entries);
    expect(readdirSync(dir).filter((name) => name.endsWith('.pdb'))).toHaveLength(6);

    const second = await createSolver({ engine: 'ts', tables: { dir } });
    const loaded: TablesProgress[] = [];
    await second.prepareTables('4x4', { goal: 'both', onProgress: (p) => loaded.push(p) });
    expect(loaded.map((p) => p.phase)).toEqual(['load', 'load', 'load', 'load', 'load', 'load']);
    for (const solver of [first, second]) {
      const result = solver.sliding(korf1, { goal: 'blank-first' });
      expect(result.stats).toMatchObject({ heuristic: 'pdb', partition: '6-6-3' });
      expect(result.length).toBe(57);
    }
    // Blank-last goal with its tiles renamed: same blank cell, same tables.
    const renamed = [3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
    // 60 random moves away from that goal.
    const walk = renamed.slice();
    let state = 12345;
    for (let moves = 0, blank = 15; moves < 60; ) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const choices = neighbourCells(blank, 4, 4);
      const to = choices[state % choices.length]!;
      walk[blank] = walk[to]!;
      walk[to] = 0;
      blank = to;
      moves++;
    }
    const reference = first.sliding(rows(walk, 4), { goal: rows(renamed, 4), heuristic: 'linear-conflict' });
    expect(reference.length).toBeGreaterThan(0);
    for (const solver of [first, second]) {
      const result = solver.sliding(rows(walk, 4), { goal: rows(renamed, 4) });
      expect(result.stats.heuristic).toBe('pdb');
      expect(result.length).toBe(reference.length);
    }
  }, 120_000);

  test('an AbortSignal stops a build between rounds and leaves no table behind', async () => {
    const solver = await createSolver({ engine: 'ts', tables: { dir: false } });
    const controller = new AbortController();
    let rounds = 0;
    const pending = solver.prepareTables('3x3', {
      signal: controller.signal,
      onProgress: () => {
        if (++rounds === 3) controller.abort(new Error('stop now'));
      },
    });
    await expect(pending).rejects.toThrow('stop now');
    expect(rounds).toBe(3);
    expect(solver.sliding(rows(eightSample, 3)).stats.heuristic).toBe('manhattan');
    await solver.prepareTables('3x3');
    expect(solver.sliding(rows(eightSample, 3)).stats.heuristic).toBe('pdb');
  });

  test('prepareTables calls on one solver take turns; a search asking for the PDB mid-build uses linear conflict', async () => {
    const solver = await createSolver({ engine: 'wasm', tables: { dir: false } });
    const during: string[] = [];
    const first = solver.prepareTables('3x3', {
      onProgress: () => {
        if (during.length === 0) during.push(solver.sliding(rows(eightSample, 3), { heuristic: 'pdb' }).stats.heuristic!);
      },
    });
    const second = solver.prepareTables('3x3', { goal: 'both' });
    await Promise.all([first, second]);
    expect(during).toEqual(['linear-conflict']);
    for (const goal of [rows(eightGoal, 3), rows([0, 1, 2, 3, 4, 5, 6, 7, 8], 3)]) {
      const result = solver.sliding(rows(eightSample, 3), { goal });
      expect(result.stats.heuristic).toBe('pdb');
    }
  });

  test('truncated, bit-flipped, foreign and wrong-version files are reported once and rebuilt', async () => {
    const dir = tempDir();
    const builder = await createSolver({ engine: 'wasm', tables: { dir } });
    await builder.prepareTables('3x3');
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.pdb'))
      .sort();
    expect(files).toHaveLength(2);
    const good = files.map((name) => readFileSync(join(dir, name)));
    const damage: Array<[string, (bytes: Buffer) => Buffer]> = [
      ['truncated', (bytes) => bytes.subarray(0, bytes.length - 100)],
      [
        'checksum',
        (bytes) => {
          const copy = Buffer.from(bytes);
          copy[copy.length - 7]! ^= 0x10;
          return copy;
        },
      ],
      [
        'format version',
        (bytes) => {
          const copy = Buffer.from(bytes);
          copy.writeUInt32LE(99, 8);
          return copy;
        },
      ],
      [
        'another board',
        (bytes) => {
          const copy = Buffer.from(bytes);
          copy[16]! ^= 0x01; // the group's cells
          return copy;
        },
      ],
      ['truncated', () => Buffer.from('PZS')],
    ];
    for (const [reason, spoil] of damage) {
      writeFileSync(join(dir, files[0]!), spoil(good[0]!));
      const warnings: string[] = [];
      for (const engine of engineNames) {
        const solver = await createSolver({ engine, tables: { dir, warn: (message) => warnings.push(message) } });
        await solver.prepareTables('3x3');
        expect(solver.sliding(rows(eightSample, 3)).length).toBe(31);
        // Once rebuilt and rewritten, the file is whole again.
        expect(Buffer.compare(readFileSync(join(dir, files[0]!)), good[0]!)).toBe(0);
        if (engine === 'wasm') writeFileSync(join(dir, files[0]!), spoil(good[0]!));
      }
      expect(warnings, reason).toHaveLength(2);
      for (const warning of warnings) expect(warning).toContain(reason);
    }
  });

  test('two builders racing on one directory leave one valid file per table', async () => {
    const dir = tempDir();
    const solvers = await Promise.all(engineNames.map((engine) => createSolver({ engine, tables: { dir } })));
    await Promise.all(solvers.map((solver) => solver.prepareTables('3x3')));
    const names = readdirSync(dir);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(names.filter((name) => name.endsWith('.pdb'))).toHaveLength(2);
    const warnings: string[] = [];
    const reader = await createSolver({ engine: 'ts', tables: { dir, warn: (message) => warnings.push(message) } });
    const phases: string[] = [];
    await reader.prepareTables('3x3', { onProgress: (p) => phases.push(p.phase) });
    expect(phases).toEqual(['load', 'load']);
    expect(warnings).toEqual([]);
  });

  test('an unwritable cache directory warns once and still solves with the PDB', async () => {
    const dir = tempDir();
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a directory');
    const warnings: string[] = [];
    const solver = await createSolver({ engine: 'wasm', tables: { dir: join(blocker, 'cache'), warn: (message) => warnings.push(message) } });
    await solver.prepareTables('3x3', { goal: 'both' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/cannot write tables .* memory only/);
    const result = solver.sliding(rows(eightSample, 3));
    expect(result.stats.heuristic).toBe('pdb');
    expect(result.length).toBe(31);
  });

  // Reliability round 4, D6: one blocked path stopped every later save of the run, and the warning blamed the directory.
  test.each(engineNames)(
    "%s: a directory at 4x4 group 0's path stops that save alone: groups 1 and 2 are saved, the warning names group 0's path",
    async (engine) => {
      const dir = tempDir();
      const warnings: string[] = [];
      const solver = await createSolver({ engine, tables: { dir, warn: (message) => warnings.push(message) } });
      const tables = tablesOf(solver);
      const [partition] = tables.partitionsFor('4x4', { goal: 'blank-first' });
      const path = (group: number) => join(dir, tableFileName(partition!, group));
      // A directory in the way fails for root too (which ignores permissions).
      expect(path(0)).toBe(join(dir, '4x4-blank0-6-6-3-group0.pdb'));
      mkdirSync(path(0));
      await solver.prepareTables('4x4', { goal: 'blank-first' });

      expect(warnings).toEqual([
        `puzzlesearch: ignoring table file ${path(0)}: not a regular file; rebuilding it`,
        `puzzlesearch: cannot save ${path(0)} (a directory is in the way); keeping that table in memory only`,
      ]);
      // What `tables build` reports.
      expect(tables.unsaved(partition!, 0)).toBe(`cannot save ${path(0)} (a directory is in the way)`);
      for (const group of [1, 2]) {
        expect(tables.unsaved(partition!, group)).toBeUndefined();
        // Whole: the file holds the very table the solver made.
        const saved = decodeTableFile(partition!, group, new Uint8Array(readFileSync(path(group))));
        expect(saved).toBeInstanceOf(Uint8Array);
        expect(Buffer.compare(Buffer.from(saved as Uint8Array), Buffer.from(tables.read(partition!, group)!))).toBe(0);
      }
      // Another solver loads them from there; group 0 it cannot.
      const again = tablesOf(await createSolver({ engine, tables: { dir, warn: () => {} } }));
      expect(await again.loadCached('4x4', { goal: 'blank-first' })).toBe(false);
      expect([0, 1, 2].map((group) => again.has(partition!, group))).toEqual([false, true, true]);
    },
  );

  test('the cache directory follows the option, PUZZLESEARCH_CACHE, then XDG_CACHE_HOME', async () => {
    const saved = { cache: process.env.PUZZLESEARCH_CACHE, xdg: process.env.XDG_CACHE_HOME };
    try {
      process.env.PUZZLESEARCH_CACHE = '/tmp/ps-cache-env';
      process.env.XDG_CACHE_HOME = '/tmp/xdg';
      expect(await cacheDir('/tmp/explicit')).toBe('/tmp/explicit');
      expect(await cacheDir()).toBe('/tmp/ps-cache-env');
      delete process.env.PUZZLESEARCH_CACHE;
      expect(await cacheDir()).toBe('/tmp/xdg/puzzlesearch');
      delete process.env.XDG_CACHE_HOME;
      expect(await cacheDir()).toBe(join(homedir(), '.cache', 'puzzlesearch'));
    } finally {
      for (const [name, value] of [
        ['PUZZLESEARCH_CACHE', saved.cache],
        ['XDG_CACHE_HOME', saved.xdg],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  test('tables build|list|clear from the command function', async () => {
    const dir = tempDir();
    const text = { out: '', err: '' };
    const out = { write: (s: string) => (text.out += s) };
    const err = { write: (s: string) => (text.err += s) };
    expect(await runTablesCommand(['build', '--size', '3x3', '--dir', dir, '--goal', 'blank-last'], out, err)).toBe(0);
    expect(text.out).toMatch(/tables for 3x3 ready/);
    expect(await runTablesCommand(['list', '--dir', dir], out, err)).toBe(0);
    expect(text.out).toContain('3x3-blank8-4-4-group0.pdb');
    expect(await runTablesCommand(['build', '--size', '3x3', '--partition', '7-8', '--dir', dir], out, err)).toBe(1);
    expect(text.err).toContain("unknown partition '7-8' for 3x3, expected 4-4");
    expect(await runTablesCommand(['frobnicate'], out, err)).toBe(1);
    expect(await runTablesCommand(['clear', '--dir', dir], out, err)).toBe(0);
    expect(text.out).toContain('removed 2 files');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("the solver's partition option", () => {
  test('applies to the sizes that have it; others keep their default; an unknown name is refused', async () => {
    await expect(createSolver({ engine: 'ts', tables: { dir: false, partition: 'x-y' } })).rejects.toThrow(
      /unknown partition 'x-y', expected 4-4, 4-4-zero-aware, 6-6-3, 7-8, 6-6-3-zero-aware, 6-6-6-6, 6-6-6-6x3, 6-6-6-6x7, 6-6-6-6-zero-aware, 6-6-6-6x3-zero-aware, 6-6-6-6x7-zero-aware$/,
    );
    const solver = await createSolver({ engine: 'ts', tables: { dir: false, partition: '7-8' } });
    const seen = new Set<string>();
    await solver.prepareTables('3x3', { onProgress: (progress) => seen.add(progress.partition) });
    expect([...seen]).toEqual(['4-4']);
    expect(solver.sliding('2 3 4 1 5 x 7 6 8', { algorithm: 'idastar' }).stats).toMatchObject({ heuristic: 'pdb', partition: '4-4' });
  });

  test('tables one solver cannot hold are refused before any build: 6-6-6-6x7-zero-aware for both goals (4.3 GB)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-held-'));
    try {
      for (const engine of engineNames) {
        const solver = await createSolver({ engine, tables: { dir } });
        await expect(solver.prepareTables('5x5', { goal: 'both', partition: '6-6-6-6x7-zero-aware' })).rejects.toThrow(
          /^tables: the 6-6-6-6x7-zero-aware tables for both goals would make this solver hold 4\.3 GB of tables, more than the 3\.8 GB one solver can; prepare one goal at a time/,
        );
        // Refused up front: nothing built, nothing written.
        expect(readdirSync(dir)).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
