/** The wasm engine: one module instance, one adapter per family over its exports. */
import type { Core } from '../core.js';
import { instantiatePuzzleWasm, type WasmSource } from '../loader.js';
import { wasmFlip, type FlipExports } from './flip.js';
import { wasmFourLine, type FourLineExports } from './fourLine.js';
import { wasmSliding, type SlidingExports } from './sliding.js';
import { wasmIdaStar, type IdaStarExports } from './idaStar.js';
import { wasmLightsOut, type LightsOutExports } from './lightsOut.js';
import { wasmPdb, type PdbExports } from './pdb.js';

export type PuzzleExports = FlipExports & FourLineExports & SlidingExports & IdaStarExports & LightsOutExports & PdbExports;

export async function createWasmCore(source?: WasmSource): Promise<Core> {
  const exports = await instantiatePuzzleWasm<PuzzleExports>(source);
  const pdb = wasmPdb(exports);
  return {
    engine: 'wasm',
    flip: wasmFlip(exports),
    fourLine: wasmFourLine(exports),
    sliding: wasmSliding(exports),
    idaStar: wasmIdaStar(exports, pdb),
    lightsOut: wasmLightsOut(exports),
    pdb,
  };
}
