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
import type { PdbPartition } from '../../engine/contract.js';
import { groupTableBytes, groupTableEntries } from '../../engine/pdbSizes.js';
import { crc32 } from '../../crc32.js';

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
  view.setFloat64(24, groupTableEntries(partition, group), true);
  view.setUint32(32, tableBytes, true);
  view.setUint32(36, checksum, true);
  const name = partition.name.slice(0, NAME_BYTES);
  for (let i = 0; i < name.length; i++) file[40 + i] = name.charCodeAt(i) & 0x7f;
  return file;
}

/**
 * The CRC-32 a file's table must have, if the file's header (its first
 * HEADER_BYTES of `fileBytes`) matches this group of `partition`; else why not.
 */
export function checkTableHeader(partition: PdbPartition, group: number, header: Uint8Array, fileBytes: number): { checksum: number } | string {
  const expectedBytes = groupTableBytes(partition, group);
  if (header.length < HEADER_BYTES || fileBytes < HEADER_BYTES) return `truncated (${fileBytes} bytes)`;
  const view = new DataView(header.buffer, header.byteOffset, HEADER_BYTES);
  for (let i = 0; i < MAGIC.length; i++) if (header[i] !== MAGIC.charCodeAt(i)) return 'not a puzzlesearch table';
  const version = view.getUint32(8, true);
  if (version !== FORMAT_VERSION) return `format version ${version}, expected ${FORMAT_VERSION}`;
  const name = String.fromCharCode(...header.subarray(40, 40 + NAME_BYTES)).replace(/\0+$/, '');
  const same =
    header[12] === partition.width &&
    header[13] === partition.height &&
    header[14] === partition.blankCell &&
    header[15] === group &&
    view.getUint32(16, true) === groupMask(partition.groups[group]!) &&
    view.getUint32(20, true) === partition.groups.length &&
    view.getFloat64(24, true) === groupTableEntries(partition, group) &&
    view.getUint32(32, true) === expectedBytes &&
    name === partition.name.slice(0, NAME_BYTES);
  if (!same) return 'built for another board, goal or partition';
  if (fileBytes !== HEADER_BYTES + expectedBytes) return `truncated or padded (${fileBytes} bytes, expected ${HEADER_BYTES + expectedBytes})`;
  return { checksum: view.getUint32(36, true) };
}

/** Why a table's bytes do not have the CRC-32 its header gave. */
export const CHECKSUM_MISMATCH = 'checksum mismatch (corrupt)';

/**
 * The table in `file` if its header matches this group of `partition` and the
 * checksum holds; else why not. `checksum` is CRC-32 (the zlib polynomial):
 * ../../crc32.ts by default, or the platform's own where it has one (Node's
 * zlib.crc32, several times faster: see ./node.ts).
 */
export function decodeTableFile(
  partition: PdbPartition,
  group: number,
  file: Uint8Array,
  checksum: (bytes: Uint8Array) => number = crc32,
): Uint8Array | string {
  const header = checkTableHeader(partition, group, file.subarray(0, HEADER_BYTES), file.length);
  if (typeof header === 'string') return header;
  const table = file.subarray(HEADER_BYTES);
  if (checksum(table) >>> 0 !== header.checksum) return CHECKSUM_MISMATCH;
  return table;
}

/**
 * Where a load puts a table: the room its engine reserved for it (see
 * PdbCore.reserve), a fresh view each call, since memory may grow between
 * reads.
 */
export type TableRoomView = () => Uint8Array;

/**
 * Reads a span of a file into `into` on several threads at once (a pool's
 * workers on one shared memory, src/pool/splitBuild.ts): each reads and
 * checksums slices of it. Resolves with the bytes read before the first
 * slice that came up short (all of them when none did) and the CRC-32 of the
 * span, made of the slices' (crc32Combine); null when it cannot be spread
 * (the caller reads the span itself).
 */
export type SpreadRead = (file: string, position: number, into: Uint8Array) => Promise<{ read: number; checksum: number } | null>;

export interface TableCache {
  /** The directory, or null when the cache is off or unusable. */
  readonly dir: string | null;
  /**
   * The table of a group if a valid file holds it; an invalid file is
   * reported once (warn) and left to be replaced. With `room`, the table is
   * read into room() (the whole of it; on Node straight from the file, with
   * no other copy) and the result is a view of it; a file refused may have
   * left anything there. With `spread` too (Node), the file is read and
   * checked over the threads it spreads the work to, and refused as a file
   * read on this thread alone would be.
   */
  load(partition: PdbPartition, group: number, room?: TableRoomView, spread?: SpreadRead): Promise<Uint8Array | null>;
  /**
   * Writes a group's table atomically, reading it in slices from `read`
   * (tables reach 250 MB). Resolves with null once the table is saved (or
   * when the cache keeps nothing, by choice: memory only), else with why it
   * is not, naming the path; the table is then in memory only, and the
   * failure is warned once (a directory's once for all its tables).
   */
  save(partition: PdbPartition, group: number, read: (offset: number, length: number) => Uint8Array): Promise<string | null>;
}
