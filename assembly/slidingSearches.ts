// Sliding tiles on small boards (see ./sliding): the exhaustive searches over
// ranked states, BFS, bidirectional BFS and A*, with the board tables they
// share and the path written back from the codes.

import { setLastNodes, scratchPointer } from './scratch';
import { START_OFFSET, GOAL_OFFSET, OUTPUT_OFFSET, MAX_RANKED_CELLS, UNSEEN, ROOT, SIDE_BITS, SIDE_MASK, NO_NEIGHBOUR, COST_UNSEEN, RANK_BITS, RANK_MASK, G_MAX, F_SHIFT, board, weights, neighbours, moveTargets, tablesWidth, tablesHeight, manhattan, codes, costs, queue, openList, openSize, layerEnd, meetingRank, met, factorial, rankCells, prepareReciprocals, prepareSelections, unrankCells, childRank } from './slidingRanks';
import { CELL_HIGH_BITS, laterCells, blankOf, packedChild, rankOf, MOVE_LEFT } from './slidingPacked';
import { local } from './instance';

export function prepareBoardTables(width: i32, height: i32): void {
  prepareReciprocals();
  prepareSelections();
  if (width == tablesWidth && height == tablesHeight) return;
  const n = width * height;
  for (let position = 0; position < n; position++) {
    store<u32>(local(weights) + (<usize>position << 2), factorial(n - 1 - position));
    const above = (<u64>1 << ((<u64>position << 2) + 4)) - 1;
    const onBoard = (<u64>1 << (<u64>n << 2)) - 1;
    store<u64>(local(laterCells) + (<usize>position << 3), CELL_HIGH_BITS & onBoard & ~above);
  }
  for (let position = 0; position < width * height; position++) {
    const row = position / width;
    const column = position % width;
    const at = local(neighbours) + (<usize>position << 2);
    store<u8>(at, row > 0 ? position - width : NO_NEIGHBOUR);
    store<u8>(at + 1, row < height - 1 ? position + width : NO_NEIGHBOUR);
    store<u8>(at + 2, column > 0 ? position - 1 : NO_NEIGHBOUR);
    store<u8>(at + 3, column < width - 1 ? position + 1 : NO_NEIGHBOUR);
    for (let move = 0; move < 4; move++) {
      const target = load<u8>(at + <usize>move);
      store<u8>(local(moveTargets) + (<usize>position << 2) + <usize>move, target == NO_NEIGHBOUR ? <u8>position : target);
    }
  }
  tablesWidth = width;
  tablesHeight = height;
}

export function prepareManhattan(width: i32, n: i32, goal: usize): void {
  for (let goalPosition = 0; goalPosition < n; goalPosition++) {
    const tile = <i32>load<u8>(goal + <usize>goalPosition);
    const row = goalPosition / width;
    const column = goalPosition % width;
    const at = local(manhattan) + <usize>(tile * MAX_RANKED_CELLS);
    for (let position = 0; position < n; position++) {
      const distance = tile == 0 ? 0 : abs(position / width - row) + abs(position % width - column);
      store<u8>(at + <usize>position, <u8>distance);
    }
  }
}

@inline
export function tileDistance(tile: u32, position: i32): u32 {
  return <u32>load<u8>(local(manhattan) + <usize>(tile * MAX_RANKED_CELLS + position));
}

// Follows the codes of one side (bits `shift`..`shift`+2) from `rank` back to that
// side's root, writing at `out` the move that reached each state on the way, and
// returns how many there were. Leaves `board` scrambled.
export function traceToRoot(rank: u32, n: i32, shift: u32, out: usize): i32 {
  let blank = unrankCells(rank, n, local(board));
  let length: i32 = 0;
  while (true) {
    const code = (<u32>load<u8>(codes + <usize>rank) >> shift) & SIDE_MASK;
    if (code == ROOT) break;
    const move = code - 1;
    store<u8>(out + <usize>length, <u8>move);
    length++;
    const parentBlank = <i32>load<u8>(local(neighbours) + (<usize>blank << 2) + <usize>(move ^ 1));
    store<u8>(local(board) + <usize>blank, load<u8>(local(board) + <usize>parentBlank));
    store<u8>(local(board) + <usize>parentBlank, 0);
    blank = parentBlank;
    rank = rankCells(local(board), n);
  }
  return length;
}

export function reverseBytes(from: usize, length: i32): void {
  let low = from;
  let high = from + <usize>length - 1;
  while (low < high) {
    const swap = load<u8>(low);
    store<u8>(low, load<u8>(high));
    store<u8>(high, swap);
    low++;
    high--;
  }
}

// Path from the start's root to `rank`, written in order at the output.
export function forwardPath(rank: u32, n: i32): i32 {
  const out = scratchPointer() + OUTPUT_OFFSET;
  const length = traceToRoot(rank, n, 0, out);
  reverseBytes(out, length);
  return length;
}

