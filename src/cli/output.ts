/**
 * The CLI's side of the process: what it reads and writes through (CliIO),
 * standard output batched (Output), standard error for progress drawn in
 * place (errorSink), and the one line for a standard input that cannot be read.
 */
import type { ProgressSink } from './progress.js';

/** What the caller's process provides: standard input (read only once the arguments are good) and output. */
export interface CliIO {
  input(): AsyncIterable<Uint8Array | string>;
  /** Writes to standard output; a returned promise holds the next write back until the output has room. */
  write(text: string): void | Promise<void>;
  /** One line to standard error. */
  error(line: string): void;
  /** Standard input is a terminal: a person is typing, so an empty input is worth a word. */
  interactive?: boolean;
  /** Standard error as a stream, for progress drawn in place on a terminal; without it progress goes out as lines. */
  errorStream?: ProgressSink;
}

/**
 * Standard output, batched: the text of many cheap cases goes out in one
 * write, but never later than `FLUSH_MS` after it was produced, and always
 * before the CLI waits for more input or starts a search that may take long.
 */
export class Output {
  private pending: string[] = [];
  private size = 0;
  private since = 0;
  constructor(private readonly io: CliIO) {}

  line(text: string): void {
    this.lines(`${text}\n`);
  }

  /** Whole lines, each already ended by a newline ('' is no line). */
  lines(text: string): void {
    if (text.length === 0) return;
    if (this.pending.length === 0) this.since = performance.now();
    this.pending.push(text);
    this.size += text.length;
  }

  /** Writes what is held if it is due (`force`, too big, or too old). */
  async flush(force: boolean): Promise<void> {
    if (this.pending.length === 0) return;
    if (!force && this.size < FLUSH_BYTES && performance.now() - this.since < FLUSH_MS) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    await this.io.write(text);
  }
}

const FLUSH_MS = 100;
const FLUSH_BYTES = 64 * 1024;

/** Standard error for text that is not whole lines (a progress bar): the stream if there is one, else line by line. */
export function errorSink(io: CliIO): ProgressSink {
  if (io.errorStream) return io.errorStream;
  let held = '';
  return {
    write(text: string) {
      const lines = (held + text).split('\n');
      held = lines.pop() ?? '';
      lines.forEach((line) => io.error(line));
    },
  };
}

export function readError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return 'cannot read standard input: it is a directory';
  return `cannot read standard input: ${(error as Error).message.split('\n')[0]}`;
}
