/**
 * Tables in a pool. On the shared build (Node, and pages that are
 * cross-origin isolated) every worker's IDA* runs on one shared memory: one
 * worker prepares the tables (loads or builds them into it) and the others
 * adopt them where they lie, no copy; a restarted worker adopts them again.
 * On the plain build every worker has its own linear memory, so tables cannot
 * live in one place that all of them search: one worker prepares them while
 * the others load what the cache holds, and the pool hands the bytes of the
 * rest to the others: over one SharedArrayBuffer posted to all where shared
 * memory works, else transferred, a copy per worker. A restarted worker gets
 * back what the pool prepared before it takes any other call.
 */
import { checkPrepareTables } from '../api/checks.js';
import type { TablesProgress } from '../pdb/tables.js';
import { insideArity, type TableAddress } from './inside.js';
import { checkCallOptions, type CheckedCallOptions, type Slot, type WorkerSlots } from './slots.js';
import { releaseTables } from './tableRelease.js';
import { transferTables, workerName } from './tableTransfer.js';
import { SplitSession } from './splitBuild.js';

/** One prepareTables call the pool made, with the workers that hold its tables. */
interface PreparedTables {
  /** The call's own arguments (size, options), replayed for a restarted worker. */
  args: unknown[];
  /** The generation of each slot's worker that holds them (a restarted worker does not). */
  held: Map<Slot, number>;
  /** On one shared memory: where the tables lie, for any worker to adopt. */
  addresses?: TableAddress[];
}

/** How a restarted worker got its tables back: from another worker (its index) or by preparing them again. */
export interface TablesRestore {
  worker: number;
  generation: number;
  /** A worker's index (its copy), 'replay' (prepared again), or 'memory' (adopted where they lie in the shared memory). */
  from: number | 'replay' | 'memory';
  progress: TablesProgress[];
}

/** A prepareTables call's own arguments as a key: trailing undefined ones dropped, so that (size) and (size, undefined) are one call. */
function argsKey(args: unknown[]): string {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return JSON.stringify(args.slice(0, end));
}

export class PoolTables {
  /** Hears each restarted worker's table restoration once it is done. */
  onRestore: ((restore: TablesRestore) => void) | undefined;
  /** Every prepareTables call whose first worker succeeded, one entry per distinct arguments; restarted workers get their tables back. */
  private readonly prepared: PreparedTables[] = [];

  constructor(
    private readonly workers: WorkerSlots,
    /** Whether a table goes to the others as one SharedArrayBuffer (else a transferred copy each). */
    private readonly shared: boolean,
    /** Whether the workers' searches share one memory (the shared build): tables are adopted there, never copied. */
    private readonly oneMemory = false,
  ) {
    workers.onRestart = (slot) => {
      if (this.prepared.length > 0) this.restore(slot);
    };
  }

  /** The pool's prepareTables(size, options, callOptions): the first worker prepares them, the others read the cache's and get the rest as its bytes, so no core builds twice, even without a cache. */
  async prepare(args: unknown[]): Promise<void> {
    const arity = insideArity.prepareTables;
    const own = args.slice(0, arity);
    checkPrepareTables(own[0], own[1]);
    const callOptions = checkCallOptions(args[arity], 'prepareTables');
    const [first, ...rest] = this.workers.slots as [Slot, ...Slot[]];
    const generation = first.generation;
    if (this.oneMemory) return this.prepareInOneMemory(own, callOptions, first, rest);
    // While the first prepares them, the others read what the cache holds of
    // them, each its own copy at the same time: where the tables are cached,
    // no worker waits for another's.
    const others = rest
      .filter((slot) => !slot.restoring)
      .map((slot) => this.workers.submit('loadCachedTables', own, { signal: callOptions.signal }, slot).catch(() => false));
    await this.workers.submit('prepareTables', own, callOptions, first);
    await Promise.all(others);
    if (first.generation !== generation)
      throw new Error(`prepareTables(): ${workerName(this.workers, first)} was restarted while preparing the tables; call prepareTables again`);
    // Remembered before the others have them: a worker restarted meanwhile gets them from the first.
    const entry = this.entry(own);
    entry.held.set(first, generation);
    // Workers that hold them already (an earlier call, a restoration) are left out.
    const receivers = rest.filter((slot) => !this.holds(entry, slot));
    const generations = receivers.map((slot) => slot.generation);
    if (receivers.length > 0) await transferTables(this.workers, this.shared, first, receivers, own, callOptions);
    receivers.forEach((slot, i) => slot.generation === generations[i] && entry.held.set(slot, generations[i]!));
  }

  /** The pool's releaseTables(size, options, callOptions): see ./tableRelease.ts. */
  release(args: unknown[]): Promise<number> {
    return releaseTables(this.workers, this.prepared, args);
  }

  /**
   * Whether a prepareTables call with these arguments (size, options)
   * succeeded on this pool: its workers hold the tables, and a restarted one
   * gets them back before it takes any other call.
   */
  hasPrepared(args: unknown[]): boolean {
    const key = argsKey(args);
    return this.prepared.some((candidate) => argsKey(candidate.args) === key);
  }

