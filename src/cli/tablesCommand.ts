/**
 * `puzzlesearch tables build|list|clear [--size 4x4|5x5|3x3] [--partition NAME]
 * [--goal blank-last|blank-first|both] [--dir DIR]`: the PDB table cache from
 * the command line. The CLI hands the arguments after `tables` to
 * runTablesCommand, which returns the exit code.
 */
import { parseArgs } from 'node:util';
import { createSolver } from '../api/solver.js';
import { clearTableFiles, listTableFiles } from '../pdb/cache/node.js';
import { tablesProgress, type ProgressSink } from './progress.js';

export type TextSink = ProgressSink;

export const TABLES_USAGE = `usage: puzzlesearch tables build|list|clear [options]
  build                build (or load) the PDB tables of a size and keep them in the cache
  list                 list the cached table files
  clear                delete the cached table files
  --size WxH           board size: 4x4 (default), 5x5 (about 4 minutes and
                       1.8 GB of memory a goal to build; 255 MB on disk a
                       goal) or 3x3
  --partition NAME     4x4: 6-6-3 (default) or 7-8; 5x5: 6-6-6-6 (default);
                       3x3: 4-4 (default)
  --goal WHICH         blank-last, blank-first or both (default both)
  --dir DIR            cache directory (default $PUZZLESEARCH_CACHE,
                       $XDG_CACHE_HOME/puzzlesearch or ~/.cache/puzzlesearch)
  --engine NAME        wasm (default) or ts
`;

function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

export async function runTablesCommand(args: string[], out: TextSink, err: TextSink): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        size: { type: 'string', default: '4x4' },
        partition: { type: 'string' },
        goal: { type: 'string', default: 'both' },
        dir: { type: 'string' },
        engine: { type: 'string', default: 'wasm' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    err.write(`puzzlesearch tables: ${(error as Error).message}\n${TABLES_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.write(TABLES_USAGE);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (!action || rest.length > 0 || !['build', 'list', 'clear'].includes(action)) {
    err.write(`puzzlesearch tables: expected one of build, list, clear${action ? `, not '${[action, ...rest].join(' ')}'` : ''}\n${TABLES_USAGE}`);
    return 2;
  }
  try {
    if (action === 'list') {
      const { dir, files } = await listTableFiles(values.dir);
      out.write(`${dir}\n`);
      for (const file of files) out.write(`  ${file.name}  ${formatBytes(file.bytes)}\n`);
      if (files.length === 0) out.write('  (no tables)\n');
      return 0;
    }
    if (action === 'clear') {
      const { dir, removed } = await clearTableFiles(values.dir);
      out.write(`removed ${removed} file${removed === 1 ? '' : 's'} from ${dir}\n`);
      return 0;
    }
    const engine = values.engine as 'wasm' | 'ts';
    const solver = await createSolver({
      engine,
      tables: { dir: values.dir, partition: values.partition, warn: (message) => err.write(`${message}\n`) },
    });
    const onProgress = tablesProgress(err, `tables ${values.size}`);
    const started = Date.now();
    await solver.prepareTables(values.size, {
      partition: values.partition,
      goal: values.goal as 'blank-last' | 'blank-first' | 'both',
      onProgress,
    });
    out.write(`tables for ${values.size} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    err.write(`puzzlesearch tables: ${(error as Error).message}\n`);
    return 1;
  }
}
