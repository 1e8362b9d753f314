/**
 * The pool's `pruningFiles`: the move-pruning machines' files
 * (data/pruning-WxH.bin), fetched once by the pool and handed to every worker
 * in its init message, so that no worker builds a machine Node would have read
 * from data/ (a browser cannot: it builds the 5x5 machine in about a second,
 * in every worker, at the first search of that size).
 *
 * The files are named by the caller, never found by the library: a library
 * that named them itself would make every bundler of it take them for assets
 * (see movePruningFile.ts). A file is a cache of the build: one that cannot be
 * fetched, or does not hold its size's machine, is left out and the workers
 * build that machine as before; a worker checks the bytes as it installs them
 * (installMovePruning).
 */
import { PuzzleInputError, describeValue } from '../api/boards.js';
import { MAX_SIDE } from '../engine/contract.js';
import { isNode, readNodeFile, sourceUrl } from '../platform.js';

/** A machine's file: where to fetch it (a URL, or a string resolved against the page, or in Node the working directory) or its bytes. */
export type PruningFileSource = URL | string | ArrayBuffer | ArrayBufferView;

/** The files by board size, e.g. `{ '5x5': new URL('./pruning-5x5.bin', import.meta.url) }`. */
export type PruningFiles = Readonly<Record<string, PruningFileSource>>;

/** A machine's file as a worker receives it. */
export interface PruningBytes {
  width: number;
  height: number;
  bytes: Uint8Array;
}

const SIZE = /^(\d)x(\d)$/;

/** The option, checked: an object whose keys are board sizes ('5x5') and whose values are sources. */
export function checkPruningFiles(value: unknown): [size: string, source: PruningFileSource][] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PuzzleInputError(`pruningFiles must be an object of files by board size ({ '5x5': url }), not ${describeValue(value)}`);
  return Object.entries(value).map(([size, source]) => {
    const sides = SIZE.exec(size)?.slice(1).map(Number);
    if (!sides || sides.some((side) => side < 2 || side > MAX_SIDE))
      throw new PuzzleInputError(`pruningFiles: unknown board size ${describeValue(size)}, expected WIDTHxHEIGHT, each side 2 to ${MAX_SIDE}`);
    const fine = source instanceof URL || typeof source === 'string' || source instanceof ArrayBuffer || ArrayBuffer.isView(source);
    if (!fine) throw new PuzzleInputError(`pruningFiles['${size}'] must be a URL, a string or the file's bytes, not ${describeValue(source)}`);
    return [size, source as PruningFileSource];
  });
}

/** A source's bytes (a copy of the caller's, which stay theirs), or null when they cannot be had. */
async function bytesOf(source: PruningFileSource): Promise<Uint8Array | null> {
  if (source instanceof ArrayBuffer) return new Uint8Array(source.slice(0));
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength));
  try {
    const url = sourceUrl(source);
    if (url.protocol === 'file:' && isNode()) return await readNodeFile(url);
    const response = await fetch(url);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Every file that could be had, with its size, fetched at the same time. */
export async function loadPruningFiles(files: [size: string, source: PruningFileSource][]): Promise<PruningBytes[]> {
  const loaded = await Promise.all(
    files.map(async ([size, source]) => {
      const [width, height] = size.split('x').map(Number) as [number, number];
      const bytes = await bytesOf(source);
      return bytes && { width, height, bytes };
    }),
  );
  return loaded.filter((file) => file !== null);
}
