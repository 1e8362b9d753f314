// Memory grown outside the allocator's heap (the batch buffer, the Lights Out
// region, PDB tables). The allocator claims all of memory as it stands when it
// is first used, so it is started before any such growth; otherwise it would
// later hand out pages that already belong to one of those blocks.

let allocatorStarted = false;

/** memory.grow(pages) with the allocator started first; the previous size in pages, or -1 when memory cannot grow. */
export function growPages(pages: i32): i32 {
  if (!allocatorStarted) {
    heap.free(heap.alloc(16));
    allocatorStarted = true;
  }
  return memory.grow(pages);
}
