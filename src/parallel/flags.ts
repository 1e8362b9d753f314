/**
 * The cells of `SlidingShare.flags` (src/api/solver.ts) for a parallel IDA* whose
 * workers share every iteration: one layout for the workers that search
 * (inside) and the pool that starts them (outside, src/parallel/dealer.ts), in a
 * module of its own so that the outside loads no solver code for it.
 */
/** The next prefix (subtree) to take, from 0 in each iteration. */
export const NEXT_PREFIX = 0;
/** 0 while searching; FOUND_PATH once a worker found a path; GIVE_UP when the search is abandoned (abort, a failed worker). */
export const STATE = 1;
/** Workers done with the current iteration. */
export const ARRIVED = 2;
/** The least f above the bound pruned in this iteration by any worker so far (0: none yet). */
export const LEAST_NEXT = 3;
/**
 * The bound of the iteration under way, set by the last worker to finish the
 * one before (the first from the share); ENDED_FOUND once an iteration ended
 * with a path.
 */
export const NEXT_BOUND = 4;
/** The number of the iteration under way: workers waiting for the others wait on this cell. */
export const ITERATION = 5;
/** Cells in all. */
export const SHARE_FLAGS = 6;

export const FOUND_PATH = 1;
export const GIVE_UP = 2;
/** NEXT_BOUND after the iteration in which a worker found a path. */
export const ENDED_FOUND = -1;
/** A pruned f that stands for none: the board has no path. */
export const NO_NEXT_BOUND = 0x7fffffff;
