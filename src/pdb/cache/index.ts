/**
 * The table cache a solver uses, chosen by where it runs: files in Node
 * (./node.ts), IndexedDB in a browser or Web Worker (./browser.ts), or an
 * in-memory stand-in when `dir` is false or neither is there. All three keep
 * tables in the format of ./format.ts.
 */
import { isNode } from '../../platform.js';
// Imported as it is, not when first needed as node.ts is: it uses nothing of
// Node or the browser until called, and the page imports it itself
// (tablesWork.ts), so a dynamic import would split nothing off (Vite's
// INEFFECTIVE_DYNAMIC_IMPORT).
import { openBrowserTableCache } from './browser.js';
import type { TableCache } from './format.js';

export type { SpreadRead, TableCache } from './format.js';

/** The cache for `dir` (a directory, undefined for the default, false for none). `warn` hears each problem once. */
export async function openTableCache(dir: string | false | undefined, warn: (message: string) => void): Promise<TableCache> {
  // The files' code (node:fs) is loaded only where it runs.
  if (dir !== false && !isNode() && typeof indexedDB !== 'undefined') return openBrowserTableCache(warn);
  if (dir === false || !isNode()) return { dir: null, load: async () => null, save: async () => null };
  const { openNodeTableCache } = await import('./node.js');
  return openNodeTableCache(dir, warn);
}
