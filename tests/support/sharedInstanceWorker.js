// A worker thread of tests/parallel/sharedInstances.test.ts: one instance of
// the shared build on the memory the test made, not its owner. It searches
// the boards it is sent with the tables the owner holds (adopted, not
// copied) and answers each search's moves and counts.
import { parentPort, workerData } from 'node:worker_threads';
import { createWasmCore } from '../../dist/engine/wasm/index.js';
import { namedPartition } from '../../dist/pdb/partitions.js';

const { module, memory, tables, rounds } = workerData;
const core = await createWasmCore(undefined, { memory, owner: false, source: module });
const base = core.scratchAt;
for (const { width, height, blankCell, name, addresses } of tables) {
  const partition = namedPartition(width, height, blankCell, name);
  addresses.forEach((at, group) => core.pdb.adopt(partition, group, at));
}
parentPort.postMessage({ base });
parentPort.on('message', ({ jobs }) => {
  const answers = [];
  for (let round = 0; round < rounds; round++) {
    for (const job of jobs) {
      const partition = job.partition ? namedPartition(job.partition.width, job.partition.height, job.partition.blankCell, job.partition.name) : undefined;
      const answer = core.idaStar.solve(job.start, job.goal, { heuristic: job.heuristic, partition, pruning: job.pruning });
      answers.push({ moves: answer.moves && Array.from(answer.moves), nodes: answer.nodes });
    }
  }
  parentPort.postMessage({ answers });
});
