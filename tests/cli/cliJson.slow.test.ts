/**
 * `--json` (issue 22 §3): one JSON object a case, in input order, for scripts:
 * case, status, length, moves, nodes, ms, or a reason. Every move list is
 * replayed with the oracles, lengths are held to a BFS, bad and stopped cases
 * keep their place, and the exit status and standard error are those of the
 * judge's lines. `--jobs 2` prints the same objects but for their times.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_MOVE_ORDER } from '../../src/engine/contract.js';
import {
  FLIP_GOALS,
  bfsDistance,
  iterationExpansions,
  hasLine,
  lightsOutStencils,
  replayFourLine,
  replayLightsOut,
  replayPresses,
  replaySliding,
  seededRandom,
  shuffle,
  slidingNeighbours,
} from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));
const run = (args: string[], input: string) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 120_000 });

/** A move as --json gives it: {row, col}, {colour, from, to} or {move}, with distance and optimal in a hint (docs/cli.md). */
type Move = { row: number; col: number; move: string; colour: 'B' | 'W'; from: { row: number; col: number }; to: { row: number; col: number } };
type Answer = { case: number; status: string; length?: number | null; moves?: Move[]; nodes?: number; expanded?: number; ms?: number; reason?: string };
const parse = (stdout: string): Answer[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Answer);
const timeless = (answers: Answer[]) => answers.map(({ ms, ...rest }) => rest);

