/**
 * `puzzlesearch FAMILY [options] < input`: reads the judges' formats from
 * standard input and prints what the judges expect, one answer per case.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gridCases, tokenCases, type InputCase } from './cases.js';
import { PuzzleInputError, type GoalName } from './boards.js';
import { createSolver, type NotSolved, type Result, type SlidingAlgorithm, type Solver } from './solver.js';

export const usage = `Usage: puzzlesearch FAMILY [options] < input

Solves every case on standard input optimally and prints one answer per case,
in the format of the family's online judge.

Families:
  flip       Flip Game (POJ 1753): 4 lines of 4 'b'/'w'. Prints the fewest
             presses to make the board one colour, or Impossible.
  pilots     Pilots Brothers' refrigerator (POJ 2965): 4 lines of 4 '+'/'-'.
             Prints the fewest presses N, then N lines "row col".
  fourline   Four in a line (Wikioi 1004): 4 lines of 4 'B'/'W'/'O'. Prints
             the fewest alternating moves to make a line of four.
  eight      The 8-puzzle (POJ 1077): 9 tokens 1..8 and 'x', row by row, on
             one or more lines. Prints a shortest move string of the blank
             (u, d, l, r), or unsolvable.
  sliding    Any square sliding puzzle: 9, 16 or 25 tokens (blank 'x' or 0),
             the size taken from the count. Output as for eight.

Options:
  --engine wasm|ts     engine: WebAssembly (default) or the TypeScript twin
  --algorithm NAME     eight and sliding: bfs, bibfs, astar (boards of at most
                       10 cells) or idastar (the default, any size)
  --heuristic NAME     idastar: manhattan (default up to 3x3) or
                       linear-conflict (default above)
  --goal "TILES"       eight and sliding: the goal board, e.g. "0 1 2 ... 15",
                       or blank-first / blank-last (the default: 1 2 ... x)
  --moves              flip and fourline: also print the moves, one a line
  --max-nodes N        idastar: give up on a case after N nodes (a hard
                       24-puzzle can take hours); it gets a line on standard
                       error instead of an answer
  --stats              print nodes and time of each case to standard error
  -h, --help           show this help
  -v, --version        show the version

Cases follow one another until end of input; blank lines between them are
ignored. Bad input: one line on standard error naming the case and what is
wrong; the other cases are still answered.

Exit status: 0 every case answered, 2 some case had bad input, 3 some search
stopped at --max-nodes (and none had bad input), 1 bad usage.

Examples:
  echo "bwwb bbwb bwwb bwww" | tr ' ' '\\n' | puzzlesearch flip
  echo "2 3 4 1 5 x 7 6 8" | puzzlesearch eight --algorithm astar
  echo "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" | puzzlesearch sliding --goal blank-first
`;

const families = ['flip', 'pilots', 'fourline', 'eight', 'sliding'] as const;
type Family = (typeof families)[number];

interface Options {
  family: Family;
  engine: 'wasm' | 'ts';
  algorithm?: SlidingAlgorithm;
  heuristic?: 'manhattan' | 'linear-conflict';
  goal?: string;
  maxNodes?: number;
  moves: boolean;
  stats: boolean;
}

class UsageError extends Error {}

/** A search that reached --max-nodes: the case has no answer, but its input was fine. */
class SearchStopped extends Error {}

