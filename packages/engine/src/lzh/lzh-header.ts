import type { ByteSource } from '../tar/byte-source.js';
import { crc16 } from './lzh-crc.js';
import { decodeLzhName, decodeUtf16Name, joinLzhPath } from './lzh-names.js';

/**
 * LHA headers, levels 0 to 3 (the layouts of LHa for UNIX's header.c / libarchive's
 * archive_read_support_format_lha.c). Levels 0 and 1 start with a 1-byte size and a byte-sum
 * checksum; 2 and 3 with their total size (16 and 32 bits); 1, 2 and 3 carry extension records
 * ([type][data][size of the next record]) for the name, folder, UNIX mode, 64-bit sizes and a
 * CRC-16 of the whole header.
 */

export type LzhErrorKind = 'not-lzh' | 'truncated' | 'corrupt' | 'unsupported';

export class LzhError extends Error {
  constructor(
    readonly kind: LzhErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LzhError';
  }
}

export interface LzhHeader {
  /** The three letters between the dashes: 'lh5', 'lhd'… */
  method: string;
  packedSize: number;
  originalSize: number;
  name: string;
  kind: 'file' | 'dir' | 'symlink' | 'other';
  linkName: string;
  mtime: Date | null;
  /** The Unix mode as stored (LHa for UNIX's extensions), or null. */
  mode: number | null;
  /** CRC-16 of the content. */
  crc: number;
  /** Folder and name bytes as stored, folders split by `/`, when not ASCII (see rawNameOf). */
  rawName?: Uint8Array;
}

/** Headers (with their extensions) larger than this are refused rather than held. */
const MAX_HEADER_BYTES = 1 << 20;
const S_IFMT = 0xf000;
const S_IFLNK = 0xa000;

const le16 = (b: Uint8Array, at: number) => (b[at] as number) | ((b[at + 1] as number) << 8);
const le32 = (b: Uint8Array, at: number) => (le16(b, at) + le16(b, at + 2) * 0x10000) >>> 0;

/** Whether `b` (at least 22 bytes) starts like a header: "-l??-", a known level, a sane size. */
export function looksLikeHeader(b: Uint8Array): boolean {
  if (b.length < 22 || b[2] !== 0x2d || b[3] !== 0x6c || b[6] !== 0x2d) return false;
  const level = b[20] as number;
  if (level <= 1) {
    const total = (b[0] as number) + 2;
    if (total < 24 || b.length < total) return total >= 24 && b.length >= 22;
    let sum = 0;
    for (let i = 2; i < total; i += 1) sum += b[i] as number;
    return (sum & 0xff) === b[1];
  }
  if (level === 2) return le16(b, 0) >= 26;
  return level === 3 && le16(b, 0) === 4;
}

/**
 * Reads the header at the source's position. Null at the end of the archive: end of input, the
 * 0 byte LHA writes last, or a level-0 header too short to hold its CRC (which LHA's reference
 * extraction ends at rather than read as an entry).
 */
