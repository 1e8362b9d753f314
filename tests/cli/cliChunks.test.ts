/**
 * The CLI's output does not depend on how its input arrives (reliability round
 * 3): one input stream, cut into random chunks delivered with random pauses,
 * gives byte-identical standard output, standard error and exit status at
 * every job count. The input mixes good boards, solved ones (an empty line
 * each) and bad cases. A few runs a family: each is a real process.
 */
import { fc, test } from '@fast-check/vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { seededRandom, shuffle } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

/** Runs the CLI, writing `input` in pieces at `cuts` (ascending offsets) with `pauses` ms after each. */
async function deliver(args: string[], input: string, cuts: number[], pauses: number[]) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  let at = 0;
  for (const [i, cut] of [...cuts, input.length].entries()) {
    child.stdin.write(input.slice(at, cut));
    at = cut;
    await new Promise((resolve) => setTimeout(resolve, pauses[i] ?? 0));
  }
  child.stdin.end();
  return { status: await closed, stdout, stderr };
}

const random = seededRandom(2026);
const eightInput = `${Array.from({ length: 120 }, (_, i) => {
  if (i % 23 === 5) return '1 2 3 4 5 6 7 8 x';
  if (i % 31 === 7) return '1 2 3 4 5 6 7 8 8';
  return shuffle(['1', '2', '3', '4', '5', '6', '7', '8', 'x'], random).join(' ');
}).join('\n')}\n`;
const flipInput = `${Array.from({ length: 60 }, (_, i) =>
  i % 17 === 4 ? 'bwbw\nbqbw\nbwbw\nbwbw' : Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => (random() < 0.5 ? 'b' : 'w')).join('')).join('\n'),
).join('\n\n')}\n`;

const deliveries = (length: number) =>
  fc.tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: length - 1 }), { maxLength: 6 }).map((cuts) => cuts.sort((a, b) => a - b)),
    fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 7, maxLength: 7 }),
  );

describe('CLI: output does not depend on how the input arrives, at any job count', () => {
  for (const [family, input] of [
    ['eight', eightInput],
    ['flip', flipInput],
  ] as const) {
    test.prop([deliveries(input.length)], { numRuns: 3 })(`${family}`, async ([cuts, pauses]) => {
      const reference = await deliver([family, '--jobs', '1'], input, [], []);
      expect(reference.stdout.split('\n').length - 1).toBe(family === 'eight' ? 120 : 60);
      for (const jobs of ['1', '2', '3']) {
        const run = await deliver([family, '--jobs', jobs], input, cuts, pauses);
        expect(run, `--jobs ${jobs}, cut at ${cuts.join(',')}`).toEqual(reference);
      }
    });
  }
});
