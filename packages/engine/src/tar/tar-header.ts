/**
 * One 512-byte tar header block, in any of the common dialects: v7 (no magic), POSIX ustar
 * (`ustar\0`, with a name prefix), star (`tar\0` at 508, shorter prefix) and GNU (`ustar  \0`,
 * no prefix, old sparse map). Numbers are octal or GNU base-256; names are bytes decoded as
 * UTF-8 with U+FFFD for what is not valid, as the corpus expectations (native tools) have them.
 */

export const BLOCK = 512;

/** The kinds of failure a tar can have; `not-tar` only for the very first header. */
export class TarError extends Error {
  constructor(
    readonly kind: 'not-tar' | 'corrupt' | 'truncated',
    message: string,
  ) {
    super(message);
    this.name = 'TarError';
  }
}

/** A run of stored bytes inside a sparse file. */
export interface Segment {
  offset: number;
  length: number;
}

export interface RawHeader {
  name: string;
  linkName: string;
  /** The raw typeflag byte as a character ('\0' for old regular files). */
  typeflag: string;
  /** The size field: how many bytes of body follow (for most types). */
  size: number;
  /** Seconds since the epoch, or null when the field is unreadable. */
  mtime: number | null;
  /** Permission bits (and file type bits, for some writers), or null when the field is unreadable. */
  mode: number | null;
  /** GNU old sparse ('S'): the map in the header, whether extension blocks follow, the real size. */
  oldSparse: { segments: Segment[]; extended: boolean; realSize: number } | null;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Names up to this long that are plain ASCII are turned into a string without TextDecoder. */
const ASCII_FAST_MAX = 256;

/**
 * Bytes up to the first NUL, decoded (invalid sequences become U+FFFD). Nearly every name is
 * ASCII, and a TextDecoder call costs ~20 µs in a fresh browser worker: three per header were
 * ~3% of a 300-file tar.gz extraction there.
 */
export function decodeName(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  const name = end < 0 ? bytes : bytes.subarray(0, end);
  if (name.length <= ASCII_FAST_MAX && name.every((byte) => byte < 0x80)) return String.fromCharCode(...name);
  return utf8.decode(name);
}

export function decodeText(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

export function isZeroBlock(block: Uint8Array): boolean {
  for (let i = 0; i < block.length; i += 1) if (block[i] !== 0) return false;
  return true;
}

/**
 * An octal or base-256 number field: null when too big to be exact. Octal digits may follow
 * spaces and end at anything else, the rest ignored: a field starting with NUL is 0, as in
 * libarchive (and the native tools agree on the corpus).
 */
export function readNumber(block: Uint8Array, at: number, length: number): number | null {
  const first = block[at] ?? 0;
  if (first & 0x80) return readBase256(block, at, length);
  let i = at;
  const end = at + length;
  while (i < end && block[i] === 0x20) i += 1;
  let value = 0;
  for (; i < end; i += 1) {
    const byte = block[i] ?? 0;
    if (byte < 0x30 || byte > 0x37) break;
    value = value * 8 + (byte - 0x30);
  }
  return Number.isSafeInteger(value) ? value : null;
}

/** GNU base-256: the first byte's top bit set; 0xff… is a negative number (two's complement). */
function readBase256(block: Uint8Array, at: number, length: number): number | null {
  const negative = ((block[at] ?? 0) & 0x40) !== 0;
  let value = 0;
  for (let i = 0; i < length; i += 1) {
    let byte = block[at + i] ?? 0;
    if (i === 0) byte &= 0x7f;
    if (negative) byte = ~byte & (i === 0 ? 0x7f : 0xff);
    value = value * 256 + byte;
  }
  if (!Number.isSafeInteger(value)) return null;
  return negative ? -(value + 1) : value;
}

/** GNU tar accepts a header whose stored sum matches either the unsigned or the signed byte sum. */
export function checksumMatches(block: Uint8Array): boolean {
  const stored = readNumber(block, 148, 8);
  if (stored === null) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i += 1) {
    const byte = i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
    unsigned += byte;
    signed += byte >= 0x80 ? byte - 0x100 : byte;
  }
  return stored === unsigned || stored === signed;
}

function matches(block: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (block[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Parses a header block, or returns null if it is not one (bad checksum, unreadable size). */
export function parseHeader(block: Uint8Array): RawHeader | null {
  if (block.length < BLOCK || !checksumMatches(block)) return null;
  const size = readNumber(block, 124, 12);
  if (size === null || size < 0) return null;
  const typeflag = String.fromCharCode(block[156] ?? 0);
  const gnu = matches(block, 257, 'ustar  \0');
  let name = decodeName(block.subarray(0, 100));
  if (!gnu && matches(block, 257, 'ustar\0')) {
    // star ("tar\0" at 508) keeps times after a shorter prefix.
    const prefixLength = matches(block, 508, 'tar\0') ? 131 : 155;
    const prefix = decodeName(block.subarray(345, 345 + prefixLength));
    if (prefix !== '') name = `${prefix}/${name}`;
  }
  return {
    name,
    linkName: decodeName(block.subarray(157, 257)),
    typeflag,
    size,
    mtime: readNumber(block, 136, 12),
    mode: readNumber(block, 100, 8),
    oldSparse: typeflag === 'S' ? oldSparseMap(block) : null,
  };
}

function oldSparseMap(block: Uint8Array): RawHeader['oldSparse'] {
  const segments = readSegments(block, 386, 4);
  const realSize = readNumber(block, 483, 12);
  if (segments === null || realSize === null) return null;
  return { segments, extended: block[482] !== 0, realSize };
}

/**
 * Up to `count` (offset, length) pairs of 12-byte numbers from `at`; an empty pair ends the list.
 * Null when a pair is unreadable.
 */
export function readSegments(block: Uint8Array, at: number, count: number): Segment[] | null {
  const segments: Segment[] = [];
  for (let i = 0; i < count; i += 1) {
    const base = at + i * 24;
    if (block[base] === 0) break;
    const offset = readNumber(block, base, 12);
    const length = readNumber(block, base + 12, 12);
    if (offset === null || length === null || offset < 0 || length < 0) return null;
    segments.push({ offset, length });
  }
  return segments;
}

/** What an extended (PAX) header says: the last value of each keyword, and GNU 0.0 sparse pairs in order. */
export interface PaxRecords {
  values: Map<string, string>;
  sparseOffsets: number[];
  sparseLengths: number[];
}

export function emptyPax(): PaxRecords {
  return { values: new Map(), sparseOffsets: [], sparseLengths: [] };
}

/**
 * Parses "<length> <keyword>=<value>\n" records. A malformed record ends the parse and keeps
 * what came before, as GNU tar and libarchive do (they warn and carry on).
 */
export function parsePax(bytes: Uint8Array, into: PaxRecords = emptyPax()): PaxRecords {
  let at = 0;
  while (at < bytes.length && bytes[at] !== 0) {
    const space = bytes.indexOf(0x20, at);
    if (space < 0 || space - at > 20) break;
    const length = decimal(decodeText(bytes.subarray(at, space)));
    if (!Number.isSafeInteger(length) || length <= space - at || at + length > bytes.length) break;
    const record = bytes.subarray(space + 1, Math.min(bytes.length, at + length));
    const equals = record.indexOf(0x3d);
    if (equals < 0) break;
    const key = decodeText(record.subarray(0, equals));
    const value = decodeText(record.subarray(equals + 1, record[record.length - 1] === 0x0a ? -1 : undefined));
    if (key === 'GNU.sparse.offset') into.sparseOffsets.push(decimal(value));
    else if (key === 'GNU.sparse.numbytes') into.sparseLengths.push(decimal(value));
    else if (value === '') into.values.delete(key);
    else into.values.set(key, value);
    at += length;
  }
  return into;
}

/** Plain decimal digits as a number; NaN for anything else (no sign, hex or blanks). */
export function decimal(text: string): number {
  return /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
}

/** A non-negative integer keyword value (PAX sizes are decimal), or null. */
export function paxInteger(value: string | undefined): number | null {
  const number = value === undefined ? Number.NaN : decimal(value.trim());
  return Number.isSafeInteger(number) ? number : null;
}
