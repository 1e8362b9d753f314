// @ts-check
/**
 * The benchmark tasks. Each task gives every engine its own copy of identical
 * inputs and says how to get the full answer (compared between the engines and
 * checked independently before any timing) and what to time (a function whose
 * return value, a checksum of the answers, must also agree on every iteration).
 */
import {
  FOUR_LINE_SAMPLE,
  bruteForceFlip,
  copyBoard,
  flipReplayError,
  fourLineReplayError,
  pressEffects,
  randomFourLineBoards,
  randomSolvableBoards,
  referenceDistances,
  slidingBoard,
  slidingReplayError,
} from './inputs.js';
import { mulberry32 } from './inputs.js';
import { lightsOutProblem } from '../dist/api/lightsOut.js';
import { solverFromCore } from '../dist/api/solver.js';

import { pdbEntryCount } from '../dist/engine/pdbSizes.js';
import { namedPartition } from '../dist/pdb/partitions.js';
import { crc32 } from '../dist/crc32.js';

/** @typedef {import('../dist/engine/contract.js').Core} Core */
/** @typedef {import('../dist/engine/contract.js').SlidingBoard} SlidingBoard */
/** @typedef {import('../dist/engine/contract.js').SlidingAnswer} SlidingAnswer */
/** @typedef {import('./measure.js').Plan} Plan */

/**
 * @typedef {object} Answer
 * @property {number} nodes work of one iteration, in the task's unit
 * @property {unknown} detail everything compared between the engines
 * @property {number} checksum what `run` must return for these answers
 */

/**
 * @typedef {object} TaskSpec
 * @property {string} id
 * @property {string} group
 * @property {string} label short name for tables and the chart
 * @property {string} workload what one iteration does
 * @property {string} unit what `nodes` counts
 * @property {'bfs' | 'ranking' | 'idastar' | 'elimination' | 'batch' | 'gfp' | null} target speed-up target class
 * @property {'short' | 'long'} size short: ms per iteration, many samples; long: few single runs
 * @property {number} [fullRounds] long tasks: samples per engine in a full run, when not the default
 * @property {() => unknown} inputs a fresh copy of the inputs (called once per engine)
 * @property {(core: Core, inputs: any) => Answer} answer the full answer
 * @property {(core: Core, inputs: any) => number} run the timed work; returns a checksum
 * @property {(answer: Answer, inputs: any) => string | null} [check] independent check of one engine's answer
 */

/** The 8-puzzle goal of POJ 1077: 1 2 3 4 5 6 7 8 x. */
export const EIGHT_GOAL = slidingBoard(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]);

/** Boards at distance 0..31 from the 8-puzzle goal (PUZZLES.md). */
const EIGHT_DISTANCE_COUNTS = [
  1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910,
  760, 221, 2,
];

const BOARDS = 1 << 16;
/** Boards of the four-in-a-line batch row, in quick runs too. */
const BATCH_FOUR_LINE_BOARDS = 1000;

/** @param {number} count */
const fmt = (count) => count.toLocaleString('en-US');

/** Sum of a checksum that does not overflow into floats: a 32-bit rolling mix. */
const mix = (/** @type {number} */ acc, /** @type {number} */ value) => (Math.imul(acc, 31) + value) | 0;

/**
 * A batch's checksum from every 61st answer (and the count): the answers are
 * compared in full before timing, and a loop over all 65,536 would time the
 * checksum as much as the batch.
 * @param {Uint32Array} answers
 */
function batchChecksum(answers) {
  let acc = answers.length;
  for (let i = 0; i < answers.length; i += 61) acc = mix(acc, answers[i]);
  return acc;
}

