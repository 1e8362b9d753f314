/**
 * A table build split over a pool's workers on the shared build: every
 * worker writes the one table in the memory they share, each round's ranks
 * dealt among them (assembly/pdbBuild.ts: every write of a round is an atomic
 * OR, so the table is byte-identical to the one-thread build).
 *
 * The pool (tableSharing.ts) gives one worker the prepareTables call and
 * every other worker a call to help, with one small SharedArrayBuffer, the
 * control. The leader prepares the tables as a lone worker would (loaded,
 * derived, built, saved, in src/pdb/tables.ts), but builds or derives each
 * group through `leadBuilds`' builder: it starts the work, publishes it, and
 * per round publishes a deal, takes chunks itself, and waits at a barrier for
 * the chunks the helpers took. A derivation is one round: each target entry
 * is read from the source table through the symmetry, whoever reads it
 * (assembly/pdbDerive.ts: in rank order a chunk's bytes are its own; in the
 * blocked order, and for a zero-aware pocket, each entry is an atomic OR).
 * The helpers (`helpBuilds`) wait on the control, join each group's build or
 * derivation, take chunks of each deal, and leave when the leader ends the
 * session. The waits are Atomics.wait in the workers (a wake costs
 * microseconds; a message through the pool's thread costs a round trip per
 * round and per worker).
 *
 * Chunks, not halves: the ranks a round expands are uneven (a round scans only
 * the blocks the last one changed), so an atomic counter deals chunks of
 * ranks to whoever is free. A chunk is a multiple of 64 ranks: the build reads
 * the blank sets a word at a time, and its changed-block marks cover 64 or
 * more ranks each.
 *
 * A published deal is a seqlock: the leader makes SEQ odd, writes the fields,
 * then makes it even and wakes the helpers; a helper reads SEQ, the fields,
 * then SEQ again, and retries on a change. A chunk is claimed by a
 * compare-and-swap on (deal, next chunk), so a helper that read an older
 * deal can never take a chunk of a newer one.
 *
 * A cached table is read the same way (`spread`, a load deal): the leader
 * checks the file's header and reserves the table's room, then publishes the
 * file's path and the room's address; each slice of the file is claimed by
 * whoever is free, read straight into the shared memory and checksummed
 * there, its CRC-32 and length left in the control. The leader combines the
 * slices' CRCs in order (crc32Combiner) into the file's, which the cache
 * checks as it checks a file read by one thread: a file damaged in any
 * worker's share is refused (and rebuilt) all the same.
 *
 * Faults: the pool's thread writes STOP when a worker of the session dies or
 * its call fails (`SplitSession.lose`), and wakes everyone; the leader's
 * build then throws instead of waiting for chunks that will never be done,
 * so nothing is installed or saved, and the pool names the worker.
 *
 * One file of about 480 lines: builds, derivations and loads are deals on
 * one control, whose cells, seqlock and claims the leader's and the
 * helpers' sides read and write together; apart, each would reach into the
 * other's layout.
 */
import { crc32Combiner } from '../crc32.js';
import type { WasmMemory } from '../engine/wasm/loader.js';
import type { Core, PdbBuild, PdbSplitBuild, PdbSplitShare } from '../engine/contract.js';
import type { TableBuilder } from '../pdb/tables.js';
import { trace } from '../trace.js';

/** Reads a span of a file into `into` on this thread, synchronously, and checksums it (src/pdb/cache/node.ts spanReader). */
export type SpanReader = (file: string, position: number, into: Uint8Array) => { read: number; checksum: number };

