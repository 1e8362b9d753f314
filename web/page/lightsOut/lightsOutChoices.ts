/**
 * Outside: the choices the Lights Out panel offers (sizes, colours, named
 * patterns) and the numbers it shows. The rules of a press are the package's
 * (src/rules/lightsOut.ts), shared with the board element.
 */
import type { LIGHTS_OUT_PATTERNS } from '../../../src/index.js';
import type { PressRules } from '../../../src/rules/lightsOut.js';

export type LightsOutPatternName = (typeof LIGHTS_OUT_PATTERNS)[number];

/** The panel's rules: a named pattern only (the options offer no stencil). */
export interface LightsOutRules extends PressRules {
  pattern: LightsOutPatternName;
}

export const boardSizeLimits = { min: 2, max: 200 } as const;
export const colorChoices = [2, 3, 5, 7] as const;

export const patternLabel: Record<LightsOutPatternName, string> = {
  cross: 'Cross: the cell and 4 neighbours',
  rowcol: 'Row and column',
  x: 'X: the cell and 4 diagonals',
  'plus-only': 'Plus: 4 neighbours, not the cell',
};

/** A count that may be huge: exact up to 15 digits, else "≈ 1.8e19 (20 digits)". */
export function formatCount(count: bigint): string {
  const digits = count.toString();
  if (digits.length <= 15) return new Intl.NumberFormat('en-US').format(count);
  return `≈ ${digits[0]}.${digits.slice(1, 3)}e${digits.length - 1} (${digits.length} digits)`;
}