// FIFO from the start; stops as soon as the goal is generated.
export function breadthFirst(n: i32, start: u64, goalRank: u32): i32 {
  memory.fill(codes, 0, <usize>factorial(n));
  const startRank = rankOf(start);
  store<u8>(codes + <usize>startRank, <u8>ROOT);
  if (startRank == goalRank) {
    setLastNodes(0);
    return 0;
  }
  store<u64>(queue, start);
  let head: usize = 0;
  let tail: usize = 1;
  while (head < tail) {
    const entry = load<u64>(queue + (head << 3));
    head++;
    const rank = rankOf(entry);
    const blank = blankOf(entry);
    // The parent is always reached already: skip the move back to it.
    const backMove = ((<u32>load<u8>(codes + <usize>rank) & SIDE_MASK) - 1) ^ 1;
    const around = local(neighbours) + (<usize>blank << 2);
    for (let move: u32 = 0; move < 4; move++) {
      const target = <u32>load<u8>(around + <usize>move);
      if (target == NO_NEIGHBOUR || move == backMove) continue;
      const childEntry = packedChild(entry, rank, blank, <i32>target, target > <u32>blank, move < MOVE_LEFT);
      const child = rankOf(childEntry);
      const codeAddress = codes + <usize>child;
      if (<u32>load<u8>(codeAddress) != UNSEEN) continue;
      store<u8>(codeAddress, <u8>(move + 1));
      if (child == goalRank) {
        setLastNodes(<f64>head);
        return forwardPath(child, n);
      }
      store<u64>(queue + (tail << 3), childEntry);
      tail++;
    }
  }
  setLastNodes(<f64>head);
  return -1;
}

// Expands the whole layer queue[head..tail) for the side whose code sits at `shift`,
// appending the next layer from `tail`. Stops at the first child the other side has
// already reached (setting met / meetingRank). Returns the states expanded; the next
// layer's end goes to layerEnd.
export function expandLayer(head: usize, tail: usize, shift: u32): usize {
  let at = head;
  let end = tail;
  while (at < tail) {
    const entry = load<u64>(queue + (at << 3));
    at++;
    const rank = rankOf(entry);
    const blank = blankOf(entry);
    // The parent is always reached already: skip the move back to it.
    const backMove = (((<u32>load<u8>(codes + <usize>rank) >> shift) & SIDE_MASK) - 1) ^ 1;
    const around = local(neighbours) + (<usize>blank << 2);
    for (let move: u32 = 0; move < 4; move++) {
      const target = <u32>load<u8>(around + <usize>move);
      if (target == NO_NEIGHBOUR || move == backMove) continue;
      const childEntry = packedChild(entry, rank, blank, <i32>target, target > <u32>blank, move < MOVE_LEFT);
      const child = rankOf(childEntry);
      const codeAddress = codes + <usize>child;
      const code = <u32>load<u8>(codeAddress);
      if (((code >> shift) & SIDE_MASK) != UNSEEN) continue;
      store<u8>(codeAddress, <u8>(code | ((move + 1) << shift)));
      if (code != UNSEEN) {
        // Own bits were clear, so the other side's are not.
        met = true;
        meetingRank = child;
        layerEnd = end;
        return at - head;
      }
      store<u64>(queue + (end << 3), childEntry);
      end++;
    }
  }
  layerEnd = end;
  return at - head;
}

// Layer-by-layer from both ends, always the side with the smaller frontier (the
// forward side on a tie). Stopping at the first meeting is optimal: before a layer
// of side A (depth a) is expanded, A has reached exactly the states within a of its
// root, B those within b of its own, and the sets are disjoint, so the distance d is
// more than a + b. A meeting child is at a + 1 from A's root and at most b from B's,
// and d <= (a + 1) + b; hence d = a + b + 1 for every meeting in the layer, the
// first included.
export function bidirectional(n: i32, start: u64, goal: u64): i32 {
  const states = <usize>factorial(n);
  memory.fill(codes, 0, states);
  const startRank = rankOf(start);
  const goalRank = rankOf(goal);
  if (startRank == goalRank) {
    store<u8>(codes + <usize>startRank, <u8>(ROOT | (ROOT << SIDE_BITS)));
    setLastNodes(0);
    return 0;
  }
  store<u8>(codes + <usize>startRank, <u8>ROOT);
  store<u8>(codes + <usize>goalRank, <u8>(ROOT << SIDE_BITS));
  // Each side reaches at most the n!/2 states of the start's component.
  const half = states >> 1;
  store<u64>(queue, start);
  store<u64>(queue + (half << 3), goal);
  let forwardHead: usize = 0;
  let forwardTail: usize = 1;
  let backwardHead: usize = half;
  let backwardTail: usize = half + 1;
  let expanded: usize = 0;
  met = false;
  while (!met) {
    const forwardSize = forwardTail - forwardHead;
    const backwardSize = backwardTail - backwardHead;
    if (forwardSize == 0 || backwardSize == 0) {
      setLastNodes(<f64>expanded);
      return -1;
    }
    if (forwardSize <= backwardSize) {
      expanded += expandLayer(forwardHead, forwardTail, 0);
      forwardHead = forwardTail;
      forwardTail = layerEnd;
    } else {
      expanded += expandLayer(backwardHead, backwardTail, SIDE_BITS);
      backwardHead = backwardTail;
      backwardTail = layerEnd;
    }
  }
  setLastNodes(<f64>expanded);
  const out = scratchPointer() + OUTPUT_OFFSET;
  const forwardLength = forwardPath(meetingRank, n);
  // The backward codes record moves away from the goal; walked from the meeting
  // state they are undone in order, so each step toward the goal is the opposite move.
  const backwardOut = out + <usize>forwardLength;
  const backwardLength = traceToRoot(meetingRank, n, SIDE_BITS, backwardOut);
  for (let i = 0; i < backwardLength; i++) {
    const at = backwardOut + <usize>i;
    store<u8>(at, load<u8>(at) ^ 1);
  }
  return forwardLength + backwardLength;
}

