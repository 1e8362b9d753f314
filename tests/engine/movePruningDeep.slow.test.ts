/**
 * Move pruning at 5x5's whole depth (slow tier): the exact count of
 * movePruning.test.ts (one string per board, as many of each length as BFS
 * has boards at that distance, from every cell) over all 12 moves of the
 * shipped machine, 1.6M boards from the 25 cells. The fast file counts to 10
 * moves and holds data/pruning-5x5.bin to a fresh build byte for byte.
 */
import { expect, it } from 'vitest';
import { movePruningDepth } from '../../src/engine/movePruning.js';
import { checkOnePerBoard } from '../support/movePruningWalks.js';

it('5x5: from every cell, the strings the machine lets through up to its whole depth are one per board', () => {
  const depth = movePruningDepth(25);
  expect(depth).toBeGreaterThan(10);
  checkOnePerBoard(5, 5, depth);
}, 600_000);
