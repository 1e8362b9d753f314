/**
 * Standard input as chunks of bytes, read straight from file descriptor 0
 * with `fs.read`: no stream is set up (Node's `process.stdin` loads and runs
 * its stream and socket code, a few milliseconds of a one-board call), and a
 * board redirected from a file arrives in a few large reads. A terminal, and
 * a descriptor that was left non-blocking (a read answers EAGAIN), are read
 * through `process.stdin` as before, from where the direct reads stopped.
 */
import { read } from 'node:fs';
import { isatty } from 'node:tty';

/** Bytes asked for by one read: a pipe gives at most what it holds (64 KiB on Linux), a file this much. */
const CHUNK_BYTES = 256 * 1024;

function readChunk(buffer: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => read(0, buffer, 0, buffer.length, null, (error, bytes) => (error ? reject(error) : resolve(bytes))));
}

export async function* standardInput(): AsyncGenerator<Uint8Array> {
  if (!isatty(0)) {
    for (;;) {
      const buffer = new Uint8Array(CHUNK_BYTES);
      let bytes: number;
      try {
        bytes = await readChunk(buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
        throw error;
      }
      if (bytes === 0) return;
      yield buffer.subarray(0, bytes);
    }
  }
  yield* process.stdin as AsyncIterable<Uint8Array>;
}
