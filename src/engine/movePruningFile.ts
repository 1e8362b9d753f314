/**
 * The move-pruning machines shipped in `data/` (issue 21: the CLI's fixed
 * costs): a file a board size whose machine takes long to build. The 4x4
 * machine takes 0.2 to 0.4 s to build cold and the 5x5 about 1 s, in every
 * process and every pool worker; Korf's 100 take about a second of search in
 * all, so with `--jobs 2` each worker's build cost a sixth of the run. Read,
 * it takes well under a millisecond.
 *
 * A file is a cache of the build, never a different machine: movePruning.ts
 * builds the same bytes (tests/engine/movePruning.test.ts holds every shipped
 * file to a fresh build, and `node data/make-pruning.js` writes them). A file
 * that is missing, of another depth or damaged is ignored, and the machine is
 * built as before. Read only in Node, synchronously (the machine is asked for
 * inside a search); a browser builds it, unless it is handed the files: a
 * pool's `pruningFiles` (src/pool/pruningFiles.ts) fetches them and each
 * worker installs them (installMovePruning in movePruning.ts).
 *
 * Whatever sits at a file's path is checked before it is read (a regular
 * file, at most MOVE_PRUNING_FILE_MAX_BYTES): a FIFO or a link to /dev/zero
 * in data/ (a damaged install) is passed over as a missing file is, never a
 * hang nor memory without end.
 *
 * The format, little-endian: seven 32-bit words (MAGIC, VERSION, width,
 * height, depth, states, the CRC-32 of what follows), then `next` (states x 4
 * signed 32-bit words), then `allowed` (states x cells bytes), as in
 * MovePruning. The checksum is what keeps a damaged file from being used:
 * the range checks alone would take a machine that prunes a move it must
 * not, and the answers would silently stop being the shortest.
 */
import { crc32 } from '../crc32.js';
import { readRegularFile, type NodeFsSync } from '../platform.js';
import type { MovePruning } from './contract.js';

const MAGIC = 0x4d465350; // "PSFM"
const VERSION = 2;
const HEADER_WORDS = 7;

/** The board sizes whose machine ships in data/ (the sizes with pattern databases, whose machines are the largest). */
export const SHIPPED_SIZES: readonly string[] = ['4x4', '5x5'];

/**
 * The most bytes a machine's file may have: a file past it is refused before
 * a byte is read. Every size's machine (2x2 to 5x5, at its depth) is under
 * half of it: the largest, 5x5's, is 482,311 bytes, then 4x4's 280,604
 * (tests/engine/movePruning.test.ts builds them all against it).
 */
export const MOVE_PRUNING_FILE_MAX_BYTES = 2 ** 20;

/** The file name of a size's machine in data/. */
export function movePruningFileName(width: number, height: number): string {
  return `pruning-${width}x${height}.bin`;
}

/** A machine as the bytes of its file. */
export function encodeMovePruning(machine: MovePruning, depth: number): Uint8Array {
  const cells = machine.width * machine.height;
  const bytes = new Uint8Array(HEADER_WORDS * 4 + machine.states * 16 + machine.states * cells);
  const view = new DataView(bytes.buffer);
  let at = HEADER_WORDS * 4;
  for (const state of machine.next) {
    view.setInt32(at, state, true);
    at += 4;
  }
  bytes.set(machine.allowed, at);
  const checksum = crc32(bytes.subarray(HEADER_WORDS * 4));
  [MAGIC, VERSION, machine.width, machine.height, depth, machine.states, checksum].forEach((word, i) => view.setUint32(i * 4, word, true));
  return bytes;
}

/**
 * The machine in `bytes` when they hold the width x height machine of
 * `depth`, whole, unchanged (its checksum) and in range (every transition a
 * state, every allowed move on the board: `legal[blank]`); else null.
 */
export function decodeMovePruning(bytes: Uint8Array, width: number, height: number, depth: number, legal: Uint8Array): MovePruning | null {
  const cells = width * height;
  if (bytes.length < HEADER_WORDS * 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const word = (i: number) => view.getUint32(i * 4, true);
  const states = word(5);
  if (word(0) !== MAGIC || word(1) !== VERSION || word(2) !== width || word(3) !== height || word(4) !== depth) return null;
  if (states < 1 || bytes.length !== HEADER_WORDS * 4 + states * 16 + states * cells) return null;
  if (crc32(bytes.subarray(HEADER_WORDS * 4)) !== word(6)) return null;
  const next = new Int32Array(states * 4);
  let at = HEADER_WORDS * 4;
  for (let i = 0; i < next.length; i++, at += 4) {
    const state = view.getInt32(at, true);
    if (state < 0 || state >= states) return null;
    next[i] = state;
  }
  const allowed = bytes.slice(at);
  for (let i = 0; i < allowed.length; i++) if (allowed[i]! & ~legal[i % cells]!) return null;
  return { name: 'fsm', width, height, states, next, allowed };
}

/** Node's fs, without importing it (the engine runs in browsers too); undefined elsewhere or before Node 20.16. */
function nodeFs(): NodeFsSync | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.('node:fs') as NodeFsSync | undefined;
}

// Built from a variable so that a bundler does not take the files for assets of the browser build.
const here = import.meta.url;

/**
 * The shipped file of a size (Node only), or null when there is none or it
 * cannot be read: missing, not a regular file (a FIFO, a link to /dev/zero),
 * or longer than any machine's file. The machine is then built, silently, as
 * for a truncated file.
 */
export function readShippedMovePruning(width: number, height: number): Uint8Array | null {
  const size = `${width}x${height}`;
  const fs = SHIPPED_SIZES.includes(size) ? nodeFs() : undefined;
  if (!fs) return null;
  try {
    return readRegularFile(fs, new URL(`../../data/${movePruningFileName(width, height)}`, here), MOVE_PRUNING_FILE_MAX_BYTES);
  } catch {
    return null;
  }
}