/** @param {'flip' | 'pilots'} kind @returns {TaskSpec[]} */
function flipTasks(kind) {
  const name = kind === 'flip' ? 'Flip Game' : 'Pilots';
  const reachable = kind === 'flip' ? 4096 : BOARDS;
  /** @type {Int8Array | undefined} */
  let fewest;
  const effects = pressEffects(kind);
  return [
    {
      id: `${kind}-table`,
      group: name,
      label: `${name}: BFS table`,
      workload: `breadth-first search from the goal over all 65,536 boards (${fmt(reachable)} reachable)`,
      unit: 'states',
      target: 'bfs',
      size: 'short',
      inputs: () => null,
      answer: (core) => {
        const nodes = core.flip.buildTable(kind);
        return { nodes, detail: { nodes }, checksum: nodes };
      },
      run: (core) => core.flip.buildTable(kind),
      check: (answer) => (answer.nodes === reachable ? null : `expanded ${answer.nodes} states, expected the ${reachable} reachable boards`),
    },
    {
      id: `${kind}-solve-all`,
      group: name,
      label: `${name}: solve all`,
      workload: 'solve each of the 65,536 boards (table walk; table already built)',
      unit: 'nodes',
      target: null,
      size: 'short',
      inputs: () => null,
      answer: (core) => {
        core.flip.buildTable(kind);
        let nodes = 0;
        let checksum = 0;
        const cells = [];
        for (let board = 0; board < BOARDS; board++) {
          const answer = core.flip.solve(kind, board);
          nodes += answer.nodes;
          checksum = mix(mix(checksum, answer.nodes), answer.cells === null ? -1 : answer.cells.length);
          cells.push(answer.cells);
        }
        return { nodes, detail: { cells }, checksum };
      },
      run: (core) => {
        let acc = 0;
        for (let board = 0; board < BOARDS; board++) {
          const answer = core.flip.solve(kind, board);
          acc = mix(mix(acc, answer.nodes), answer.cells === null ? -1 : answer.cells.length);
        }
        return acc;
      },
      check: (answer) => {
        fewest ??= bruteForceFlip(kind);
        const all = /** @type {{ cells: Array<number[] | null> }} */ (answer.detail).cells;
        for (let board = 0; board < BOARDS; board++) {
          const cells = all[board];
          if (cells === null) {
            if (fewest[board] >= 0) return `board ${board.toString(16)}: said impossible, brute force needs ${fewest[board]} presses`;
            continue;
          }
          if (cells.length !== fewest[board]) return `board ${board.toString(16)}: ${cells.length} presses, brute force says ${fewest[board]}`;
          const error = flipReplayError(kind, board, cells, effects);
          if (error) return `board ${board.toString(16)}: ${error}`;
        }
        return null;
      },
    },
    {
      id: `${kind}-solve-batch`,
      group: name,
      label: `${name}: solve all, engine batch call`,
      workload:
        'solve each of the 65,536 boards in one engine batch call, core.flip.solveBatch (table walk; table already built; answers into an array the caller reuses)',
      unit: 'nodes',
      target: 'batch',
      size: 'short',
      inputs: () => ({ boards: Uint16Array.from({ length: BOARDS }, (_, board) => board), into: new Uint32Array(BOARDS) }),
      answer: (core, { boards, into }) => {
        core.flip.buildTable(kind);
        const { answers, nodes } = core.flip.solveBatch(kind, boards, into);
        return { nodes, detail: { answers: Array.from(answers) }, checksum: batchChecksum(answers) };
      },
      run: (core, { boards, into }) => batchChecksum(core.flip.solveBatch(kind, boards, into).answers),
      check: (answer) => {
        fewest ??= bruteForceFlip(kind);
        const { answers } = /** @type {{ answers: number[] }} */ (answer.detail);
        for (let board = 0; board < BOARDS; board++) {
          const pressed = answers[board] & 0xffff;
          const length = (answers[board] >>> 16) - 1;
          if (length !== fewest[board]) return `board ${board.toString(16)}: ${length} presses, brute force says ${fewest[board]}`;
          if (length < 0) continue;
          const cells = [];
          for (let cell = 0; cell < 16; cell++) if ((pressed >> cell) & 1) cells.push(cell);
          if (cells.length !== length) return `board ${board.toString(16)}: ${cells.length} cells for ${length} presses`;
          const error = flipReplayError(kind, board, cells, effects);
          if (error) return `board ${board.toString(16)}: ${error}`;
        }
        return null;
      },
    },
    {
      id: `${kind}-solve-many`,
      group: name,
      label: `${name}: solve all, solveMany`,
      workload:
        'solver.solveMany over the 65,536 boards as judge text: parsing, the engine batch call above, one result object per board (no target: the same JS for both engines around one engine call)',
      unit: 'nodes',
      target: null,
      size: 'short',
      inputs: () => Array.from({ length: BOARDS }, (_, board) => flipText(kind, board)),
      answer: (core, texts) => {
        const results = solverFromCore(core).solveMany(kind, texts);
        const lengths = results.map((result) => (result.status === 'solved' ? result.length : -1));
        return { nodes: lengths.reduce((sum, length) => sum + Math.max(length, 0), 0), detail: { lengths }, checksum: manyChecksum(results) };
      },
      run: (core, texts) => manyChecksum(solverFromCore(core).solveMany(kind, texts)),
      check: (answer) => {
        fewest ??= bruteForceFlip(kind);
        const { lengths } = /** @type {{ lengths: number[] }} */ (answer.detail);
        for (let board = 0; board < BOARDS; board++) {
          if (lengths[board] !== fewest[board]) return `board ${board.toString(16)}: ${lengths[board]} presses, brute force says ${fewest[board]}`;
        }
        return null;
      },
    },
  ];
}

