/**
 * The public types, checked by the compiler: the API examples of the README,
 * docs/api.md and docs/tables.md must type-check under `tsc --strict` against
 * `src/`, and results must narrow to their variants. vitest only strips types,
 * so this file runs `tsc` itself, on those code blocks and on this very file (the `expectTypeOf` and
 * `@ts-expect-error` lines below are checked there, not at run time).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createSolver,
  type Cell,
  type EngineName,
  type FourLineMove,
  type GoalName,
  type Heuristic,
  type Progress,
  type SlidingAlgorithm,
  type SolverPool,
  type TablesProgress,
  type SlidingResult,
  type Solved,
  type Solver,
  type Status,
  type Stopped,
  type Unsolvable,
} from '../../src/index.js';
import { engineNames } from '../support/engines.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

/** The ```js / ```ts blocks of the README and of the API's documents (docs/api.md, docs/tables.md). */
function apiBlocks(): string[] {
  const texts = ['README.md', 'docs/api.md', 'docs/tables.md'].map((file) => readFileSync(join(root, file), 'utf8'));
  const blocks = texts.flatMap((text) => [...text.matchAll(/```(?:js|ts)\n([\s\S]*?)```/g)].map((match) => match[1]!));
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  return blocks;
}

/** Every way a result narrows, as the compiler sees it; also run, on a real solver. */
function narrowing(solver: Solver): Status[] {
  const sliding = solver.sliding('2 3 4 1 5 x 7 6 8', { maxNodes: 5 });
  if (sliding.status === 'solved') expectTypeOf(sliding).toEqualTypeOf<SlidingResult>();
  else if (sliding.status === 'stopped') expectTypeOf(sliding).toEqualTypeOf<Stopped>();
  else expectTypeOf(sliding).toEqualTypeOf<Unsolvable>();
  if (!sliding.solvable) expectTypeOf(sliding).toEqualTypeOf<Unsolvable>();
  if (sliding.length !== null) expectTypeOf(sliding.path).toEqualTypeOf<string>();
  if (sliding.solvable && sliding.length === null) expectTypeOf(sliding).toEqualTypeOf<Stopped>();
  if (sliding.status !== 'solved') expectTypeOf(sliding.reason).toEqualTypeOf<string>();
  // @ts-expect-error: only a solved result has a path
  void sliding.path;

  const flip = solver.flip('bwwb\nbbwb\nbwwb\nbwww');
  if (flip.solvable) expectTypeOf(flip).toEqualTypeOf<Solved<Cell>>();
  else expectTypeOf(flip).toEqualTypeOf<Unsolvable>();
  // @ts-expect-error: a flip search never stops early
  if (flip.status === 'stopped') void flip;
  expectTypeOf(solver.pilots).returns.toEqualTypeOf<Solved<Cell> | Unsolvable>();
  expectTypeOf(solver.fourLine).returns.toEqualTypeOf<Solved<FourLineMove> | Unsolvable>();

  expectTypeOf<EngineName>().toEqualTypeOf<'wasm' | 'ts'>();
  expectTypeOf<SlidingAlgorithm>().toEqualTypeOf<'bfs' | 'bibfs' | 'astar' | 'idastar'>();
  expectTypeOf<Heuristic>().toEqualTypeOf<'manhattan' | 'linear-conflict' | 'pdb'>();
  expectTypeOf<GoalName>().toEqualTypeOf<'blank-last' | 'blank-first'>();
  // A pool call's onProgress hears what its method reports: table progress for prepareTables, IDA* progress for the searches.
  type ProgressHeard<M extends 'prepareTables' | 'sliding'> = Parameters<NonNullable<NonNullable<Parameters<SolverPool[M]>[2]>['onProgress']>>[0];
  expectTypeOf<ProgressHeard<'prepareTables'>>().toEqualTypeOf<TablesProgress>();
  expectTypeOf<ProgressHeard<'sliding'>>().toEqualTypeOf<Progress>();
  return [sliding.status, flip.status];
}

/** Runs `tsc --strict --noEmit` on `files` (name -> source) in a scratch folder inside the package; returns its output. */
function typeCheck(files: Record<string, string>, extra: string[]): { status: number | null; output: string; dir: string } {
  const dir = mkdtempSync(join(root, '.types-check-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const config = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'],
        types: ['node'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      files: [...Object.keys(files), ...extra.map((file) => relative(dir, file))],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}`, dir };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the public types', () => {
  it('type-check the API examples (README, docs/api.md, docs/tables.md) and narrow every result, and tsc would catch a drift', () => {
    const blocks = apiBlocks();
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.join('\n')).toContain("from 'puzzlesearch'");
    const index = join(root, 'src', 'index.js');
    const files: Record<string, string> = {};
    blocks.forEach((block, i) => {
      files[`readme-${i + 1}.ts`] = block.replaceAll("from 'puzzlesearch'", `from '${index}'`);
    });
    // A known drift (the old README line): proves this harness fails on one.
    files['drift.ts'] =
      `import { createSolver } from '${index}';\nconst solver = await createSolver();\nexport const path: string = solver.sliding('2 3 4 1 5 x 7 6 8').path;\n`;
    const { status, output } = typeCheck(files, [thisFile]);
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(status).not.toBe(0);
    expect(
      errors.filter((line) => !line.includes('drift.ts')),
      output,
    ).toEqual([]);
    expect(errors.join('\n')).toMatch(/drift\.ts\(3,\d+\): error TS2339: Property 'path' does not exist/);
  });

  it.each(engineNames)('hold at run time on the %s engine', async (engine) => {
    const statuses = narrowing(await createSolver({ engine }));
    expect(statuses).toEqual(['stopped', 'solved']);
  });
});
