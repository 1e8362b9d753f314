// A worker thread of tests/parallel/sharedBuild.slow.test.ts and
// sharedDerive.slow.test.ts: one instance of the shared build on the test's
// memory, not its owner, taking its share of each round of a table build, or
// of a derivation, that another instance started.
import { parentPort, workerData } from 'node:worker_threads';
import { instantiatePuzzleWasm } from '../../dist/engine/wasm/loader.js';

const { module, memory } = workerData;
const exports = await instantiatePuzzleWasm(undefined, undefined, { memory, owner: false, source: module });
parentPort.on('message', (message) => {
  if (message.type === 'join') parentPort.postMessage(exports.pdbBuildJoin(...message.args));
  else if (message.type === 'share') parentPort.postMessage(exports.pdbBuildShare(message.start, message.end));
  else if (message.type === 'end') parentPort.postMessage(exports.pdbBuildEndRound(0) ?? 0);
  else if (message.type === 'settled') parentPort.postMessage(exports.pdbBuildSettled());
  else if (message.type === 'deriveJoin') {
    message.cellMap.forEach((sourceCell, cell) => exports.pdbDeriveMap(cell, sourceCell));
    parentPort.postMessage(exports.pdbDeriveJoin(...message.args));
  } else if (message.type === 'deriveShare') parentPort.postMessage(exports.pdbDeriveShare(message.start, message.end));
});
parentPort.postMessage('ready');