// Int32 cells of the control.
/** The seqlock of the published fields: odd while the leader writes them. */
const SEQ = 0;
/** 0: the session goes on; 1: it ended (the leader is done, or its call ended); k + 2: worker k (0-based) was lost. */
const STOP = 1;
/** Serial of the group build published (from 1). */
const GROUP = 2;
/** The round of that build the deal is of. */
const ROUND = 3;
/** Chunks of the deal, and ranks in a chunk. */
const CHUNKS = 4;
const CHUNK_RANKS = 5;
/** Chunks of the deal done, and the states they expanded. */
const DONE = 6;
const EXPANDED = 7;
/** What the deal's work is: a build's or derivation's round (BUILD), or a cached table's slices (LOAD). */
const KIND = 8;
const BUILD = 0;
const LOAD = 1;
/** Written by the pool's side (SplitSession): the bytes of a load's slice (0: LOAD_SLICE_BYTES), and 1 when the leader leaves every slice to the helpers. */
const SLICE_BYTES = 9;
const LEADER_SKIPS_READS = 10;
/** Who read each slice of the last load deal, in SLICE_READERS: the leader or a helper. */
const READ_BY_LEADER = 1;
const READ_BY_HELPER = 2;
// Two BigInt64 cells from byte 64: the claim (deal << 32 | next chunk), then the entries the helpers settled in this group.
const CLAIM_BYTE = 64;
// Uint32 cells: the join arguments (what is joined, dimensions, mask, addresses below 4 GiB; a derivation's cell map, packed), then the table's entries.
const ARGS_BYTE = 80;
const ARGS = 16;
// A load deal: the file's path (UTF-8), then each slice's CRC-32 and the bytes read of it.
const PATH_BYTE = ARGS_BYTE + (ARGS + 1) * 4;
const MAX_PATH_BYTES = 4096;
const MAX_SLICES = 1024;
const SLICES_BYTE = PATH_BYTE + MAX_PATH_BYTES;
const SLICE_READERS_BYTE = SLICES_BYTE + 2 * MAX_SLICES * 4;
const CONTROL_BYTES = SLICE_READERS_BYTE + MAX_SLICES;
/** A load's slices: 4 MiB (each checksummed while its bytes are still in the core's cache), more for a table over 4 GiB / MAX_SLICES. */
const LOAD_SLICE_BYTES = 4 * 2 ** 20;

/** The most ranks in a chunk, and the chunks a round is cut into at most (smaller tables get chunks of 64). */
const MAX_CHUNK_RANKS = 1 << 16;
const CHUNKS_PER_ROUND = 64;
/** How long a waiting worker sleeps before it looks at its cancel flag again (ms). */
const WAIT_MS = 100;
/**
 * How long the leader works at a deal before its round() returns (ms), the
 * deal still open, so that progress is reported inside a long round (a round
 * of the 7-8 table's 8-tile group is seconds) while the helpers work on.
 */
const SLICE_MS = 250;

/** Ranks per chunk for a round of `placements` ranks: a multiple of 64. */
function chunkRanks(placements: number): number {
  return Math.min(MAX_CHUNK_RANKS, Math.max(64, Math.ceil(placements / CHUNKS_PER_ROUND / 64) * 64));
}

