/** Both engines, loaded once per test file, so that every test runs on each. */
import { ENGINES, type Core, type EngineName } from '../../src/engine/contract.js';
import { createWasmCore } from '../../src/engine/wasm/index.js';
import { createTwinCore } from '../../src/engine/twin/index.js';

export const engineNames = ENGINES;
export type { EngineName };

const cores = new Map<EngineName, Promise<Core>>();

export function loadCore(name: EngineName): Promise<Core> {
  let core = cores.get(name);
  if (!core) {
    core = name === 'wasm' ? createWasmCore() : Promise.resolve(createTwinCore());
    cores.set(name, core);
  }
  return core;
}
