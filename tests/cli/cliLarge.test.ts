/**
 * Large Lights Out boards through the CLI as a process (issue 21): a
 * 1000x1000 and a 2000x2000 cross board, each made by pressing random cells
 * of the all-off board (so it is solvable), answered with --moves; the press
 * grid printed is replayed here with the shared oracle, and its count is the
 * length printed above it. This is the path the CLI's byte-level parser and
 * the typed press grid serve: no object per cell on the way in or out.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lightsOutStencils, replayLightsOut, seededRandom } from '../oracles.js';

const bin = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

/** A board `side` x `side` that random presses (about one cell in three) make from all-off, as text. */
function pressedBoard(side: number, seed: number): { board: number[]; text: string } {
  const random = seededRandom(seed);
  const presses = [];
  for (let row = 1; row <= side; row++) for (let col = 1; col <= side; col++) if (random() < 1 / 3) presses.push({ row, col });
  const board = replayLightsOut(new Array<number>(side * side).fill(0), presses, lightsOutStencils.cross(side, side), side, side, false, 2);
  const lines = [];
  for (let row = 0; row < side; row++) lines.push(board.slice(row * side, (row + 1) * side).join(''));
  return { board, text: `${lines.join('\n')}\n` };
}

describe('CLI: lightsout --moves on large boards, replayed', () => {
  it.each([
    [1000, 1000],
    [2000, 2000],
  ])('a %ix%i cross board', (side) => {
    const { board, text } = pressedBoard(side, side);
    const run = spawnSync(process.execPath, [bin, 'lightsout', '--moves'], { input: text, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [length, ...grid] = run.stdout.slice(0, -1).split('\n');
    expect(grid).toHaveLength(side);
    const presses = [];
    for (let row = 0; row < side; row++) {
      expect(grid[row]).toMatch(new RegExp(`^[01]{${side}}$`));
      for (let col = 0; col < side; col++) if (grid[row]![col] === '1') presses.push({ row: row + 1, col: col + 1 });
    }
    expect(presses.length).toBe(Number(length));
    const replayed = replayLightsOut(board, presses, lightsOutStencils.cross(side, side), side, side, false, 2);
    expect(replayed.every((value) => value === 0)).toBe(true);
  });
});
