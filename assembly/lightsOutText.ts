// A Lights Out board's text, in and out, in the module: a loop over a
// megabyte of characters costs several milliseconds of cold JavaScript (most
// of a one-board CLI call) and about one here, even before the engine has
// optimised it.
//
// In, this reads only what it can decide alone: lines of cells ('0'..'9',
// '.' = 0, '#' = 1) between ASCII spaces, blank lines skipped, every row as
// long as the first, every value below the colours. Anything else (a byte
// above 127, which may be a Unicode space or a stray character; a wrong
// character; a row of another length; no row at all) is declined, and the
// host reads the text its own way, which accepts the same boards and words
// every error (line, column, character) as before. So the two can differ
// only in speed.
//
// Out, a press grid becomes its text: a character a cell ('0'..'9', then
// 'a'..'z'), a line a row. A count of 36 or more is declined to the host,
// which writes it in base 36 with more characters.

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

// Eight bytes that are all '0' or '1' (every colour count has both values).
@inline function eightBits(bytes: u64): bool {
  return (bytes & 0xfefefefefefefefe) == 0x3030303030303030;
}

let textRows: i32 = 0;
let textCols: i32 = 0;

// Ends a line of `width` cells: a row when it has any. False when its width
// is not the first row's.
@inline function endLine(width: i32): bool {
  if (width == 0) return true;
  if (textRows == 0) textCols = width;
  else if (width != textCols) return false;
  textRows++;
  return true;
}

/**
 * Reads the board whose text is the `length` bytes at `at`, writing its cells
 * (a byte each, row-major) over the text from `at`: a cell takes at least one
 * byte of text, so no write passes the read. Returns the number of rows (the
 * columns are lightsOutTextCols()), or 0 when the host must read the text
 * (see the header).
 *
 * One pass: a line's state is before its cells, among them, or after them
 * (spaces seen after a cell); a cell after that is a space inside a row,
 * which the host reports.
 */
export function lightsOutReadText(at: usize, length: i32, colors: i32): i32 {
  const end = at + <usize>length;
  let read = at;
  let write = at;
  textRows = 0;
  textCols = 0;
  // Where the current line's cells start in the output; whether a space followed them.
  let rowStart = write;
  let afterCells = false;
  while (read < end) {
    // Eight cells a step while they are '0' and '1' (never after a row's trailing space).
    if (read + 8 <= end && !afterCells) {
      const eight = load<u64>(read);
      if (eightBits(eight)) {
        store<u64>(write, eight - 0x3030303030303030);
        write += 8;
        read += 8;
        continue;
      }
    }
    const byte = <u32>load<u8>(read);
    read++;
    if (byte == 10) {
      if (!endLine(<i32>(write - rowStart))) return 0;
      rowStart = write;
      afterCells = false;
    } else if (isAsciiSpace(byte)) {
      afterCells = write > rowStart;
    } else {
      const value = cellValue(byte);
      if (afterCells || value >= <u32>colors) return 0;
      store<u8>(write, <u8>value);
      write++;
    }
  }
  // The last line, when the text does not end with a line feed.
  return endLine(<i32>(write - rowStart)) ? textRows : 0;
}

/** The columns of the board lightsOutReadText read last. */
export function lightsOutTextCols(): i32 {
  return textCols;
}

/**
 * Writes the text of the `rows` x `cols` press counts at `grid` (a byte each,
 * row-major) at `out`: a character a count, a line feed between rows. Returns
 * its length in bytes, or 0 for a count of 36 or more (the host writes it).
 */
export function lightsOutGridText(grid: usize, rows: i32, cols: i32, out: usize): i32 {
  let write = out;
  for (let r = 0; r < rows; r++) {
    if (r > 0) {
      store<u8>(write, 10);
      write++;
    }
    let cell = grid + <usize>r * <usize>cols;
    const rowEnd = cell + <usize>cols;
    // Eight counts a step while all are below 10: a high bit of count + 0x76
    // marks one of 10 or more (no carry crosses bytes below 0x8a, and a count
    // from 0x80 has its own high bit).
    while (cell + 8 <= rowEnd) {
      const counts = load<u64>(cell);
      if (((counts | (counts + 0x7676767676767676)) & 0x8080808080808080) != 0) break;
      store<u64>(write, counts + 0x3030303030303030);
      write += 8;
      cell += 8;
    }
    for (; cell < rowEnd; cell++) {
      const count = <u32>load<u8>(cell);
      if (count >= 36) return 0;
      store<u8>(write, <u8>(count < 10 ? 48 + count : 87 + count));
      write++;
    }
  }
  return <i32>(write - out);
}
