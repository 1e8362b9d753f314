/**
 * Inside: the solving worker. It creates its own solvers (one per engine, on
 * first use) through the package's public API, which loads the same
 * puzzlesearch.wasm through src/loader.ts, and answers one request at a time.
 * The page cancels a search by terminating this worker and starting another.
 */
import { createSolver, type EngineName, type Solver } from '../src/index.js';
import type { SolveAnswer, SolveRequest, WorkerMessage } from './protocol.js';

const solvers = new Map<EngineName, Promise<Solver>>();

function solverFor(engine: EngineName): Promise<Solver> {
  let solver = solvers.get(engine);
  if (!solver) {
    solver = createSolver({ engine });
    solvers.set(engine, solver);
    solver.catch(() => solvers.delete(engine));
  }
  return solver;
}

function post(message: WorkerMessage): void {
  (self as unknown as Worker).postMessage(message);
}

async function solve(request: SolveRequest): Promise<SolveAnswer> {
  const solver = await solverFor(request.engine);
  switch (request.family) {
    case 'flip':
      return solver.flip(request.board);
    case 'pilots':
      return solver.pilots(request.board);
    case 'fourLine':
      return solver.fourLine(request.board);
    case 'sliding':
      return solver.sliding(request.board, {
        goal: request.goal,
        onIteration: (bound, nodes) => post({ id: request.id, type: 'progress', bound, nodes }),
      });
  }
}

self.addEventListener('message', (event: MessageEvent<SolveRequest>) => {
  const request = event.data;
  solve(request).then(
    (answer) => {
      // Only the plain fields travel: the result objects are already plain data.
      const { solvable, length, moves, stats } = answer;
      const plain: SolveAnswer = { solvable, length, moves, stats };
      if (answer.reason) plain.reason = answer.reason;
      if (answer.warning) plain.warning = answer.warning;
      post({ id: request.id, type: 'result', answer: plain });
    },
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
      post({ id: request.id, type: 'error', name, message });
    },
  );
});
