/**
 * The answers of a run, in input order. A case answered in this thread is
 * reported at once; cases and chunks answered elsewhere (on workers) or later
 * wait on one chain, which prints each as soon as it and those before it are
 * answered. Every case is counted into the tally that makes the exit code.
 */
import type { LightsOutOptions } from '../api/lightsOut.js';
import type { SlidingOptions, SlidingProgress, Solver } from '../api/types.js';
import type { EngineName } from '../engine/contract.js';
import type { InputCase } from './cases.js';
import { manyFamily, reportCase, type AnyResult, type Formatted, type JudgeChunk, type JudgeOptions, type JudgeSink, type JudgeTally } from '../judge/judge.js';
import { familyOptions, type Options } from './options.js';
import { errorSink, type CliIO, type Output } from './output.js';
import { searchLine, type SearchLine } from './progress.js';
import { trace } from '../trace.js';

/**
 * Answers one case alone. Throws PuzzleInputError on bad input. `line`: the
 * live line of a long search on a terminal (sliding only: the other families
 * take milliseconds), cleared when the case is done.
 */
export function solveOne(solver: Solver, options: Options, item: InputCase, line?: SearchLine): AnyResult {
  trace(`call ${options.family}`);
  try {
    if (line === undefined || options.family !== 'sliding') return solveWith(solver, options, item);
    try {
      return solveWith(solver, options, item, (progress) => line.report(`case ${item.index}`, progress));
    } finally {
      line.clear();
    }
  } finally {
    trace(`answer ${options.family}`);
  }
}

function solveWith(solver: Solver, options: Options, item: InputCase, onProgress?: (progress: SlidingProgress) => void): AnyResult {
  const family = manyFamily[options.family];
  const more = familyOptions(options);
  switch (family) {
    case 'flip':
      return options.hint ? solver.flipHint(item.text) : solver.flip(item.text);
    case 'pilots':
      return options.hint ? solver.pilotsHint(item.text) : solver.pilots(item.text);
    case 'fourLine':
      return options.hint ? solver.fourLineHint(item.text) : solver.fourLine(item.text);
    case 'lightsOut':
      return options.hint ? solver.lightsOutHint(item.text, more as LightsOutOptions) : solver.lightsOut(item.text, more as LightsOutOptions);
    case 'sliding': {
      // onProgress only when a line is shown: without it the library polls nothing.
      const sliding = onProgress ? { ...(more as SlidingOptions), onProgress } : (more as SlidingOptions);
      return options.hint ? solver.hint(item.text, sliding) : solver.sliding(item.text, sliding);
    }
  }
}

export class Answers {
  /** Cases reported so far. */
  cases = 0;
  readonly tally: JudgeTally = { failed: 0, stopped: 0, broken: 0 };
  /** Answers on the chain, not yet reported. */
  waiting = 0;
  private chain: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private readonly sink: JudgeSink;
  /** The live line of a long search, on a terminal only. */
  readonly line: SearchLine | undefined;

  constructor(
    private readonly io: CliIO,
    readonly output: Output,
    readonly judge: JudgeOptions,
    private readonly engine: EngineName,
  ) {
    this.line = searchLine(errorSink(io));
    // A note goes on a line of its own: a search's live line is cleared first.
    this.sink = {
      line: (text) => output.line(text),
      note: (text) => {
        this.line?.clear();
        io.error(text);
      },
    };
  }

  /** Reports one case: its lines (or its error, which `outcome` throws), counted. */
  report(item: InputCase, outcome: () => Formatted): void {
    this.cases++;
    reportCase(this.judge, this.engine, item, outcome, this.sink, this.tally);
  }

  /** Reports a chunk answered as printed text (judge.ts), or, when the pool lost the call (a worker died), each of its cases with that error. */
  reportChunk(items: readonly InputCase[], answer: JudgeChunk | Error): void {
    if (answer instanceof Error) {
      for (const item of items)
        this.report(item, () => {
          throw answer;
        });
      return;
    }
    this.cases += items.length;
    this.output.lines(answer.out);
    answer.notes.forEach((line) => this.io.error(line));
    this.tally.failed += answer.failed;
    this.tally.stopped += answer.stopped;
    this.tally.broken += answer.broken;
  }

  /** Runs `land` once everything before it on the chain has landed, then `after` (which may read `waiting`). */
  inOrder(land: () => Promise<void>, after: () => Promise<void>): void {
    this.waiting++;
    this.chain = this.chain.then(async () => {
      await land();
      this.waiting--;
      this.wake?.();
      await after();
    });
  }

  /** Waits until fewer than `limit` answers wait on the chain (so that memory stays flat however long the input). */
  async below(limit: number): Promise<void> {
    while (this.waiting >= limit) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
  }

  /** Resolves once everything on the chain so far has landed. */
  landed(): Promise<void> {
    return this.chain;
  }

  /** The run's exit code: 1 for a fault of ours (an internal error), 2 for bad input, 3 for a search stopped at --max-nodes, else 0. */
  exitCode(): number {
    const { broken, failed, stopped } = this.tally;
    return broken > 0 ? 1 : failed > 0 ? 2 : stopped > 0 ? 3 : 0;
  }
}
