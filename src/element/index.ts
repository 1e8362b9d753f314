/**
 * puzzlesearch/element: one import, one tag. Importing this module defines
 * <puzzlesearch-board> (where the page has custom elements and the name is
 * free); see docs/element.md.
 */
import { PuzzlesearchBoard } from './boardElement.js';

export { PuzzlesearchBoard, type BoardMoveDetail } from './boardElement.js';
export { configureBoards, type BoardPoolOptions } from './sharedPool.js';
export { PUZZLES } from './families.js';
export type { FamilyAnswer as BoardAnswer, FamilyHint as BoardHint } from './family.js';

/** The tag's name. */
export const BOARD_TAG = 'puzzlesearch-board';

if (typeof customElements !== 'undefined' && !customElements.get(BOARD_TAG)) customElements.define(BOARD_TAG, PuzzlesearchBoard);

declare global {
  interface HTMLElementTagNameMap {
    'puzzlesearch-board': PuzzlesearchBoard;
  }
}