export async function readHeader(source: ByteSource): Promise<LzhHeader | null> {
  const start = await source.peek(32);
  if (start.length === 0 || start[0] === 0) return null;
  if (start.length < 22) throw new LzhError('truncated', 'The archive ends inside a header.');
  if (!looksLikeHeader(start)) throw new LzhError('corrupt', 'Not an LHA header.');
  const level = start[20] as number;
  if (level <= 1) {
    const total = (start[0] as number) + 2;
    const base = await take(source, total);
    if (!looksLikeHeader(base)) throw new LzhError('corrupt', 'LHA header checksum mismatch.');
    const nameLength = base[21] as number;
    if (level === 0) {
      if (total === 22 + nameLength) return null;
      if (total < 24 + nameLength) throw new LzhError('corrupt', 'LHA header too short for its name.');
      return finish(base, level0Fields(base, nameLength), total);
    }
    if (total < 27 + nameLength) throw new LzhError('corrupt', 'LHA header too short for its name.');
    // Level 1: the extension records follow the base header and count in the packed size.
    const pieces = [base];
    let size = le16(base, total - 2);
    let extended = 0;
    while (size > 0) {
      if (size < 3) throw new LzhError('corrupt', 'Bad LHA extension record.');
      extended += size;
      if (extended > MAX_HEADER_BYTES) throw new LzhError('corrupt', 'LHA header too large.');
      const record = await take(source, size);
      pieces.push(record);
      size = le16(record, size - 2);
    }
    const all = concat(pieces);
    const fields = baseFields(all, nameLength);
    fields.crc = le16(all, 22 + nameLength);
    parseExtensions(all, total, le16(base, total - 2), 2, fields);
    if (fields.packedSize < extended) throw new LzhError('corrupt', 'LHA extension records larger than the entry.');
    fields.packedSize -= extended;
    return finish(all, fields, all.length);
  }
  if (level === 2) {
    const total = le16(start, 0);
    const all = await take(source, total);
    const fields = baseFields(all, -1);
    parseExtensions(all, 26, le16(all, 24), 2, fields);
    return finish(all, fields, total);
  }
  const total = le32(start, 24);
  if (total < 32 || total > MAX_HEADER_BYTES) throw new LzhError('corrupt', 'Bad LHA level-3 header size.');
  const all = await take(source, total);
  const fields = baseFields(all, -1);
  parseExtensions(all, 32, le32(all, 28), 4, fields);
  return finish(all, fields, total);
}

interface Fields {
  method: string;
  packedSize: number;
  originalSize: number;
  crc: number;
  mtime: Date | null;
  name: Uint8Array | null;
  folder: Uint8Array | null;
  utf16Name: string | null;
  utf16Folder: string | null;
  mode: number | null;
  /** Offset of the header-CRC field (extension 0x00) in the header bytes. */
  headerCrcAt: number;
}

function baseFields(b: Uint8Array, nameLength: number): Fields {
  const level = b[20] as number;
  const stamp = le32(b, 15);
  return {
    method: String.fromCharCode(b[3] as number, b[4] as number, b[5] as number),
    packedSize: le32(b, 7),
    originalSize: le32(b, 11),
    crc: level >= 2 ? le16(b, 21) : 0,
    mtime: level >= 2 ? new Date(stamp * 1000) : dosTime(stamp),
    name: nameLength >= 0 ? b.subarray(22, 22 + nameLength) : null,
    folder: null,
    utf16Name: null,
    utf16Folder: null,
    mode: null,
    headerCrcAt: -1,
  };
}

function level0Fields(b: Uint8Array, nameLength: number): Fields {
  const fields = baseFields(b, nameLength);
  fields.crc = le16(b, 22 + nameLength);
  // LHa for UNIX's extension: 'U', a version byte, mtime (4), mode (2), uid, gid.
  const at = 24 + nameLength;
  if (b[at] === 0x55 && b.length >= at + 8) fields.mode = le16(b, at + 6);
  return fields;
}

/** Walks the extension records from `at`; `size` is the first one's, `sizeBytes` 2 or 4. */
function parseExtensions(b: Uint8Array, at: number, size: number, sizeBytes: number, fields: Fields): void {
  while (size > 0) {
    if (size < 1 + sizeBytes || at + size > b.length) throw new LzhError('corrupt', 'Bad LHA extension record.');
    const data = b.subarray(at + 1, at + size - sizeBytes);
    switch (b[at]) {
      case 0x00:
        if (data.length >= 2) fields.headerCrcAt = at + 1;
        break;
      case 0x01:
        fields.name = data;
        break;
      case 0x02:
        fields.folder = data;
        break;
      case 0x42: // 64-bit sizes
        if (data.length >= 16) {
          fields.packedSize = le32(data, 0) + le32(data, 4) * 2 ** 32;
          fields.originalSize = le32(data, 8) + le32(data, 12) * 2 ** 32;
        }
        break;
      case 0x44:
        fields.utf16Name = decodeUtf16Name(data);
        break;
      case 0x45:
        fields.utf16Folder = decodeUtf16Name(data);
        break;
      case 0x50:
        if (data.length >= 2) fields.mode = le16(data, 0);
        break;
      case 0x54:
        if (data.length >= 4) fields.mtime = new Date(le32(data, 0) * 1000);
        break;
    }
    const end = at + size;
    size = sizeBytes === 2 ? le16(b, end - 2) : le32(b, end - 4);
    at = end;
  }
}

