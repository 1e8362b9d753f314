/** The wasm engine: one module instance, one adapter per family over its exports. */
import type { Core } from '../contract.js';
import { instantiatePuzzleWasm, type WasmHooks, type WasmSource } from './loader.js';
import { wasmFlip, type FlipExports } from './flip.js';
import { wasmFourLine, type FourLineExports } from './fourLine.js';
import { wasmSliding, type SlidingExports } from './sliding.js';
import { wasmIdaStar, type IdaStarExports } from './idaStar.js';
import { wasmLightsOut, type LightsOutExports } from './lightsOut.js';
import { wasmPdb, type PdbExports } from './pdb.js';
import { wasmCensus, type CensusExports } from './census.js';

export type PuzzleExports = FlipExports & FourLineExports & SlidingExports & IdaStarExports & LightsOutExports & PdbExports & CensusExports;

export async function createWasmCore(source?: WasmSource): Promise<Core> {
  // The hooks of this instance: the IDA* adapter points searchPoll at the search in progress.
  const hooks: WasmHooks = { searchPoll: () => 0 };
  const exports = await instantiatePuzzleWasm<PuzzleExports>(source, hooks);
  const pdb = wasmPdb(exports);
  return {
    engine: 'wasm',
    flip: wasmFlip(exports),
    fourLine: wasmFourLine(exports),
    sliding: wasmSliding(exports),
    idaStar: wasmIdaStar(exports, pdb, hooks),
    lightsOut: wasmLightsOut(exports),
    census: wasmCensus(exports),
    pdb,
  };
}
