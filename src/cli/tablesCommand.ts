/**
 * `puzzlesearch tables build|list|clear [--size 4x4|5x5|3x3] [--partition NAME]
 * [--goal blank-last|blank-first|both] [--dir DIR] [--jobs N]`: the PDB table
 * cache from the command line. The CLI hands the arguments after `tables` to
 * runTablesCommand, which returns the exit code. A build runs on a pool of
 * --jobs workers (default one per core), each table built by all of them at
 * once (src/pool/splitBuild.ts); --jobs 1, or the ts engine, builds in this
 * thread.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { PrepareTablesOptions, TablesOptions, TablesProgress } from '../pdb/tables.js';
import type { PdbPartition } from '../engine/contract.js';
import { groupTableBytes } from '../engine/pdbSizes.js';
import { createSolver, tablesOf } from '../api/solver.js';
import { orList } from '../api/boards.js';
import { tableFileName } from '../pdb/cache/format.js';
import { DEFAULT_PARTITIONS, namedPartition, partitionNames } from '../pdb/partitions.js';
import { STRONGER_PARTITIONS } from '../pdb/plan.js';

/** The measured build of each size's strongest kind (bench/RESULTS.md), said before it starts. */
const STRONGEST_BUILD_TIME: Record<string, string> = {
  '4x4': 'about 3 minutes and 2 GB of memory',
  '5x5': 'about 6 minutes and 3.3 GB of memory (one goal a process: a solver holds one goal of it)',
};
import { parseSize } from '../pdb/tables.js';
import { clearTableFiles, listTableFiles, type SkippedEntry } from '../pdb/cache/node.js';
import { didYouMean } from '../api/suggest.js';
import { argsErrorMessage } from './argsError.js';
import { tablesProgress, type ProgressSink } from './progress.js';
import { buildPlans } from '../pdb/buildTimer.js';
import { TABLES_USAGE } from './tablesUsage.js';

export type TextSink = ProgressSink;

/** The most workers --jobs takes (the pool's own limit). */
const MAX_JOBS = 256;

/** A bad command line is one line, as the solving commands' are: what is wrong, and where the help is. */
const SEE_HELP = '; see puzzlesearch tables --help';

function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** An error's message without the library's own 'tables: ' (the command names itself already). */
function reasonOf(error: unknown): string {
  // The library's messages may carry their own prefix; the command gives its own once ("puzzlesearch tables: ").
  return (error instanceof Error ? error.message : String(error)).replace(/^(?:tables|puzzlesearch): /, '');
}

function reportSkipped(err: TextSink, skipped: readonly SkippedEntry[]): void {
  for (const { name, why } of skipped) err.write(`puzzlesearch tables: skipped ${name}: ${why}\n`);
}

/** The goals' blank cells on a board of `cells` cells. */
function goalBlanks(goal: string, cells: number): number[] {
  if (goal === 'both') return [cells - 1, 0];
  if (goal === 'blank-last') return [cells - 1];
  if (goal === 'blank-first') return [0];
  throw new Error(`unknown goal '${goal}', expected blank-last, blank-first or both`);
}

/**
 * Which cache entries list and clear keep to: those of the tables that
 * --size, --partition and --goal name (each, when left out, every one there
 * is), so that clearing one size's tables never takes another's, whose build
 * may have cost minutes. Nothing given: every entry. A temporary file goes
 * with the table it is named after.
 */
function selectedTables(size: string | undefined, partition: string | undefined, goal: string | undefined): (name: string) => boolean {
  if (size === undefined && partition === undefined && goal === undefined) return () => true;
  const sizes = size === undefined ? Object.keys(DEFAULT_PARTITIONS) : [size];
  const names = new Set<string>();
  const offered: string[] = [];
  for (const each of sizes) {
    const { width, height } = parseSize(each);
    const known = partitionNames(width, height);
    if (known.length === 0) throw new Error(`no PDB partition for ${width}x${height} boards`);
    offered.push(...known);
    for (const name of known.filter((known) => partition === undefined || known === partition)) {
      for (const blank of goalBlanks(goal ?? 'both', width * height)) {
        const tables = namedPartition(width, height, blank, name)!;
        tables.groups.forEach((_, group) => names.add(tableFileName(tables, group)));
      }
    }
  }
  if (names.size === 0) throw new Error(`unknown partition '${partition}'${size === undefined ? '' : ` for ${size}`}, expected ${orList(offered)}`);
  return (entry) => names.has(entry.endsWith('.tmp') ? entry.slice(0, entry.indexOf('.pdb.') + 4) : entry);
}

