/**
 * The CLI's help: the whole of it (`puzzlesearch --help`) and one family's
 * (`puzzlesearch flip --help`), from one list of families, options and input
 * rules, each tagged with the families it applies to.
 */
import { TABLES_USAGE } from './tablesUsage.js';
import { CENSUS_USAGE } from './censusUsage.js';

export const FAMILIES = ['flip', 'pilots', 'fourline', 'eight', 'sliding', 'lightsout'] as const;
export type Family = (typeof FAMILIES)[number];

/** The longest input line kept; longer lines are reported without being buffered. */
export const LINE_LIMIT = 4096;

/** A piece of help and the families it is about ('all': every one). */
interface Entry {
  families: readonly Family[] | 'all';
  /** The text of the whole help, which speaks of every family. */
  text: string;
  /** What a family's own help says instead, where `text` speaks of others. */
  own?: Partial<Record<Family, string>>;
}

/** --jobs in the help of a family solved in chunks of cases; `when`: which inputs reach the workers. */
const chunkJobs = (when: string) => `  --jobs N             solve cases on N threads (default: one per core),
                       answers still in input order: this thread and N - 1
                       workers, in chunks of cases; the workers start once
                       this thread has solved for 25 ms at 0.01 ms a case or
                       more (${when})
`;
const header = `Usage: puzzlesearch FAMILY [options] [FILE...] < input
       puzzlesearch hint FAMILY [options] [FILE...] < input
       puzzlesearch tables build|list|clear [options]
       puzzlesearch census --size WxH [options]

Solves every case on standard input (or in the FILEs, read in order as cat
would give them) optimally and prints one answer per case, in the format of
the family's online judge. hint prints instead, per case, each
legal move of the blank with the optimal distance after it ("u 3 d 1 l 3": d
keeps the board optimal; '?' for a move not settled within --max-nodes), for
flip and pilots the fewest presses after pressing each cell, rows between
slashes ("3 5 5 3 / 5 3 ..."; lightsout the same on any board), and for
fourline every legal move of either side with the fewest moves after it
("B 1 3 -> 1 4 = 5; B 2 4 -> 1 4 = 4; ...").

`;

/** What each family is, its input and its answer. */
const familyHelp: Record<Family, string> = {
  flip: `  flip       Flip Game (POJ 1753): 4 lines of 4 'b'/'w'. Prints the fewest
             presses to make the board one colour, or Impossible.
`,
  pilots: `  pilots     Pilots Brothers' refrigerator (POJ 2965): 4 lines of 4 '+'/'-'.
             Prints the fewest presses N, then N lines "row col".
`,
  fourline: `  fourline   Four in a line (Wikioi 1004): 4 lines of 4 'B'/'W'/'O'. Prints
             the fewest alternating moves to make a line of four.
`,
  eight: `  eight      The 8-puzzle (POJ 1077): 9 tokens 1..8 and 'x', on one line or
             one row of 3 a line. Prints a shortest move string of the blank
             (u, d, l, r), or unsolvable.
`,
  sliding: `  sliding    Any sliding puzzle: a square board of 9, 16 or 25 tokens (blank
             'x' or 0), the size taken from the count, or with --size any
             board from 2x2 to 5x5. Output as for eight.
`,
  lightsout: `  lightsout  Lights Out on any m x n board: m lines of n digits 0..k-1 ('.'
             and '#' for 0 and 1). Prints the fewest presses, or Impossible.
`,
};

