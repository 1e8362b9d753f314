/**
 * Outside: the Lights Out panel's "Board" group: the size (rows × columns),
 * the pattern, the colours k and the torus, read back as rules (sizes clamped
 * to what the panel draws), and the board's own buttons (deal, clear, edit
 * mode) in its last row. The panel acts on them through BoardActions: a
 * change of the options deals a new board.
 */
import { LIGHTS_OUT_PATTERNS } from '../../../src/index.js';
import { h } from '../shared/dom.js';
import { boardSizeLimits, colorChoices, patternLabel, type LightsOutPatternName, type LightsOutRules } from './lightsOutChoices.js';

/** What the Board group's controls do, in the panel. */
export interface BoardActions {
  /** An option changed. */
  changed(): void;
  deal(): void;
  clear(): void;
  toggleEdit(): void;
}

export class LightsOutOptions {
  readonly element: HTMLElement;
  private readonly editButton: HTMLButtonElement;
  private readonly rowsInput: HTMLInputElement;
  private readonly colsInput: HTMLInputElement;
  private readonly patternSelect: HTMLSelectElement;
  private readonly colorsSelect: HTMLSelectElement;
  private readonly torusBox: HTMLInputElement;
  /** Says, next to the size, what a size out of range or not a number was changed to (empty when nothing was). */
  private readonly sizeNote: HTMLElement;

  /** `rules`: what the controls show at first. */
  constructor(id: string, rules: LightsOutRules, actions: BoardActions) {
    const changed = () => actions.changed();
    const sizeInput = (which: 'rows' | 'cols') =>
      h('input', {
        type: 'number',
        id: `${id}-${which}`,
        'aria-label': which === 'rows' ? 'Rows' : 'Columns',
        min: boardSizeLimits.min,
        max: boardSizeLimits.max,
        step: 1,
        value: rules[which],
        inputmode: 'numeric',
        class: 'size-input',
        onchange: changed,
      });
    this.rowsInput = sizeInput('rows');
    this.colsInput = sizeInput('cols');
    this.patternSelect = h(
      'select',
      { id: `${id}-pattern`, onchange: changed },
      ...LIGHTS_OUT_PATTERNS.map((name) => h('option', { value: name, selected: name === rules.pattern }, patternLabel[name])),
    );
    this.colorsSelect = h(
      'select',
      { id: `${id}-colors`, onchange: changed },
      ...colorChoices.map((k) => h('option', { value: k, selected: k === rules.colors }, k === 2 ? '2 (on/off)' : String(k))),
    );
    this.torusBox = h('input', { type: 'checkbox', id: `${id}-torus`, onchange: changed });
    this.editButton = h('button', { type: 'button', class: 'toggle', 'aria-pressed': 'false', onclick: () => actions.toggleEdit() }, 'Edit mode');
    const randomButton = h(
      'button',
      { type: 'button', class: 'lights-random', 'aria-label': 'Deal a random solvable Lights Out board', onclick: () => actions.deal() },
      'Random solvable',
    );
    const clearButton = h('button', { type: 'button', class: 'lights-clear', 'aria-label': 'Switch every light off', onclick: () => actions.clear() }, 'Clear');
    this.sizeNote = h('p', { class: 'input-error size-note', id: `${id}-size-note`, role: 'status', 'aria-live': 'polite' });
    this.rowsInput.setAttribute('aria-describedby', `${id}-size-note`);
    this.colsInput.setAttribute('aria-describedby', `${id}-size-note`);
    const field = (label: string, forId: string, control: HTMLElement) => h('div', { class: 'row' }, h('label', { for: forId }, label), control);
    this.element = h(
      'fieldset',
      { class: 'group' },
      h('legend', {}, 'Board'),
      h(
        'div',
        { class: 'row' },
        h('label', { for: `${id}-rows` }, 'Size'),
        h('span', { class: 'size-pair' }, this.rowsInput, h('span', { 'aria-hidden': 'true' }, '×'), this.colsInput),
        h('span', { class: 'hint' }, `rows × columns, ${boardSizeLimits.min} to ${boardSizeLimits.max}`),
      ),
      this.sizeNote,
      field('Pattern', `${id}-pattern`, this.patternSelect),
      field('Colours k', `${id}-colors`, this.colorsSelect),
      h('div', { class: 'row' }, h('label', { class: 'check', for: `${id}-torus` }, this.torusBox, 'Torus: the edges wrap around')),
      h('div', { class: 'row' }, randomButton, clearButton, this.editButton),
    );
  }

  /** The edit mode button says which mode the board is in. */
  renderEditing(editing: boolean): void {
    this.editButton.setAttribute('aria-pressed', String(editing));
    this.editButton.textContent = editing ? 'Done editing' : 'Edit mode';
  }

  /** The rules the controls show; a size that is out of range or not a number is put right in its input, and the note beside it says so. */
  read(current: LightsOutRules): LightsOutRules {
    const changes: string[] = [];
    const size = (input: HTMLInputElement, fallback: number, what: string) => {
      const typed = input.value.trim();
      const value = Math.round(Number(typed));
      const clamped = typed !== '' && Number.isFinite(value) ? Math.min(boardSizeLimits.max, Math.max(boardSizeLimits.min, value)) : fallback;
      if (String(clamped) !== typed) {
        const why =
          typed === '' || !Number.isFinite(value)
            ? `“${typed}” is not a number`
            : value > boardSizeLimits.max
              ? `${typed} is more than ${boardSizeLimits.max}`
              : value < boardSizeLimits.min
                ? `${typed} is less than ${boardSizeLimits.min}`
                : `${typed} is not a whole number`;
        changes.push(`${why}: ${clamped} ${what} instead.`);
      }
      input.value = String(clamped);
      return clamped;
    };
    const rows = size(this.rowsInput, current.rows, 'rows');
    const cols = size(this.colsInput, current.cols, 'columns');
    this.sizeNote.textContent = changes.join(' ');
    this.sizeNote.dataset.changed = String(changes.length > 0);
    return {
      rows,
      cols,
      pattern: this.patternSelect.value as LightsOutPatternName,
      colors: Number(this.colorsSelect.value),
      torus: this.torusBox.checked,
    };
  }
}
