// @ts-check
/**
 * The CLI and the pool's worker, each as one file (issue 21, start-up):
 * `dist/cli/bin.js` and `dist/pool/worker.js`, as tsc wrote them, are each
 * bundled with everything they import into themselves. Node then reads and
 * compiles one module instead of some forty, each found through the file
 * system: about a third of a one-board call's time over bare Node, and about
 * 30 ms of every worker's start.
 *
 * The bundled modules find their files (the wasm, package.json, the data, the
 * pool's worker) relative to their own `import.meta.url`. In a bundle that is
 * the bundle's, so each module's `new URL('file', import.meta.url)` is written
 * again with the file's path from the bundle (the shape Vite follows when it
 * bundles the worker into a page's build), and any other `import.meta.url`
 * becomes the module's own file's URL, relative to the bundle. The library
 * (dist/index.js) is not bundled: its users' bundlers do that. Not minified:
 * a stack trace stays readable, and minifying measured no faster.
 */
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

/** A path as written in a URL relative to a module: forward slashes, starting with a dot. */
function urlPath(/** @type {string} */ path) {
  const forward = path.split('\\').join('/');
  return forward.startsWith('.') ? forward : `./${forward}`;
}

/**
 * Rewrites each bundled module's `import.meta.url` for the bundle at `bundle`.
 * @param {string} bundle
 * @returns {import('rolldown').Plugin}
 */
function ownUrls(bundle) {
  const bundleDir = dirname(bundle);
  return {
    name: 'own-import-meta-url',
    transform(code, id) {
      if (!code.includes('import.meta.url') || id === bundle) return null;
      const moduleDir = dirname(id);
      const fromBundle = (/** @type {string} */ path) => JSON.stringify(urlPath(relative(bundleDir, resolve(moduleDir, path))));
      // A file named by a string: its path from the bundle (a placeholder until the step below is done).
      const held = '\0bundle-import-meta-url';
      const literal = code.replace(/new URL\((['"])([^'"]+)\1, import\.meta\.url\)/g, (_, _quote, path) => `new URL(${fromBundle(path)}, ${held})`);
      // Any other use names the module itself.
      const own = JSON.stringify(urlPath(relative(bundleDir, id)));
      const rest = literal.replaceAll('import.meta.url', `new URL(${own}, import.meta.url).href`);
      return { code: rest.replaceAll(held, 'import.meta.url'), map: null };
    },
  };
}

const bundle = (/** @type {string} */ file) => {
  const path = fileURLToPath(new URL(file, import.meta.url));
  return defineConfig({
    input: file,
    platform: 'node',
    plugins: [ownUrls(path)],
    output: { file, format: 'esm', codeSplitting: false },
    // Not warned: the share of a sub-second bundle that the plugin above (a few regular expressions a
    // module) took, which on a loaded machine rises past rolldown's threshold and says nothing of the code.
    checks: { bundlerTimings: false },
  });
};

const bundles = [bundle('dist/cli/bin.js'), bundle('dist/pool/worker.js')];
export default bundles;

/**
 * `node rolldown.config.js` (the build's step): the same bundles through
 * rolldown's API, which prints its warnings and nothing else. Its command
 * line also lists every file it writes ("<DIR>/bin.js chunk │ size: ...")
 * whatever --logLevel says.
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { build } = await import('rolldown');
  for (const options of bundles) await build({ ...options, logLevel: 'warn' });
}
