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
import { groupTableBytes } from '../../engine/pdbSizes.js';
import { crc32 } from '../../crc32.js';
import {
  CHECKSUM_MISMATCH,
  HEADER_BYTES,
  checkTableHeader,
  encodeTableHeader,
  isOlderFormat,
  olderFormatMessage,
  tableFileName,
  type TableCache,
} from './format.js';

/** Tables are checksummed and written in slices of this size. */
const SLICE_BYTES = 16 * 2 ** 20;
/** Tables are read and checked in slices of this size: the checksum reads each while it is still in cache. */
const LOAD_SLICE_BYTES = 4 * 2 ** 20;

type Fs = typeof import('node:fs/promises');
type Path = typeof import('node:path');
type Os = typeof import('node:os');
/** CRC-32 of a table as the files carry it, continued from `previous` (that of the bytes before). */
type Checksum = (bytes: Uint8Array, previous?: number) => number;

/**
 * Node's modules, imported on demand and hidden from bundlers (a browser never
 * gets here), and the checksum a load checks with: zlib.crc32 where Node has
 * it (20.15 and later), about 1.1-1.5 GB/s against 0.2 GB/s for the portable
 * one (../../crc32.ts), which made the check most of the time a cached table
 * took to load (issue 38 §3; bench/RESULTS.md).
 */
async function nodeModules(): Promise<{ fs: Fs; path: Path; os: Os; checksum: Checksum }> {
  const names = ['node:fs/promises', 'node:path', 'node:os', 'node:zlib'];
  const [fs, path, os, zlib] = await Promise.all(names.map((name) => import(/* @vite-ignore */ name)));
  const native = (zlib as { crc32?: Checksum }).crc32;
  return { fs: fs as Fs, path: path as Path, os: os as Os, checksum: typeof native === 'function' ? (bytes, previous) => native(bytes, previous) : crc32 };
}

/**
 * Reads `length` bytes at file `position` into `into` from `offset`, going
 * on while read() gives less; returns how many it read (fewer at the end of
 * the file).
 */
