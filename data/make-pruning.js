// Writes the move-pruning machines that ship in data/ (src/engine/movePruningFile.ts)
// from a fresh build: run `npm run build && node data/make-pruning.js` after a
// change to the machine's build or depth. tests/engine/movePruning.test.ts fails
// until the files match the build again.
import { writeFileSync } from 'node:fs';
import { buildMovePruning, movePruningDepth } from '../dist/engine/movePruning.js';
import { encodeMovePruning, movePruningFileName, SHIPPED_SIZES } from '../dist/engine/movePruningFile.js';

for (const size of SHIPPED_SIZES) {
  const [width, height] = size.split('x').map(Number);
  const machine = buildMovePruning(width, height);
  const file = new URL(movePruningFileName(width, height), import.meta.url);
  writeFileSync(file, encodeMovePruning(machine, movePruningDepth(width * height)));
  console.log(`${file.pathname}: ${machine.states} states`);
}
