/**
 * Host adapter for `assembly/pdbBuild.ts` and `assembly/pdbDerive.ts`: sizes and grows the module's memory for
 * each group's table (the module says when it cannot), builds tables one round
 * per call, and keeps the registry of installed tables that the IDA* adapter
 * hands to the search.
 */
import type { PdbBuild, PdbCore, PdbPartition, PdbSplitBuild, PdbSplitShare } from '../contract.js';
import { checkPdbDerivation, partitionKey } from '../pdbPartition.js';
import { checkPdbBuildMemory, groupTableBytes, groupTableEntries, pdbEntryCount, pdbWorkBytes } from '../pdbSizes.js';
import { FreeRooms, type Room } from './pdbRooms.js';
import type { ScratchExports } from './scratch.js';

export interface PdbExports extends ScratchExports {
  /** Grows memory by at least `bytes`; returns the new block's address or -1. */
  pdbGrow(bytes: number): number;
  /** Starts building a group's table; returns its entry count or -1 for a group it cannot build. */
  pdbBuildStart(width: number, height: number, groupMask: number, blankCell: number, tableAt: number, workAt: number, zeroAware: number): number;
  /** Scans up to `placements` ranks of the round in progress; -1 while it goes on, else the placements it reached (0: done). */
  pdbBuildRound(placements: number): number;
  pdbBuildSettled(): number;
  /** The bytes the last block a build asked memory for, met or not: what a PDB_NO_MEMORY start or join could not grow by. */
  pdbNeeded(): number;
  /** A build split over instances of the shared build: the starter's block marks moved where all can reach them; their address or -1. */
  pdbBuildSpread(): number;
  /** Joins the build another instance started with these arguments (and its pdbBuildSpread address); returns the entry count, or PDB_NO_MEMORY. */
  pdbBuildJoin(
    width: number,
    height: number,
    groupMask: number,
    blankCell: number,
    tableAt: number,
    workAt: number,
    zeroAware: number,
    changedAt: number,
  ): number;
  /** Expands the states at the current distance among ranks [start, end); returns how many. */
  pdbBuildShare(start: number, end: number): number;
  /** Turns to the next round of a split build (leader 1: the first, bringing the round's sets up to date). */
  pdbBuildEndRound(leader: number): void;
  /** Bytes of one blank set while building a group of `tiles` tiles: 1 or 2. */
  pdbMaskBytes(cells: number, tiles: number): number;
  /** Sets where a symmetry takes target cell `cell` back to, for pdbDeriveStart. */
  pdbDeriveMap(cell: number, sourceCell: number): void;
  /** Starts reading the table at `sourceAt` through the symmetry into `targetAt`; returns the entry count or -1. */
  pdbDeriveStart(width: number, height: number, targetMask: number, sourceAt: number, targetAt: number, zeroAware: number): number;
  /** Fills up to `count` more entries; returns the entries filled so far. */
  pdbDeriveSlice(count: number): number;
  /** Joins the derivation another instance started with these arguments (this instance's pdbDeriveMap set alike); returns the entry count. */
  pdbDeriveJoin(width: number, height: number, targetMask: number, sourceAt: number, targetAt: number, zeroAware: number): number;
  /** Fills the entries of target ranks [start, end) (start even); returns how many it wrote. */
  pdbDeriveShare(start: number, end: number): number;
  /** Names group `index` of the partition for the search: home cells mask, table address, zero-aware (1) or not. */
  idaStarPdbGroup(index: number, cellMask: number, tableAt: number, zeroAware: number): void;
  /** Makes the zero-aware layout for `tiles` tiles on the board (once); returns a table's entry count, or -1 when memory cannot hold the layout. */
  zeroAwareEntryCount(width: number, height: number, tiles: number): number;
  idaStarPdbGroups(count: number): void;
  /** Sets sum `index` of a catalogue: its groups, a bit per group index. */
  idaStarPdbSum(index: number, groupBits: number): void;
  /** The number of sums set by idaStarPdbSum (0: one sum of every group). */
  idaStarPdbSums(count: number): void;
}

