/**
 * Comments that point somewhere point to something: every repository path a
 * comment names (src/…, assembly/…, tests/…, bench/…, docs/…) in the code of
 * src/, assembly/, web/, tests/ and bench/ exists, as a file or a folder. A
 * path written with .js for a .ts file (as imports name them) counts, and so
 * does a file that a run writes and .gitignore names (bench/results.json);
 * globs and paths inside URLs are not paths of this repository.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function codeFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : codeFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The comments of a source file: line comments and block comments (a `//` inside a string is rare enough to be read as one too). */
function comments(text: string): string[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`])\/\/[^\n]*/g)].map((match) => match[0]);
}

/** The repository paths named in `comment`. */
function namedPaths(comment: string): string[] {
  const path = /(?<![\w./@:-])((?:src|assembly|tests|bench|docs)\/[\w./-]*[\w])/g;
  return [...comment.matchAll(path)].map((match) => match[1]!).filter((p) => !p.includes('*'));
}

/** Files a run writes (.gitignore's lines that name one file). */
const written = new Set(readFileSync(join(root, '.gitignore'), 'utf8').split('\n'));

function exists(path: string): boolean {
  return existsSync(join(root, path)) || written.has(path) || (path.endsWith('.js') && existsSync(join(root, `${path.slice(0, -3)}.ts`)));
}

describe('paths named in comments', () => {
  it('reads a path, and not one inside a URL or a glob', () => {
    expect(namedPaths('/** See src/api/solver.ts and bench/RESULTS.md. */')).toEqual(['src/api/solver.ts', 'bench/RESULTS.md']);
    expect(namedPaths('// https://example.org/src/x.ts, tests/**/*.slow.test.ts')).toEqual([]);
  });

  it('all exist', () => {
    const files = ['src', 'assembly', 'web', 'tests', 'bench'].flatMap(codeFiles);
    expect(files.length).toBeGreaterThan(100);
    const stale = files.flatMap((file) =>
      comments(readFileSync(join(root, file), 'utf8'))
        .flatMap(namedPaths)
        .filter((path) => !exists(path))
        .map((path) => `${file}: ${path}`),
    );
    expect([...new Set(stale)]).toEqual([]);
  });
});