/**
 * A board's judge text: four rows of 'b'/'w' (flip) or '+'/'-' (pilots), bit
 * 4 * row + column set for 'b' / '+'.
 * @param {'flip' | 'pilots'} kind @param {number} board
 */
function flipText(kind, board) {
  const [set, clear] = kind === 'flip' ? ['b', 'w'] : ['+', '-'];
  const rows = [];
  for (let row = 0; row < 4; row++) {
    let text = '';
    for (let col = 0; col < 4; col++) text += (board >> (4 * row + col)) & 1 ? set : clear;
    rows.push(text);
  }
  return rows.join('\n');
}

/**
 * solveMany's checksum from every 61st result, as batchChecksum.
 * @param {ReadonlyArray<{ status: string, length?: number | null }>} results
 */
function manyChecksum(results) {
  let acc = results.length;
  for (let i = 0; i < results.length; i += 61) {
    const result = results[i];
    acc = mix(acc, result.status === 'solved' ? /** @type {number} */ (result.length) : -1);
  }
  return acc;
}

/** @param {number} boards @returns {TaskSpec[]} */
function fourLineTasks(boards) {
  return [
    {
      id: 'fourline-reachable',
      group: 'Four in a line',
      label: 'Four in a line: reachable',
      workload: 'BFS over every (board, side to move) state reachable from the sample BWBO/WBWB/BWBW/WBWO',
      unit: 'states',
      target: 'bfs',
      size: 'short',
      inputs: () => Uint8Array.from(FOUR_LINE_SAMPLE),
      answer: (core, cells) => {
        const nodes = core.fourLine.reachable(cells);
        return { nodes, detail: { nodes }, checksum: nodes };
      },
      run: (core, cells) => core.fourLine.reachable(cells),
    },
    {
      id: 'fourline-solve',
      group: 'Four in a line',
      label: `Four in a line: ${fmt(boards)} boards`,
      workload: `solve ${fmt(boards)} random 7/7/2 boards (seed 1004)`,
      unit: 'nodes',
      target: 'bfs',
      size: 'short',
      inputs: () => randomFourLineBoards(boards, 1004),
      answer: (core, list) => {
        let nodes = 0;
        let checksum = 0;
        const answers = list.map((/** @type {Uint8Array} */ cells) => {
          const answer = core.fourLine.solve(cells);
          nodes += answer.nodes;
          checksum = mix(mix(checksum, answer.nodes), answer.moves === null ? -1 : answer.moves.length);
          return answer;
        });
        return { nodes, detail: answers, checksum };
      },
      run: (core, list) => {
        let acc = 0;
        for (const cells of list) {
          const answer = core.fourLine.solve(cells);
          acc = mix(mix(acc, answer.nodes), answer.moves === null ? -1 : answer.moves.length);
        }
        return acc;
      },
      check: checkFourLineAnswers,
    },
    {
      id: 'fourline-solve-batch',
      group: 'Four in a line',
      label: `Four in a line: ${fmt(BATCH_FOUR_LINE_BOARDS)} boards, batch`,
      workload: `solve ${fmt(BATCH_FOUR_LINE_BOARDS)} random 7/7/2 boards (seed 1004) in one batch call`,
      unit: 'nodes',
      target: 'batch',
      size: 'short',
      inputs: () => randomFourLineBoards(BATCH_FOUR_LINE_BOARDS, 1004),
      answer: (core, list) => {
        const answers = core.fourLine.solveBatch(list);
        let nodes = 0;
        let checksum = 0;
        for (const answer of answers) {
          nodes += answer.nodes;
          checksum = mix(mix(checksum, answer.nodes), answer.moves === null ? -1 : answer.moves.length);
        }
        return { nodes, detail: answers, checksum };
      },
      run: (core, list) => {
        let acc = 0;
        for (const answer of core.fourLine.solveBatch(list)) acc = mix(mix(acc, answer.nodes), answer.moves === null ? -1 : answer.moves.length);
        return acc;
      },
      check: checkFourLineAnswers,
    },
  ];
}

