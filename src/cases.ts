/**
 * Splitting a judge's input into cases. Cases follow one another until end of
 * input; blank lines between them are ignored. A malformed case still consumes
 * its lines so that the cases after it are read as they were meant.
 */

export interface InputCase {
  /** 1-based case number. */
  index: number;
  /** The case's text, ready for the board parser. */
  text: string;
  /** Set when the lines could not make a case of the right size; the case is reported, not solved. */
  error?: string;
}

function nonBlankLines(input: string): Array<string | null> {
  // null marks a blank line: a case boundary for the token formats.
  return input.split(/\r?\n/).map((line) => (line.trim().length > 0 ? line.trim() : null));
}

/** Grid puzzles: every 4 non-blank lines make a case. */
export function gridCases(input: string): InputCase[] {
  const lines = nonBlankLines(input).filter((line): line is string => line !== null);
  const cases: InputCase[] = [];
  for (let i = 0; i < lines.length; i += 4) {
    const chunk = lines.slice(i, i + 4);
    const item: InputCase = { index: cases.length + 1, text: chunk.join('\n') };
    if (chunk.length < 4) item.error = `wrong size: input ended after ${chunk.length} of 4 lines`;
    cases.push(item);
  }
  return cases;
}

/**
 * Token puzzles: a case ends at the first line end where its token count is
 * one of `sizes`, or at a blank line or the end of input. A case that passes
 * the largest size without ever matching one is an error of its own. A line of
 * more than `rowLimit` tokens cannot be a row, so it is a case by itself: a
 * stray count there (a benchmark line with its answer appended, say) stays one
 * error instead of swallowing the next board.
 */
export function tokenCases(input: string, sizes: readonly number[], rowLimit = Infinity): InputCase[] {
  const cases: InputCase[] = [];
  const largest = Math.max(...sizes);
  const expected = sizes.length === 1 ? `${sizes[0]}` : `${sizes.slice(0, -1).join(', ')} or ${sizes[sizes.length - 1]}`;
  let pending: string[] = [];
  let count = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const item: InputCase = { index: cases.length + 1, text: pending.join('\n') };
    if (!sizes.includes(count)) item.error = `wrong size: ${count} ${count === 1 ? 'token' : 'tokens'}, expected ${expected}`;
    cases.push(item);
    pending = [];
    count = 0;
  };
  for (const line of nonBlankLines(input)) {
    if (line === null) {
      flush();
      continue;
    }
    const tokens = line.split(/\s+/).length;
    if (tokens > rowLimit) flush();
    pending.push(line);
    count += tokens;
    if (tokens > rowLimit) flush();
    if (sizes.includes(count) || count > largest) flush();
  }
  flush();
  return cases;
}
