// The one memory rule of the module, and its map.
//
// Memory map (one linear memory, at most 65,535 pages of 64 KiB in wasm32):
//
//   [0, data end)        static data: lookup tables (memory.data) and the
//                        4 KiB scratch buffer (./scratch) whose address never
//                        moves; the host passes boards and paths through it.
//   [data end, heap end) the allocator's heap (runtime "minimal"): the fixed
//                        tables of Flip (about 0.9 MB), four in a line (about
//                        0.3 MB, plus its BFS of at most 2 x 2,018,016 states,
//                        about 33 MB), the pattern-database build (./pdbBuild: about
//                        0.5 MB) and
//                        sliding (its ranked searches refuse
//                        boards over MAX_RANKED_CELLS = 10 cells, so at most
//                        10! states, about 65 MB). These sizes are bounded by
//                        construction, far below what wasm32 holds, so a
//                        heap.alloc there cannot trap in practice; everything
//                        whose size the input decides is a region below.
//                        The heap is given room for all of these before the
//                        first region (startAllocator), so it never grows.
//   regions, grown here  blocks of whole pages taken with memory.grow, in the
//                        order they are first asked for: the batch buffer
//                        (./batch), the Lights Out region (./lightsOut),
//                        each pattern-database table (./pdbBuild), the
//                        zero-aware tables' per-cover layouts (./zeroAware,
//                        5.9 MB for 6 tiles on 5x5, one per shape and size), IDA*'s
//                        move-pruning machine (./idaStar, under 1 MB) and the
//                        census's two bits a rank (./census, up to 120 MB). The heap never
//                        reaches into them (the allocator is started before
//                        the first region, see startAllocator).
//
// The shared build (./instance): one owner instance runs the start function
// and starts the allocator there, before any other instance can grow memory;
// every other instance has no heap and takes its blocks (its own copy of the
// static buffers, its regions) with memory.grow alone, whose return value is
// the block (a memory.size() read before it may be stale).
//
// Addresses go to the host as f64: a usize export is an i32 in JS, and reads
// negative past 2 GiB (where a catalogue's tables put the later regions).
//
// The rule: memory whose size the input decides is reserved here, and a
// reserve that cannot be met says no (false, or -1 to the host) with the bytes
// it needed in lastNeeded(), instead of trapping with a bare `unreachable`.
// The host turns that into an error naming the size.

import { isOwner } from './instance';

let allocatorStarted = false;
let needed: f64 = 0;

// The most bytes a wasm32 memory can hold: 65,535 pages.
const MAX_MEMORY_BYTES: f64 = 4294901760;

/** The bytes the last reserve asked for (whether or not it was met). */
export function lastNeeded(): f64 {
  return needed;
}

// Room for everything the heap ever holds at once (the map above): sliding's
// 65.3 MB, four in a line's 33 MB, Flip's 0.8 MB and the PDB build's 0.5 MB,
// with slack for the allocator's splits.
const HEAP_HEADROOM: usize = 112 << 20;

// The allocator claims all of memory as it stands when it is first used, so it
// is started before any region grows; otherwise it would later hand out pages
// that belong to a region. It is started with HEAP_HEADROOM free: an allocator
// that runs out grows memory by as much as memory already holds (it doubles),
// so a 64 KB table asked for after 2 GB of PDB tables took 2 GB more, and the
// next table no longer fit in wasm32's 4 GiB.
function startAllocator(): void {
  if (allocatorStarted) return;
  // An instance attached to a shared memory has no heap (./instance): the owner's is the only one.
  if (!isOwner()) return;
  heap.free(heap.alloc(HEAP_HEADROOM));
  allocatorStarted = true;
}

// The shared build: the owner's start function starts the allocator, before
// any other instance can grow memory (it would claim their blocks otherwise).
if (ASC_FEATURE_THREADS) {
  heap.free(heap.alloc(HEAP_HEADROOM));
  allocatorStarted = true;
}

/**
 * A new block of at least `bytes` (whole pages) past everything else, for the
 * life of the instance: its address, or -1 when memory cannot grow that far.
 */
export function growBlock(bytes: f64): f64 {
  needed = bytes;
  if (!(bytes >= 0) || bytes > MAX_MEMORY_BYTES) return -1;
  startAllocator();
  const before = memory.grow(<i32>Math.ceil(bytes / 65536));
  return before < 0 ? -1 : <f64>before * 65536;
}

/** A region that a family owns and resizes: where it starts and how long it is. */
export class Region {
  base: usize = 0;
  bytes: usize = 0;
}

/**
 * Makes `region` at least `bytes` long, keeping its first `keep` bytes, and
 * says false (leaving it as it was) when memory cannot grow. The last region
 * in memory grows in place; another moves to a new block at the end.
 */
export function reserve(region: Region, bytes: f64, keep: usize): bool {
  needed = bytes;
  if (!(bytes >= 0) || bytes > MAX_MEMORY_BYTES) return false;
  const want = <usize>bytes;
  if (region.base != 0 && want <= region.bytes) return true;
  startAllocator();
  const memoryEnd = (<usize>memory.size()) << 16;
  if (region.base != 0 && region.base + region.bytes == memoryEnd) {
    const pages = <i32>((want - region.bytes + 0xffff) >> 16);
    const grownAt = memory.grow(pages);
    if (grownAt < 0) return false;
    // On a shared memory another instance may have grown it since memoryEnd
    // was read: only the pages grow returned are this call's. Not next to the
    // region, they are left unused and the region moves below.
    if ((<usize>grownAt) << 16 == memoryEnd) {
      region.bytes += (<usize>pages) << 16;
      return true;
    }
  }
  const pages = <i32>((want + 0xffff) >> 16);
  const before = memory.grow(pages);
  if (before < 0) return false;
  const base = (<usize>before) << 16;
  if (region.base != 0 && keep > 0) memory.copy(base, region.base, keep);
  region.base = base;
  region.bytes = (<usize>pages) << 16;
  return true;
}
