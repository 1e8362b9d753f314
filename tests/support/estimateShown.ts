/**
 * The page's build estimate as its element shows it (web/page/panel/searchProgress.ts
 * writes the numbers into data attributes, rounded to the millisecond).
 */
import { expect } from 'vitest';

/** The estimate's numbers as read from `.tables-estimate`'s dataset. */
export interface EstimateNumbers {
  totalMs?: string;
  leftMs?: string;
}

/**
 * The estimate shown before the build starts: the time left is `expectedMs`.
 * The total adds the time since the estimate began, which a loaded machine
 * stretches (CI once saw 2.4 ms on a check that allowed 2), so it is only held
 * to be no less than what is left.
 */
export function expectTimeLeft(shown: EstimateNumbers, expectedMs: number): void {
  expect(Math.abs(Number(shown.leftMs) - expectedMs)).toBeLessThanOrEqual(1);
  expect(Number(shown.totalMs)).toBeGreaterThanOrEqual(Number(shown.leftMs) - 1);
}
