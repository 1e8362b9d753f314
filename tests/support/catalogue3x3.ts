/**
 * The 8-puzzle catalogue both catalogue tests search (blank-first goal): three
 * partitions of cells 1..8 over six groups, the 4-4 halves, the other two
 * halves, and the first half again with the rest in pairs (a group shared with
 * sum 0). The blank's corner is walled in by some groups, and its cell is on
 * the diagonal, so the mirrored lookup applies.
 */
export const CATALOGUE_3X3_GROUPS: number[][] = [
  [4, 5, 7, 8],
  [1, 2, 3, 6],
  [1, 2, 4, 5],
  [3, 6, 7, 8],
  [1, 2],
  [3, 6],
];

/** Each partition as the groups it sums (PdbPartition.sums). */
export const CATALOGUE_3X3_SUMS: number[][] = [
  [0, 1],
  [2, 3],
  [0, 4, 5],
];