@inline
export function openKey(f: u32, g: u32, rank: u32): u64 {
  return (<u64>f << F_SHIFT) | ((G_MAX - <u64>g) << RANK_BITS) | <u64>rank;
}

@inline
export function openPush(key: u64): void {
  let at = openSize;
  openSize++;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    const parentKey = load<u64>(openList + (parent << 3));
    if (parentKey <= key) break;
    store<u64>(openList + (at << 3), parentKey);
    at = parent;
  }
  store<u64>(openList + (at << 3), key);
}

@inline
export function openPop(): u64 {
  const top = load<u64>(openList);
  openSize--;
  const size = openSize;
  if (size == 0) return top;
  const last = load<u64>(openList + (size << 3));
  let at: usize = 0;
  while (true) {
    let child = (at << 1) + 1;
    if (child >= size) break;
    let childKey = load<u64>(openList + (child << 3));
    const right = child + 1;
    if (right < size) {
      const rightKey = load<u64>(openList + (right << 3));
      if (rightKey < childKey) {
        child = right;
        childKey = rightKey;
      }
    }
    if (childKey >= last) break;
    store<u64>(openList + (at << 3), childKey);
    at = child;
  }
  store<u64>(openList + (at << 3), last);
  return top;
}

// Most blank moves out of any cell on a width x height board.
export function maxDegree(width: i32, height: i32): i32 {
  return (width > 2 ? 2 : 1) + (height > 2 ? 2 : 1);
}

// With a consistent heuristic (Manhattan changes by exactly 1 per move) a state is
// expanded at most once, and at its expansion its parent is already closed, so it
// pushes at most degree - 1 children (the root: degree). A better g for an open
// state pushes a new entry; the old one is skipped when popped (its g no longer
// matches the cost table).
export function aStar(width: i32, n: i32, startRank: u32, goalRank: u32): i32 {
  if (startRank == goalRank) {
    setLastNodes(0);
    return 0;
  }
  const states = <usize>factorial(n);
  memory.fill(codes, 0, states);
  memory.fill(costs, COST_UNSEEN, states);
  const scratch = scratchPointer();
  prepareManhattan(width, n, scratch + GOAL_OFFSET);
  let startEstimate: u32 = 0;
  for (let position = 0; position < n; position++) {
    startEstimate += tileDistance(<u32>load<u8>(scratch + START_OFFSET + <usize>position), position);
  }
  store<u8>(codes + <usize>startRank, <u8>ROOT);
  store<u8>(costs + <usize>startRank, 0);
  openSize = 0;
  openPush(openKey(startEstimate, 0, startRank));
  let expanded: usize = 0;
  while (openSize > 0) {
    const key = openPop();
    const rank = <u32>(key & RANK_MASK);
    const g = <u32>(G_MAX - ((key >> RANK_BITS) & G_MAX));
    if (g != <u32>load<u8>(costs + <usize>rank)) continue;
    expanded++;
    if (rank == goalRank) {
      setLastNodes(<f64>expanded);
      return forwardPath(rank, n);
    }
    const estimate = <u32>(key >> F_SHIFT) - g;
    const childG = g + 1;
    const blank = unrankCells(rank, n, local(board));
    // The parent is always reached already: skip the move back to it.
    const backMove = ((<u32>load<u8>(codes + <usize>rank) & SIDE_MASK) - 1) ^ 1;
    const around = local(neighbours) + (<usize>blank << 2);
    for (let move: u32 = 0; move < 4; move++) {
      const target = <u32>load<u8>(around + <usize>move);
      if (target == NO_NEIGHBOUR || move == backMove) continue;
      const tile = <u32>load<u8>(local(board) + <usize>target);
      const child = childRank(rank, blank, <i32>target);
      const costAddress = costs + <usize>child;
      if (childG >= <u32>load<u8>(costAddress)) continue;
      store<u8>(costAddress, <u8>childG);
      store<u8>(codes + <usize>child, <u8>(move + 1));
      const childEstimate = estimate + tileDistance(tile, blank) - tileDistance(tile, <i32>target);
      openPush(openKey(childG + childEstimate, childG, child));
    }
  }
  setLastNodes(<f64>expanded);
  return -1;
}
