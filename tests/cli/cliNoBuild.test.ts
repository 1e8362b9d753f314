/**
 * No build when none is needed (issue 19): a 24-puzzle that linear conflict
 * settles within the CLI's try (30 million nodes, about a second) is answered
 * without the 6-6-6-6 tables, which take minutes and 1.8 GB to build. The
 * cache here is empty and must stay so; the answers are replayed, with the
 * walk's parity and no longer than the walk.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replaySliding, seededRandom, slidingWalk } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const goal = [...Array(24).keys()].map((i) => i + 1).concat(0);

describe('CLI: a 24-puzzle that linear conflict settles builds no tables', () => {
  for (const jobs of ['1', '2']) {
    it(`two 40-move scrambles with --jobs ${jobs}: answered on linear conflict, the cache left empty`, () => {
      const cache = mkdtempSync(join(tmpdir(), 'puzzlesearch-no-build-'));
      try {
        const random = seededRandom(4040);
        const walks = [slidingWalk(goal, 5, 40, random), slidingWalk(goal, 5, 40, random)];
        const input = walks.map((walk) => walk.tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ')).join('\n');
        const run = spawnSync(process.execPath, [bin, 'sliding', '--stats', '--jobs', jobs], {
          input: `${input}\n`,
          encoding: 'utf8',
          env: { ...process.env, PUZZLESEARCH_CACHE: cache },
          timeout: 120_000,
        });
        expect(run.status).toBe(0);
        expect(run.stderr).not.toMatch(/table|build/);
        const paths = run.stdout.trimEnd().split('\n');
        expect(paths).toHaveLength(walks.length);
        walks.forEach((walk, i) => {
          expect(run.stderr).toMatch(new RegExp(`^case ${i + 1}: \\d+ nodes, [\\d.]+ ms \\(wasm, linear-conflict\\)$`, 'm'));
          expect(replaySliding(walk.tiles, 5, paths[i]!)).toEqual(goal);
          expect(paths[i]!.length % 2).toBe(walk.moves.length % 2);
          expect(paths[i]!.length).toBeLessThanOrEqual(walk.moves.length);
        });
        expect(readdirSync(cache)).toEqual([]);
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    });
  }
});
