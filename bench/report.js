// @ts-check
/**
 * What a run leaves behind: the Markdown table, the raw JSON and a hand-written
 * SVG chart (wasm beside TS for every task, log-scale time axis).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { formatMs, formatRate } from './suite.js';

/** @typedef {import('./suite.js').TaskResult} TaskResult */

const root = new URL('../', import.meta.url);

/** @param {string} path */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(new URL(path, root), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The release target's asc options as command-line flags. */
export function ascFlags() {
  const config = readJson('asconfig.json');
  if (!config) return 'unknown (no asconfig.json)';
  const options = { ...config.options, ...config.targets?.release };
  return Object.entries(options)
    .filter(([key, value]) => value !== false && key !== 'outFile' && key !== 'textFile')
    .map(([key, value]) => (value === true ? `--${key}` : `--${key} ${value}`))
    .join(' ');
}

/** @param {string[]} args */
function git(args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Facts about the machine and build, for the header.
 * @param {boolean} quick
 */
export function machineInfo(quick) {
  const cpus = os.cpus();
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']);
  return {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    cpu: cpus[0]?.model ?? 'unknown CPU',
    cores: cpus.length,
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    asc: readJson('node_modules/assemblyscript/package.json')?.version ?? 'unknown',
    ascFlags: ascFlags(),
    tinybench: readJson('node_modules/tinybench/package.json')?.version ?? 'unknown',
    commit: commit ? `${commit}${dirty ? ' (with uncommitted changes)' : ''}` : 'unknown',
  };
}

/** @typedef {ReturnType<typeof machineInfo>} MachineInfo */

/** @param {TaskResult} task */
function targetCell(task) {
  if (task.targetMet === null) return '-';
  return `${task.targetMet ? 'met' : '**missed**'} (${task.target})`;
}

/**
 * @param {MachineInfo} info
 * @param {TaskResult[]} tasks
 * @param {{ korf: number[], notes?: string[] }} extra
 */
export function markdown(info, tasks, extra) {
  const lines = [];
  lines.push(`# puzzlesearch benchmark (${info.mode} run)`);
  lines.push('');
  lines.push(
    `**CPU** ${info.cpu} (${info.cores} logical cores) · **Node** ${info.node} (V8 ${info.v8}) · **asc** ${info.asc} \`${info.ascFlags}\` · **date** ${info.date} · **mode** ${info.mode} · tinybench ${info.tinybench} · commit ${info.commit} · load average at start ${info.loadAverage.join(' / ')}`,
  );
  lines.push('');
  lines.push(
    "Both engines run in one process, interleaved, on identical inputs; their answers (moves, lengths, node counts) were compared and checked independently before timing, and every timed iteration's checksum matched. Times are per iteration (one iteration = the workload below). TS/wasm = median time of the TypeScript twin / median time of the wasm engine.",
  );
  lines.push('');
  lines.push('| Task | Work / iteration | wasm median | wasm p99 | TS median | TS p99 | samples wasm/TS | wasm rate | TS rate | TS/wasm | Target |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const task of tasks) {
    const { wasm, ts } = task.engines;
    lines.push(
      `| ${task.label} | ${task.nodes.toLocaleString('en-US')} ${task.unit} | ${formatMs(wasm.median)} | ${formatMs(wasm.p99)} | ${formatMs(ts.median)} | ${formatMs(ts.p99)} | ${wasm.samples}/${ts.samples} | ${formatRate(wasm.rate)} | ${formatRate(ts.rate)} | ${task.ratio.toFixed(2)} | ${targetCell(task)} |`,
    );
  }
  const fifteen = tasks.find((task) => task.instances);
  if (fifteen?.instances) {
    lines.push('');
    lines.push(`## 15-puzzle, IDA* with linear conflict, per Korf instance`);
    lines.push('');
    lines.push('| Korf # | optimal moves | nodes | wasm median | TS median | samples | wasm nodes/s | TS nodes/s | TS/wasm |');
    lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const instance of fifteen.instances) {
      const { wasm, ts } = instance.engines;
      lines.push(
        `| ${instance.number} | ${instance.optimal} | ${instance.nodes.toLocaleString('en-US')} | ${formatMs(wasm.median)} | ${formatMs(ts.median)} | ${wasm.samples}/${ts.samples} | ${formatRate(wasm.rate)} | ${formatRate(ts.rate)} | ${instance.ratio.toFixed(2)} |`,
      );
    }
  }
  lines.push('');
  lines.push('## Workloads and timing');
  lines.push('');
  for (const task of tasks) lines.push(`- \`${task.id}\`: ${task.workload}. Timing: ${task.timing}.`);
  for (const note of extra.notes ?? []) lines.push(`- ${note}`);
  lines.push('');
  return lines.join('\n');
}

/**
 * @param {MachineInfo} info
 * @param {TaskResult[]} tasks
 * @param {object} extra
 */
export function json(info, tasks, extra) {
  // Figures to 6 significant digits; arrays of numbers on one line each.
  const round = (/** @type {string} */ _key, /** @type {unknown} */ value) =>
    typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(6)) : value;
  const text = JSON.stringify({ meta: info, ...extra, tasks }, round, 2);
  return `${text.replace(/\[\s+([-\d.e+,\s]+?)\s+\]/g, (_, items) => `[${items.split(/,\s*/).join(', ')}]`)}\n`;
}

/** @param {string} text */
function xml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** @param {number} ms */
function decadeLabel(ms) {
  if (ms >= 1000) return `${ms / 1000} s`;
  if (ms >= 1) return `${ms} ms`;
  return `${Math.round(ms * 1000)} µs`;
}

const COLOURS = { wasm: '#654ff0', ts: '#e8890c' };

