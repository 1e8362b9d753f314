/**
 * `puzzlesearch FAMILY [options] < input`: reads the judges' formats from
 * standard input as a stream and prints what the judges expect, each answer as
 * soon as its case is done. The arguments are checked before any input is read.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { blockFramer, gridFramer, splitCases, tokenFramer, type CaseFramer, type InputCase, type TokenShape } from './cases.js';
import { didYouMean } from './suggest.js';
import { inputLines } from './lines.js';
import { parseSize, type TablesProgress } from '../pdb/tables.js';
import { tablesProgress, type ProgressSink } from './progress.js';
import { FAMILIES as families, LINE_LIMIT, familyUsage, usage, type Family } from './usage.js';
import { GOAL_NAMES, PuzzleInputError, orList, parseSlidingBoard, resolveGoal, type GoalName } from '../api/boards.js';
import { DEFAULT_PARTITIONS, partitionNames } from '../pdb/partitions.js';
import { ENGINES, HEURISTICS, MOVE_PRUNINGS, type EngineName, type Heuristic, type MovePruningName, type SlidingBoard } from '../engine/contract.js';
import { LIGHTS_OUT_PATTERNS, lightsOutProblem, type LightsOutOptions } from '../api/lightsOut.js';
import {
  SLIDING_ALGORITHMS,
  createSolver,
  type ManyFamilies,
  type ManyFamily,
  type SlidingAlgorithm,
  type SlidingOptions,
  type Solver,
} from '../api/solver.js';
import type { SolverPool } from '../pool/outside.js';
import { compilePuzzleWasm } from '../engine/wasm/loader.js';
import {
  answerCases,
  format,
  joinChunks,
  manyFamily,
  reportCase,
  type AnyResult,
  type Formatted,
  type JudgeChunk,
  type JudgeOptions,
  type JudgeSink,
  type JudgeTally,
} from './judge.js';

/** The most worker threads --jobs takes (the pool's own limit). */
const MAX_JOBS = 256;

/**
 * Board sizes whose pattern databases the CLI readies: every size with a
 * default partition but 3x3, whose searches take less time than its tables
 * take to load.
 */
const TABLE_SIZES = Object.keys(DEFAULT_PARTITIONS).filter((size) => {
  const { width, height } = parseSize(size);
  return width * height > 9;
});

/** --jobs when not given: a thread per core (this one counts: it solves too). */
function defaultJobs(): number {
  return Math.max(1, Math.min(MAX_JOBS, availableParallelism()));
}

interface Options {
  family: Family;
  engine: EngineName;
  algorithm?: SlidingAlgorithm;
  heuristic?: Heuristic;
  /** IDA*: which moves to prune (default fsm). */
  pruning?: MovePruningName;
  /** sliding: the PDB partition for boards of the size that has it (other sizes keep their default). */
  partition?: string;
  /** sliding: every board's shape (--size); without it, square boards sized by their token count. */
  size?: TokenShape;
  /** eight and sliding: a goal name, or a goal board as text ready for the parser. */
  goal?: string;
  maxNodes?: number;
  /** lightsout: the options of every case. */
  lights: LightsOutOptions;
  moves: boolean;
  stats: boolean;
  json: boolean;
  /** Worker threads; 1 solves in this thread. */
  jobs: number;
  /** `puzzlesearch hint eight|sliding`: each case's moves with their distances instead of a solution. */
  hint: boolean;
}

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

class UsageError extends Error {}

const valueOptions = ['engine', 'algorithm', 'heuristic', 'pruning', 'partition', 'size', 'goal', 'max-nodes', 'pattern', 'colors', 'max-kernel', 'jobs'];
/** Every option the main CLI takes, for "did you mean". */
const KNOWN_OPTIONS = [...valueOptions, 'moves', 'stats', 'json', 'torus', 'help', 'version'];

function oneOf<T extends string>(what: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  throw new UsageError(
    `unknown ${what} '${value}', expected ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}${didYouMean(value, choices)}`,
  );
}

