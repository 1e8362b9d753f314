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
 * Faults: the pool's thread writes STOP when a worker of the session dies or
 * its call fails (`SplitSession.lose`), and wakes everyone; the leader's
 * build then throws instead of waiting for chunks that will never be done,
 * so nothing is installed or saved, and the pool names the worker.
 */
import type { Core, PdbBuild, PdbSplitBuild, PdbSplitShare } from '../engine/contract.js';
import type { TableBuilder } from '../pdb/tables.js';

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
// Two BigInt64 cells from byte 64: the claim (deal << 32 | next chunk), then the entries the helpers settled in this group.
const CLAIM_BYTE = 64;
// Uint32 cells: the join arguments (what is joined, dimensions, mask, addresses below 4 GiB; a derivation's cell map, packed), then the table's entries.
const ARGS_BYTE = 80;
const ARGS = 16;
const CONTROL_BYTES = ARGS_BYTE + (ARGS + 1) * 4;

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

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer, 0, CLAIM_BYTE / 4);
    this.wide = new BigInt64Array(buffer, CLAIM_BYTE, 2);
    this.args = new Uint32Array(buffer, ARGS_BYTE, ARGS + 1);
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
   * Expands the chunks of deal `deal` this worker can claim on `build`
   * (`beforeChunk` may throw: a cancel); false when it stopped at `until`
   * (performance.now()) with chunks left, true when none is left to claim.
   */
  work(build: PdbSplitShare, deal: number, chunks: number, ranks: number, beforeChunk: () => void, helper: boolean, until = Infinity): boolean {
    for (;;) {
      if (this.stop !== 0) return true;
      beforeChunk();
      if (performance.now() > until) return false;
      const chunk = this.claim(deal, chunks);
      if (chunk < 0) return true;
      const settledBefore = helper ? build.settled() : 0;
      try {
        const expanded = build.share(chunk * ranks, Math.min(build.placements, (chunk + 1) * ranks));
        if (helper) Atomics.add(this.wide, 1, BigInt(build.settled() - settledBefore));
        Atomics.add(this.cells, EXPANDED, expanded);
      } finally {
        // Counted even when the module failed: the leader's barrier must not wait for it (the build fails anyway).
        if (Atomics.add(this.cells, DONE, 1) + 1 === chunks) Atomics.notify(this.cells, DONE);
      }
    }
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
 * helpers of `control`, then ends the session, once no helper is still
 * writing a chunk (a later build must not get a stale write). Without a split
 * build in the engine (the 'ts' engine) `prepare` gets no builder.
 */
export async function leadBuilds<T>(
  buffer: SharedArrayBuffer,
  core: Core,
  stopIfCancelled: () => void,
  prepare: (builder: TableBuilder | undefined) => Promise<T>,
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
        if (!control.work(build, open, chunks, ranks, stopIfCancelled, false, performance.now() + SLICE_MS)) return true;
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

  const { pdb } = core;
  const builder: TableBuilder | undefined =
    pdb.startSplitBuild && pdb.startSplitDerive
      ? {
          build: (partition, index) => split(`the build of group ${index} of ${partition.name}`, () => pdb.startSplitBuild!(partition, index)),
          derive: (partition, index, source, sourceGroup, cellMap) =>
            split(`deriving group ${index} of ${partition.name}`, () => pdb.startSplitDerive!(partition, index, source, sourceGroup, cellMap)),
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
 * chunks of its deals, until the session ends. Blocks this worker meanwhile
 * (it has nothing else to do); a cancel is seen between chunks and waits.
 */
export function helpBuilds(buffer: SharedArrayBuffer, core: Core, stopIfCancelled: () => void): void {
  if (!core.pdb.joinSplitBuild) throw new Error(`puzzlesearch pool: the ${core.engine} engine cannot join a split table build`);
  const control = new Control(buffer);
  const { cells } = control;
  let joined: PdbSplitShare | null = null;
  let joinedGroup = 0;
  let round = 0;
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
    const args = Array.from({ length: ARGS }, (_, i) => Atomics.load(control.args, i));
    const entries = Atomics.load(control.args, ARGS);
    if (Atomics.load(cells, SEQ) !== seq) continue;
    if (group !== joinedGroup) {
      joined = core.pdb.joinSplitBuild(args, entries);
      joinedGroup = group;
      round = 0;
    }
    for (; round < dealRound; round++) joined!.endRound(false);
    control.work(joined!, seq, chunks, ranks, stopIfCancelled, true);
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
