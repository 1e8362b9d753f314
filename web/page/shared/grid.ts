/** Outside: positions on a rectangular board of cells numbered row by row, as the page's panels name them. */

/** A cell's place in words, for screen readers. */
export function place(index: number, width: number): string {
  return `row ${Math.floor(index / width) + 1}, column ${(index % width) + 1}`;
}

/** Whether two cells share an edge. */
export function adjacent(a: number, b: number, width: number): boolean {
  const [ar, ac, br, bc] = [Math.floor(a / width), a % width, Math.floor(b / width), b % width];
  return Math.abs(ar - br) + Math.abs(ac - bc) === 1;
}

/** A cell named by row and column (from 1), as the package's moves name them, to its index. */
export function cellIndex(cell: { row: number; col: number }, width: number): number {
  return (cell.row - 1) * width + (cell.col - 1);
}
