/**
 * How a goal's tables move between a pool's workers (tableSharing.ts decides
 * which worker gives them to which): the donor exports each table, and the
 * receivers install it, with no cache read and no build.
 */
import { PuzzleInputError } from '../api/boards.js';
import type { TableRef } from './inside.js';
import type { CheckedCallOptions, Slot, WorkerSlots } from './slots.js';

/** A worker as messages name it: "worker 2 of 3". */
export function workerName(workers: WorkerSlots, slot: Slot): string {
  return `worker ${workers.slots.indexOf(slot) + 1} of ${workers.slots.length}`;
}

/** `error` with `context` before its message, its name (the class a caller tests for) kept. */
function withContext(error: unknown, context: string): Error {
  if (!(error instanceof Error) || error.name === 'AbortError') return error as Error;
  const wrapped = error instanceof PuzzleInputError ? new PuzzleInputError(`${context}: ${error.message}`) : new Error(`${context}: ${error.message}`);
  wrapped.name = error.name;
  return wrapped;
}

/**
 * Hands the tables that prepareTables(...args) readies from `donor`, which
 * holds them, to `receivers`, which install them (no cache read, no build):
 * where shared memory works the donor copies each table into one
 * SharedArrayBuffer and that same buffer goes to every receiver; elsewhere
 * each receiver gets an ArrayBuffer of its own, transferred, not copied, by
 * postMessage.
 */
export async function transferTables(
  workers: WorkerSlots,
  shared: boolean,
  donor: Slot,
  receivers: Slot[],
  args: unknown[],
  options: CheckedCallOptions,
  restore = false,
): Promise<void> {
  const refs = (await workers.submit('heldTables', args, { signal: options.signal }, donor, { restore })) as TableRef[];
  const missing = refs.find((ref) => !ref.held);
  if (missing)
    throw new Error(
      `prepareTables(): ${workerName(workers, donor)} no longer holds the ${missing.partition.name} table of group ${missing.group} (it was restarted); call prepareTables again`,
    );
  const install = async (slot: Slot, ref: TableRef, bytes: Uint8Array, transfer?: ArrayBuffer[]) => {
    try {
      await workers.submit('installTable', [ref.partition, ref.group, bytes], options, slot, { transfer, restore });
    } catch (error) {
      throw withContext(
        error,
        `prepareTables(): ${workerName(workers, slot)} could not take the ${ref.partition.name} table of group ${ref.group} from ${workerName(workers, donor)}`,
      );
    }
  };
  // What each receiver holds already (after an aborted call, or from another call naming the same tables) is not sent again.
  const receiverHolds = await Promise.all(
    receivers.map(async (slot) => (await workers.submit('heldTables', args, { signal: options.signal }, slot, { restore })) as TableRef[]),
  );
  // One table at a time, every receiver installing it before the next is
  // exported: at most one table is in transit (64 MB on 5x5) rather than all
  // of a goal's (256 MB), on top of what every worker holds.
  for (const [index, ref] of refs.entries()) {
    const targets = receivers.filter((_, i) => !receiverHolds[i]![index]?.held);
    if (targets.length === 0) continue;
    const bytes = (await workers.submit('exportTable', [ref.partition, ref.group, shared], { signal: options.signal }, donor, { restore })) as Uint8Array;
    if (shared) {
      await Promise.all(targets.map((slot) => install(slot, ref, bytes)));
      continue;
    }
    // A transferred buffer is gone from here: each receiver but the last gets a copy, made just before it is sent.
    for (let i = 0; i < targets.length; i++) {
      const own = i === targets.length - 1 ? bytes : bytes.slice();
      await install(targets[i]!, ref, own, [own.buffer as ArrayBuffer]);
    }
  }
}