class Control {
  readonly cells: Int32Array;
  readonly wide: BigInt64Array;
  /** The join arguments and the entries, read and written with Atomics (under the seqlock). */
  readonly args: Uint32Array;
  /** A load deal's path, and each slice's CRC-32 and bytes read (written by whoever read it, before its chunk counts as done). */
  readonly path: Uint8Array;
  readonly sliceChecksums: Uint32Array;
  readonly sliceReads: Uint32Array;
  /** Who read each slice (READ_BY_LEADER, READ_BY_HELPER): what tests of a damaged share look at. */
  readonly sliceReaders: Uint8Array;

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer, 0, CLAIM_BYTE / 4);
    this.wide = new BigInt64Array(buffer, CLAIM_BYTE, 2);
    this.args = new Uint32Array(buffer, ARGS_BYTE, ARGS + 1);
    this.path = new Uint8Array(buffer, PATH_BYTE, MAX_PATH_BYTES);
    this.sliceChecksums = new Uint32Array(buffer, SLICES_BYTE, MAX_SLICES);
    this.sliceReads = new Uint32Array(buffer, SLICES_BYTE + MAX_SLICES * 4, MAX_SLICES);
    this.sliceReaders = new Uint8Array(buffer, SLICE_READERS_BYTE, MAX_SLICES);
  }

  get stop(): number {
    return Atomics.load(this.cells, STOP);
  }

  /** Wakes every worker waiting on the control. */
  wake(): void {
    Atomics.notify(this.cells, SEQ);
    Atomics.notify(this.cells, DONE);
  }

  /**
   * Claims the next chunk of deal `deal`: its index, or -1 when the deal
   * has none left (or is no longer the one published).
   */
  claim(deal: number, chunks: number): number {
    for (;;) {
      const current = Atomics.load(this.wide, 0);
      if (Number(current >> 32n) !== deal) return -1;
      const next = Number(current & 0xffffffffn);
      if (next >= chunks) return -1;
      if (Atomics.compareExchange(this.wide, 0, current, current + 1n) === current) return next;
    }
  }

  /**
   * Does the chunks of deal `deal` this worker can claim, each by `take`
   * (`beforeChunk` may throw: a cancel); false when it stopped at `until`
   * (performance.now()) with chunks left, true when none is left to claim.
   */
  work(take: (chunk: number) => void, deal: number, chunks: number, beforeChunk: () => void, until = Infinity): boolean {
    for (;;) {
      if (this.stop !== 0) return true;
      beforeChunk();
      if (performance.now() > until) return false;
      const chunk = this.claim(deal, chunks);
      if (chunk < 0) return true;
      try {
        take(chunk);
      } finally {
        // Counted even when the module failed: the leader's barrier must not wait for it (the build fails anyway).
        if (Atomics.add(this.cells, DONE, 1) + 1 === chunks) Atomics.notify(this.cells, DONE);
      }
    }
  }

  /** A chunk of a build's round: its ranks expanded on `build` (a helper's settled entries counted for the leader's progress). */
  expand(build: PdbSplitShare, ranks: number, helper: boolean): (chunk: number) => void {
    return (chunk) => {
      const settledBefore = helper ? build.settled() : 0;
      const expanded = build.share(chunk * ranks, Math.min(build.placements, (chunk + 1) * ranks));
      if (helper) Atomics.add(this.wide, 1, BigInt(build.settled() - settledBefore));
      Atomics.add(this.cells, EXPANDED, expanded);
    };
  }

  /**
   * A slice of a load deal: read from the file at `path` into the memory at
   * the deal's address (args: address, bytes, position in the file, slice
   * bytes), its CRC-32 and bytes read left in the control. A reader that
   * failed reads nothing: the leader refuses the file.
   */
  readSlice(readSpan: SpanReader, path: string, memory: () => ArrayBufferLike, reader: number): (chunk: number) => void {
    const [at, bytes, position, sliceBytes] = [0, 1, 2, 3].map((i) => Atomics.load(this.args, i)) as [number, number, number, number];
    return (chunk) => {
      const start = chunk * sliceBytes;
      let read = { read: 0, checksum: 0 };
      try {
        read = readSpan(path, position + start, new Uint8Array(memory(), at + start, Math.min(sliceBytes, bytes - start)));
      } finally {
        Atomics.store(this.sliceChecksums, chunk, read.checksum);
        Atomics.store(this.sliceReads, chunk, read.read);
        Atomics.store(this.sliceReaders, chunk, reader);
      }
    };
  }
}

/** Thrown by the leader's build when a worker of the session was lost; the pool replaces it with a message naming the worker. */
export class SplitBuildLost extends Error {
  constructor(what: string) {
    super(`${what} lost a worker that was building it with this one`);
    this.name = 'SplitBuildLost';
  }
}

/**
 * The leader: runs `prepare` with a builder that splits each build over the
 * helpers of `control` (and, given `readSpan`, each cached table's read),
 * then ends the session, once no helper is still writing a chunk (a later
 * build must not get a stale write). Without a split build in the engine
 * (the 'ts' engine) `prepare` gets no builder.
 */
