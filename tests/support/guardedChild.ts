/**
 * A Node child process under a time and a memory guard, for tests of code
 * that once hung or grew without bound (a FIFO read with readFileSync blocks
 * the thread for good, so no timer of the test's own process could end it;
 * a link to /dev/zero grew to GBs in seconds on a machine others share). The
 * child's resident memory is read from /proc every 50 ms and the child killed
 * (SIGKILL) past `maxRssBytes` or `timeoutMs`: a regression fails the test,
 * saying which guard stopped it, instead of hanging CI or taking the machine's
 * memory.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface GuardedRun {
  /** The exit code, or null when a signal ended the child. */
  status: number | null;
  stdout: string;
  stderr: string;
  /** The most resident memory seen, in bytes. */
  peakRssBytes: number;
  /** Which guard killed the child, if one did. */
  stopped: 'time' | 'memory' | null;
}

/** VmRSS of process `pid` in bytes, or 0 when it cannot be read (the child has ended, or there is no /proc). */
function residentBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

/** Runs `node ...args` (given `input` on standard input) under the guards; resolves once the child has ended, by itself or killed. */
export function runGuarded(args: string[], guard: { timeoutMs: number; maxRssBytes: number; input?: string }): Promise<GuardedRun> {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  // A child killed before it reads its input closes the pipe under the write.
  child.stdin.on('error', () => {});
  child.stdin.end(guard.input ?? '');
  const run: GuardedRun = { status: null, stdout: '', stderr: '', peakRssBytes: 0, stopped: null };
  child.stdout.setEncoding('utf8').on('data', (text: string) => (run.stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (run.stderr += text));
  const stop = (why: 'time' | 'memory') => {
    run.stopped ??= why;
    child.kill('SIGKILL');
  };
  const watch = setInterval(() => {
    run.peakRssBytes = Math.max(run.peakRssBytes, residentBytes(child.pid!));
    if (run.peakRssBytes > guard.maxRssBytes) stop('memory');
  }, 50);
  const timer = setTimeout(() => stop('time'), guard.timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      clearInterval(watch);
      clearTimeout(timer);
      run.status = status;
      resolve(run);
    }),
  );
}