async function readFully(handle: Awaited<ReturnType<Fs['open']>>, into: Uint8Array, offset: number, length: number, position: number): Promise<number> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(into, offset + done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir never returns on a
 * path below /proc (it retries the ENOENT forever), and a cache directory
 * must fail with a message, never hang.
 */
async function makeDirectory(fs: Fs, path: Path, dir: string): Promise<void> {
  try {
    await fs.mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if ((await fs.stat(dir)).isDirectory()) return;
      // Node's words ("EEXIST: file already exists, mkdir") say nothing of what is in the way.
      throw new Error(`${dir} is not a directory`);
    }
    const parent = path.dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    await makeDirectory(fs, path, parent);
    await fs.mkdir(dir);
  }
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

/**
 * The disk cache at `dir` (see cacheDir). `warn` hears each problem once.
 * `sliceBytes`: how much a load reads (and checks) at a time; tests make it
 * small, so that a small table spans several slices.
 */
export async function openNodeTableCache(dir: string | undefined, warn: (message: string) => void, sliceBytes = LOAD_SLICE_BYTES): Promise<TableCache> {
  const { fs, path, checksum: tableChecksum } = await nodeModules();
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

    async load(partition, group, room, spread) {
      const file = path.join(root, tableFileName(partition, group));
      const bad = (why: string) => {
        warnOnce(file, `puzzlesearch: ignoring table file ${file}: ${why}; rebuilding it`);
        return null;
      };
      // The size is known before anything is read, so whatever sits at the
      // path (a FIFO, a link to /dev/zero, a huge sparse file) is checked with
      // fstat first: never a hang, never more memory than the table's own.
      const expected = HEADER_BYTES + groupTableBytes(partition, group);
      let handle: Awaited<ReturnType<Fs['open']>>;
      let roomFailed: unknown = null;
      // A spread read's own failure (a worker lost, the call cancelled) is the caller's, not the file's.
      let spreadFailed: unknown = null;
      let reading: Promise<number> | null = null;
      try {
        // Non-blocking: opening a FIFO with no writer would otherwise wait forever.
        handle = await fs.open(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      } catch (error) {
        // Nothing there (ENOTDIR: the cache directory is a file, which save reports).
        const code = (error as NodeJS.ErrnoException).code;
        return code === 'ENOENT' || code === 'ENOTDIR' ? null : bad((error as Error).message);
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) return bad('not a regular file');
        if (stat.size !== expected) return bad(`${stat.size < expected ? 'truncated' : 'too long'} (${stat.size} bytes, expected ${expected})`);
        const header = new Uint8Array(HEADER_BYTES);
        if ((await readFully(handle, header, 0, HEADER_BYTES, 0)) !== HEADER_BYTES) return bad('truncated while reading its header');
        const checked = checkTableHeader(partition, group, header, stat.size);
        if (typeof checked === 'string' && isOlderFormat(checked)) {
          warnOnce(`format ${root}`, olderFormatMessage(root));
          return null;
        }
        if (typeof checked === 'string') return bad(checked);
        // Read straight into the table's room (the engine's memory), a slice
        // at a time, each checksummed as it lands: one pass over the bytes.
        const tableBytes = expected - HEADER_BYTES;
        const own = room ? null : new Uint8Array(tableBytes);
        // The room's own failure (memory that cannot grow) is the caller's, not the file's.
        const into = () => {
          if (!room) return own!;
          try {
            return room();
          } catch (error) {
            roomFailed = error;
            throw error;
          }
        };
        // Read by the threads of `spread`, each a share of the slices, its
        // checksum made of theirs: refused for the same faults as below.
        const spreadOut =
          room && spread
            ? await spread(file, HEADER_BYTES, into()).catch((error: unknown) => {
                spreadFailed = error;
                throw error;
              })
            : null;
        if (spreadOut) {
          if (spreadOut.read !== tableBytes) return bad(`truncated while reading (${HEADER_BYTES + spreadOut.read} of ${expected} bytes)`);
          if (spreadOut.checksum >>> 0 !== checked.checksum) return bad(CHECKSUM_MISMATCH);
          return into();
        }
        // The next slice is read (by libuv's threads: a copy out of the page
        // cache) while this one is checked (in this thread): the two overlap.
        const readSlice = (at: number) => readFully(handle, into(), at, Math.min(sliceBytes, tableBytes - at), HEADER_BYTES + at);
        let checksum = 0;
        reading = readSlice(0);
        for (let at = 0; at < tableBytes; at += sliceBytes) {
          const length = Math.min(sliceBytes, tableBytes - at);
          const read = (await reading) ?? 0;
          if (read !== length) return bad(`truncated while reading (${HEADER_BYTES + at + read} of ${expected} bytes)`);
          reading = at + sliceBytes < tableBytes ? readSlice(at + sliceBytes) : null;
          checksum = tableChecksum(into().subarray(at, at + length), checksum);
        }
        if (checksum >>> 0 !== checked.checksum) return bad(CHECKSUM_MISMATCH);
        return into();
      } catch (error) {
        if (roomFailed !== null) throw roomFailed;
        if (spreadFailed !== null) throw spreadFailed;
        return bad((error as Error).message);
      } finally {
        // A read still under way (the file refused meanwhile) ends before the file is closed.
        await reading?.catch(() => 0);
        await handle.close();
      }
    },

    async save(partition, group, read) {
      const file = path.join(root, tableFileName(partition, group));
      // Each table is saved on its own: one path that cannot be written (a
      // directory sitting there) must not stop the others, nor be blamed on
      // the directory. What fails before a byte is written is the
      // directory's, said once for all its tables.
      const directoryFailed = (error: unknown) => {
        usable = false;
        const why = `cannot write tables to ${root} (${(error as Error).message})`;
        warnOnce(root, `puzzlesearch: ${why}; keeping them in memory only`);
        return why;
      };
      let handle: Awaited<ReturnType<Fs['open']>>;
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await makeDirectory(fs, path, root);
        handle = await fs.open(temporary, 'wx');
      } catch (error) {
        return directoryFailed(error);
      }
      usable = true;
      try {
        try {
          const tableBytes = groupTableBytes(partition, group);
          let checksum = 0;
          for (let offset = 0; offset < tableBytes; offset += SLICE_BYTES) checksum = tableChecksum(read(offset, SLICE_BYTES), checksum);
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
        return null;
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => {});
        const code = (error as NodeJS.ErrnoException).code;
        // Node's words for a rename onto a directory name the temporary file, not what is in the way.
        const reason = code === 'EISDIR' || code === 'ENOTEMPTY' ? 'a directory is in the way' : (error as Error).message;
        const why = `cannot save ${file} (${reason})`;
        warnOnce(`save ${file}`, `puzzlesearch: ${why}; keeping that table in memory only`);
        return why;
      }
    },
  };
}

