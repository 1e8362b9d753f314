// The batch buffer: one block through which the host passes a whole batch of
// boards in and reads their answers out, for the batch exports of each family
// (flipSolveBatch, fourLineSolveBatch). The host sizes it through batchReserve,
// which says no (returns -1) instead of trapping when memory cannot grow, so the
// host can name the bytes it needed. The block lies in pages grown for it alone:
// the allocator's heap never reaches into them.

import { growPages } from './pages';

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
  let want = Math.max(bytes * 2, 65536);
  let pages = <i32>Math.ceil(want / 65536);
  let before = growPages(pages);
  if (before < 0) {
    // Doubling may be what failed: try the exact size before saying no.
    pages = <i32>Math.ceil(Math.max(bytes, 1) / 65536);
    before = growPages(pages);
    if (before < 0) return -1;
  }
  batchBase = <f64>before * 65536;
  batchBytes = <f64>pages * 65536;
  return batchBase;
}
