/**
 * `npm start`: every family's judge sample, and Korf's first 15-puzzle, solved
 * on both engines, with the answer and the time each took (warm, and on the
 * first call, which also builds the family's tables).
 */
import { readFileSync } from 'node:fs';
import { createSolver } from '../api/solver.js';
import type { Solver } from '../api/types.js';

const korf1 = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
  .split('\n')[0]
  .trim()
  .split(/\s+/)
  .map(Number);

const samples: Array<{ name: string; run: (solver: Solver) => { answer: string; nodes: number; ms: number } }> = [
  { name: 'Flip Game (POJ 1753)        bwwb/bbwb/bwwb/bwww', run: (s) => summary(s.flip('bwwb\nbbwb\nbwwb\nbwww')) },
  { name: 'Pilots Brothers (POJ 2965)  -+--/----/----/-+--', run: (s) => summary(s.pilots('-+--\n----\n----\n-+--')) },
  { name: 'Four in a line (Wikioi 1004) BWBO/WBWB/BWBW/WBWO', run: (s) => summary(s.fourLine('BWBO\nWBWB\nBWBW\nWBWO')) },
  { name: '8-puzzle (POJ 1077)          2 3 4 1 5 x 7 6 8', run: (s) => summary(s.sliding('2 3 4 1 5 x 7 6 8', { algorithm: 'idastar' })) },
  {
    name: `15-puzzle, Korf #1 (${korf1[16]} moves) ${korf1.slice(0, 16).join(' ')}`,
    run: (s) => summary(s.sliding(korf1.slice(0, 16), { goal: 'blank-first' })),
  },
];

function summary(result: ReturnType<Solver['flip']> | ReturnType<Solver['sliding']> | ReturnType<Solver['fourLine']>) {
  const answer =
    !result.solvable || result.length === null ? result.reason : 'path' in result ? `${result.length} moves: ${result.path}` : `${result.length} moves`;
  return { answer, nodes: result.stats.nodes, ms: result.stats.ms };
}

const solvers = [await createSolver({ engine: 'wasm' }), await createSolver({ engine: 'ts' })];
for (const sample of samples) {
  console.log(sample.name);
  for (const solver of solvers) {
    // The first call builds tables and grows memory; the second shows the search itself.
    const first = sample.run(solver);
    const { answer, nodes, ms } = sample.run(solver);
    console.log(
      `  ${solver.engine.padEnd(4)} ${ms.toFixed(2).padStart(9)} ms (first call ${first.ms.toFixed(2).padStart(7)} ms) ${String(nodes).padStart(9)} nodes  ${answer}`,
    );
  }
}
