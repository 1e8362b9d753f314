/** The TypeScript engine: the same algorithms as `assembly/`, on typed arrays, no wasm. */
import type { Core } from '../core.js';
import { twinFlip } from './flip.js';
import { twinFourLine } from './fourLine.js';
import { twinSliding } from './sliding.js';
import { twinIdaStar } from './idaStar.js';
import { twinLightsOut } from './lightsOut.js';

export function createTwinCore(): Core {
  return {
    engine: 'ts',
    flip: twinFlip(),
    fourLine: twinFourLine(),
    sliding: twinSliding(),
    idaStar: twinIdaStar(),
    lightsOut: twinLightsOut(),
  };
}