/** An installed table: where it lies in the module's memory; `adopted` when another instance of a shared memory holds it (see adopt). */
interface Region extends Room {
  adopted?: boolean;
}

export interface WasmPdb extends PdbCore {
  /** Points the search at `partition`'s tables; false when one is missing. */
  select(partition: PdbPartition): boolean;
  /** Where the installed table lies in the module's memory, or null. */
  address(partition: PdbPartition, group: number): number | null;
  /**
   * Takes the table at `at` of a memory this instance shares with the one
   * that holds it (the shared build) as installed here: no copy. The holder
   * must keep it unchanged while this instance searches it.
   */
  adopt(partition: PdbPartition, group: number, at: number): void;
  /** The module's memory in bytes (it never shrinks: released tables' rooms serve the next ones). */
  memoryBytes(): number;
}

/** Placements scanned per call: a round of a 6-tile table takes two calls, of an 8-tile table over a hundred. */
const SLICE_PLACEMENTS = 1 << 22;
/** Entries derived per call (about half a second). */
const DERIVE_SLICE = 1 << 23;

/** The first of a split's join arguments: which work another instance joins. */
const JOIN_BUILD = 0;
const JOIN_DERIVE = 1;

/** A symmetry's cell map packed four cells (a byte each) to a number, for a split derivation's join arguments. */
function packCells(cellMap: readonly number[]): number[] {
  return Array.from({ length: Math.ceil(cellMap.length / 4) }, (_, word) =>
    cellMap.slice(word * 4, word * 4 + 4).reduce((packed, cell, i) => packed + cell * 2 ** (8 * i), 0),
  );
}

function unpackCells(packed: readonly number[], cells: number): number[] {
  return Array.from({ length: cells }, (_, cell) => Math.floor(packed[cell >> 2]! / 2 ** (8 * (cell & 3))) & 255);
}

export function groupMask(cells: readonly number[]): number {
  let mask = 0;
  for (const cell of cells) mask |= 1 << cell;
  return mask >>> 0;
}

/** Makes the module's zero-aware layout for a group's size when its partition is zero-aware: its build and search read it (a few MB, once per shape and size). */
function readyLayout(exports: PdbExports, partition: PdbPartition, group: number): void {
  if (!partition.zeroAware) return;
  const tiles = partition.groups[group]!.length;
  const entries = exports.zeroAwareEntryCount(partition.width, partition.height, tiles);
  const what = `the zero-aware layout of ${tiles} tiles on ${partition.width}x${partition.height}`;
  if (entries !== groupTableEntries(partition, group)) throw cannotGrow(exports, exports.pdbNeeded(), what);
}

/** What pdbBuildStart, pdbBuildJoin and pdbDeriveJoin return when this instance cannot grow for its own lookup tables or zero-aware layout. */
const PDB_NO_MEMORY = -2;

/** The error for memory that could not grow by `bytes` for `what`. */
function cannotGrow(exports: PdbExports, bytes: number, what: string): RangeError {
  const [mib, have] = [(bytes / 2 ** 20).toFixed(1), (exports.memory.buffer.byteLength / 2 ** 20).toFixed(0)];
  return new RangeError(`puzzlesearch: cannot grow WebAssembly memory by ${mib} MiB for ${what} (it holds ${have} MiB already)`);
}

