/**
 * The house's layout as a test: src/ has no import cycle (type imports
 * included: a cycle of types still ties two modules together), every
 * relative import names a file that exists, the engine layer imports
 * nothing above it, and the tree is formatted and linted as biome.json says.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Each source file (relative to src/) with the src/ files it imports, statically or by import(). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const specifier = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(specifier)].map((match) => resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    graph.set(
      relative(src, file),
      targets.map((target) => relative(src, target)),
    );
  }
  return graph;
}

describe('the layout of src/', () => {
  const graph = importGraph();

  it('imports only files that exist', () => {
    const missing = [...graph].flatMap(([file, targets]) => targets.filter((t) => !existsSync(join(src, t))).map((t) => `${file} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('has no import cycle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the engine free of the layers above it', () => {
    // Besides itself, the engine may use the leaf modules at src/'s root, which import nothing of src/.
    const leaves = ['platform.ts', 'crc32.ts'];
    for (const leaf of leaves) expect(graph.get(leaf), leaf).toEqual([]);
    const upward = [...graph]
      .filter(([file]) => file.startsWith('engine/'))
      .flatMap(([file, targets]) => targets.filter((t) => !t.startsWith('engine/') && !leaves.includes(t)).map((t) => `${file} -> ${t}`));
    expect(upward).toEqual([]);
  });
});

describe('style', () => {
  it('Biome finds nothing to format or lint (biome.json; `npx biome check --write .` fixes what it can)', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const biome = join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
    const run = spawnSync(process.execPath, [biome, 'check', '--colors=off', '--max-diagnostics=20', '.'], { cwd: root, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`.trim().split('\n').slice(-3).join('\n')).toMatch(/^Checked \d+ files in .*\. No fixes applied\.$/m);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
