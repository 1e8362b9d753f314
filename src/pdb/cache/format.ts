/**
 * The format of a cached PDB table, shared by the disk cache (./node.ts) and
 * the browser's (./browser.ts): a header checked on load, then the table.
 *
 * File layout, little-endian:
 *   0   8 bytes  magic "PZSPDB\r\n"
 *   8   u32      format version (FORMAT_VERSION)
 *   12  u8 x 4   width, height, blank cell, group index
 *   16  u32      the group's home cells, a bit per cell
 *   20  u32      groups in the partition
 *   24  f64      entries
 *   32  u32      table bytes
 *   36  u32      CRC-32 of the table bytes
 *   40  24 bytes partition name, ASCII, zero-padded
 *   64  the table
 */
import { pdbEntryCount, pdbTableBytes, type PdbPartition } from '../../engine/contract.js';

// 2: tables seeded from the blank's goal region only (1 seeded every free cell: weaker).
export const FORMAT_VERSION = 2;

/** Why a file was refused, when the reason is only that it predates FORMAT_VERSION: reported once for a whole cache, not once a file. */
export function isOlderFormat(why: string): boolean {
  const version = /^format version (\d+),/.exec(why);
  return version !== null && Number(version[1]) < FORMAT_VERSION;
}

/** The one message for a cache whose tables are of an older format. */
export function olderFormatMessage(where: string): string {
  return `puzzlesearch: the tables in ${where} are of an older, weaker format; rebuilding them (format ${FORMAT_VERSION})`;
}
const MAGIC = 'PZSPDB\r\n';
export const HEADER_BYTES = 64;
const NAME_BYTES = 24;

/** CRC-32 tables for slicing by 8: table k (at k * 256) continues table 0 over k more zero bytes. */
let crcTables: Int32Array | null = null;

function crcSlices(): Int32Array {
  if (crcTables) return crcTables;
  const tables = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let k = 1; k < 8; k++)
    for (let n = 0; n < 256; n++) tables[k * 256 + n] = (tables[(k - 1) * 256 + n]! >>> 8) ^ tables[tables[(k - 1) * 256 + n]! & 0xff]!;
  return (crcTables = tables);
}

/**
 * CRC-32 of `bytes`; pass the previous result as `crc` to continue over a
 * following slice. Eight bytes a step (slicing by 8): checking the 6-6-3
 * tables on every load took 20 ms a byte at a time, a fifth of a cached
 * 15-puzzle call through the CLI.
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = crcSlices();
  let state = ~crc;
  const whole = bytes.length & ~7;
  let i = 0;
  for (; i < whole; i += 8) {
    const one = state ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    const two = bytes[i + 4]! | (bytes[i + 5]! << 8) | (bytes[i + 6]! << 16) | (bytes[i + 7]! << 24);
    state =
      t[1792 + (one & 0xff)]! ^
      t[1536 + ((one >>> 8) & 0xff)]! ^
      t[1280 + ((one >>> 16) & 0xff)]! ^
      t[1024 + (one >>> 24)]! ^
      t[768 + (two & 0xff)]! ^
      t[512 + ((two >>> 8) & 0xff)]! ^
      t[256 + ((two >>> 16) & 0xff)]! ^
      t[two >>> 24]!;
  }
  for (; i < bytes.length; i++) state = t[(state ^ bytes[i]!) & 0xff]! ^ (state >>> 8);
  return ~state >>> 0;
}

function groupMask(cells: readonly number[]): number {
  return cells.reduce((mask, cell) => mask | (1 << cell), 0) >>> 0;
}

/** The file name of a group's table. */
export function tableFileName(partition: PdbPartition, group: number): string {
  return `${partition.width}x${partition.height}-blank${partition.blankCell}-${partition.name}-group${group}.pdb`;
}

/** The header of a group's table file, for a table of `tableBytes` bytes with CRC-32 `checksum` (the table follows it). */
export function encodeTableHeader(partition: PdbPartition, group: number, tableBytes: number, checksum: number): Uint8Array {
  const file = new Uint8Array(HEADER_BYTES);
  const view = new DataView(file.buffer);
  for (let i = 0; i < MAGIC.length; i++) file[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, FORMAT_VERSION, true);
  file.set([partition.width, partition.height, partition.blankCell, group], 12);
  view.setUint32(16, groupMask(partition.groups[group]!), true);
  view.setUint32(20, partition.groups.length, true);
  view.setFloat64(24, pdbEntryCount(partition.width * partition.height, partition.groups[group]!.length), true);
  view.setUint32(32, tableBytes, true);
  view.setUint32(36, checksum, true);
  const name = partition.name.slice(0, NAME_BYTES);
  for (let i = 0; i < name.length; i++) file[40 + i] = name.charCodeAt(i) & 0x7f;
  return file;
}

/** The table in `file` if its header matches this group of `partition` and the checksum holds; else why not. */
export function decodeTableFile(partition: PdbPartition, group: number, file: Uint8Array): Uint8Array | string {
  const expectedBytes = pdbTableBytes(partition.width * partition.height, partition.groups[group]!.length);
  if (file.length < HEADER_BYTES) return `truncated (${file.length} bytes)`;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  for (let i = 0; i < MAGIC.length; i++) if (file[i] !== MAGIC.charCodeAt(i)) return 'not a puzzlesearch table';
  const version = view.getUint32(8, true);
  if (version !== FORMAT_VERSION) return `format version ${version}, expected ${FORMAT_VERSION}`;
  const name = String.fromCharCode(...file.subarray(40, 40 + NAME_BYTES)).replace(/\0+$/, '');
  const same =
    file[12] === partition.width &&
    file[13] === partition.height &&
    file[14] === partition.blankCell &&
    file[15] === group &&
    view.getUint32(16, true) === groupMask(partition.groups[group]!) &&
    view.getUint32(20, true) === partition.groups.length &&
    view.getFloat64(24, true) === pdbEntryCount(partition.width * partition.height, partition.groups[group]!.length) &&
    view.getUint32(32, true) === expectedBytes &&
    name === partition.name.slice(0, NAME_BYTES);
  if (!same) return 'built for another board, goal or partition';
  if (file.length !== HEADER_BYTES + expectedBytes) return `truncated or padded (${file.length} bytes, expected ${HEADER_BYTES + expectedBytes})`;
  const table = file.subarray(HEADER_BYTES);
  if (crc32(table) !== view.getUint32(36, true)) return 'checksum mismatch (corrupt)';
  return table;
}

export interface TableCache {
  /** The directory, or null when the cache is off or unusable. */
  readonly dir: string | null;
  /** The table of a group if a valid file holds it; an invalid file is reported once (warn) and left to be replaced. */
  load(partition: PdbPartition, group: number): Promise<Uint8Array | null>;
  /**
   * Writes a group's table atomically, reading it in slices from `read`
   * (tables reach 250 MB); on failure warns once and carries on in memory.
   */
  save(partition: PdbPartition, group: number, read: (offset: number, length: number) => Uint8Array): Promise<void>;
}