export async function leadBuilds<T>(
  buffer: SharedArrayBuffer,
  core: Core,
  stopIfCancelled: () => void,
  prepare: (builder: TableBuilder | undefined) => Promise<T>,
  readSpan?: SpanReader,
): Promise<T> {
  const control = new Control(buffer);
  const { cells } = control;
  let group = 0;
  /** The last deal: its number and chunks, and once it was closed (settleDeal) the chunks handed out of it. */
  let lastDeal: { seq: number; chunks: number; claimed?: number } = { seq: 0, chunks: 0, claimed: 0 };

  /** Writes the fields under the seqlock and wakes the helpers; returns the deal's number (the even SEQ). */
  const publish = (write: () => void): number => {
    Atomics.add(cells, SEQ, 1);
    write();
    const seq = Atomics.add(cells, SEQ, 1) + 1;
    Atomics.notify(cells, SEQ);
    return seq;
  };

  /** Takes the rest of the last deal's chunks out of reach and waits for those the helpers hold (not for a lost one's). */
  const settleDeal = (): number => {
    const { seq, chunks } = lastDeal;
    // Closed once: the claim then reads `chunks`, however many were handed out.
    while (lastDeal.claimed === undefined) {
      const current = Atomics.load(control.wide, 0);
      const claimed = Math.min(chunks, Number(current & 0xffffffffn));
      if (Atomics.compareExchange(control.wide, 0, current, (BigInt(seq) << 32n) | BigInt(chunks)) === current) lastDeal.claimed = claimed;
    }
    const { claimed } = lastDeal;
    for (;;) {
      const done = Atomics.load(cells, DONE);
      if (done >= claimed || control.stop >= 2) return done;
      Atomics.wait(cells, DONE, done, WAIT_MS);
    }
  };

  /** A split build or derivation, started by `start`, as the leader's rounds: per round a deal, its chunks, the barrier. */
  const split = (what: string, start: () => PdbSplitBuild): PdbBuild => {
    if (control.stop >= 2) throw new SplitBuildLost(what);
    const build = start();
    if (build.joinArgs.length > ARGS) throw new Error(`${what}: ${build.joinArgs.length} join arguments, more than the control's ${ARGS}`);
    const ranks = chunkRanks(build.placements);
    const chunks = Math.ceil(build.placements / ranks);
    group++;
    let round = 0;
    let finished = false;
    /** The deal of this round, once published (a round may take several calls). */
    let open = 0;
    return {
      entries: build.entries,
      round(): boolean {
        if (finished) return false;
        if (open === 0) {
          open = publish(() => {
            if (round === 0) {
              Atomics.store(cells, GROUP, group);
              Atomics.store(cells, KIND, BUILD);
              for (let i = 0; i < ARGS; i++) Atomics.store(control.args, i, build.joinArgs[i] ?? 0);
              Atomics.store(control.args, ARGS, build.entries);
              Atomics.store(control.wide, 1, 0n);
            }
            Atomics.store(cells, ROUND, round);
            Atomics.store(cells, CHUNKS, chunks);
            Atomics.store(cells, CHUNK_RANKS, ranks);
            Atomics.store(cells, DONE, 0);
            Atomics.store(cells, EXPANDED, 0);
            Atomics.store(control.wide, 0, BigInt(Atomics.load(cells, SEQ) + 1) << 32n);
          });
          lastDeal = { seq: open, chunks };
        }
        // Time's up with chunks left: report progress and come back, the helpers working on.
        if (!control.work(control.expand(build, ranks, false), open, chunks, stopIfCancelled, performance.now() + SLICE_MS)) return true;
        open = 0;
        const done = settleDeal();
        if (control.stop >= 2) throw new SplitBuildLost(what);
        // Only a stop from the pool's thread (this call ended) leaves chunks undone: stop as a cancel does.
        if (done < chunks) stopIfCancelled();
        if (done < chunks) throw new Error(`${what} was stopped: its call ended`);
        if (build.oneRound || Atomics.load(cells, EXPANDED) === 0) {
          finished = true;
          build.finish();
          return false;
        }
        build.endRound(true);
        round++;
        return true;
      },
      settled: () => build.settled() + Number(Atomics.load(control.wide, 1)),
    };
  };

  /**
   * A load deal: `into` (a view of the shared memory) filled from `file` at
   * `position` by every worker, a slice at a time; the bytes read before the
   * first short slice and the CRC-32 of the whole, combined in slice order.
   * Null (read it alone) when the path does not fit in the control or `into`
   * is not in a shared memory.
   */
  const spread = async (file: string, position: number, into: Uint8Array): Promise<{ read: number; checksum: number } | null> => {
    const path = new TextEncoder().encode(file);
    if (!readSpan || path.length > MAX_PATH_BYTES || !(into.buffer instanceof SharedArrayBuffer)) return null;
    if (control.stop >= 2) throw new SplitBuildLost(`reading ${file}`);
    const sliceBytes = Math.max(Atomics.load(cells, SLICE_BYTES) || LOAD_SLICE_BYTES, Math.ceil(into.length / MAX_SLICES));
    const slices = Math.ceil(into.length / sliceBytes);
    group++;
    const seq = publish(() => {
      Atomics.store(cells, GROUP, group);
      Atomics.store(cells, KIND, LOAD);
      [into.byteOffset, into.length, position, sliceBytes, path.length].forEach((value, i) => Atomics.store(control.args, i, value));
      path.forEach((byte, i) => Atomics.store(control.path, i, byte));
      Atomics.store(cells, ROUND, 0);
      Atomics.store(cells, CHUNKS, slices);
      Atomics.store(cells, DONE, 0);
      Atomics.store(control.wide, 0, BigInt(Atomics.load(cells, SEQ) + 1) << 32n);
    });
    lastDeal = { seq, chunks: slices };
    if (Atomics.load(cells, LEADER_SKIPS_READS) === 0) {
      control.work(
        control.readSlice(readSpan, file, () => into.buffer, READ_BY_LEADER),
        seq,
        slices,
        stopIfCancelled,
      );
    } else {
      // Left to the helpers (tests): every slice taken and read before the deal is closed.
      while (control.stop === 0 && Atomics.load(cells, DONE) < slices) Atomics.wait(cells, DONE, Atomics.load(cells, DONE), WAIT_MS);
    }
    const done = settleDeal();
    if (control.stop >= 2) throw new SplitBuildLost(`reading ${file}`);
    if (done < slices) stopIfCancelled();
    if (done < slices) throw new Error(`reading ${file} was stopped: its call ended`);
    let checksum = 0;
    // One combiner for every whole slice, made once: one for each length costs milliseconds a table.
    const whole = crc32Combiner(sliceBytes);
    for (let slice = 0; slice < slices; slice++) {
      const length = Math.min(sliceBytes, into.length - slice * sliceBytes);
      const read = Atomics.load(control.sliceReads, slice);
      if (read !== length) return { read: slice * sliceBytes + read, checksum };
      const sliceChecksum = Atomics.load(control.sliceChecksums, slice);
      checksum = length === sliceBytes ? whole(checksum, sliceChecksum) : crc32Combiner(length)(checksum, sliceChecksum);
    }
    return { read: into.length, checksum };
  };

  const { pdb } = core;
  const builder: TableBuilder | undefined =
    pdb.startSplitBuild && pdb.startSplitDerive
      ? {
          build: (partition, index) => split(`the build of group ${index} of ${partition.name}`, () => pdb.startSplitBuild!(partition, index)),
          derive: (partition, index, source, sourceGroup, cellMap) =>
            split(`deriving group ${index} of ${partition.name}`, () => pdb.startSplitDerive!(partition, index, source, sourceGroup, cellMap)),
          spread,
        }
      : undefined;

  try {
    return await prepare(builder);
  } finally {
    settleDeal();
    Atomics.compareExchange(cells, STOP, 0, 1);
    control.wake();
  }
}

