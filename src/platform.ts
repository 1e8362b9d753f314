/**
 * Environment detection, in one place: the library runs in Node (files,
 * worker_threads, the table cache on disk) and in browsers (fetch, Web
 * Workers, IndexedDB), and each layer asks here which one it is in.
 */

/** True in Node (and runtimes that present themselves as Node), false in a browser or a Web Worker. */
export function isNode(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof proc?.versions?.node === 'string';
}

/** A file's URL from a URL or a string: a string is resolved against the working directory in Node, the page elsewhere. */
export function sourceUrl(source: URL | string): URL {
  return source instanceof URL ? source : new URL(source, isNode() ? `file://${process.cwd()}/` : globalThis.location?.href);
}

/**
 * A file's bytes in Node. Hidden from bundlers: a browser build must not try
 * to resolve node:fs. node:fs, loaded with Node itself, not node:fs/promises,
 * which loads a dozen more of Node's modules (streams, readline) into a
 * one-board call.
 */
export async function readNodeFile(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const fsName = 'node:fs';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs');
  return fs.readFileSync(url);
}
