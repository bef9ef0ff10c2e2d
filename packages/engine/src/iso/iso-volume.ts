import { corrupt, IsoFallback, u16le, u32le, type IsoImage } from './iso-image.js';

/** One directory record (ECMA-119 9.1), as far as this reader needs it. */
export interface DirRecord {
  /** Bytes the record takes in its directory. */
  length: number;
  /** First logical block of the content. */
  extent: number;
  dataLength: number;
  flags: number;
  /** The raw file identifier (0x00 is ".", 0x01 is ".."). */
  name: Uint8Array;
  /** The system use area, where SUSP / Rock Ridge entries live. */
  systemUse: Uint8Array;
  recorded: Date | null;
}

export const FLAG_DIRECTORY = 0x02;
export const FLAG_MULTI_EXTENT = 0x80;

/** The trees an image offers: the primary one (plain names, maybe Rock Ridge) and Joliet's. */
export interface Volume {
  blockSize: number;
  root: DirRecord;
  jolietRoot: DirRecord | null;
}

const SECTOR = 2048;
const FIRST_DESCRIPTOR = 16;
/** Real images have a handful; a long run without a terminator is not worth reading on. */
const MAX_DESCRIPTORS = 64;
const MAGIC = 'CD001';

/** Reads the volume descriptors from sector 16 on; an image without a primary one is not ours. */
export async function readVolume(image: IsoImage): Promise<Volume> {
  let primary: Uint8Array | null = null;
  let joliet: Uint8Array | null = null;
  for (let index = 0; index < MAX_DESCRIPTORS; index += 1) {
    const offset = (FIRST_DESCRIPTOR + index) * SECTOR;
    if (offset + SECTOR > image.size) break;
    const sector = await image.read(offset, SECTOR, 'volume descriptor');
    if (ascii(sector, 1, 5) !== MAGIC) break; // UDF and others use other identifiers
    const type = sector[0];
    if (type === 255) break;
    if (type === 1 && !primary) primary = sector;
    if (type === 2 && !joliet && isJoliet(sector)) joliet = sector;
  }
  if (!primary) throw new IsoFallback('The image has no ISO 9660 primary volume descriptor.');
  const blockSize = u16le(primary, 128);
  // 2048 is all but universal; other sizes are legal but too rare to trust here.
  if (blockSize !== SECTOR) throw new IsoFallback(`Unsupported logical block size ${blockSize}.`);
  return { blockSize, root: rootOf(primary), jolietRoot: joliet ? rootOf(joliet) : null };
}

/** Joliet marks its supplementary descriptor with a UCS-2 escape sequence (levels 1 to 3). */
function isJoliet(sector: Uint8Array): boolean {
  return sector[88] === 0x25 && sector[89] === 0x2f && [0x40, 0x43, 0x45].includes(sector[90] ?? 0);
}

function rootOf(descriptor: Uint8Array): DirRecord {
  const root = parseRecord(descriptor, 156, descriptor.length);
  if (!root || !(root.flags & FLAG_DIRECTORY)) throw corrupt('the root directory record is invalid');
  return root;
}

/**
 * The record at `at`, or null for the zero padding at the end of a sector. Every length is
 * checked against the record and the record against its directory (`end`).
 */
export function parseRecord(bytes: Uint8Array, at: number, end: number): DirRecord | null {
  const length = bytes[at] ?? 0;
  if (length === 0) return null;
  const nameLength = bytes[at + 32] ?? 0;
  if (length < 34 || at + length > end || 33 + nameLength > length) throw corrupt('a directory record is malformed');
  const nameEnd = at + 33 + nameLength;
  const systemStart = nameEnd + (nameLength % 2 === 0 ? 1 : 0);
  return {
    length,
    extent: u32le(bytes, at + 2),
    dataLength: u32le(bytes, at + 10),
    flags: bytes[at + 25] ?? 0,
    name: bytes.subarray(at + 33, nameEnd),
    systemUse: bytes.subarray(Math.min(systemStart, at + length), at + length),
    recorded: recordedDate(bytes, at + 18),
  };
}

/** The 7-byte recording date: years since 1900, month, day, time, offset from GMT in 15 minutes. */
function recordedDate(b: Uint8Array, at: number): Date | null {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, zone = 0] = b.subarray(at, at + 7);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const offset = (zone << 24) >> 24; // signed
  const date = new Date(Date.UTC(1900 + year, month - 1, day, hour, minute, second) - offset * 15 * 60_000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The records of one directory, "." and ".." included; records never cross a sector boundary. */
export function* recordsOf(bytes: Uint8Array): Generator<DirRecord> {
  let at = 0;
  while (at < bytes.length) {
    const record = parseRecord(bytes, at, Math.min(bytes.length, (Math.floor(at / SECTOR) + 1) * SECTOR));
    if (!record) {
      at = (Math.floor(at / SECTOR) + 1) * SECTOR; // padding: the next record starts a new sector
      continue;
    }
    yield record;
    at += record.length;
  }
}

/** "." and ".." are single bytes 0 and 1; every directory starts with them. */
export function isSelfOrParent(record: DirRecord): boolean {
  return record.name.length === 1 && (record.name[0] === 0 || record.name[0] === 1);
}

function ascii(b: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...b.subarray(at, at + length));
}

/** The first record of a directory (its "." record), or null when there is none. */
export function firstRecord(bytes: Uint8Array): DirRecord | null {
  for (const record of recordsOf(bytes)) return record;
  return null;
}
