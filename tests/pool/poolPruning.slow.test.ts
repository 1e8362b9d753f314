/**
 * The pool's `pruningFiles` (src/pool/pruningFiles.ts): the move-pruning
 * machines' files, loaded once by the pool and handed to every worker, which
 * installs them instead of building (or, in Node, reading data/). On both
 * engines: given the files (as a `file:` URL and as bytes), every worker
 * answers a 24-puzzle that linear conflicts settle and a 15-puzzle optimally
 * (paths replayed; lengths against IDA* pruning only the parent move, and a
 * bidirectional BFS of tests/oracles.js), and says its machines were
 * installed, a restarted worker's too. The files are fetched while the
 * workers start (a local server holds the file until the test lets it go):
 * the pool is ready before the file is served, a 3x3 search is answered
 * meanwhile, and the first 24-puzzle search waits for the file and uses it, on
 * a worker restarted meanwhile too. A file that cannot be had (HTTP 404, a
 * refused connection, no such file) or holds no machine is passed over (the
 * worker reads data/ as without the option) and said once, in one line naming
 * the size, the file and why, however many workers refused it; the answers
 * stay optimal. A bad option is a one-line PuzzleInputError.
 *
 * A `file:` source is checked before it is read (reliability round 4, D2): a
 * FIFO, a link to /dev/zero or a 1.9 GB sparse file is said in one line (what
 * it is) and passed over, on both engines: the searches answer, optimally,
 * with the machine read from data/. Each runs in a child process under a time
 * and memory guard (tests/support/guardedChild.ts): a FIFO read with
 * readFileSync blocked the pool's thread for good, past every timer, and
 * /dev/zero grew to GBs.
 *
 * Like tests/pool/pool.slow.test.ts, this starts dist/pool/worker.js: run `npm run build` first.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Package from '../../src/index.js';
import type * as Outside from '../../src/pool/outside.js';
import type { PruningMessage } from '../../src/pool/protocol.js';
import { PruningDelivery } from '../../src/pool/pruningFiles.js';
import type { WorkerSlots } from '../../src/pool/slots.js';
import { bidirectionalDistance, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { engineNames } from '../support/engines.js';
import { builtModule, packageRoot } from '../support/builtPackage.js';
import { rejection } from '../support/rejection.js';
import { runGuarded } from '../support/guardedChild.js';

const root = packageRoot;
let lib: typeof Package;
let outside: typeof Outside;

/**
 * A local server of data/'s files below /files/ (404 for any other path);
 * /held/NAME is the same file, answered only once `release()` is called.
 */
interface FileServer {
  origin: string;
  /** Requests for held files so far. */
  heldRequests: number;
  release(): void;
  server: Server;
}

/** Zeros in 64 KiB chunks until the client goes away. */
function sendForever(response: ServerResponse): void {
  const chunk = Buffer.alloc(2 ** 16);
  const more = () => {
    while (!response.destroyed && response.write(chunk)) {}
    if (!response.destroyed) response.once('drain', more);
  };
  response.writeHead(200);
  more();
}

function serveData(): Promise<FileServer> {
  const held: (() => void)[] = [];
  let released = false;
  const files: FileServer = {
    origin: '',
    heldRequests: 0,
    release: () => {
      released = true;
      for (const send of held.splice(0)) send();
    },
    server: createServer((request, response) => {
      const [, folder, name] = /^\/(files|held|endless|huge)\/([\w.-]+)$/.exec(request.url ?? '') ?? [];
      // A body that never ends (chunked, no length said), and one whose length says 2 MiB.
      if (folder === 'endless') return sendForever(response);
      if (folder === 'huge') return response.writeHead(200, { 'content-length': String(2 ** 21) }).end(Buffer.alloc(2 ** 21));
      let bytes: Buffer | undefined;
      try {
        bytes = name ? readFileSync(join(root, 'data', name)) : undefined;
      } catch {}
      const send = () => (bytes ? response.writeHead(200).end(bytes) : response.writeHead(404, 'Not Found').end());
      if (folder !== 'held') return send();
      files.heldRequests++;
      if (released) send();
      else held.push(send);
    }),
  };
  return new Promise((resolve) =>
    files.server.listen(0, '127.0.0.1', () => {
      files.origin = `http://127.0.0.1:${(files.server.address() as AddressInfo).port}`;
      resolve(files);
    }),
  );
}

