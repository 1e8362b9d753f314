/**
 * The element's controls, beside or right under the board: the playback bar
 * (to the start, back, play/pause, forward, speed, "step k of n"), the
 * actions (Solve, Cancel, Hint, Scramble, Reset), the status line, a message
 * line, the search's progress, and the solution's moves, every one shown,
 * wrapped, the current one marked and each a button to jump there.
 */
import { SPEEDS } from './playback.js';

export interface ControlsState {
  /** A solution is held and the board stands on its path. */
  solution: { moveTexts: string[]; moveLabels: string[]; index: number; playing: boolean } | null;
  busy: 'solve' | 'hint' | null;
  solved: boolean;
}

export class Controls {
  readonly element: HTMLDivElement;
  readonly start: HTMLButtonElement;
  readonly back: HTMLButtonElement;
  readonly play: HTMLButtonElement;
  readonly forward: HTMLButtonElement;
  readonly speed: HTMLSelectElement;
  readonly solve: HTMLButtonElement;
  readonly cancel: HTMLButtonElement;
  readonly hint: HTMLButtonElement;
  readonly scramble: HTMLButtonElement;
  readonly reset: HTMLButtonElement;
  readonly moves: HTMLOListElement;
  private readonly step: HTMLSpanElement;
  private readonly statusLine: HTMLParagraphElement;
  private readonly messageLine: HTMLParagraphElement;
  private readonly progress: HTMLDivElement;
  private readonly progressText: HTMLSpanElement;
  private shownMoves: string[] = [];

  constructor(private readonly doc: Document) {
    this.element = this.make('div', 'side');
    this.element.setAttribute('part', 'controls');
    const playback = this.make('div', 'bar playback');
    playback.setAttribute('part', 'playback');
    playback.setAttribute('role', 'group');
    playback.setAttribute('aria-label', 'Playback');
    this.start = this.button('|◀', 'To the start', 'start');
    this.back = this.button('◀', 'Step back', 'back');
    this.play = this.button('▶ Play', 'Play the solution', 'play');
    this.forward = this.button('▶|', 'Step forward', 'forward');
    this.speed = doc.createElement('select');
    this.speed.setAttribute('aria-label', 'Playback speed');
    this.speed.dataset.action = 'speed';
    for (const speed of SPEEDS) {
      const option = doc.createElement('option');
      option.value = String(speed);
      option.textContent = `${speed}×`;
      this.speed.append(option);
    }
    this.step = this.make('span', 'step');
    this.step.setAttribute('aria-live', 'polite');
    playback.append(this.start, this.back, this.play, this.forward, this.speed, this.step);

    const actions = this.make('div', 'bar actions');
    actions.setAttribute('part', 'actions');
    this.solve = this.button('Solve', 'Find a shortest solution', 'solve');
    this.solve.classList.add('primary');
    this.cancel = this.button('Cancel', 'Stop the search', 'cancel');
    this.hint = this.button('Hint', 'Mark the moves that keep the position optimal', 'hint');
    this.scramble = this.button('Scramble', 'A new random position', 'scramble');
    this.reset = this.button('Reset', 'Back to the starting position', 'reset');
    actions.append(this.solve, this.cancel, this.hint, this.scramble, this.reset);

    this.statusLine = this.make('p', 'status');
    this.statusLine.setAttribute('part', 'status');
    this.statusLine.setAttribute('aria-live', 'polite');
    this.messageLine = this.make('p', 'message');
    this.messageLine.setAttribute('part', 'message');
    this.messageLine.setAttribute('aria-live', 'polite');
    this.progress = this.make('div', 'progress');
    this.progress.setAttribute('part', 'progress');
    this.progress.hidden = true;
    this.progress.append(doc.createElement('progress'));
    this.progressText = this.make('span', 'progress-text');
    this.progress.append(this.progressText);
    this.moves = doc.createElement('ol');
    this.moves.className = 'moves';
    this.moves.setAttribute('part', 'moves');
    this.moves.setAttribute('aria-label', 'Solution');
    this.element.append(playback, actions, this.statusLine, this.progress, this.messageLine, this.moves);
  }

  status(text: string): void {
    this.statusLine.textContent = text;
  }

  message(text: string): void {
    this.messageLine.textContent = text;
  }

  showProgress(text: string | null): void {
    this.progress.hidden = text === null;
    this.progressText.textContent = text ?? '';
  }

  update(state: ControlsState): void {
    const { solution, busy } = state;
    const index = solution?.index ?? 0;
    const length = solution?.moveTexts.length ?? 0;
    this.start.disabled = !solution || index === 0;
    this.back.disabled = !solution || index === 0;
    this.forward.disabled = !solution || index >= length;
    this.play.disabled = !solution || length === 0;
    this.play.textContent = solution?.playing ? 'Pause' : '▶ Play';
    this.play.setAttribute('aria-label', solution?.playing ? 'Pause' : 'Play the solution');
    this.step.textContent = solution ? `step ${index} of ${length}` : '';
    this.solve.disabled = busy !== null || state.solved;
    this.hint.disabled = busy !== null || state.solved;
    this.cancel.disabled = busy === null;
    this.cancel.hidden = busy === null;
    this.drawMoves(solution);
  }

  private drawMoves(solution: ControlsState['solution']): void {
    const texts = solution?.moveTexts ?? [];
    if (texts !== this.shownMoves) {
      this.shownMoves = texts;
      this.moves.replaceChildren(
        ...texts.map((text, i) => {
          const item = this.doc.createElement('li');
          const button = this.doc.createElement('button');
          button.type = 'button';
          button.dataset.step = String(i + 1);
          button.textContent = text;
          button.title = `Move ${i + 1}: ${solution!.moveLabels[i]}`;
          item.append(button);
          return item;
        }),
      );
    }
    // The move just made is the current one (none at the start).
    const index = solution?.index ?? 0;
    this.moves.querySelectorAll('button').forEach((button, i) => {
      button.classList.toggle('done', i < index - 1);
      if (i === index - 1) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    });
  }

  private button(text: string, label: string, action: string): HTMLButtonElement {
    const button = this.doc.createElement('button');
    button.type = 'button';
    button.className = 'control';
    button.textContent = text;
    button.title = label;
    button.dataset.action = action;
    if (text !== label) button.setAttribute('aria-label', label);
    return button;
  }

  private make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
    const element = this.doc.createElement(tag);
    element.className = className;
    return element;
  }
}
