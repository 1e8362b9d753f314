/**
 * Cases in the judges' formats answered as the CLI prints them: the lines for
 * standard output, the lines for standard error, and how each case ended. One
 * code for every way the CLI answers, so that they print byte for byte the
 * same: a case alone (`reportCase`), and a chunk of cases in one `solveMany`
 * (`answerCases`), in the CLI's own thread or in a pool worker (the pool's
 * `judgeCases`). A worker hands back one string of output and a few error
 * lines instead of a result object per case, so the thread that prints does
 * little more than print.
 *
 * One file of about 410 lines: every family's answer lines and the two ways
 * of answering read the same per-case code, and the CLI's byte-for-byte
 * equality between them rests on it being one.
 */
import { PuzzleInputError, namedGoal, parseSlidingBoard, slidingReachable } from '../api/boards.js';
import { pressGridTextOn, type LightsOutResult } from '../api/lightsOut.js';
import { coreOf } from '../api/solver.js';
import type { BoardError, ManyFamilies, ManyFamily, Result, Solver, TrialStats } from '../api/types.js';
import type { FlipHint, FourLineHint, LightsOutHint, SlidingHint } from '../api/hint.js';

/** What `solveMany` calls each CLI family. */
export const manyFamily = { flip: 'flip', pilots: 'pilots', fourline: 'fourLine', eight: 'sliding', sliding: 'sliding', lightsout: 'lightsOut' } as const;

/** The CLI's family names. */
export type JudgeFamily = keyof typeof manyFamily;

/** How every case of a run is solved and printed; plain data, so that it crosses to a worker. */
export interface JudgeOptions {
  family: JudgeFamily;
  /** The options of every case (sliding or Lights Out options; none for the others). */
  solve: ManyFamilies[ManyFamily]['options'];
  /** --moves: also print the moves of flip and fourline, the press grid of lightsout. */
  moves: boolean;
  /** --stats: a line of nodes and time per case on standard error (and one of nodes expanded for sliding IDA*). */
  stats: boolean;
  /** --json: one JSON object a case on standard output (JSON Lines) instead of the judge's lines. */
  json?: boolean;
  /** `hint`: a sliding case's result is a hint (each move with its distance). */
  hint?: boolean;
}

/** One case as framed from the input (the CLI's InputCase); plain data. */
export interface JudgeCase {
  /** 1-based case number, for standard error. */
  index: number;
  text: string;
  /** Set when the lines could not make a case: it is reported, not solved. */
  error?: string;
  /** Input read from files: where the case starts ('boards.txt, line 5'), named in its messages. */
  source?: string;
}

/** How the cases of a run ended, beyond those answered: the exit status is read from these. */
export interface JudgeTally {
  /** Bad input. */
  failed: number;
  /** Searches stopped at --max-nodes. */
  stopped: number;
  /** Faults of ours (internal errors). */
  broken: number;
}

/**
 * A chunk's answers: its standard output lines, each ended by a newline (so a
 * solved board's empty line is one line, never nothing), its standard error
 * lines, and its tally.
 */
export interface JudgeChunk extends JudgeTally {
  out: string;
  notes: string[];
}

/** Where a case's lines go. */
export interface JudgeSink {
  line(text: string): void;
  note(text: string): void;
}

/** What the CLI reports of any family's result besides its lines. */
export interface Answered {
  stats: { nodes: number; expanded?: number; ms: number; heuristic?: string; partition?: string; workers?: number; trial?: TrialStats };
  warning?: string;
}

/**
 * A case's answer for --json: the length (null: no solution) and its moves,
 * one object a move in every family (docs/cli.md gives each family's), so
 * that `moves.length === length` wherever a solution is given: a cell
 * {row, col} (flip, pilots, and lightsout, whose cell pressed twice comes
 * twice), {colour, from, to} (fourline), {move} (eight, sliding: the blank's
 * direction). A hint's moves are the same objects with `distance` and
 * `optimal`, as the API's hints give them.
 */
