/**
 * A timeline of a process, for benches only (bench/timeline.js): with
 * $PUZZLESEARCH_TRACE set (Node), each mark is one line on standard error,
 * `puzzlesearch-trace <ms since the epoch> <thread's CPU ms>:<its wait ms> <thread> <label>`,
 * written at once and straight to the descriptor, from the main thread and
 * from workers alike (a worker's process.stderr goes through the main
 * thread, late or never when the process ends). The thread's CPU time is
 * the kernel's count of its time on a core, its wait the time it was ready
 * to run but waited for one (Linux's /proc/thread-self/schedstat, '-'
 * elsewhere): unlike the wall, a busy machine does not inflate the first,
 * and the second says by how much it held the thread back. The kernel adds
 * a running thread's time at its ticks (4 ms at HZ 250) and at switches: a
 * span that ends mid-run reads short by up to a tick, so sum long spans. Without the variable a mark costs one test
 * of a constant, and in a browser nothing is written.
 */
type WriteSync = (fd: number, text: string) => number;
type ReadFileSync = (path: string, encoding: 'latin1') => string;

interface NodeProcess {
  env?: Record<string, string | undefined>;
  getBuiltinModule?: (name: string) => unknown;
}

const proc = (globalThis as { process?: NodeProcess }).process;
const fs = proc?.env?.PUZZLESEARCH_TRACE ? (proc.getBuiltinModule?.('node:fs') as { writeSync: WriteSync; readFileSync: ReadFileSync } | undefined) : undefined;
const writeSync: WriteSync | null = fs?.writeSync ?? null;

/** This thread's time on a core and its time waiting for one so far, in ms ('CPU:wait'), or '-' where the kernel does not say. */
function threadCpu(): string {
  try {
    const [cpu, wait] = fs!.readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ');
    return `${(Number(cpu) / 1e6).toFixed(2)}:${(Number(wait) / 1e6).toFixed(2)}`;
  } catch {
    return '-';
  }
}

/** Which thread marks: 'main', or 'worker N' once a worker knows its place (setTraceThread). */
let thread = 'main';

/** Names this thread in the marks that follow. */
export function setTraceThread(name: string): void {
  thread = name;
}

/** Whether marks are written (a caller with a costly label asks first). */
export const tracing = writeSync !== null;

/** One mark of the timeline, now; `at` (ms since the epoch) for a moment already past, as the thread's start. */
export function trace(label: string, at: number = performance.timeOrigin + performance.now()): void {
  if (writeSync === null) return;
  try {
    writeSync(2, `puzzlesearch-trace ${at.toFixed(2)} ${threadCpu()} ${thread.replace(/ /g, '_')} ${label}\n`);
  } catch {
    // A closed standard error costs the trace, never the work.
  }
}
