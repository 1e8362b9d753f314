/** Outside: sliding tiles drawn small, as the sliding panel's goal picture and the census's boards show them. */
import { h } from './dom.js';

/** Tiles drawn small, for a goal picture: a span per cell (tiles row by row, 0 the blank), the blank empty. */
export function tileSpans(tiles: readonly number[]): HTMLElement[] {
  return tiles.map((tile) => h('span', { class: tile === 0 ? 'blank' : '' }, tile === 0 ? '' : String(tile)));
}