interface Solution {
  length: number | null;
  /** Made only for --json: the judge's lines need no object a move. */
  moves: () => JsonMove[];
  /** No solution: why, in the library's words (--json's `detail`, beside unsolvableWords' `reason`). */
  detail?: string;
}

/**
 * Why a board has no solution, as a player would put it: the library's
 * reasons speak of permutation parity and press-map kernels, which --json
 * keeps as `detail`.
 */
export function unsolvableWords(family: JudgeFamily): string {
  if (family === 'eight' || family === 'sliding') {
    return 'no sequence of moves reaches the goal: the board is in the half of all arrangements that cannot, as if two tiles had been swapped';
  }
  if (family === 'fourline') return 'no alternating moves make a line of four';
  if (family === 'lightsout') return 'no set of presses reaches the goal';
  return 'no set of presses makes the board one colour';
}

/** One move in --json. */
type JsonMove = Record<string, unknown>;

/** A case's lines, what is reported beside them, and the answer --json prints instead of them. */
export interface Formatted {
  /** Standard output's lines; an entry may hold several (a Lights Out grid is one text). */
  lines: string[];
  result: Answered;
  solution: Solution;
}

/** Any family's result, or a bad board's error from a batch. */
export type AnyResult = ManyFamilies[ManyFamily]['result'] | SlidingHint | FlipHint | FourLineHint | LightsOutHint | BoardError;

/** A search that reached --max-nodes: the case has no answer, but its input was fine. */
export class SearchStopped extends Error {}

function cellLines(result: Result<{ row: number; col: number }>): string[] {
  return result.moves.map(({ row, col }) => `${row} ${col}`);
}

/** A solution's cells for --json, as {row, col} whatever else the result's objects carry. */
function cellMoves(result: Result<{ row: number; col: number }>): JsonMove[] {
  return result.moves.map(({ row, col }) => ({ row, col }));
}

/** A Lights Out answer's presses for --json: {row, col} a press, row by row, a cell pressed c times c times over. */
function pressMoves(result: LightsOutResult): JsonMove[] {
  const moves: JsonMove[] = [];
  const { grid, cols } = result;
  if (grid === null) return moves;
  for (let cell = 0; cell < grid.length; cell++) {
    for (let press = 0; press < grid[cell]!; press++) moves.push({ row: Math.floor(cell / cols) + 1, col: (cell % cols) + 1 });
  }
  return moves;
}

/**
 * The lines for standard output of one case's result. Throws PuzzleInputError
 * for a bad board, SearchStopped for a stopped search. `solver`: the one that
 * answered, whose engine may write a Lights Out grid faster than this thread.
 */
