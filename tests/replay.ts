/**
 * Independent replays of returned moves, written for the tests (no engine
 * code): each applies a move list and returns the final board.
 */

/** Cross toggles (flip) or row-and-column toggles (pilots) on a 4x4 board of bits. */
export function pressMask(kind: 'flip' | 'pilots', row: number, col: number): number {
  let mask = 0;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const hit = kind === 'flip' ? Math.abs(r - row) + Math.abs(c - col) <= 1 : r === row || c === col;
      if (hit) mask |= 1 << (r * 4 + c);
    }
  }
  return mask;
}

export function replayPresses(kind: 'flip' | 'pilots', board: number, cells: Array<{ row: number; col: number }>): number {
  return cells.reduce((b, { row, col }) => b ^ pressMask(kind, row - 1, col - 1), board);
}

/** Slides the blank through `path` ('udlr'); throws on a move off the board. */
export function replaySliding(tiles: number[], width: number, path: string): number[] {
  const board = [...tiles];
  let blank = board.indexOf(0);
  for (const move of path) {
    const row = Math.floor(blank / width);
    const col = blank % width;
    const height = board.length / width;
    const next = move === 'u' ? (row > 0 ? blank - width : -1)
      : move === 'd' ? (row < height - 1 ? blank + width : -1)
      : move === 'l' ? (col > 0 ? blank - 1 : -1)
      : move === 'r' ? (col < width - 1 ? blank + 1 : -1)
      : -1;
    if (next < 0) throw new Error(`illegal move '${move}' with the blank at ${blank}`);
    board[blank] = board[next];
    board[next] = 0;
    blank = next;
  }
  return board;
}

const lines = [
  [0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15],
  [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
  [0, 5, 10, 15], [3, 6, 9, 12],
];

export function hasLine(board: string[]): boolean {
  return lines.some((line) => board[line[0]] !== 'O' && line.every((i) => board[i] === board[line[0]]));
}

/** Replays four-in-a-line moves on a 16-character board; checks adjacency, emptiness and alternation. */
export function replayFourLine(start: string, moves: Array<{ colour: string; from: { row: number; col: number }; to: { row: number; col: number } }>): string[] {
  const board = [...start];
  moves.forEach((move, i) => {
    const from = (move.from.row - 1) * 4 + move.from.col - 1;
    const to = (move.to.row - 1) * 4 + move.to.col - 1;
    if (Math.abs(move.from.row - move.to.row) + Math.abs(move.from.col - move.to.col) !== 1) throw new Error(`move ${i + 1} is not to a neighbour`);
    if (board[to] !== 'O') throw new Error(`move ${i + 1} goes to an occupied cell`);
    if (board[from] !== move.colour) throw new Error(`move ${i + 1} moves a ${board[from]} piece, not ${move.colour}`);
    if (i > 0 && moves[i - 1].colour === move.colour) throw new Error(`move ${i + 1} repeats colour ${move.colour}`);
    board[to] = board[from];
    board[from] = 'O';
  });
  return board;
}