/**
 * @param {string} algorithm
 * @param {number} boards
 * @param {(core: Core, start: SlidingBoard, goal: SlidingBoard) => SlidingAnswer} solve
 * @param {'bfs' | 'idastar' | null} target
 * @param {number} [fullRounds]
 * @returns {TaskSpec}
 */
function eightSolveTask(algorithm, boards, solve, target, fullRounds) {
  return {
    id: `eight-${algorithm}`,
    group: '8-puzzle',
    label: `8-puzzle: ${algorithm}, ${fmt(boards)} boards`,
    workload: `solve ${fmt(boards)} random solvable boards (seed 1077) with ${algorithm}`,
    unit: 'nodes',
    target,
    size: 'long',
    fullRounds,
    inputs: () => ({ boards: randomSolvableBoards(boards, EIGHT_GOAL, 1077), goal: copyBoard(EIGHT_GOAL) }),
    answer: (core, { boards: list, goal }) => {
      let nodes = 0;
      let checksum = 0;
      const answers = list.map((/** @type {SlidingBoard} */ start) => {
        const answer = solve(core, start, goal);
        nodes += answer.nodes;
        checksum = mix(mix(checksum, answer.nodes), answer.moves === null ? -1 : answer.moves.length);
        return answer;
      });
      return { nodes, detail: answers, checksum };
    },
    run: (core, { boards: list, goal }) => {
      let acc = 0;
      for (const start of list) {
        const answer = solve(core, start, goal);
        acc = mix(mix(acc, answer.nodes), answer.moves === null ? -1 : answer.moves.length);
      }
      return acc;
    },
    check: (answer, { boards: list, goal }) => checkEightAnswers(/** @type {SlidingAnswer[]} */ (answer.detail), list, goal),
  };
}

/** @type {ReturnType<typeof referenceDistances> | undefined} */
let eightReference;

/**
 * Every answer is a shortest path (the BFS distances of bench/inputs.js) that
 * replays to the goal.
 * @param {ReadonlyArray<SlidingAnswer | null>} answers @param {SlidingBoard[]} list @param {SlidingBoard} goal
 */
function checkEightAnswers(answers, list, goal) {
  eightReference ??= referenceDistances(EIGHT_GOAL);
  for (let i = 0; i < answers.length; i++) {
    const moves = answers[i]?.moves ?? null;
    if (moves === null) return `board ${i}: no answer`;
    const optimal = eightReference.of(list[i]);
    if (moves.length !== optimal) return `board ${i} (${Array.from(list[i].tiles).join(' ')}): ${moves.length} moves, optimal is ${optimal}`;
    const error = slidingReplayError(list[i], goal, moves);
    if (error) return `board ${i}: ${error}`;
  }
  return null;
}

/** Boards of the IDA* batch row. */
const BATCH_EIGHT_BOARDS = 1000;

/**
 * The IDA* batch row: the boards of eight-idastar's full run (seed 1077), in
 * one engine call, core.idaStar.solveBatch.
 * @returns {TaskSpec}
 */