export function format(options: JudgeOptions, item: JudgeCase, any: AnyResult, solver?: Solver): Formatted {
  if (any.status === 'error') throw new PuzzleInputError(any.reason);
  const none = (detail: string | undefined): Solution => ({ length: null, moves: () => [], detail });
  if (options.hint && (options.family === 'flip' || options.family === 'pilots')) return pressHintLines(any as FlipHint);
  switch (options.family) {
    case 'flip': {
      const result = any as ManyFamilies['flip']['result'];
      if (!result.solvable) return { lines: ['Impossible'], result, solution: none(result.reason) };
      const moves = cellLines(result);
      return { lines: [String(result.length), ...(options.moves ? moves : [])], result, solution: { length: result.length, moves: () => cellMoves(result) } };
    }
    case 'pilots': {
      const result = any as ManyFamilies['pilots']['result'];
      return { lines: [String(result.length), ...cellLines(result)], result, solution: { length: result.length, moves: () => cellMoves(result) } };
    }
    case 'fourline': {
      if (options.hint) return fourLineHintLines(any as FourLineHint);
      const result = any as ManyFamilies['fourLine']['result'];
      if (!result.solvable) return { lines: ['Impossible'], result, solution: none(result.reason) };
      const moves = result.moves.map((m) => `${m.colour} ${m.from.row} ${m.from.col} -> ${m.to.row} ${m.to.col}`);
      const json = () => result.moves.map(({ colour, from, to }) => ({ colour, from: { row: from.row, col: from.col }, to: { row: to.row, col: to.col } }));
      return { lines: [String(result.length), ...(options.moves ? moves : [])], result, solution: { length: result.length, moves: json } };
    }
    case 'lightsout': {
      if (options.hint) return lightsOutHintLines(any as LightsOutHint);
      const result = any as LightsOutResult;
      if (result.status === 'unsolvable') return { lines: ['Impossible'], result, solution: none(result.reason) };
      const warning = result.minimal
        ? undefined
        : `not proven minimal: the kernel has dimension ${result.kernelDimension}, more press sets than --max-kernel allows to weigh`;
      // The grid as one text (a line a row) from the typed grid: a 1000x1000 board's presses are never a list of objects.
      const grid = options.moves && !options.json ? pressGridTextOn(solver && coreOf(solver).lightsOut, result) : '';
      return {
        lines: [String(result.length), ...(options.moves ? [grid] : [])],
        result: { stats: result.stats, warning },
        solution: { length: result.length, moves: () => pressMoves(result) },
      };
    }
    case 'eight':
    case 'sliding': {
      if (options.hint) return hintLines(any as SlidingHint);
      const result = any as ManyFamilies['sliding']['result'];
      if (result.status === 'stopped') throw new SearchStopped(result.reason);
      if (result.status === 'solved')
        return { lines: [result.path], result, solution: { length: result.length, moves: () => result.moves.map((move) => ({ move })) } };
      return { lines: ['unsolvable'], result: { stats: result.stats, warning: otherGoalNote(options, item) }, solution: none(result.reason) };
    }
  }
}

/**
 * A Flip or Pilots hint as one line: the fewest presses after pressing each
 * cell, row by row, rows between slashes ("3 3 5 5 / 5 3 5 3 / ..."); a cell
 * whose distance is one less than the board's keeps it optimal. Impossible, as
 * the judges say, when no press set reaches the goal.
 */
function pressHintLines(hint: FlipHint): Formatted {
  const result = { stats: hint.stats, warning: undefined };
  if (hint.status === 'unsolvable') return { lines: ['Impossible'], result, solution: { length: null, moves: () => [], detail: hint.reason } };
  const rows = [0, 1, 2, 3].map((row) =>
    hint.cells
      .slice(4 * row, 4 * row + 4)
      .map((cell) => String(cell.distance))
      .join(' '),
  );
  return {
    lines: [rows.join(' / ')],
    result,
    solution: { length: hint.distance, moves: () => hint.cells.map(({ row, col, distance, optimal }) => ({ row, col, distance, optimal })) },
  };
}

/**
 * A Lights Out hint as one line, as Flip's: the fewest presses after pressing
 * each cell once, rows between slashes; a cell one below the board's belongs
 * to a fewest press set. Impossible when no press set switches it off.
 */
function lightsOutHintLines(hint: LightsOutHint): Formatted {
  const warning = hint.minimal ? undefined : "not proven minimal: some coset has more press sets than --max-kernel or the hint's share allows to weigh";
  const result = { stats: hint.stats, warning };
  if (hint.status === 'unsolvable') return { lines: ['Impossible'], result, solution: { length: null, moves: () => [], detail: hint.reason } };
  const rows = Array.from({ length: hint.rows }, (_, row) => Array.from(hint.after.subarray(row * hint.cols, (row + 1) * hint.cols)).join(' '));
  const moves = () =>
    Array.from(
      hint.after,
      (distance, cell): JsonMove => ({
        row: Math.floor(cell / hint.cols) + 1,
        col: (cell % hint.cols) + 1,
        distance,
        optimal: hint.optimal[cell] === 1,
      }),
    );
  return { lines: [rows.join(' / ')], result, solution: { length: hint.distance, moves } };
}

