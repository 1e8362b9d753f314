/**
 * The build step of the page's service worker (serviceWorker.ts): compiled
 * into sw.js next to index.html (a service worker's folder is its scope), with
 * the build's file list and a version taken from their names and contents
 * written into it, so that every new build is a new service worker with a
 * cache of its own. Build only: the dev server registers none.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The page registers this name (web/page/shell/offline.ts). */
const FILE = 'sw.js';
const PLACEHOLDER = /(["'`])__PUZZLESEARCH_BUILD__\1/;

export function serviceWorker(): Plugin {
  return {
    name: 'puzzlesearch:service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL('./serviceWorker.ts', import.meta.url)), fileName: FILE });
    },
    generateBundle: {
      // After index.html and the workers' scripts are in the bundle.
      order: 'post',
      handler(_options, bundle) {
        const worker = bundle[FILE];
        if (worker?.type !== 'chunk' || !PLACEHOLDER.test(worker.code)) this.error(`${FILE} has no place for the build's file list`);
        const files = Object.keys(bundle)
          .filter((name) => name !== FILE)
          .sort();
        const hash = createHash('sha256');
        for (const name of files) {
          const file = bundle[name]!;
          hash.update(name).update(file.type === 'chunk' ? file.code : file.source);
        }
        const manifest = { version: hash.digest('hex').slice(0, 16), files };
        worker.code = worker.code.replace(PLACEHOLDER, JSON.stringify(JSON.stringify(manifest)));
      },
    },
  };
}
