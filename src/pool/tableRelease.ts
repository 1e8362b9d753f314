/**
 * The pool's releaseTables (issue 38 §5): every worker gives the tables of a
 * size and goal back, each in its turn, after the calls before it on that
 * worker, so a search running with them ends before its tables go: a release
 * waits for it, never cuts under it. On one shared memory the workers that
 * adopted the tables go first and the first worker, which holds their
 * memory, last: by the time it hands that memory to the next tables, no
 * other worker searches it. What the pool prepared is then what it holds
 * still: a restarted worker no longer gets the released tables back.
 */
import { checkReleaseTables } from '../api/checks.js';
import { insideArity, type TableAddress, type TableRef } from './inside.js';
import { checkCallOptions, type Slot, type WorkerSlots } from './slots.js';

/** A prepareTables call the pool remembers (see PoolTables): its arguments, the workers that hold its tables, and where they lie. */
interface Prepared {
  args: unknown[];
  held: Map<Slot, number>;
  addresses?: TableAddress[];
}

/** Whether the first worker still holds every table of prepareTables(...args). */
async function holdsAll(workers: WorkerSlots, first: Slot, args: unknown[]): Promise<TableRef[] | null> {
  const refs = (await workers.submit('heldTables', args, {}, first)) as TableRef[];
  return refs.every((ref) => ref.held) ? refs : null;
}

const sameTable = (a: { partition: { name: string; blankCell: number; width: number; height: number }; group: number }, b: typeof a) =>
  a.group === b.group &&
  a.partition.name === b.partition.name &&
  a.partition.blankCell === b.partition.blankCell &&
  a.partition.width === b.partition.width &&
  a.partition.height === b.partition.height;

/**
 * Releases the tables on every worker (see above), then keeps of `prepared`
 * what the first worker still holds: a call for both goals of which one was
 * released is remembered as a call for the other. Resolves with the bytes the
 * first worker gave back.
 */
export async function releaseTables(workers: WorkerSlots, prepared: Prepared[], args: unknown[]): Promise<number> {
  const own = args.slice(0, insideArity.releaseTables);
  checkReleaseTables(own[0], own[1]);
  const callOptions = checkCallOptions(args[insideArity.releaseTables], 'releaseTables');
  const [first, ...rest] = workers.slots as [Slot, ...Slot[]];
  // Set aside first: a worker restarted meanwhile must not adopt tables whose memory is about to be reused.
  const before = prepared.splice(0, prepared.length);
  try {
    await Promise.all(rest.map((slot) => workers.submit('releaseTables', own, callOptions, slot)));
    return (await workers.submit('releaseTables', own, callOptions, first)) as number;
  } finally {
    for (const entry of before) {
      const kept = await keptOf(workers, first, entry).catch(() => null);
      if (kept) prepared.push(kept);
    }
  }
}

/** What is left of a remembered prepareTables call once tables were released: itself, the goal of its two still held, or nothing. */
async function keptOf(workers: WorkerSlots, first: Slot, entry: Prepared): Promise<Prepared | null> {
  if (await holdsAll(workers, first, entry.args)) return entry;
  const [size, options] = entry.args as [unknown, Record<string, unknown> | undefined];
  if (options?.goal !== 'both') return null;
  for (const goal of ['blank-last', 'blank-first']) {
    const args = [size, { ...options, goal }];
    const refs = await holdsAll(workers, first, args);
    if (!refs) continue;
    const addresses = entry.addresses?.filter((address) => refs.some((ref) => sameTable(ref, address)));
    return { args, held: entry.held, ...(addresses ? { addresses } : {}) };
  }
  return null;
}
