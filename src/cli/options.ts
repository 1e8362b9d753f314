/**
 * The command line of the solving commands (`puzzlesearch FAMILY [options]`):
 * parsed and checked before any input is read, into the Options every case is
 * solved with. A bad one is a UsageError (exit 1) naming the option.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { splitCases, tokenFramer, type TokenShape } from './cases.js';
import { didYouMean } from '../api/suggest.js';
import { argsErrorMessage } from './argsError.js';
import { reasonOf } from './inputFiles.js';
import { parseSize } from '../pdb/tables.js';
import { TABLE_SIZES } from '../pdb/plan.js';
import { FAMILIES as families, type Family } from './usage.js';
import { GOAL_NAMES, PuzzleInputError, orList, parseSlidingBoard, type GoalName } from '../api/boards.js';
import { partitionNames } from '../pdb/partitions.js';
import { ENGINES, HEURISTICS, MOVE_PRUNINGS, type EngineName, type Heuristic, type MovePruningName } from '../engine/contract.js';
import { LIGHTS_OUT_PATTERNS, lightsOutProblem, type LightsOutOptions } from '../api/lightsOut.js';
import { SLIDING_ALGORITHMS, type ManyFamilies, type ManyFamily, type SlidingAlgorithm } from '../api/types.js';

/** The most worker threads --jobs takes (the pool's own limit). */
const MAX_JOBS = 256;

/** --jobs when not given: a thread per core (this one counts: it solves too). */
function defaultJobs(): number {
  return Math.max(1, Math.min(MAX_JOBS, availableParallelism()));
}

export interface Options {
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
  /** Files named after FAMILY, read in order instead of standard input ('-' is standard input); none: standard input. */
  files: string[];
}

/** A bad command line: its message is printed with a pointer to --help, exit 1. */
export class UsageError extends Error {}

/** An input file that cannot be read: one line naming it, exit 1, with no pointer to --help (the command line was fine). */
export class MissingFileError extends UsageError {}

const valueOptions = ['engine', 'algorithm', 'heuristic', 'pruning', 'partition', 'size', 'goal', 'max-nodes', 'pattern', 'colors', 'max-kernel', 'jobs'];
/** Every option the main CLI takes, for "did you mean". */
const KNOWN_OPTIONS = [...valueOptions, 'moves', 'stats', 'json', 'torus', 'help', 'version'];

function oneOf<T extends string>(what: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  throw new UsageError(
    `unknown ${what} '${value}', expected ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}${didYouMean(value, choices)}`,
  );
}

/** Help asked for a family (`flip --help`), or for hint (`hint --help`, `hint flip --help`). */
export type HelpAsked = { help: Family | undefined; hint: boolean };

export function parseOptions(argv: string[], warn: (line: string) => void): Options | 'help' | HelpAsked | 'version' {
  // `--max-nodes -1` is glued into `--max-nodes=-1`, so that a value starting
  // with a dash reaches the check below instead of parseArgs' several-line message.
  // Not past a bare `--`: what follows it is positional, and a message quotes it as typed.
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const glued = i + 1 < end && valueOptions.includes(argv[i]!.slice(2)) && argv[i]!.startsWith('--');
    args.push(glued ? `${argv[i]}=${argv[++i]}` : argv[i]!);
  }
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
    throw new UsageError(argsErrorMessage(error, KNOWN_OPTIONS));
  }
  const { values, positionals } = parsed;
  // `puzzlesearch flip --help`: that family's help; `hint [FAMILY] --help`, hint's; a misspelt family still gets the whole.
  if (values.help) {
    const hint = positionals[0] === 'hint';
    const named = hint ? positionals.slice(1) : positionals;
    const family = named.length === 1 && (families as readonly string[]).includes(named[0]!) ? (named[0] as Family) : undefined;
    if (hint && named.length <= 1) return { help: family, hint };
    return family !== undefined && named.length === 1 ? { help: family, hint } : 'help';
  }
  if (values.version) return 'version';
  // `puzzlesearch hint FAMILY`: the hint mode of the sliding families.
  const hint = positionals[0] === 'hint';
  const named = hint ? positionals.slice(1) : positionals;
  if (named.length === 0) throw new UsageError('missing FAMILY');
  const family = oneOf('family', named[0], families)!;
  const files = inputFiles(named);
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
    files,
  };
}

