/**
 * Progress of a table build on standard error: a bar redrawn in place when
 * standard error is a terminal, plain lines (at most one a second, and one per
 * finished group) when it is a file or a pipe, so that logs stay readable.
 * Written here rather than taken from a progress-bar package because it must go
 * through the CLI's own error sink (tests run the CLI in-process) and needs one
 * line of drawing.
 */
import type { TablesProgress } from '../pdb/tables.js';

export interface ProgressSink {
  write(text: string): unknown;
  /** True when the sink is a terminal that honours a carriage return. */
  isTTY?: boolean;
}

const BAR_WIDTH = 30;

/**
 * What a group's line says while its phase runs and once it is done. Keyed by
 * string: a table read through a board symmetry ('derive') says so, and a
 * phase added later reads as a build rather than breaking the bar.
 */
const PHASE_WORDS: Record<string, [string, string]> = {
  load: ['loaded', 'loaded'],
  build: ['building', 'built'],
  derive: ['deriving', 'derived'],
  share: ['receiving', 'received'],
};

export function tablesProgress(sink: ProgressSink, label: string): (progress: TablesProgress) => void {
  let lastTime = 0;
  let lastText = '';
  return (progress) => {
    const done = progress.settled === progress.entries;
    const fraction = (progress.group + progress.settled / progress.entries) / progress.groups;
    const [going, finished] = PHASE_WORDS[progress.phase] ?? PHASE_WORDS.build;
    const what = `${label}: ${progress.partition} table ${progress.group + 1} of ${progress.groups} ${done ? finished : going}`;
    const percent = `${Math.floor(100 * fraction)}%`.padStart(4);
    if (sink.isTTY) {
      if (done && what === lastText) return;
      lastText = done ? what : '';
      const filled = Math.round(BAR_WIDTH * fraction);
      sink.write(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent} ${what}`);
      if (done && progress.group === progress.groups - 1) sink.write('\n');
      return;
    }
    const now = Date.now();
    const line = `${percent} ${what}\n`;
    // A group reports every round; a line a second while building, and each finished group once.
    if (line === lastText || (!done && now - lastTime < 1000)) return;
    lastTime = now;
    lastText = line;
    sink.write(line);
  };
}
