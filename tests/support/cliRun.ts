/** The CLI's `main` run in-process, for tests that feed it text and read its answers. */
import { main } from '../../src/cli/main.js';

export interface CliRun {
  status: number;
  /** Standard output, a line each. */
  answers: string[];
  /** Standard error lines. */
  errors: string[];
}

/**
 * Runs `main(args)` on `input`, delivered in pieces of `chunk` characters
 * (default: all at once; a small odd size checks that framing never depends
 * on where a read ends).
 */
export async function runCli(args: string[], input: string, chunk = Infinity): Promise<CliRun> {
  let out = '';
  const errors: string[] = [];
  const pieces = chunk === Infinity ? [input] : (input.match(new RegExp(`[^]{1,${chunk}}`, 'g')) ?? []);
  const status = await main(args, {
    input: async function* () {
      yield* pieces;
    },
    write: (text) => {
      out += text;
    },
    error: (line) => errors.push(line),
  });
  return { status, answers: out === '' ? [] : out.slice(0, -1).split('\n'), errors };
}