function eightIdaStarBatchTask() {
  /** @param {ReadonlyArray<SlidingAnswer | null>} answers */
  const checksumOf = (answers) => {
    let acc = 0;
    for (const answer of answers) acc = mix(mix(acc, answer?.nodes ?? -1), answer?.moves ? answer.moves.length : -1);
    return acc;
  };
  return {
    id: 'eight-idastar-batch',
    group: '8-puzzle',
    label: `8-puzzle: ${fmt(BATCH_EIGHT_BOARDS)} random boards, IDA* batch`,
    workload: `solve ${fmt(BATCH_EIGHT_BOARDS)} random solvable boards (seed 1077) with IDA* (Manhattan) in one engine batch call, core.idaStar.solveBatch`,
    unit: 'nodes',
    target: 'idastar',
    size: 'short',
    inputs: () => ({ boards: randomSolvableBoards(BATCH_EIGHT_BOARDS, EIGHT_GOAL, 1077), goal: copyBoard(EIGHT_GOAL) }),
    answer: (core, { boards: list, goal }) => {
      const answers = core.idaStar.solveBatch(list, goal, { heuristic: 'manhattan' });
      return { nodes: answers.reduce((sum, answer) => sum + (answer?.nodes ?? 0), 0), detail: answers, checksum: checksumOf(answers) };
    },
    run: (core, { boards: list, goal }) => checksumOf(core.idaStar.solveBatch(list, goal, { heuristic: 'manhattan' })),
    check: (answer, { boards: list, goal }) => checkEightAnswers(/** @type {Array<SlidingAnswer | null>} */ (answer.detail), list, goal),
  };
}

// ---------------------------------------------------------------- Lights Out

/** The toggle patterns the rows use, as (dr, dc) offsets from the pressed cell. */
const LIGHTS_OUT_PATTERNS = {
  cross: [
    [0, 0],
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ],
  x: [
    [0, 0],
    [-1, -1],
    [-1, 1],
    [1, -1],
    [1, 1],
  ],
};

/**
 * A board that can reach all 0: each cell pressed a random number of times
 * below `colors` (seeded), the presses' effect written from the rules here.
 * With 2 colours a cell is pressed when random() < 0.5, as the GF(2) tasks' boards always were.
 * @param {'cross' | 'x'} pattern @param {number} m @param {number} n @param {boolean} torus @param {number} seed @param {number} colors
 * @returns {number[][]}
 */
function lightsOutBoard(pattern, m, n, torus, seed, colors) {
  const random = mulberry32(seed);
  const board = Array.from({ length: m }, () => new Array(n).fill(0));
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      const times = colors - 1 - Math.floor(random() * colors);
      if (times === 0) continue;
      for (const [rr, cc] of patternCells(pattern, m, n, torus, r, c)) board[rr][cc] = (board[rr][cc] + times) % colors;
    }
  }
  return board;
}

/**
 * The distinct cells a press at (r, c) toggles.
 * @param {'cross' | 'x'} pattern @param {number} m @param {number} n @param {boolean} torus @param {number} r @param {number} c
 * @returns {Array<[number, number]>}
 */
function patternCells(pattern, m, n, torus, r, c) {
  /** @type {Map<number, [number, number]>} */
  const cells = new Map();
  for (const [dr, dc] of LIGHTS_OUT_PATTERNS[pattern]) {
    let rr = r + dr;
    let cc = c + dc;
    if (torus) {
      rr = (rr + m) % m;
      cc = (cc + n) % n;
    } else if (rr < 0 || rr >= m || cc < 0 || cc >= n) continue;
    cells.set(rr * n + cc, [rr, cc]);
  }
  return [...cells.values()];
}

/**
 * Independent check: the presses (a count per cell) turn the board all 0.
 * @param {'cross' | 'x'} pattern @param {number[][]} board @param {Uint8Array} presses @param {boolean} torus @param {number} colors
 * @returns {string | null}
 */
function lightsOutReplayError(pattern, board, presses, torus, colors) {
  const m = board.length;
  const n = board[0].length;
  const end = board.map((row) => [...row]);
  for (let cell = 0; cell < m * n; cell++) {
    if (presses[cell] === 0) continue;
    for (const [rr, cc] of patternCells(pattern, m, n, torus, Math.floor(cell / n), cell % n)) end[rr][cc] = (end[rr][cc] + presses[cell]) % colors;
  }
  const lit = end.flat().filter((v) => v !== 0).length;
  return lit === 0 ? null : `${lit} cells still lit after the presses`;
}

/**
 * @param {string} id @param {string} label @param {string} workload @param {string} unit
 * @param {'elimination' | 'gfp' | null} target
 * @param {'cross' | 'x'} pattern @param {number} m @param {number} n @param {boolean} torus @param {number} seed
 * @param {(answer: import('../dist/engine/contract.js').LightsOutAnswer, cells: number) => number} work
 * @param {number} [colors] the prime p of GF(p)
 * @returns {TaskSpec}
 */