describe('CLI --json', () => {
  it('flip: every case an object in order, presses replayed, a bad case an error with its reason', () => {
    const random = seededRandom(44);
    const boards: Array<number | null> = Array.from({ length: 300 }, (_, i) => (i % 97 === 5 ? null : Math.floor(random() * 65536)));
    const text = (board: number | null) =>
      board === null
        ? 'bwbw\nbqbw\nbwbw\nbwbw'
        : Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => ((board >> (4 * r + c)) & 1 ? 'b' : 'w')).join('')).join('\n');
    const input = `${boards.map(text).join('\n\n')}\n`;
    const one = run(['flip', '--json', '--jobs', '1'], input);
    const two = run(['flip', '--json', '--jobs', '2'], input);
    expect(one.status).toBe(2);
    expect(two.status).toBe(2);
    expect(two.stderr).toBe(one.stderr);
    const answers = parse(one.stdout);
    expect(timeless(parse(two.stdout))).toEqual(timeless(answers));
    expect(answers.map((answer) => answer.case)).toEqual(boards.map((_, i) => i + 1));
    answers.forEach((answer, i) => {
      const board = boards[i]!;
      if (board === null) {
        expect(answer).toMatchObject({ status: 'error', reason: expect.stringMatching(/stray character 'q'/) });
        return;
      }
      if (answer.status === 'unsolvable') return expect(answer.length).toBeNull();
      expect(answer.status).toBe('solved');
      expect(answer.moves).toHaveLength(answer.length!);
      // One {row, col} a press (issue 39: one shape for moves; it was "row col").
      const presses = answer.moves!.map((move) => ({ row: move.row, col: move.col }));
      expect(FLIP_GOALS.flip).toContain(replayPresses('flip', board, presses));
      expect(answer.nodes).toBeGreaterThanOrEqual(0);
    });
  });

  it('eight: solved paths at BFS length, an unsolvable board, a solved board (length 0), a stopped search', () => {
    const random = seededRandom(45);
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    const boards = [...Array.from({ length: 6 }, () => shuffle([...goal], random)), goal];
    const input = `${boards.map((b) => b.map((t) => (t === 0 ? 'x' : t)).join(' ')).join('\n')}\n`;
    const answers = parse(run(['eight', '--json'], input).stdout);
    expect(answers).toHaveLength(boards.length);
    answers.forEach((answer, i) => {
      const distance = bfsDistance(
        [boards[i]!],
        (tiles: number[]) => slidingNeighbours(tiles, 3),
        (tiles: number[]) => tiles.join() === goal.join(),
      );
      if (distance === null) return expect(answer).toMatchObject({ status: 'unsolvable', length: null, moves: [] });
      expect(answer).toMatchObject({ status: 'solved', length: distance });
      expect(replaySliding(boards[i]!, 3, answer.moves!.map((move) => move.move).join(''))).toEqual(goal);
    });
    const stopped = run(['eight', '--json', '--max-nodes', '3'], '2 3 4 1 5 x 7 6 8\n');
    expect(stopped.status).toBe(3);
    expect(parse(stopped.stdout)).toEqual([{ case: 1, status: 'stopped', reason: expect.stringMatching(/3 nodes/) }]);
  });

  it('sliding IDA*: nodes expanded beside nodes in --json and on a --stats line of their own, equal to the oracle, --jobs 1 and 2', () => {
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    const random = seededRandom(46);
    const boards = Array.from({ length: 5 }, () => shuffle([...goal], random)).filter(
      (tiles) =>
        bfsDistance(
          [tiles],
          (state: number[]) => slidingNeighbours(state, 3),
          (state: number[]) => state.join() === goal.join(),
        ) !== null,
    );
    const input = `${boards.map((tiles) => tiles.join(' ')).join('\n')}\n`;
    const args = ['eight', '--heuristic', 'manhattan', '--pruning', 'parent', '--stats'];
    const one = run([...args, '--json', '--jobs', '1'], input);
    expect(one.status, one.stderr).toBe(0);
    const answers = parse(one.stdout);
    expect(timeless(parse(run([...args, '--json', '--jobs', '2'], input).stdout))).toEqual(timeless(answers));
    const h = (tiles: number[]) =>
      tiles.reduce(
        (sum, tile, p) => (tile === 0 ? sum : sum + Math.abs(Math.floor(p / 3) - Math.floor((tile - 1) / 3)) + Math.abs((p % 3) - ((tile - 1) % 3))),
        0,
      );
    answers.forEach((answer, i) => {
      const tiles = boards[i]!;
      // The iterations' bounds: Manhattan's parity is the length's, so every second value from h up to it.
      const bounds = Array.from({ length: (answer.length! - h(tiles)) / 2 + 1 }, (_, k) => h(tiles) + 2 * k);
      const expected = bounds.reduce(
        (sum, bound, k) => sum + iterationExpansions(tiles, 3, bound, h, goal, k === bounds.length - 1 ? SEARCH_MOVE_ORDER : undefined),
        0,
      );
      expect(answer.expanded, tiles.join(' ')).toBe(expected);
      expect(one.stderr).toContain(`case ${i + 1}: ${expected} expanded\n`);
    });
    // Not for the exhaustive searches, which count states taken off their queue.
    const bfs = run(['eight', '--algorithm', 'bfs', '--json', '--stats'], input);
    expect(parse(bfs.stdout).every((answer) => answer.expanded === undefined)).toBe(true);
    expect(bfs.stderr).not.toContain('expanded');
  });

  it('one shape of moves in every family (issue 39): an object a move, as many as the length, replayed; the judge lines list the same moves', () => {
    /** Keys of each family's move objects, and of a hint's (the move's and distance, optimal). */
    const keys = { cell: ['col', 'row'], fourline: ['colour', 'from', 'to'], sliding: ['move'] };
    const hintKeys = (move: string[]) => [...move, 'distance', 'optimal'].sort();
    const solved = (family: string, input: string, args: string[] = []) => {
      const answers = parse(run([family, '--json', ...args], input).stdout);
      for (const answer of answers) {
        expect(answer.status, family).toBe('solved');
        expect(answer.moves, family).toHaveLength(answer.length!);
      }
      return answers;
    };
    const flipText = 'bwwb\nbbwb\nbwwb\nbwww\n';
    const flip = solved('flip', flipText)[0]!;
    flip.moves!.forEach((move) => expect(Object.keys(move).sort()).toEqual(keys.cell));
    expect(FLIP_GOALS.flip).toContain(replayPresses('flip', flipBits(flipText, 'b'), flip.moves!));
    // The judge's --moves lines are the same presses.
    expect(run(['flip', '--moves'], flipText).stdout).toBe(`${flip.length}\n${flip.moves!.map((m) => `${m.row} ${m.col}\n`).join('')}`);
    const pilotsText = '-+--\n----\n----\n-+--\n';
    const pilots = solved('pilots', pilotsText)[0]!;
    pilots.moves!.forEach((move) => expect(Object.keys(move).sort()).toEqual(keys.cell));
    expect(replayPresses('pilots', flipBits(pilotsText, '+'), pilots.moves!)).toBe(0);
    expect(run(['pilots'], pilotsText).stdout).toBe(`${pilots.length}\n${pilots.moves!.map((m) => `${m.row} ${m.col}\n`).join('')}`);
    const fourText = 'BWBO\nWBWB\nBWBW\nWBWO\n';
    const four = solved('fourline', fourText)[0]!;
    four.moves!.forEach((move) => expect(Object.keys(move).sort()).toEqual(keys.fourline));
    expect(hasLine(replayFourLine(fourText.replace(/\n/g, ''), four.moves!))).toBe(true);
    expect(run(['fourline', '--moves'], fourText).stdout).toBe(
      `${four.length}\n${four.moves!.map((m) => `${m.colour} ${m.from.row} ${m.from.col} -> ${m.to.row} ${m.to.col}\n`).join('')}`,
    );
    for (const [family, board, width] of [
      ['eight', [2, 3, 4, 1, 5, 0, 7, 6, 8], 3],
      ['sliding', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15], 4],
    ] as const) {
      const text = board.map((t) => (t === 0 ? 'x' : t)).join(' ');
      const answer = solved(family, `${text}\n`)[0]!;
      answer.moves!.forEach((move) => expect(Object.keys(move).sort()).toEqual(keys.sliding));
      const path = answer.moves!.map((m) => m.move).join('');
      expect(replaySliding([...board], width, path)).toEqual([...Array.from({ length: width * width - 1 }, (_, i) => i + 1), 0]);
      expect(run([family], `${text}\n`).stdout).toBe(`${path}\n`);
    }
    // Lights Out: a press a move, a cell pressed twice (three colours) twice; the --moves grid counts the same presses.
    // Boards made by pressing cells, so that each has an answer (with three colours, undoing a press takes two).
    const pressed = (m: number, n: number, k: number, cells: number[]) =>
      replayLightsOut(
        new Array(m * n).fill(0),
        cells.map((cell) => ({ row: Math.floor(cell / n) + 1, col: (cell % n) + 1 })),
        lightsOutStencils.cross(),
        m,
        n,
        false,
        k,
      );
    for (const [m, n, k, cells] of [
      [5, 5, 2, [0, 7, 12, 18, 24]],
      [3, 4, 3, [0, 5, 11]],
    ] as const) {
      const board = pressed(m, n, k, [...cells]);
      const text = `${Array.from({ length: m }, (_, r) => board.slice(r * n, (r + 1) * n).join('')).join('\n')}\n`;
      const args = k === 2 ? [] : ['--colors', String(k)];
      const answer = solved('lightsout', text, args)[0]!;
      answer.moves!.forEach((move) => expect(Object.keys(move).sort()).toEqual(keys.cell));
      expect(replayLightsOut(board, answer.moves!, lightsOutStencils.cross(), m, n, false, k).every((cell) => cell === 0)).toBe(true);
      const grid = Array.from({ length: m }, () => Array.from({ length: n }, () => 0));
      for (const move of answer.moves!) grid[move.row - 1]![move.col - 1]!++;
      expect(run(['lightsout', '--moves', ...args], text).stdout).toBe(`${answer.length}\n${grid.map((row) => row.join('')).join('\n')}\n`);
      if (k === 3) expect(grid.flat().some((count) => count === 2)).toBe(true);
    }
    // A hint's moves: the same objects with the distance after each and whether it keeps the board optimal.
    for (const [family, text, move] of [
      ['flip', flipText, keys.cell],
      ['pilots', pilotsText, keys.cell],
      ['fourline', fourText, keys.fourline],
      ['eight', '2 3 4 1 5 x 7 6 8\n', keys.sliding],
      ['sliding', '1 2 3 4 5 6 7 8 9 10 11 12 x 13 14 15\n', keys.sliding],
      ['lightsout', '010\n111\n010\n', keys.cell],
    ] as const) {
      const [hint] = parse(run(['hint', family, '--json'], text).stdout);
      expect(hint!.status, family).toBe('solved');
      expect(hint!.moves!.length, family).toBeGreaterThan(0);
      hint!.moves!.forEach((each) => expect(Object.keys(each).sort(), family).toEqual(hintKeys([...move])));
      const optimal = hint!.moves!.filter((each) => (each as unknown as { optimal: boolean }).optimal);
      expect(optimal.length, family).toBeGreaterThan(0);
      optimal.forEach((each) => expect((each as unknown as { distance: number }).distance, family).toBe(hint!.length! - 1));
    }
  });

  it("an unsolvable case says why in a player's words, the library's detail beside it; the judge's lines stay as they were (issue 39)", () => {
    for (const [family, input, line] of [
      ['eight', '2 1 3 4 5 6 7 8 x\n', 'unsolvable'],
      ['sliding', '1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x\n', 'unsolvable'],
      ['flip', 'bwww\nwwww\nwwww\nwwww\n', 'Impossible'],
      ['fourline', 'BWBW\nWBWB\nWBWB\nBWBW\n', 'Impossible'],
      ['lightsout', '10\n00\n', 'Impossible'],
    ] as const) {
      const args = family === 'lightsout' ? ['--pattern', 'plus-only'] : [];
      const [answer] = parse(run([family, '--json', ...args], input).stdout) as Array<Answer & { detail?: string }>;
      expect(answer!.status, family).toBe('unsolvable');
      expect(answer!.reason, family).toMatch(/^no (sequence of moves|alternating moves|set of presses)/);
      expect(answer!.reason, family).not.toMatch(/parity|permutation|kernel|GF/);
      expect(answer!.detail, family).toEqual(expect.any(String));
      expect(answer!.detail, family).not.toBe(answer!.reason);
      expect(run([family, ...args], input).stdout).toBe(`${line}\n`);
    }
    const [eight] = parse(run(['eight', '--json'], '2 1 3 4 5 6 7 8 x\n').stdout) as Array<Answer & { detail?: string }>;
    expect(eight!.detail).toMatch(/parity/);
    // Flip: some board of all 65,536 is Impossible; its object says so in the same way.
    const impossible = Array.from({ length: 4096 }, (_, board) =>
      Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => (((board * 16 + 5) >> (4 * r + c)) & 1 ? 'b' : 'w')).join('')).join('\n'),
    );
    const flips = parse(run(['flip', '--json'], `${impossible.join('\n\n')}\n`).stdout) as Array<Answer & { detail?: string }>;
    const none = flips.filter((answer) => answer.status === 'unsolvable');
    expect(none.length).toBeGreaterThan(0);
    for (const answer of none) expect(answer).toMatchObject({ reason: 'no set of presses makes the board one colour', detail: expect.any(String) });
  });
});

/** A 4x4 board's text as a bitmask, bit 4 * row + col set where the cell is `on`. */
function flipBits(text: string, on: string): number {
  return [...text.replace(/\n/g, '')].reduce((bits, ch, cell) => (ch === on ? bits | (1 << cell) : bits), 0);
}
