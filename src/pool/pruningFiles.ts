/**
 * The pool's `pruningFiles`: the move-pruning machines' files
 * (data/pruning-WxH.bin), fetched once by the pool and handed to every worker,
 * so that no worker builds a machine Node would have read from data/ (a
 * browser cannot: it builds the 5x5 machine in about a second, in every
 * worker, at the first search of that size).
 *
 * The files are fetched while the workers start, which needs none of them: a
 * worker is told at its start which files are coming (its init), and is sent
 * each as it comes (pruningArrivals.ts, inside, installs it; a search of its
 * size waits for it there, any other call runs at once).
 *
 * The files are named by the caller, never found by the library: a library
 * that named them itself would make every bundler of it take them for assets
 * (see movePruningFile.ts). A file is a cache of the build: one that cannot be
 * fetched, or does not hold its size's machine, is left out and the workers
 * build that machine as before, but not silently: the pool's `warn` hears it
 * once. A worker checks the bytes as it installs them (installMovePruning).
 */
import type { HostUrl } from '../engine/hostTypes.js';
import { PuzzleInputError, describeValue } from '../api/boards.js';
import { MAX_SIDE } from '../engine/contract.js';
import { MOVE_PRUNING_FILE_MAX_BYTES } from '../engine/movePruningFile.js';
import { isNode, readNodeFile, sourceUrl } from '../platform.js';
import type { PruningMessage } from './protocol.js';
import type { WorkerSlots } from './slots.js';

/** A machine's file: where to fetch it (a URL, or a string resolved against the page, or in Node the working directory) or its bytes. */
export type PruningFileSource = HostUrl | string | ArrayBuffer | ArrayBufferView;

/** The files by board size, e.g. `{ '5x5': new URL('./pruning-5x5.bin', import.meta.url) }`. */
export type PruningFiles = Readonly<Record<string, PruningFileSource>>;

const SIZE = /^(\d)x(\d)$/;

/** The option, checked: an object whose keys are board sizes ('5x5') and whose values are sources. */
export function checkPruningFiles(value: unknown): [size: string, source: PruningFileSource][] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PuzzleInputError(`pruningFiles must be an object of files by board size ({ '5x5': url }), not ${describeValue(value)}`);
  return Object.entries(value).map(([size, source]) => {
    const sides = SIZE.exec(size)?.slice(1).map(Number);
    if (!sides || sides.some((side) => side < 2 || side > MAX_SIDE))
      throw new PuzzleInputError(`pruningFiles: unknown board size ${describeValue(size)}, expected WIDTHxHEIGHT, each side 2 to ${MAX_SIDE}`);
    const fine = source instanceof URL || typeof source === 'string' || source instanceof ArrayBuffer || ArrayBuffer.isView(source);
    if (!fine) throw new PuzzleInputError(`pruningFiles['${size}'] must be a URL, a string or the file's bytes, not ${describeValue(source)}`);
    return [size, source as PruningFileSource];
  });
}

/**
 * How long a file may take to come, in ms. The searches of its size wait for
 * it, so a request that never ends must not hold them: past this the workers
 * make the machine themselves (about a second for 5x5), as for any file that
 * cannot be had. The files are under 0.5 MB.
 */
export const PRUNING_FETCH_MS = 20_000;

/** A source's bytes (a copy of the caller's, which stay theirs), or why they cannot be had (`signal`: the pool ended). */
async function bytesOf(source: PruningFileSource, signal: AbortSignal, timeoutMs: number): Promise<Uint8Array | string> {
  if (source instanceof ArrayBuffer) return new Uint8Array(source.slice(0));
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength));
  // Abandoned when the pool ends or the time is up, the body's reading too.
  const stop = new AbortController();
  const end = () => stop.abort();
  signal.addEventListener('abort', end, { once: true });
  const timer = setTimeout(end, timeoutMs);
  try {
    const url = sourceUrl(source);
    // Checked before it is read (a FIFO would block this thread for good, past any timer; /dev/zero never ends).
    if (url.protocol === 'file:' && isNode()) return await readNodeFile(url, MOVE_PRUNING_FILE_MAX_BYTES);
    const response = await fetch(url, { signal: stop.signal });
    if (!response.ok) return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return await boundedBody(response, MOVE_PRUNING_FILE_MAX_BYTES, stop);
  } catch (error) {
    return stop.signal.aborted && !signal.aborted ? `no answer within ${timeoutMs / 1000} s` : reasonOf(error);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', end);
  }
}

