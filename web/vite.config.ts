/**
 * The web page: `npm run web` serves it, `npm run build:web` writes web/dist,
 * a static folder that works from any path (relative base) and, once loaded,
 * offline (its service worker keeps the build's files).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorker } from './serviceWorkerPlugin.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * Cross-origin isolation gives the page SharedArrayBuffer, over which the
 * solver pool stops a running search without ending its worker. A static
 * server without these headers still works: the pool then restarts the worker.
 */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root,
  base: './',
  // sw.js: keeps the built page working offline (see serviceWorkerPlugin.ts).
  plugins: [serviceWorker()],
  // The page imports ../src (the package) and ../data (Korf's instances).
  server: { fs: { allow: [repo] }, host: '127.0.0.1', headers: isolation },
  preview: { host: '127.0.0.1', headers: isolation },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Never inline: the .wasm must stay a file so that the browser compiles it while streaming.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
