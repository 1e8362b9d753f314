// @ts-check
/**
 * Our 24-puzzle search beside a native one (issue 38, "Beside native"):
 * clausecker/24puzzle's `pdbsearch` (C, gcc -O3), built from a snapshot of its
 * sources that we only run (its code never enters this repository), against
 * our wasm engine, on Korf and Felner's boards (data/korf24.txt, blank-first).
 *   node bench/native24.js [--oracle DIR] [--native-cache DIR] [--dir DIR]
 *     [--kf 40,25] [--small 1,25] [--rounds 3] [--iterations 40]
 *
 * Pairs compared (each board's expanded nodes beside the published count of
 * data/kf50-reference.tsv):
 * - `--kf`: `pdbsearch -i` with catalogues/reinefeld-t.cat (Korf and Felner's
 *   6-6-6-6 and its transposition, blank-aware tables: the minimum over the
 *   blank) against our default `6-6-6-6` (the board and its mirror);
 *   published: `kf_tables_nobacktrack`.
 * - `--small`: `pdbsearch` without `-i` on catalogues/small-t.cat (seven
 *   6-6-6-6 partitions and their transpositions, zero-aware: a tile set
 *   holding 0 is a zero-aware table unless `-i` identifies its blank places,
 *   see catalogue.c's add_pdb) against our `6-6-6-6x7-zero-aware`;
 *   published: `small_zero_aware`.
 * Both sides prune only the move that undoes the last one (pdbsearch's
 * default automaton, fsm_simple; ours `pruning: 'parent'`).
 *
 * How it is timed. One core: pdbsearch runs under `taskset -c 0` with `-j 1`,
 * and this process pins itself (all its threads) to core 0 the same way.
 * pdbsearch loads its catalogue once and then reads boards from stdin; its
 * time is from its "Solving puzzle..." to its "Spent ... in total" (stderr is
 * unbuffered: each line is read as it is written), so table generation and
 * loading are left out; it also prints the search's thread CPU time, shown
 * beside. Ours: the tables read from DIR into the engine (checked, nothing
 * built or written), then `core.idaStar.solve` timed alone (the answer's
 * `expanded` is what `stats.expanded` reports). Board by board: one run on
 * each side first (answers checked: optimal length, path replayed to the
 * goal; nodes per iteration kept; untimed, it pays for pdbsearch's first
 * touch of its mapped tables), then `--rounds` rounds, native and ours in
 * turn, the order alternating; medians, the board's row printed at once
 * (`--rounds 0`: the first run is the one timed). The load average is printed
 * beside every figure: the machine may be shared.
 *
 * Where the oracle lives: `--oracle DIR` or PUZZLESEARCH_NATIVE24, a folder
 * with `build.sh` and the tarball `clausecker-24puzzle-*.tar.gz` (on our
 * machines ../shared/tools/clausecker-oracle). Without it, or without gcc,
 * the bench says so in one line and exits 0 having run nothing native.
 * pdbsearch is built once into `--native-cache` (default
 * $XDG_CACHE_HOME/puzzlesearch-native, else ~/.cache/puzzlesearch-native),
 * and its tables are generated there on first use, once: 8 files, 1.0 GB, for
 * reinefeld-t with -i; 28 files, 5.1 GB, for small-t (about a minute each on
 * two cores). Our tables come from DIR (default our cache); build them first
 * with `puzzlesearch tables build --size 5x5 --goal blank-first [--partition
 * 6-6-6-6x7-zero-aware]`: a pair whose tables are missing is skipped, with a
 * word.
 *
 * `--iterations N` prints board N's expanded nodes per iteration on both
 * sides, beside data/kf-iterations.tsv's where it has them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createWasmCore } from '../dist/engine/wasm/index.js';
import { namedPartition } from '../dist/pdb/partitions.js';
import { decodeTableFile, tableFileName } from '../dist/pdb/cache/format.js';
import { cacheDir } from '../dist/pdb/cache/node.js';
import { summarize } from './measure.js';
import { parseNumberList, readKfReference, readKorf, slidingBoard, slidingReplayError } from './inputs.js';

const { values } = parseArgs({
  options: {
    oracle: { type: 'string' },
    'native-cache': { type: 'string' },
    dir: { type: 'string' },
    kf: { type: 'string', default: '40,25' },
    small: { type: 'string', default: '1,25' },
    rounds: { type: 'string', default: '3' },
    iterations: { type: 'string', default: '' },
  },
});
const rounds = Number(values.rounds);
const load = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/**
 * @typedef {object} Pair
 * @property {string} name
 * @property {string} catalogue pdbsearch's catalogue, under its sources' catalogues/
 * @property {boolean} identify pdbsearch -i (blank-aware, the minimum over the blank) rather than zero-aware
 * @property {string} partition ours, a 5x5 partition name
 * @property {string} published the column of data/kf50-reference.tsv with the nodes expanded for the same tables
 * @property {number[]} boards
 */
