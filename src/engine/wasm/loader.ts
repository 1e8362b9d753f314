/**
 * The one place that turns `puzzlesearch.wasm` into a running instance. The
 * module is compiled once per realm (page, worker or Node process) and cached;
 * each engine gets an instance of its own so that solvers never share scratch
 * memory. In Node the bytes are read from the file beside the package; in a
 * browser they are fetched and compiled while streaming.
 */
import type { HostUrl } from '../hostTypes.js';
import { instantiate, instantiateSync } from '@assemblyscript/loader';
import { isNode, readNodeFile, sourceUrl } from '../../platform.js';

/** Where the module comes from: a URL (or string path/URL), its bytes, or an already compiled module. */
export type WasmSource = HostUrl | string | ArrayBuffer | ArrayBufferView | CompiledWasm;

/**
 * A compiled module (at run time a WebAssembly.Module), and a module's memory
 * as the adapters use it (a WebAssembly.Memory), typed here without the DOM
 * lib's WebAssembly namespace, so that a Node-only project (no DOM lib,
 * skipLibCheck off) can read the package's types.
 */
export type CompiledWasm = object;
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(delta: number): number;
}

/** The build output sits in `build/`, a sibling of both `src/` and `dist/`. */
export const defaultWasmUrl: HostUrl = new URL('../../../build/puzzlesearch.wasm', import.meta.url);

const compiled = new Map<string, Promise<WebAssembly.Module>>();

async function compileFromUrl(url: URL): Promise<WebAssembly.Module> {
  if (url.protocol === 'file:' && isNode()) return WebAssembly.compile(await readNodeFile(url));
  const response = fetch(url);
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (error) {
      // Servers that send the wrong MIME type make streaming fail; fall back to bytes.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  const res = await response;
  if (!res.ok) throw new Error(`puzzlesearch: cannot fetch ${url.href}: HTTP ${res.status}`);
  return WebAssembly.compile(await res.arrayBuffer());
}

/** Compiles (once per source URL) and caches the module. */
export function compilePuzzleWasm(source: WasmSource = defaultWasmUrl): Promise<CompiledWasm> {
  if (source instanceof WebAssembly.Module) return Promise.resolve(source);
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source as BufferSource);
  }
  if (typeof source !== 'string' && !(source instanceof URL)) {
    throw new TypeError('wasm: expected a URL, a path, the bytes or a compiled WebAssembly.Module');
  }
  const url = sourceUrl(source);
  let pending = compiled.get(url.href);
  if (!pending) {
    pending = compileFromUrl(url);
    compiled.set(url.href, pending);
    pending.catch(() => compiled.delete(url.href));
  }
  return pending;
}

/**
 * The functions an instance calls back into the host, besides abort. Each
 * instance reads them from the object it was given at every call, so its owner
 * (one core) can point them at the call in progress.
 */
export interface WasmHooks {
  /** IDA* asks every 2^14 nodes inside an iteration (see assembly/idaStar.ts); nonzero stops the search. */
  searchPoll(bound: number, nodes: number): number;
}

const runsOnNode = isNode();

/** A fresh instance of the cached module; `T` names the exports its caller uses. */
export async function instantiatePuzzleWasm<T>(source?: WasmSource, hooks?: WasmHooks): Promise<T & { memory: WasmMemory }> {
  const module = await compilePuzzleWasm(source);
  // The module calls abort on a failed assertion (debug build) and, in every
  // build, when the runtime cannot allocate; its arguments are pointers to
  // strings in the instance's memory, decoded here so the error says what and where.
  let decode: ((pointer: number) => string) | undefined;
  const text = (pointer: number) => {
    try {
      return pointer !== 0 && decode ? decode(pointer) : '?';
    } catch {
      return `@${pointer}`;
    }
  };
  const abort = (message: number, file: number, line: number, column: number): never => {
    throw new Error(`puzzlesearch.wasm aborted: ${text(message)} at ${text(file)}:${line}:${column}`);
  };
  const searchPoll = (bound: number, nodes: number): number => (hooks ? hooks.searchPoll(bound, nodes) : 0);
  const env = { abort, searchPoll };
  // Node: the compiled module is instantiated synchronously, about 1 ms where
  // the loader's async path costs some 20 ms per thread (it probes for fetch's
  // Response). Browsers keep the async path: they may refuse synchronous
  // instantiation of a large module on the main thread.
  const { exports } = runsOnNode ? instantiateSync<Record<string, unknown>>(module, { env }) : await instantiate<Record<string, unknown>>(module, { env });
  decode = (exports as unknown as { __getString(pointer: number): string }).__getString;
  return exports as unknown as T & { memory: WasmMemory };
}
