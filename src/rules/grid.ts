/**
 * Cells of a rectangular board, numbered row by row from 0, as the rules,
 * the element and the page name them: a cell's place in words, whether two
 * cells share an edge, and a move's { row, col } (from 1) as an index.
 */

/** A cell's place in words, for screen readers. */
export function place(index: number, width: number): string {
  return `row ${Math.floor(index / width) + 1}, column ${(index % width) + 1}`;
}

/** Whether two cells share an edge. */
export function adjacent(a: number, b: number, width: number): boolean {
  return Math.abs(Math.floor(a / width) - Math.floor(b / width)) + Math.abs((a % width) - (b % width)) === 1;
}

/** A cell named by row and column (from 1), as the package's moves name them, to its index. */
export function cellIndex(cell: { row: number; col: number }, width: number): number {
  return (cell.row - 1) * width + (cell.col - 1);
}

/** An index to the { row, col } (from 1) the package's moves use. */
export function cellAt(index: number, width: number): { row: number; col: number } {
  return { row: Math.floor(index / width) + 1, col: (index % width) + 1 };
}
