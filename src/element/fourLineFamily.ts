/**
 * Four in a line on the element: black and white stones on a 4x4 board, a
 * move slides one stone into an adjacent empty square, the sides take turns
 * (either may start), and a row, column or long diagonal of one colour wins.
 * A move is two clicks: the stone, then the empty square. Each stone keeps an
 * identity, so that a move slides it rather than redrawing two squares.
 */
import { type FourLineMove, parseFourLineBoard } from '../index.js';
import { type Family, place } from './family.js';

type Colour = 'B' | 'W';

export interface FourLineState {
  /** 16 characters B, W or O, row by row. */
  cells: string;
  /** Whose move it is; null before the first move (either may start). */
  turn: Colour | null;
  /** The identity of the stone on each cell (-1 empty), for the pieces drawn. */
  ids: number[];
}

const SIDE = 4;
const LINES = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [8, 9, 10, 11],
  [12, 13, 14, 15],
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [3, 6, 9, 12],
];
const colourName: Record<Colour, string> = { B: 'Black', W: 'White' };
const other = (colour: Colour): Colour => (colour === 'B' ? 'W' : 'B');
const cellOf = (at: { row: number; col: number }) => (at.row - 1) * SIDE + (at.col - 1);
const at = (index: number) => ({ row: Math.floor(index / SIDE) + 1, col: (index % SIDE) + 1 });

function adjacent(a: number, b: number): boolean {
  return Math.abs(Math.floor(a / SIDE) - Math.floor(b / SIDE)) + Math.abs((a % SIDE) - (b % SIDE)) === 1;
}

function winningLines(cells: string): number[][] {
  return LINES.filter((line) => cells[line[0]!] !== 'O' && line.every((i) => cells[i] === cells[line[0]!]));
}

function withIds(cells: string, turn: Colour | null): FourLineState {
  let next = 0;
  return { cells, turn, ids: Array.from(cells, (value) => (value === 'O' ? -1 : next++)) };
}

function moved(state: FourLineState, from: number, to: number): FourLineState {
  const cells = [...state.cells];
  const ids = [...state.ids];
  const colour = cells[from] as Colour;
  cells[to] = colour;
  cells[from] = 'O';
  ids[to] = ids[from]!;
  ids[from] = -1;
  return { cells: cells.join(''), turn: other(colour), ids };
}

export const fourLineFamily: Family<FourLineState, FourLineMove> = {
  puzzle: 'fourline',
  title: 'Four in a line',
  noun: ['move', 'moves'],
  sample: 'BWBO\nWBWB\nBWBW\nWBWO',
  arrowsPlay: false,
  parse: (text) => withIds(Array.from(parseFourLineBoard(text).cells, (code) => 'OBW'[code]).join(''), null),
  format: (state) => state.cells.match(/.{4}/g)!.join('\n'),
  rows: () => SIDE,
  cols: () => SIDE,
  isGoal: (state) => winningLines(state.cells).length > 0,
  same: (a, b) => a.cells === b.cells,
  cell(state, index, selected) {
    const value = state.cells[index]!;
    const classes = [value === 'O' ? 'empty' : 'stone'];
    if (index === selected) classes.push('selected');
    if (selected !== null && value === 'O' && adjacent(index, selected)) classes.push('target');
    if (winningLines(state.cells).some((line) => line.includes(index))) classes.push('line');
    const word = value === 'B' ? 'black stone' : value === 'W' ? 'white stone' : 'empty';
    return { value, label: `${place(index, SIDE)}: ${word}${index === selected ? ', picked' : ''}`, classes };
  },
  pieces: (state) => state.ids.flatMap((id, cell) => (id < 0 ? [] : [{ id, cell, text: '', classes: [state.cells[cell] === 'B' ? 'black' : 'white'] }])),
  press(state, index, selected) {
    const value = state.cells[index]!;
    if (value !== 'O') {
      if (state.turn !== null && value !== state.turn) return { selected: null, message: `It is ${colourName[state.turn]}’s move.` };
      return { selected: selected === index ? null : index };
    }
    if (selected === null) return { message: 'Pick a stone first, then an empty square next to it.' };
    if (!adjacent(index, selected)) return { message: 'A stone moves one square up, down, left or right.' };
    const move: FourLineMove = { colour: state.cells[selected] as Colour, from: at(selected), to: at(index) };
    return { move, state: moved(state, selected, index), selected: null };
  },
  apply: (state, move) => moved(state, cellOf(move.from), cellOf(move.to)),
  moveText: (move) => `${move.colour} ${move.from.row},${move.from.col}→${move.to.row},${move.to.col}`,
  moveLabel: (move) => `${colourName[move.colour]} from row ${move.from.row}, column ${move.from.col} to row ${move.to.row}, column ${move.to.col}`,
  status(state) {
    const lines = winningLines(state.cells);
    if (lines.length > 0) return `Four in a line for ${colourName[state.cells[lines[0]![0]!] as Colour]}.`;
    return state.turn === null ? 'Either colour may move first.' : `${colourName[state.turn]} to move.`;
  },
  scramble() {
    for (;;) {
      const stones = [...'BBBBBBBWWWWWWWOO'];
      for (let i = stones.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [stones[i], stones[j]] = [stones[j]!, stones[i]!];
      }
      const cells = stones.join('');
      if (winningLines(cells).length === 0) return withIds(cells, null);
    }
  },
  async solve(pool, state, call) {
    if (state.turn === null) {
      // The judge's question: either colour may move first.
      const answer = await pool.fourLine(this.format(state), call);
      return {
        status: answer.status,
        moves: answer.moves,
        length: answer.length,
        reason: answer.status === 'solved' ? undefined : answer.reason,
        warning: answer.warning,
        nodes: answer.stats.nodes,
        ms: answer.stats.ms,
      };
    }
    // Mid-game the side to move is fixed, which the solver's one-call answer does not take: each
    // hint (toMove) names the moves that keep the game optimal, and one of them is played, until a line.
    const moves: FourLineMove[] = [];
    let current = state;
    let nodes = 0;
    let ms = 0;
    while (!this.isGoal(current)) {
      const hint = await pool.fourLineHint(this.format(current), { toMove: current.turn ?? undefined }, call);
      nodes += hint.stats.nodes;
      ms += hint.stats.ms;
      const best = hint.moves.find((move) => move.optimal);
      if (hint.distance === null || !best) {
        return { status: 'unsolvable', moves: [], length: null, reason: hint.reason ?? 'No line can be made from here.', nodes, ms };
      }
      const move: FourLineMove = { colour: best.colour, from: best.from, to: best.to };
      moves.push(move);
      current = this.apply(current, move);
    }
    return { status: 'solved', moves, length: moves.length, nodes, ms };
  },
  async hint(pool, state, call) {
    const hint = await pool.fourLineHint(this.format(state), state.turn === null ? {} : { toMove: state.turn }, call);
    const best = hint.moves.filter((move) => move.optimal);
    const text =
      hint.distance === null
        ? (hint.reason ?? 'No line can be made from here.')
        : `${hint.distance} move${hint.distance === 1 ? '' : 's'} to a line; the marked stones keep it optimal.`;
    return {
      status: hint.status,
      distance: hint.distance,
      cells: [...new Set(best.map((move) => cellOf(move.from)))],
      targets: [...new Set(best.map((move) => cellOf(move.to)))],
      text,
    };
  },
};
