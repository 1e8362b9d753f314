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
/**
 * The same source built for a shared memory (asconfig.json's `shared` target):
 * it imports its memory (`env.memory`, shared, at most 65,536 pages) and does
 * not run its start function on instantiation. Each URL is a literal
 * `new URL('…', import.meta.url)`, so that bundlers copy both files.
 */
export const sharedWasmUrl: HostUrl = new URL('../../../build/puzzlesearch-shared.wasm', import.meta.url);

/** Pages of 64 KiB in a wasm32 memory at most; the shared build declares this maximum. */
export const WASM_MAX_PAGES = 65536;

/**
 * A shared memory for the shared build, `maximumPages` at most (the module
 * allows up to WASM_MAX_PAGES; a host may choose fewer, see docs/threads.md).
 * A shared memory reserves its maximum as address space when it is made.
 */
export function createSharedMemory(maximumPages: number = WASM_MAX_PAGES): WasmMemory {
  return new WebAssembly.Memory({ initial: 4, maximum: maximumPages, shared: true });
}

/** How an instance of the shared build joins its memory (see assembly/instance.ts). */
export interface SharedInstance {
  /** A WebAssembly.Memory made by createSharedMemory. */
  memory: WasmMemory;
  /**
   * The one instance per memory that runs the start function and alone
   * allocates; every other instance takes its own block for its state and
   * searches (and builds tables) only.
   */
  owner: boolean;
  /** Where the shared build comes from: sharedWasmUrl unless given. */
  source?: WasmSource;
}

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

/**
 * A fresh instance of the cached module; `T` names the exports its caller
 * uses. With `shared`, an instance of the shared build (`shared.source`, not
 * `source`) on that memory: the
 * owner runs the start function, any other takes its own block (an error
 * names the bytes when memory cannot grow).
 */
export async function instantiatePuzzleWasm<T>(source?: WasmSource, hooks?: WasmHooks, shared?: SharedInstance): Promise<T & { memory: WasmMemory }> {
  const module = await compilePuzzleWasm(shared ? (shared.source ?? sharedWasmUrl) : source);
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
  const env = shared ? { abort, searchPoll, memory: shared.memory } : { abort, searchPoll };
  // Node: the compiled module is instantiated synchronously, about 1 ms where
  // the loader's async path costs some 20 ms per thread (it probes for fetch's
  // Response). Browsers keep the async path: they may refuse synchronous
  // instantiation of a large module on the main thread.
  const { exports } = runsOnNode ? instantiateSync<Record<string, unknown>>(module, { env }) : await instantiate<Record<string, unknown>>(module, { env });
  decode = (exports as unknown as { __getString(pointer: number): string }).__getString;
  if (shared) joinSharedMemory(exports as unknown as SharedExports, shared);
  // The shared build exports no memory: its instances use the one they were given.
  return (shared ? { ...exports, memory: shared.memory } : exports) as unknown as T & { memory: WasmMemory };
}

interface SharedExports {
  _start?(): void;
  instanceAttach(): number;
  instanceBytes(): number;
}

function joinSharedMemory(exports: SharedExports, shared: SharedInstance): void {
  if (typeof exports._start !== 'function') throw new TypeError('wasm: a shared memory needs the shared build (puzzlesearch-shared.wasm)');
  if (shared.owner) {
    exports._start();
    return;
  }
  if (exports.instanceAttach() < 0) {
    const bytes = exports.instanceBytes();
    throw new RangeError(`puzzlesearch.wasm: a worker's own ${bytes} bytes do not fit in the shared memory (${shared.memory.buffer.byteLength} bytes in use)`);
  }
}