function finish(all: Uint8Array, fields: Fields, length: number): LzhHeader {
  if (fields.headerCrcAt >= 0) {
    const stored = le16(all, fields.headerCrcAt);
    const copy = all.slice(0, length);
    copy[fields.headerCrcAt] = 0;
    copy[fields.headerCrcAt + 1] = 0;
    if (crc16(0, copy) !== stored) throw new LzhError('corrupt', 'LHA header CRC mismatch.');
  }
  // The byte-coded name (what LHA and the reference expectations use); UTF-16 only without one.
  const name = fields.name ? decodeLzhName(fields.name) : (fields.utf16Name ?? '');
  const folder = fields.folder ? decodeLzhName(fields.folder) : (fields.utf16Folder ?? '');
  let path = joinLzhPath(folder, name);
  let kind: LzhHeader['kind'] = fields.method === 'lhd' ? 'dir' : 'file';
  let linkName = '';
  const bar = path.indexOf('|');
  // UNIX writers store a symlink as "name|target" with the link mode; a name with a bar and
  // no mode at all is read the same way, as LHa for UNIX does.
  if (bar >= 0 && (fields.mode === null || (fields.mode & S_IFMT) === S_IFLNK)) {
    linkName = path.slice(bar + 1);
    path = path.slice(0, bar);
    kind = 'symlink';
  }
  if (path.replace(/\/+$/, '') === '') kind = 'other';
  const rawName = kind === 'symlink' ? null : rawNameOf(fields);
  return {
    ...(rawName && { rawName }),
    method: fields.method,
    packedSize: fields.packedSize,
    originalSize: fields.originalSize,
    name: path,
    kind,
    linkName,
    mtime: fields.mtime,
    mode: fields.mode,
    crc: fields.crc,
  };
}

/**
 * The byte-coded folder and name joined by `/` (0xFF, the extensions' separator, too), kept for
 * reading in another code page (docs/decisions/034-names-in-any-encoding.md). A `\` stays: the
 * chosen code page decides whether it is a separator or the trail byte of a character.
 */
function rawNameOf(fields: Fields): Uint8Array | null {
  if (!fields.name) return null;
  const folder = fields.folder ?? new Uint8Array(0);
  if (folder.every((byte) => byte < 0x80) && fields.name.every((byte) => byte < 0x80)) return null;
  const joined = new Uint8Array(folder.length + (folder.length > 0 ? 1 : 0) + fields.name.length);
  joined.set(folder);
  if (folder.length > 0) joined[folder.length] = 0x2f;
  joined.set(fields.name, joined.length - fields.name.length);
  return joined.map((byte) => (byte === 0xff ? 0x2f : byte));
}

async function take(source: ByteSource, length: number): Promise<Uint8Array> {
  const bytes = await source.take(length);
  if (bytes.length < length) throw new LzhError('truncated', 'The archive ends inside a header.');
  return bytes;
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

function dosTime(stamp: number): Date | null {
  const date = new Date(
    Date.UTC(
      1980 + (stamp >>> 25),
      ((stamp >>> 21) & 15) - 1,
      (stamp >>> 16) & 31,
      (stamp >>> 11) & 31,
      (stamp >>> 5) & 63,
      (stamp & 31) * 2,
    ),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}
