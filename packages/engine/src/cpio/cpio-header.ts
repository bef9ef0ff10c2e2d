/**
 * cpio headers in the dialects still met: SVR4 "newc" (070701) and its checksummed twin "crc"
 * (070702), POSIX "odc" (070707), afio's large ASCII header (070727), and the old binary header
 * in either byte order. Names are bytes decoded as UTF-8 with U+FFFD for what is not valid, as
 * the corpus expectations (native tools on Linux) have them.
 */

export type CpioFormat = 'newc' | 'crc' | 'odc' | 'afio' | 'bin-le' | 'bin-be';

/** The kinds of failure a cpio can have; `not-cpio` only for the very first header. */
export class CpioError extends Error {
  constructor(
    readonly kind: 'not-cpio' | 'corrupt' | 'truncated',
    message: string,
  ) {
    super(message);
    this.name = 'CpioError';
  }
}

export interface CpioHeader {
  format: CpioFormat;
  mode: number;
  nlink: number;
  /** Device and inode: entries sharing it (and nlink > 1) are hard links of one file. */
  inode: string;
  /** Seconds since the epoch. */
  mtime: number;
  /** Bytes of the name field, its terminating NUL included. */
  nameSize: number;
  fileSize: number;
  /** The crc format's sum of the content bytes (0 elsewhere). */
  check: number;
}

/** Bytes of the fixed part of each header. */
export const HEADER_BYTES: Record<CpioFormat, number> = { newc: 110, crc: 110, odc: 76, afio: 116, 'bin-le': 26, 'bin-be': 26 };
/** Enough to tell every format apart. */
export const MAGIC_BYTES = 6;

const TEXT_MAGICS: Record<string, CpioFormat> = { '070701': 'newc', '070702': 'crc', '070707': 'odc', '070727': 'afio' };

/** The format whose magic starts `head`, or null. */
export function formatOf(head: Uint8Array): CpioFormat | null {
  // 070707 octal is 0x71c7: the binary header stores it as a 16-bit word in the writer's byte order.
  if (head[0] === 0xc7 && head[1] === 0x71) return 'bin-le';
  if (head[0] === 0x71 && head[1] === 0xc7) return 'bin-be';
  if (head.length < MAGIC_BYTES) return null;
  return TEXT_MAGICS[String.fromCharCode(...head.subarray(0, MAGIC_BYTES))] ?? null;
}

/** Reads the fixed part of a header (`bytes` holds exactly HEADER_BYTES[format]). */
export function parseHeader(format: CpioFormat, bytes: Uint8Array): CpioHeader {
  const field = new Field(bytes);
  switch (format) {
    case 'newc':
    case 'crc': {
      // Thirteen 8-digit hex fields after the magic: ino mode uid gid nlink mtime filesize devmajor devminor rdevmajor rdevminor namesize check.
      const hex = (index: number) => field.number(6 + index * 8, 8, 16);
      const [ino, mode, nlink, mtime, fileSize, devMajor, devMinor, nameSize, check] = [0, 1, 4, 5, 6, 7, 8, 11, 12].map(hex) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return { format, mode, nlink, inode: `${devMajor}:${devMinor}:${ino}`, mtime, nameSize, fileSize, check };
    }
    case 'odc':
      // Octal: dev ino mode uid gid nlink rdev (6 digits each), mtime (11), namesize (6), filesize (11).
      return {
        format,
        mode: field.number(18, 6, 8),
        nlink: field.number(36, 6, 8),
        inode: `${field.number(6, 6, 8)}:${field.number(12, 6, 8)}`,
        mtime: field.number(48, 11, 8),
        nameSize: field.number(59, 6, 8),
        fileSize: field.number(65, 11, 8),
        check: 0,
      };
    case 'afio':
      // Separators 'm', 'n', 's' and ':' sit at fixed places; libarchive does not check them either.
      return {
        format,
        mode: field.number(31, 6, 8),
        nlink: field.number(53, 8, 16),
        inode: `${field.number(6, 8, 16)}:${field.number(14, 16, 16)}`,
        mtime: field.number(69, 16, 16),
        nameSize: field.number(86, 4, 16),
        fileSize: field.number(99, 16, 16),
        check: 0,
      };
    default: {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const little = format === 'bin-le';
      const word = (index: number) => view.getUint16(index * 2, little);
      // 32-bit values are two words, the most significant first, whatever the byte order.
      const long = (index: number) => word(index) * 0x10000 + word(index + 1);
      return {
        format,
        mode: word(3),
        nlink: word(6),
        inode: `${word(1)}:${word(2)}`,
        mtime: long(8),
        nameSize: word(10),
        fileSize: long(11),
        check: 0,
      };
    }
  }
}

/** Bytes of padding after the name, so that the content starts where the format aligns it. */
export function namePadding(format: CpioFormat, nameSize: number): number {
  if (format === 'newc' || format === 'crc') return pad(HEADER_BYTES[format] + nameSize, 4);
  if (format === 'bin-le' || format === 'bin-be') return pad(HEADER_BYTES[format] + nameSize, 2);
  return 0;
}

/** Bytes of padding after the content, before the next header. */
export function dataPadding(format: CpioFormat, fileSize: number): number {
  if (format === 'newc' || format === 'crc') return pad(fileSize, 4);
  if (format === 'bin-le' || format === 'bin-be') return pad(fileSize, 2);
  return 0;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The stored name up to its NUL (some writers leave the NUL out, or pad with more). */
export function decodeName(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return utf8.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

export const S_IFMT = 0o170000;
export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;
export const S_IFLNK = 0o120000;

function pad(length: number, unit: number): number {
  return (unit - (length % unit)) % unit;
}

/** Fixed-width ASCII numbers: anything but digits of the base is damage, not zero. */
class Field {
  constructor(private readonly bytes: Uint8Array) {}

  number(offset: number, width: number, base: 8 | 16): number {
    const text = String.fromCharCode(...this.bytes.subarray(offset, offset + width));
    const valid = base === 16 ? /^[0-9a-fA-F]+$/ : /^[0-7]+$/;
    if (!valid.test(text)) throw new CpioError('corrupt', `A cpio header field holds ${JSON.stringify(text)}, not a number.`);
    const value = Number.parseInt(text, base);
    if (!Number.isSafeInteger(value)) throw new CpioError('corrupt', 'A cpio header field is too large.');
    return value;
  }
}