  /**
   * prepare() on one shared memory: the first worker loads or builds the
   * tables into it (every other worker building each table with it), then
   * every other adopts them where they lie (no cache read, no copy). A worker
   * dying mid-build leaves no table in the cache (the cache writes whole
   * files only) and none held: the call fails, naming it.
   */
  private async prepareInOneMemory(own: unknown[], callOptions: CheckedCallOptions, first: Slot, rest: Slot[]): Promise<void> {
    const generation = first.generation;
    await this.prepareWithHelpers(
      own,
      callOptions,
      first,
      rest.filter((slot) => !slot.restoring),
    );
    if (first.generation !== generation)
      throw new Error(`prepareTables(): ${workerName(this.workers, first)} was restarted while preparing the tables; call prepareTables again`);
    const addresses = (await this.workers.submit('tableAddresses', own, { signal: callOptions.signal }, first)) as TableAddress[];
    const entry = this.entry(own);
    entry.addresses = addresses;
    entry.held.set(first, generation);
    const receivers = rest.filter((slot) => !this.holds(entry, slot) && !slot.restoring);
    await Promise.all(
      receivers.map(async (slot) => {
        const slotGeneration = slot.generation;
        try {
          await this.workers.submit('adoptTables', [addresses], callOptions, slot);
          if (slot.generation === slotGeneration) entry.held.set(slot, slotGeneration);
        } catch (error) {
          if (!(error instanceof Error) || error.name === 'AbortError') throw error;
          throw new Error(
            `prepareTables(): ${workerName(this.workers, slot)} could not take the tables ${workerName(this.workers, first)} prepared: ${error.message}`,
          );
        }
      }),
    );
  }

  /**
   * prepareTables on `first`, every helper building each table with it
   * (./splitBuild.ts); alone when there is none. A worker lost meanwhile
   * (died, or its part failed) fails the call with one line naming it.
   */
  private async prepareWithHelpers(own: unknown[], callOptions: CheckedCallOptions, first: Slot, helpers: Slot[]): Promise<void> {
    const { workers } = this;
    if (helpers.length === 0) {
      await workers.submit('prepareTables', own, callOptions, first);
      return;
    }
    const session = new SplitSession();
    const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';
    const helping = helpers.map((slot) =>
      workers.submit('helpTableBuilds', [session.buffer], { signal: callOptions.signal }, slot).catch((error: unknown) => {
        if (!isAbort(error)) session.lose(workers.slots.indexOf(slot), error);
      }),
    );
    try {
      await workers.submit('prepareTablesSplit', [own[0], own[1], session.buffer], callOptions, first);
    } catch (error) {
      if (isAbort(error)) throw error;
      const lost = session.lost ? workers.slots[session.lost.worker]! : error instanceof Error && error.name === 'WorkerError' ? first : undefined;
      if (!lost) throw error;
      const cause = lost === first ? error : session.lost!.error;
      const why = cause instanceof Error ? cause.message : String(cause);
      throw new Error(
        `prepareTables(): ${workerName(workers, lost)} failed while the workers built the tables together (${why}); no table was saved; call prepareTables again`,
      );
    } finally {
      session.end();
      await Promise.all(helping);
    }
  }

  /** The entry for these prepareTables arguments, made on first use. */
  private entry(args: unknown[]): PreparedTables {
    const key = argsKey(args);
    let entry = this.prepared.find((candidate) => argsKey(candidate.args) === key);
    if (!entry) this.prepared.push((entry = { args, held: new Map() }));
    return entry;
  }

  private holds(entry: PreparedTables, slot: Slot): boolean {
    return entry.held.get(slot) === slot.generation;
  }

  /**
   * Gets a restarted worker's tables back: from a live worker that holds them
   * (an idle one if there is one), else by preparing them again on it. Until
   * then the worker takes no other call, so that no search runs there without
   * the tables the pool prepared.
   */
  private restore(slot: Slot): void {
    const { workers } = this;
    const generation = slot.generation;
    const current = () => slot.generation === generation && !workers.terminated;
    slot.restoring = true;
    const run = async () => {
      for (const entry of [...this.prepared]) {
        if (!current()) return;
        const progress: TablesProgress[] = [];
        const onProgress = (heard: TablesProgress) => progress.push(heard);
        if (entry.addresses) {
          try {
            await workers.submit('adoptTables', [entry.addresses], { onProgress: onProgress as (progress: never) => void }, slot, { restore: true });
          } catch {
            continue; // As the call itself would fail now; a later prepareTables says why.
          }
          if (!current()) return;
          entry.held.set(slot, generation);
          this.onRestore?.({ worker: workers.slots.indexOf(slot), generation, from: 'memory', progress });
          continue;
        }
        const donors = workers.slots.filter((other) => other !== slot && other.ready && this.holds(entry, other));
        const donor = donors.find((other) => !other.busy) ?? donors[0];
        let from: number | 'replay' = donor ? workers.slots.indexOf(donor) : 'replay';
        if (donor) {
          try {
            await transferTables(workers, this.shared, donor, [slot], entry.args, { onProgress: onProgress as (progress: never) => void }, true);
          } catch {
            // The donor was restarted or failed meanwhile: prepare them here after all.
            if (!current()) return;
            from = 'replay';
            progress.length = 0;
          }
        }
        if (from === 'replay') {
          try {
            await workers.submit('prepareTables', entry.args, { onProgress }, slot, { restore: true });
          } catch {
            continue; // As the call itself would fail now; a later prepareTables says why.
          }
        }
        if (!current()) return;
        entry.held.set(slot, generation);
        this.onRestore?.({ worker: workers.slots.indexOf(slot), generation, from, progress });
      }
    };
    // Nothing to report to: a failed restoration leaves the worker as a fresh one (a later prepareTables says why).
    slot.restored = run()
      .catch(() => {})
      .finally(() => {
        if (slot.generation !== generation) return;
        slot.restoring = false;
        if (!workers.terminated) workers.pump();
      });
  }
}
