/**
 * installMovePruning (src/engine/movePruning.ts): the bytes of a machine's
 * file, handed over where data/ cannot be read (a browser, a pool worker given
 * the pool's pruningFiles), become the machine in use, exactly the built one;
 * bytes that do not hold that size's machine (cut short, of another depth or
 * size, a transition out of range, a byte changed) change nothing, and the machine is then
 * built (or, in Node, read from data/) at first use as before. A file of its
 * own: the machines are kept per process, and vitest gives each file fresh
 * modules, so no other test has used a machine before these install theirs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMovePruning, installMovePruning, movePruning, movePruningDepth, movePruningOrigin } from '../../src/engine/movePruning.js';
import { encodeMovePruning, movePruningFileName } from '../../src/engine/movePruningFile.js';

const shippedBytes = (width: number, height: number) =>
  new Uint8Array(readFileSync(new URL(`../../data/${movePruningFileName(width, height)}`, import.meta.url)));

/** A machine's tables as plain arrays, for comparing two machines. */
const tablesOf = (machine: { states: number; next: Int32Array; allowed: Uint8Array }) => ({
  states: machine.states,
  next: [...machine.next],
  allowed: [...machine.allowed],
});

describe('installing a machine from the bytes of its file', () => {
  it.each([
    [4, 4],
    [5, 5],
  ])(
    '%ix%i: the shipped file installs, and the machine in use is exactly the built one',
    (width, height) => {
      expect(movePruningOrigin(width, height)).toBeUndefined();
      expect(installMovePruning(width, height, shippedBytes(width, height))).toBe(true);
      const installed = movePruning(width, height, 'fsm');
      expect(movePruningOrigin(width, height)).toBe('installed');
      expect(tablesOf(installed)).toEqual(tablesOf(buildMovePruning(width, height)));
      // Once a machine is in use, another install changes nothing.
      expect(installMovePruning(width, height, shippedBytes(width, height))).toBe(false);
      expect(movePruning(width, height, 'fsm')).toBe(installed);
    },
    60_000,
  );

  it('bytes that do not hold the machine change nothing, and the machine is built at first use', () => {
    const machine = buildMovePruning(3, 3);
    const depth = movePruningDepth(9);
    const bytes = encodeMovePruning(machine, depth);
    // A transition out of range, under a checksum that matches it.
    const badNext = machine.next.slice();
    badNext[0] = machine.states;
    const badState = encodeMovePruning({ ...machine, next: badNext }, depth);
    // One allowed move taken away: in range, a machine that prunes more, which only the checksum tells.
    const pruningMore = bytes.slice();
    const allowedAt = pruningMore.length - machine.allowed.length + machine.allowed.findIndex((moves) => moves !== 0);
    pruningMore[allowedAt]! &= pruningMore[allowedAt]! - 1;
    const refused = [
      bytes.subarray(0, bytes.length - 1),
      encodeMovePruning(machine, depth + 1),
      badState,
      pruningMore,
      // Another size's file.
      shippedBytes(4, 4),
      new Uint8Array(0),
    ];
    for (const wrong of refused) expect(installMovePruning(3, 3, wrong)).toBe(false);
    expect(movePruningOrigin(3, 3)).toBeUndefined();
    expect(tablesOf(movePruning(3, 3, 'fsm'))).toEqual(tablesOf(machine));
    // 3x3 ships no file: built here.
    expect(movePruningOrigin(3, 3)).toBe('built');
  });

  it('a size with no board is a RangeError', () => {
    expect(() => installMovePruning(6, 6, new Uint8Array(0))).toThrow(/move pruning: no board of 6x6/);
  });
});