/**
 * The files named after FAMILY (`named`: FAMILY and what follows it), each
 * checked before any case is read, so that a missing one is one line naming
 * it. An argument that is no file but reads as an option or a family was not
 * meant as a file: the command line is what is wrong.
 */
function inputFiles(named: readonly string[]): string[] {
  const files = named.slice(1);
  for (const file of files) {
    if (file === '-') continue;
    try {
      if (statSync(file).isDirectory()) throw new MissingFileError(`cannot read ${file}: it is a directory`);
      accessSync(file, constants.R_OK);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && (file.startsWith('-') || (families as readonly string[]).includes(file) || file === 'hint')) {
        throw new UsageError(`one FAMILY expected, got ${named.join(' ')}`);
      }
      throw new MissingFileError(`cannot read ${file}: ${reasonOf(error)}`);
    }
  }
  return files;
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
  const pattern = values.pattern === undefined ? undefined : patternOption(values.pattern, warn);
  if (pattern !== undefined) options.pattern = pattern.stencil;
  if (values.colors !== undefined) {
    // Only text that is no whole number is worded here: the check below names the range (2 to 251) and
    // primality, so that 0, 1 and 257 are told the same range ('from 1' once said 0 and then refused 1).
    if (!/^\d+$/.test(values.colors)) throw new UsageError(`--colors takes a prime number of colours from 2 to 251, not '${values.colors}'`);
    options.colors = Number(values.colors);
  }
  if (values.goal !== undefined) {
    if (values.goal !== 'off' && values.goal !== 'on') throw new UsageError(`--goal for lightsout is off or on, not '${values.goal}'`);
    options.target = values.goal === 'on' ? 1 : 0;
  }
  options.maxKernel = wholeNumber('--max-kernel', 'press sets', values['max-kernel']);
  try {
    lightsOutProblem('0', options);
  } catch (error) {
    if (!(error instanceof PuzzleInputError)) throw error;
    // A stencil read from a file is named by its file: the line numbers are the file's.
    const fromFile = pattern?.file !== undefined && /^pattern: /.test(error.message);
    throw new UsageError(fromFile ? `--pattern: ${pattern.file}: ${error.message.replace(/^pattern: /, '')}` : error.message);
  }
  return options;
}

/**
 * --pattern's value: a pattern's name (a note says so when a file of that
 * name exists too, and how to name the file: './x'); else, when something
 * exists at that path, the stencil in that file (a note says so when the
 * value would also be an inline stencil, such as './x'); else an inline
 * stencil ('/' between rows). A value with characters no stencil has
 * ('./cross.txt') is a file that could not be read, not a bad stencil.
 */
function patternOption(value: string, warn: (line: string) => void): { stencil: string; file?: string } {
  if ((LIGHTS_OUT_PATTERNS as readonly string[]).includes(value)) {
    if (existsSync(value))
      warn(`puzzlesearch: note: --pattern '${value}' is the built-in pattern ${value}, not the file ${value}; write ./${value} for the file`);
    return { stencil: value };
  }
  const inline = /^[.#01XxOo/\s]+$/.test(value);
  if (!value.includes('\n') && existsSync(value)) {
    if (!statSync(value).isFile()) throw new UsageError(`--pattern: ${value} is not a regular file`);
    if (inline) warn(`puzzlesearch: note: --pattern '${value}' is read from the file ${value}, not as an inline stencil`);
    const stencil = readPattern(value);
    // Read as a stencil, an empty file would be "unknown pattern ''", which names neither the file nor what is wrong.
    if (stencil.trim() === '') throw new UsageError(`--pattern: ${value}: empty, expected a stencil of '.', '#' and one 'X' or 'O'`);
    return { stencil, file: value };
  }
  if (!inline && /[/\\]|\.\w+$/.test(value)) readPattern(value);
  return { stencil: value };
}

function readPattern(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--pattern: cannot read ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The options every case of the family is solved with. */
export function familyOptions(options: Options): ManyFamilies[ManyFamily]['options'] {
  if (options.family === 'lightsout') return options.lights;
  if (options.family !== 'eight' && options.family !== 'sliding') return undefined;
  const goal = (GOAL_NAMES as readonly string[]).includes(options.goal ?? '') ? (options.goal as GoalName) : options.goal;
  return { goal, algorithm: options.algorithm, heuristic: options.heuristic, pruning: options.pruning, maxNodes: options.maxNodes };
}
