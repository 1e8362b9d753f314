/**
 * Outside: what differs between the sliding panels (the 8-, 15- and
 * 24-puzzle) is data: the sample, the scramble depths, whether a pattern
 * database is prepared before a search and how big it is, and which published
 * instances can be loaded. Also the spec every sliding panel gives Panel.
 */
import { type GoalName, LINEAR_CONFLICT_FIRST } from '../../../src/index.js';
import korf15Text from '../../../data/korf100.txt?raw';
import korf24Text from '../../../data/korf24.txt?raw';
import type { PanelSpec } from '../panel/contract.js';

export interface KorfInstance {
  number: number;
  tiles: number[];
  optimum: number;
}

/** A data file of published instances: per line the tiles (0 = blank) and then the optimal length, to the blank-first goal. */
function parseInstances(text: string, cells: number): KorfInstance[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line, i) => {
      const numbers = line.split(/\s+/).map(Number);
      return { number: i + 1, tiles: numbers.slice(0, cells), optimum: numbers[cells] };
    });
}

/** Korf's 100 random 15-puzzle instances (1985). */
export const korfInstances = parseInstances(korf15Text, 16);
/** Korf and Felner's 50 random 24-puzzle instances (2002). */
export const korfFelnerInstances = parseInstances(korf24Text, 25);

export type SlidingSide = 3 | 4 | 5;

/** Everything that differs between the sliding panels. */
export interface SlidingSize {
  id: string;
  name: string;
  sample: string;
  sampleNote: string;
  sampleLabel: string;
  /** The goal the sample is written for, and the panel's goal at first. */
  sampleGoal: GoalName;
  /** Scramble choices: a number of random moves from the goal, or 'random' (any solvable position). */
  depths: string[];
  /** The PDB prepared before a search (unless linear conflicts are chosen). */
  tables?: SlidingTables;
  /** Published instances with their optima, to the blank-first goal. */
  instances?: {
    label: string;
    list: KorfInstance[];
    selected: number;
    /** Said after loading one: how long a search may take. */
    note: string;
  };
}

export interface SlidingTables {
  size: string;
  partition: string;
  /** How big, in words, for the heuristic choice and the build note. */
  bytes: string;
}

/**
 * Where the build takes minutes: the nodes a search on linear conflicts gets
 * first, without tables (see slidingPreparation.ts); the library's policy, as
 * the command line's (LINEAR_CONFLICT_FIRST, src/pdb/plan.ts).
 */
export function tryFirstNodes(tables: SlidingTables): number | undefined {
  return LINEAR_CONFLICT_FIRST[tables.size];
}

export const slidingSizes: Record<SlidingSide, SlidingSize> = {
  3: {
    id: 'eight',
    name: '8-puzzle',
    sample: '2 3 4\n1 5 x\n7 6 8',
    sampleNote: 'POJ 1077 sample, optimum 19',
    sampleLabel: 'Judge sample',
    sampleGoal: 'blank-last',
    depths: ['random', '10', '20'],
  },
  4: {
    id: 'fifteen',
    name: '15-puzzle',
    sample: '1 2 3 4\n5 6 x 8\n9 10 7 11\n13 14 15 12',
    sampleNote: 'a short example, optimum 3',
    sampleLabel: 'Example',
    sampleGoal: 'blank-last',
    depths: ['20', '30', '40', '60', 'random'],
    tables: { size: '4x4', partition: '6-6-3', bytes: 'about 6 MB' },
    instances: {
      label: 'Korf (1985)',
      list: korfInstances,
      selected: 79,
      note: 'Hard instances take a while, longer on the TypeScript twin.',
    },
  },
  5: {
    id: 'twentyfour',
    name: '24-puzzle',
    sample: '1 2 7 3 4\n5 6 x 8 9\n10 11 12 13 14\n15 16 17 18 19\n20 21 22 23 24',
    sampleNote: 'a short example, optimum 3',
    sampleLabel: 'Example',
    sampleGoal: 'blank-first',
    depths: ['20', '30', '40', '60', '80'],
    tables: { size: '5x5', partition: '6-6-6-6', bytes: '4 tables of 64 MB' },
    instances: {
      label: 'Korf & Felner (2002)',
      list: korfFelnerInstances,
      selected: 1,
      note: 'These are hard: with the 6-6-6-6 tables #38 takes about 26M nodes and #40 about 39M (seconds in wasm), #25 about 180M, #32 about 220M and #1 about 1G (a minute), but most need billions of nodes or far more, hours in a browser.',
    },
  },
};

/** The panel spec of the sliding board `side` wide and tall. */
export function slidingSpec(side: SlidingSide): PanelSpec {
  const size = slidingSizes[side];
  return {
    id: size.id,
    family: 'sliding',
    title: size.name,
    rules: `Slide the tiles into the blank until they stand in goal order. The solver prints the blank’s moves: u, d, l, r.`,
    playHelp:
      'Click a tile next to the blank to slide it. Arrow keys move the blank (↑ = u: the blank goes up, the tile above it comes down) while the board has focus.',
    editHelp: 'Click two tiles (or a tile and the blank) to swap them: half of all positions cannot reach the goal, and Solve says why.',
    width: side,
    height: side,
    sample: size.sample,
    sampleNote: size.sampleNote,
    sampleLabel: size.sampleLabel,
    boardClass: `sliding-board side-${side}`,
    boardKeys: true,
  };
}
