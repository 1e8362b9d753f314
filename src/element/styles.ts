/**
 * The element's shadow-DOM style sheet. Everything a page may theme is a
 * custom property named --puzzlesearch-* (listed in docs/element.md), read
 * here with its default; parts (::part(board), ::part(controls), ...) reach
 * the rest. Tiles and stones slide with a transform whose duration follows the
 * playback speed (--_slide-ms, set by the element), and not at all under
 * prefers-reduced-motion. The controls stand beside the board where the
 * element is wide enough, and right under it where it is not, so that Play
 * never moves pieces off screen.
 */
export const ELEMENT_CSS = `
:host {
  display: block;
  container-type: inline-size;
  font: var(--puzzlesearch-font, 1rem system-ui, sans-serif);
  color: var(--puzzlesearch-text, #1d2330);
  --_bg: var(--puzzlesearch-background, transparent);
  --_cell: var(--puzzlesearch-cell, #e4e8ef);
  --_on: var(--puzzlesearch-on, #27324a);
  --_off: var(--puzzlesearch-off, #f4f6fa);
  --_tile: var(--puzzlesearch-tile, #3565c8);
  --_tile-text: var(--puzzlesearch-tile-text, #ffffff);
  --_home: var(--puzzlesearch-tile-home, #2c8a58);
  --_black: var(--puzzlesearch-black-stone, #1d2330);
  --_white: var(--puzzlesearch-white-stone, #fbfbfd);
  --_accent: var(--puzzlesearch-accent, #3565c8);
  --_hint: var(--puzzlesearch-hint, #e0a100);
  --_affected: var(--puzzlesearch-affected, #7a8599);
  --_focus: var(--puzzlesearch-focus, #d9366b);
  --_radius: var(--puzzlesearch-radius, 0.4rem);
  --_gap: var(--puzzlesearch-gap, 4px);
  --_slide-ms: 150ms;
}
@media (prefers-color-scheme: dark) {
  :host {
    color: var(--puzzlesearch-text, #e6e9f0);
    --_cell: var(--puzzlesearch-cell, #2b3240);
    --_on: var(--puzzlesearch-on, #e9edf5);
    --_off: var(--puzzlesearch-off, #3a4253);
    --_tile: var(--puzzlesearch-tile, #5a86e0);
    --_black: var(--puzzlesearch-black-stone, #0d1017);
    --_white: var(--puzzlesearch-white-stone, #eef0f5);
    --_accent: var(--puzzlesearch-accent, #7ea2ee);
  }
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.layout { display: flex; flex-direction: column; gap: 0.75rem; background: var(--_bg); }
@container (min-width: 36rem) {
  .layout { flex-direction: row; align-items: flex-start; }
  .side { flex: 1; min-width: 14rem; }
}
.board {
  position: relative;
  width: var(--puzzlesearch-board-size, min(100%, 24rem));
  aspect-ratio: var(--cols) / var(--rows);
  flex: none;
  border-radius: var(--_radius);
  background: var(--_cell);
  touch-action: manipulation;
  user-select: none;
}
.board:focus-visible { outline: 3px solid var(--_focus); outline-offset: 3px; }
.cells, .pieces { position: absolute; inset: 0; display: grid; grid-template-columns: repeat(var(--cols), 1fr); grid-template-rows: repeat(var(--rows), 1fr); }
.pieces { display: block; pointer-events: none; }
.cell {
  position: relative;
  margin: 0;
  border: 0;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: inherit;
  background: transparent;
  cursor: pointer;
  min-width: 0;
  min-height: 0;
}
.cell::after { content: ''; position: absolute; inset: calc(var(--_gap) / 2); border-radius: var(--_radius); pointer-events: none; }
.cell:focus { outline: none; }
.cell:focus-visible::after { outline: 3px solid var(--_focus); outline-offset: 1px; }
.cell.affected::after { box-shadow: inset 0 0 0 3px var(--_affected); }
.cell.hint::after, .cell.hint-target::after { background: radial-gradient(circle at 82% 18%, var(--_hint) 0 9%, transparent 10%); }
.cell.hint::after { box-shadow: inset 0 0 0 3px var(--_hint); }
.cell.hint.affected::after { box-shadow: inset 0 0 0 3px var(--_hint), inset 0 0 0 6px var(--_affected); }
.toggle .cell::before, .lights .cell::before {
  content: '';
  position: absolute;
  inset: calc(var(--_gap) / 2);
  border-radius: var(--_radius);
  background: var(--_off);
  transition: background-color var(--_slide-ms) ease;
}
.toggle .cell.on::before, .lights .cell.on::before { background: var(--_on); }
.pilots .cell::before { inset: 42% 12%; border-radius: 999px; transition: transform var(--_slide-ms) ease, background-color var(--_slide-ms) ease; }
.pilots .cell.on::before { transform: rotate(90deg); background: var(--_on); }
.pilots .cell.off::before { background: color-mix(in srgb, var(--_on) 45%, transparent); }
.lights .cell { color: var(--_off); z-index: 1; }
.piece {
  position: absolute;
  left: 0;
  top: 0;
  width: calc(100% / var(--cols));
  height: calc(100% / var(--rows));
  padding: calc(var(--_gap) / 2);
  transform: translate(calc(var(--c) * 100%), calc(var(--r) * 100%));
  transition: transform var(--_slide-ms) ease;
}
.piece > span {
  display: grid;
  place-items: center;
  width: 100%;
  height: 100%;
  border-radius: var(--_radius);
  background: var(--_tile);
  color: var(--_tile-text);
  font-weight: 700;
  font-size: calc(var(--puzzlesearch-board-size, 24rem) / var(--cols) / 2.6);
}
.sliding .piece.home > span { background: var(--_home); }
.stones .piece > span { border-radius: 50%; width: 80%; height: 80%; margin: 10%; box-shadow: 0 1px 3px rgb(0 0 0 / 0.35); }
.stones .piece.black > span { background: var(--_black); }
.stones .piece.white > span { background: var(--_white); }
.stones .cell.selected::after { box-shadow: inset 0 0 0 3px var(--_accent); }
.stones .cell.target::after { box-shadow: inset 0 0 0 2px var(--_accent); opacity: 0.6; }
.stones .cell.line::after { background: color-mix(in srgb, var(--_home) 35%, transparent); }
@media (prefers-reduced-motion: reduce) {
  .piece, .cell::before { transition: none; }
}
.side { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.35rem; }
button.control, select {
  font: inherit;
  font-size: 0.9rem;
  min-height: 2.25rem;
  padding: 0.25rem 0.7rem;
  border-radius: var(--_radius);
  border: 1px solid color-mix(in srgb, currentColor 30%, transparent);
  background: color-mix(in srgb, var(--_cell) 60%, transparent);
  color: inherit;
  cursor: pointer;
}
button.control.primary { background: var(--_accent); border-color: var(--_accent); color: var(--_tile-text); }
button.control:disabled { opacity: 0.45; cursor: default; }
button.control:focus-visible, select:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
.step { font-variant-numeric: tabular-nums; font-size: 0.9rem; margin-inline-start: 0.25rem; }
.status, .message { margin: 0; font-size: 0.95rem; }
.message:empty, .progress[hidden] { display: none; }
.progress { display: flex; align-items: center; gap: 0.5rem; font-size: 0.85rem; font-variant-numeric: tabular-nums; }
.progress progress { flex: 0 0 6rem; }
.moves { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0; padding: 0; list-style: none; }
.moves:empty { display: none; }
.moves button {
  font: inherit;
  font-size: 0.85rem;
  min-width: 2.2rem;
  padding: 0.15rem 0.35rem;
  border: 1px solid transparent;
  border-radius: var(--_radius);
  background: color-mix(in srgb, var(--_cell) 70%, transparent);
  color: inherit;
  cursor: pointer;
  font-variant-numeric: tabular-nums;
}
.moves button.done { opacity: 0.6; }
.moves button[aria-current='step'] { background: var(--_accent); color: var(--_tile-text); opacity: 1; }
.moves button:focus-visible { outline: 3px solid var(--_focus); }
`;
