/**
 * The benchmark runs: the quick suite once, as a child process on the compiled
 * package (`npm test` builds first), writing its report into a temporary
 * directory. Checks that it completes, that the engines' answers agreed on
 * every task (the run aborts otherwise) and that the reports are well formed.
 * No speed assertions: timings depend on the machine and its load.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlipKind } from '../../src/engine/contract.js';
import { loadCore } from '../support/engines.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

interface EngineFigures {
  median: number;
  p99: number;
  samples: number;
  rate: number;
}

interface TaskResult {
  id: string;
  nodes: number;
  ratio: number;
  engines: { wasm: EngineFigures; ts: EngineFigures };
  samples: { wasm: number[]; ts: number[] };
  instances?: Array<{ number: number; optimal: number; nodes: number }>;
}

const REQUIRED = [
  'flip-table',
  'flip-solve-all',
  'flip-solve-batch',
  'flip-solve-many',
  'pilots-table',
  'pilots-solve-all',
  'pilots-solve-batch',
  'pilots-solve-many',
  'fourline-reachable',
  'fourline-solve',
  'fourline-solve-batch',
  'eight-distances',
  'rank-roundtrip',
  'eight-bfs',
  'eight-bibfs',
  'eight-astar',
  'eight-idastar',
  'eight-idastar-batch',
  'lightsout-chase-1000',
  'lightsout-torus-64',
  'lightsout-coset-20',
  'lightsout-gf3-300',
  'lightsout-gf7-torus-199',
  'pdb-build-663',
  'fifteen-idastar',
  'fifteen-pdb',
];

describe('benchmark (quick)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesearch-bench-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs every task on both engines, with agreeing answers', async () => {
    expect(existsSync(join(root, 'dist/engine/wasm/index.js')), 'dist/ is missing: run `npm run build` first').toBe(true);
    const prefix = join(dir, 'quick');
    const { stdout } = await run(process.execPath, ['bench/run.js', '--quick', '--out', prefix], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 600_000,
    });
    expect(stdout).toContain('All answers agree between the wasm engine and the TS twin.');

    const report = JSON.parse(readFileSync(`${prefix}.json`, 'utf8')) as { meta: { mode: string }; tasks: TaskResult[] };
    expect(report.meta.mode).toBe('quick');
    expect(report.tasks.map((task) => task.id)).toEqual(REQUIRED);
    for (const task of report.tasks) {
      expect(task.nodes, task.id).toBeGreaterThan(0);
      for (const engine of ['wasm', 'ts'] as const) {
        const figures = task.engines[engine];
        expect(figures.samples, `${task.id} ${engine}`).toBeGreaterThan(0);
        expect(figures.samples, `${task.id} ${engine}`).toBe(task.samples[engine].length);
        expect(figures.median, `${task.id} ${engine}`).toBeGreaterThan(0);
        expect(figures.p99, `${task.id} ${engine}`).toBeGreaterThanOrEqual(figures.median);
      }
      expect(Number.isFinite(task.ratio), task.id).toBe(true);
    }
    const fifteen = report.tasks.find((task) => task.id === 'fifteen-idastar');
    expect(fifteen?.instances?.length).toBeGreaterThan(0);

    const markdown = readFileSync(`${prefix}.md`, 'utf8');
    expect(markdown).toMatch(/\*\*CPU\*\*.*\*\*Node\*\* v\d+/);
    expect(markdown).toContain('| Task |');
    const svg = readFileSync(`${prefix}.svg`, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('aborts with a clear error when the engines disagree', async () => {
    // The suite itself, in-process, with one engine made to miscount.
    const { runSuite } = await import('../../bench/suite.js');
    const { MismatchError } = await import('../../bench/measure.js');
    const wasm = await loadCore('wasm');
    const twin = await loadCore('ts');
    const sabotaged = { ...twin, flip: { ...twin.flip, buildTable: (kind: FlipKind) => twin.flip.buildTable(kind) + 1 } };
    const suite = () => runSuite({ cores: { wasm, ts: sabotaged }, quick: true, only: ['flip-table'], korf: [], log: () => {} });
    expect(suite).toThrow(MismatchError);
    expect(suite).toThrow(/disagree/);
  });
});
