/**
 * A data/pruning-4x4.bin that is a FIFO, a link to /dev/zero or a 1.9 GB
 * sparse file (reliability round 4, D3) is passed over as a truncated one is:
 * the machine is built, silently, and the searches give the same answers in
 * the same node counts as with the intact file, on both engines, through the
 * library and through the CLI's bundle. They run in a copy of the built
 * package (dist/, the wasm, data/ with the file spoiled), each in a child
 * process under a time and memory guard (tests/support/guardedChild.ts): a
 * FIFO there hung the first 4x4 search, and /dev/zero grew to 9.4 GB.
 * (Slow: ten child processes, about 45 s on 2 cores.)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidirectionalDistance, replaySliding, seededRandom, slidingNeighbours, slidingWalk } from '../oracles.js';
import { packageRoot } from '../support/builtPackage.js';
import { engineNames } from '../support/engines.js';
import { runGuarded } from '../support/guardedChild.js';

describe.each(engineNames)('a data/pruning-4x4.bin that is no regular file (D3), on %s', (engine) => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A copy of the built package with its data/pruning-4x4.bin replaced by what `spoil` makes there (none: intact). */
  const packageCopy = (spoil?: (path: string) => void) => {
    if (!existsSync(join(packageRoot, 'dist/cli/bin.js'))) throw new Error('dist/ is missing: run `npm run build` first (`npm test` does)');
    const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-package-'));
    copies.push(dir);
    for (const folder of ['dist', 'data']) cpSync(join(packageRoot, folder), join(dir, folder), { recursive: true });
    mkdirSync(join(dir, 'build'));
    // Both modules: the pool's workers load the shared-memory one.
    for (const module of ['puzzlesearch.wasm', 'puzzlesearch-shared.wasm']) copyFileSync(join(packageRoot, 'build', module), join(dir, 'build', module));
    copyFileSync(join(packageRoot, 'package.json'), join(dir, 'package.json'));
    symlinkSync(join(packageRoot, 'node_modules'), join(dir, 'node_modules'));
    const file = join(dir, 'data/pruning-4x4.bin');
    if (spoil) {
      rmSync(file);
      spoil(file);
    }
    writeFileSync(join(dir, 'child.mjs'), searchChild);
    return dir;
  };
  /** Run in a child: one 4x4 search through the copy's library, and where its machine came from. */
  const searchChild = `
const [pkg, engine, board] = process.argv.slice(2);
const { pathToFileURL } = await import('node:url');
const lib = await import(pathToFileURL(pkg + '/dist/index.js').href);
const { movePruningOrigin } = await import(pathToFileURL(pkg + '/dist/engine/movePruning.js').href);
const solver = await lib.createSolver({ engine, tables: { dir: false } });
const { length, moves, stats } = solver.sliding(JSON.parse(board), { heuristic: 'linear-conflict' });
console.log(JSON.stringify({ length, moves, nodes: stats.nodes, origin: movePruningOrigin(4, 4) }));
`;
  const guard = { timeoutMs: 60_000, maxRssBytes: 500e6 };
  const goal = Array.from({ length: 16 }, (_, i) => (i + 1) % 16);
  const { tiles } = slidingWalk(goal, 4, 34, seededRandom(35));

  /** The search through the library and through the CLI's bundle in `dir`'s copy: the answers, node counts and where the machine came from. */
  const searches = async (dir: string) => {
    const library = await runGuarded([join(dir, 'child.mjs'), dir, engine, JSON.stringify(tiles)], guard);
    const cli = await runGuarded([join(dir, 'dist/cli/bin.js'), 'sliding', '--heuristic', 'linear-conflict', '--stats', '--engine', engine], {
      ...guard,
      input: `${tiles.join(' ')}\n`,
    });
    for (const run of [library, cli]) {
      expect(run.stopped, run.stderr).toBeNull();
      expect(run.status, run.stderr).toBe(0);
      // The guard watched it.
      expect(run.peakRssBytes).toBeGreaterThan(0);
    }
    // Silent, but for the CLI's own --stats line.
    expect(library.stderr).toBe('');
    expect(cli.stderr).toMatch(/^case 1: [\d,]+ nodes, [\d.]+ ms \(\w+, linear-conflict\)\ncase 1: \d+ expanded\n$/);
    return { library: JSON.parse(library.stdout), cli: { moves: cli.stdout, nodes: /([\d,]+) nodes/.exec(cli.stderr)![1] } };
  };

  const spoilers: Array<[string, (path: string) => void]> = [
    ['a truncated file (passed over before D3 too)', (path) => writeFileSync(path, readFileSync(join(packageRoot, 'data/pruning-4x4.bin')).subarray(0, 1000))],
    ['a FIFO', (path) => execFileSync('mkfifo', [path])],
    ['a link to /dev/zero', (path) => symlinkSync('/dev/zero', path)],
    [
      'a 1.9 GB sparse file',
      (path) => {
        writeFileSync(path, '');
        truncateSync(path, 1.9e9);
      },
    ],
  ];
  let intact: Awaited<ReturnType<typeof searches>>;
  beforeAll(async () => {
    intact = await searches(packageCopy());
  }, 180_000);

  it('with the intact file: read, and the answer optimal', () => {
    expect(intact.library.origin).toBe('read');
    const key = (state: number[]) => state.join(',');
    expect(intact.library.length).toBe(bidirectionalDistance(tiles, goal, (state: number[]) => slidingNeighbours(state, 4), key));
    expect(replaySliding(tiles, 4, intact.library.moves)).toEqual(goal);
  });

  it.each(spoilers)('%s: passed over, the machine built silently, the same answers in the same node counts, no hang', async (_, spoil) => {
    const spoiled = await searches(packageCopy(spoil));
    expect(spoiled.library.origin).toBe('built');
    expect({ ...spoiled.library, origin: 'read' }).toEqual(intact.library);
    expect(spoiled.cli).toEqual(intact.cli);
  });
});
