/**
 * Four in a line on the element: black and white stones on a 4x4 board, a
 * move slides one stone into an adjacent empty square, the sides take turns
 * (either may start), and a row, column or long diagonal of one colour wins.
 * A move is two clicks: the stone, then the empty square. Each stone keeps an
 * identity, so that a move slides it rather than redrawing two squares. The
 * rules are src/rules/fourLine.ts, shared with the demo page.
 */
import type { FourLineMove } from '../index.js';
import * as rules from '../rules/fourLine.js';
import { adjacent, cellAt, cellIndex, place } from '../rules/grid.js';
import { type Family, familyAnswer } from './family.js';

const SIDE = rules.FOUR_LINE_SIDE;

export interface FourLineState {
  /** 16 characters B, W or O, row by row. */
  cells: string;
  /** Whose move it is; null before the first move (either may start). */
  turn: rules.Colour | null;
  /** The identity of the stone on each cell (-1 empty), for the pieces drawn. */
  ids: number[];
}

function withIds(cells: string, turn: rules.Colour | null): FourLineState {
  let next = 0;
  return { cells, turn, ids: Array.from(cells, (value) => (value === 'O' ? -1 : next++)) };
}

/** The stone on `from` slid to `to`, keeping its identity. */
function moved(state: FourLineState, from: number, to: number): FourLineState {
  const ids = [...state.ids];
  ids[to] = ids[from]!;
  ids[from] = -1;
  return { cells: rules.slideStone(state.cells, from, to), turn: rules.otherColour(state.cells[from] as rules.Colour), ids };
}

export const fourLineFamily: Family<FourLineState, FourLineMove> = {
  puzzle: 'fourline',
  title: 'Four in a line',
  noun: ['move', 'moves'],
  sample: 'BWBO\nWBWB\nBWBW\nWBWO',
  arrowsPlay: false,
  parse: (text) => withIds(rules.parseFourLineCells(text).cells, null),
  format: (state) => rules.fourLineText(state.cells),
  rows: () => SIDE,
  cols: () => SIDE,
  isGoal: (state) => rules.winningLines(state.cells).length > 0,
  same: (a, b) => a.cells === b.cells,
  cell(state, index, selected) {
    const value = state.cells[index]!;
    const classes = [value === 'O' ? 'empty' : 'stone'];
    if (index === selected) classes.push('selected');
    if (selected !== null && value === 'O' && adjacent(index, selected, SIDE)) classes.push('target');
    if (rules.winningLines(state.cells).some((line) => line.includes(index))) classes.push('line');
    const word = value === 'B' ? 'black stone' : value === 'W' ? 'white stone' : 'empty';
    return { value, label: `${place(index, SIDE)}: ${word}${index === selected ? ', picked' : ''}`, classes };
  },
  pieces: (state) => state.ids.flatMap((id, cell) => (id < 0 ? [] : [{ id, cell, text: '', classes: [state.cells[cell] === 'B' ? 'black' : 'white'] }])),
  press(state, index, selected) {
    const value = state.cells[index]!;
    if (value !== 'O') {
      if (state.turn !== null && value !== state.turn) return { selected: null, message: `It is ${rules.colourName[state.turn]}’s move.` };
      return { selected: selected === index ? null : index };
    }
    if (selected === null) return { message: 'Pick a stone first, then an empty square next to it.' };
    if (!adjacent(index, selected, SIDE)) return { message: 'A stone moves one square up, down, left or right.' };
    const move: FourLineMove = {
      colour: state.cells[selected] as rules.Colour,
      from: cellAt(selected, SIDE),
      to: cellAt(index, SIDE),
    };
    return { move, state: moved(state, selected, index), selected: null };
  },
  apply: (state, move) => moved(state, cellIndex(move.from, SIDE), cellIndex(move.to, SIDE)),
  moveText: rules.fourLineMoveText,
  moveLabel: rules.fourLineMoveLabel,
  status: (state) => rules.fourLineStatus(state.cells, state.turn),
  scramble: () => withIds(rules.randomFourLineCells(), null),
  async solve(pool, state, call) {
    if (state.turn === null) {
      // The judge's question: either colour may move first.
      const answer = await pool.fourLine(this.format(state), call);
      return familyAnswer(answer, answer.moves);
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
      cells: [...new Set(best.map((move) => cellIndex(move.from, SIDE)))],
      targets: [...new Set(best.map((move) => cellIndex(move.to, SIDE)))],
      text,
    };
  },
};
