/** Both engines, loaded once per test file, so that every test runs on each. */
import type { Core } from '../src/core.js';
import { createWasmCore } from '../src/wasm/index.js';
import { createTwinCore } from '../src/twin/index.js';

export const engineNames = ['wasm', 'ts'] as const;
export type EngineName = (typeof engineNames)[number];

const cores = new Map<EngineName, Promise<Core>>();

export function loadCore(name: EngineName): Promise<Core> {
  let core = cores.get(name);
  if (!core) {
    core = name === 'wasm' ? createWasmCore() : Promise.resolve(createTwinCore());
    cores.set(name, core);
  }
  return core;
}
