/**
 * The wasm module's ABI, read from the module itself: `assembly/abi.ts` defines
 * every offset, kind and status code once, one enum per family, and the module
 * exports each as an immutable global `Family.NAME` (the loader nests them as
 * `exports.Family.NAME`). Each adapter reads the values it uses once, at load
 * time, into local constants, so no value is written twice and a name that the
 * module lacks fails at load, not in a search.
 */

/** The ABI families, as `assembly/abi.ts` names its enums. */
export type AbiFamily = 'Scratch' | 'Flip' | 'FourLine' | 'Sliding' | 'IdaStar';

/** What the loader makes of the exported globals: `exports[family][name].value`. */
export type AbiExports = { [family in AbiFamily]?: Record<string, { value: unknown }> };

/**
 * One family's constants as plain numbers, for destructuring once per adapter:
 * `const { FOUND, STOPPED } = abiOf(exports, 'IdaStar')`. Reading a name that
 * the module does not export throws, so a stale module fails at load time.
 */
export function abiOf(exports: AbiExports, family: AbiFamily): Readonly<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const [name, global] of Object.entries(exports[family] ?? {})) values[name] = Number(global.value);
  return new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string' && !Object.hasOwn(target, name)) {
        throw new Error(`the wasm module exports no ABI constant ${family}.${name} (is build/puzzlesearch.wasm older than src/?)`);
      }
      return Reflect.get(target, name);
    },
  });
}
