/**
 * Outside: a census as the census panel (census.ts) draws it: a line with the
 * total and the farthest distance (the board's God's number), the counts as a
 * bar chart, the goal and one state that far as small boards, and the counts
 * as a table.
 */
import type { Census } from '../../../src/index.js';
import { h, numberFormat } from '../shared/dom.js';
import { tileSpans } from '../shared/tilePicture.js';

/** A census without its run's stats, as shipped in data/census12.json. */
export type CensusShown = Omit<Census, 'stats'>;

const SVG = 'http://www.w3.org/2000/svg';

/** The counts as bars, distance along, states up; each bar's title says both. */
function chart(counts: readonly number[]): SVGSVGElement {
  const width = 640;
  const height = 220;
  const top = Math.max(...counts);
  const bar = width / counts.length;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height + 18}`);
  svg.setAttribute('class', 'census-chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute(
    'aria-label',
    `States at each distance from 0 to ${counts.length - 1}; the most, ${numberFormat.format(top)}, at distance ${counts.indexOf(top)}`,
  );
  counts.forEach((count, distance) => {
    // At least a pixel: the one goal state and the few farthest ones stay visible.
    const tall = Math.max(1, (height * count) / top);
    const rect = document.createElementNS(SVG, 'rect');
    rect.setAttribute('x', String(distance * bar + bar * 0.1));
    rect.setAttribute('y', String(height - tall));
    rect.setAttribute('width', String(bar * 0.8));
    rect.setAttribute('height', String(tall));
    rect.setAttribute('data-distance', String(distance));
    rect.setAttribute('data-count', String(count));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `distance ${distance}: ${numberFormat.format(count)} states`;
    rect.append(title);
    svg.append(rect);
  });
  const last = counts.length - 1;
  const axis: [number, string, string][] = [
    [0, 'start', '0'],
    [Math.round(last / 2), 'middle', `${Math.round(last / 2)} moves from the goal`],
    [last, 'end', String(last)],
  ];
  for (const [distance, anchor, text] of axis) {
    const label = document.createElementNS(SVG, 'text');
    // The ends sit on the bar's outer edge, so that they are never cut off.
    label.setAttribute('x', String(anchor === 'start' ? 0 : anchor === 'end' ? width : distance * bar + bar / 2));
    label.setAttribute('y', String(height + 14));
    label.setAttribute('text-anchor', anchor);
    label.textContent = text;
    svg.append(label);
  }
  return svg;
}

/** A board drawn small: tiles by position, the blank empty. */
function miniBoard(tiles: readonly number[], width: number, label: string): HTMLElement {
  return h('div', { class: 'goal-picture census-board', role: 'img', 'aria-label': label, style: `--cols: ${width}` }, ...tileSpans(tiles));
}

/** The census, counted or read `how` (said after the total). */
export function censusView(census: CensusShown, how: string): Node[] {
  const farthest = census.counts[census.counts.length - 1];
  return [
    h(
      'p',
      { class: 'census-summary', 'data-gods-number': census.godsNumber, 'data-total': census.total },
      `${numberFormat.format(census.total)} states; the farthest are `,
      h('strong', {}, `${census.godsNumber} moves`),
      ` from the goal (${numberFormat.format(farthest)} of them). ${how[0].toUpperCase()}${how.slice(1)}.`,
    ),
    chart(census.counts),
    h(
      'div',
      { class: 'census-boards' },
      h('figure', {}, miniBoard(census.goal, census.width, 'The goal'), h('figcaption', {}, 'Goal')),
      h(
        'figure',
        {},
        miniBoard(census.farthest, census.width, `A state ${census.godsNumber} moves from the goal`),
        h('figcaption', {}, `${census.godsNumber} moves away`),
      ),
    ),
    h(
      'details',
      {},
      h('summary', {}, 'Counts'),
      h(
        'table',
        { class: 'census-counts' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Distance'), h('th', { scope: 'col' }, 'States'))),
        h('tbody', {}, ...census.counts.map((count, distance) => h('tr', {}, h('td', {}, String(distance)), h('td', {}, numberFormat.format(count))))),
      ),
    ),
  ];
}