/** @type {Pair[]} */
const pairs = [
  {
    name: "Korf and Felner's 6-6-6-6, blank-aware",
    catalogue: 'reinefeld-t.cat',
    identify: true,
    partition: '6-6-6-6',
    published: 'kf_tables_nobacktrack',
    boards: parseNumberList(values.kf),
  },
  {
    name: 'the small catalogue, zero-aware',
    catalogue: 'small-t.cat',
    identify: false,
    partition: '6-6-6-6x7-zero-aware',
    published: 'small_zero_aware',
    boards: parseNumberList(values.small),
  },
].filter(({ boards }) => boards.length > 0);

/** The oracle's folder, or null having said in one line why nothing native runs. */
function oracleFolder() {
  const folder = values.oracle ?? process.env.PUZZLESEARCH_NATIVE24;
  if (!folder) return skip('no oracle: give --oracle DIR or PUZZLESEARCH_NATIVE24 (a folder with build.sh and clausecker-24puzzle-*.tar.gz)');
  if (!existsSync(join(folder, 'build.sh'))) return skip(`no oracle: ${folder} holds no build.sh`);
  const gcc = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
  if (gcc.error || gcc.status !== 0) return skip('gcc not found: the native oracle cannot be built');
  return folder;
}

/** @param {string} why @returns {null} */
function skip(why) {
  console.log(`native24: ${why}; nothing native run.`);
  return null;
}

