/**
 * Starting a pool worker, the same handle in Node (`worker_threads`) and in
 * browsers (a module Web Worker): the file beside this one, found as bundlers
 * expect to find a worker entry.
 */
import type { ErrorData, FromInside, ToInside } from './protocol.js';

/** The outside's handle on one started worker, the same in Node and in browsers. */
export interface Port {
  /** What `transfer` lists moves to the worker instead of being copied. */
  post(message: ToInside, transfer?: ArrayBuffer[]): void;
  terminate(): Promise<void>;
  /** Node: a busy worker keeps the process alive, an idle one does not. */
  keepAlive(busy: boolean): void;
}

export interface PortEvents {
  receive(message: FromInside): void;
  /** The worker died (a load error, an uncaught exception, an exit we did not ask for). */
  fail(error: ErrorData): void;
}

export type Spawn = (events: PortEvents) => Port;

/**
 * The compiled worker beside this file. Run from the TypeScript source (tests,
 * vite-node), Node cannot start a .ts worker, so the compiled one in dist/ is used.
 */
function nodeWorkerUrl(): URL {
  const name = import.meta.url.endsWith('.ts') ? '../../dist/pool/worker.js' : './worker.js';
  return new URL(name, import.meta.url);
}

export async function nodeSpawner(): Promise<Spawn> {
  // Hidden from bundlers: a browser build must not try to resolve node:worker_threads.
  const threadsName = 'node:worker_threads';
  const { Worker: NodeWorker } = (await import(/* @vite-ignore */ threadsName)) as typeof import('node:worker_threads');
  const url = nodeWorkerUrl();
  return (events) => {
    const worker = new NodeWorker(url, { name: 'puzzlesearch-solver' });
    let ending = false;
    worker.on('message', events.receive);
    worker.on('error', (error) => events.fail({ name: 'WorkerError', message: `puzzlesearch pool worker failed: ${error.message}` }));
    worker.on('exit', (code) => {
      if (!ending) events.fail({ name: 'WorkerError', message: `puzzlesearch pool worker exited with code ${code}` });
    });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      terminate: async () => {
        ending = true;
        await worker.terminate();
      },
      keepAlive: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  };
}

export function webSpawner(): Spawn {
  return (events) => {
    // This exact shape (`new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`)
    // is what bundlers such as Vite recognise and bundle as a worker entry.
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'puzzlesearch-solver' });
    worker.addEventListener('message', (event: MessageEvent<FromInside>) => events.receive(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      events.fail({ name: 'WorkerError', message: `puzzlesearch pool worker failed: ${event.message || 'it could not be loaded'}` });
    });
    return {
      post: (message, transfer = []) => worker.postMessage(message, transfer),
      terminate: async () => worker.terminate(),
      keepAlive: () => {},
    };
  };
}
