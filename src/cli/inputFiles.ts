/**
 * Files named after FAMILY (`puzzlesearch flip boards.txt more.txt`), read in
 * order instead of standard input, as `cat boards.txt more.txt | puzzlesearch
 * flip` would give them ('-' is standard input). Cases are numbered across
 * the files, as their answers line up; each case also knows the file and the
 * line it starts at, for its messages. A file's last line ends with the file,
 * newline or not, so that no line is made of two files.
 */
import { createReadStream } from 'node:fs';
import { inputLines, type InputLine } from './lines.js';

/** Node's words for a failed read: 'no such file or directory' from "ENOENT: no such file or directory, open 'x'". */
export function reasonOf(error: unknown): string {
  const message = (error as Error).message ?? String(error);
  return /^[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message.split('\n')[0]!;
}

/** A file that could not be read; its message names it. */
export class InputFileError extends Error {}

export class InputFiles {
  /** Each file's first line, counted across all of them (1-based), in reading order. */
  private readonly starts: { file: string; line: number }[] = [];

  constructor(
    private readonly files: readonly string[],
    private readonly standardInput: () => AsyncIterable<Uint8Array | string>,
  ) {}

  /** The lines of every file in turn, as inputLines gives them. */
  async *lines(limit: number): AsyncGenerator<InputLine[]> {
    let read = 0;
    for (const file of this.files) {
      this.starts.push({ file, line: read + 1 });
      const name = file === '-' ? 'standard input' : file;
      try {
        for await (const lines of inputLines(file === '-' ? this.standardInput() : createReadStream(file), limit)) {
          read += lines.length;
          yield lines;
        }
      } catch (error) {
        throw new InputFileError(`cannot read ${name}: ${(error as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a directory' : reasonOf(error)}`);
      }
    }
  }

  /** Where the input line `line` (counted across the files) is: 'boards.txt, line 5'. */
  source(line: number): string {
    let at = this.starts.length - 1;
    while (at > 0 && this.starts[at]!.line > line) at--;
    const { file, line: first } = this.starts[at]!;
    return `${file === '-' ? 'standard input' : file}, line ${line - first + 1}`;
  }
}