/**
 * A horizontal bar chart: for every task a wasm bar above a TS bar, bar length =
 * median time on a log axis, a whisker to p99, the ratio at the right.
 * @param {MachineInfo} info
 * @param {TaskResult[]} tasks
 */
export function svg(info, tasks) {
  const width = 1100;
  const left = 270;
  const right = 800;
  const ratioX = 945;
  const top = 84;
  const barHeight = 13;
  const barGap = 3;
  const groupGap = 14;
  const groupHeight = 2 * barHeight + barGap + groupGap;
  const plotHeight = tasks.length * groupHeight;
  const height = top + plotHeight + 64;

  const values = tasks.flatMap((task) => [task.engines.wasm.median, task.engines.ts.median, task.engines.wasm.p99, task.engines.ts.p99]);
  // At least 0.3 decade of room below the shortest time, so that its bar shows.
  const low = Math.floor(Math.log10(Math.min(...values)) - 0.3);
  const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(...values))));
  const x = (/** @type {number} */ ms) => left + ((Math.log10(ms) - low) / (high - low)) * (right - left);

  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="20" y="28" font-size="17" font-weight="bold">puzzlesearch: WebAssembly engine vs TypeScript twin (${xml(info.mode)} run)</text>`);
  out.push(
    `<text x="20" y="48" fill="#555">${xml(`${info.cpu} (${info.cores} cores) · Node ${info.node} · asc ${info.asc} ${info.ascFlags} · ${info.date.slice(0, 10)}`)}</text>`,
  );
  // Legend.
  out.push(`<rect x="20" y="60" width="14" height="10" fill="${COLOURS.wasm}"/><text x="40" y="69">wasm</text>`);
  out.push(`<rect x="90" y="60" width="14" height="10" fill="${COLOURS.ts}"/><text x="110" y="69">TS twin</text>`);
  out.push(`<text x="180" y="69" fill="#555">bar = median time per iteration, whisker = p99 · right: TS/wasm (green = target met, red = missed)</text>`);

  // Decade grid.
  for (let exponent = low; exponent <= high; exponent++) {
    const ms = 10 ** exponent;
    const gx = x(ms).toFixed(1);
    out.push(`<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${top + plotHeight}" stroke="#d0d0d0" stroke-dasharray="${exponent === low ? '' : '3,3'}"/>`);
    out.push(`<text x="${gx}" y="${top + plotHeight + 16}" text-anchor="middle" fill="#333">${decadeLabel(Number(ms.toPrecision(1)))}</text>`);
  }
  out.push(`<text x="${(left + right) / 2}" y="${top + plotHeight + 36}" text-anchor="middle" fill="#333">median time per iteration (log scale)</text>`);
  out.push(`<text x="${ratioX}" y="${top - 10}" fill="#333" font-weight="bold">TS/wasm</text>`);

  tasks.forEach((task, index) => {
    const y = top + index * groupHeight;
    if (index > 0 && task.group !== tasks[index - 1].group) {
      out.push(`<line x1="20" y1="${y - groupGap / 2}" x2="${width - 20}" y2="${y - groupGap / 2}" stroke="#eeeeee"/>`);
    }
    out.push(`<text x="${left - 10}" y="${y + barHeight + 2}" text-anchor="end">${xml(task.label)}</text>`);
    out.push(
      `<text x="${left - 10}" y="${y + 2 * barHeight + barGap + 1}" text-anchor="end" font-size="10" fill="#777">${xml(`${task.nodes.toLocaleString('en-US')} ${task.unit}`)}</text>`,
    );
    for (const [row, engine] of /** @type {const} */ ([
      [0, 'wasm'],
      [1, 'ts'],
    ])) {
      const figures = task.engines[engine];
      const by = y + row * (barHeight + barGap);
      const end = x(figures.median);
      const whisker = x(figures.p99);
      out.push(
        `<rect x="${left}" y="${by}" width="${Math.max(1, end - left).toFixed(1)}" height="${barHeight}" fill="${COLOURS[engine]}"><title>${xml(`${task.label}, ${engine}: median ${formatMs(figures.median)}, p99 ${formatMs(figures.p99)}, ${figures.samples} samples, ${formatRate(figures.rate)}`)}</title></rect>`,
      );
      if (whisker > end + 0.5) {
        const my = by + barHeight / 2;
        out.push(
          `<line x1="${end.toFixed(1)}" y1="${my}" x2="${whisker.toFixed(1)}" y2="${my}" stroke="#333"/><line x1="${whisker.toFixed(1)}" y1="${by + 2}" x2="${whisker.toFixed(1)}" y2="${by + barHeight - 2}" stroke="#333"/>`,
        );
      }
      const rate = task.unit === 'nodes' || task.unit === 'states' ? ` · ${formatRate(figures.rate)}` : '';
      out.push(
        `<text x="${(Math.max(end, whisker) + 4).toFixed(1)}" y="${by + barHeight - 2}" font-size="11" fill="#222">${xml(formatMs(figures.median) + rate)}</text>`,
      );
    }
    const colour = task.targetMet === null ? '#444' : task.targetMet ? '#1a7f37' : '#cf222e';
    out.push(`<text x="${ratioX}" y="${y + barHeight + 4}" font-size="14" font-weight="bold" fill="${colour}">×${task.ratio.toFixed(2)}</text>`);
    if (task.target) {
      const short = task.target.replace(/TS\/wasm >= ([\d.]+)/, 'target ≥ $1×').replace(/; wasm >= (\S+) nodes\/s/, ', wasm ≥ $1/s');
      out.push(`<text x="${ratioX}" y="${y + 2 * barHeight + barGap + 1}" font-size="10" fill="#777">${xml(short)}</text>`);
    }
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
