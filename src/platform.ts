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

/** What readRegularFile uses of node:fs (a type only: nothing of Node is loaded here). */
export type NodeFsSync = Pick<typeof import('node:fs'), 'openSync' | 'fstatSync' | 'readSync' | 'closeSync' | 'constants'>;

/** What sits at a path that is not a regular file, in words. */
function kindOf(stat: import('node:fs').Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isDirectory()) return 'a directory';
  return stat.isSocket() ? 'a socket' : 'not a regular file';
}

/**
 * The bytes of the regular file at `url`, at most `maxBytes` of them, read
 * synchronously; anything else there is an Error saying what it is: 'not a
 * regular file (a FIFO)', or 'too long (N bytes, at most M expected)'. Never
 * a hang and never more memory than `maxBytes`, whatever the path holds
 * (readFileSync waits forever on a FIFO with no writer, and reads a link to
 * /dev/zero until memory runs out): opened non-blocking, its type and size
 * checked (fstat) before a byte is read, and read no further than the size
 * it had then.
 */
export function readRegularFile(fs: NodeFsSync, url: URL, maxBytes = Number.MAX_SAFE_INTEGER): Uint8Array<ArrayBuffer> {
  // O_NONBLOCK changes nothing for a regular file; Windows has none (and no FIFOs to open).
  const fd = fs.openSync(url, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new Error(`not a regular file (${kindOf(stat)})`);
    if (stat.size > maxBytes) throw new Error(`too long (${stat.size} bytes, at most ${maxBytes} expected)`);
    const bytes = new Uint8Array(stat.size);
    let at = 0;
    for (let read = 1; at < bytes.length && read > 0; at += read) read = fs.readSync(fd, bytes, at, bytes.length - at, at);
    // Cut short while it was read: what was there (whoever checks the bytes refuses them).
    return at === bytes.length ? bytes : bytes.slice(0, at);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A regular file's bytes in Node, at most `maxBytes` (see readRegularFile).
 * Hidden from bundlers: a browser build must not try to resolve node:fs.
 * node:fs, loaded with Node itself, not node:fs/promises, which loads a dozen
 * more of Node's modules (streams, readline) into a one-board call.
 */
export async function readNodeFile(url: URL, maxBytes?: number): Promise<Uint8Array<ArrayBuffer>> {
  const fsName = 'node:fs';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs');
  return readRegularFile(fs, url, maxBytes);
}
