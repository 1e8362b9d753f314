/** One question to a test's worker thread and its answer (the shared build and derivation tests each wrote this alike). */
import type { Worker } from 'node:worker_threads';

/** Posts `message` to `worker` and resolves with its next message, or rejects with its error. */
export function ask<T>(worker: Worker, message: object): Promise<T> {
  // The error listener goes with the answer: one left per question piled up past Node's warning of 10.
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    worker.once('message', (answer: T) => {
      worker.off('error', fail);
      resolve(answer);
    });
    worker.once('error', fail);
    worker.postMessage(message);
  });
}