/**
 * A four-in-a-line hint as one line: every legal move, either side first as
 * the judge has it, in the --moves format with the fewest moves after it
 * ('B 1 4 -> 1 3 = 4; W 2 1 -> 1 1 = 5'; '-' when no line can follow), or
 * Impossible.
 */
function fourLineHintLines(hint: FourLineHint): Formatted {
  const result = { stats: hint.stats, warning: hint.warning };
  if (hint.status === 'unsolvable') return { lines: ['Impossible'], result, solution: { length: null, moves: () => [], detail: hint.reason } };
  const moves = hint.moves.map((m) => `${m.colour} ${m.from.row} ${m.from.col} -> ${m.to.row} ${m.to.col} = ${m.distance ?? '-'}`);
  const json = () =>
    hint.moves.map(({ colour, from, to, distance, optimal }) => ({
      colour,
      from: { row: from.row, col: from.col },
      to: { row: to.row, col: to.col },
      distance,
      optimal,
    }));
  return { lines: [moves.join('; ')], result, solution: { length: hint.distance, moves: json } };
}

/**
 * A hint as one line: each legal move of the blank (u, d, l, r) and the
 * distance after it ('?' when not settled within --max-nodes), e.g.
 * "u 3 d 1 l 3 r 3"; 'unsolvable' or 'stopped' when the board has no distance.
 */
function hintLines(hint: SlidingHint): Formatted {
  const result = { stats: hint.stats, warning: undefined };
  if (hint.status === 'unsolvable') return { lines: ['unsolvable'], result, solution: { length: null, moves: () => [], detail: hint.reason } };
  if (hint.status === 'stopped') throw new SearchStopped(hint.reason ?? 'stopped');
  const moves = hint.moves.map(({ move, distance }) => `${move} ${distance ?? '?'}`);
  return {
    lines: [moves.join(' ')],
    result,
    solution: { length: hint.distance, moves: () => hint.moves.map(({ move, distance, optimal }) => ({ move, distance, optimal })) },
  };
}

/**
 * For a board unsolvable for the default goal (blank-last, no --goal given): a
 * note when the blank-first goal is reachable, which is most often what a user
 * meant (Korf's boards use it). A goal given with --goal was meant as given.
 */
function otherGoalNote(options: JudgeOptions, item: JudgeCase): string | undefined {
  if ((options.solve as { goal?: unknown } | undefined)?.goal !== undefined) return undefined;
  const goal = 'blank-last';
  const other = 'blank-first';
  let start;
  try {
    start = parseSlidingBoard(item.text);
  } catch {
    return undefined; // Rows of a --size board: its own size is not known here, and no note is owed.
  }
  if (!slidingReachable(start, namedGoal(other, start.width, start.height))) return undefined;
  return `unsolvable for goal ${goal}; solvable for ${other} (--goal ${other})`;
}

/**
 * One case's lines into `sink`, its ending into `tally`: `outcome` gives its
 * lines (it throws for a bad or stopped case). Every case prints at least one
 * line ('error' and 'stopped' included), so that answers line up with cases.
 */
