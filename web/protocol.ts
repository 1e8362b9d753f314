/**
 * The messages between the page (outside, `page/`) and the solving worker
 * (inside, `worker.ts`). Types only: neither side imports the other's code.
 */
import type { Cell, EngineName, FourLineMove, GoalName, SlidingMove } from '../src/index.js';

export type Family = 'flip' | 'pilots' | 'fourLine' | 'sliding';

/** One solve: the board as judge text, the engine, and for sliding the goal. */
export interface SolveRequest {
  id: number;
  engine: EngineName;
  family: Family;
  board: string;
  goal?: GoalName;
}

export type SolutionMove = Cell | FourLineMove | SlidingMove;

/** The API's result made plain for postMessage (it already is: numbers, strings, plain objects). */
export interface SolveAnswer {
  solvable: boolean;
  length: number | null;
  moves: SolutionMove[];
  reason?: string;
  warning?: string;
  stats: { nodes: number; ms: number };
}

export type WorkerMessage =
  | { id: number; type: 'progress'; bound: number; nodes: number }
  | { id: number; type: 'result'; answer: SolveAnswer }
  | { id: number; type: 'error'; name: string; message: string };