/**
 * A response's body, read up to `maxBytes` and no further: a server sending
 * an endless or huge body is cut off there (and the rest not fetched), as a
 * file that long is refused, instead of filling memory until the time is up.
 */
async function boundedBody(response: Response, maxBytes: number, stop: AbortController): Promise<Uint8Array | string> {
  const tooLong = (bytes: number) => `too long (${bytes} bytes or more, at most ${maxBytes} expected)`;
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    stop.abort();
    return tooLong(declared);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      stop.abort();
      await reader.cancel().catch(() => {});
      return tooLong(length);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** An error in words, with its cause's (Node's fetch says only 'fetch failed', its cause says why). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ((error.cause as { code?: string }).code ?? error.cause.message) : undefined;
  return cause ? `${error.message} (${cause})` : error.message;
}

/** Where a file comes from, for a warning: its address, or how many bytes were given. */
function sourceName(source: PruningFileSource): string {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return `${source.byteLength} bytes given`;
  try {
    return sourceUrl(source).href;
  } catch {
    return String(source);
  }
}

/** Why a worker refuses a file's bytes (installMovePruning found no machine in them), after 'holds no 5x5'. */
const REFUSED = "move-pruning machine of this version (a damaged file, or another version's)";

/**
 * The files handed to the workers: each fetched once, all at the same time as
 * the workers start, and posted to every worker as it comes (its bytes, or
 * null). A file that cannot be used is said once through `warn`: one that
 * cannot be fetched, here; one whose bytes hold no machine of its size, when
 * the first worker refuses it (each worker checks them as it installs them).
 */
export class PruningDelivery {
  private readonly warned = new Set<string>();

  constructor(
    private readonly files: readonly [size: string, source: PruningFileSource][],
    private readonly warn: (message: string) => void,
    private readonly timeoutMs = PRUNING_FETCH_MS,
  ) {}

  /** The sizes whose searches wait for their file. */
  get sizes(): string[] {
    return this.files.map(([size]) => size);
  }

  /**
   * Fetches every file and posts each to every worker of `workers` as it
   * comes, and to every worker started later (restarted); hears the workers'
   * refusals. The pool's end drops what has not come.
   */
  deliverTo(workers: WorkerSlots): void {
    const { signal } = workers.ended;
    const sent: PruningMessage[] = [];
    workers.onStart = (slot) => {
      for (const message of sent) slot.port!.post(message);
    };
    workers.onPruningRefused = (width, height) => this.cannotUse(`${width}x${height}`, `holds no ${width}x${height} ${REFUSED}`);
    for (const [size, source] of this.files) {
      const [width, height] = size.split('x').map(Number) as [number, number];
      void bytesOf(source, signal, this.timeoutMs).then((bytes) => {
        if (signal.aborted) return;
        if (typeof bytes === 'string') this.cannotUse(size, bytes);
        const message: PruningMessage = { type: 'pruning', width, height, bytes: typeof bytes === 'string' ? null : bytes };
        sent.push(message);
        for (const slot of workers.slots) slot.port?.post(message);
      });
    }
  }

  private cannotUse(size: string, reason: string): void {
    if (this.warned.has(size)) return;
    this.warned.add(size);
    const source = this.files.find(([named]) => named === size)?.[1];
    const instead = isNode() ? 'the workers read that machine from data/ (or build it) instead' : 'the workers build that machine instead';
    this.warn(`puzzlesearch: pruningFiles['${size}'] (${source === undefined ? 'not given' : sourceName(source)}): ${reason}; ${instead}`);
  }
}
