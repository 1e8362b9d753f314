/**
 * The import rules of src/ and web/page/, as data (cubing.js's
 * allowedImports.ts is the model): for each unit, the units its files may
 * import besides the files of their own unit. A unit is a folder (its files,
 * not its sub-folders) or, at src/'s root, a single file. The layers test
 * (tests/repo/layers.test.ts) reads this table and fails on any import
 * outside it, on a file in no unit, and on any circle of files; the maps in
 * docs/architecture.md and docs/web.md are drawn from it.
 *
 * Read bottom up: a unit lists only units below it, never one of its
 * importers. Adding a folder means adding its line here, and saying what it
 * may use.
 */

const LEAVES = ['src/platform.ts', 'src/crc32.ts', 'src/trace.ts'];

/** The library, bottom up: engine, tables, API, the judge, parallel search, the pool, the CLI, then the doors, the rules of play and the element. */
const library = {
  // Leaves: platform checks, CRC-32 and the benches' timeline marks, importing nothing of src/.
  'src/platform.ts': [],
  'src/crc32.ts': [],
  'src/trace.ts': [],
  // The engine: the contract, move pruning, and the two engines behind it.
  'src/engine': LEAVES,
  'src/engine/twin': ['src/engine', ...LEAVES],
  'src/engine/wasm': ['src/engine', ...LEAVES],
  // Pattern-database tables: their cache, then partitions, plans and preparation.
  'src/pdb/cache': ['src/engine', ...LEAVES],
  'src/pdb': ['src/pdb/cache', 'src/engine', ...LEAVES],
  // The typed API: boards, solvers, hints, census.
  'src/api': ['src/pdb', 'src/pdb/cache', 'src/engine', 'src/engine/twin', 'src/engine/wasm', ...LEAVES],
  // The judge: a case in, its printed answer out (below both the pool and the CLI).
  'src/judge': ['src/api', ...LEAVES],
  // Parallel IDA*: prefixes, shares and the dealer, over any set of solvers.
  'src/parallel': ['src/api', 'src/pdb', 'src/engine', ...LEAVES],
  // The worker pool.
  'src/pool': ['src/parallel', 'src/judge', 'src/api', 'src/pdb', 'src/pdb/cache', 'src/engine', 'src/engine/wasm', ...LEAVES],
  // The command line.
  'src/cli': ['src/pool', 'src/judge', 'src/api', 'src/pdb', 'src/pdb/cache', 'src/engine', 'src/engine/wasm', ...LEAVES],
  // The package's public door, and the page's door into internals (not in package.json's exports).
  'src/index.ts': ['src/pool', 'src/parallel', 'src/api', 'src/pdb', 'src/pdb/cache', 'src/engine', 'src/engine/twin', 'src/engine/wasm', ...LEAVES],
  'src/internal.ts': ['src/api', 'src/pdb', 'src/pdb/cache', 'src/engine'],
  // The rules of play (moves, wins, boards as text) that the element and the demo page share: on the public API only.
  'src/rules': ['src/index.ts'],
  // The custom element <puzzlesearch-board> (the package's ./element export): the public API and the rules of play.
  'src/element': ['src/rules', 'src/index.ts'],
} as const satisfies Record<string, readonly string[]>;

/** What a page feature may use: the library through its two doors, the rules of play (shared with the element), the panel, the workers and the shared helpers; never another feature. */
const FEATURE = ['web/page/panel', 'web/page/workers', 'web/page/shared', 'src/rules', 'src/index.ts', 'src/internal.ts'];

/** The page, bottom up: shared helpers, the workers, the panel, the features, then main.ts. */
const page = {
  'web/page/shared': ['src/index.ts'],
  'web/page/shell': [],
  'web/page/workers': ['web/page/shared', 'src/index.ts'],
  'web/page/panel': ['web/page/workers', 'web/page/shared', 'src/index.ts'],
  'web/page/flip': FEATURE,
  'web/page/fourLine': FEATURE,
  'web/page/sliding': FEATURE,
  'web/page/lightsOut': FEATURE,
  'web/page/census': FEATURE,
  'web/page/main.ts': [
    'web/page/flip',
    'web/page/fourLine',
    'web/page/sliding',
    'web/page/lightsOut',
    'web/page/census',
    'web/page/panel',
    'web/page/workers',
    'web/page/shared',
    'web/page/shell',
    'src/index.ts',
  ],
} as const satisfies Record<string, readonly string[]>;

export const allowedImports: Readonly<Record<string, readonly string[]>> = { ...library, ...page };

/** The unit of a file (a path from the repository's root): the file itself when the table names it, else its folder. */
export function unitOf(file: string): string {
  if (file in allowedImports) return file;
  return file.slice(0, file.lastIndexOf('/'));
}

/** The imports of `graph` (file to the files it imports, paths from the root) that the table does not allow. */
export function forbiddenImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = unitOf(file);
    const allowed = allowedImports[from];
    if (!allowed) return [`${file}: its folder ${from} is not in tests/repo/allowedImports.ts`];
    return targets.filter((target) => unitOf(target) !== from && !allowed.includes(unitOf(target))).map((target) => `${file} -> ${target}`);
  });
}

/**
 * The table's rows under `prefix` ('src/' or 'web/page/') as Markdown, a row a
 * unit in the table's order: what docs/architecture.md and docs/web.md show
 * between their `<!-- allowed imports -->` markers (the layers test holds them
 * to it).
 */
export function allowedImportsMarkdown(prefix: string): string {
  const name = (unit: string) => `\`${unit.startsWith(prefix) ? unit.slice(prefix.length) || '.' : unit}\``;
  const rows = Object.entries(allowedImports)
    .filter(([unit]) => unit.startsWith(prefix))
    .map(([unit, allowed]) => `| ${name(unit)} | ${allowed.length === 0 ? 'nothing' : allowed.map(name).join(', ')} |`);
  return ['| Folder or file | May import (besides its own folder) |', '|---|---|', ...rows].join('\n');
}
