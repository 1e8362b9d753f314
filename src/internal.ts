/**
 * The web page's one door into the library's internals (cubing.js's
 * `cubing-private` is the model): what the page needs beyond the public API
 * of index.ts, to time a trial table build in its own worker and to say what
 * a table preparation will cost before it starts and while it runs. Not in package.json's
 * `exports`: a user of the package cannot import it, and nothing here is a
 * promise to one. The layers test (tests/repo/layers.test.ts) lets web/page
 * import only index.ts and this file of src/.
 */
// The engines through the loader createSolver uses: imported statically here, they
// were bundled twice beside the dynamic import (Vite's INEFFECTIVE_DYNAMIC_IMPORT).
export { loadCore } from './api/solver.js';
export type { PdbBuild, PdbPartition } from './engine/contract.js';
export { groupTableBytes, groupTableEntries, pdbEntryCount, pdbMaskBytesAtMost, pdbWorkBytes } from './engine/pdbSizes.js';
export { makePartition, namedPartition, symmetricSource } from './pdb/partitions.js';
export { makingOrder } from './pdb/tables.js';
export { BuildTimer, type BuildWork, type EarlierRate, type Making, type Timed } from './pdb/buildTimer.js';
export { storedTableNames } from './pdb/cache/browser.js';
export { tableFileName } from './pdb/cache/format.js';
