/**
 * The disk cache of PDB tables (Node; browsers use IndexedDB, ./browser.ts):
 * one file per group table in the format of ./format.ts, checked on load,
 * written atomically (a temporary file renamed into place, so two builders
 * racing leave one whole file).
 *
 * Where: the `dir` option, else $PUZZLESEARCH_CACHE, else
 * $XDG_CACHE_HOME/puzzlesearch, else ~/.cache/puzzlesearch. (`env-paths` would
 * add a dependency for three lines and picks ~/Library/Caches or %LOCALAPPDATA%
 * on other systems; the XDG rule the issue asks for is all we need.)
 */
import { pdbTableBytes } from '../../engine/contract.js';
import { crc32, decodeTableFile, encodeTableHeader, tableFileName, type TableCache } from './format.js';

/** Tables are checksummed and written in slices of this size. */
const SLICE_BYTES = 16 * 2 ** 20;

type Fs = typeof import('node:fs/promises');
type Path = typeof import('node:path');
type Os = typeof import('node:os');

/** Node's modules, imported on demand and hidden from bundlers (a browser never gets here). */
async function nodeModules(): Promise<{ fs: Fs; path: Path; os: Os }> {
  const names = ['node:fs/promises', 'node:path', 'node:os'];
  const [fs, path, os] = await Promise.all(names.map((name) => import(/* @vite-ignore */ name)));
  return { fs: fs as Fs, path: path as Path, os: os as Os };
}

/** The cache directory: `dir`, else $PUZZLESEARCH_CACHE, $XDG_CACHE_HOME/puzzlesearch, ~/.cache/puzzlesearch. */
export async function cacheDir(dir?: string): Promise<string> {
  const { path, os } = await nodeModules();
  if (dir) return path.resolve(dir);
  const env = process.env;
  if (env.PUZZLESEARCH_CACHE) return path.resolve(env.PUZZLESEARCH_CACHE);
  if (env.XDG_CACHE_HOME) return path.join(path.resolve(env.XDG_CACHE_HOME), 'puzzlesearch');
  return path.join(os.homedir(), '.cache', 'puzzlesearch');
}

/** The disk cache at `dir` (see cacheDir). `warn` hears each problem once. */
export async function openNodeTableCache(dir: string | undefined, warn: (message: string) => void): Promise<TableCache> {
  const { fs, path } = await nodeModules();
  const root = await cacheDir(dir);
  let usable = true;
  const reported = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    warn(message);
  };

  return {
    get dir() {
      return usable ? root : null;
    },

    async load(partition, group) {
      const file = path.join(root, tableFileName(partition, group));
      let bytes: Uint8Array;
      try {
        bytes = await fs.readFile(file);
      } catch {
        return null;
      }
      const table = decodeTableFile(partition, group, bytes);
      if (typeof table === 'string') {
        warnOnce(file, `puzzlesearch: ignoring table file ${file}: ${table}; rebuilding it`);
        return null;
      }
      return table;
    },

    async save(partition, group, read) {
      if (!usable) return;
      const tableBytes = pdbTableBytes(partition.width * partition.height, partition.groups[group]!.length);
      let checksum = 0;
      for (let offset = 0; offset < tableBytes; offset += SLICE_BYTES) checksum = crc32(read(offset, SLICE_BYTES), checksum);
      const file = path.join(root, tableFileName(partition, group));
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await fs.mkdir(root, { recursive: true });
        const handle = await fs.open(temporary, 'wx');
        try {
          // write() may take less than it is given; go on until all is written.
          const writeAll = async (part: Uint8Array) => {
            for (let done = 0; done < part.length; ) done += (await handle.write(part, done, part.length - done)).bytesWritten;
          };
          await writeAll(encodeTableHeader(partition, group, tableBytes, checksum));
          // Each slice is a fresh copy, so memory growth in between cannot detach it.
          for (let offset = 0; offset < tableBytes; offset += SLICE_BYTES) await writeAll(read(offset, SLICE_BYTES));
        } finally {
          await handle.close();
        }
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => {});
        usable = false;
        warnOnce(root, `puzzlesearch: cannot write tables to ${root} (${(error as Error).message}); keeping them in memory only`);
      }
    },
  };
}

/** Table files in the cache directory with their sizes. */
export async function listTableFiles(dir?: string): Promise<{ dir: string; files: Array<{ name: string; bytes: number }> }> {
  const { fs, path } = await nodeModules();
  const root = await cacheDir(dir);
  let names: string[] = [];
  try {
    names = (await fs.readdir(root)).filter((name) => name.endsWith('.pdb')).sort();
  } catch {
    return { dir: root, files: [] };
  }
  const files = await Promise.all(names.map(async (name) => ({ name, bytes: (await fs.stat(path.join(root, name))).size })));
  return { dir: root, files };
}

/** Removes every table file (and stray temporary file) from the cache directory; returns how many. */
export async function clearTableFiles(dir?: string): Promise<{ dir: string; removed: number }> {
  const { fs, path } = await nodeModules();
  const root = await cacheDir(dir);
  let names: string[] = [];
  try {
    names = (await fs.readdir(root)).filter((name) => name.endsWith('.pdb') || name.endsWith('.tmp'));
  } catch {
    return { dir: root, removed: 0 };
  }
  await Promise.all(names.map((name) => fs.rm(path.join(root, name), { force: true })));
  return { dir: root, removed: names.length };
}
