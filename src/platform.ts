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
