/**
 * Outside: a panel's position controls: edit mode, Scramble, the sample, and
 * the judge-text box with Load text (or Ctrl+Enter). The box follows the board
 * unless something was typed into it since the position last changed, so that
 * a half-typed position is never overwritten by a move; a bad text is
 * refused with the parser's PuzzleInputError message under the box.
 */
import { h } from '../shared/dom.js';
import type { PanelHost } from './contract.js';
import type { SolutionMove } from '../workers/solverClient.js';

export class PositionControls<S, M extends SolutionMove> {
  /** Edit mode: a click on a cell changes the position instead of playing. */
  editing = false;
  readonly editButton: HTMLButtonElement;
  readonly scrambleButton: HTMLButtonElement;
  readonly sampleButton: HTMLButtonElement;
  readonly textArea: HTMLTextAreaElement;
  readonly loadButton: HTMLButtonElement;
  readonly inputError: HTMLElement;
  /** Something was typed into the box since the position last changed. */
  private typed = false;

  constructor(private readonly host: PanelHost<S, M>) {
    const { panel } = host;
    const { spec } = panel;
    const id = spec.id;
    this.editButton = h(
      'button',
      { type: 'button', class: 'toggle', 'aria-pressed': 'false', 'aria-label': `Edit mode for the ${spec.title} board`, onclick: () => this.toggleEdit() },
      'Edit mode',
    );
    this.scrambleButton = h(
      'button',
      { type: 'button', 'aria-label': `Scramble the ${spec.title} board to a random solvable position`, onclick: () => panel.setPosition(panel.scramble()) },
      'Scramble',
    );
    this.sampleButton = h(
      'button',
      {
        type: 'button',
        'aria-label': `Load the ${(spec.sampleLabel ?? 'judge sample').toLowerCase()} for the ${spec.title} (${spec.sampleNote})`,
        title: spec.sampleNote,
        onclick: () => panel.loadSample(),
      },
      spec.sampleLabel ?? 'Judge sample',
    );
    this.textArea = h('textarea', {
      id: `${id}-text`,
      rows: spec.height,
      spellcheck: 'false',
      autocomplete: 'off',
      class: 'judge-text',
      'aria-describedby': `${id}-input-error`,
      oninput: () => (this.typed = true),
      onkeydown: (event: KeyboardEvent) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          panel.loadText(this.textArea.value);
        }
      },
    });
    this.loadButton = h(
      'button',
      { type: 'button', 'aria-label': `Load the ${spec.title} position typed as judge text`, onclick: () => panel.loadText(this.textArea.value) },
      'Load text',
    );
    this.inputError = h('p', { class: 'input-error', id: `${id}-input-error`, role: 'alert' });
  }

  private toggleEdit(): void {
    this.editing = !this.editing;
    this.host.clearSelection();
    this.host.panel.render();
  }

  /** A new position: the box follows the board again. */
  forgetTyping(): void {
    this.typed = false;
  }

  /** After a change of position: the box shows it, unless a text is being typed. */
  showPosition(state: S): void {
    if (!this.typed) this.textArea.value = this.host.panel.format(state);
  }

  /** Judge text to the board; a PuzzleInputError is shown under the box (and false returned), any other error thrown. */
  load(text: string): boolean {
    const { panel } = this.host;
    try {
      const state = panel.parse(text);
      panel.setPosition(state);
      this.textArea.value = panel.format(state);
      this.inputError.textContent = '';
      this.textArea.removeAttribute('aria-invalid');
      return true;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'PuzzleInputError') throw error;
      this.inputError.textContent = error.message;
      this.textArea.setAttribute('aria-invalid', 'true');
      return false;
    }
  }

  render(): void {
    this.editButton.setAttribute('aria-pressed', String(this.editing));
    this.editButton.textContent = this.editing ? 'Done editing' : 'Edit mode';
  }
}
