// The batch buffer: one block through which the host passes a whole batch of
// boards in and reads their answers out, for the batch exports of each family
// (flipSolveBatch, fourLineSolveBatch). The host sizes it through batchReserve,
// which says no (returns -1) instead of trapping when memory cannot grow, so the
// host can name the bytes it needed. The block lies in pages grown for it alone:
// the allocator's heap never reaches into them.

import { growBlock } from './memory';

let batchBase: f64 = 0;
let batchBytes: f64 = 0;

/**
 * Makes the batch buffer at least `bytes` long and returns its address, or -1
 * when memory cannot grow that far. A buffer already large enough is reused; a
 * larger one is grown at double the size asked, so that rising batch sizes grow
 * memory only a few times.
 */
export function batchReserve(bytes: f64): f64 {
  if (!(bytes >= 0) || bytes > 2147483648) return -1;
  if (batchBytes >= bytes && batchBytes > 0) return batchBase;
  // Nothing in the buffer outlives a call, so a larger one is a new block.
  // Doubling may be what fails: then the exact size, before saying no.
  let want = Math.max(bytes * 2, 65536);
  let base = growBlock(want);
  if (base < 0) {
    want = Math.max(bytes, 1);
    base = growBlock(want);
    if (base < 0) return -1;
  }
  batchBase = base;
  batchBytes = Math.ceil(want / 65536) * 65536;
  return batchBase;
}
