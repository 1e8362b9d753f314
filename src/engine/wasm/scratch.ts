import type { WasmMemory } from './loader.js';
/** What every family's host adapter needs from the module: its memory and the shared scratch buffer. */
export interface ScratchExports {
  memory: WasmMemory;
  scratchPointer(): number;
  lastNodes(): number;
}

/**
 * A view of `length` bytes of scratch starting at `offset`. Take a new one after
 * every call into the module: a call may grow memory, which detaches old views.
 */
export function scratchBytes(exports: ScratchExports, offset: number, length: number): Uint8Array {
  return new Uint8Array(exports.memory.buffer, exports.scratchPointer() + offset, length);
}
