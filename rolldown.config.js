// @ts-check
/**
 * The CLI as one file (issue 21, start-up): `dist/cli/bin.js`, as tsc wrote
 * it, is bundled with everything it imports into itself. Node then reads and
 * compiles one module instead of some forty, each found through the file
 * system: about a third of a one-board call's time over bare Node.
 *
 * The bundled modules find their files (the wasm, package.json, the pool's
 * worker) relative to their own `import.meta.url`. In the bundle that is
 * bin.js's, so each module's `import.meta.url` becomes its own file's URL
 * again, written relative to bin.js. The worker stays a module of its own
 * (dist/pool/worker.js), loaded as before. The library (dist/index.js) is
 * not bundled: its users' bundlers do that. Not minified: a stack trace from
 * the CLI stays readable, and minifying measured no faster.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

const cliDir = fileURLToPath(new URL('./dist/cli/', import.meta.url));

/** @type {import('rolldown').Plugin} */
const ownUrls = {
  name: 'own-import-meta-url',
  transform(code, id) {
    if (!code.includes('import.meta.url') || id === `${cliDir}bin.js`) return null;
    const path = relative(cliDir, id).split('\\').join('/');
    const from = path.startsWith('.') ? path : `./${path}`;
    return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`), map: null };
  },
};

export default defineConfig({
  input: 'dist/cli/bin.js',
  platform: 'node',
  plugins: [ownUrls],
  output: { file: 'dist/cli/bin.js', format: 'esm', codeSplitting: false },
});
