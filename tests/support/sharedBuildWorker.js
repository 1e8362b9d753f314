// A worker thread of tests/parallel/sharedBuild.slow.test.ts: one instance of the
// shared build on the test's memory, not its owner, taking its share of each
// round of a table build that another instance started.
import { parentPort, workerData } from 'node:worker_threads';
import { instantiatePuzzleWasm } from '../../dist/engine/wasm/loader.js';

const { module, memory } = workerData;
const exports = await instantiatePuzzleWasm(undefined, undefined, { memory, owner: false, source: module });
parentPort.on('message', (message) => {
  if (message.type === 'join') parentPort.postMessage(exports.pdbBuildJoin(...message.args));
  else if (message.type === 'share') parentPort.postMessage(exports.pdbBuildShare(message.start, message.end));
  else if (message.type === 'end') parentPort.postMessage(exports.pdbBuildEndRound(0) ?? 0);
  else if (message.type === 'settled') parentPort.postMessage(exports.pdbBuildSettled());
});
parentPort.postMessage('ready');
