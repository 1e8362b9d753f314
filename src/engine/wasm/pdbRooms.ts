/**
 * Where the PDB adapter (./pdb.ts) puts tables and build memory in the
 * module's memory. Wasm memory never shrinks, so a room given back (a table
 * released, a build's working memory left behind) goes into a list of free
 * rooms, kept sorted and merged with its neighbours, and the next table or
 * build takes the smallest free room that holds it before memory grows
 * (issue 38 §5). A free room at the end of memory is grown into, not past.
 */

/** A span of the module's memory. */
export interface Room {
  at: number;
  bytes: number;
}

/**
 * Rooms start on a cache line and take whole lines: a build's working memory
 * taken after a table of odd bytes still starts aligned (the split build's
 * atomics need their natural alignment), and a room given back, rounded the
 * same way, merges with its neighbours.
 */
const ALIGN = 64;
const aligned = (bytes: number) => Math.ceil(bytes / ALIGN) * ALIGN;

/** `bytes` rounded up to whole pages of 64 KiB, as memory grows. */
const pages = (bytes: number) => Math.ceil(bytes / 65536) * 65536;

export class FreeRooms {
  /** Free rooms by address, none touching another (neighbours are merged). */
  private readonly free: Room[] = [];

  constructor(
    /** Grows memory by at least `bytes` (whole pages), returning the new block's address, or -1. */
    private readonly growBlock: (bytes: number) => number,
    /** The memory's size in bytes now. */
    private readonly memoryBytes: () => number,
  ) {}

  /** Bytes free for the next tables. */
  get freeBytes(): number {
    return this.free.reduce((sum, room) => sum + room.bytes, 0);
  }

  /** A room of `wanted` bytes (whole cache lines): the smallest free one that holds it (split), else memory grown; -1 when memory cannot grow. */
  take(wanted: number): number {
    const bytes = aligned(wanted);
    let best = -1;
    this.free.forEach((room, i) => {
      if (room.bytes >= bytes && (best < 0 || room.bytes < this.free[best]!.bytes)) best = i;
    });
    if (best < 0) best = this.growEnd(bytes);
    if (best < 0) return -1;
    const room = this.free[best]!;
    const at = room.at;
    if (room.bytes === bytes) this.free.splice(best, 1);
    else this.free[best] = { at: at + bytes, bytes: room.bytes - bytes };
    return at;
  }

  /** Gives a room back (as take() gave it: its bytes are rounded up the same way): the next take() may hand it out. */
  giveBack(given: Room): void {
    const room = { at: given.at, bytes: aligned(given.bytes) };
    if (room.bytes <= 0) return;
    let i = 0;
    while (i < this.free.length && this.free[i]!.at < room.at) i++;
    this.free.splice(i, 0, room);
    // Merged with the room after it, then with the one before.
    const next = this.free[i + 1];
    if (next && room.at + room.bytes === next.at) {
      this.free[i]!.bytes += next.bytes;
      this.free.splice(i + 1, 1);
    }
    const before = this.free[i - 1];
    if (before && before.at + before.bytes === room.at) {
      before.bytes += this.free[i]!.bytes;
      this.free.splice(i, 1);
    }
  }

  /**
   * Grows memory so that a free room holds `bytes`: the free room at the end
   * of memory grown by what it lacks, else a new block (its pages' slack kept
   * free); the index of that room, or -1.
   */
  private growEnd(bytes: number): number {
    const last = this.free.at(-1);
    const end = this.memoryBytes();
    if (last && last.at + last.bytes === end) {
      const at = this.growBlock(bytes - last.bytes);
      if (at < 0) return -1;
      // On a shared memory another instance may have grown it meanwhile: the block is then not next to the room.
      this.giveBack({ at, bytes: pages(bytes - last.bytes) });
      const grown = this.free.findIndex((room) => room.at <= last.at && last.at < room.at + room.bytes);
      if (grown >= 0 && this.free[grown]!.bytes >= bytes) return grown;
    }
    const at = this.growBlock(bytes);
    if (at < 0) return -1;
    this.giveBack({ at, bytes: pages(bytes) });
    return this.free.findIndex((room) => room.at <= at && room.at + room.bytes >= at + bytes);
  }
}