function lightsOutTask(id, label, workload, unit, target, pattern, m, n, torus, seed, work, colors = 2) {
  /** @type {number[][] | undefined} */
  let board;
  const makeBoard = () => (board ??= lightsOutBoard(pattern, m, n, torus, seed, colors));
  const checksumOf = (/** @type {import('../dist/engine/contract.js').LightsOutAnswer} */ answer) =>
    mix(mix(mix(0, answer.nodes), answer.kernelDimension), answer.presses === null ? -1 : answer.presses.reduce((sum, p) => sum + p, 0));
  return {
    id,
    group: 'Lights Out',
    label,
    workload,
    unit,
    target,
    size: 'short',
    inputs: () => lightsOutProblem(makeBoard(), { pattern, torus, colors }),
    answer: (core, problem) => {
      const answer = core.lightsOut.solve(problem);
      return { nodes: work(answer, m * n), detail: answer, checksum: checksumOf(answer) };
    },
    run: (core, problem) => checksumOf(core.lightsOut.solve(problem)),
    check: (answer) => {
      const detail = /** @type {import('../dist/engine/contract.js').LightsOutAnswer} */ (answer.detail);
      if (detail.presses === null) return 'said unsolvable, yet the board was made by presses';
      if (!detail.minimal) return 'coset not searched in full';
      return lightsOutReplayError(pattern, makeBoard(), detail.presses, torus, colors);
    },
  };
}

/** @returns {TaskSpec[]} */
function lightsOutTasks() {
  return [
    lightsOutTask(
      'lightsout-chase-1000',
      'Lights Out: 1000x1000 chase',
      'fewest presses for a random solvable 1000x1000 plane cross (seed 1000): light chasing with 1,000 unknowns, 1000x1000 GF(2) elimination (wasm target <= 50 ms)',
      'cells',
      null,
      'cross',
      1000,
      1000,
      false,
      1000,
      (_answer, cells) => cells,
    ),
    lightsOutTask(
      'lightsout-torus-64',
      'Lights Out: 64x64 torus x',
      'fewest presses for a random solvable 64x64 torus, x pattern (seed 64; the cell and its diagonal neighbours, which no light chase covers): Gaussian elimination over all 4,096 cells',
      'cells',
      'elimination',
      'x',
      64,
      64,
      true,
      64,
      (_answer, cells) => cells,
    ),
    lightsOutTask(
      'lightsout-coset-20',
      'Lights Out: kernel dimension 20',
      'fewest presses for a random solvable 30x30 plane cross (seed 30; kernel dimension 20): Gray-code walk over all 2^20 press sets of the coset (wasm target >= 100M candidates/s)',
      'candidates',
      null,
      'cross',
      30,
      30,
      false,
      30,
      (answer) => answer.nodes,
    ),
    lightsOutTask(
      'lightsout-gf3-300',
      'Lights Out: 300x300 GF(3)',
      'fewest presses for a random solvable 300x300 plane cross with 3 colours (seed 300; kernel dimension 0): light chasing with 300 unknowns, GF(3) elimination 16 bytes at a time in wasm',
      'cells',
      'gfp',
      'cross',
      300,
      300,
      false,
      300,
      (_answer, cells) => cells,
      3,
    ),
    lightsOutTask(
      'lightsout-gf7-torus-199',
      'Lights Out: 199x199 torus GF(7)',
      'fewest presses for a random solvable 199x199 torus cross with 7 colours (seed 199; kernel dimension 0): light chasing with 398 unknowns (a torus keeps two unknown rows), 398x398 GF(7) elimination, 16 bytes at a time in wasm',
      'cells',
      'gfp',
      'cross',
      199,
      199,
      true,
      199,
      (_answer, cells) => cells,
      7,
    ),
  ];
}

/**
 * The 6-6-3 PDB of the 15-puzzle for Korf's goal (blank first), built from
 * scratch: every group's table, round by round. Leaves the tables installed in
 * both cores, ready for the PDB search (suite.js runs it after the tasks).
 * @returns {TaskSpec}
 */