/**
 * A helper: joins each build the leader of `control` publishes and takes
 * chunks of its deals, and (given `load`: a reader and the shared memory)
 * slices of each table it reads, until the session ends. Blocks this worker
 * meanwhile (it has nothing else to do); a cancel is seen between chunks and
 * waits.
 */
export function helpBuilds(buffer: SharedArrayBuffer, core: Core, stopIfCancelled: () => void, load?: { readSpan: SpanReader; memory: WasmMemory }): void {
  if (!core.pdb.joinSplitBuild) throw new Error(`puzzlesearch pool: the ${core.engine} engine cannot join a split table build`);
  const control = new Control(buffer);
  const { cells } = control;
  let joined: PdbSplitShare | null = null;
  let joinedGroup = 0;
  let round = 0;
  /** The last load deal this helper took slices of: one look at each. */
  let loadSeq = 0;
  for (;;) {
    if (control.stop !== 0) return;
    stopIfCancelled();
    const seq = Atomics.load(cells, SEQ);
    if (seq % 2 === 1 || Atomics.load(cells, GROUP) === 0) {
      Atomics.wait(cells, SEQ, seq, WAIT_MS);
      continue;
    }
    // A consistent read of what the deal `seq` published, or a retry.
    const group = Atomics.load(cells, GROUP);
    const dealRound = Atomics.load(cells, ROUND);
    const chunks = Atomics.load(cells, CHUNKS);
    const ranks = Atomics.load(cells, CHUNK_RANKS);
    const kind = Atomics.load(cells, KIND);
    const args = Array.from({ length: ARGS }, (_, i) => Atomics.load(control.args, i));
    const entries = Atomics.load(control.args, ARGS);
    const path = kind === LOAD ? new TextDecoder().decode(Uint8Array.from(control.path.subarray(0, args[4]!))) : '';
    const readSlice = kind === LOAD && load ? control.readSlice(load.readSpan, path, () => load.memory.buffer, READ_BY_HELPER) : null;
    if (Atomics.load(cells, SEQ) !== seq) continue;
    if (kind === LOAD) {
      // Without a reader (no file access here) the leader and the others read every slice.
      if (readSlice && seq !== loadSeq) {
        loadSeq = seq;
        trace(`load share of ${path}`);
        control.work(readSlice, seq, chunks, stopIfCancelled);
        trace(`loaded share of ${path}`);
      }
      Atomics.wait(cells, SEQ, seq, WAIT_MS);
      continue;
    }
    if (group !== joinedGroup) {
      joined = core.pdb.joinSplitBuild(args, entries);
      joinedGroup = group;
      round = 0;
    }
    for (; round < dealRound; round++) joined!.endRound(false);
    control.work(control.expand(joined!, ranks, true), seq, chunks, stopIfCancelled);
    Atomics.wait(cells, SEQ, seq, WAIT_MS);
  }
}

