/**
 * Outside: a sliding board's tiles slide. After each drawing of the board the
 * tile that moved (the blank swapped with a neighbour: a move, a playback
 * step, an undo) is drawn where it was and glides to its new cell with a
 * transform, in the time the panel gives (shorter at a fast playback speed).
 * Nothing moves for a user who asks for reduced motion, or when more than one
 * tile changed (a new position, a jump).
 */
import type { Tiles } from '../../../src/rules/sliding.js';

const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined;

/** The cell the tile came from, when `next` is `previous` with the blank swapped with one tile; else null. */
export function slidFrom(previous: Tiles, next: Tiles): { from: number; to: number } | null {
  if (previous.length !== next.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) changed.push(i);
  if (changed.length !== 2) return null;
  const [a, b] = changed;
  // The tile now stands where the blank was; it came from where the blank is now.
  if (previous[a] === 0 && next[b] === 0) return { from: b, to: a };
  if (previous[b] === 0 && next[a] === 0) return { from: a, to: b };
  return null;
}

export class TileSlide {
  private shown: Tiles | null = null;

  /** After the board drew `tiles` into `cells`: slides the tile that moved, over `ms` (0: none). */
  drawn(tiles: Tiles, cells: readonly HTMLElement[], ms: number): void {
    const previous = this.shown;
    this.shown = tiles;
    if (!previous || previous === tiles || ms <= 0 || reducedMotion?.matches) return;
    const slid = slidFrom(previous, tiles);
    if (!slid) return;
    const from = cells[slid.from].getBoundingClientRect();
    const to = cells[slid.to].getBoundingClientRect();
    const cell = cells[slid.to];
    cell.getAnimations().forEach((animation) => animation.cancel());
    cell.dataset.sliding = 'true';
    const animation = cell.animate([{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)` }, { transform: 'translate(0, 0)' }], {
      duration: ms,
      easing: 'ease-out',
    });
    const done = () => delete cell.dataset.sliding;
    animation.onfinish = done;
    animation.oncancel = done;
  }
}
