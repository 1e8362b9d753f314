/**
 * The table cache a solver uses, chosen by where it runs: files in Node
 * (./node.ts), IndexedDB in a browser or Web Worker (./browser.ts), or an
 * in-memory stand-in when `dir` is false or neither is there. All three keep
 * tables in the format of ./format.ts.
 */
import { isNode } from '../../platform.js';
import type { TableCache } from './format.js';

export type { TableCache } from './format.js';

/** The cache for `dir` (a directory, undefined for the default, false for none). `warn` hears each problem once. */
export async function openTableCache(dir: string | false | undefined, warn: (message: string) => void): Promise<TableCache> {
  // Each kind's code loaded only where it runs.
  if (dir !== false && !isNode() && typeof indexedDB !== 'undefined') return (await import('./browser.js')).openBrowserTableCache(warn);
  if (dir === false || !isNode()) return { dir: null, load: async () => null, save: async () => null };
  const { openNodeTableCache } = await import('./node.js');
  return openNodeTableCache(dir, warn);
}
