/**
 * The `tables` command's usage, on its own so that the main help can print it
 * without loading the command (and the table cache) on every run.
 */
export const TABLES_USAGE = `Usage: puzzlesearch tables build|list|clear [options]
  build                build (or load) the PDB tables of a size and keep them in the cache
  list                 list the cached table files
  clear                delete the cached table files
                       (list and clear: only those of the --size,
                       --partition and --goal given, when given)
  --size WxH           board size: 4x4 (default), 5x5 (about a minute and
                       1.8 GB of memory a goal to build; 255 MB on disk a
                       goal) or 3x3
  --partition NAME     4x4: 6-6-3 (default), 7-8 or 6-6-3-zero-aware; 5x5:
                       6-6-6-6 (default), 6-6-6-6-zero-aware, 6-6-6-6x3 or
                       6-6-6-6x3-zero-aware (three partitions, ten tables),
                       6-6-6-6x7 or 6-6-6-6x7-zero-aware (seven, fourteen
                       tables, 2.2 GB a goal zero-aware);
                       3x3: 4-4 (default) or 4-4-zero-aware. A zero-aware
                       table keeps a value for each region of the blank,
                       not the least of them: larger, stronger, each group
                       built
  --strongest          build: the strongest kind of the size instead, the
                       one a search takes whenever it is cached (4x4: 7-8,
                       about 3 minutes a goal; 5x5: 6-6-6-6x7-zero-aware,
                       2.2 GB a goal, about 6 minutes a goal, one goal a
                       process); its size and time are said first
  --goal WHICH         blank-last, blank-first or both (default both)
  --dir DIR            cache directory (default $PUZZLESEARCH_CACHE,
                       $XDG_CACHE_HOME/puzzlesearch or ~/.cache/puzzlesearch)
  --engine NAME        wasm (default) or ts
  --jobs N             build: N worker threads build each table together
                       (default one per core; 1 builds in this thread, as
                       the ts engine always does)
`;