/** pdbsearch built from the tarball into `cache` (once: kept by the tarball's name); its path and the catalogues' folder. */
function buildOracle(/** @type {string} */ folder, /** @type {string} */ cache) {
  const tarball = readdirSync(folder).find((name) => /^clausecker-24puzzle-.*\.tar\.gz$/.test(name));
  if (!tarball) throw new Error(`${folder}: no clausecker-24puzzle-*.tar.gz beside build.sh`);
  const out = join(cache, tarball.replace(/\.tar\.gz$/, ''));
  const program = join(out, 'cmd', 'pdbsearch');
  if (!existsSync(program)) {
    console.log(`building pdbsearch from ${tarball} into ${out} (gcc, about a minute)`);
    const sources = mkdtempSync(join(tmpdir(), 'puzzlesearch-native24-'));
    try {
      const unpacked = spawnSync('tar', ['-xzf', join(folder, tarball), '-C', sources], { encoding: 'utf8' });
      if (unpacked.status !== 0) throw new Error(`tar: ${unpacked.stderr || unpacked.error}`);
      const built = spawnSync('sh', [join(folder, 'build.sh'), sources, out], { encoding: 'utf8', maxBuffer: 1 << 26 });
      if (built.status !== 0 || !existsSync(program)) throw new Error(`build.sh failed: ${built.stderr.slice(-400)}`);
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  }
  return { program, catalogues: join(out, 'catalogues') };
}

/**
 * The table files pdbsearch reads for `catalogue` (heuristic.c's names: tiles
 * listed in order, .ipdb when identified), each with its size where known:
 * six tiles take 24!/18! = 127,512,000 bytes identified and 181,008,000
 * zero-aware (the blank's regions, from the oracle's search_space_size).
 */
function nativeTableFiles(/** @type {string} */ catalogue, /** @type {boolean} */ identify) {
  /** @type {Map<string, number | undefined>} */
  const files = new Map();
  for (const line of readFileSync(catalogue, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const tiles = line
      .split(',')
      .map(Number)
      .filter((tile) => !identify || tile !== 0)
      .sort((a, b) => a - b);
    const six = tiles.length === (identify ? 6 : 7) && (identify || tiles[0] === 0);
    files.set(`${tiles.join(',')}.${identify ? 'ipdb' : 'pdb'}`, six ? (identify ? 127_512_000 : 181_008_000) : undefined);
  }
  return files;
}

/**
 * Generates pdbsearch's missing tables for `pair` into `tables` (two threads,
 * its output to the console), once. pdbsearch creates a table's file before
 * generating it and does not check its size on load, so a generation cut
 * short leaves a file it would read as zeros: such a file stops the run.
 */
function generateNativeTables(/** @type {string} */ program, /** @type {string} */ catalogue, /** @type {Pair} */ pair, /** @type {string} */ tables) {
  const files = nativeTableFiles(catalogue, pair.identify);
  const missing = [...files.keys()].filter((name) => !existsSync(join(tables, name)));
  if (missing.length > 0) {
    console.log(`generating ${missing.length} of pdbsearch's ${files.size} tables for ${pair.catalogue} into ${tables} (about a minute each on two cores)`);
    const args = [...(pair.identify ? ['-i'] : []), '-j', '2', '-d', tables, catalogue];
    const run = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) throw new Error(`pdbsearch ${args.join(' ')} exited ${run.status ?? run.signal}`);
  }
  for (const [name, bytes] of files) {
    const size = statSync(join(tables, name)).size;
    if (bytes !== undefined && size !== bytes)
      throw new Error(`${join(tables, name)}: ${size} bytes, not ${bytes} (a generation cut short?): delete it and run again`);
  }
}

/**
 * @typedef {object} NativeSolve
 * @property {number} ms wall time of the search (from its "Solving puzzle..." to its "Spent ... in total")
 * @property {number} cpu the search's thread CPU time as pdbsearch prints it, s
 * @property {number} expanded nodes expanded, whole search
 * @property {number[]} iterations nodes expanded in each iteration (the last up to its first path)
 */

/** pdbsearch loaded with `pair`'s catalogue on core 0, solving boards one at a time. */
function startNative(
  /** @type {string} */ program,
  /** @type {string} */ catalogue,
  /** @type {Pair} */ pair,
  /** @type {string} */ tables,
  /** @type {boolean} */ pinned,
) {
  const args = [...(pair.identify ? ['-i'] : []), '-j', '1', '-d', tables, catalogue];
  const child = pinned ? spawn('taskset', ['-c', '0', program, ...args]) : spawn(program, args);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => void (stdout += chunk));
  /** @type {string[]} */
  const log = [];
  /** @type {((line: string, at: number) => void) | null} */
  let listener = null;
  createInterface({ input: child.stderr }).on('line', (line) => {
    const at = performance.now();
    log.push(line);
    if (log.length > 200) log.shift();
    listener?.(line, at);
  });
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  return {
    /** Solves one board (tiles by position); rejects if pdbsearch ends first. */
    solve(/** @type {Uint8Array} */ tiles) {
      return /** @type {Promise<NativeSolve>} */ (
        new Promise((resolve, reject) => {
          let started = NaN;
          /** @type {number[]} */
          const iterations = [];
          listener = (line, at) => {
            if (line === 'Solving puzzle...') started = at;
            const round = /^Expanded (\d+) nodes during previous round\.$/.exec(line);
            if (round) iterations.push(Number(round[1]));
            const total = /^Spent ([\d.]+) seconds in total/.exec(line);
            if (total && !Number.isNaN(started)) {
              listener = null;
              resolve({ ms: at - started, cpu: Number(total[1]), expanded: iterations.reduce((sum, n) => sum + n, 0), iterations });
            }
          };
          exited.then((code) => reject(new Error(`pdbsearch ended (${code}) before an answer; its last lines: ${log.slice(-5).join(' | ')}`)));
          child.stdin.write(`${Array.from(tiles).join(',')}\n`);
        })
      );
    },
    /** Ends pdbsearch; its paths (blank destinations), one per board solved, in order. */
    async close() {
      child.stdin.end();
      await exited;
      return stdout
        .split('\n')
        .filter((line) => line.startsWith('Solution found: '))
        .map((line) => line.slice('Solution found: '.length).split(',').map(Number));
    },
  };
}

/** pdbsearch's path (the blank's destination cells) as our moves (0 up, 1 down, 2 left, 3 right); -1 for a step that is no move. */
function movesOfDestinations(/** @type {Uint8Array} */ tiles, /** @type {number[]} */ destinations) {
  let blank = tiles.indexOf(0);
  return destinations.map((cell) => {
    const step = cell - blank;
    blank = cell;
    return step === -5 ? 0 : step === 5 ? 1 : step === -1 ? 2 : step === 1 ? 3 : -1;
  });
}

/** Published nodes expanded per completed iteration (blank-aware 6-6-6-6, data/kf-iterations.tsv), by instance. */
function publishedIterations() {
  /** @type {Map<number, number[]>} */
  const rows = new Map();
  for (const line of readFileSync(new URL('../data/kf-iterations.tsv', import.meta.url), 'utf8').split('\n')) {
    const [no, , list] = line.split('\t');
    if (line.startsWith('#') || no === 'no' || !list) continue;
    rows.set(Number(no), list.split(',').map(Number));
  }
  return rows;
}

