/**
 * Outside: a sliding panel's own position controls, under the common ones:
 * the goal (blank last or first, with a picture of it), the scramble depth,
 * for the sizes with a pattern database the heuristic to search with, and for
 * those with published instances a list of them with Load.
 */
import type { GoalName } from '../../../src/index.js';
import { h } from '../shared/dom.js';
import { tryFirstNodes, type SlidingSide, type SlidingSize } from './slidingSizes.js';
import { tileSpans } from '../shared/tilePicture.js';
import { tilesText, type Tiles } from '../../../src/rules/sliding.js';

/** What the controls ask of their panel. */
export interface SlidingActions {
  setGoal(name: GoalName): void;
  loadKorf(number: number): void;
}

/** A row of the controls: a label for the control `id`, then the controls. */
function labelled(id: string, label: string, ...controls: HTMLElement[]): HTMLElement {
  return h('div', { class: 'row' }, h('label', { for: id }, label), ...controls);
}

export class SlidingControls {
  readonly elements: HTMLElement[];
  private readonly goalSelect: HTMLSelectElement;
  private readonly goalPicture: HTMLElement;
  private readonly scrambleSelect: HTMLSelectElement;
  private readonly heuristicSelect: HTMLSelectElement | null = null;
  private readonly korfSelect: HTMLSelectElement | null = null;

  constructor(
    id: string,
    private readonly side: SlidingSide,
    size: SlidingSize,
    goal: GoalName,
    goalTiles: Tiles,
    actions: SlidingActions,
  ) {
    this.goalSelect = h(
      'select',
      { id: `${id}-goal`, onchange: () => actions.setGoal(this.goalSelect.value as GoalName) },
      h('option', { value: 'blank-last', selected: goal === 'blank-last' }, 'blank last (judges)'),
      h('option', { value: 'blank-first', selected: goal === 'blank-first' }, 'blank first (Korf)'),
    );
    this.goalPicture = h('div', { class: 'goal-picture', role: 'img', style: `--cols: ${side}` });
    this.showGoal(goal, goalTiles);
    this.scrambleSelect = h(
      'select',
      { id: `${id}-depth` },
      ...size.depths.map((d) => h('option', { value: d }, d === 'random' ? 'any solvable position' : `${d} random moves from the goal`)),
    );
    this.elements = [
      h('div', { class: 'row goal-row' }, h('label', { for: `${id}-goal` }, 'Goal'), this.goalSelect, this.goalPicture),
      labelled(`${id}-depth`, 'Scramble to', this.scrambleSelect),
    ];
    const { tables, instances } = size;
    if (tables) {
      // Tables that take minutes are built only for a board that linear conflicts do not settle quickly (see slidingPreparation.ts).
      const when = tryFirstNodes(tables) === undefined ? 'prepared on first solve' : 'built for the first board that needs them';
      // The options stay short enough for a phone's width; what the tables cost is said under the choice.
      this.heuristicSelect = h(
        'select',
        { id: `${id}-heuristic`, 'aria-describedby': `${id}-heuristic-note` },
        h('option', { value: 'pdb' }, `pattern database ${tables.partition}`),
        h('option', { value: 'linear-conflict' }, 'Manhattan + linear conflicts'),
      );
      this.elements.push(
        labelled(`${id}-heuristic`, 'Heuristic', this.heuristicSelect),
        h('p', { class: 'hint heuristic-note', id: `${id}-heuristic-note` }, `Pattern database: ${tables.bytes}, ${when}. Linear conflicts: no tables.`),
      );
    }
    if (instances) {
      const select = h(
        'select',
        { id: `${id}-korf` },
        ...instances.list.map((k) => h('option', { value: k.number, selected: k.number === instances.selected }, `#${k.number}: optimum ${k.optimum} moves`)),
      );
      this.korfSelect = select;
      const load = h(
        'button',
        {
          type: 'button',
          'aria-label': `Load the chosen ${instances.label} instance, with the blank-first goal`,
          onclick: () => actions.loadKorf(Number(select.value)),
        },
        'Load',
      );
      this.elements.push(labelled(`${id}-korf`, instances.label, select, load));
    }
  }

  /** The scramble chosen: a number of random moves, or 'random'. */
  get depth(): string {
    return this.scrambleSelect.value;
  }

  /** Sizes with tables search with their pattern database unless told to use linear conflicts. */
  heuristic(): 'linear-conflict' | undefined {
    return this.heuristicSelect?.value === 'linear-conflict' ? 'linear-conflict' : undefined;
  }

  /** The goal `name` chosen, and its tiles drawn. */
  showGoal(name: GoalName, tiles: Tiles): void {
    this.goalSelect.value = name;
    this.goalPicture.replaceChildren(...tileSpans(tiles));
    this.goalPicture.setAttribute('aria-label', `Goal: ${tilesText(tiles, this.side).split('\n').join(' / ')}`);
    this.goalPicture.dataset.goal = name;
  }

  /** Published instance `number` chosen in the list. */
  showInstance(number: number): void {
    if (this.korfSelect) this.korfSelect.value = String(number);
  }
}