function pdbBuildTask() {
  const partition = namedPartition(4, 4, 0, '6-6-3');
  if (!partition) throw new Error('no 6-6-3 partition for 4x4');
  /** @param {Core} core */
  const buildAll = (core) => {
    let checksum = 0;
    let entries = 0;
    partition.groups.forEach((_, group) => {
      const build = core.pdb.build(partition, group);
      while (build.round());
      entries += build.entries;
      checksum = mix(checksum, crc32(/** @type {Uint8Array} */ (core.pdb.table(partition, group))));
    });
    return { entries, checksum };
  };
  return {
    id: 'pdb-build-663',
    group: '15-puzzle',
    label: '15-puzzle: 6-6-3 PDB build',
    workload: `build the three tables of the 6-6-3 PDB for the goal 0 1 ... 15 (${fmt(pdbEntryCount(16, 6) * 2 + pdbEntryCount(16, 3))} entries, 4 bits each); the tables of both engines must be byte-identical (CRC-32 compared)`,
    unit: 'entries',
    target: null,
    size: 'long',
    fullRounds: 3,
    inputs: () => null,
    answer: (core) => {
      const { entries, checksum } = buildAll(core);
      return { nodes: entries, detail: { checksum }, checksum };
    },
    run: (core) => buildAll(core).checksum,
  };
}

/**
 * @param {{ fourLineBoards: number, eightBoards: number }} workload
 * @returns {TaskSpec[]}
 */
export function buildTasks(workload) {
  const eight = workload.eightBoards;
  return [
    ...flipTasks('flip'),
    ...flipTasks('pilots'),
    ...fourLineTasks(workload.fourLineBoards),
    {
      id: 'eight-distances',
      group: '8-puzzle',
      label: '8-puzzle: full BFS',
      workload: 'breadth-first search from the goal 1..8 x over all 181,440 reachable boards',
      unit: 'states',
      target: 'bfs',
      size: 'short',
      inputs: () => copyBoard(EIGHT_GOAL),
      answer: (core, goal) => {
        const counts = core.sliding.distances(goal);
        return { nodes: counts.reduce((sum, n) => sum + n, 0), detail: counts, checksum: counts.reduce(mix, 0) };
      },
      run: (core, goal) => core.sliding.distances(goal).reduce(mix, 0),
      check: (answer) => {
        const counts = /** @type {number[]} */ (answer.detail);
        const same = counts.length === EIGHT_DISTANCE_COUNTS.length && counts.every((n, i) => n === EIGHT_DISTANCE_COUNTS[i]);
        return same ? null : `distance counts ${counts.join(',')} differ from PUZZLES.md`;
      },
    },
    {
      id: 'rank-roundtrip',
      group: '8-puzzle',
      label: '8-puzzle: rank round trip',
      workload: 'unrank every rank 0..9!-1 into a permutation and rank it back (362,880 round trips)',
      unit: 'perms',
      target: 'ranking',
      size: 'short',
      inputs: () => null,
      answer: (core) => {
        const failures = core.sliding.rankRoundTrip(9);
        return { nodes: 362880, detail: { failures }, checksum: failures };
      },
      run: (core) => core.sliding.rankRoundTrip(9),
      check: (answer) => {
        const { failures } = /** @type {{ failures: number }} */ (answer.detail);
        return failures === 0 ? null : `${failures} round trips failed`;
      },
    },
    eightSolveTask('bfs', eight, (core, start, goal) => core.sliding.solveExhaustive(start, goal, 'bfs'), 'bfs', 3),
    eightSolveTask('bibfs', eight, (core, start, goal) => core.sliding.solveExhaustive(start, goal, 'bibfs'), 'bfs'),
    eightSolveTask('astar', eight, (core, start, goal) => core.sliding.solveExhaustive(start, goal, 'astar'), null),
    eightSolveTask('idastar', eight, (core, start, goal) => core.idaStar.solve(start, goal, { heuristic: 'manhattan' }), 'idastar'),
    eightIdaStarBatchTask(),
    ...lightsOutTasks(),
    pdbBuildTask(),
  ];
}

/**
 * Every four-in-a-line answer replays to a line (a null answer is left to the
 * engines' agreement check).
 * @param {{ detail?: unknown }} answer
 * @param {Uint8Array[]} list
 */
function checkFourLineAnswers(answer, list) {
  const answers = /** @type {import('../dist/engine/contract.js').FourLineAnswer[]} */ (answer.detail);
  for (let i = 0; i < answers.length; i++) {
    const moves = answers[i].moves;
    if (moves === null) continue; // possible in principle; the other engine must agree
    const error = fourLineReplayError(list[i], moves);
    if (error) return `board ${i}: ${error}`;
  }
  return null;
}
