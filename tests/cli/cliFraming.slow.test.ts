/**
 * Multi-case framing as a property: a bad case inserted anywhere among good
 * ones never changes the good cases' answers, and every case gets exactly one
 * answer. The CLI's main runs in-process on the generated text.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { runCli as runCliWhole } from '../support/cliRun.js';
import { engineNames } from '../support/engines.js';

// Chunks cut at odd places, so that framing never depends on where a read ends.
const runCli = (args: string[], input: string) => runCliWhole(args, input, 37);

/** A good case: its text, which must be followed by a line end. */
type Piece = { good: boolean; text: string };

const flipRow = fc.array(fc.constantFrom('b', 'w'), { minLength: 4, maxLength: 4 }).map((cells) => cells.join(''));
const goodFlip = fc.array(flipRow, { minLength: 4, maxLength: 4 }).map((rows): Piece => ({ good: true, text: rows.join('\n') }));

/** Anything printable on one line whose trimmed length is not 4: never a row. */
const oddLine = fc
  .string({ unit: fc.constantFrom('b', 'w', 'q', ' ', 'x', '1', 'é'), minLength: 1, maxLength: 12 })
  .filter((line) => line.trim().length > 0 && [...line.trim()].length !== 4);

const badFlip = fc.oneof(
  oddLine.map((line): Piece => ({ good: false, text: line })),
  // Rows that stop short, ended by a blank line.
  fc.array(flipRow, { minLength: 1, maxLength: 3 }).map((rows): Piece => ({ good: false, text: `${rows.join('\n')}\n` })),
  // A whole case with a stray character: a case of its own.
  fc.array(flipRow, { minLength: 4, maxLength: 4 }).map((rows): Piece => ({ good: false, text: ['bqwb', ...rows.slice(1)].join('\n') })),
  fc.constant<Piece>({ good: false, text: 'b'.repeat(5000) }),
);

/** Random 8-puzzle boards, some unsolvable: answers are paths or 'unsolvable'. */
const eightTiles = fc.shuffledSubarray(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], { minLength: 9, maxLength: 9 });
const goodEight = fc.tuple(eightTiles, fc.boolean()).map(
  ([tiles, rows]): Piece => ({
    good: true,
    text: rows ? [tiles.slice(0, 3), tiles.slice(3, 6), tiles.slice(6)].map((row) => row.join(' ')).join('\n') : tiles.join(' '),
  }),
);
const tileToken = fc.oneof(fc.integer({ min: 0, max: 30 }).map(String), fc.constant('x'));
const badEight = fc.oneof(
  // A token that cannot be a tile.
  fc
    .tuple(fc.array(tileToken, { maxLength: 8 }), fc.constantFrom('hello', '1,2', '-3', '\u00ff', '4.5'))
    .map(([tokens, stray]): Piece => ({ good: false, text: [...tokens, stray].join(' ') })),
  // A count that is neither a board (9) nor a row (3).
  fc
    .array(tileToken, { minLength: 1, maxLength: 14 })
    .filter((t) => t.length !== 3 && t.length !== 9)
    .map((t): Piece => ({ good: false, text: t.join(' ') })),
  // Rows that stop short, ended by a blank line.
  fc
    .array(fc.array(tileToken, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 2 })
    .map((rows): Piece => ({ good: false, text: `${rows.map((r) => r.join(' ')).join('\n')}\n` })),
  // A whole board that is not a permutation: a case of its own.
  fc.array(fc.constantFrom('1', '2', 'x'), { minLength: 9, maxLength: 9 }).map((t): Piece => ({ good: false, text: t.join(' ') })),
);

/** Good cases with bad ones inserted anywhere, optionally with blank lines between cases. */
function mixes(good: fc.Arbitrary<Piece>, bad: fc.Arbitrary<Piece>) {
  return fc
    .record({
      goods: fc.array(good, { minLength: 1, maxLength: 6 }),
      bads: fc.array(fc.tuple(bad, fc.nat()), { minLength: 1, maxLength: 4 }),
      blank: fc.boolean(),
    })
    .map(({ goods, bads, blank }) => {
      const pieces = [...goods];
      for (const [piece, at] of bads) pieces.splice(at % (pieces.length + 1), 0, piece);
      const join = (list: Piece[]) => `${list.map((p) => p.text).join(blank ? '\n\n' : '\n')}\n`;
      return { mixed: join(pieces), clean: join(goods), bad: bads.length };
    });
}

describe.each(engineNames)('CLI framing on %s', (engine) => {
  test.prop([mixes(goodFlip, badFlip)], { numRuns: 150 })('flip: a bad case never changes the good answers', async ({ mixed, clean, bad }) => {
    const alone = await runCli(['flip', '--engine', engine], clean);
    const withBad = await runCli(['flip', '--engine', engine], mixed);
    expect(withBad.status).toBe(2);
    expect(withBad.answers.filter((a) => a !== 'error')).toEqual(alone.answers);
    expect(withBad.answers.filter((a) => a === 'error')).toHaveLength(bad);
    expect(withBad.errors).toHaveLength(bad);
  });

  test.prop([mixes(goodEight, badEight)], { numRuns: 60 })('eight: a bad case never changes the good answers', async ({ mixed, clean, bad }) => {
    const alone = await runCli(['eight', '--engine', engine], clean);
    const withBad = await runCli(['eight', '--engine', engine], mixed);
    expect(withBad.status).toBe(2);
    expect(withBad.answers.filter((a) => a !== 'error')).toEqual(alone.answers);
    expect(withBad.answers.filter((a) => a === 'error')).toHaveLength(bad);
  });
});
