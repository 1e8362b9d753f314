/**
 * Outside: what the Lights Out panel says about a solve's answer: the
 * message, the length and how far the playback got (the result), and the
 * facts beside it (kernel dimension, solving press sets, proven minimal,
 * nodes, time), plus the words for an unsolvable board. Module functions over
 * the game: they only write the elements they are given.
 */
import type { LightsOutResult } from '../../../src/index.js';
import { formatMs, h, numberFormat } from '../shared/dom.js';
import type { LightsOutGame, Shown } from './lightsOutGame.js';
import { formatCount, type LightsOutRules } from './lightsOutChoices.js';

export interface PanelMessage {
  text: string;
  kind: 'info' | 'error' | 'unsolvable';
}

/** The message, then the answer's length and the playback's progress; the answer's numbers also as data attributes. */
export function renderResult(target: HTMLElement, game: LightsOutGame, message: PanelMessage | null): void {
  target.replaceChildren();
  for (const name of ['solvable', 'length', 'kernel', 'solutions', 'minimal', 'nodes']) delete target.dataset[name];
  if (message) target.append(h('p', { class: `message ${message.kind}` }, message.text));
  const shown = game.shown;
  if (!shown) return;
  const result = shown.result;
  target.dataset.solvable = String(result.solvable);
  target.dataset.kernel = String(result.kernelDimension);
  target.dataset.solutions = result.solutions.toString();
  target.dataset.minimal = String(result.minimal);
  target.dataset.nodes = String(result.stats.nodes);
  if (result.status !== 'solved') return;
  target.dataset.length = String(result.length);
  target.append(
    h(
      'p',
      { class: 'length' },
      h(
        'strong',
        {},
        result.length === 0
          ? 'Already solved: 0 presses.'
          : `${result.minimal ? 'Fewest presses' : 'A solution'}: ${numberFormat.format(result.length)} press${result.length === 1 ? '' : 'es'}.`,
      ),
      result.length > 0 ? ` Played ${numberFormat.format(game.played.length)}, ${numberFormat.format(game.remaining())} left.` : '',
    ),
  );
  if (game.handPresses > 0) {
    target.append(
      h(
        'p',
        { class: 'message info' },
        `The dots follow your ${game.handPresses} press${game.handPresses === 1 ? '' : 'es'} by hand: they still solve the board, but may no longer be the fewest.`,
      ),
    );
  }
}

/** The answer's facts as a definition list (empty without an answer). */
export function renderFacts(target: HTMLElement, shown: Shown | null): void {
  target.replaceChildren();
  if (!shown) return;
  const { result, rules } = shown;
  const k = rules.colors;
  const fact = (term: string, value: string, title?: string) => [h('dt', {}, term), h('dd', { title }, value)];
  target.append(
    ...fact('Board', `${rules.rows}×${rules.cols}, ${rules.pattern}${rules.torus ? ', torus' : ''}, k = ${k}`),
    ...fact('Kernel dimension', String(result.kernelDimension), 'Press sets that change nothing form a space of this dimension over GF(k)'),
    ...fact(
      result.solvable ? 'Press sets that solve it' : 'Solvable boards',
      result.solvable ? formatCount(result.solutions) : `1 in ${formatCount(BigInt(k) ** BigInt(result.kernelDimension))}`,
      result.solvable ? result.solutions.toString() : undefined,
    ),
    ...fact(
      'Proven minimal',
      result.solvable
        ? result.minimal
          ? 'yes: every solution was weighed'
          : `no: the best of ${numberFormat.format(result.stats.nodes)} press sets weighed (the search limit)`
        : '—',
    ),
    ...fact('Nodes', numberFormat.format(result.stats.nodes), 'Press sets weighed'),
    ...fact('Time', `${formatMs(result.stats.ms)} on ${shown.engine}`),
  );
}

/** Why there is no answer, in words: the library's reason and what the kernel means for this board. */
export function unsolvableText(result: LightsOutResult, rules: LightsOutRules): string {
  const reason = result.status === 'unsolvable' ? result.reason : 'No solution';
  const d = result.kernelDimension;
  const k = rules.colors;
  const board = `${rules.rows}×${rules.cols} ${rules.pattern}${rules.torus ? ' torus' : ''}`;
  if (d === 0) return `${reason}.`;
  return `${reason}. On the ${board} board with k = ${k}, ${d} independent press set${d === 1 ? '' : 's'} change nothing (kernel dimension ${d}), so the presses reach only 1 board in ${formatCount(BigInt(k) ** BigInt(d))}, and this is not one of them. Random solvable deals one that is.`;
}
