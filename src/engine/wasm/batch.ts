import type { WasmMemory } from './loader.js';
/** The batch buffer of `assembly/batch.ts`: sized by the host through an export that can say no. */
export interface BatchExports {
  memory: WasmMemory;
  /** The buffer's address once it holds at least `bytes`, or -1 when memory cannot grow that far. */
  batchReserve(bytes: number): number;
}

/**
 * The address of a batch buffer of at least `bytes`; throws a RangeError naming
 * the bytes needed when memory cannot grow. Views of memory taken before this
 * call may be detached: take fresh ones after it.
 */
export function reserveBatch(exports: BatchExports, bytes: number, what: string): number {
  const at = exports.batchReserve(bytes);
  if (at < 0) {
    const have = (exports.memory.buffer.byteLength / 2 ** 20).toFixed(1);
    throw new RangeError(
      `puzzlesearch: cannot grow WebAssembly memory for a batch of ${what}: it needs a buffer of ${bytes} bytes (memory holds ${have} MiB already)`,
    );
  }
  return at;
}