let files: FileServer;

beforeAll(async () => {
  lib = await builtModule<typeof Package>('dist/index.js');
  outside = await builtModule<typeof Outside>('dist/pool/outside.js');
  files = await serveData();
});

afterAll(() => new Promise<void>((resolve) => files.server.close(() => resolve())));

type Tiles = number[];
const blankLast = (cells: number): Tiles => Array.from({ length: cells }, (_, i) => (i + 1) % cells);
const key = (tiles: Tiles) => tiles.join(',');
const dataFile = (name: string) => pathToFileURL(join(root, 'data', name));

const random = seededRandom(19);
/** A 24-puzzle 40 moves from home (linear conflicts settle it, no tables needed) and a 15-puzzle 30 moves from home. */
const board24 = slidingWalk(blankLast(25), 5, 40, random).tiles;
const board15 = slidingWalk(blankLast(16), 4, 30, random).tiles;

/** Where each worker's 'fsm' machine of a size came from (installed, read, built), by worker. */
function origins(pool: Package.SolverPool, width: number, height: number): Promise<unknown[]> {
  const internals = outside.poolInternals(pool);
  return Promise.all(pool.workers.map((_, worker) => internals.call(worker, 'movePruningOrigin', [width, height])));
}

describe.each(engineNames)('a pool given the move-pruning files, on %s', (engine) => {
  it('every worker installs them, builds none, and answers a 24-puzzle and a 15-puzzle optimally', async () => {
    const pool = await lib.createSolverPool({
      workers: 2,
      engine,
      tables: { dir: false },
      pruningFiles: { '4x4': dataFile('pruning-4x4.bin'), '5x5': readFileSync(join(root, 'data/pruning-5x5.bin')) },
    });
    try {
      const solver = await lib.createSolver({ engine, tables: { dir: false } });
      for (const [tiles, width] of [
        [board24, 5],
        [board15, 4],
      ] as const) {
        const parentOnly = solver.sliding(tiles, { heuristic: 'linear-conflict', pruning: 'parent' });
        expect(parentOnly.status).toBe('solved');
        // Every worker searches it, so that each uses its machine.
        for (const worker of [0, 1]) {
          const result = (await outside.poolInternals(pool).call(worker, 'sliding', [tiles])) as Package.SlidingResult;
          expect(result.length).toBe(parentOnly.length);
          expect(replaySliding(tiles, width, result.moves)).toEqual(blankLast(width * width));
        }
      }
      const distance15 = bidirectionalDistance(board15, blankLast(16), (state: Tiles) => slidingNeighbours(state, 4), key);
      expect(solver.sliding(board15).length).toBe(distance15);
      expect(await origins(pool, 5, 5)).toEqual(['installed', 'installed']);
      expect(await origins(pool, 4, 4)).toEqual(['installed', 'installed']);
    } finally {
      await pool.terminate();
    }
  });

  it('a restarted worker is handed them again', async () => {
    const pool = await lib.createSolverPool({ workers: 1, engine, cancel: 'restart', pruningFiles: { '5x5': dataFile('pruning-5x5.bin') } });
    try {
      const controller = new AbortController();
      // Aborted at its first progress: 'restart' ends the worker and starts a fresh one.
      const search = pool.sliding(
        board24,
        { heuristic: 'linear-conflict', pruning: 'parent' },
        { signal: controller.signal, onProgress: () => controller.abort() },
      );
      expect((await rejection(search)).name).toBe('AbortError');
      expect(pool.workers[0]!.generation).toBe(2);
      // Installed as the fresh worker started (a file read would say 'read').
      expect(await origins(pool, 5, 5)).toEqual(['installed']);
      expect((await pool.sliding(board24, { heuristic: 'linear-conflict' })).status).toBe('solved');
    } finally {
      await pool.terminate();
    }
  });

  it('the files are fetched while the workers start: a search of their size waits for them, others do not, and a worker restarted meanwhile gets them', async () => {
    // A fresh server, so that its held file is this test's alone.
    const held = await serveData();
    const pool = await lib.createSolverPool({
      workers: 2,
      engine,
      cancel: 'restart',
      pruningFiles: { '5x5': `${held.origin}/held/pruning-5x5.bin` },
    });
    try {
      // Every worker started and loaded its solver while the file was asked for and not yet served.
      expect(held.heldRequests).toBe(1);
      const board8 = slidingWalk(blankLast(9), 3, 20, random).tiles;
      const answer8 = (await pool.sliding(board8)) as Package.SlidingResult;
      expect(replaySliding(board8, 3, answer8.moves)).toEqual(blankLast(9));
      // Worker 0's 24-puzzle search waits for the file; cancelled there, the worker is replaced before the file comes.
      const controller = new AbortController();
      const waiting = outside.poolInternals(pool).call(0, 'sliding', [board24], { signal: controller.signal });
      controller.abort();
      expect((await rejection(waiting)).name).toBe('AbortError');
      expect(pool.workers.map((worker) => worker.generation)).toEqual([2, 1]);
      const searches = [0, 1].map((worker) => outside.poolInternals(pool).call(worker, 'sliding', [board24]) as Promise<Package.SlidingResult>);
      held.release();
      const parentOnly = (await lib.createSolver({ engine, tables: { dir: false } })).sliding(board24, { heuristic: 'linear-conflict', pruning: 'parent' });
      for (const result of await Promise.all(searches)) {
        expect(result.length).toBe(parentOnly.length);
        expect(replaySliding(board24, 5, result.moves)).toEqual(blankLast(25));
      }
      // The searches used the file (without it Node would have read data/: 'read').
      expect(await origins(pool, 5, 5)).toEqual(['installed', 'installed']);
      expect(held.heldRequests).toBe(1);
    } finally {
      await pool.terminate();
      await new Promise((resolve) => held.server.close(resolve));
    }
    // Not a measure of speed: a pool that waited for the held file would never be ready, and this ends it.
  }, 120_000);
});