function parseOptions(argv: string[]): Options | 'help' | 'version' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      engine: { type: 'string', default: 'wasm' },
      algorithm: { type: 'string' },
      heuristic: { type: 'string' },
      goal: { type: 'string' },
      moves: { type: 'boolean', default: false },
      stats: { type: 'boolean', default: false },
      'max-nodes': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing FAMILY' : `one FAMILY expected, got ${positionals.join(' ')}`);
  const family = positionals[0] as Family;
  if (!families.includes(family)) throw new UsageError(`unknown family '${positionals[0]}', expected ${families.join(', ')}`);
  if (values.engine !== 'wasm' && values.engine !== 'ts') throw new UsageError(`unknown engine '${values.engine}', expected wasm or ts`);
  const algorithm = values.algorithm as SlidingAlgorithm | undefined;
  if (algorithm !== undefined && !['bfs', 'bibfs', 'astar', 'idastar'].includes(algorithm)) {
    throw new UsageError(`unknown algorithm '${algorithm}', expected bfs, bibfs, astar or idastar`);
  }
  const heuristic = values.heuristic as Options['heuristic'];
  if (heuristic !== undefined && heuristic !== 'manhattan' && heuristic !== 'linear-conflict') {
    throw new UsageError(`unknown heuristic '${heuristic}', expected manhattan or linear-conflict`);
  }
  const maxText = values['max-nodes'];
  const maxNodes = maxText === undefined ? undefined : Number(maxText);
  if (maxNodes !== undefined && !(Number.isInteger(maxNodes) && maxNodes >= 0)) {
    throw new UsageError(`--max-nodes takes a whole number of nodes, not '${maxText}'`);
  }
  const sliding = family === 'eight' || family === 'sliding';
  if (!sliding && (algorithm || heuristic || values.goal || maxText !== undefined)) {
    throw new UsageError(`--algorithm, --heuristic, --goal and --max-nodes apply to eight and sliding, not ${family}`);
  }
  return { family, engine: values.engine, algorithm, heuristic, goal: values.goal, maxNodes, moves: values.moves, stats: values.stats };
}

function cellLines(result: Result<{ row: number; col: number }>): string[] {
  return result.moves.map(({ row, col }) => `${row} ${col}`);
}

/** Answers one case: the lines for standard output. Throws PuzzleInputError on bad input. */
function answer(solver: Solver, options: Options, item: InputCase): { lines: string[]; result: Result<unknown> } {
  switch (options.family) {
    case 'flip': {
      const result = solver.flip(item.text);
      if (!result.solvable) return { lines: ['Impossible'], result };
      return { lines: [String(result.length), ...(options.moves ? cellLines(result) : [])], result };
    }
    case 'pilots': {
      const result = solver.pilots(item.text);
      return { lines: [String(result.length), ...cellLines(result)], result };
    }
    case 'fourline': {
      const result = solver.fourLine(item.text);
      if (!result.solvable) return { lines: ['Impossible'], result };
      const moves = options.moves
        ? result.moves.map((m) => `${m.colour} ${m.from.row} ${m.from.col} -> ${m.to.row} ${m.to.col}`)
        : [];
      return { lines: [String(result.length), ...moves], result };
    }
    case 'eight':
    case 'sliding': {
      const goal = options.goal === 'blank-first' || options.goal === 'blank-last' ? (options.goal as GoalName) : options.goal;
      const result = solver.sliding(item.text, { goal, algorithm: options.algorithm, heuristic: options.heuristic, maxNodes: options.maxNodes });
      if ('path' in result) return { lines: [result.path], result };
      if (result.solvable) throw new SearchStopped(result.reason);
      return { lines: ['unsolvable'], result: result as NotSolved };
    }
  }
}

export async function main(argv: string[], input: string, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  let options: Options | 'help' | 'version';
  try {
    options = parseOptions(argv);
  } catch (error) {
    err(`puzzlesearch: ${(error as Error).message}; see puzzlesearch --help`);
    return 1;
  }
  if (options === 'help') {
    out(usage.trimEnd());
    return 0;
  }
  if (options === 'version') {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    out(pkg.version);
    return 0;
  }
  const solver = await createSolver({ engine: options.engine });
  const cases = options.family === 'eight' ? tokenCases(input, [9]) : options.family === 'sliding' ? tokenCases(input, [9, 16, 25], 5) : gridCases(input);
  let failed = 0;
  let stopped = 0;
  for (const item of cases) {
    try {
      if (item.error) throw new PuzzleInputError(item.error);
      const { lines, result } = answer(solver, options, item);
      lines.forEach((line) => out(line));
      if ('warning' in result && result.warning) err(`case ${item.index}: ${result.warning}`);
      if (options.stats) err(`case ${item.index}: ${result.stats.nodes} nodes, ${result.stats.ms.toFixed(3)} ms (${solver.engine})`);
    } catch (error) {
      if (error instanceof SearchStopped) stopped++;
      else if (error instanceof PuzzleInputError) failed++;
      else throw error;
      err(`case ${item.index}: ${error.message}`);
    }
  }
  return failed > 0 ? 2 : stopped > 0 ? 3 : 0;
}
