/**
 * Outside: the parts a puzzle panel is made of, one job each, and how they are
 * laid out: the board side (the dock: board view, its bar and the playback
 * buttons, held in view; under it the hint line and the marks' legend) and
 * the controls side (first the Solve group, beside the board: progress,
 * result, the whole move list, judge output and engine table; then the
 * Position group). The parts
 * build their own elements; this puts them in place, as the page has them.
 */
import { BoardView } from './boardView.js';
import { boardDock } from '../shared/boardDock.js';
import { h } from '../shared/dom.js';
import { EngineTimings } from './engineTimings.js';
import { Hints } from './hints.js';
import type { PanelHost, PanelSpec } from './contract.js';
import { SolutionPlayback } from './playback.js';
import { PlaybackControls } from './playbackControls.js';
import { PositionControls } from './positionControls.js';
import { SearchProgress } from './searchProgress.js';
import { SolveController } from './solveController.js';
import { SolveResult } from './solveResult.js';
import type { SolutionMove } from '../workers/solverClient.js';

export interface PanelParts<S, M extends SolutionMove> {
  board: BoardView<S, M>;
  hints: Hints<S, M>;
  position: PositionControls<S, M>;
  playback: SolutionPlayback<S, M>;
  playbackControls: PlaybackControls<S, M>;
  timings: EngineTimings<S, M>;
  result: SolveResult<S, M>;
  progress: SearchProgress<S, M>;
  solver: SolveController<S, M>;
}

export function createParts<S, M extends SolutionMove>(host: PanelHost<S, M>): PanelParts<S, M> {
  const board = new BoardView(host);
  const hints = new Hints(host);
  const position = new PositionControls(host);
  const progress = new SearchProgress(host);
  const playback = new SolutionPlayback(host);
  const playbackControls = new PlaybackControls(host, playback);
  const timings = new EngineTimings(host, playback);
  const result = new SolveResult(host, playback, timings);
  const solver = new SolveController(host, progress, playback, timings, result);
  return { board, hints, position, playback, playbackControls, timings, result, progress, solver };
}

/** The panel's section; `extraControls` go under the position buttons (goal choice, Korf instances). */
export function panelSection<S, M extends SolutionMove>(spec: PanelSpec, parts: PanelParts<S, M>, extraControls: HTMLElement[]): HTMLElement {
  const id = spec.id;
  const { board, hints, position, progress, solver, result, playbackControls, timings } = parts;
  return h(
    'section',
    { class: 'panel', id: `panel-${id}`, 'data-panel': id, 'aria-labelledby': `${id}-title` },
    h('header', { class: 'panel-head' }, h('h2', { id: `${id}-title` }, spec.title), h('p', { class: 'rules' }, spec.rules)),
    h(
      'div',
      { class: 'panel-body' },
      h(
        'div',
        { class: 'board-side' },
        // The board and its playback stay together and in view (sticky): beside the controls on a wide screen, at the top of a narrow one while a solution is shown.
        boardDock(
          h('div', { class: 'board-frame' }, board.board),
          h('div', { class: 'board-bar' }, board.counter, h('span', { class: 'spacer' }), hints.button, board.undoButton, board.restartButton),
          playbackControls.element,
        ),
        board.status,
        hints.line,
        board.help,
        board.legend,
      ),
      h(
        'div',
        { class: 'controls-side' },
        h(
          'fieldset',
          { class: 'group' },
          h('legend', {}, 'Solve'),
          h('div', { class: 'row' }, solver.solveButton, solver.compareButton, solver.cancelButton),
          progress.line,
          progress.tablesBox,
          result.box,
          playbackControls.moveList,
          h('details', { class: 'judge' }, h('summary', {}, 'Judge output'), result.judgeOutput),
          timings.table,
          timings.speedup,
        ),
        h(
          'fieldset',
          { class: 'group' },
          h('legend', {}, 'Position'),
          h('div', { class: 'row' }, position.editButton, position.scrambleButton, position.sampleButton),
          ...extraControls,
          h(
            'label',
            { for: `${id}-text`, class: 'text-label' },
            'Judge text ',
            h('span', { class: 'hint' }, '(paste a position, then Load text or Ctrl+Enter)'),
          ),
          position.textArea,
          h('div', { class: 'row' }, position.loadButton),
          position.inputError,
        ),
      ),
    ),
  );
}
