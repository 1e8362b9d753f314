/**
 * `puzzlesearch FAMILY [options] [FILE...] < input`: reads the judges' formats
 * from standard input (or the files named, inputFiles.ts) as a stream and prints what the judges expect, each answer as
 * soon as its case is done. The arguments are checked before any input is read.
 *
 * The parts: options.ts (the command line), slidingTables.ts (the tables a
 * case needs), answers.ts (answers in input order), chunkCases.ts and
 * slidingCases.ts (how cases are spread over this thread and the workers of
 * workers.ts), output.ts (the process's streams). This file reads the input
 * and hands each case on.
 */
import { readFileSync } from 'node:fs';
import { createSolver } from '../api/solver.js';
import type { SlidingOptions } from '../api/types.js';
import { Answers, solveOne } from './answers.js';
import { blockFramer, gridFramer, tokenFramer, type CaseFramer, type InputCase, type TokenShape } from './cases.js';
import { ChunkCases } from './chunkCases.js';
import { format, type JudgeOptions } from '../judge/judge.js';
import { inputLines } from './lines.js';
import { familyOptions, MissingFileError, parseOptions, UsageError, type HelpAsked, type Options } from './options.js';
import { InputFileError, InputFiles } from './inputFiles.js';
import { errorSink, Output, readError, type CliIO } from './output.js';
import { SlidingCases } from './slidingCases.js';
import { cachedPartitions, slidingTables, type PrepareTables, type TryLinearConflict } from './slidingTables.js';
import { familyUsage, hintUsage, LINE_LIMIT, usage, type Family } from './usage.js';
import { CliWorkers } from './workers.js';
import { trace } from '../trace.js';

export type { CliIO };

function framerFor(family: Family, size: TokenShape | undefined, emit: (item: InputCase) => void): CaseFramer {
  if (family === 'eight') return tokenFramer(emit, [9]);
  if (family === 'sliding') return tokenFramer(emit, size === undefined ? [9, 16, 25] : [size]);
  if (family === 'lightsout') return blockFramer(emit);
  return gridFramer(emit);
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  if (argv[0] === 'tables') {
    // Loaded only for this command: the solving commands start without the cache's file code.
    const { runTablesCommand } = await import('./tablesCommand.js');
    return runTablesCommand(argv.slice(1), { write: (text) => io.write(text) }, errorSink(io));
  }
  if (argv[0] === 'census') {
    const { runCensusCommand } = await import('./censusCommand.js');
    return runCensusCommand(argv.slice(1), { write: (text) => io.write(text) }, errorSink(io));
  }
  let options: Options | 'help' | HelpAsked | 'version';
  const warnings: string[] = [];
  try {
    options = parseOptions(argv, (line) => warnings.push(line));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(`puzzlesearch: ${error.message}${error instanceof MissingFileError ? '' : '; see puzzlesearch --help'}`);
    return 1;
  }
  if (options === 'help' || (typeof options === 'object' && 'help' in options)) {
    const text = options === 'help' ? usage : options.hint ? hintUsage(options.help) : familyUsage(options.help!);
    await io.write(`${text.trimEnd()}\n`);
    return 0;
  }
  if (options === 'version') {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    await io.write(`${pkg.version}\n`);
    return 0;
  }
  warnings.forEach((line) => io.error(line));
  trace('options parsed');
  return solveCases(options, io);
}

/**
 * `source`'s steps, the first asked for at once: standard input's first read
 * (and its split into lines) goes on while the solver's module compiles, a
 * few milliseconds of a one-board call. A failure to start or to read is
 * thrown where the steps are awaited, as if nothing had been read ahead.
 */
function readAhead<T>(source: () => AsyncIterable<T>): AsyncIterable<T> {
  let iterator: AsyncIterator<T> | undefined;
  let first: Promise<IteratorResult<T>>;
  try {
    iterator = source()[Symbol.asyncIterator]();
    first = iterator.next();
  } catch (error) {
    first = Promise.reject(error);
  }
  // Handled where it is awaited; until then a failed read is not an unhandled rejection.
  first.catch(() => {});
  return {
    async *[Symbol.asyncIterator]() {
      for (let step = await first; !step.done; step = await iterator!.next()) yield step.value;
    },
  };
}

