#!/usr/bin/env node
/**
 * The `puzzlesearch` executable: standard input in as a stream, answers out as
 * they come. A closed standard output (`puzzlesearch ... | head -1`) ends the
 * process quietly with status 0, as Unix tools do.
 */
import { fstatSync } from 'node:fs';
import { main } from './main.js';

function quietOnClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
}
process.stdout.on('error', quietOnClosedPipe);
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await main(process.argv.slice(2), {
  input: () => {
    // Node's stream ends quietly on a directory; say what is wrong instead.
    if (fstatSync(0).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return process.stdin;
  },
  write: (text) => {
    // Pipes to a slow reader: wait for room instead of holding every answer in memory.
    if (!process.stdout.write(text)) return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
  },
  error: (line) => process.stderr.write(`${line}\n`),
  interactive: process.stdin.isTTY === true,
  errorStream: { write: (text) => process.stderr.write(text), isTTY: process.stderr.isTTY === true },
});
