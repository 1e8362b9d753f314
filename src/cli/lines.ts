/**
 * Standard input as lines, read as a stream: memory stays flat whatever the
 * input's size, and a line longer than `limit` characters is counted and
 * dropped as it arrives instead of being held (a 50 MB line of garbage must
 * not cost gigabytes). Bytes that are not UTF-8 become U+FFFD, so a board
 * with them is reported by the parser like any other stray character.
 */

import { isAscii } from 'node:buffer';

/** One input line: its text, or only its length when it was over the limit. */
export type InputLine = string | { overlong: number };

/**
 * Yields the lines completed by each chunk as one array, so that a caller can
 * flush its output whenever it is about to wait for more input.
 */
export async function* inputLines(chunks: AsyncIterable<Uint8Array | string>, limit: number): AsyncGenerator<InputLine[]> {
  const decoder = new TextDecoder('utf-8');
  const wholeChunk = new TextDecoder('utf-8');
  let partial = '';
  // Characters of the current line dropped so far; -1 while the line is within the limit.
  let dropped = -1;
  const take = (text: string, lines: InputLine[]) => {
    let from = 0;
    for (;;) {
      const newline = text.indexOf('\n', from);
      const piece = text.slice(from, newline < 0 ? text.length : newline);
      if (dropped >= 0) dropped += piece.length;
      else {
        partial += piece;
        if (partial.length > limit) {
          dropped = partial.length;
          partial = '';
        }
      }
      if (newline < 0) return;
      if (dropped >= 0) lines.push({ overlong: dropped });
      else lines.push(partial.endsWith('\r') ? partial.slice(0, -1) : partial);
      partial = '';
      dropped = -1;
      from = newline + 1;
    }
  };
  // Until a byte beyond ASCII arrives, chunks are decoded whole: the
  // decoder's streaming path (which keeps a character split between chunks)
  // costs twice as much, and an ASCII chunk splits no character.
  let streaming = false;
  for await (const chunk of chunks) {
    const lines: InputLine[] = [];
    if (typeof chunk === 'string') take(chunk, lines);
    else {
      streaming ||= !isAscii(chunk);
      take(streaming ? decoder.decode(chunk, { stream: true }) : wholeChunk.decode(chunk), lines);
    }
    if (lines.length > 0) yield lines;
  }
  const last: InputLine[] = [];
  take(decoder.decode(), last);
  if (dropped >= 0) last.push({ overlong: dropped });
  else if (partial.length > 0) last.push(partial.endsWith('\r') ? partial.slice(0, -1) : partial);
  if (last.length > 0) yield last;
}