/**
 * Reads `into.length` bytes of `file` from `position` into `into` on this
 * thread, synchronously, and checksums them: one thread's slice of a
 * SpreadRead. Resolves with the reader (Node's modules are loaded first, so
 * that a worker waiting on Atomics can read without its event loop).
 * `read` says how many bytes the file gave (fewer at its end, or none when it
 * cannot be opened), `checksum` is their CRC-32.
 */
export async function spanReader(): Promise<(file: string, position: number, into: Uint8Array) => { read: number; checksum: number }> {
  const { checksum } = await nodeModules();
  const fsName = 'node:fs';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs');
  return (file, position, into) => {
    let fd: number;
    try {
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch {
      return { read: 0, checksum: 0 };
    }
    try {
      let done = 0;
      for (let got = 1; done < into.length && got > 0; done += got) got = fs.readSync(fd, into, done, into.length - done, position + done);
      return { read: done, checksum: checksum(into.subarray(0, done)) };
    } catch {
      return { read: 0, checksum: 0 };
    } finally {
      fs.closeSync(fd);
    }
  };
}

/** A cache entry that list or clear passed over, and why. */
export interface SkippedEntry {
  name: string;
  why: string;
}

/** The names in the cache directory that `keep` accepts; none when it does not exist; an error naming it when it is not a directory. */
async function cacheEntries(fs: Fs, root: string, keep: (name: string) => boolean): Promise<string[]> {
  try {
    return (await fs.readdir(root)).filter(keep).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') throw new Error(`${root} is not a directory`);
    throw error;
  }
}

/**
 * The table files in the cache directory with their sizes (those `only`
 * accepts, when given); an entry that is not a readable regular file is
 * skipped and named.
 */
export async function listTableFiles(
  dir?: string,
  only: (name: string) => boolean = () => true,
): Promise<{ dir: string; files: Array<{ name: string; bytes: number }>; skipped: SkippedEntry[] }> {
  const { fs, path } = await nodeModules();
  const root = await cacheDir(dir);
  const names = await cacheEntries(fs, root, (name) => name.endsWith('.pdb') && only(name));
  const files: Array<{ name: string; bytes: number }> = [];
  const skipped: SkippedEntry[] = [];
  for (const name of names) {
    try {
      const stat = await fs.stat(path.join(root, name));
      if (stat.isFile()) files.push({ name, bytes: stat.size });
      else skipped.push({ name, why: 'not a regular file' });
    } catch (error) {
      skipped.push({ name, why: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'a broken link' : (error as Error).message });
    }
  }
  return { dir: root, files, skipped };
}

/**
 * The process writing temporary file `name` (TABLE.pdb.PID.RANDOM.tmp, as the
 * cache's save names it), when it is another process still running: its file
 * is the table it is about to save, not a stray one.
 */
function writerOf(name: string): number | null {
  const pid = Number(/\.pdb\.(\d+)\.[^.]*\.tmp$/.exec(name)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * Removes every table file (and stray temporary file, named after its table)
 * from the cache directory, or those `only` accepts; returns how many. A
 * temporary file another running process is writing is left (`busy`): taken
 * away, that process's build would end unsaved.
 */
export async function clearTableFiles(
  dir?: string,
  only: (name: string) => boolean = () => true,
): Promise<{ dir: string; removed: number; skipped: SkippedEntry[]; busy: Array<{ name: string; pid: number }> }> {
  const { fs, path } = await nodeModules();
  const root = await cacheDir(dir);
  const names = await cacheEntries(fs, root, (name) => (name.endsWith('.pdb') || name.endsWith('.tmp')) && only(name));
  let removed = 0;
  const skipped: SkippedEntry[] = [];
  const busy: Array<{ name: string; pid: number }> = [];
  for (const name of names) {
    const writer = name.endsWith('.tmp') ? writerOf(name) : null;
    if (writer !== null) {
      busy.push({ name, pid: writer });
      continue;
    }
    try {
      // unlink, not rm: a directory named like a table is not ours to delete.
      await fs.unlink(path.join(root, name));
      removed++;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      skipped.push({ name, why: code === 'EISDIR' || code === 'EPERM' ? 'a directory, not a table file' : (error as Error).message });
    }
  }
  return { dir: root, removed, skipped, busy };
}
