/**
 * The rules of Flip Game and Pilots Brothers' refrigerator: a 4x4 board of
 * two-sided pieces as a 16-bit number (bit 4 * row + column), a press turns
 * a fixed pattern over (the cross, or the whole row and column). Flip is
 * solved when all sixteen show one colour, Pilots when every handle is open
 * (all bits clear).
 */
import type { Cell } from '../index.js';
import { cellIndex } from './grid.js';
import { type Random, randomInt } from './random.js';

export type ToggleKind = 'flip' | 'pilots';

export const TOGGLE_SIDE = 4;
/** All sixteen bits set: all black (Flip), all closed (Pilots). */
export const TOGGLE_FULL = 0xffff;

/** Characters for a clear and a set bit, as the judges write them. */
export const toggleChars: Record<ToggleKind, readonly [string, string]> = { flip: ['w', 'b'], pilots: ['-', '+'] };

/** The bits a press of cell `index` turns over. */
export function pressMask(kind: ToggleKind, index: number): number {
  const row = Math.floor(index / TOGGLE_SIDE);
  const col = index % TOGGLE_SIDE;
  let mask = 0;
  for (let cell = 0; cell < TOGGLE_SIDE * TOGGLE_SIDE; cell++) {
    const r = Math.floor(cell / TOGGLE_SIDE);
    const c = cell % TOGGLE_SIDE;
    if (kind === 'flip' ? Math.abs(r - row) + Math.abs(c - col) <= 1 : r === row || c === col) mask |= 1 << cell;
  }
  return mask;
}

/** The board after a solution's press. */
export function applyPress(kind: ToggleKind, state: number, move: Cell): number {
  return state ^ pressMask(kind, cellIndex(move, TOGGLE_SIDE));
}

export function toggleSolved(kind: ToggleKind, state: number): boolean {
  return state === 0 || (kind === 'flip' && state === TOGGLE_FULL);
}

/** The board as the judge's text: four rows of four characters. */
export function toggleText(kind: ToggleKind, state: number): string {
  const chars = toggleChars[kind];
  const rows: string[] = [];
  for (let r = 0; r < TOGGLE_SIDE; r++) {
    let row = '';
    for (let c = 0; c < TOGGLE_SIDE; c++) row += chars[(state >> (r * TOGGLE_SIDE + c)) & 1];
    rows.push(row);
  }
  return rows.join('\n');
}

/** A board that can be solved and is not solved: random presses from a goal reach exactly those. */
export function randomToggle(kind: ToggleKind, random: Random = Math.random): number {
  for (;;) {
    let state = kind === 'flip' && random() < 0.5 ? TOGGLE_FULL : 0;
    for (let cell = 0; cell < TOGGLE_SIDE * TOGGLE_SIDE; cell++) if (randomInt(2, random)) state ^= pressMask(kind, cell);
    if (!toggleSolved(kind, state)) return state;
  }
}
