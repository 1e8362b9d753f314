/**
 * The PDB tables of one solver: which partition serves a goal, getting its
 * tables ready (from the disk cache or built round by round, with progress
 * and cancel between rounds), and the heuristic a sliding search will use.
 */
import { HEURISTICS, unknownHeuristicMessage, type Core, type Heuristic, type PdbPartition, type SlidingBoard } from './core.js';
import { DEFAULT_PARTITIONS, namedPartition, partitionNames } from './partitions.js';
import { openTableCache, type TableCache } from './tables.js';

export interface TablesOptions {
  /** Cache directory (Node; in a browser IndexedDB is used and a string is ignored), or false for memory only; default: see src/tables.ts. */
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
  /** 'load': read from the cache; 'build': a round finished. */
  phase: 'load' | 'build';
  /** Entries final in this group's table, of `entries`. */
  settled: number;
  entries: number;
}

export interface PrepareTablesOptions {
  /** Partition name; default the solver's (tables.partition) or the size's default. */
  partition?: string;
  /** Which goals: the blank last (default), first, or both. */
  goal?: 'blank-last' | 'blank-first' | 'both';
  onProgress?: (progress: TablesProgress) => void;
  /** Honoured between rounds: the build stops with the signal's reason. */
  signal?: AbortSignal;
}

/** What a sliding search will use. */
export interface HeuristicChoice {
  heuristic: Heuristic;
  partition?: PdbPartition;
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

export interface PdbTables {
  /** Readies the tables of a partition for the goals asked; resolves with the partitions made ready. */
  prepare(size: string | { width: number; height: number }, options?: PrepareTablesOptions): Promise<PdbPartition[]>;
  /**
   * The heuristic for this search: `requested` if given (checked), else the
   * PDB when its tables are ready, else the size's default. An explicit 'pdb'
   * builds missing tables in memory unless `build` is false.
   */
  choose(start: SlidingBoard, goal: SlidingBoard, requested: string | undefined, build?: boolean): HeuristicChoice;
}

export function pdbTables(core: Core, options: TablesOptions = {}): PdbTables {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let cache: Promise<TableCache> | null = null;
  // prepare() calls run one after another (the wasm engine builds one table
  // at a time); while one runs, choose() does not build synchronously.
  let queue: Promise<unknown> = Promise.resolve();
  let preparing = 0;
  const openCache = () => (cache ??= openTableCache(options.dir, warn));

  function partitionName(width: number, height: number, name: string | undefined): string {
    const chosen = name ?? options.partition ?? DEFAULT_PARTITIONS[`${width}x${height}`];
    const known = partitionNames(width, height);
    if (!chosen || !known.includes(chosen)) {
      throw new RangeError(
        known.length
          ? `tables: unknown partition '${chosen}' for ${width}x${height}, expected ${known.join(' or ')}`
          : `tables: no PDB partition for ${width}x${height} boards`,
      );
    }
    return chosen;
  }

  async function prepareOne(partition: PdbPartition, prepare: PrepareTablesOptions): Promise<void> {
    const store = await openCache();
    const groups = partition.groups.length;
    for (const group of largestFirst(partition)) {
      if (core.pdb.has(partition, group)) continue;
      prepare.signal?.throwIfAborted();
      const cached = await store.load(partition, group);
      if (cached) {
        core.pdb.install(partition, group, cached);
        const entries = cached.length * 2;
        prepare.onProgress?.({ partition: partition.name, group, groups, phase: 'load', settled: entries, entries });
        continue;
      }
      const build = core.pdb.build(partition, group);
      for (;;) {
        const more = build.round();
        prepare.onProgress?.({ partition: partition.name, group, groups, phase: 'build', settled: build.settled(), entries: build.entries });
        if (!more) break;
        // Let timers and abort events run between rounds.
        await nextRound();
        prepare.signal?.throwIfAborted();
      }
      // Read out in slices: a whole copy of a 250 MB table would raise the peak.
      await store.save(partition, group, (offset, length) => core.pdb.table(partition, group, offset, length)!);
    }
  }

  async function prepareSize(size: string | { width: number; height: number }, prepare: PrepareTablesOptions): Promise<PdbPartition[]> {
    const { width, height } = parseSize(size);
    const name = partitionName(width, height, prepare.partition);
    const which = prepare.goal ?? 'blank-last';
    if (!['blank-last', 'blank-first', 'both'].includes(which)) {
      throw new RangeError(`tables: unknown goal '${which}', expected blank-last, blank-first or both`);
    }
    const cells = width * height;
    const blanks = which === 'both' ? [cells - 1, 0] : which === 'blank-first' ? [0] : [cells - 1];
    const partitions = blanks.map((blank) => namedPartition(width, height, blank, name)!);
    for (const partition of partitions) await prepareOne(partition, prepare);
    return partitions;
  }

  return {
    prepare(size, prepare = {}) {
      const run = queue.then(async () => {
        preparing++;
        try {
          return await prepareSize(size, prepare);
        } finally {
          preparing--;
        }
      });
      queue = run.catch(() => {});
      return run;
    },

    choose(start, goal, requested, build = true) {
      if (requested !== undefined && !(HEURISTICS as readonly string[]).includes(requested)) {
        throw new RangeError(unknownHeuristicMessage(requested));
      }
      const { width, height } = start;
      const cells = width * height;
      const fallback: Heuristic = cells <= 9 ? 'manhattan' : 'linear-conflict';
      if (requested === 'manhattan' || requested === 'linear-conflict') return { heuristic: requested };
      const name = options.partition ?? DEFAULT_PARTITIONS[`${width}x${height}`];
      const partition = name ? namedPartition(width, height, goal.tiles.indexOf(0), name) : null;
      if (!partition) return { heuristic: requested === 'pdb' ? 'linear-conflict' : fallback };
      if (core.pdb.ready(partition)) return { heuristic: 'pdb', partition };
      if (requested !== 'pdb') return { heuristic: fallback };
      // A build is under way in prepare(); building here would cut across it.
      if (preparing > 0 || !build) return { heuristic: 'linear-conflict' };
      // Asked for by name: built now, in memory (prepareTables also uses the disk cache).
      for (const group of largestFirst(partition)) {
        if (core.pdb.has(partition, group)) continue;
        const build = core.pdb.build(partition, group);
        while (build.round());
      }
      return { heuristic: 'pdb', partition };
    },
  };
}
