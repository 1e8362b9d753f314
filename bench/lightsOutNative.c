/*
 * A native light-chasing program for Lights Out (cross pattern, plane, two
 * colours, goal all off), the yardstick of issue 21's Lights Out target:
 * `bench/host.js` compiles it with `gcc -O2` and times it beside the CLI
 * (`puzzlesearch lightsout --moves`) on the same board.
 *
 * Reads the board the CLI reads (m lines of n cells '0', '1' or '.', from
 * standard input) and prints what the CLI prints with --moves: the number of
 * presses, then the press grid, a line of '0'/'1' a row ("Impossible" when no
 * press set turns every light off).
 *
 * The method is the textbook one, written plainly: the first row's presses
 * are n unknowns; every press below is then forced (press under each light
 * still on), so each cell's press is an affine function of the unknowns, kept
 * as a bitset of n + 1 bits (bit n: the constant). Chasing those bitsets down
 * to the last row gives n equations, solved by GF(2) elimination; a second
 * chase with the solved first row, on plain bitset rows, gives the grid. When
 * the press map has a kernel (free unknowns), the free unknowns are 0: one
 * solution, not necessarily the lightest. The bench's board has a trivial
 * kernel, so its solution is unique and the outputs must match byte for byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

static void fail(const char *what) {
  fprintf(stderr, "lightsOutNative: %s\n", what);
  exit(1);
}

static void *zeroed(size_t count, size_t size) {
  void *block = calloc(count, size);
  if (!block) fail("out of memory");
  return block;
}

/* The whole of standard input; its length in *length. */
static char *readAll(size_t *length) {
  size_t size = 1 << 20, used = 0, got;
  char *text = malloc(size);
  if (!text) fail("out of memory");
  while ((got = fread(text + used, 1, size - used, stdin)) > 0) {
    used += got;
    if (used == size && !(text = realloc(text, size *= 2))) fail("out of memory");
  }
  *length = used;
  return text;
}

/* The board as bytes 0/1, row-major; its size in *rows, *cols. */
static uint8_t *parseBoard(const char *text, size_t length, int *rows, int *cols) {
  uint8_t *cells = zeroed(length + 1, 1);
  int m = 0, n = -1, width = 0;
  size_t at = 0;
  for (size_t i = 0; i <= length; i++) {
    char c = i < length ? text[i] : '\n';
    if (c == '\r') continue;
    if (c != '\n') {
      if (c != '0' && c != '1' && c != '.') fail("a cell is not 0, 1 or '.'");
      cells[at++] = c == '1';
      width++;
      continue;
    }
    if (width == 0) continue; /* blank lines, the last line's end */
    if (n >= 0 && width != n) fail("the rows have different lengths");
    n = width;
    width = 0;
    m++;
  }
  if (m == 0) fail("no board on standard input");
  *rows = m;
  *cols = n;
  return cells;
}

/*
 * The last row's n equations (each n + 1 bits, bit n the constant) for the
 * first row's presses: chasing affine bitsets down the board.
 */
static word *lastRowEquations(const uint8_t *board, int m, int n, int words) {
  /* Rows of n + 2 bitsets: a zero one at each end stands for the cells off the board. */
  size_t span = (size_t)(n + 2) * words;
  word *above = zeroed(span, sizeof(word)); /* presses of row r - 1 */
  word *here = zeroed(span, sizeof(word));  /* presses of row r */
  word *below = zeroed(span, sizeof(word)); /* row r + 1, forced */
  for (int c = 0; c < n; c++) here[(size_t)(c + 1) * words + c / 64] = (word)1 << (c % 64);
  for (int r = 0; r < m; r++) {
    const uint8_t *lights = board + (size_t)r * n;
    for (int c = 1; c <= n; c++) {
      /* Light (r, c) after the presses of rows r - 1 and r; the press below it turns it off. */
      word *out = below + (size_t)c * words;
      const word *self = here + (size_t)c * words, *up = above + (size_t)c * words;
      for (int w = 0; w < words; w++) out[w] = self[w - words] ^ self[w] ^ self[w + words] ^ up[w];
      if (lights[c - 1]) out[n / 64] ^= (word)1 << (n % 64);
    }
    word *spare = above;
    above = here;
    here = below;
    below = spare;
  }
  /* After the last row, "here" holds the presses a row below the board: they must all be 0. */
  free(above);
  free(below);
  memmove(here, here + words, sizeof(word) * n * words);
  return here;
}

