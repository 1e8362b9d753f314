#!/usr/bin/env node
/**
 * The `puzzlesearch` executable: standard input in as a stream, answers out as
 * they come. A closed standard output (`puzzlesearch ... | head -1`) ends the
 * process quietly with status 0, as Unix tools do; any other failure to write
 * it (a full disk) is one line on standard error and status 1. A failing
 * standard error never stops the answers on standard output.
 */
import { fstatSync } from 'node:fs';
import { isatty } from 'node:tty';
import { main } from './main.js';
import { standardInput } from './standardInput.js';
import { trace } from '../trace.js';

trace('process start', performance.timeOrigin);
trace('cli modules loaded');
process.on('exit', () => trace('exit'));

/** Node's words for a failed write: 'no space left on device' from "ENOSPC: no space left on device, write". */
function reason(error: NodeJS.ErrnoException): string {
  return /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
}

let stdoutFailed = false;
function onStdoutError(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(0);
  if (stdoutFailed) return;
  stdoutFailed = true;
  writeError(`puzzlesearch: cannot write standard output: ${reason(error)}\n`);
  process.exit(1);
}
process.stdout.on('error', onStdoutError);
// Standard error failing (2>/dev/full) costs its lines, never the answers.
process.stderr.on('error', () => {});

function writeError(text: string): void {
  try {
    process.stderr.write(text);
  } catch {
    // As above: a file on standard error throws here instead of emitting.
  }
}

// One wait for room at a time, however many writes are held back by it.
let drained: Promise<void> | null = null;

process.exitCode = await main(process.argv.slice(2), {
  input: () => {
    // Node's stream ends quietly on a directory; say what is wrong instead.
    if (fstatSync(0).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return standardInput();
  },
  write: (text) => {
    try {
      // Pipes to a slow reader: wait for room instead of holding every answer in memory.
      if (!process.stdout.write(text)) {
        return (drained ??= new Promise((resolve) =>
          process.stdout.once('drain', () => {
            drained = null;
            resolve();
          }),
        ));
      }
    } catch (error) {
      // A file on standard output (> /dev/full) throws here instead of emitting.
      onStdoutError(error as NodeJS.ErrnoException);
    }
  },
  error: (line) => writeError(`${line}\n`),
  // Asked of the descriptors, not of process.stdin and process.stderr, whose streams cost time to set up.
  interactive: isatty(0),
  errorStream: {
    write: (text) => writeError(text),
    isTTY: isatty(2),
    // Read at each draw: the terminal may be resized during a build.
    get columns() {
      return process.stderr.columns;
    },
  },
});