const optionHelp: Entry[] = [
  {
    families: 'all',
    text: `  --engine wasm|ts     engine: WebAssembly (default) or the TypeScript twin
`,
  },
  {
    families: ['eight', 'sliding'],
    text: `  --algorithm NAME     eight and sliding: bfs, bibfs, astar (boards of at most
                       10 cells) or idastar (the default, any size)
`,
  },
  {
    families: ['eight', 'sliding'],
    text: `  --heuristic NAME     idastar: manhattan (default up to 3x3),
                       linear-conflict (default above), or pdb, the additive
                       pattern database (default on 4x4 and 5x5: its tables
                       are loaded from the cache, or built on first need;
                       5x5 takes about a minute and 1.8 GB per goal)
`,
  },
  {
    families: ['eight', 'sliding'],
    text: `  --pruning NAME       idastar: fsm (default), every move string that an
                       earlier one of no more moves repeats, by a machine
                       built once per size; or parent, only the move that
                       undoes the last one (the published node counts)
`,
  },
  {
    families: ['sliding'],
    text: `  --partition NAME     sliding: the pattern database's partition, on 4x4
                       6-6-3 (default), 7-8 (about 1.5 minutes to build) or
                       6-6-3-zero-aware, on 5x5 6-6-6-6 (the default),
                       6-6-6-6-zero-aware (four builds, not two: see
                       docs/tables.md), 6-6-6-6x3 or 6-6-6-6x3-zero-aware
                       (the largest of three partitions: fewer nodes,
                       slower nodes; ten tables), 6-6-6-6x7 or
                       6-6-6-6x7-zero-aware (seven partitions, fourteen
                       tables); boards of the other size
                       keep their default
`,
  },
  {
    families: ['sliding'],
    text: `  --size WxH           sliding: every board is W columns by H rows (2 to 5
                       each), W*H tokens on one line or H lines of W tokens
`,
  },
  {
    families: ['eight', 'sliding'],
    text: `  --goal "TILES"       eight and sliding: the goal board, e.g. "0 1 2 ... 15",
                       or blank-first / blank-last (the default: 1 2 ... x)
`,
  },
  {
    families: ['flip', 'fourline', 'lightsout'],
    text: `  --moves              flip and fourline: also print the moves, one a line;
                       lightsout: an m-line grid of each cell's presses
`,
    // A family's own help says only what the option does for it.
    own: {
      flip: `  --moves              also print the presses, one "row col" a line
`,
      fourline: `  --moves              also print the moves, one a line
`,
      lightsout: `  --moves              also print an m-line grid of each cell's presses
`,
    },
  },
  {
    families: ['lightsout'],
    text: `  --pattern NAME|FILE  lightsout: cross (default), rowcol, x, plus-only, or a
                       stencil grid ('.' untouched, '#' toggled, one pressed
                       cell 'X', or 'O' if it is not toggled) in a file or
                       inline with '/' between rows, e.g. '.#./#X#/.#.'; a
                       value that names an existing file is read from it,
                       but a pattern's name is the pattern (./x: the file x)
`,
  },
  {
    families: ['lightsout'],
    text: `  --torus              lightsout: the board wraps around at its edges
`,
  },
  {
    families: ['lightsout'],
    text: `  --colors K           lightsout: cell values 0..K-1, K a prime (default 2);
                       a press adds 1 mod K to every cell of the pattern
`,
  },
  {
    families: ['lightsout'],
    text: `  --goal off|on        lightsout: every cell 0 (default) or 1 at the end
`,
  },
  {
    families: ['lightsout'],
    text: `  --max-kernel N       lightsout: weigh at most N press sets per target; a
                       larger coset gives the best found, not proven minimal
`,
  },
  {
    families: ['eight', 'sliding'],
    text: `  --max-nodes N        idastar: give up on a case after N nodes (a hard
                       24-puzzle can take hours); it prints 'stopped'
`,
  },
  {
    families: 'all',
    text: `  --jobs N             solve cases on N threads (default: one per core),
                       answers still in input order. flip, pilots, fourline,
                       eight, lightsout: this thread and N - 1 workers, in
                       chunks of cases; the workers start once this thread
                       has solved for 25 ms at 0.01 ms a case or more (eight
                       and lightsout on large inputs; flip, pilots and
                       fourline cases cost less than sending them). sliding:
                       boards of 4x4 and up on N workers, each case alone on
                       one while N or more are waiting; otherwise alone and
                       then, if not solved within 4 million nodes, over all
                       of them (parallel IDA*); smaller boards here
`,
    own: {
      flip: chunkJobs('flip cases cost less than sending them: most\n                       inputs stay in this thread'),
      pilots: chunkJobs('pilots cases cost less than sending them: most\n                       inputs stay in this thread'),
      fourline: chunkJobs('fourline cases cost less than sending them: most\n                       inputs stay in this thread'),
      eight: chunkJobs('large inputs'),
      lightsout: chunkJobs('large inputs'),
      sliding: `  --jobs N             solve cases on N threads (default: one per core),
                       answers still in input order: boards of 4x4 and up
                       on N workers, each case alone on one while N or more
                       are waiting; otherwise alone and then, if not solved
                       within 4 million nodes, over all of them (parallel
                       IDA*); smaller boards in this thread
`,
    },
  },
  {
    families: 'all',
    text: `  --stats              print nodes and time of each case to standard error
                       (and the tables used, and a trial's choice of them)
`,
  },
  {
    families: 'all',
    text: `  --json               one JSON object a case instead of the judge's lines
                       (JSON Lines): case, status (solved, unsolvable, error,
                       stopped), length, moves, nodes, ms, or reason;
                       partition and trial where a trial chose the tables
`,
  },
  {
    families: 'all',
    text: `  -h, --help           show this help
`,
  },
  {
    families: 'all',
    text: `  -v, --version        show the version
`,
  },
];

