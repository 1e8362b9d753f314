/** The wasm engine: one module instance, one adapter per family over its exports. */
import type { Core } from '../contract.js';
import { instantiatePuzzleWasm, type SharedInstance, type WasmHooks, type WasmSource } from './loader.js';
import { wasmFlip, type FlipExports } from './flip.js';
import { wasmFourLine, type FourLineExports } from './fourLine.js';
import { wasmSliding, type SlidingExports } from './sliding.js';
import { wasmIdaStar, type IdaStarExports } from './idaStar.js';
import { wasmLightsOut, type LightsOutExports } from './lightsOut.js';
import { wasmPdb, type PdbExports, type WasmPdb } from './pdb.js';
import { wasmCensus, type CensusExports } from './census.js';

export type PuzzleExports = FlipExports & FourLineExports & SlidingExports & IdaStarExports & LightsOutExports & PdbExports & CensusExports;

/** The wasm engine's core, with the PDB adapter's own view (the tables' addresses in its memory). */
export type WasmCore = Core & {
  pdb: WasmPdb;
  /** Where this instance's scratch lies: the static address, or its own block's copy of it on a shared memory. */
  scratchAt: number;
};

/**
 * An engine on one instance of the module. With `shared`, IDA* and the
 * pattern databases run on an instance of the shared build on that memory
 * (see loader.ts), where tables built or loaded by one worker are searched by
 * all (pdb.adopt); the other families run on a plain instance of this
 * worker's own, since only the shared memory's owner may allocate and every
 * worker must be able to answer them.
 */
export async function createWasmCore(source?: WasmSource, shared?: SharedInstance): Promise<WasmCore> {
  // The hooks of this instance: the IDA* adapter points searchPoll at the search in progress.
  const hooks: WasmHooks = { searchPoll: () => 0 };
  const exports = await instantiatePuzzleWasm<PuzzleExports>(source, hooks, shared);
  const own = shared ? await instantiatePuzzleWasm<PuzzleExports>(source) : exports;
  const pdb = wasmPdb(exports);
  return {
    engine: 'wasm',
    flip: wasmFlip(own),
    fourLine: wasmFourLine(own),
    sliding: wasmSliding(own),
    idaStar: wasmIdaStar(exports, pdb, hooks),
    lightsOut: wasmLightsOut(own),
    census: wasmCensus(own),
    pdb,
    scratchAt: exports.scratchPointer(),
  };
}
