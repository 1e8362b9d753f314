/**
 * The random picks behind scrambles. Each scramble takes a `random` (a
 * number in [0, 1), Math.random's shape), so that a caller can draw the same
 * position every time from a seed (the element's fixed sample).
 */

export type Random = () => number;

/** A whole number in [0, below). */
export function randomInt(below: number, random: Random = Math.random): number {
  return Math.floor(random() * below);
}

/** Shuffles `items` in place (Fisher–Yates) and returns them. */
export function shuffle<T>(items: T[], random: Random = Math.random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1, random);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
