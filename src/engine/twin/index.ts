/** The TypeScript engine: the same algorithms as `assembly/`, on typed arrays, no wasm. */
import type { Core } from '../contract.js';
import { twinFlip } from './flip.js';
import { twinFourLine } from './fourLine.js';
import { twinSliding } from './sliding.js';
import { twinIdaStar } from './idaStar.js';
import { twinLightsOut } from './lightsOut.js';
import { twinPdb } from './pdb.js';
import { twinCensus } from './census.js';

export function createTwinCore(): Core {
  const pdb = twinPdb();
  return {
    engine: 'ts',
    flip: twinFlip(),
    fourLine: twinFourLine(),
    sliding: twinSliding(),
    idaStar: twinIdaStar(pdb),
    lightsOut: twinLightsOut(),
    census: twinCensus(),
    pdb,
  };
}