function parseOptions(argv: string[], warn: (line: string) => void): Options | 'help' | { help: Family } | 'version' {
  // `--max-nodes -1` is glued into `--max-nodes=-1`, so that a value starting
  // with a dash reaches the check below instead of parseArgs' several-line message.
  const args = argv.flatMap((arg, i) =>
    valueOptions.some((name) => argv[i - 1] === `--${name}`)
      ? []
      : [valueOptions.includes(arg.slice(2)) && i + 1 < argv.length ? `${arg}=${argv[i + 1]}` : arg],
  );
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        engine: { type: 'string', default: 'wasm' },
        algorithm: { type: 'string' },
        heuristic: { type: 'string' },
        pruning: { type: 'string' },
        partition: { type: 'string' },
        size: { type: 'string' },
        goal: { type: 'string' },
        moves: { type: 'boolean', default: false },
        stats: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'max-nodes': { type: 'string' },
        pattern: { type: 'string' },
        torus: { type: 'boolean', default: false },
        colors: { type: 'string' },
        'max-kernel': { type: 'string' },
        jobs: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (error) {
    // Node's own words name its API; ours name the option and its nearest spelling.
    const code = (error as { code?: string }).code;
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
      throw new UsageError(`unknown option '${option}'${didYouMean(option.replace(/^-+/, '').split('=')[0]!, KNOWN_OPTIONS, (name) => `--${name}`)}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option)
      throw new UsageError(`option '${option}' ${/takes|argument|value/.test((error as Error).message) ? 'needs a value' : 'takes no value'}`);
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { values, positionals } = parsed;
  // `puzzlesearch flip --help`: that family's help; a misspelt family still gets the whole.
  if (values.help) return positionals.length === 1 && (families as readonly string[]).includes(positionals[0]!) ? { help: positionals[0] as Family } : 'help';
  if (values.version) return 'version';
  // `puzzlesearch hint FAMILY`: the hint mode of the sliding families.
  const hint = positionals[0] === 'hint';
  const named = hint ? positionals.slice(1) : positionals;
  if (named.length !== 1) throw new UsageError(named.length === 0 ? 'missing FAMILY' : `one FAMILY expected, got ${named.join(' ')}`);
  const family = oneOf('family', named[0], families)!;
  const engine = oneOf('engine', values.engine, ENGINES)!;
  const algorithm = oneOf('algorithm', values.algorithm, SLIDING_ALGORITHMS);
  const heuristic = oneOf('heuristic', values.heuristic, HEURISTICS);
  const pruning = oneOf('pruning', values.pruning, MOVE_PRUNINGS);
  const maxText = values['max-nodes'];
  const maxNodes = wholeNumber('--max-nodes', 'nodes', maxText);
  const lights = family === 'lightsout' ? lightsOutOptions(values, warn) : {};
  const givenSize = boardSize(values.size);

  const sliding = family === 'eight' || family === 'sliding';
  const idle = (option: string, why: string) => warn(`puzzlesearch: warning: ${option} does nothing ${why}`);
  if (!sliding) {
    for (const name of ['algorithm', 'heuristic', 'pruning', 'partition', 'max-nodes'] as const) {
      if (values[name] !== undefined) idle(`--${name}`, `for ${family}: it applies to eight and sliding`);
    }
    if (values.goal !== undefined && family !== 'lightsout') idle('--goal', `for ${family}: it applies to eight, sliding and lightsout`);
  }
  if (family !== 'lightsout') {
    for (const name of ['pattern', 'colors', 'max-kernel'] as const) {
      if (values[name] !== undefined) idle(`--${name}`, `for ${family}: it applies to lightsout`);
    }
    if (values.torus) idle('--torus', `for ${family}: it applies to lightsout`);
  }
  if (sliding && (algorithm ?? 'idastar') !== 'idastar') {
    if (heuristic !== undefined) idle('--heuristic', `with --algorithm ${algorithm}: it applies to idastar`);
    if (pruning !== undefined) idle('--pruning', `with --algorithm ${algorithm}: it applies to idastar`);
    if (maxNodes !== undefined) idle('--max-nodes', `with --algorithm ${algorithm}: it applies to idastar`);
  }
  if (values.moves && (family === 'pilots' || sliding)) idle('--moves', `for ${family}: its answer always lists the moves`);
  if (givenSize !== undefined && family !== 'sliding') idle('--size', `for ${family}: it applies to sliding`);
  const size = family === 'sliding' ? givenSize : undefined;

  let goal = sliding ? values.goal : undefined;
  if (goal !== undefined && !(GOAL_NAMES as readonly string[]).includes(goal)) {
    // Checked once here, so that a bad goal is one usage error rather than one error per case.
    if (size !== undefined) goal = sizedGoalText(goal, size);
    let board;
    try {
      board = parseSlidingBoard(goal);
    } catch (error) {
      if (error instanceof PuzzleInputError) throw new UsageError(`--goal: ${error.message}`);
      throw error;
    }
    if (family === 'eight' && board.width * board.height !== 9) throw new UsageError(`--goal: eight takes a 3x3 goal, not ${board.width}x${board.height}`);
  }
  if (values.partition !== undefined) checkPartition(values.partition, size);
  const partition = sliding ? values.partition : undefined;
  const jobs = wholeNumber('--jobs', 'workers', values.jobs) ?? defaultJobs();
  if (jobs > MAX_JOBS) throw new UsageError(`--jobs takes 1 to ${MAX_JOBS} workers, not ${jobs}`);
  if (hint && values.jobs !== undefined) idle('--jobs', 'for hint: hints are given in this thread');
  return {
    family,
    engine,
    algorithm,
    heuristic,
    pruning,
    partition,
    size,
    goal,
    maxNodes,
    lights,
    moves: values.moves,
    stats: values.stats,
    json: values.json,
    jobs: hint ? 1 : jobs,
    hint,
  };
}

/** --size WxH: W columns by H rows, 2 to 5 each; undefined when it is not given. */
function boardSize(text: string | undefined): TokenShape | undefined {
  if (text === undefined) return undefined;
  const match = /^([2-5])x([2-5])$/.exec(text);
  if (!match) throw new UsageError(`--size takes WxH, W columns and H rows of 2 to 5 each (e.g. 4x3), not '${text}'`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * A --goal board for --size boards, as the parser takes it: framed like a case
 * (W*H tokens on one line, or H lines of W tokens), so that it is one usage
 * error if it is not a board of that size.
 */
function sizedGoalText(goal: string, size: TokenShape): string {
  const cases = splitCases((emit) => tokenFramer(emit, [size]), goal);
  if (cases.length === 1 && cases[0].error === undefined) return cases[0].text;
  const why = cases.find((item) => item.error !== undefined)?.error ?? `${cases.length} boards`;
  throw new UsageError(`--goal: not one ${size.width}x${size.height} board (${why})`);
}

/** --partition, checked against the partitions of --size, or of every size whose tables the CLI readies. */
function checkPartition(name: string, size: TokenShape | undefined): void {
  const sizes = size === undefined ? TABLE_SIZES : [`${size.width}x${size.height}`];
  const known = sizes
    .map((each) => ({ size: each, names: partitionNames(parseSize(each).width, parseSize(each).height) }))
    .filter(({ names }) => names.length > 0);
  if (known.some(({ names }) => names.includes(name))) return;
  if (known.length === 0) throw new UsageError(`--partition: ${sizes[0]} boards have no pattern database (${TABLE_SIZES.join(' and ')} have)`);
  const expected = known.map(({ size: each, names }) => `${orList(names)}${known.length > 1 ? ` (${each})` : ''}`).join(' or ');
  throw new UsageError(`unknown partition '${name}'${size ? ` for ${sizes[0]} boards` : ''}, expected ${expected}`);
}

/** A positive whole number option, or undefined when it is not given. */
function wholeNumber(option: string, unit: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!(/^[1-9]\d*$/.test(text) && Number.isSafeInteger(Number(text)))) throw new UsageError(`${option} takes a whole number of ${unit} from 1, not '${text}'`);
  return Number(text);
}

/** The lightsout options, checked once on a 1x1 board so that a bad one is one usage error. */
function lightsOutOptions(
  values: { pattern?: string; torus: boolean; colors?: string; goal?: string; 'max-kernel'?: string },
  warn: (line: string) => void,
): LightsOutOptions {
  const options: LightsOutOptions = { torus: values.torus };
  if (values.pattern !== undefined) options.pattern = patternOption(values.pattern, warn);
  if (values.colors !== undefined) options.colors = wholeNumber('--colors', 'colours', values.colors);
  if (values.goal !== undefined) {
    if (values.goal !== 'off' && values.goal !== 'on') throw new UsageError(`--goal for lightsout is off or on, not '${values.goal}'`);
    options.target = values.goal === 'on' ? 1 : 0;
  }
  options.maxKernel = wholeNumber('--max-kernel', 'press sets', values['max-kernel']);
  try {
    lightsOutProblem('0', options);
  } catch (error) {
    if (error instanceof PuzzleInputError) throw new UsageError(error.message);
    throw error;
  }
  return options;
}

/**
 * --pattern's value: a pattern's name; else, when something exists at that
 * path, the stencil in that file (a note says so when the value would also
 * be an inline stencil, such as './x'); else an inline stencil ('/' between
 * rows). A value with characters no stencil has ('./cross.txt') is a file
 * that could not be read, not a bad stencil.
 */
function patternOption(value: string, warn: (line: string) => void): string {
  if ((LIGHTS_OUT_PATTERNS as readonly string[]).includes(value)) return value;
  const inline = /^[.#01XxOo/\s]+$/.test(value);
  if (!value.includes('\n') && existsSync(value)) {
    if (!statSync(value).isFile()) throw new UsageError(`--pattern: ${value} is not a regular file`);
    if (inline) warn(`puzzlesearch: note: --pattern '${value}' is read from the file ${value}, not as an inline stencil`);
    return readPattern(value);
  }
  if (!inline && /[/\\]|\.\w+$/.test(value)) readPattern(value);
  return value;
}

function readPattern(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--pattern: cannot read ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The options every case of the family is solved with. */
function familyOptions(options: Options): ManyFamilies[ManyFamily]['options'] {
  if (options.family === 'lightsout') return options.lights;
  if (options.family !== 'eight' && options.family !== 'sliding') return undefined;
  const goal = (GOAL_NAMES as readonly string[]).includes(options.goal ?? '') ? (options.goal as GoalName) : options.goal;
  return { goal, algorithm: options.algorithm, heuristic: options.heuristic, pruning: options.pruning, maxNodes: options.maxNodes };
}

/** Answers one case alone. Throws PuzzleInputError on bad input. */
function solveOne(solver: Solver, options: Options, item: InputCase): AnyResult {
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
    case 'sliding':
      return options.hint ? solver.hint(item.text, more as SlidingOptions) : solver.sliding(item.text, more as SlidingOptions);
  }
}

/** A framed sliding case's cells: its token count (the framer made it 9, 16, 25 or --size's). */
function boardCells(text: string): number {
  return text.trim().split(/\s+/).length;
}

/** IDA*'s node limit for a sliding case in the CLI's own thread while --jobs starts its workers (see tryHere). */
const HERE_NODES = 2_000_000;

/** How long (ms) the CLI's own thread solves before --jobs starts its workers. */
const POOL_AFTER_MS = 25;
/**
 * The least time (ms) a case must take to solve in the CLI's own thread for
 * workers to be worth starting: a cheaper case costs about as much to send to
 * a worker and back as to solve (8-puzzles take about 0.03 ms; flip, pilots
 * and fourline, a chunk in one engine call, about 0.001 ms).
 */
const POOL_CASE_MS = 0.01;

/** Cases a batch holds: many cheap ones, fewer searches (a chunk should not keep a worker busy for long). */
function chunkSize(family: Family): number {
  return family === 'eight' ? 256 : family === 'lightsout' ? 32 : family === 'sliding' ? 8 : 1024;
}

function framerFor(family: Family, size: TokenShape | undefined, emit: (item: InputCase) => void): CaseFramer {
  if (family === 'eight') return tokenFramer(emit, [9]);
  if (family === 'sliding') return tokenFramer(emit, size === undefined ? [9, 16, 25] : [size]);
  if (family === 'lightsout') return blockFramer(emit);
  return gridFramer(emit);
}

/**
 * Standard output, batched: the text of many cheap cases goes out in one
 * write, but never later than `FLUSH_MS` after it was produced, and always
 * before the CLI waits for more input or starts a search that may take long.
 */
class Output {
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
function errorSink(io: CliIO): ProgressSink {
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

/** Readies one size's tables for one goal in this thread's solver. */
type PrepareTables = (size: string, goal: TablesGoal, onProgress: (progress: TablesProgress) => void) => Promise<void>;
type TablesGoal = 'blank-first' | 'blank-last';
/** What a sliding case needs before its search: its answer already (settled on linear conflict), or a size's tables for one goal, readied in this thread; undefined for neither. */
type CaseTables = { settled: AnyResult } | { size: string; goal: TablesGoal } | undefined;
/** One search of a board on linear conflict within `maxNodes`: here, or on a worker. */
type TryLinearConflict = (text: string, maxNodes: number) => Promise<AnyResult>;

/**
 * Sizes whose tables cost minutes and gigabytes to build, with the nodes a
 * search on linear conflict gets first (about a second in wasm): a board it
 * settles (a 40-move scramble, say) is answered without the tables. The first
 * board it does not settle starts the build, and the later boards of that
 * size and goal use the tables. 4x4 tables take seconds: no try.
 */
const TRY_BEFORE_BUILD: Record<string, number> = { '5x5': 30_000_000 };

/**
 * Readies, before each sliding case, the pattern database of its board size
 * when its search will use one (IDA* on the default heuristic or pdb, a board
 * of a size in TABLE_SIZES, a goal with the blank first or last, a solvable
 * board), through `prepare`: loaded from the cache, or built once with
 * progress on standard error. A bad board gets no tables: its search reports
 * the error. --partition applies to the size that has it; boards of other
 * sizes keep their default partition (as a solver's `tables.partition` does).
 * Before the tables of a size in TRY_BEFORE_BUILD are readied, a board on the
 * default heuristic is first tried on linear conflict (`tryFirst`); resolves
 * with that answer when it settled the board (optimal all the same), else
 * with the tables' size and goal once they are ready.
 */
function slidingTables(
  solver: Solver,
  options: Options,
  sink: ProgressSink,
  prepare: PrepareTables,
  tryFirst: TryLinearConflict,
): (text: string) => Promise<CaseTables> {
  const usesTables = (options.algorithm ?? 'idastar') === 'idastar' && (options.heuristic === undefined || options.heuristic === 'pdb');
  const goalOption = (familyOptions(options) as SlidingOptions | undefined)?.goal;
  const ready = new Map<string, Promise<void>>();
  return async (text) => {
    let board: SlidingBoard;
    let goal: SlidingBoard;
    // Parsed here as well as in the search (a few microseconds): the tables
    // depend on the board's size, its goal and whether it is solvable at all.
    try {
      board = parseSlidingBoard(text);
      goal = resolveGoal(goalOption, board);
    } catch {
      return;
    }
    const size = `${board.width}x${board.height}`;
    if (!TABLE_SIZES.includes(size)) return;
    const blank = goal.tiles.indexOf(0);
    const which = blank === 0 ? 'blank-first' : blank === goal.tiles.length - 1 ? 'blank-last' : null;
    // Any other goal has no tables, and its search runs on linear conflict.
    if (!usesTables || which === null || !solver.slidingSolvable(board, goal)) return;
    let done = ready.get(`${size} ${which}`);
    const tryNodes = TRY_BEFORE_BUILD[size];
    // Only on the default heuristic (--heuristic pdb asks for the tables), and within the case's own --max-nodes.
    if (done === undefined && tryNodes !== undefined && options.heuristic === undefined && !options.hint && (options.maxNodes ?? Infinity) > tryNodes) {
      const tried = await tryFirst(text, tryNodes);
      if ((tried as { status?: string }).status === 'solved') return { settled: tried };
      done = ready.get(`${size} ${which}`);
    }
    if (done === undefined) {
      // Builds always; loads from the cache (or copies from another worker), a fraction of a second, only with --stats.
      const onProgress = tablesProgress(sink, `puzzlesearch: ${size} tables`, { loads: options.stats });
      done = prepare(size, which, onProgress).catch((error: Error) => {
        // Searches still run, on linear conflict: slower, never wrong.
        sink.write(`puzzlesearch: warning: no ${size} pattern database (${error.message.split('\n')[0]}); searching with linear conflict\n`);
      });
      ready.set(`${size} ${which}`, done);
    }
    await done;
    return { size, goal: which };
  };
}

function readError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return 'cannot read standard input: it is a directory';
  return `cannot read standard input: ${(error as Error).message.split('\n')[0]}`;
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
  let options: Options | 'help' | { help: Family } | 'version';
  const warnings: string[] = [];
  try {
    options = parseOptions(argv, (line) => warnings.push(line));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(`puzzlesearch: ${error.message}; see puzzlesearch --help`);
    return 1;
  }
  if (options === 'help' || (typeof options === 'object' && 'help' in options)) {
    await io.write(`${(options === 'help' ? usage : familyUsage(options.help)).trimEnd()}\n`);
    return 0;
  }
  if (options === 'version') {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    await io.write(`${pkg.version}\n`);
    return 0;
  }
  warnings.forEach((line) => io.error(line));
  // The library's warnings name it already; others get the prefix once.
  const warnTables = (message: string) => io.error(message.startsWith('puzzlesearch: ') ? message : `puzzlesearch: ${message}`);
  // --jobs N is N threads solving. For chunks of cases, this one and N - 1
  // workers: it answers a chunk whenever the workers have enough queued, and
  // every chunk while they start. For sliding boards of 4x4 and up, N
  // workers, each case over all of them once it proves hard (parallel IDA*,
  // src/parallel/dealer.ts), while this thread reads, orders and prints; and
  // while the workers start, this thread answers the cases it settles soon.
  const slidingPool = options.family === 'sliding' && options.jobs > 1;
  const workers = slidingPool ? options.jobs : options.jobs - 1;
  let pool: Promise<SolverPool | null> | null = null;
  let started: SolverPool | null = null;
  // The pool module's hook for answering a chunk of cases on a worker, once the module is loaded.
  let judgeOn: typeof import('../pool/outside.js').judgeCasesOn | null = null;
  // Ends a start still under way when the input is done first.
  const abandon = new AbortController();
  const startPool = () =>
    (pool ??= Promise.all([import('../pool/outside.js'), options.engine === 'wasm' ? compilePuzzleWasm() : undefined])
      // The module this thread compiled (code already tiered up included) goes to the workers as is.
      .then(([{ createSolverPool, judgeCasesOn }, wasm]) => {
        judgeOn = judgeCasesOn;
        return createSolverPool({ workers, engine: options.engine, wasm, signal: abandon.signal, tables: { partition: options.partition } });
      })
      .then(
        (ready) => (started = ready),
        (error: Error) => {
          // Still every answer, from this thread alone.
          if (error.name !== 'AbortError') io.error(`puzzlesearch: warning: no worker threads (${error.message.split('\n')[0]}); solving in one thread`);
          return null;
        },
      ));
  const solver = await createSolver({ engine: options.engine, tables: { partition: options.partition, warn: warnTables } });
  // This thread readies the tables with workers too (loaded, or built and
  // saved as with --jobs 1), so that it can answer cases while the workers
  // start (about 0.1 s, and the tables after); they load them from the cache.
  const prepareTables: PrepareTables = async (size, goal, onProgress) => {
    if (slidingPool) void startPool();
    await solver.prepareTables(size, { goal, onProgress });
  };
  const tryLinearConflict: TryLinearConflict = async (text, maxNodes) => {
    const sliding = { ...(familyOptions(options) as SlidingOptions), heuristic: 'linear-conflict' as const, maxNodes };
    const onWorkers = slidingPool ? await startPool() : null;
    if (onWorkers) return onWorkers.sliding(text, { ...sliding, parallel: false });
    return solver.sliding(text, sliding);
  };
  const tablesFor = slidingTables(solver, options, errorSink(io), prepareTables, tryLinearConflict);
  // The pool with the tables a case needs, by size and goal ('' for none):
  // each worker loads them once, from the cache this thread's preparation
  // filled. A key is in `poolReady` once its promise has settled.
  const poolTables = new Map<string, Promise<SolverPool | null>>();
  const poolReady = new Set<string>();
  const poolWith = (needs: { size: string; goal: TablesGoal } | undefined): Promise<SolverPool | null> => {
    const key = needs ? `${needs.size} ${needs.goal}` : '';
    let ready = poolTables.get(key);
    if (!ready) {
      ready = startPool().then(async (onWorkers) => {
        if (onWorkers && needs)
          await onWorkers.prepareTables(needs.size, { goal: needs.goal }).catch((error: Error) => {
            io.error(`puzzlesearch: warning: the workers have no ${needs.size} pattern database (${error.message.split('\n')[0]})`);
          });
        poolReady.add(key);
        return onWorkers;
      });
      poolTables.set(key, ready);
    }
    return ready;
  };
  // IDA*'s node limit in this thread while the workers start (about 0.07 s in
  // wasm): a case it does not settle goes to the workers (the nodes spent are
  // lost, a fraction of such a case), so one hard board still gets them all.
  // Cases take turns in this thread, a turn of the event loop each, so that
  // the pool's messages (workers up, tables loaded) come in between tries.
  let turns: Promise<unknown> = Promise.resolve();
  const nextTurn = () => (turns = turns.then(() => new Promise((resolve) => setImmediate(resolve))));
  const tryHere = (text: string): AnyResult | null => {
    if ((options.algorithm ?? 'idastar') !== 'idastar') return null;
    const limit = Math.min(HERE_NODES, options.maxNodes ?? Infinity);
    try {
      const result = solver.sliding(text, { ...(familyOptions(options) as SlidingOptions), maxNodes: limit });
      // Stopped by the case's own --max-nodes: that is its answer.
      return result.status === 'stopped' && limit < (options.maxNodes ?? Infinity) ? null : result;
    } catch {
      return null;
    }
  };
  const output = new Output(io);
  // Searches that may run long: what is answered before one goes out first.
  // Not the 8-puzzle's, which take microseconds (and a write each would cost more).
  const searches = options.family === 'sliding';
  let cases = 0;
  const tally: JudgeTally = { failed: 0, stopped: 0, broken: 0 };
  const judge: JudgeOptions = {
    family: options.family,
    solve: familyOptions(options),
    moves: options.moves,
    stats: options.stats,
    json: options.json,
    hint: options.hint,
  };
  const sink: JudgeSink = { line: (text) => output.line(text), note: (text) => io.error(text) };

  const report = (item: InputCase, outcome: () => Formatted) => {
    cases++;
    reportCase(judge, solver.engine, item, outcome, sink, tally);
  };
  const solve = (item: InputCase) => report(item, () => format(judge, item, solveOne(solver, options, item)));

  // Batches: with --jobs > 1 (but sliding's, case by case on the pool), and
  // in this thread for all but sliding and lightsout (eight's too: a write a
  // case cost more than its search). A chunk is answered as printed text
  // (judge.ts), here or in a worker, and printed as it lands.
  const batched = !options.hint && ((options.jobs > 1 && !slidingPool) || !(searches || options.family === 'lightsout'));
  const chunk = chunkSize(options.family);
  const land = (items: InputCase[], answer: JudgeChunk | Error) => {
    if (answer instanceof Error) {
      // The pool lost the call (a worker died): each of its cases says so.
      for (const item of items)
        report(item, () => {
          throw answer;
        });
      return;
    }
    cases += items.length;
    output.lines(answer.out);
    answer.notes.forEach((line) => io.error(line));
    tally.failed += answer.failed;
    tally.stopped += answer.stopped;
    tally.broken += answer.broken;
  };
  // Chunks land in input order on one chain, which prints each as soon as it
  // and those before it are answered (also while the loop waits for input). At
  // most three a worker are on the pool (one running, two that the pool hands
  // over as soon as the worker answers, even while this thread is busy), and
  // at most four a thread solving wait on the chain, so memory stays flat.
  let landing: Promise<void> = Promise.resolve();
  let solvingMs = 0;
  let solvedHere = 0;
  let waiting = 0;
  let onPool = 0;
  const landingLimit = 4 * options.jobs;
  let wake: (() => void) | null = null;
  /**
   * A chunk answered in this thread. With workers, in slices, between which
   * the pool hands a worker that finished its next chunk (the pool posts calls
   * from this thread, so a worker waits while this thread is busy).
   */
  const answerHere = async (items: InputCase[]): Promise<JudgeChunk> => {
    const since = performance.now();
    solvedHere += items.length;
    if (workers === 0) {
      const answer = answerCases(solver, judge, items);
      solvingMs += performance.now() - since;
      return answer;
    }
    const slice = Math.max(1, chunk >> 4);
    const parts: JudgeChunk[] = [];
    for (let at = 0; at < items.length; at += slice) {
      parts.push(answerCases(solver, judge, items.slice(at, at + slice)));
      // Also while the workers start: each step of a start waits for this thread.
      if (pool !== null) await new Promise((resolve) => setImmediate(resolve));
    }
    solvingMs += performance.now() - since;
    return joinChunks(parts);
  };
  /** Sends full chunks (and with `all`, the rest) to be solved; with `end`, waits for every answer. */
  const dispatch = async (all: boolean, end = false) => {
    while (ready.length >= chunk || (all && ready.length > 0)) {
      const items = ready.splice(0, chunk);
      // The workers start once this thread has solved for a while, its cases
      // are not too cheap to send, and a full chunk waits: an input that this
      // thread answers sooner than a worker starts (about 0.1 s) never pays
      // for one.
      if (workers > 0 && items.length === chunk && solvingMs >= POOL_AFTER_MS && solvingMs >= POOL_CASE_MS * solvedHere) startPool();
      const toPool = started !== null && onPool < 3 * workers;
      const answer = toPool ? judgeOn!(started!, judge, items).catch((error: Error) => error) : await answerHere(items);
      if (toPool) onPool++;
      waiting++;
      landing = landing.then(async () => {
        land(items, await answer);
        if (toPool) onPool--;
        waiting--;
        wake?.();
        await output.flush(toPool && waiting === 0);
      });
      // Lets answers land, and the pool's messages (workers up, answers in) arrive.
      await (workers > 0 ? new Promise((resolve) => setImmediate(resolve)) : landing);
      while (waiting >= landingLimit) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    if (end) await landing;
  };

  /**
   * A sliding case with workers: a board of 4x4 or larger goes to the pool, a
   * smaller one (over before a worker could be told) and a bad one are
   * answered here. While at least as many cases as workers are in flight or
   * read and waiting (`crowd`), each case is searched alone on a worker: the
   * cases keep every worker busy, and a search split over workers pays for a
   * barrier at every bound. With fewer (one hard board, or the last ones of a
   * stream), a case is tried alone and then spread over every worker. Its
   * outcome lands in input order on the chain, at most eight a thread ahead.
   */
  const slidingCase = async (item: InputCase, behind: number) => {
    const crowd = waiting + 1 + behind;
    let outcome: Promise<() => Formatted>;
    const here = () => format(judge, item, solveOne(solver, options, item));
    if (item.error || boardCells(item.text) <= 9) outcome = Promise.resolve(here);
    else {
      outcome = (async () => {
        const needs = await tablesFor(item.text);
        if (needs && 'settled' in needs) return () => format(judge, item, needs.settled);
        await nextTurn();
        if (!poolReady.has(needs ? `${needs.size} ${needs.goal}` : '')) {
          void poolWith(needs);
          const answered = tryHere(item.text);
          if (answered) return () => format(judge, item, answered);
        }
        const onWorkers = await poolWith(needs);
        if (!onWorkers) return here;
        const sliding = { ...familyOptions(options), ...(crowd >= options.jobs ? { parallel: false } : {}) } as ManyFamilies['sliding']['options'];
        const result = await onWorkers.sliding(item.text, sliding).catch((error: Error) => error);
        return () => {
          if (result instanceof Error) throw result;
          return format(judge, item, result);
        };
      })();
    }
    waiting++;
    landing = landing.then(async () => {
      // A search may run for long: what is already answered goes out first.
      await output.flush(true);
      report(item, await outcome);
      waiting--;
      wake?.();
      // Written as it lands, also while the input stays open: a harness that
      // sends a case and waits for its answer must get it.
      await output.flush(true);
    });
    while (waiting >= 8 * options.jobs) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  };

  const ready: InputCase[] = [];
  const framer = framerFor(options.family, options.size, (item) => ready.push(item));
  const drain = async () => {
    if (batched) return dispatch(false);
    if (slidingPool) {
      for (let at = 0; at < ready.length; at++) await slidingCase(ready[at]!, ready.length - at - 1);
      ready.length = 0;
      return;
    }
    for (const item of ready) {
      // A search may run for long: what is already answered goes out first.
      if (searches) await output.flush(true);
      const needs = options.family === 'sliding' && !item.error ? await tablesFor(item.text) : undefined;
      if (needs && 'settled' in needs) report(item, () => format(judge, item, needs.settled));
      else solve(item);
      await output.flush(searches);
    }
    ready.length = 0;
  };
  try {
    try {
      for await (const lines of inputLines(io.input(), LINE_LIMIT)) {
        for (const line of lines) {
          if (typeof line === 'string') framer.line(line);
          else framer.overlong(line.overlong, LINE_LIMIT);
          // Batched, a chunk is worth a call only once full (the rest goes after each read).
          // On the sliding pool, a read's cases go together, so each knows how many follow it.
          if (!slidingPool && ready.length >= (batched ? chunk : 1)) await drain();
        }
        if (slidingPool) await drain();
        // Every case read goes to be solved; the pool's answers print as they land.
        if (batched) await dispatch(true);
        // About to wait for input: whoever is typing or piping sees every answer so far.
        await output.flush(true);
      }
    } catch (error) {
      await dispatch(true, true);
      await landing;
      await output.flush(true);
      io.error(`puzzlesearch: ${readError(error)}`);
      return 1;
    }
    framer.end();
    if (batched) await dispatch(true, true);
    else await drain();
    await landing;
    await output.flush(true);
  } finally {
    if (started !== null) await (started as SolverPool).terminate();
    else if (pool !== null) {
      abandon.abort();
      await pool;
    }
  }
  if (cases === 0 && (io.interactive || options.stats)) io.error('puzzlesearch: no cases read');
  return tally.broken > 0 ? 1 : tally.failed > 0 ? 2 : tally.stopped > 0 ? 3 : 0;
}
