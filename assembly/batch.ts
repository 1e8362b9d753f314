// The batch buffer: one block through which the host passes a whole batch of
// boards in and reads their answers out, for the batch exports of each family
// (flipSolveBatch, fourLineSolveBatch). The host sizes it through batchReserve,
// which says no (returns -1) instead of trapping when memory cannot grow, so the
// host can name the bytes it needed. The block lies in pages grown for it alone:
// the allocator's heap never reaches into them.

import { Region, reserve } from './memory';

const batch = new Region();

/**
 * Makes the batch buffer at least `bytes` long and returns its address, or -1
 * when memory cannot grow that far. A buffer already large enough is reused; a
 * larger one is grown at double the size asked, so that rising batch sizes grow
 * memory only a few times.
 */
export function batchReserve(bytes: f64): f64 {
  if (!(bytes >= 0) || bytes > 2147483648) return -1;
  if (batch.base != 0 && <f64>batch.bytes >= bytes) return <f64>batch.base;
  // Nothing in the buffer outlives a call, so nothing is kept when it moves.
  // Doubling may be what fails: then the exact size, before saying no.
  if (!reserve(batch, Math.max(bytes * 2, 65536), 0) && !reserve(batch, Math.max(bytes, 1), 0)) return -1;
  return <f64>batch.base;
}