/** The partitions a build of `partition` (the size's default when left out) for `goal` makes, in order; an unknown name is refused. */
function partitionsToBuild(width: number, height: number, partition: string | undefined, goal: string): PdbPartition[] {
  const known = partitionNames(width, height);
  if (known.length === 0) throw new Error(`no PDB partition for ${width}x${height} boards`);
  const name = partition ?? DEFAULT_PARTITIONS[`${width}x${height}`] ?? known[0]!;
  if (!known.includes(name)) throw new Error(`unknown partition '${name}' for ${width}x${height}, expected ${orList(known)}`);
  return goalBlanks(goal, width * height).map((blank) => namedPartition(width, height, blank, name)!);
}

/** Prepares the tables in this thread, on one solver; returns why each table made was not saved. */
async function buildAlone(engine: 'wasm' | 'ts', size: string, prepare: PrepareTablesOptions, tablesOptions: TablesOptions): Promise<string[]> {
  const solver = await createSolver({ engine, tables: tablesOptions });
  await solver.prepareTables(size, prepare);
  const tables = tablesOf(solver);
  return tables
    .partitionsFor(size, prepare)
    .flatMap((partition) => partition.groups.map((_, group) => tables.unsaved(partition, group)))
    .filter((why) => why !== undefined);
}

/**
 * Prepares the tables on a pool of `jobs` workers: on the shared build each
 * table is built by all of them at once. Returns why each table made was not saved.
 */
async function buildOnPool(
  jobs: number,
  size: string,
  prepare: Pick<PrepareTablesOptions, 'partition' | 'goal'>,
  tablesOptions: TablesOptions,
  onProgress: (progress: TablesProgress) => void,
): Promise<string[]> {
  const { createSolverPool, unsavedTablesOn } = await import('../pool/outside.js');
  const pool = await createSolverPool({
    workers: jobs,
    tables: { dir: tablesOptions.dir, partition: tablesOptions.partition },
    warn: tablesOptions.warn,
    // The plain build (a copy per worker, one worker building) when the environment asks for it: bench/threads.js compares the two.
    sharedTables: process.env.PUZZLESEARCH_SHARED_TABLES === '0' ? false : undefined,
  });
  try {
    // The other workers taking the tables once made ('share') is no news here: the command fills the cache.
    await pool.prepareTables(size, prepare, { onProgress: (progress) => progress.phase !== 'share' && onProgress(progress) });
    return await unsavedTablesOn(pool, size, prepare);
  } finally {
    await pool.terminate();
  }
}

/**
 * Exit codes as the main CLI's: 0 done, 1 bad usage or a fault (a table built
 * but not saved, an unreadable directory), 2 an entry list or clear skipped.
 */
