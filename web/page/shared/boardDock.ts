/**
 * Outside: a panel's dock: its board, the bar under it and the playback
 * buttons in one block, which the page's styles hold in view (sticky) while a
 * solution is shown. Its height is kept on the panel as --dock-height, so that
 * on a narrow screen, where the dock sits over the controls, what scrolls into
 * view there (a focused button, the answer) stops below the dock instead of
 * under it (scroll-margin-top in style.css).
 */
import { h } from './dom.js';

export function boardDock(...children: HTMLElement[]): HTMLElement {
  const dock = h('div', { class: 'board-dock' }, ...children);
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(() => {
      dock.closest<HTMLElement>('.panel')?.style.setProperty('--dock-height', `${Math.ceil(dock.offsetHeight)}px`);
    }).observe(dock);
  }
  return dock;
}