const inputIntro = `An option that does nothing for the chosen family gets a warning.

Input: cases follow one another until end of input, and each is answered as
soon as it is read. How lines make cases:
`;

/** How lines make cases, by family. */
const framingHelp: Entry[] = [
  {
    families: ['flip', 'pilots', 'fourline'],
    text: `  flip, pilots, fourline: 4 lines of 4 characters a case; a blank line ends a
    case. A line of another length is a bad case of its own, and so are the
    lines before it (or before a blank line) that do not make 4.
`,
  },
  {
    families: ['lightsout'],
    text: `  lightsout: the lines between blank lines are a case.
`,
  },
  {
    families: ['eight', 'sliding'],
    text: `  eight, sliding: a line holding a whole board is a case. Otherwise a case is
    one row a line (3, 4 or 5 tokens; with --size, W tokens), rows of one
    length joined until they make a board (square; with --size, H rows). A
    line with a token that cannot be a tile, or a token count that is neither
    a board nor a row, is a bad case of its own, and so are rows that stop
    short. Blank lines between cases are ignored.
`,
  },
];

const closing = `  A line over ${LINE_LIMIT} characters is a bad case of its own.

Output: one answer per case, in input order. A bad case prints the line
'error' and a search stopped by --max-nodes prints 'stopped', so that answers
always line up with cases; standard error says what happened, naming the case
number ("case 3: line 2, column 3: stray character 'q', expected 'w' or 'b'").

Pattern-database tables are cached in $PUZZLESEARCH_CACHE, else
$XDG_CACHE_HOME/puzzlesearch, else ~/.cache/puzzlesearch. The tables command
builds them ahead, lists or clears them:
${TABLES_USAGE.replace(/^Usage: [^\n]*\n/, '')}
The census command counts the states of a small sliding board at each
distance from the goal, by a breadth-first search of all of them:
${CENSUS_USAGE.replace(/^Usage: [^\n]*\n/, '')}
Exit status: 0 every case answered, 2 some case had bad input, 3 some search
stopped at --max-nodes (and none had bad input), 1 bad usage or unreadable
input.

Examples:
  echo "bwwb bbwb bwwb bwww" | tr ' ' '\\n' | puzzlesearch flip
  echo "2 3 4 1 5 x 7 6 8" | puzzlesearch eight --algorithm astar
  echo "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" | puzzlesearch sliding --goal blank-first
  printf '1 2 3 x\\n5 6 7 4\\n' | puzzlesearch sliding --size 4x2
`;

