/**
 * Outside: the playback bar every panel shows under a solution: start, back,
 * play, forward and end as small buttons, and a speed slider with its label.
 * The words and the actions are the panel's (moves of a sliding board, presses
 * of Lights Out); the bar's shape and classes are one, so the page's styles
 * and tests find the same buttons on every panel.
 */
import { h } from './dom.js';

export type PlayButton = 'start' | 'back' | 'play' | 'forward' | 'end';

/** What a panel puts in its bar: each button's label and action, and the slider's range. */
export interface PlaybackBarSpec {
  /** The id the slider gets (`${id}-speed`). */
  id: string;
  /** The bar's aria-label ('Solution playback'). */
  group: string;
  buttons: Record<PlayButton, { label: string; action: () => void }>;
  speed: { label: string; min: number; max: number; value: number; changed: () => void };
}

export interface PlaybackBar {
  element: HTMLElement;
  buttons: Record<PlayButton, HTMLButtonElement>;
  speed: HTMLInputElement;
  speedLabel: HTMLElement;
}

const BUTTON_TEXT: Record<PlayButton, string> = { start: '|◀', back: '◀', play: '▶ Play', forward: '▶', end: '▶|' };

export function playbackBar(spec: PlaybackBarSpec): PlaybackBar {
  const names = Object.keys(BUTTON_TEXT) as PlayButton[];
  const buttons = Object.fromEntries(
    names.map((name) => {
      const { label, action } = spec.buttons[name];
      return [name, h('button', { type: 'button', class: `small play-${name}`, 'aria-label': label, title: label, onclick: action }, BUTTON_TEXT[name])];
    }),
  ) as Record<PlayButton, HTMLButtonElement>;
  const { label, min, max, value, changed } = spec.speed;
  const speed = h('input', { type: 'range', min, max, value, id: `${spec.id}-speed`, 'aria-label': label, oninput: changed });
  const speedLabel = h('span', { class: 'speed-label' });
  const element = h(
    'div',
    { class: 'playback', role: 'group', 'aria-label': spec.group },
    ...Object.values(buttons),
    h('label', { class: 'speed', for: `${spec.id}-speed` }, 'Speed', speed, speedLabel),
  );
  return { element, buttons, speed, speedLabel };
}
