/**
 * Outside: a panel's board side: the grid of cell buttons, the bar under it
 * (move counter, undo, restart) and the status and help lines. It owns the
 * keyboard focus in the grid (one tab stop that the arrows move, unless the
 * puzzle takes the arrows itself) and the cell under the pointer or focus,
 * which a puzzle reads to preview what a press would change.
 */
import { h } from '../shared/dom.js';
import type { PanelHost } from './contract.js';
import type { SolutionMove } from '../workers/solverClient.js';

/** The cell an arrow, Home or End key moves the focus to: -1 at the edge, undefined for any other key. */
function focusTarget(key: string, index: number, width: number, height: number): number | undefined {
  const row = Math.floor(index / width);
  const col = index % width;
  return key === 'ArrowUp'
    ? row > 0
      ? index - width
      : -1
    : key === 'ArrowDown'
      ? row < height - 1
        ? index + width
        : -1
      : key === 'ArrowLeft'
        ? col > 0
          ? index - 1
          : -1
        : key === 'ArrowRight'
          ? col < width - 1
            ? index + 1
            : -1
          : key === 'Home'
            ? 0
            : key === 'End'
              ? width * height - 1
              : undefined;
}

export class BoardView<S, M extends SolutionMove> {
  readonly board: HTMLElement;
  readonly cells: HTMLButtonElement[];
  readonly counter: HTMLElement;
  readonly undoButton: HTMLButtonElement;
  readonly restartButton: HTMLButtonElement;
  readonly status: HTMLElement;
  readonly help: HTMLElement;
  /** What the marks on the board mean, one line per mark on show (focus, the cells a press turns, the hint's cells). */
  readonly legend: HTMLElement;
  /** The cell under the pointer or keyboard focus. */
  hover: number | null = null;
  private focusIndex = 0;

  constructor(private readonly host: PanelHost<S, M>) {
    const { panel } = host;
    const { spec } = panel;
    const id = spec.id;
    this.cells = Array.from({ length: spec.width * spec.height }, (_, i) =>
      h('button', {
        type: 'button',
        class: 'cell',
        'data-index': i,
        tabindex: spec.boardKeys ? -1 : i === 0 ? 0 : -1,
        onclick: () => this.cellClicked(i),
        onfocus: () => {
          this.focusIndex = i;
          this.setHover(i);
        },
        onblur: () => this.setHover(null),
        onmouseenter: () => this.setHover(i),
        onmouseleave: () => this.setHover(null),
      }),
    );
    const rows = Array.from({ length: spec.height }, (_, r) => h('div', { class: 'board-row' }, ...this.cells.slice(r * spec.width, (r + 1) * spec.width)));
    this.board = h(
      'div',
      {
        class: `board ${spec.boardClass}`,
        role: 'group',
        id: `${id}-board`,
        'aria-label': spec.boardKeys ? `${spec.title} board: arrow keys move the blank` : `${spec.title} board`,
        'aria-describedby': `${id}-help`,
        tabindex: spec.boardKeys ? 0 : undefined,
        style: `--cols: ${spec.width}; --rows: ${spec.height}`,
        onkeydown: (event: KeyboardEvent) => this.keydown(event),
      },
      ...rows,
    );
    this.counter = h('span', { class: 'counter', 'aria-live': 'polite' });
    this.undoButton = h(
      'button',
      { type: 'button', class: 'small', 'aria-label': `Undo the last move on the ${spec.title} board`, onclick: () => panel.undo() },
      'Undo',
    );
    this.restartButton = h(
      'button',
      { type: 'button', class: 'small', 'aria-label': `Back to the ${spec.title} starting position`, onclick: () => panel.restart() },
      'Restart',
    );
    this.status = h('p', { class: 'status', 'aria-live': 'polite', id: `${id}-status` });
    this.help = h('p', { class: 'help', id: `${id}-help` });
    this.legend = h('ul', { class: 'marks', 'aria-label': 'Marks on the board' });
  }

  private cellClicked(index: number): void {
    this.focusIndex = index;
    if (this.host.editing()) this.host.panel.editCell(index);
    else this.host.panel.press(index);
  }

  private keydown(event: KeyboardEvent): void {
    const { panel } = this.host;
    if (panel.boardKey(event)) {
      event.preventDefault();
      return;
    }
    if (panel.spec.boardKeys) return;
    const target = focusTarget(event.key, this.focusIndex, panel.spec.width, panel.spec.height);
    if (target === undefined) return;
    event.preventDefault();
    if (target >= 0) this.focusCell(target);
  }

  focusCell(index: number): void {
    this.focusIndex = index;
    this.cells.forEach((cell, i) => (cell.tabIndex = i === index ? 0 : -1));
    this.cells[index].focus();
  }

  private setHover(index: number | null): void {
    if (this.hover === index) return;
    this.hover = index;
    this.host.renderCells();
  }

  /** The cells of `state`; `hinted` are the ones a hint marks as keeping it optimal. */
  renderCells(state: S, hinted: ReadonlySet<number> | null): void {
    this.cells.forEach((cell, i) => {
      const view = this.host.panel.cellView(state, i);
      if (cell.textContent !== view.text) cell.textContent = view.text;
      cell.dataset.value = view.value;
      const hint = hinted?.has(i) ?? false;
      cell.setAttribute('aria-label', hint ? `${view.label} (hint: keeps it optimal)` : view.label);
      cell.className = ['cell', ...(view.classes ?? []), ...(hint ? ['hinted'] : [])].join(' ');
    });
    this.renderLegend();
  }

  /** One mark, one meaning: the legend names the marks the board shows now. */
  private renderLegend(): void {
    const shown = (name: string) => this.cells.some((cell) => cell.classList.contains(name));
    const focused = this.cells.some((cell) => cell.matches(':focus-visible'));
    const marks: [string, boolean, string][] = [
      ['focus', focused, 'keyboard focus'],
      ['affected', shown('affected'), 'cells this press turns'],
      ['hinted', shown('hinted'), 'hint: a move that keeps it optimal'],
    ];
    const key = marks.map(([, on]) => (on ? 1 : 0)).join('');
    if (this.legend.dataset.marks === key) return;
    this.legend.dataset.marks = key;
    this.legend.replaceChildren(
      ...marks
        .filter(([, on]) => on)
        .map(([name, , words]) => h('li', { class: `mark-${name}` }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), words)),
    );
  }

  /** Everything but the cells: the board's data, the counter and its buttons, status and help. */
  render(state: S): void {
    const { panel } = this.host;
    const editing = this.host.editing();
    const goal = panel.isGoal(state);
    this.board.dataset.board = panel.format(state).split('\n').join('/');
    this.board.dataset.goal = String(goal);
    this.board.dataset.mode = editing ? 'edit' : 'play';
    this.board.classList.toggle('editing', editing);
    this.board.classList.toggle('solved', goal);

    // The counter counts the player's own moves; where the playback stands is the playback bar's "Step k of n".
    const moves = this.host.playerMoves();
    this.counter.dataset.moves = String(moves);
    this.counter.textContent = `Your moves: ${moves}`;
    const atStart = this.host.history().length === 1;
    this.undoButton.disabled = atStart;
    this.restartButton.disabled = atStart;
    this.status.textContent = editing ? 'Edit mode: clicks change the position.' : panel.statusText(state);
    this.status.classList.toggle('goal', goal && !editing);
    this.help.textContent = editing ? panel.spec.editHelp : panel.spec.playHelp;
  }
}