const applies = (entry: Entry, family: Family | undefined) => family === undefined || entry.families === 'all' || entry.families.includes(family);
const texts = (entries: readonly Entry[], family?: Family) =>
  entries
    .filter((entry) => applies(entry, family))
    .map((entry) => (family === undefined ? undefined : entry.own?.[family]) ?? entry.text)
    .join('');

/** The whole help. */
export const usage = `${header}Families:\n${FAMILIES.map((family) => familyHelp[family]).join('')}\nOptions:\n${texts(optionHelp)}${inputIntro}${texts(framingHelp)}${closing}`;

/** What `hint FAMILY` prints for each family instead of a solution. */
const hintHelp: Record<Family, string> = {
  flip: `Prints per case the fewest presses after pressing each cell, rows between
slashes ("3 5 5 3 / 5 3 ..."): a cell one below the board's own fewest
keeps it optimal. Impossible when no press set makes the board one colour.
`,
  pilots: `Prints per case the fewest presses after pressing each cell, rows between
slashes ("3 5 5 3 / 5 3 ..."): a cell one below the board's own fewest
keeps it optimal.
`,
  fourline: `Prints per case every legal move of either side with the fewest moves
after it ("B 1 3 -> 1 4 = 5; B 2 4 -> 1 4 = 4; ..."; '-' when no line can
follow), or Impossible.
`,
  eight: `Prints per case each legal move of the blank with the optimal distance
after it ("u 3 d 1 l 3": d keeps the board optimal; '?' for a move not
settled within --max-nodes), or unsolvable.
`,
  sliding: `Prints per case each legal move of the blank with the optimal distance
after it ("u 3 d 1 l 3": d keeps the board optimal; '?' for a move not
settled within --max-nodes), or unsolvable.
`,
  lightsout: `Prints per case the fewest presses after pressing each cell once, rows
between slashes ("3 5 5 3 / 5 3 ..."): a cell one below the board's own
fewest belongs to a fewest press set. Impossible when no press set reaches
the goal.
`,
};

/** Options that do nothing for hint (hints are given in this thread, and a hint is no list of moves). */
const notForHint = new Set(['  --jobs N ', '  --moves ']);

/**
 * The help of `hint` (`puzzlesearch hint --help`): what it prints for each
 * family; with a family (`puzzlesearch hint flip --help`), that family's
 * hint, options and input.
 */
export function hintUsage(family?: Family): string {
  if (family === undefined) {
    // Each family's text indented under its name (the last line's newline left out, so that no blank line is indented).
    const each = FAMILIES.map((name) => `  ${name}\n${hintHelp[name].trimEnd().replace(/^/gm, '    ')}\n`).join('');
    return `Usage: puzzlesearch hint FAMILY [options] < input

For each case, instead of a solution, every move the player can make and how
far the goal is after it, so that the moves keeping the board optimal show.

${each}
Options, input and exit status as for solving: see puzzlesearch hint FAMILY
--help (e.g. puzzlesearch hint flip --help); --jobs does nothing for hint.
`;
  }
  const options = optionHelp.filter((entry) => ![...notForHint].some((start) => entry.text.startsWith(start)));
  return `Usage: puzzlesearch hint ${family} [options] < input

${familyHelp[family]}
${hintHelp[family]}
Options:
${texts(options, family)}
Input: standard input, or the files named after the family (FILE...), read in
order as cat would give them.
${texts(framingHelp, family)}
Exit status: see puzzlesearch --help.
`;
}

/** One family's help: what it is, the options that apply to it, how its input makes cases. */
export function familyUsage(family: Family): string {
  const sizes =
    family === 'sliding' || family === 'eight' ? '\nTables and exit status: see puzzlesearch --help.\n' : '\nExit status: see puzzlesearch --help.\n';
  return `Usage: puzzlesearch ${family} [options] < input\n\n${familyHelp[family]}\nOptions:\n${texts(optionHelp, family)}\nInput: standard input, or the files named after the family (FILE...), read in\norder as cat would give them.\n${texts(framingHelp, family)}${sizes}`;
}