export function wasmPdb(exports: PdbExports): WasmPdb {
  const tables = new Map<string, Region>();
  let work: Region | null = null;
  // The module builds one table at a time: a build started later takes over.
  let activeBuild = 0;

  const rooms = new FreeRooms(
    (bytes) => exports.pdbGrow(bytes),
    () => exports.memory.buffer.byteLength,
  );

  /** A room of `bytes` for `what`: a free one (a released table's), else memory grown. */
  function grow(bytes: number, what: string): number {
    const at = rooms.take(bytes);
    if (at < 0) throw cannotGrow(exports, bytes, what);
    return at;
  }

  /** The table's region, reused when the same table is built or loaded again; else a free room (see ./pdbRooms.ts) or memory grown. */
  function tableRegion(partition: PdbPartition, group: number): Region {
    const key = `${partitionKey(partition)}#${group}`;
    let region = tables.get(key);
    if (!region) {
      const bytes = groupTableBytes(partition, group);
      region = { at: grow(bytes, `the ${partition.groups[group]!.length}-tile table of ${partition.name}`), bytes };
      tables.set(key, region);
    }
    return region;
  }

  /**
   * Gives the working memory of the last build back once that build is done
   * or overtaken (wasm memory never shrinks): the next build takes it again,
   * or tables loaded or derived meanwhile (1.5 GB of it for a 6-tile group on
   * 5x5, enough for the other goal's tables), or the tables after a release.
   */
  function freeWork(): void {
    if (work) rooms.giveBack(work);
    work = null;
  }

  const installed = new Set<string>();
  const tableKey = (partition: PdbPartition, group: number) => `${partitionKey(partition)}#${group}`;

  /**
   * The module's table work in progress, one slice a round() (`step` says
   * whether that slice finished it); the table `key` is installed when done.
   * Work started later takes the module over: this one then throws.
   */
  function sliced(entries: number, key: string, what: string, step: () => boolean, whenDone?: () => void): PdbBuild {
    let done = false;
    const token = ++activeBuild;
    return {
      entries,
      round() {
        if (done) return false;
        if (token !== activeBuild) throw new Error(`puzzlesearch: ${what} was overtaken by another table build`);
        done = step();
        if (done) {
          installed.add(key);
          whenDone?.();
        }
        return !done;
      },
      settled: () => exports.pdbBuildSettled(),
    };
  }

  /** Starts the module's build of a group (its table and working memory grown as needed); returns its key, entries and pdbBuildStart's arguments. */
  function startBuild(partition: PdbPartition, group: number): { key: string; entries: number; args: number[] } {
    const cells = partition.width * partition.height;
    const tiles = partition.groups[group]!.length;
    const workBytes = pdbWorkBytes(cells, tiles, exports.pdbMaskBytes(cells, tiles));
    checkPdbBuildMemory(partition, group, workBytes);
    readyLayout(exports, partition, group);
    // A build left unfinished (aborted) gives its working memory back: it cannot go on (see sliced).
    freeWork();
    // The working memory first, the largest room: a small table taken first could split the room it needs.
    work = { at: grow(workBytes, `building a ${tiles}-tile table`), bytes: workBytes };
    const table = tableRegion(partition, group);
    const key = tableKey(partition, group);
    installed.delete(key);
    const mask = groupMask(partition.groups[group]!);
    const args = [partition.width, partition.height, mask, partition.blankCell, table.at, work.at, partition.zeroAware ? 1 : 0];
    const entries = exports.pdbBuildStart(...(args as Parameters<PdbExports['pdbBuildStart']>));
    if (entries === PDB_NO_MEMORY) throw cannotGrow(exports, exports.pdbNeeded(), `the lookup tables of a ${tiles}-tile build`);
    if (entries !== groupTableEntries(partition, group)) throw new RangeError(`puzzlesearch: cannot build a table for group ${group} of ${partition.name}`);
    return { key, entries, args };
  }

  /** One instance's part in a split build (pdbBuildStart or pdbBuildJoin done) or derivation (pdbDeriveStart or pdbDeriveJoin: one round). */
  function splitShare(placements: number, derivation: boolean): PdbSplitShare {
    return {
      placements,
      share: (start, end) => (derivation ? exports.pdbDeriveShare(start, end) : exports.pdbBuildShare(start, end)),
      endRound: (leader) => (derivation ? undefined : exports.pdbBuildEndRound(leader ? 1 : 0)),
      settled: () => exports.pdbBuildSettled(),
    };
  }

  /** Starts the module's derivation of a group from a held table (its table grown as needed); returns its key, entries and pdbDeriveStart's arguments. */
  function startDerive(
    partition: PdbPartition,
    group: number,
    source: PdbPartition,
    sourceGroup: number,
    cellMap: readonly number[],
  ): { key: string; entries: number; args: number[] } {
    checkPdbDerivation(partition, group, source, sourceGroup, cellMap);
    const key = tableKey(partition, group);
    const from = tables.get(tableKey(source, sourceGroup));
    if (!from || !installed.has(tableKey(source, sourceGroup))) {
      throw new RangeError(`puzzlesearch: group ${sourceGroup} of ${source.name} has no table to derive group ${group} of ${partition.name} from`);
    }
    readyLayout(exports, partition, group);
    const table = tableRegion(partition, group);
    installed.delete(key);
    cellMap.forEach((sourceCell, cell) => exports.pdbDeriveMap(cell, sourceCell));
    const args = [partition.width, partition.height, groupMask(partition.groups[group]!), from.at, table.at, partition.zeroAware ? 1 : 0];
    const entries = exports.pdbDeriveStart(...(args as Parameters<PdbExports['pdbDeriveStart']>));
    if (entries !== groupTableEntries(partition, group)) throw new RangeError(`puzzlesearch: cannot derive group ${group} of ${partition.name}`);
    return { key, entries, args };
  }

  return {
    build(partition, group): PdbBuild {
      const { key, entries } = startBuild(partition, group);
      // A round: -1 while the layer goes on, 0 once no state was reached.
      return sliced(entries, key, `the build of group ${group} of ${partition.name}`, () => exports.pdbBuildRound(SLICE_PLACEMENTS) === 0, freeWork);
    },

    startSplitBuild(partition, group): PdbSplitBuild {
      const { key, entries, args } = startBuild(partition, group);
      const token = ++activeBuild;
      const changedAt = exports.pdbBuildSpread();
      if (changedAt < 0) throw cannotGrow(exports, exports.pdbNeeded(), 'the block marks of a build split over workers');
      const placements = pdbEntryCount(partition.width * partition.height, partition.groups[group]!.length);
      return {
        ...splitShare(placements, false),
        entries,
        oneRound: false,
        joinArgs: [JOIN_BUILD, ...args, changedAt],
        // Called once every instance's last share is done: the working memory is no one's any more.
        finish() {
          if (token !== activeBuild) throw new Error(`puzzlesearch: the build of group ${group} of ${partition.name} was overtaken by another table build`);
          installed.add(key);
          freeWork();
        },
      };
    },

    startSplitDerive(partition, group, source, sourceGroup, cellMap): PdbSplitBuild {
      const { key, entries, args } = startDerive(partition, group, source, sourceGroup, cellMap);
      const token = ++activeBuild;
      return {
        ...splitShare(pdbEntryCount(partition.width * partition.height, partition.groups[group]!.length), true),
        entries,
        oneRound: true,
        joinArgs: [JOIN_DERIVE, ...args, ...packCells(cellMap)],
        // Called once every instance's share is done.
        finish() {
          if (token !== activeBuild) throw new Error(`puzzlesearch: deriving group ${group} of ${partition.name} was overtaken by another table build`);
          installed.add(key);
        },
      };
    },

    joinSplitBuild(joinArgs, entries): PdbSplitShare {
      const [kind, width, height, mask] = joinArgs as [number, number, number, number];
      const placements = pdbEntryCount(width * height, [...mask.toString(2)].filter((bit) => bit === '1').length);
      let joined: number;
      if (kind === JOIN_DERIVE) {
        const args = joinArgs.slice(1, 7) as Parameters<PdbExports['pdbDeriveJoin']>;
        unpackCells(joinArgs.slice(7), width * height).forEach((sourceCell, cell) => exports.pdbDeriveMap(cell, sourceCell));
        joined = exports.pdbDeriveJoin(...args);
      } else {
        joined = exports.pdbBuildJoin(...(joinArgs.slice(1, 9) as Parameters<PdbExports['pdbBuildJoin']>));
      }
      const what = kind === JOIN_DERIVE ? 'derivation' : 'build';
      if (joined === PDB_NO_MEMORY)
        throw cannotGrow(exports, exports.pdbNeeded(), `joining a table ${what} of ${entries} entries (this instance's own lookup tables)`);
      if (joined !== entries) throw new RangeError(`puzzlesearch: cannot join a table ${what} of ${entries} entries (this instance counts ${joined})`);
      return splitShare(placements, kind === JOIN_DERIVE);
    },

    derive(partition, group, source, sourceGroup, cellMap) {
      const { key, entries } = startDerive(partition, group, source, sourceGroup, cellMap);
      // A zero-aware placement takes a region at a time: fewer a call.
      const slice = partition.zeroAware ? DERIVE_SLICE / 4 : DERIVE_SLICE;
      return sliced(entries, key, `deriving group ${group} of ${partition.name}`, () => exports.pdbDeriveSlice(slice) >= entries);
    },

    install(partition, group, bytes) {
      const expected = groupTableBytes(partition, group);
      if (bytes.length !== expected)
        throw new RangeError(`puzzlesearch: a table of ${bytes.length} bytes for group ${group} of ${partition.name}, expected ${expected}`);
      const room = this.reserve(partition, group);
      room.view().set(bytes);
      room.install();
    },

    reserve(partition, group) {
      readyLayout(exports, partition, group);
      const key = tableKey(partition, group);
      const table = tableRegion(partition, group);
      // Refilled: not the search's until whole again.
      installed.delete(key);
      return {
        view: () => new Uint8Array(exports.memory.buffer, table.at, table.bytes),
        install: () => installed.add(key),
      };
    },

    has: (partition, group) => installed.has(tableKey(partition, group)),

    address(partition, group) {
      const key = tableKey(partition, group);
      return installed.has(key) ? tables.get(key)!.at : null;
    },

    adopt(partition, group, at) {
      const bytes = groupTableBytes(partition, group);
      if (!Number.isInteger(at) || at <= 0 || at + bytes > exports.memory.buffer.byteLength)
        throw new RangeError(`puzzlesearch: no ${bytes}-byte table for group ${group} of ${partition.name} at ${at} in this memory`);
      readyLayout(exports, partition, group);
      const key = tableKey(partition, group);
      tables.set(key, { at, bytes, adopted: true });
      installed.add(key);
    },

    release(partition, group) {
      const key = tableKey(partition, group);
      const region = tables.get(key);
      installed.delete(key);
      if (!region) return 0;
      tables.delete(key);
      // An adopted table's room is its holder's to give back.
      if (region.adopted) return 0;
      rooms.giveBack(region);
      return region.bytes;
    },

    memoryBytes: () => exports.memory.buffer.byteLength,

    table(partition, group, offset = 0, length) {
      const key = tableKey(partition, group);
      const region = tables.get(key);
      if (!region || !installed.has(key)) return null;
      const start = Math.min(Math.max(0, offset), region.bytes);
      const end = length === undefined ? region.bytes : Math.min(region.bytes, start + Math.max(0, length));
      return new Uint8Array(exports.memory.buffer, region.at + start, end - start).slice();
    },

    ready(partition) {
      return partition.groups.every((_, group) => installed.has(tableKey(partition, group)));
    },

    select(partition) {
      if (!this.ready(partition)) return false;
      partition.groups.forEach((cells, group) => {
        exports.idaStarPdbGroup(group, groupMask(cells), tables.get(tableKey(partition, group))!.at, partition.zeroAware ? 1 : 0);
      });
      exports.idaStarPdbGroups(partition.groups.length);
      const sums = partition.sums ?? [];
      // A bit per group index, as a group's mask has a bit per cell.
      sums.forEach((groups, sum) => exports.idaStarPdbSum(sum, groupMask(groups)));
      exports.idaStarPdbSums(sums.length);
      return true;
    },
  };
}