/* Solves the equations (in place) for the first row; NULL when they contradict each other. */
static uint8_t *solveFirstRow(word *equations, int n, int words) {
  int *pivotOf = malloc(sizeof(int) * n);
  if (!pivotOf) fail("out of memory");
  int rank = 0;
  for (int col = 0; col < n; col++) {
    word bit = (word)1 << (col % 64);
    int w = col / 64, found = -1;
    for (int e = rank; e < n; e++) {
      if (equations[(size_t)e * words + w] & bit) {
        found = e;
        break;
      }
    }
    pivotOf[col] = -1;
    if (found < 0) continue;
    word *pivot = equations + (size_t)found * words;
    if (found != rank) {
      word *top = equations + (size_t)rank * words;
      for (int k = 0; k < words; k++) {
        word t = top[k];
        top[k] = pivot[k];
        pivot[k] = t;
      }
      pivot = top;
    }
    for (int e = 0; e < n; e++) {
      word *row = equations + (size_t)e * words;
      if (e != rank && (row[w] & bit)) {
        for (int k = w; k < words; k++) row[k] ^= pivot[k];
      }
    }
    pivotOf[col] = rank++;
  }
  word constant = (word)1 << (n % 64);
  for (int e = rank; e < n; e++) {
    if (equations[(size_t)e * words + n / 64] & constant) {
      free(pivotOf);
      return NULL;
    }
  }
  uint8_t *first = zeroed(n, 1);
  for (int col = 0; col < n; col++) {
    if (pivotOf[col] >= 0) first[col] = (equations[(size_t)pivotOf[col] * words + n / 64] & constant) != 0;
  }
  free(pivotOf);
  return first;
}

/* The press grid from the first row: a plain chase on bitset rows. Returns the total presses. */
static long chasePresses(const uint8_t *board, int m, int n, const uint8_t *first, word *grid, int rowWords) {
  word *boardRow = zeroed(rowWords, sizeof(word));
  word lastMask = n % 64 ? ((word)1 << (n % 64)) - 1 : ~(word)0;
  for (int c = 0; c < n; c++) grid[c / 64] |= (word)first[c] << (c % 64);
  long presses = 0;
  for (int r = 0; r < m; r++) {
    word *here = grid + (size_t)r * rowWords;
    for (int w = 0; w < rowWords; w++) presses += __builtin_popcountll(here[w]);
    if (r + 1 == m) break;
    const word *above = r > 0 ? here - rowWords : NULL;
    word *below = here + rowWords;
    memset(boardRow, 0, sizeof(word) * rowWords);
    for (int c = 0; c < n; c++) boardRow[c / 64] |= (word)board[(size_t)r * n + c] << (c % 64);
    for (int w = 0; w < rowWords; w++) {
      word fromLeft = (here[w] << 1) | (w > 0 ? here[w - 1] >> 63 : 0);
      word fromRight = (here[w] >> 1) | (w + 1 < rowWords ? here[w + 1] << 63 : 0);
      below[w] = boardRow[w] ^ here[w] ^ fromLeft ^ fromRight ^ (above ? above[w] : 0);
    }
    below[rowWords - 1] &= lastMask;
  }
  free(boardRow);
  return presses;
}

int main(void) {
  size_t length;
  char *text = readAll(&length);
  int m, n;
  uint8_t *board = parseBoard(text, length, &m, &n);
  free(text);
  int words = (n + 1 + 63) / 64, rowWords = (n + 63) / 64;
  word *equations = lastRowEquations(board, m, n, words);
  uint8_t *first = solveFirstRow(equations, n, words);
  if (!first) {
    puts("Impossible");
    return 0;
  }
  word *grid = zeroed((size_t)m * rowWords, sizeof(word));
  long presses = chasePresses(board, m, n, first, grid, rowWords);
  size_t lineLength = (size_t)n + 1;
  char *out = malloc(lineLength * m + 32);
  if (!out) fail("out of memory");
  size_t at = (size_t)sprintf(out, "%ld\n", presses);
  for (int r = 0; r < m; r++) {
    const word *row = grid + (size_t)r * rowWords;
    for (int c = 0; c < n; c++) out[at++] = (char)('0' + ((row[c / 64] >> (c % 64)) & 1));
    out[at++] = '\n';
  }
  fwrite(out, 1, at, stdout);
  return 0;
}
