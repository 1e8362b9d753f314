#!/usr/bin/env node
/** The `puzzlesearch` executable: standard input in, answers out. */
import { readFileSync } from 'node:fs';
import { main } from './cli.js';

const out: string[] = [];
const input = readFileSync(0, 'utf8');
const status = await main(
  process.argv.slice(2),
  input,
  (line) => out.push(line),
  (line) => process.stderr.write(`${line}\n`),
);
if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
process.exitCode = status;
