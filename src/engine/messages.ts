/** Messages both engines and the layers above say in the same words. */
import { HEURISTICS } from './contract.js';

/** "unknown heuristic 'x', expected manhattan, linear-conflict or pdb" */
export function unknownHeuristicMessage(name: string): string {
  return `unknown heuristic '${name}', expected ${HEURISTICS.slice(0, -1).join(', ')} or ${HEURISTICS[HEURISTICS.length - 1]}`;
}