/**
 * The pool's side of one session: the control, and the stop it writes when
 * a worker of the session is lost (the first loss is the one reported).
 */
export class SplitSession {
  readonly buffer = new SharedArrayBuffer(CONTROL_BYTES);
  /** The worker lost first (its index) and why, if one was. */
  lost: { worker: number; error: unknown } | undefined;
  private readonly control = new Control(this.buffer);

  /**
   * `loads`: a cached table's slices of `sliceBytes` (default 4 MiB), and
   * with `leaderReads` false none read by the leader: tests of a file
   * damaged in a helper's share.
   */
  constructor(loads: { sliceBytes?: number; leaderReads?: boolean } = {}) {
    Atomics.store(this.control.cells, SLICE_BYTES, loads.sliceBytes ?? 0);
    Atomics.store(this.control.cells, LEADER_SKIPS_READS, loads.leaderReads === false ? 1 : 0);
  }

  /** Who read slice `slice` of the last cached table the session read: 'leader', 'helper', or undefined (none). */
  readBy(slice: number): 'leader' | 'helper' | undefined {
    const reader = Atomics.load(this.control.sliceReaders, slice);
    return reader === READ_BY_LEADER ? 'leader' : reader === READ_BY_HELPER ? 'helper' : undefined;
  }

  /** Worker `worker` died or its call failed: the session stops, and the leader's build throws. */
  lose(worker: number, error: unknown): void {
    if (Atomics.compareExchange(this.control.cells, STOP, 0, worker + 2) === 0) this.lost = { worker, error };
    this.control.wake();
  }

  /** The leader's call is over (answered, failed or aborted): the helpers leave. */
  end(): void {
    Atomics.compareExchange(this.control.cells, STOP, 0, 1);
    this.control.wake();
  }
}
