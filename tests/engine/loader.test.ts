/** The one loader: a module compiled once, and a wasm abort that says what went wrong. */
import { describe, expect, it } from 'vitest';
import { compilePuzzleWasm, instantiatePuzzleWasm } from '../../src/engine/wasm/loader.js';

describe('loader', () => {
  it('compiles the module once per source', async () => {
    expect(await compilePuzzleWasm()).toBe(await compilePuzzleWasm());
  });

  it('turns an abort inside the module into an error with its message and place', async () => {
    const exports = await instantiatePuzzleWasm<{ __new(size: number, id: number): number }>();
    // Over the runtime's 1 GiB block limit: the release build aborts too.
    expect(() => exports.__new(0x7ff0_0000, 0)).toThrow(/^puzzlesearch\.wasm aborted: Allocation too large at ~lib\/rt\/\w+\.ts:\d+:\d+$/);
  });
});
