/**
 * Outside: the two engines as every panel names them, and what a panel says
 * when a search ends without an answer. Shared by the puzzle panels, Lights
 * Out and the census (panel.ts re-exports them for the panels that import
 * them from there).
 */
import type { EngineName } from '../../../src/index.js';
import { SolveCancelled } from './solverClient.js';

export const engineNames: readonly EngineName[] = ['wasm', 'ts'];
export const engineLabel: Record<EngineName, string> = { wasm: 'WebAssembly', ts: 'TypeScript twin' };

/** What a panel says when a solve ends without an answer: cancelled (and how it stopped), or the error. */
export function solveFailure(error: unknown, engine: EngineName): { text: string; kind: 'info' | 'error' } {
  if (error instanceof SolveCancelled) return { text: `Search cancelled on ${engineLabel[engine]}; ${error.how}`, kind: 'info' };
  return { text: error instanceof Error ? error.message : String(error), kind: 'error' };
}
