// The module's ABI: every byte offset, kind code and status code that the host
// and the wasm code must agree on, defined here once. Each family has its own
// enum, so a status name means one thing per family (IdaStar's
// BATCH_UNSOLVABLE is not Sliding's). The module exports them as immutable
// globals named `Family.NAME` (AssemblyScript exports enums, not namespaces);
// the host reads them at load time (src/engine/wasm/abi.ts) and never repeats
// a value. Offsets count bytes from scratchPointer() (see ./scratch) or from a
// batch slot (see ./batch).

export enum Scratch {
  // The fixed buffer every call passes boards in and paths out through.
  SIZE = 4096,
}

export enum Flip {
  // flipSolve/flipBuildTable/flipSolveBatch's `kind`.
  KIND_FLIP = 0,
  KIND_PILOTS = 1,
  // flipSolve's pressed cells, one byte each, in scratch.
  PATH_AT = 0,
}

export enum FourLine {
  // Scratch: the 16 cells in, the moves (byte pairs from, to) out.
  CELLS_AT = 0,
  MOVES_AT = 16,
  MAX_MOVES = (Scratch.SIZE - 16) >> 1,
  // fourLineSolve's result packs `nodes * LENGTH_RANGE + (length + 1)`.
  LENGTH_RANGE = 4096,
  // fourLineSolveBatch's slots: cells at 0..15 in, the packed result as f64 at
  // 16 and the moves from SLOT_MOVES_AT out; a path longer than
  // SLOT_MAX_MOVES gets length code TOO_LONG (the host solves it alone).
  SLOT_BYTES = 64,
  SLOT_RESULT_AT = 16,
  SLOT_MOVES_AT = 24,
  SLOT_MAX_MOVES = 20,
  TOO_LONG = 4095,
}

export enum Sliding {
  // Scratch: start board at START_AT, goal at GOAL_AT (one byte a cell, up
  // to 25), output (path moves, or u32 distance counts) from OUTPUT_AT.
  START_AT = 0,
  GOAL_AT = 32,
  OUTPUT_AT = 64,
  MAX_PERMUTATION = 12,
  // slidingSolve's `algorithm`.
  ALGORITHM_BFS = 0,
  ALGORITHM_BIBFS = 1,
  ALGORITHM_ASTAR = 2,
  // slidingSolveBatch's slots: start at 0.. in; the length (or a code below)
  // as i32 at 16, nodes as f64 at 24, moves from SLOT_MOVES_AT out.
  SLOT_BYTES = 80,
  SLOT_LENGTH_AT = 16,
  SLOT_NODES_AT = 24,
  SLOT_MOVES_AT = 32,
  SLOT_MAX_MOVES = 48,
  BATCH_UNSOLVABLE = -2,
  BATCH_TOO_LONG = -3,
}

export enum IdaStar {
  // Scratch: board in at BOARD_AT, goal at GOAL_AT, the found path's length
  // (u32) at PATH_LENGTH_AT and its moves (0..3 = u d l r) from PATH_AT.
  BOARD_AT = 0,
  GOAL_AT = 32,
  PATH_LENGTH_AT = 60,
  PATH_AT = 64,
  PATH_CAPACITY = Scratch.SIZE - 64,
  // The host's heuristic codes (PDB_MIRRORED is chosen inside, never passed).
  HEURISTIC_MANHATTAN = 0,
  HEURISTIC_LINEAR_CONFLICT = 1,
  HEURISTIC_PDB = 2,
  // idaStarIteration's results besides the next bound.
  FOUND = -1,
  OUT_OF_NODES = -2,
  BOUND_TOO_DEEP = -3,
  PARTITION_MISMATCH = -4,
  STOPPED = -5,
  BAD_PREFIX = -6,
  // No child was pruned: no next bound.
  NO_BOUND = i32.MAX_VALUE,
  // idaStarSolveBatch's slots: board at 0.. in; status at BATCH_STATUS_AT
  // (a path length, a code above, or one of the BATCH_ codes), bound, nodes
  // and nodes expanded (f64) and the moves out.
  BATCH_STATUS_AT = 32,
  BATCH_BOUND_AT = 36,
  BATCH_NODES_AT = 40,
  BATCH_EXPANDED_AT = 48,
  BATCH_PATH_AT = 56,
  BATCH_UNSOLVABLE = -7,
  BATCH_NOT_A_BOARD = -8,
  BATCH_PATH_TOO_LONG = -9,
}
