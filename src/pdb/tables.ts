/**
 * The PDB tables of one solver: which partition serves a goal, getting its
 * tables ready (read from the disk cache straight into the engine's memory,
 * or built round by round, with progress and cancel between rounds), giving
 * them back (release), and the heuristic a sliding search will use.
 *
 * One file of about 520 lines: these read and write one registry per
 * solver (which tables are held, being made or refused), and the memory
 * check of a preparation needs all of it at once; apart, each would reach
 * into the others' state.
 */
import type { HostAbortSignal } from '../engine/hostTypes.js';
import {
  HEURISTICS,
  type Core,
  type Heuristic,
  type PdbBuild,
  type PdbCore,
  type PdbPartition,
  type SlidingBoard,
  type TableRoom,
} from '../engine/contract.js';
import { unknownHeuristicMessage } from '../engine/messages.js';
import { partitionKey } from '../engine/pdbPartition.js';
import { groupTableBytes, groupTableEntries, PDB_HELD_TABLES_LIMIT } from '../engine/pdbSizes.js';
import { DEFAULT_PARTITIONS, namedPartition, partitionNames, symmetricSource } from './partitions.js';
import { openTableCache, type SpreadRead, type TableCache } from './cache/index.js';
import { trace } from '../trace.js';
import { trialPair, type TrialPair } from './trial.js';

export interface TablesOptions {
  /** Cache directory (Node; in a browser IndexedDB is used and a string is ignored), or false for memory only; default: see src/pdb/cache/node.ts. */
  dir?: string | false;
  /** Partition name, e.g. '6-6-3' (default) or '7-8'. */
  partition?: string;
  /** Hears cache problems (each once); default console.warn. */
  warn?: (message: string) => void;
}

export interface TablesProgress {
  partition: string;
  /** The group being prepared, 0-based, of `groups`. */
  group: number;
  groups: number;
  /**
   * 'load': read from the cache; 'build': a round finished; 'derive': a slice
   * read through a board symmetry from another table; 'share': received whole
   * from another worker of a pool, which prepared it (see src/pool/outside.ts).
   */
  phase: 'load' | 'build' | 'derive' | 'share';
  /** Entries final in this group's table, of `entries`. */
  settled: number;
  entries: number;
  /**
   * The work of the whole partition, in entries: those of the groups done (or
   * held already) plus `settled`, of every group's. A bar of work, not of
   * tables: 6-6-3's third table is 3,360 entries against 5.8 million each.
   * Absent where one table travels alone (a pool's 'share').
   */
  done?: number;
  total?: number;
}

export interface PrepareTablesOptions {
  /** Partition name; default the solver's (tables.partition) or the size's default. */
  partition?: string;
  /** Which goals: the blank last (default), first, or both. */
  goal?: 'blank-last' | 'blank-first' | 'both';
  onProgress?: (progress: TablesProgress) => void;
  /** Honoured between rounds: the build stops with the signal's reason. */
  signal?: HostAbortSignal;
}

/** Which tables releaseTables gives back: a goal's (as prepareTables names them), of one partition or of every one held. */
export interface ReleaseTablesOptions {
  /** Which goals: the blank last (default), first, or both. */
  goal?: PrepareTablesOptions['goal'];
  /** Only this partition's tables; default every partition of the size and goal that the solver holds. */
  partition?: string;
}

/** What a sliding search will use. */
export interface HeuristicChoice {
  heuristic: Heuristic;
  partition?: PdbPartition;
  /**
   * Set when the search names no partition, the solver has none of its own,
   * and tables of two partitions of different measured node prices are held
   * whole for the board's size and goal: a per-board trial (./trial.ts)
   * chooses between them. `partition` is what a search without the trial
   * takes (as before: the default when ready, else the last readied).
   */
  trial?: TrialPair;
}

