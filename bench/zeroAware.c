// What zero-aware tables would save on the 15-puzzle (issue 19 §2), measured
// before building them: a stand-alone C program, independent of the package.
//
// It builds the 6-6-3 partition's groups two ways from one breadth-first
// search per group over (placement of the group's tiles, blank cell), where a
// move of a group tile costs 1 and the blank moves free over the other cells:
// - as the package's tables hold them: per placement, the minimum over where
//   the blank is (the search starts from the goal's own blank cell, so a group
//   that walls in the blank's corner counts the moves that let it back in);
// - zero-aware (Clausecker and Reinefeld): per placement and blank cell, so a
//   lookup knows which side of the group's tiles the blank is on.
// Then it solves Korf's 100 with IDA* on each (the sum over groups, the
// larger of the board's and its reflection's sums, only the move that undoes
// the last one pruned) and prints the nodes generated, and the share of
// lookups whose two values differ: how often a table kept as the minimum plus
// a side table for the placements whose blank regions differ would read the
// side table.
//
//   gcc -O2 -o /tmp/zeroAware bench/zeroAware.c && /tmp/zeroAware data/korf100.txt [instances]
//
// Tables are indexed by the tiles' cells packed four bits each (and the blank's
// cell below them): wasteful, but 2 x 256 MB is nothing here and no ranking
// can be wrong. Results are in bench/RESULTS.md ("Zero-aware tables, measured
// before building them").
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIDTH 4
#define CELLS 16
#define GROUPS 3
// Blank-first goal (tile t on cell t, the blank on cell 0); the groups of
// src/pdb/partitions.ts's 6-6-3 in that view.
static const int groupTiles[GROUPS][6] = {{1, 4, 5, 8, 9, 12}, {2, 3, 6, 7, 10, 11}, {13, 14, 15}};
static const int groupSize[GROUPS] = {6, 6, 3};
static uint8_t *byBlank[GROUPS]; // [placement << 4 | blank cell]: moves of the group's tiles to the goal
static uint8_t *minimum[GROUPS]; // [placement]: the least of those over the blank's cells
static int neighbours[CELLS][4], neighbourCount[CELLS];

static uint32_t *newQueue(size_t entries) {
  uint32_t *queue = malloc(sizeof(uint32_t) * entries);
  if (!queue) exit(2);
  return queue;
}

// Breadth-first in layers of group moves; blank moves (free) join the layer in hand.
static void build(int group) {
  const int tiles = groupSize[group];
  const size_t states = (size_t)1 << (4 * tiles + 4);
  uint8_t *distance = malloc(states);
  if (!distance) exit(2);
  memset(distance, 255, states);
  // At most 16!/10! placements x 10 blank cells in a layer.
  const size_t queueEntries = 60000000;
  uint32_t *layer = newQueue(queueEntries), *nextLayer = newQueue(queueEntries);
  size_t inLayer = 0, inNext = 0;
  uint32_t home = 0;
  for (int i = 0; i < tiles; i++) home |= (uint32_t)groupTiles[group][i] << (4 * i);
  distance[home << 4] = 0;
  layer[inLayer++] = home << 4;
  for (int d = 0; inLayer; d++) {
    for (size_t q = 0; q < inLayer; q++) {
      const uint32_t state = layer[q];
      if (distance[state] != d) continue;
      const int blank = state & 15;
      const uint32_t placement = state >> 4;
      int tileOn[CELLS];
      memset(tileOn, -1, sizeof tileOn);
      for (int i = 0; i < tiles; i++) tileOn[(placement >> (4 * i)) & 15] = i;
      for (int j = 0; j < neighbourCount[blank]; j++) {
        const int cell = neighbours[blank][j];
        const int tile = tileOn[cell];
        if (tile < 0) {
          const uint32_t next = placement << 4 | cell;
          if (distance[next] > d) distance[next] = d, layer[inLayer++] = next;
        } else {
          const uint32_t moved = (placement & ~(15u << (4 * tile))) | ((uint32_t)blank << (4 * tile));
          const uint32_t next = moved << 4 | cell;
          if (distance[next] > d + 1) distance[next] = d + 1, nextLayer[inNext++] = next;
        }
      }
    }
    uint32_t *swap = layer;
    layer = nextLayer, nextLayer = swap, inLayer = inNext, inNext = 0;
  }
  free(layer), free(nextLayer);
  byBlank[group] = distance;
  const size_t placements = (size_t)1 << (4 * tiles);
  minimum[group] = malloc(placements);
  size_t reached = 0, split = 0;
  for (size_t p = 0; p < placements; p++) {
    uint8_t least = 255, most = 0;
    for (int b = 0; b < CELLS; b++) {
      const uint8_t value = distance[p << 4 | b];
      if (value == 255) continue;
      if (value < least) least = value;
      if (value > most) most = value;
    }
    minimum[group][p] = least;
    if (least != 255) reached++, split += most != least;
  }
  printf("group %d (%d tiles): %zu placements, %zu (%.2f%%) whose blank regions differ\n", group, tiles, reached, split, 100.0 * split / reached);
}

