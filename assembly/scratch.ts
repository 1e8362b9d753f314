import { Scratch } from './abi';
import { local } from './instance';

// One fixed buffer through which the host passes boards in and reads paths out.
// It lives in the data segment, so its address never changes, unlike anything
// allocated on the heap; the host still takes a fresh view of memory after
// every call because a call may grow memory and detach old views.
export const SCRATCH_SIZE: i32 = Scratch.SIZE;
const scratch: usize = memory.data(SCRATCH_SIZE, 16);

export function scratchPointer(): usize {
  return local(scratch);
}

// Node counts of the last search; f64 so that counts beyond 2^32 reach the host
// as plain numbers rather than BigInts.
let nodes: f64 = 0;

export function lastNodes(): f64 {
  return nodes;
}

export function setLastNodes(count: f64): void {
  nodes = count;
}
