/**
 * Standard input's lines (src/cli/lines.ts) against the plain reading: the
 * whole input decoded at once, split at line feeds, a carriage return before
 * each dropped. Chunks are cut anywhere, inside multi-byte characters and
 * bad sequences too, after ASCII chunks (which lines.ts decodes whole) and
 * before them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputLines } from '../../src/cli/lines.js';

/** The plain reading of all the bytes at once. */
function plainLines(bytes: Uint8Array): string[] {
  const text = new TextDecoder().decode(bytes);
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

async function* chunked(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.slice(from, cut);
    from = cut;
  }
  yield bytes.slice(from);
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<string[]> {
  const lines: string[] = [];
  for await (const step of inputLines(chunks, 1 << 20)) for (const line of step) lines.push(line as string);
  return lines;
}

describe('input lines', () => {
  it('are the plain reading, however the bytes are cut into chunks', async () => {
    const text = fc.constantFrom('0', '1', 'a', ' ', '\n', '\r\n', 'é', '€', '🧩');
    // Bytes that are no UTF-8: a lone continuation, a lead without its tail, 0xff.
    const bad = fc.constantFrom([0x80], [0xe2, 0x82], [0xc3], [0xff], [0xf0, 0x9f, 0xa7]);
    const piece = fc.oneof(
      text.map((t) => [...new TextEncoder().encode(t)]),
      bad,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), async (pieces, cuts) => {
        const bytes = Uint8Array.from(pieces.flat());
        expect(await readAll(chunked(bytes, cuts))).toEqual(plainLines(bytes));
      }),
      { numRuns: 2000, seed: 20261125 },
    );
  });

  it('reads a long ASCII input cut into chunks, then a character split between two chunks', async () => {
    const ascii = new TextEncoder().encode(`${'01'.repeat(5000)}\n`.repeat(20));
    const tail = new TextEncoder().encode('é🧩\n');
    const bytes = Uint8Array.from([...ascii, ...tail]);
    const cuts = [4096, 70000, ascii.length + 1, ascii.length + 3];
    const lines = await readAll(chunked(bytes, cuts));
    expect(lines).toEqual(plainLines(bytes));
    expect(lines[lines.length - 1]).toBe('é🧩');
  });
});
