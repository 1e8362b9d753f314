/**
 * `puzzlesearch census --size WxH [--goal GOAL] [--engine NAME] [--json]`:
 * the distance distribution of every state of a small sliding board
 * (solver.census). The CLI hands the arguments after `census` to
 * runCensusCommand, which returns the exit code: 0 done, 1 bad usage, a size
 * or goal it does not take, or memory it cannot have.
 */
import { parseArgs } from 'node:util';
import { createSolver } from '../api/solver.js';
import { PuzzleInputError } from '../api/boards.js';
import type { Census } from '../api/census.js';
import { censusProgress, type ProgressSink } from './progress.js';
import { CENSUS_USAGE } from './censusUsage.js';
import { argsErrorMessage } from './argsError.js';

/** A bad command line is one line, as the solving commands' are: what is wrong, and where the help is. */
const SEE_HELP = '; see puzzlesearch census --help';

/** Tiles by position as rows of the board, x the blank: '1 2 3 / 4 5 x'. */
function boardText(tiles: readonly number[], width: number): string {
  const rows: string[] = [];
  for (let at = 0; at < tiles.length; at += width)
    rows.push(
      tiles
        .slice(at, at + width)
        .map((tile) => (tile === 0 ? 'x' : String(tile)))
        .join(' '),
    );
  return rows.join(' / ');
}

/** The report: a header, a line per distance (distance and states, aligned), the total, the largest distance and a state that far. */
export function censusText(census: Census): string {
  const width = Math.max(8, String(census.total).length);
  const lines = [`${census.width}x${census.height} census from ${boardText(census.goal, census.width)}`, `distance  ${'states'.padStart(width)}`];
  census.counts.forEach((count, distance) => lines.push(`${String(distance).padStart(8)}  ${String(count).padStart(width)}`));
  lines.push(`total ${census.total} states`, `God's number ${census.godsNumber}`, `farthest ${boardText(census.farthest, census.width)}`);
  return `${lines.join('\n')}\n`;
}

export async function runCensusCommand(args: string[], out: ProgressSink, err: ProgressSink): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        size: { type: 'string' },
        goal: { type: 'string' },
        engine: { type: 'string', default: 'wasm' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    err.write(`puzzlesearch census: ${argsErrorMessage(error, ['size', 'goal', 'engine', 'json', 'help'])}${SEE_HELP}\n`);
    return 1;
  }
  if (values.help) {
    out.write(CENSUS_USAGE);
    return 0;
  }
  if (values.size === undefined) {
    err.write(`puzzlesearch census: --size is missing, give one like --size 3x3${SEE_HELP}\n`);
    return 1;
  }
  if (values.engine !== 'wasm' && values.engine !== 'ts') {
    err.write(`puzzlesearch census: --engine must be wasm or ts, not '${values.engine}'${SEE_HELP}\n`);
    return 1;
  }
  const progress = censusProgress(err, `census ${values.size}`);
  try {
    const solver = await createSolver({ engine: values.engine, tables: { dir: false } });
    const census = await solver.census(values.size, { goal: values.goal, onProgress: progress.onProgress });
    progress.end();
    out.write(values.json ? `${JSON.stringify(census)}\n` : censusText(census));
    return 0;
  } catch (error) {
    progress.end();
    if (!(error instanceof PuzzleInputError) && !(error instanceof RangeError)) throw error;
    err.write(`puzzlesearch census: ${error.message.replace(/^census: /, '')}\n`);
    return 1;
  }
}