/** Reads the cases of standard input and answers them; the exit code. */
async function solveCases(options: Options, io: CliIO): Promise<number> {
  // The library's warnings name it already; others get the prefix once.
  const warnTables = (message: string) => io.error(message.startsWith('puzzlesearch: ') ? message : `puzzlesearch: ${message}`);
  // --jobs N is N threads solving: for chunks of cases, this one and N - 1
  // workers (chunkCases.ts); for sliding boards, N workers (slidingCases.ts).
  const slidingPool = options.family === 'sliding' && options.jobs > 1;
  const workers = new CliWorkers(slidingPool ? options.jobs : options.jobs - 1, options, io);
  // With a --size of more than 9 cells every good case is the pool's
  // (slidingCases.ts): it starts now, its workers booting while this thread
  // makes its own solver and reads the first case, not after.
  if (slidingPool && options.size && options.size.width * options.size.height > 9) void workers.start();
  // Files named after FAMILY are read in order instead of standard input, as cat would give them.
  const files = options.files.length > 0 ? new InputFiles(options.files, () => io.input()) : null;
  const input = readAhead(() => (files ? files.lines(LINE_LIMIT) : inputLines(io.input(), LINE_LIMIT)));
  const solver = await createSolver({ engine: options.engine, tables: { partition: options.partition, warn: warnTables } });
  trace('solver ready');
  // With workers, they ready the tables (one loads or builds, the others get its copy); else this thread.
  const prepareTables: PrepareTables = async (size, goal, onProgress, partition) => {
    if (!slidingPool || !(await workers.prepareTables(size, goal, onProgress, partition))) await solver.prepareTables(size, { goal, onProgress, partition });
  };

  const tryLinearConflict: TryLinearConflict = async (text, maxNodes) => {
    const sliding = { ...(familyOptions(options) as SlidingOptions), heuristic: 'linear-conflict' as const, maxNodes };
    const pool = slidingPool ? await workers.start() : null;
    if (pool) return pool.sliding(text, { ...sliding, parallel: false });
    return solver.sliding(text, sliding);
  };
  // The strongest tables the cache holds are taken (slidingTables.ts); the cache is the solver's default one.
  const tablesFor = slidingTables(solver, options, errorSink(io), prepareTables, tryLinearConflict, cachedPartitions);
  const judge: JudgeOptions = {
    family: options.family,
    solve: familyOptions(options),
    moves: options.moves,
    stats: options.stats,
    json: options.json,
    hint: options.hint,
  };
  const output = new Output(io);
  const answers = new Answers(io, output, judge, solver.engine);
  // Searches that may run long: what is answered before one goes out first.
  // Not the 8-puzzle's, which take microseconds (and a write each would cost more).
  const searches = options.family === 'sliding';
  // Batches: with --jobs > 1 (but sliding's, case by case on the pool), and
  // in this thread for all but sliding and lightsout (eight's too: a write a
  // case cost more than its search).
  const batched = !options.hint && ((options.jobs > 1 && !slidingPool) || !(searches || options.family === 'lightsout'));
  const ready: InputCase[] = [];
  const chunks = new ChunkCases(solver, options, answers, workers, ready);
  const slidings = new SlidingCases(solver, options, answers, workers, tablesFor);
  const framer = framerFor(options.family, options.size, (item) => {
    if (files) item.source = files.source(item.line);
    ready.push(item);
  });
  const drain = async () => {
    if (batched) return chunks.dispatch(false);
    if (slidingPool) {
      for (let at = 0; at < ready.length; at++) await slidings.solve(ready[at]!, ready.length - at - 1);
      ready.length = 0;
      return;
    }
    for (const item of ready) {
      // A search may run for long: what is already answered goes out first.
      if (searches) await output.flush(true);
      const needs = options.family === 'sliding' && !item.error ? await tablesFor(item.text) : undefined;
      if (needs && 'settled' in needs) answers.report(item, () => format(judge, item, needs.settled));
      else answers.report(item, () => format(judge, item, solveOne(solver, options, item, answers.line), solver));
      await output.flush(searches);
    }
    ready.length = 0;
  };
  try {
    try {
      for await (const lines of input) {
        for (const line of lines) {
          if (typeof line === 'string') framer.line(line);
          else framer.overlong(line.overlong, LINE_LIMIT);
          // Batched, a chunk is worth a call only once full (the rest goes after each read).
          // On the sliding pool, a read's cases go together, so each knows how many follow it.
          if (!slidingPool && ready.length >= (batched ? chunks.chunk : 1)) await drain();
        }
        if (slidingPool) await drain();
        // Every case read goes to be solved; the pool's answers print as they land.
        if (batched) await chunks.dispatch(true);
        // About to wait for input: whoever is typing or piping sees every answer so far.
        await output.flush(true);
      }
    } catch (error) {
      await chunks.dispatch(true, true);
      await answers.landed();
      await output.flush(true);
      io.error(`puzzlesearch: ${error instanceof InputFileError ? error.message : readError(error)}`);
      return 1;
    }
    framer.end();
    trace('input read');
    if (batched) await chunks.dispatch(true, true);
    else await drain();
    await answers.landed();
    await output.flush(true);
    trace('answers written');
  } finally {
    await workers.end();
    trace('workers ended');
  }
  if (answers.cases === 0 && ((io.interactive && !files) || options.stats)) io.error('puzzlesearch: no cases read');
  return answers.exitCode();
}
