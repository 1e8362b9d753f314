/**
 * What `npm pack` would publish (issue 22, section 2): the built package, its
 * wasm, data, LICENSE and CHANGELOG; no source map pointing at sources it does
 * not ship; no script that runs when a user installs it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the packed package', () => {
  it('ships the build, LICENSE and CHANGELOG, and no dangling source maps', () => {
    // --ignore-scripts: what is in the folder now (npm test built it); prepack would build it again.
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as Array<{
      files: Array<{ path: string }>;
    }>;
    const paths = pack!.files.map((file) => file.path);
    for (const needed of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/bin.js',
      'dist/pool/worker.js',
      // The subpath export puzzlesearch/element (package.json exports names these two).
      'dist/element/index.js',
      'dist/element/index.d.ts',
      'build/puzzlesearch.wasm',
      'LICENSE',
      'CHANGELOG.md',
      'package.json',
    ]) {
      expect(paths, needed).toContain(needed);
    }
    const maps = paths.filter((path) => path.endsWith('.map'));
    const shipsSources = paths.some((path) => path.startsWith('src/'));
    expect(shipsSources || maps.length === 0, `source maps without their sources: ${maps.slice(0, 3).join(', ')}`).toBe(true);
  });

  it('runs nothing at install: no install, postinstall or prepare script', () => {
    const { scripts, license } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string>; license: string };
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(scripts[hook], hook).toBeUndefined();
    expect(scripts.prepack).toMatch(/build/);
    expect(license).toBe('MIT');
    expect(readFileSync(`${root}/LICENSE`, 'utf8')).toMatch(/^MIT License/);
  });
});

/** Whether `version` (x.y.z) is in an npm engines range made of `||`-joined sets of `>=`, `<`, `^` and bare versions (what the lockfile holds). */
function satisfies(version: string, range: string): boolean {
  const parse = (text: string) =>
    text
      .replace(/^v/, '')
      .split('.')
      .map((part) => Number(part) || 0);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const have = parse(version);
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|<|>|\^)\s+/g, '$1')
      .split(/\s+/)
      .every((term) => {
        const [, op, rest] = /^(>=|<=|<|>|\^)?(.*)$/.exec(term)!;
        const want = parse(rest!);
        const order = compare(have, want);
        if (op === '>=') return order >= 0;
        if (op === '>') return order > 0;
        if (op === '<') return order < 0;
        if (op === '<=') return order <= 0;
        // ^x.y.z and a bare version: the same major, at least this one.
        return have[0] === want[0] && order >= 0;
      }),
  );
}

describe('installing on the Node the package supports', () => {
  it('every package in the lockfile accepts this Node, so npm install prints no EBADENGINE warning', () => {
    expect(satisfies('20.20.2', '^22.17.0 || >=24.0.0')).toBe(false);
    expect(satisfies('20.20.2', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.20.2', '>= 12.0.0')).toBe(true);
    const lock = JSON.parse(readFileSync(`${root}/package-lock.json`, 'utf8')) as { packages: Record<string, { engines?: { node?: string } }> };
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string' && !satisfies(process.versions.node, entry.engines.node))
      .map(([name, entry]) => `${name} wants node ${entry.engines!.node}`);
    expect(refused).toEqual([]);
  });
});

describe('the package types in a Node-only project', () => {
  // With no lib beyond ES2022 and no @types either (issue 39 §4: 18 errors on AbortSignal, URL, DOMException and
  // setTimeout), with @types/node, and with the DOM lib: the .d.ts name the host's types only where the project has them.
  const projects: Array<[string, string[], string[]]> = [
    ['ES2022 and @types/node', ['ES2022'], ['node']],
    ['ES2022 alone, no @types', ['ES2022'], []],
    ['ES2022 and the DOM lib', ['ES2022', 'DOM'], []],
  ];
  it.each(projects)('type-check with skipLibCheck off: %s', (_, lib, types) => {
    const dir = mkdtempSync(join(root, '.types-check-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
      writeFileSync(
        join(dir, 'main.ts'),
        [
          "import { createSolver, createSolverPool, compilePuzzleWasm, defaultWasmUrl, type SlidingOptions } from '../dist/index.js';",
          'const solver = await createSolver();',
          "const flip: number | null = solver.flip('bwwb\\nbbwb\\nbwwb\\nbwww').length;",
          'const module = await compilePuzzleWasm();',
          'const pool = await createSolverPool({ workers: 1, wasm: module });',
          'const options: SlidingOptions = { maxNodes: 10, signal: undefined, onProgress: ({ nodes }) => void nodes };',
          "const stopped = await pool.sliding('1 2 3 4 5 6 7 x 8', { maxNodes: 10 }, { signal: options.signal });",
          'await pool.terminate();',
          'const href: string = defaultWasmUrl.href;',
          // Where the project has the host's types, the real ones fit the options.
          ...(lib.includes('DOM') || types.includes('node')
            ? [
                "const signalled = solver.sliding('1 2 3 4 5 6 7 x 8', { signal: new AbortController().signal });",
                "const located = await createSolver({ wasm: new URL('puzzlesearch.wasm', defaultWasmUrl) });",
                'export { signalled, located };',
              ]
            : []),
          'export { flip, href, stopped };',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            lib,
            types,
            strict: true,
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['main.ts'],
        }),
      );
      const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
      const run = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
      expect(`${run.stdout}${run.stderr}`).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the package as a registry and a reader see it (issue 39)', () => {
  const pack = () =>
    (
      JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as Array<{
        files: Array<{ path: string }>;
      }>
    )[0]!.files.map((file) => file.path);

  it('has keywords, and no repository, homepage or bugs while no public URL exists', () => {
    const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as Record<string, unknown>;
    expect(manifest.keywords).toEqual(expect.arrayContaining(['puzzle', 'solver', 'webassembly']));
    for (const field of ['repository', 'homepage', 'bugs']) expect(manifest[field], field).toBeUndefined();
  });

  it('every relative link of the README and of the docs it ships resolves inside the installed package, the screenshot included', () => {
    const paths = new Set(pack());
    expect(paths).toContain('README.md');
    const readers = [...paths].filter((path) => path === 'README.md' || /^docs\/.*\.md$/.test(path));
    expect(readers.length).toBeGreaterThan(5);
    const links: string[] = [];
    for (const reader of readers) {
      const text = readFileSync(join(root, reader), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue; // https:, mailto:
        const resolved = join(reader, '..', target!).split('\\').join('/');
        links.push(resolved);
        expect(paths.has(resolved), `${reader} links to ${target}, not in the package`).toBe(true);
      }
    }
    expect(links).toContain('docs/screenshot.png');
    expect(links).toContain('docs/cli.md');
  });
});
