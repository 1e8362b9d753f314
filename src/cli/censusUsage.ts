/**
 * The `census` command's usage, on its own so that the main help can print it
 * without loading the command.
 */
export const CENSUS_USAGE = `Usage: puzzlesearch census --size WxH [options]
  --size WxH           the board: 2x2 to 3x4, 2x6 and their turns (12 cells
                       at most; 3x4 and 2x6 take about a minute and 120 MB)
  --goal GOAL          blank-last (default), blank-first, or the goal's tiles
                       in reading order, x or 0 the blank ("1 2 3 4 x 5 6 7 8")
  --engine NAME        wasm (default) or ts
  --json               one JSON object: counts, total, godsNumber, farthest
Prints the states at each distance from the goal, their total (n!/2), the
largest distance (the board's God's number) and one state that far.
`;
