/**
 * `npm start`: every family's judge sample, and Korf's first 15-puzzle, solved
 * on both engines, with the answer and the time a search takes: the median of
 * several warm runs, as bench/ measures, beside the first call's (which also
 * compiles, builds the family's tables and grows memory). One cold call once
 * made the wasm engine look twenty times slower than the TypeScript twin on
 * the 8-puzzle, the reverse of what the warm runs show.
 */
import { readFileSync } from 'node:fs';
import { createSolver } from '../api/solver.js';
import type { Solver } from '../api/types.js';
import { unsolvableWords, type JudgeFamily } from '../judge/judge.js';

/** Warm runs a sample gets: at least MIN_RUNS, then more until RUN_BUDGET_MS of them or MAX_RUNS. */
const MIN_RUNS = 5;
const MAX_RUNS = 51;
const RUN_BUDGET_MS = 300;

const korf1 = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
  .split('\n')[0]
  .trim()
  .split(/\s+/)
  .map(Number);

const samples: Array<{ name: string; run: (solver: Solver) => { answer: string; nodes: number; ms: number } }> = [
  { name: 'Flip Game (POJ 1753)        bwwb/bbwb/bwwb/bwww', run: (s) => summary('flip', s.flip('bwwb\nbbwb\nbwwb\nbwww')) },
  { name: 'Pilots Brothers (POJ 2965)  -+--/----/----/-+--', run: (s) => summary('pilots', s.pilots('-+--\n----\n----\n-+--')) },
  { name: 'Four in a line (Wikioi 1004) BWBO/WBWB/BWBW/WBWO', run: (s) => summary('fourline', s.fourLine('BWBO\nWBWB\nBWBW\nWBWO')) },
  { name: '8-puzzle (POJ 1077)          2 3 4 1 5 x 7 6 8', run: (s) => summary('eight', s.sliding('2 3 4 1 5 x 7 6 8', { algorithm: 'idastar' })) },
  {
    name: `15-puzzle, Korf #1 (${korf1[16]} moves) ${korf1.slice(0, 16).join(' ')}`,
    run: (s) => summary('sliding', s.sliding(korf1.slice(0, 16), { goal: 'blank-first' })),
  },
];

/** The answer in a player's words: the moves, or why there are none (not the library's reason, which speaks of parity). */
function summary(family: JudgeFamily, result: ReturnType<Solver['flip']> | ReturnType<Solver['sliding']> | ReturnType<Solver['fourLine']>) {
  const answer =
    result.status === 'stopped'
      ? 'stopped'
      : !result.solvable || result.length === null
        ? unsolvableWords(family)
        : 'path' in result
          ? `${result.length} moves: ${result.path}`
          : `${result.length} moves`;
  return { answer, nodes: result.stats.nodes, ms: result.stats.ms };
}

/** The middle of `values` (the upper middle of an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const solvers = [await createSolver({ engine: 'wasm' }), await createSolver({ engine: 'ts' })];
console.log(`Each time is the median of ${MIN_RUNS} to ${MAX_RUNS} warm runs (the search alone, as the result's stats.ms has it);`);
console.log('the first call, in brackets, also compiles, builds tables and grows memory.\n');
for (const sample of samples) {
  console.log(sample.name);
  for (const solver of solvers) {
    const first = sample.run(solver);
    const times: number[] = [];
    let last = first;
    for (let spent = 0; times.length < MIN_RUNS || (times.length < MAX_RUNS && spent < RUN_BUDGET_MS); ) {
      last = sample.run(solver);
      times.push(last.ms);
      spent += last.ms;
    }
    const { answer, nodes } = last;
    console.log(
      `  ${solver.engine.padEnd(4)} ${median(times).toFixed(3).padStart(9)} ms median of ${String(times.length).padStart(2)} (first ${first.ms.toFixed(2).padStart(7)} ms) ${String(nodes).padStart(9)} nodes  ${answer}`,
    );
  }
}