/** Parses '4x4' (or width/height) into a size. */
export function parseSize(size: string | { width: number; height: number }): { width: number; height: number } {
  if (typeof size !== 'string') return size;
  const match = /^(\d+)x(\d+)$/.exec(size.trim());
  if (!match) throw new RangeError(`tables: size '${size}' is not like 4x4`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Group indices, largest group first: the working memory grown for it then serves the rest. */
function largestFirst(partition: PdbPartition): number[] {
  return partition.groups.map((_, group) => group).sort((a, b) => partition.groups[b]!.length - partition.groups[a]!.length || a - b);
}

const nextRound = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Makes a group's table in place of the core's own build or derivation, and
 * reads a cached one (`spread`) in place of this thread alone: a pool's
 * worker making or reading it with the others (src/pool/splitBuild.ts).
 */
export type TableBuilder = Pick<PdbCore, 'build' | 'derive'> & { spread?: SpreadRead };

export interface PdbTables {
  /** Readies the tables of a partition for the goals asked (each build and derivation through `builder` when given); resolves with the partitions made ready. */
  prepare(size: string | { width: number; height: number }, options?: PrepareTablesOptions, builder?: TableBuilder): Promise<PdbPartition[]>;
  /**
   * The heuristic for this search: `requested` if given (checked), else the
   * PDB when tables for the board's size and goal are ready, else the size's
   * default. The PDB is `partition` when named (checked by the caller), else
   * the solver's default partition when its tables are ready, else the
   * partition of this size and goal made ready last (prepareTables with a
   * partition of its own), else the default. An explicit 'pdb' or `partition`
   * builds missing tables in memory unless `build` is false. With no
   * partition named and none of the solver's own, `trial` names two ready
   * partitions for a per-board trial to choose between (./trial.ts).
   */
  choose(start: SlidingBoard, goal: SlidingBoard, requested: string | undefined, build?: boolean, partition?: string): HeuristicChoice;
  /**
   * Installs what the cache holds of the tables `prepare(size, options)`
   * readies, building nothing (after the prepare() calls before it); resolves
   * with whether every one of them is now held.
   */
  loadCached(size: string | { width: number; height: number }, options?: PrepareTablesOptions): Promise<boolean>;
  /**
   * Gives back the tables of a size and goal (of `options.partition` only,
   * when named), after the prepare() calls before it: not held any more, and
   * their memory serves the next tables. Resolves with the bytes given back.
   */
  release(size: string | { width: number; height: number }, options?: ReleaseTablesOptions): Promise<number>;
  /** The partitions `prepare(size, options)` readies (checked as prepare checks them), building nothing. */
  partitionsFor(size: string | { width: number; height: number }, options?: PrepareTablesOptions): PdbPartition[];
  /** Bytes of group `group`'s table. */
  tableBytes(partition: PdbPartition, group: number): number;
  /** Whether group `group` of `partition` has its table here. */
  has(partition: PdbPartition, group: number): boolean;
  /** A copy of `length` bytes from `offset` of a held table, or null when it is not held. */
  read(partition: PdbPartition, group: number, offset?: number, length?: number): Uint8Array | null;
  /** Installs a group's table from bytes another solver's `read` gave (a later derivation may read from it). */
  install(partition: PdbPartition, group: number, bytes: Uint8Array): void;
  /**
   * Why group `group`'s table, made by a prepare() of this solver, is not in
   * the cache (its save failed; the words name the path); undefined when it
   * was saved or loaded from there, or not made by a prepare(). What
   * `tables build` reports, instead of guessing from the files it finds.
   */
  unsaved(partition: PdbPartition, group: number): string | undefined;
  /** Where a held table lies in this solver's wasm memory, or null (not held, or the 'ts' engine). */
  address(partition: PdbPartition, group: number): number | null;
  /**
   * Takes the table at `at` of a memory this solver shares with the one that
   * holds it as held here, without a copy (the wasm engine's shared build:
   * a pool's workers on one memory).
   */
  adopt(partition: PdbPartition, group: number, at: number): void;
}

/**
 * One solver's tables: the state the functions below read and change, and
 * pdbTables' facade over them.
 */
interface TablesState {
  core: Core;
  options: TablesOptions;
  warn: (message: string) => void;
  cache: Promise<TableCache> | null;
  /** prepare() calls run one after another (the wasm engine builds one table at a time): the last one's promise. */
  queue: Promise<unknown>;
  /** While a prepare() runs, choose() does not build synchronously. */
  preparing: number;
  /** Every partition whose tables this solver has held: their installed tables are sources for deriving symmetric groups. */
  partitionsSeen: Map<string, PdbPartition>;
  /** Why each table prepare() made was not saved, by tableKey; a later load or save of it takes it out. */
  unsaved: Map<string, string>;
}

function tableKey(partition: PdbPartition, group: number): string {
  return `${partitionKey(partition)}#${group}`;
}

/** Notes `partition` as held (in part or whole), as the latest: choose() prefers the partition made ready last. */
function noteSeen(state: TablesState, partition: PdbPartition): void {
  const key = partitionKey(partition);
  state.partitionsSeen.delete(key);
  state.partitionsSeen.set(key, partition);
}

function openCache(state: TablesState): Promise<TableCache> {
  return (state.cache ??= openTableCache(state.options.dir, state.warn));
}

function heldTables(state: TablesState): Array<{ partition: PdbPartition; group: number }> {
  return [...state.partitionsSeen.values()].flatMap((partition) =>
    partition.groups.map((_, group) => ({ partition, group })).filter(({ partition, group }) => state.core.pdb.has(partition, group)),
  );
}

/** Bytes of the tables this solver holds once it holds those of `partitions` too. */
function heldBytesWith(state: TablesState, partitions: readonly PdbPartition[]): number {
  const tables = new Map<string, number>();
  const coming = partitions.flatMap((partition) => partition.groups.map((_, group) => ({ partition, group })));
  for (const { partition, group } of [...heldTables(state), ...coming]) {
    tables.set(tableKey(partition, group), groupTableBytes(partition, group));
  }
  return [...tables.values()].reduce((sum, bytes) => sum + bytes, 0);
}

/**
 * Throws a RangeError when holding the tables of `partitions` besides those
 * held would pass PDB_HELD_TABLES_LIMIT, before any minutes go into them.
 */
function checkHeldBytes(state: TablesState, partitions: readonly PdbPartition[]): void {
  const bytes = heldBytesWith(state, partitions);
  if (bytes <= PDB_HELD_TABLES_LIMIT) return;
  const gb = (value: number) => `${(value / 1e9).toFixed(1)} GB`;
  const [goals, instead] =
    partitions.length > 1 ? ['both goals', 'prepare one goal at a time, each in a solver of its own'] : ['this goal', 'prepare them in a solver of their own'];
  throw new RangeError(
    `tables: the ${partitions[0]!.name} tables for ${goals} would make this solver hold ${gb(bytes)} of tables, more than the ${gb(PDB_HELD_TABLES_LIMIT)} one solver can; ${instead}`,
  );
}

/**
 * Starts making group `group`'s table: read through a board symmetry from
 * a held table when one maps onto it (seconds), else built (minutes).
 */
function startTable(state: TablesState, partition: PdbPartition, group: number, builder?: TableBuilder): { build: PdbBuild; phase: 'build' | 'derive' } {
  noteSeen(state, partition);
  const source = symmetricSource(partition, group, heldTables(state));
  const maker = builder ?? state.core.pdb;
  if (source) return { build: maker.derive(partition, group, source.partition, source.group, source.cellMap), phase: 'derive' };
  return { build: maker.build(partition, group), phase: 'build' };
}

/** The solver's partition if this size has one of that name, else the size's default. */
function defaultPartition(state: TablesState, width: number, height: number): string | undefined {
  const { partition } = state.options;
  const own = partition !== undefined && partitionNames(width, height).includes(partition) ? partition : undefined;
  return own ?? DEFAULT_PARTITIONS[`${width}x${height}`];
}

function partitionName(state: TablesState, width: number, height: number, name: string | undefined): string {
  const chosen = name ?? defaultPartition(state, width, height);
  const known = partitionNames(width, height);
  if (!chosen || !known.includes(chosen)) {
    throw new RangeError(
      known.length
        ? `tables: unknown partition '${chosen}' for ${width}x${height}, expected ${known.slice(0, -1).join(', ')}${known.length > 1 ? ' or ' : ''}${known.at(-1)}`
        : `tables: no PDB partition for ${width}x${height} boards`,
    );
  }
  return chosen;
}

/**
 * Installs group `group`'s table from the cache if a valid file holds it,
 * read straight into the room the engine reserves for it (issue 38 §3): the
 * room is reserved only once the file's header is checked, and the table is
 * installed only once its checksum holds, so a file refused leaves no table
 * half there. Whether it was.
 */
async function loadInPlace(state: TablesState, store: TableCache, partition: PdbPartition, group: number, spread?: SpreadRead): Promise<boolean> {
  let room = null as TableRoom | null;
  trace(`load ${partition.name} group ${group}`);
  const table = await store.load(partition, group, () => (room ??= state.core.pdb.reserve(partition, group)).view(), spread);
  trace(`loaded ${partition.name} group ${group}${table ? '' : ': not from the cache'}`);
  if (!room) return false;
  if (!table) {
    // A file refused after its room was reserved: the room serves the build that replaces it.
    state.core.pdb.release(partition, group);
    return false;
  }
  room.install();
  noteSeen(state, partition);
  state.unsaved.delete(tableKey(partition, group));
  return true;
}

/**
 * Loads from the cache a table of the same partition for the other blank
 * corner that a board symmetry carries onto this group, if there is one:
 * deriving from it takes seconds where a build takes minutes.
 */
async function loadSymmetricSource(state: TablesState, store: TableCache, partition: PdbPartition, group: number, spread?: SpreadRead): Promise<void> {
  const cells = partition.width * partition.height;
  for (const blank of [0, cells - 1]) {
    const sibling = namedPartition(partition.width, partition.height, blank, partition.name);
    if (!sibling || blank === partition.blankCell) continue;
    // Holding the sibling's tables beside these must fit; else the group is built.
    if (heldBytesWith(state, [partition, sibling]) > PDB_HELD_TABLES_LIMIT) continue;
    const all = sibling.groups.map((_, g) => ({ partition: sibling, group: g }));
    const source = symmetricSource(partition, group, all);
    if (!source) continue;
    if (await loadInPlace(state, store, sibling, source.group, spread)) return;
  }
}

/**
 * How the groups of `partition` are made when the tables `held` (of this
 * partition or another) are at hand: `built`, those no held table or earlier
 * group maps onto by a symmetry (largest first), and `derived`, those read out
 * of one. A held group of `partition` itself counts as derived (from itself):
 * prepare() skips it. Also what a page asks before a build, to say what it
 * will cost (see web/page/sliding/tablesWork.ts).
 */
export function makingOrder(partition: PdbPartition, held: ReadonlyArray<{ partition: PdbPartition; group: number }>): { built: number[]; derived: number[] } {
  const built: Array<{ partition: PdbPartition; group: number }> = [];
  const derived: number[] = [];
  for (const group of largestFirst(partition)) {
    if (symmetricSource(partition, group, [...held, ...built])) derived.push(group);
    else built.push({ partition, group });
  }
  return { built: built.map(({ group }) => group), derived };
}

/**
 * The groups in the order to make them: the built ones first, then those
 * derived from them. Derived tables can then sit in the builds' idle
 * working memory (see src/engine/wasm/pdb.ts) without a later build needing more.
 */
function buildsFirst(state: TablesState, partition: PdbPartition): number[] {
  const { built, derived } = makingOrder(partition, heldTables(state));
  return [...built, ...derived];
}

/** Readies every group of one partition: held already, loaded from the cache, or made (and saved) round by round. */
async function prepareOne(state: TablesState, partition: PdbPartition, prepare: PrepareTablesOptions, builder?: TableBuilder): Promise<void> {
  const { core } = state;
  const store = await openCache(state);
  const groups = partition.groups.length;
  const entriesOf = (group: number) => groupTableEntries(partition, group);
  const total = partition.groups.reduce((sum, _, group) => sum + entriesOf(group), 0);
  // Entries of the groups done, those held already included.
  let finished = partition.groups.reduce((sum, _, group) => sum + (core.pdb.has(partition, group) ? entriesOf(group) : 0), 0);
  for (const group of buildsFirst(state, partition)) {
    if (core.pdb.has(partition, group)) continue;
    prepare.signal?.throwIfAborted();
    if (await loadInPlace(state, store, partition, group, builder?.spread)) {
      const entries = groupTableBytes(partition, group) * 2;
      finished += entriesOf(group);
      prepare.onProgress?.({ partition: partition.name, group, groups, phase: 'load', settled: entries, entries, done: finished, total });
      continue;
    }
    if (!symmetricSource(partition, group, heldTables(state))) await loadSymmetricSource(state, store, partition, group, builder?.spread);
    const { build, phase } = startTable(state, partition, group, builder);
    for (;;) {
      const more = build.round();
      const settled = build.settled();
      prepare.onProgress?.({
        partition: partition.name,
        group,
        groups,
        phase,
        settled,
        entries: build.entries,
        done: Math.min(total, finished + settled),
        total,
      });
      if (!more) break;
      // Let timers and abort events run between rounds.
      await nextRound();
      prepare.signal?.throwIfAborted();
    }
    finished += entriesOf(group);
    // Read out in slices: a whole copy of a 250 MB table would raise the peak.
    const unsaved = await store.save(partition, group, (offset, length) => core.pdb.table(partition, group, offset, length)!);
    if (unsaved === null) state.unsaved.delete(tableKey(partition, group));
    else state.unsaved.set(tableKey(partition, group), unsaved);
  }
  // Prepared again, it is the latest again (for choose()).
  noteSeen(state, partition);
}

function partitionsFor(state: TablesState, size: string | { width: number; height: number }, prepare: PrepareTablesOptions): PdbPartition[] {
  const { width, height } = parseSize(size);
  const name = partitionName(state, width, height, prepare.partition);
  const which = prepare.goal ?? 'blank-last';
  if (!['blank-last', 'blank-first', 'both'].includes(which)) {
    throw new RangeError(`tables: unknown goal '${which}', expected blank-last, blank-first or both`);
  }
  const cells = width * height;
  const blanks = which === 'both' ? [cells - 1, 0] : which === 'blank-first' ? [0] : [cells - 1];
  return blanks.map((blank) => namedPartition(width, height, blank, name)!);
}

/** Runs `work` after the prepare() calls before it, as one of them. */
function queued<T>(state: TablesState, work: () => Promise<T>): Promise<T> {
  const run = state.queue.then(async () => {
    state.preparing++;
    try {
      return await work();
    } finally {
      state.preparing--;
    }
  });
  state.queue = run.catch(() => {});
  return run;
}

/** PdbTables.prepare: after the prepare() calls before it. */
function prepare(
  state: TablesState,
  size: string | { width: number; height: number },
  options: PrepareTablesOptions,
  builder?: TableBuilder,
): Promise<PdbPartition[]> {
  return queued(state, async () => {
    const partitions = partitionsFor(state, size, options);
    checkHeldBytes(state, partitions);
    for (const partition of partitions) await prepareOne(state, partition, options, builder);
    return partitions;
  });
}

/** PdbTables.loadCached: the cache's tables installed, none built. */
function loadCached(state: TablesState, size: string | { width: number; height: number }, options: PrepareTablesOptions): Promise<boolean> {
  return queued(state, async () => {
    const store = await openCache(state);
    let all = true;
    for (const partition of partitionsFor(state, size, options)) {
      for (let group = 0; group < partition.groups.length; group++) {
        if (state.core.pdb.has(partition, group)) continue;
        options.signal?.throwIfAborted();
        if (!(await loadInPlace(state, store, partition, group))) all = false;
      }
    }
    return all;
  });
}

/** PdbTables.release: after the prepare() calls before it. */
function release(state: TablesState, size: string | { width: number; height: number }, options: ReleaseTablesOptions): Promise<number> {
  return queued(state, async () => {
    const { width, height } = parseSize(size);
    // Checked as prepare() checks them: a partition of this size, a goal.
    const named = options.partition === undefined ? undefined : partitionName(state, width, height, options.partition);
    const blanks = new Set(partitionsFor(state, size, { goal: options.goal, partition: named }).map((partition) => partition.blankCell));
    let bytes = 0;
    for (const partition of [...state.partitionsSeen.values()]) {
      const fits = partition.width === width && partition.height === height && blanks.has(partition.blankCell);
      if (!fits || (named !== undefined && partition.name !== named)) continue;
      partition.groups.forEach((_, group) => {
        bytes += state.core.pdb.release(partition, group);
        state.unsaved.delete(tableKey(partition, group));
      });
      state.partitionsSeen.delete(partitionKey(partition));
    }
    return bytes;
  });
}

/** Every partition of this size and blank cell whose tables are held whole. */
function readyPartitions(state: TablesState, width: number, height: number, blankCell: number): PdbPartition[] {
  return [...state.partitionsSeen.values()].filter(
    (partition) => partition.width === width && partition.height === height && partition.blankCell === blankCell && state.core.pdb.ready(partition),
  );
}

/** The partition of this size and blank cell whose tables were made ready last (held whole), if any. */
function lastReady(state: TablesState, width: number, height: number, blankCell: number): PdbPartition | null {
  return readyPartitions(state, width, height, blankCell).at(-1) ?? null;
}

/** PdbTables.choose. */
function choose(
  state: TablesState,
  start: SlidingBoard,
  goal: SlidingBoard,
  requested: string | undefined,
  build: boolean,
  named: string | undefined,
): HeuristicChoice {
  if (requested !== undefined && !(HEURISTICS as readonly string[]).includes(requested)) {
    throw new RangeError(unknownHeuristicMessage(requested));
  }
  const { width, height } = start;
  const cells = width * height;
  const blank = goal.tiles.indexOf(0);
  const fallback: Heuristic = cells <= 9 ? 'manhattan' : 'linear-conflict';
  if (requested === 'manhattan' || requested === 'linear-conflict') return { heuristic: requested };
  let partition: PdbPartition | null;
  if (named !== undefined) {
    partition = namedPartition(width, height, blank, named);
    if (!partition)
      throw new RangeError(`tables: the ${named} tables serve goals with the blank first or last, not this goal (blank at position ${blank + 1})`);
  } else {
    const name = defaultPartition(state, width, height);
    partition = name ? namedPartition(width, height, blank, name) : null;
    // Tables prepared for this size and goal under another partition serve the search rather than the default's being built.
    if (partition && !state.core.pdb.ready(partition)) partition = lastReady(state, width, height, blank) ?? partition;
  }
  if (!partition) return { heuristic: requested === 'pdb' ? 'linear-conflict' : fallback };
  if (state.core.pdb.ready(partition)) {
    const trial =
      named === undefined && state.options.partition === undefined ? trialPair(`${width}x${height}`, readyPartitions(state, width, height, blank)) : undefined;
    return trial ? { heuristic: 'pdb', partition, trial } : { heuristic: 'pdb', partition };
  }
  if (requested !== 'pdb' && named === undefined) return { heuristic: fallback };
  // A build is under way in prepare(); building here would cut across it.
  if (state.preparing > 0 || !build) return { heuristic: 'linear-conflict' };
  // Asked for by name: built now, in memory (prepareTables also uses the disk cache).
  for (const group of buildsFirst(state, partition)) {
    if (state.core.pdb.has(partition, group)) continue;
    const made = startTable(state, partition, group).build;
    while (made.round());
  }
  return { heuristic: 'pdb', partition };
}

export function pdbTables(core: Core, options: TablesOptions = {}): PdbTables {
  if (options.partition !== undefined) {
    const known = Object.keys(DEFAULT_PARTITIONS).flatMap((size) => partitionNames(...(size.split('x').map(Number) as [number, number])));
    if (!known.includes(options.partition)) throw new RangeError(`tables: unknown partition '${options.partition}', expected ${known.join(', ')}`);
  }
  const state: TablesState = {
    core,
    options,
    warn: options.warn ?? ((message: string) => console.warn(message)),
    cache: null,
    queue: Promise.resolve(),
    preparing: 0,
    partitionsSeen: new Map(),
    unsaved: new Map(),
  };
  return {
    prepare: (size, options = {}, builder) => prepare(state, size, options, builder),
    loadCached: (size, options = {}) => loadCached(state, size, options),
    release: (size, options = {}) => release(state, size, options),
    choose: (start, goal, requested, build = true, partition) => choose(state, start, goal, requested, build, partition),
    partitionsFor: (size, options = {}) => partitionsFor(state, size, options),
    tableBytes: groupTableBytes,
    has: (partition, group) => core.pdb.has(partition, group),
    read: (partition, group, offset, length) => core.pdb.table(partition, group, offset, length),
    install(partition, group, bytes) {
      core.pdb.install(partition, group, bytes);
      noteSeen(state, partition);
    },
    unsaved: (partition, group) => state.unsaved.get(tableKey(partition, group)),
    address: (partition, group) => core.pdb.address?.(partition, group) ?? null,
    adopt(partition, group, at) {
      if (!core.pdb.adopt) throw new Error(`tables: the ${core.engine} engine cannot share a table's memory`);
      core.pdb.adopt(partition, group, at);
      noteSeen(state, partition);
    },
  };
}
