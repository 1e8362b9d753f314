// A Lights Out board's text read in the module: a loop over a megabyte of
// characters costs a few milliseconds of cold JavaScript (most of a
// one-board CLI call) and well under one here, even before the engine has
// optimised it.
//
// This reads only what it can decide alone: lines of cells ('0'..'9', '.' = 0,
// '#' = 1) between ASCII spaces, blank lines skipped, every row as long as the
// first, every value below the colours. Anything else (a byte above 127,
// which may be a Unicode space or a stray character; a wrong character; a row
// of another length; no row at all) is declined, and the host reads the text
// its own way, which accepts the same boards and words every error (line,
// column, character) as before. So the two can differ only in speed.

// ASCII spaces, as the host's isSpace: tab, line feed, vertical tab, form feed,
// carriage return and space.
@inline function isAsciiSpace(byte: u32): bool {
  return byte == 32 || (byte >= 9 && byte <= 13);
}

// A cell's value from its byte: '0'..'9', '.' = 0, '#' = 1; 255 for anything else.
@inline function cellValue(byte: u32): u32 {
  if (byte - 48 < 10) return byte - 48;
  if (byte == 46) return 0;
  if (byte == 35) return 1;
  return 255;
}

let textCols: i32 = 0;

/**
 * Reads the board whose text is the `length` bytes at `at`, writing its cells
 * (a byte each, row-major) over the text from `at`: a cell takes at least one
 * byte of text, so no write passes the read. Returns the number of rows (the
 * columns are lightsOutTextCols()), or 0 when the host must read the text
 * (see the header).
 */
export function lightsOutReadText(at: usize, length: i32, colors: i32): i32 {
  const end = at + <usize>length;
  let read = at;
  let write = at;
  let rows = 0;
  let cols = 0;
  while (read < end) {
    // One line: [start, stop) before its '\n' (or the end), trimmed.
    let start = read;
    let stop = start;
    while (stop < end && load<u8>(stop) != 10) stop++;
    read = stop + 1;
    while (start < stop && isAsciiSpace(<u32>load<u8>(start))) start++;
    while (stop > start && isAsciiSpace(<u32>load<u8>(stop - 1))) stop--;
    if (start == stop) continue;
    const width = <i32>(stop - start);
    if (rows == 0) cols = width;
    else if (width != cols) return 0;
    let p = start;
    while (p < stop) {
      // Eight cells a step while they are '0' and '1' (every colour count
      // has both): the bytes less '0' are the cells.
      if (p + 8 <= stop) {
        const eight = load<u64>(p);
        if ((eight & 0xfefefefefefefefe) == 0x3030303030303030) {
          store<u64>(write, eight - 0x3030303030303030);
          write += 8;
          p += 8;
          continue;
        }
      }
      const value = cellValue(<u32>load<u8>(p));
      if (value >= <u32>colors) return 0;
      store<u8>(write, <u8>value);
      write++;
      p++;
    }
    rows++;
  }
  textCols = cols;
  return rows;
}

/** The columns of the board lightsOutReadText read last. */
export function lightsOutTextCols(): i32 {
  return textCols;
}
