/**
 * The puzzle attribute to its family: flip, pilots, fourline, lightsout, and
 * the sliding sizes 8 (or eight), 15 and 24. The attributes a family reads
 * besides the board (goal; pattern, torus, colors) come in as `rules`.
 */
import { PuzzleInputError } from '../index.js';
import type { Family } from './family.js';
import { fourLineFamily } from './fourLineFamily.js';
import { lightsOutFamily } from './lightsOutFamily.js';
import { SLIDING_SIDES, slidingFamily } from './slidingFamily.js';
import { toggleFamily } from './toggleFamily.js';

export const PUZZLES = ['flip', 'pilots', 'fourline', '8', '15', '24', 'lightsout'] as const;

const aliases: Record<string, string> = {
  eight: '8',
  '8-puzzle': '8',
  '15-puzzle': '15',
  '24-puzzle': '24',
  'four-line': 'fourline',
  fourLine: 'fourline',
  'lights-out': 'lightsout',
};

export interface FamilyRules {
  goal: string | null;
  pattern: string | null;
  torus: boolean;
  colors: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the element holds any family; each family's own types stay inside it.
export type AnyFamily = Family<any, any>;

export function familyFor(puzzleAttribute: string | null, rules: FamilyRules): AnyFamily {
  const raw = (puzzleAttribute ?? '15').trim();
  const puzzle = aliases[raw] ?? raw.toLowerCase();
  if (puzzle === 'flip' || puzzle === 'pilots') return toggleFamily(puzzle);
  if (puzzle === 'fourline') return fourLineFamily;
  if (puzzle in SLIDING_SIDES) return slidingFamily(puzzle, rules.goal?.trim() || 'blank-last');
  if (puzzle === 'lightsout') {
    const colors = rules.colors === null ? 2 : Number(rules.colors);
    if (!Number.isInteger(colors)) throw new PuzzleInputError(`colors="${rules.colors}": a prime number of values a cell takes expected, such as 2 or 3`);
    return lightsOutFamily({ pattern: rules.pattern?.trim() || 'cross', torus: rules.torus, colors });
  }
  throw new PuzzleInputError(`puzzle="${raw}": unknown puzzle, expected one of ${PUZZLES.join(', ')}`);
}
