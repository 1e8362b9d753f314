/**
 * "Did you mean": the closest of `choices` to what was typed, by edit
 * distance (a typo, a missing or doubled letter, two swapped), or none when
 * nothing is close enough to be a likely slip.
 */
export function closest(typed: string, choices: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.min(2, Math.floor(typed.length / 3)));
  for (const choice of choices) {
    const distance = editDistance(typed.toLowerCase(), choice.toLowerCase());
    if (distance <= bestDistance && (best === undefined || distance < editDistance(typed.toLowerCase(), best.toLowerCase()))) {
      best = choice;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, with a swap of neighbours counting as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** " (did you mean 'x'?)" or nothing, for the end of a message. */
export function didYouMean(typed: string, choices: readonly string[], shown: (choice: string) => string = (choice) => `'${choice}'`): string {
  const guess = closest(typed, choices);
  return guess === undefined ? '' : ` (did you mean ${shown(guess)}?)`;
}
