/** The TypeScript engine: the same algorithms as `assembly/`, on typed arrays, no wasm. */
import type { Core } from '../contract.js';
import { twinFlip } from './flip.js';
import { twinFourLine } from './fourLine.js';
import { twinSliding } from './sliding.js';
import { twinIdaStar } from './idaStar.js';
import { twinLightsOut } from './lightsOut.js';
import { twinPdb } from './pdb.js';
import { twinCensus } from './census.js';

/**
 * `plainMax`: a PDB's h is always its largest sum in full, never stopped at
 * the first sum that prunes: slower, the same nodes (tests compare the two).
 */
export function createTwinCore({ plainMax = false }: { plainMax?: boolean } = {}): Core {
  const pdb = twinPdb();
  return {
    engine: 'ts',
    flip: twinFlip(),
    fourLine: twinFourLine(),
    sliding: twinSliding(),
    idaStar: twinIdaStar(pdb, plainMax),
    lightsOut: twinLightsOut(),
    census: twinCensus(),
    pdb,
  };
}
