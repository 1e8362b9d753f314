import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, all run by `npm test` (and so by CI):
 * - fast: the edit-test loop (`npm run test:fast`), under a minute on 2 cores;
 * - slow: long property runs, processes, pools and the 4x4 table builds;
 * - tables: the tests that need the 24-puzzle's 6-6-6-6 tables (Korf-Felner,
 *   5x5 boards through the CLI, and the page in a browser). Only this project
 *   has the global setup that builds them, and vitest runs a project's global
 *   setup only when one of its files is selected: a run of other files never
 *   pays minutes and 1.8 GB for it.
 */
const TABLES = ['tests/engine/korf24.test.ts', 'tests/cli/cliSize.test.ts', 'tests/web/web.test.ts'];
const SLOW = [
  'tests/engine/pdb.test.ts',
  'tests/engine/zeroAware.test.ts',
  'tests/engine/catalogue.test.ts',
  'tests/engine/sliding.test.ts',
  'tests/engine/lightsOut.test.ts',
  'tests/api/batch.test.ts',
  'tests/api/hint.test.ts',
  'tests/engine/census12.test.ts',
  'tests/engine/movePruningDeep.test.ts',
  // Not poolPruning.test.ts: a few seconds, in the edit-test loop.
  'tests/pool/parallel.test.ts',
  'tests/pool/pool.test.ts',
  'tests/pool/poolNames.test.ts',
  'tests/pool/poolTables.test.ts',
  'tests/cli/cli.test.ts',
  'tests/cli/cliJobs.test.ts',
  'tests/cli/bench.test.ts',
  'tests/web/viteApp.test.ts',
  'tests/web/offline.test.ts',
  'tests/web/buildTime.test.ts',
  // The build's steps again, into temporary folders: a minute of tsc and asc.
  'tests/api/quietBuild.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 900_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // A fork per core: vitest's default keeps one core for its own process,
    // which here only reports, so on 2 cores every file ran one after another
    // (872 s of tests in 892 s of wall time).
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'fast', include: ['tests/**/*.test.ts'], exclude: [...SLOW, ...TABLES] } },
      { extends: true, test: { name: 'slow', include: SLOW } },
      { extends: true, test: { name: 'tables', include: TABLES, globalSetup: ['tests/support/tables5x5.setup.ts'] } },
    ],
  },
});
