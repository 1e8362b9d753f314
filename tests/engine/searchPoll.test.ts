/**
 * Progress and stopping inside an IDA* iteration, on both engines: the search
 * polls every 2^14 generated nodes (the same counts on both engines), the
 * solver's onProgress fires inside an iteration, an AbortSignal stops a
 * running search at the next poll (DOMException AbortError), and the solver
 * works normally afterwards.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SlidingBoard } from '../../src/engine/contract.js';
import { createSolver } from '../../src/api/solver.js';
import type { SlidingProgress } from '../../src/api/types.js';
import { engineNames, loadCore } from '../support/engines.js';
import { replaySliding } from '../oracles.js';

const korf = readFileSync(new URL('../../data/korf100.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/).map(Number));
const korfTiles = (number: number) => korf[number - 1].slice(0, 16);
const blankFirst: SlidingBoard = { width: 4, height: 4, tiles: Uint8Array.from({ length: 16 }, (_, i) => i) };
const POLL_NODES = 16384;

describe('the IDA* poll', () => {
  it('comes at the same node counts on both engines, multiples of 2^14, and stops the search when it says so', async () => {
    const start: SlidingBoard = { width: 4, height: 4, tiles: Uint8Array.from(korfTiles(1)) };
    const runs = await Promise.all(
      engineNames.map(async (name) => {
        const polls: Array<[number, number]> = [];
        const iterations: Array<[number, number]> = [];
        const answer = (await loadCore(name)).idaStar.solve(start, blankFirst, {
          heuristic: 'linear-conflict',
          onIteration: (bound, nodes) => iterations.push([bound, nodes]),
          poll: (bound, nodes) => {
            polls.push([bound, nodes]);
            return polls.length === 40;
          },
        });
        return { answer, polls, iterations };
      }),
    );
    const [wasm, ts] = runs;
    expect(wasm.polls).toHaveLength(40);
    expect(ts.polls).toEqual(wasm.polls);
    expect(ts.iterations).toEqual(wasm.iterations);
    wasm.polls.forEach(([, nodes], i) => expect(nodes).toBe((i + 1) * POLL_NODES));
    // Each poll names the bound of the iteration it came from.
    for (const [bound, nodes] of wasm.polls) {
      const current = wasm.iterations.filter(([, startNodes]) => startNodes <= nodes).at(-1)!;
      expect(bound).toBe(current[0]);
    }
    // The nodes expanded up to the stop: the engines' one count.
    for (const { answer } of runs) expect(answer).toEqual({ moves: null, nodes: 40 * POLL_NODES, expanded: runs[0]!.answer.expanded, stopped: true });
    expect(runs[0]!.answer.expanded).toBeGreaterThan(0);
  });

  it('never stops a search that it lets run: same moves and nodes as without a poll, on both engines', async () => {
    const start: SlidingBoard = { width: 4, height: 4, tiles: Uint8Array.from(korfTiles(1)) };
    for (const name of engineNames) {
      const ida = (await loadCore(name)).idaStar;
      let polls = 0;
      const polled = ida.solve(start, blankFirst, { heuristic: 'linear-conflict', poll: () => (polls++, false) });
      const plain = ida.solve(start, blankFirst, { heuristic: 'linear-conflict' });
      expect(polled).toEqual(plain);
      expect(polls).toBe(Math.floor((plain.nodes - 1) / POLL_NODES));
      expect(plain.moves).toHaveLength(korf[0][16]);
    }
  });

  it('agrees with maxNodes when the budget falls on a poll: the budget wins, no poll at that count', async () => {
    const start: SlidingBoard = { width: 4, height: 4, tiles: Uint8Array.from(korfTiles(1)) };
    for (const name of engineNames) {
      const polls: number[] = [];
      const answer = (await loadCore(name)).idaStar.solve(start, blankFirst, {
        heuristic: 'linear-conflict',
        maxNodes: 3 * POLL_NODES,
        poll: (_, nodes) => (polls.push(nodes), false),
      });
      expect(answer).toEqual({ moves: null, nodes: 3 * POLL_NODES, expanded: expect.any(Number), bound: expect.any(Number) });
      expect(polls).toEqual([POLL_NODES, 2 * POLL_NODES]);
    }
  });
});

describe.each(engineNames)('sliding() onProgress and signal on %s', (engine) => {
  it('fires onProgress inside a long iteration with increasing nodes, and an abort stops the search there', async () => {
    const solver = await createSolver({ engine });
    const controller = new AbortController();
    const iterations: Array<[number, number]> = [];
    const progress: SlidingProgress[] = [];
    let callsAfterAbort = 0;
    const error = (() => {
      try {
        solver.sliding(korfTiles(60), {
          goal: 'blank-first',
          heuristic: 'linear-conflict',
          signal: controller.signal,
          onIteration: (bound, nodes) => {
            if (controller.signal.aborted) callsAfterAbort++;
            iterations.push([bound, nodes]);
          },
          onProgress: (step) => {
            if (controller.signal.aborted) callsAfterAbort++;
            progress.push(step);
            // Three reports inside one iteration, then stop.
            const current = iterations.at(-1)!;
            if (progress.filter(({ bound }) => bound === current[0]).length === 3) controller.abort();
          },
        });
      } catch (thrown) {
        return thrown as Error;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DOMException);
    expect(error!.name).toBe('AbortError');
    expect(callsAfterAbort).toBe(0);
    const [bound, startNodes] = iterations.at(-1)!;
    const inside = progress.filter((step) => step.bound === bound);
    expect(inside).toHaveLength(3);
    expect(inside[0].nodes).toBeGreaterThan(startNodes);
    for (let i = 1; i < inside.length; i++) {
      expect(inside[i].nodes).toBeGreaterThan(inside[i - 1].nodes);
      expect(inside[i].ms).toBeGreaterThan(inside[i - 1].ms);
    }
    for (const step of progress) expect(step.nodes % POLL_NODES).toBe(0);

    // The solver is free and answers correctly afterwards.
    const next = solver.sliding(korfTiles(1), { goal: 'blank-first', heuristic: 'linear-conflict' });
    expect(next.length).toBe(korf[0][16]);
    expect(replaySliding(korfTiles(1), 4, next.path)).toEqual(Array.from(blankFirst.tiles));
  });

  it('throws AbortError at once for an already aborted signal, and rejects a signal that is not one', async () => {
    const solver = await createSolver({ engine });
    let iterations = 0;
    expect(() => solver.sliding(korfTiles(1), { goal: 'blank-first', signal: AbortSignal.abort(), onIteration: () => iterations++ })).toThrow(
      expect.objectContaining({ name: 'AbortError' }),
    );
    expect(iterations).toBe(0);
    expect(() => solver.sliding(korfTiles(1), { signal: 'stop' as unknown as AbortSignal })).toThrow("signal must be an AbortSignal, not 'stop'");
    expect(() => solver.sliding(korfTiles(1), { onProgress: 5 as unknown as () => void })).toThrow('onProgress must be a function, not 5');
  });

  it('stops between iterations too: an abort from onIteration ends the search within 2^14 nodes', async () => {
    const solver = await createSolver({ engine });
    const controller = new AbortController();
    let abortedAt = -1;
    let error: Error | null = null;
    try {
      solver.sliding(korfTiles(60), {
        goal: 'blank-first',
        heuristic: 'linear-conflict',
        signal: controller.signal,
        onIteration: (_, nodes) => {
          if (nodes > 5 * POLL_NODES && abortedAt < 0) {
            abortedAt = nodes;
            controller.abort();
          }
        },
      });
    } catch (thrown) {
      error = thrown as Error;
    }
    expect(error?.name).toBe('AbortError');
    const stoppedAt = Number(/after (\d+) nodes/.exec(error!.message)![1]);
    expect(stoppedAt).toBeGreaterThanOrEqual(abortedAt);
    expect(stoppedAt - abortedAt).toBeLessThanOrEqual(POLL_NODES);
  });
});
