/**
 * The browser's cache of PDB tables: IndexedDB, one record per group table,
 * holding exactly the bytes of a disk cache file (the same header and CRC-32,
 * see tables.ts) as one ArrayBuffer, so that the same checks run on load. A
 * record that fails them (corrupt, truncated, foreign, another format version)
 * is reported once and left to be replaced by the rebuilt table. A database
 * that cannot be opened or written (private browsing, quota) degrades to
 * memory with one warning.
 *
 * Plain IndexedDB rather than `idb-keyval`: get and put of one key are a few
 * lines, and the library keeps no runtime dependency for them.
 */
import { groupTableBytes } from '../../engine/pdbSizes.js';
import { crc32 } from '../../crc32.js';
import { HEADER_BYTES, decodeTableFile, encodeTableHeader, tableFileName, type TableCache, isOlderFormat, olderFormatMessage } from './format.js';

export const DATABASE_NAME = 'puzzlesearch-tables';
export const STORE_NAME = 'tables';
const DATABASE_VERSION = 1;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DATABASE_NAME, DATABASE_VERSION);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE_NAME)) req.result.createObjectStore(STORE_NAME);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB cannot be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/** Resolves when a write transaction has committed (or rejects with why not, e.g. QuotaExceededError). */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/**
 * The names of the tables kept in IndexedDB (as tableFileName gives them),
 * their bytes left unread: what a page asks to tell a load of seconds from a
 * build of minutes before it prepares tables. Empty where IndexedDB cannot be
 * opened. The database is opened as the cache opens it (made with its store
 * when missing) and closed again.
 */
export async function storedTableNames(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<Set<string>> {
  if (factory === undefined) return new Set();
  try {
    const db = await openDatabase(factory);
    try {
      const keys = await request(db.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).getAllKeys());
      return new Set(keys.map(String));
    } finally {
      db.close();
    }
  } catch {
    return new Set();
  }
}

/** The IndexedDB table cache; `factory` defaults to the global `indexedDB` (tests pass fake-indexeddb's). */
export function openBrowserTableCache(warn: (message: string) => void, factory: IDBFactory | undefined = globalThis.indexedDB): TableCache {
  const where = `IndexedDB '${DATABASE_NAME}'`;
  let usable = factory !== undefined;
  const reported = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    warn(message);
  };
  // Why the database cannot be used, once it cannot: every later save is not saved for that reason.
  let unusable = factory === undefined ? `cannot keep tables in ${where} (no IndexedDB here)` : '';
  const giveUp = (error: unknown) => {
    usable = false;
    unusable = `cannot keep tables in ${where} (${error instanceof Error ? error.message : String(error)})`;
    warnOnce(where, `puzzlesearch: ${unusable}; keeping them in memory only`);
    return unusable;
  };
  let database: Promise<IDBDatabase> | null = null;
  const open = () => (database ??= openDatabase(factory!));

  return {
    get dir() {
      return usable ? where : null;
    },

    async load(partition, group, room) {
      if (!usable) return null;
      const key = tableFileName(partition, group);
      let value: unknown;
      try {
        const db = await open();
        value = await request(db.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(key));
      } catch (error) {
        giveUp(error);
        return null;
      }
      if (value === undefined) return null;
      const table = value instanceof ArrayBuffer ? decodeTableFile(partition, group, new Uint8Array(value)) : 'not a puzzlesearch table (not bytes)';
      if (typeof table === 'string' && isOlderFormat(table)) {
        warnOnce('format', olderFormatMessage(where));
        return null;
      }
      if (typeof table === 'string') {
        warnOnce(key, `puzzlesearch: ignoring table ${key} in ${where}: ${table}; rebuilding it`);
        return null;
      }
      // IndexedDB hands over a copy of its own: it is copied once more, into the room.
      if (!room) return table;
      room().set(table);
      return room();
    },

    async save(partition, group, read) {
      if (!usable) return unusable;
      const tableBytes = groupTableBytes(partition, group);
      try {
        // One buffer, header then table (the browser tables are the small partitions: 6-6-3 is 4 MB at most).
        const file = new Uint8Array(HEADER_BYTES + tableBytes);
        file.set(read(0, tableBytes), HEADER_BYTES);
        file.set(encodeTableHeader(partition, group, tableBytes, crc32(file.subarray(HEADER_BYTES))), 0);
        const db = await open();
        const transaction = db.transaction(STORE_NAME, 'readwrite');
        transaction.objectStore(STORE_NAME).put(file.buffer, tableFileName(partition, group));
        await committed(transaction);
        return null;
      } catch (error) {
        return giveUp(error);
      }
    },
  };
}