describe('a move-pruning file the pool cannot use', () => {
  const corrupt5x5 = () => {
    const bytes = readFileSync(join(root, 'data/pruning-5x5.bin'));
    // One bit of the machine flipped: its CRC-32 no longer holds.
    bytes[bytes.length >> 1]! ^= 0x10;
    return bytes;
  };
  const closedPort = async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}/pruning-5x5.bin`;
  };

  it.each([
    ['an HTTP 404', () => `${files.origin}/files/no-such-file.bin`, /^\(http:\/\/127\.0\.0\.1:\d+\/files\/no-such-file\.bin\): HTTP 404 Not Found$/],
    ['a refused connection', closedPort, /^\(http:\/\/127\.0\.0\.1:\d+\/pruning-5x5\.bin\): fetch failed \(ECONNREFUSED\)$/],
    ['a missing file', () => dataFile('no-such-file.bin'), /^\(file:\/\/\S+\/data\/no-such-file\.bin\): ENOENT: no such file or directory/],
    [
      'a file of another size',
      () => `${files.origin}/files/pruning-4x4.bin`,
      /^\(http:\S+\/files\/pruning-4x4\.bin\): holds no 5x5 move-pruning machine of this version/,
    ],
    [
      'an endless HTTP body',
      () => `${files.origin}/endless/pruning-5x5.bin`,
      /^\(http:\S+\/endless\/pruning-5x5\.bin\): too long \(\d+ bytes or more, at most 1048576 expected\)$/,
    ],
    [
      'an HTTP body said to be 2 MiB',
      () => `${files.origin}/huge/pruning-5x5.bin`,
      /^\(http:\S+\/huge\/pruning-5x5\.bin\): too long \(2097152 bytes or more, at most 1048576 expected\)$/,
    ],
    ['a corrupt file', corrupt5x5, /^\(482311 bytes given\): holds no 5x5 move-pruning machine of this version/],
  ])('%s is said once, whatever the workers, and the searches answer optimally without it', async (_, source, reason) => {
    const warnings: string[] = [];
    const pool = await lib.createSolverPool({ workers: 2, pruningFiles: { '5x5': await source() }, warn: (line) => warnings.push(line) });
    try {
      const parentOnly = (await lib.createSolver({ tables: { dir: false } })).sliding(board24, { heuristic: 'linear-conflict', pruning: 'parent' });
      // Both workers search, so that each one that was handed bytes refuses them.
      for (const worker of [0, 1]) {
        const result = (await outside.poolInternals(pool).call(worker, 'sliding', [board24])) as Package.SlidingResult;
        expect(result.length).toBe(parentOnly.length);
        expect(replaySliding(board24, 5, result.moves)).toEqual(blankLast(25));
      }
      // As without the option: read from data/ (Node), not installed.
      expect(await origins(pool, 5, 5)).toEqual(['read', 'read']);
      expect(warnings).toHaveLength(1);
      const [, said] = /^puzzlesearch: pruningFiles\['5x5'\] (.*); the workers read that machine from data\/ \(or build it\) instead$/.exec(warnings[0]!) ?? [];
      expect(said).toMatch(reason);
    } finally {
      await pool.terminate();
    }
  });

  it('goes to console.warn when no warn is given', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const pool = await lib.createSolverPool({ workers: 1, pruningFiles: { '4x4': corrupt5x5() } });
      try {
        expect((await pool.sliding(board15, { parallel: false })).status).toBe('solved');
      } finally {
        await pool.terminate();
      }
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(/^puzzlesearch: pruningFiles\['4x4'\] \(482311 bytes given\): holds no 4x4/),
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});

/**
 * Run in a child: a pool of two workers given `file` as its 4x4 machine, one
 * 4x4 `sliding` (the reproduction), then the board on each worker; prints the
 * warnings, the answers and where each worker's machine came from.
 */
const pruningFileChild = `
const [root, engine, file, board] = process.argv.slice(2);
const { pathToFileURL } = await import('node:url');
const lib = await import(pathToFileURL(root + '/dist/index.js').href);
const outside = await import(pathToFileURL(root + '/dist/pool/outside.js').href);
const warnings = [];
const pool = await lib.createSolverPool({ workers: 2, engine, pruningFiles: { '4x4': pathToFileURL(file) }, warn: (line) => warnings.push(line) });
try {
  const tiles = JSON.parse(board);
  const answers = [await pool.sliding(tiles)];
  for (const worker of [0, 1]) answers.push(await outside.poolInternals(pool).call(worker, 'sliding', [tiles]));
  const origins = await Promise.all([0, 1].map((worker) => outside.poolInternals(pool).call(worker, 'movePruningOrigin', [4, 4])));
  console.log(JSON.stringify({ warnings, answers: answers.map(({ length, moves }) => ({ length, moves })), origins }));
} finally {
  await pool.terminate();
}
`;

describe.each(engineNames)('a pruningFiles path that is no regular file (D2), on %s', (engine) => {
  const spoilers: Array<[string, (path: string) => void, string]> = [
    ['a FIFO', (path) => execFileSync('mkfifo', [path]), 'not a regular file (a FIFO)'],
    ['a link to /dev/zero', (path) => symlinkSync('/dev/zero', path), 'not a regular file (a character device)'],
    [
      'a 1.9 GB sparse file',
      (path) => {
        writeFileSync(path, '');
        truncateSync(path, 1.9e9);
      },
      'too long (1900000000 bytes, at most 1048576 expected)',
    ],
  ];
  it.each(spoilers)('%s: one line naming it and what it is, no hang, and the searches answer optimally from data/', async (_, spoil, what) => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-pruning-'));
    try {
      const file = join(dir, 'pruning-4x4.bin');
      spoil(file);
      // A file, not --eval: the pool's workers would inherit --input-type.
      const script = join(dir, 'child.mjs');
      writeFileSync(script, pruningFileChild);
      const run = await runGuarded([script, root, engine, file, JSON.stringify(board15)], {
        timeoutMs: 60_000,
        maxRssBytes: 500e6,
      });
      expect(run.stopped, run.stderr).toBeNull();
      // The guard watched it (about 75 MB here).
      expect(run.peakRssBytes).toBeGreaterThan(0);
      expect(run.status, run.stderr).toBe(0);
      const { warnings, answers, origins } = JSON.parse(run.stdout) as {
        warnings: string[];
        answers: Array<{ length: number; moves: Package.SlidingMove[] }>;
        origins: unknown[];
      };
      expect(warnings).toEqual([
        `puzzlesearch: pruningFiles['4x4'] (${pathToFileURL(file).href}): ${what}; the workers read that machine from data/ (or build it) instead`,
      ]);
      const distance = bidirectionalDistance(board15, blankLast(16), (state: Tiles) => slidingNeighbours(state, 4), key);
      for (const answer of answers) {
        expect(answer.length).toBe(distance);
        expect(replaySliding(board15, 4, answer.moves)).toEqual(blankLast(16));
      }
      expect(origins).toEqual(['read', 'read']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a move-pruning file that does not come', () => {
  it('is given up after the time allowed: said once, and every worker told to make the machine itself, a restarted one too', async () => {
    const held = await serveData();
    const warnings: string[] = [];
    const posted: Array<{ worker: number; message: PruningMessage }> = [];
    const slot = (worker: number) => ({ port: { post: (message: PruningMessage) => posted.push({ worker, message }) } });
    // The side of WorkerSlots the delivery uses: its workers, their start, the pool's end.
    const workers = { ended: new AbortController(), slots: [slot(0), slot(1)], onStart: (_: unknown) => {}, onPruningRefused: () => {} };
    try {
      new PruningDelivery([['5x5', `${held.origin}/held/pruning-5x5.bin`]], (line) => warnings.push(line), 200).deliverTo(workers as unknown as WorkerSlots);
      await vi.waitFor(() => expect(posted).toHaveLength(2), { timeout: 10_000 });
      expect(held.heldRequests).toBe(1);
      expect(posted.map(({ worker, message }) => [worker, message.width, message.height, message.bytes])).toEqual([
        [0, 5, 5, null],
        [1, 5, 5, null],
      ]);
      expect(warnings).toEqual([
        expect.stringMatching(/^puzzlesearch: pruningFiles\['5x5'\] \(http:\/\/127\.0\.0\.1:\d+\/held\/pruning-5x5\.bin\): no answer within 0\.2 s; /),
      ]);
      // A worker started later hears the same.
      workers.onStart(slot(2));
      expect(posted.at(-1)).toEqual({ worker: 2, message: { type: 'pruning', width: 5, height: 5, bytes: null } });
    } finally {
      held.release();
      await new Promise((resolve) => held.server.close(resolve));
    }
  });
});

describe('the pruningFiles and warn options, checked', () => {
  it.each([
    ['not an object', { pruningFiles: 'data/pruning-5x5.bin' }, /pruningFiles must be an object of files by board size/],
    ['a size with no board', { pruningFiles: { '6x6': new Uint8Array(1) } }, /pruningFiles: unknown board size '6x6', expected WIDTHxHEIGHT, each side 2 to 5/],
    ['no size', { pruningFiles: { five: new Uint8Array(1) } }, /pruningFiles: unknown board size 'five'/],
    ['a file that is no source', { pruningFiles: { '5x5': 42 } }, /pruningFiles\['5x5'\] must be a URL, a string or the file's bytes, not 42/],
    ['a warn that is no function', { warn: 'loud' }, /^warn must be a function, not 'loud'$/],
  ])('%s is a PuzzleInputError', async (_, options, message) => {
    const error = await rejection(lib.createSolverPool({ workers: 1, ...(options as object) }));
    expect(error).toBeInstanceOf(lib.PuzzleInputError);
    expect((error as Error).message).toMatch(message);
  });
});