export function reportCase(options: JudgeOptions, engine: string, item: JudgeCase, outcome: () => Formatted, sink: JudgeSink, tally: JudgeTally): void {
  // --json: the same case as one object; the judge's words ('error', 'stopped') become its status.
  const json = (fields: Record<string, unknown>) => sink.line(JSON.stringify({ case: item.index, ...fields }));
  // What standard error calls the case: its number, and its file and line when read from files.
  const label = item.source === undefined ? `case ${item.index}` : `case ${item.index} (${item.source})`;
  try {
    if (item.error) throw new PuzzleInputError(item.error);
    const { lines, result, solution } = outcome();
    if (options.json) {
      const { nodes, expanded, ms } = result.stats;
      // expanded: sliding IDA* only, beside nodes (generated), as the published counts give it.
      const counts = expanded === undefined ? { nodes } : { nodes, expanded };
      // Which tables a per-board trial chose, and its nodes (counted in nodes too).
      const { partition, trial } = result.stats;
      const chosen = trial ? { partition, trial } : {};
      const why = solution.length === null ? { reason: unsolvableWords(options.family), detail: solution.detail } : {};
      json({
        status: solution.length === null ? 'unsolvable' : 'solved',
        length: solution.length,
        moves: solution.moves(),
        ...counts,
        ...chosen,
        ms: Number(ms.toFixed(3)),
        ...why,
      });
    } else {
      lines.forEach((line) => sink.line(line));
    }
    if (result.warning) sink.note(`${label}: ${result.warning}`);
    if (options.stats) {
      const { nodes, ms, heuristic, partition, workers } = result.stats;
      const how = [engine, heuristic && heuristic !== 'none' ? `${heuristic}${partition ? ` ${partition}` : ''}` : '', workers ? `over ${workers} workers` : '']
        .filter(Boolean)
        .join(', ');
      sink.note(`${label}: ${nodes} nodes, ${ms.toFixed(3)} ms (${how})`);
      // A line of its own, so that the line above keeps its form for scripts that read it.
      if (result.stats.expanded !== undefined) sink.note(`${label}: ${result.stats.expanded} expanded`);
      const { trial } = result.stats;
      if (trial) {
        const at = trial.bound === undefined ? '' : `, compared at bound ${trial.bound}`;
        sink.note(`${label}: ${trial.chose} chosen over ${trial.over} by a trial of ${trial.nodes} nodes (in the count above)${at}`);
      }
    }
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    if (error instanceof SearchStopped) {
      tally.stopped++;
      if (options.json) json({ status: 'stopped', reason: message });
      else sink.line('stopped');
    } else if (error instanceof PuzzleInputError) {
      tally.failed++;
      if (options.json) json({ status: 'error', reason: message });
      else sink.line('error');
    } else {
      // A fault of ours, not of the input: still one line, and the other cases go on.
      tally.broken++;
      if (options.json) json({ status: 'error', reason: `internal error: ${message}` });
      else sink.line('error');
      sink.note(`${label}: internal error: ${(error as Error).message.split('\n')[0]}`);
      return;
    }
    sink.note(`${label}: ${(error as Error).message}`);
  }
}

/**
 * A chunk of cases, reported in order: every well-framed board through one
 * `solveMany` (an error of the whole batch is reported on each of its cases).
 */
export function answerCases(solver: Solver, options: JudgeOptions, items: readonly JudgeCase[]): JudgeChunk {
  const lines: string[] = [];
  const chunk: JudgeChunk = { out: '', notes: [], failed: 0, stopped: 0, broken: 0 };
  const sink: JudgeSink = { line: (text) => lines.push(text), note: (text) => chunk.notes.push(text) };
  const boards = items.filter((item) => !item.error).map((item) => item.text);
  let answers: AnyResult[] | Error;
  try {
    answers = solver.solveMany(manyFamily[options.family], boards, options.solve as never) as AnyResult[];
  } catch (error) {
    answers = error as Error;
  }
  let next = 0;
  for (const item of items) {
    const answer = item.error ? null : answers instanceof Error ? answers : answers[next++];
    reportCase(
      options,
      solver.engine,
      item,
      () => {
        if (answer instanceof Error) throw answer;
        return format(options, item, answer!, solver);
      },
      sink,
      chunk,
    );
  }
  chunk.out = lines.map((line) => `${line}\n`).join('');
  return chunk;
}

/** Chunks answered one after another, as one chunk. */
export function joinChunks(parts: readonly JudgeChunk[]): JudgeChunk {
  const joined: JudgeChunk = { out: '', notes: [], failed: 0, stopped: 0, broken: 0 };
  const outs: string[] = [];
  for (const part of parts) {
    outs.push(part.out);
    joined.notes.push(...part.notes);
    joined.failed += part.failed;
    joined.stopped += part.stopped;
    joined.broken += part.broken;
  }
  joined.out = outs.join('');
  return joined;
}