/** The first of `partition`'s table files missing from `dir`, or null. */
function missingTable(/** @type {string} */ dir, /** @type {import('../dist/engine/contract.js').PdbPartition} */ partition) {
  const files = partition.groups.map((_, group) => join(dir, tableFileName(partition, group)));
  return files.find((file) => !existsSync(file)) ?? null;
}

/** Our core with `partition`'s tables read from `dir` (checked, nothing built), or null having said which file is refused. */
async function ourCore(/** @type {string} */ dir, /** @type {import('../dist/engine/contract.js').PdbPartition} */ partition) {
  const core = await createWasmCore();
  for (let group = 0; group < partition.groups.length; group++) {
    const file = join(dir, tableFileName(partition, group));
    const table = decodeTableFile(partition, group, readFileSync(file));
    if (typeof table === 'string') {
      console.log(`  skipped: ${file}: ${table}`);
      return null;
    }
    core.pdb.install(partition, group, table);
  }
  return core;
}

/** Pins this process, every thread, to core 0; false (having said so) where taskset is missing. */
function pinSelf() {
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { encoding: 'utf8' });
  if (pinned.error || pinned.status !== 0) {
    console.log('taskset not found: neither side is pinned to a core');
    return false;
  }
  return true;
}

const folder = oracleFolder();
if (folder) {
  const nativeCache = values['native-cache'] ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'puzzlesearch-native');
  const tables = join(nativeCache, 'pdb');
  const { program, catalogues } = buildOracle(folder, nativeCache);
  const dir = values.dir ?? (await cacheDir());
  /** Each pair with our partition, or with why it is skipped (our tables missing); pdbsearch's tables generated before this process pins itself. */
  const ready = pairs.map((pair) => {
    const partition = namedPartition(5, 5, 0, pair.partition);
    if (!partition) throw new Error(`no 5x5 partition ${pair.partition}`);
    const missing = missingTable(dir, partition);
    if (!missing) generateNativeTables(program, join(catalogues, pair.catalogue), pair, tables);
    return { pair, partition, missing };
  });
  const pinned = pinSelf();
  const instances = readKorf(new URL('../data/korf24.txt', import.meta.url), 5);
  const goal = slidingBoard(
    5,
    5,
    Array.from({ length: 25 }, (_, i) => i),
  );
  const published = readKfReference();
  const iterationsOf = Number(values.iterations) || 0;
  const count = (/** @type {number} */ n) => n.toLocaleString('en-US');
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
  const rate = (/** @type {number} */ nodes, /** @type {number} */ ms) => `${(nodes / ms / 1000).toFixed(2)}M/s`;
  console.log(
    `native24: pdbsearch ${program}, its tables in ${tables}; ours from ${dir}; ${pinned ? 'both on core 0' : 'unpinned'}, ${rounds} rounds, medians (${load()})`,
  );

  for (const { pair, partition, missing } of ready) {
    console.log(`\n${pair.name}: pdbsearch ${pair.identify ? '-i ' : ''}-j 1 ${pair.catalogue} beside our ${pair.partition}, parent pruning (${load()})`);
    if (missing) {
      console.log(`  skipped: ${missing} is missing (puzzlesearch tables build --size 5x5 --goal blank-first --partition ${pair.partition})`);
      continue;
    }
    const core = await ourCore(dir, partition);
    if (!core) continue;
    const catalogue = join(catalogues, pair.catalogue);
    const native = startNative(program, catalogue, pair, tables, pinned);
    /** @type {Map<number, { nativeIterations: number[], oursIterations: number[] }>} */
    const runs = new Map();
    /** @type {Uint8Array[]} */
    const asked = [];
    /** @type {number[][]} pdbsearch's paths, one per board asked */
    let paths = [];
    const solveNative = async (/** @type {number} */ number) => {
      const { board } = instances[number - 1];
      asked.push(board.tiles);
      return native.solve(board.tiles);
    };
    const solveOurs = (/** @type {number} */ number) => {
      const { board, optimal } = instances[number - 1];
      /** @type {number[]} */
      const expandedBefore = [];
      const cpu = process.cpuUsage();
      const started = performance.now();
      const answer = core.idaStar.solve(board, goal, {
        heuristic: 'pdb',
        partition,
        pruning: 'parent',
        onIteration: (_, __, expanded) => void expandedBefore.push(expanded),
      });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (!answer.moves || answer.moves.length !== optimal)
        throw new Error(`KF #${number}, ours: ${answer.moves?.length ?? 'no path'}, the optimal length is ${optimal}`);
      const error = slidingReplayError(board, goal, answer.moves);
      if (error) throw new Error(`KF #${number}, ours: ${error}`);
      const expanded = answer.expanded ?? NaN;
      const iterations = [...expandedBefore.slice(1), expanded].map((total, i) => total - expandedBefore[i]);
      return { ms, cpu: (used.user + used.system) / 1e6, expanded, iterations };
    };
    console.log(
      `| KF # | expanded: ours | pdbsearch | published (${pair.published}) | ours (CPU) | pdbsearch (CPU) | ours nodes/s | pdbsearch nodes/s | ours/pdbsearch | the same, CPU | load (1 min, after each run) |`,
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    try {
      for (const number of pair.boards) {
        if (!instances[number - 1]) throw new Error(`no instance ${number} in data/korf24.txt`);
        // The first run of each side checks the answers and keeps the iterations; it is timed only with --rounds 0.
        const first = { theirs: await solveNative(number), ours: solveOurs(number) };
        runs.set(number, { nativeIterations: first.theirs.iterations, oursIterations: first.ours.iterations });
        /** @type {Record<'native' | 'cpu' | 'ours' | 'oursCpu' | 'loads', number[]>} */
        const run =
          rounds > 0
            ? { native: [], cpu: [], ours: [], oursCpu: [], loads: [] }
            : { native: [first.theirs.ms], cpu: [first.theirs.cpu], ours: [first.ours.ms], oursCpu: [first.ours.cpu], loads: [loadavg()[0]] };
        for (let round = 0; round < rounds; round++) {
          const sides = [
            async () => {
              const theirs = await solveNative(number);
              if (theirs.expanded !== first.theirs.expanded)
                throw new Error(`KF #${number}: pdbsearch expanded ${theirs.expanded}, first ${first.theirs.expanded}`);
              run.native.push(theirs.ms);
              run.cpu.push(theirs.cpu);
            },
            async () => {
              const ours = solveOurs(number);
              run.ours.push(ours.ms);
              run.oursCpu.push(ours.cpu);
            },
          ];
          if (round % 2) sides.reverse();
          for (const side of sides) await side();
          run.loads.push(loadavg()[0]);
        }
        const [ours, theirs, cpu, oursCpu] = [run.ours, run.native, run.cpu, run.oursCpu].map((samples) => summarize(samples).median);
        const publishedCount = published.get(number)?.[pair.published];
        console.log(
          `| ${number} | ${count(first.ours.expanded)} | ${count(first.theirs.expanded)} | ${publishedCount ? count(publishedCount) : '-'} | ${seconds(ours)} (${oursCpu.toFixed(2)} s) | ${seconds(theirs)} (${cpu.toFixed(2)} s) | ${rate(first.ours.expanded, ours)} | ${rate(first.theirs.expanded, theirs)} | ${(ours / theirs).toFixed(2)} | ${(oursCpu / cpu).toFixed(2)} | ${Math.min(...run.loads).toFixed(2)}-${Math.max(...run.loads).toFixed(2)} |`,
        );
      }
    } finally {
      paths = await native.close();
    }
    paths.forEach((path, i) => {
      const tiles = asked[i];
      const number = instances.findIndex(({ board }) => board.tiles === tiles) + 1;
      const moves = movesOfDestinations(tiles, path);
      const error = moves.includes(-1) ? 'a step that is no move' : slidingReplayError(slidingBoard(5, 5, tiles), goal, moves);
      if (error || path.length !== instances[number - 1].optimal)
        throw new Error(`KF #${number}, pdbsearch: ${error ?? `length ${path.length}, optimal ${instances[number - 1].optimal}`}`);
    });
    if (paths.length !== asked.length) throw new Error(`pdbsearch answered ${paths.length} boards of ${asked.length}`);
    console.log(`pdbsearch's paths replayed to the goal, all of the optimal length (${paths.length} searches)`);
    const shown = runs.get(iterationsOf);
    if (shown) {
      const paper = pair.identify ? (publishedIterations().get(iterationsOf) ?? []) : [];
      console.log(`\nKF #${iterationsOf}, ${pair.name}: nodes expanded per iteration (the last up to its first path)`);
      console.log(`| iteration | ours | pdbsearch | published (data/kf-iterations.tsv) |`);
      console.log('|---:|---:|---:|---:|');
      const length = Math.max(shown.oursIterations.length, shown.nativeIterations.length);
      for (let i = 0; i < length; i++) {
        const at = (/** @type {number[]} */ list) => (list[i] === undefined ? '-' : count(list[i]));
        console.log(`| ${i + 1} | ${at(shown.oursIterations)} | ${at(shown.nativeIterations)} | ${at(paper)} |`);
      }
    }
  }
}
