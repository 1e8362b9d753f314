// Which instance this is, and where its own memory lies.
//
// The plain build (puzzlesearch.wasm) has one instance per memory: every
// address here is the static one, a compile-time constant, and nothing below
// costs anything.
//
// The shared build (puzzlesearch-shared.wasm: `--enable threads
// --sharedMemory --importMemory`, see asconfig.json) runs several instances
// of one Module on one shared Memory, one per thread. Wasm globals are each
// instance's own; memory is not. So:
// - one owner instance runs the start function (exported as `_start`, not run
//   by instantiation): it starts the allocator, and only it allocates;
// - every other instance never runs `_start` and never allocates: it calls
//   instanceAttach, which takes a block with memory.grow (whose return value
//   is the block: grows are atomic, memory.size() read before is not) the
//   size of the static data, and from then on reads and writes its mutable
//   static buffers (scratch, the search's state) at `local(address)`, the
//   same offset in that block.
// Read-only tables in static data are written by every instantiation with
// the same bytes (wasm data segments are active), so they stay in place and
// every instance reads them there; zeroed buffers are dropped from the shared
// build by --zeroFilledMemory, so a new instance clears nothing.

// Set by the start function: true in the owner (and in every plain instance).
let started: bool = startedHere();
// The distance from a static address to this instance's copy of it: 0 in the
// owner, the block's start in an attached instance.
let delta: usize = 0;

function startedHere(): bool {
  return true;
}

/** This instance's copy of the mutable static buffer at `address`. */
// @ts-ignore: decorator
@inline
export function local(address: usize): usize {
  return ASC_FEATURE_THREADS ? address + delta : address;
}

/** Whether this instance ran the start function: it alone may allocate (heap.alloc). */
export function isOwner(): bool {
  return started;
}

/**
 * Shared build, an instance other than the owner: takes the block of its own
 * static buffers and returns its address (f64, as every address), or -1 when
 * memory cannot grow (the bytes in lastNeeded()). 0 for the owner, which
 * keeps the static addresses. A second call returns the same block.
 */
export function instanceAttach(): f64 {
  if (started) return 0;
  if (delta != 0) return <f64>delta;
  const bytes = (<usize>__data_end + 0xffff) & ~0xffff;
  const before = memory.grow(<i32>(bytes >> 16));
  if (before < 0) return -1;
  delta = (<usize>before) << 16;
  return <f64>delta;
}

/** The bytes instanceAttach takes: the static data, in whole pages. */
export function instanceBytes(): f64 {
  return <f64>((<usize>__data_end + 0xffff) & ~0xffff);
}