export async function runTablesCommand(args: string[], out: TextSink, err: TextSink): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        // No defaults here: list and clear keep to what was given (build defaults to 4x4, both goals).
        size: { type: 'string' },
        partition: { type: 'string' },
        goal: { type: 'string' },
        dir: { type: 'string' },
        engine: { type: 'string', default: 'wasm' },
        strongest: { type: 'boolean' },
        jobs: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    err.write(`puzzlesearch tables: ${argsErrorMessage(error, ['size', 'partition', 'goal', 'dir', 'engine', 'strongest', 'jobs', 'help'])}${SEE_HELP}\n`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.write(TABLES_USAGE);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (!action || rest.length > 0 || !['build', 'list', 'clear'].includes(action)) {
    err.write(
      `puzzlesearch tables: expected one of build, list, clear${action ? `, not '${[action, ...rest].join(' ')}'${didYouMean(action, ['build', 'list', 'clear'])}` : ''}${SEE_HELP}\n`,
    );
    return 1;
  }
  if (values.strongest && action !== 'build') {
    err.write(`puzzlesearch tables: --strongest applies to build, not ${action}${SEE_HELP}\n`);
    return 1;
  }
  if (values.jobs !== undefined && action !== 'build') {
    err.write(`puzzlesearch tables: --jobs applies to build, not ${action}${SEE_HELP}\n`);
    return 1;
  }
  if (values.jobs !== undefined && !(/^[1-9]\d*$/.test(values.jobs) && Number(values.jobs) <= MAX_JOBS)) {
    err.write(`puzzlesearch tables: --jobs takes a whole number of workers from 1 to ${MAX_JOBS}, not '${values.jobs}'${SEE_HELP}\n`);
    return 1;
  }
  if (values.dir === '') {
    err.write(`puzzlesearch tables: --dir is empty; give a directory\n`);
    return 1;
  }
  try {
    if (action === 'list') {
      const { dir, files, skipped } = await listTableFiles(values.dir, selectedTables(values.size, values.partition, values.goal));
      out.write(`${dir}\n`);
      for (const file of files) out.write(`  ${file.name}  ${formatBytes(file.bytes)}\n`);
      if (files.length === 0) out.write('  (no tables)\n');
      reportSkipped(err, skipped);
      return skipped.length > 0 ? 2 : 0;
    }
    if (action === 'clear') {
      const { dir, removed, skipped, busy } = await clearTableFiles(values.dir, selectedTables(values.size, values.partition, values.goal));
      out.write(`removed ${removed} file${removed === 1 ? '' : 's'} from ${dir}\n`);
      // Not a failure: the table is being saved, and is whole once it is.
      for (const { name, pid } of busy) err.write(`puzzlesearch tables: left ${name}: process ${pid} is writing it\n`);
      reportSkipped(err, skipped);
      return skipped.length > 0 ? 2 : 0;
    }
    const engine = values.engine as 'wasm' | 'ts';
    const size = values.size ?? '4x4';
    if (values.strongest && values.partition !== undefined) throw new Error('give --strongest or --partition, not both');
    const strongest = values.strongest ? STRONGER_PARTITIONS[size]?.[0] : undefined;
    if (values.strongest && strongest === undefined) throw new Error(`--strongest: ${size} boards have no kind above their default (4x4 and 5x5 have)`);
    const partition = strongest ?? values.partition;
    const warn = (message: string) => err.write(`${message}\n`);
    const goal = (values.goal ?? 'both') as 'blank-last' | 'blank-first' | 'both';
    const { width, height } = parseSize(size);
    // The estimate of the time left knows which tables are built and which read out of another.
    const plans = buildPlans(partitionsToBuild(width, height, partition, goal));
    const onProgress = tablesProgress(err, `tables ${size}`, { plans });
    const prepare = { partition, goal };
    if (strongest !== undefined) {
      // What it will cost, before it starts: the bytes of its tables, and the measured build time.
      const tables = namedPartition(width, height, width * height - 1, strongest)!;
      const bytes = tables.groups.reduce((sum, _, group) => sum + groupTableBytes(tables, group), 0);
      err.write(
        `tables ${size}: the strongest kind, ${strongest}: ${formatBytes(bytes)} a goal in memory and on disk, ${STRONGEST_BUILD_TIME[size]} a goal to build if not cached\n`,
      );
    }
    const jobs = values.jobs === undefined ? Math.min(MAX_JOBS, availableParallelism()) : Number(values.jobs);
    const started = Date.now();
    // The command exists to fill the cache: a table in memory only is a failure. The saves say
    // so themselves: a file of the table's name may be the corrupt one the save could not replace.
    const unsaved =
      engine === 'wasm' && jobs > 1
        ? await buildOnPool(jobs, size, prepare, { dir: values.dir, partition, warn }, onProgress)
        : await buildAlone(engine, size, { ...prepare, onProgress }, { dir: values.dir, partition, warn });
    // One line a cause: a directory that cannot be written is one, whatever the tables.
    for (const why of new Set(unsaved)) err.write(`puzzlesearch tables: built but not saved: ${why}\n`);
    if (unsaved.length > 0) return 1;
    out.write(`tables for ${size} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    err.write(`puzzlesearch tables: ${reasonOf(error)}\n`);
    return 1;
  }
}
