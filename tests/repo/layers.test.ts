/**
 * The house's layout as a test, over src/ and web/page/: every import is one
 * that tests/repo/allowedImports.ts allows (the import rules as data), there
 * is no import circle (type imports included: a circle of types still ties
 * two modules together), every relative import names a file that exists, the
 * engine layer imports nothing above it, the page's door into the library's
 * internals (src/internal.ts) is not in the package's exports, and the tree
 * is formatted and linted as biome.json says.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowedImports, allowedImportsMarkdown, forbiddenImports } from './allowedImports.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/**
 * Each source file of src/ and web/page/ (relative to the repository's root)
 * with the code files it imports, statically, by import() or by import type;
 * imports of data (`?raw`) are not code and are left out.
 */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const specifier = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^'?]+)'/g;
  for (const file of [...sources(join(root, 'src')), ...sources(join(root, 'web', 'page'))]) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(specifier)].map((match) => resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    graph.set(
      relative(root, file),
      targets.map((target) => relative(root, target)),
    );
  }
  return graph;
}

/** Every circle of imports in `graph`, each as a path that ends where it starts. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      found.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return found;
}

describe('the import rules (tests/repo/allowedImports.ts)', () => {
  it('name only units that exist', () => {
    const units = new Set([...Object.keys(allowedImports), ...Object.values(allowedImports).flat()]);
    expect([...units].filter((unit) => !existsSync(join(root, unit)))).toEqual([]);
  });

  it('reject the inversions they were written against: pool/ importing the CLI, parallel/ importing pool/, a feature another', () => {
    const inversions = new Map([
      ['src/pool/inside.ts', ['src/cli/judge.ts']],
      ['src/parallel/dealer.ts', ['src/pool/inside.ts']],
      ['web/page/census/censusView.ts', ['web/page/sliding/slidingTiles.ts']],
      ['web/page/panel/searchProgress.ts', ['web/page/sliding/buildEstimate.ts']],
      ['web/page/flip/flipPanels.ts', ['src/api/boards.ts']],
    ]);
    expect(forbiddenImports(inversions)).toHaveLength(inversions.size);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a -> b -> c -> a']);
  });
});

describe('the maps in the docs', () => {
  it.each([
    ['docs/architecture.md', 'src/'],
    ['docs/web.md', 'web/page/'],
  ])('%s shows the import rules of %s as the table has them', (doc, prefix) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const shown = text.match(/<!-- allowed imports -->\n([\s\S]*?)\n<!-- \/allowed imports -->/)?.[1];
    expect(shown).toBe(allowedImportsMarkdown(prefix));
  });
});

describe('the layout of src/ and web/page/', () => {
  const graph = importGraph();

  it('imports only what tests/repo/allowedImports.ts allows', () => {
    expect(forbiddenImports(graph)).toEqual([]);
  });

  it('imports only files that exist', () => {
    const missing = [...graph].flatMap(([file, targets]) => targets.filter((t) => !existsSync(join(root, t))).map((t) => `${file} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('keeps the engine free of the layers above it', () => {
    // Besides itself, the engine may use the leaf modules at src/'s root, which import nothing of src/.
    const leaves = ['src/platform.ts', 'src/crc32.ts'];
    for (const leaf of leaves) expect(graph.get(leaf), leaf).toEqual([]);
    const upward = [...graph]
      .filter(([file]) => file.startsWith('src/engine/'))
      .flatMap(([file, targets]) => targets.filter((t) => !t.startsWith('src/engine/') && !leaves.includes(t)).map((t) => `${file} -> ${t}`));
    expect(upward).toEqual([]);
  });
});

describe('the package', () => {
  it('keeps src/internal.ts, the door of the page into internals, out of its exports', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(JSON.stringify(pkg.exports)).not.toMatch(/internal/);
  });
});

describe('style', () => {
  it('Biome finds nothing to format or lint (biome.json; `npx biome check --write .` fixes what it can)', () => {
    const biome = join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
    const run = spawnSync(process.execPath, [biome, 'check', '--colors=off', '--max-diagnostics=20', '.'], { cwd: root, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`.trim().split('\n').slice(-3).join('\n')).toMatch(/^Checked \d+ files in .*\. No fixes applied\.$/m);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