static int cellOf[CELLS]; // cell of each tile; tile 0 is the blank
static int tileAt[CELLS];
static int zeroAware;
static long long lookups, lookupsThatDiffer, generated;

static int transposed(int cell) { return (cell % WIDTH) * WIDTH + cell / WIDTH; }

static int groupSum(const int *cells) {
  int h = 0;
  for (int g = 0; g < GROUPS; g++) {
    uint32_t placement = 0;
    for (int i = 0; i < groupSize[g]; i++) placement |= (uint32_t)cells[groupTiles[g][i]] << (4 * i);
    const int aware = byBlank[g][placement << 4 | cells[0]], least = minimum[g][placement];
    lookups++;
    lookupsThatDiffer += aware != least;
    h += zeroAware ? aware : least;
  }
  return h;
}

// The board's sum and its reflection's (the main diagonal maps the goal onto itself).
static int heuristic(void) {
  int reflected[CELLS];
  for (int t = 0; t < CELLS; t++) reflected[transposed(t)] = transposed(cellOf[t]);
  const int plain = groupSum(cellOf), mirrored = groupSum(reflected);
  return plain > mirrored ? plain : mirrored;
}

// Returns -1 when solved, else the least f over the bound.
static int search(int g, int bound, int cameFrom) {
  const int h = heuristic();
  if (g + h > bound) return g + h;
  if (h == 0) return -1;
  int least = 1 << 30;
  const int blank = cellOf[0];
  for (int j = 0; j < neighbourCount[blank]; j++) {
    const int cell = neighbours[blank][j];
    if (cell == cameFrom) continue;
    const int tile = tileAt[cell];
    generated++;
    tileAt[blank] = tile, tileAt[cell] = 0, cellOf[tile] = blank, cellOf[0] = cell;
    const int found = search(g + 1, bound, blank);
    tileAt[cell] = tile, tileAt[blank] = 0, cellOf[tile] = cell, cellOf[0] = blank;
    if (found < 0) return found;
    if (found < least) least = found;
  }
  return least;
}

int main(int argc, char **argv) {
  if (argc < 2) return fprintf(stderr, "usage: zeroAware data/korf100.txt [instances]\n"), 2;
  for (int c = 0; c < CELLS; c++) {
    if (c >= WIDTH) neighbours[c][neighbourCount[c]++] = c - WIDTH;
    if (c < CELLS - WIDTH) neighbours[c][neighbourCount[c]++] = c + WIDTH;
    if (c % WIDTH) neighbours[c][neighbourCount[c]++] = c - 1;
    if (c % WIDTH < WIDTH - 1) neighbours[c][neighbourCount[c]++] = c + 1;
  }
  for (int g = 0; g < GROUPS; g++) build(g);
  FILE *instances = fopen(argv[1], "r");
  if (!instances) return perror(argv[1]), 2;
  const int limit = argc > 2 ? atoi(argv[2]) : 100;
  long long total[2] = {0, 0}, looked[2] = {0, 0}, differed[2] = {0, 0};
  int tiles[CELLS], length, solved = 0, wrong = 0;
  while (solved < limit && fscanf(instances, "%d", &tiles[0]) == 1) {
    for (int i = 1; i < CELLS; i++)
      if (fscanf(instances, "%d", &tiles[i]) != 1) return 2;
    if (fscanf(instances, "%d", &length) != 1) return 2;
    solved++;
    printf("%3d length %d:", solved, length);
    for (zeroAware = 0; zeroAware < 2; zeroAware++) {
      for (int c = 0; c < CELLS; c++) tileAt[c] = tiles[c], cellOf[tiles[c]] = c;
      generated = lookups = lookupsThatDiffer = 0;
      const int start = heuristic();
      int bound = start, next;
      while ((next = search(0, bound, -1)) >= 0) bound = next;
      wrong += bound != length;
      total[zeroAware] += generated, looked[zeroAware] += lookups, differed[zeroAware] += lookupsThatDiffer;
      printf(" %s h %d, %lld nodes;", zeroAware ? "zero-aware" : "minimum", start, generated);
    }
    printf("\n");
  }
  printf("Korf's first %d: minimum %lld nodes, zero-aware %lld (%.3fx fewer); %d not at the published length\n", solved, total[0], total[1],
         (double)total[0] / total[1], wrong);
  printf("lookups whose two values differ: %.2f%% (searching on the minimum), %.2f%% (on zero-aware)\n", 100.0 * differed[0] / looked[0],
         100.0 * differed[1] / looked[1]);
  return wrong != 0;
}
