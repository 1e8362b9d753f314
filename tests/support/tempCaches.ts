/**
 * Temporary cache directories for tests that build or copy tables into one,
 * and what such a directory holds, file by file, to compare byte for byte
 * (the split build and derivation tests each wrote these alike).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A maker of fresh directories named `prefix`..., all removed after the file's tests. Call it at a test file's top level. */
export function tempCaches(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** Every file of a directory, by name. */
export function cacheFiles(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name))]),
  );
}
