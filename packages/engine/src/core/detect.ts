/**
 * Format detection by content (magic bytes), never by extension or MIME type. The result picks a
 * fast path (zip, tar.gz) and names the format; anything unrecognised is still offered to 7-Zip,
 * which knows more signatures than this list.
 */
export type DetectedFormat =
  | 'zip'
  | '7z'
  | 'rar'
  | 'rar5'
  | 'gz'
  | 'bz2'
  | 'xz'
  | 'zst'
  | 'lz'
  | 'lz4'
  | 'Z'
  | 'tar'
  | 'cab'
  | 'iso'
  | 'lzh'
  | 'arj'
  | 'cpio'
  | 'deb'
  | 'ar'
  | 'rpm'
  | 'wim'
  | 'xar'
  | 'exe';

/** How many leading bytes `detectFormat` wants (ISO's descriptor sits at 32 KiB). */
export const DETECT_HEAD_BYTES = 0x8006;

interface Signature {
  format: DetectedFormat;
  offset: number;
  bytes: readonly number[];
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

// Order matters where one signature is a prefix of another (rar5 before rar, deb before ar).
const SIGNATURES: readonly Signature[] = [
  { format: '7z', offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { format: 'rar5', offset: 0, bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00] },
  { format: 'rar', offset: 0, bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00] },
  { format: 'rar', offset: 0, bytes: [0x52, 0x45, 0x7e, 0x5e] },
  { format: 'zip', offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { format: 'zip', offset: 0, bytes: [0x50, 0x4b, 0x05, 0x06] },
  { format: 'zip', offset: 0, bytes: [0x50, 0x4b, 0x07, 0x08] },
  { format: 'gz', offset: 0, bytes: [0x1f, 0x8b] },
  { format: 'Z', offset: 0, bytes: [0x1f, 0x9d] },
  { format: 'bz2', offset: 0, bytes: ascii('BZh') },
  { format: 'xz', offset: 0, bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { format: 'zst', offset: 0, bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { format: 'lz', offset: 0, bytes: ascii('LZIP') },
  { format: 'lz4', offset: 0, bytes: [0x04, 0x22, 0x4d, 0x18] },
  { format: 'lz4', offset: 0, bytes: [0x02, 0x21, 0x4c, 0x18] },
  { format: 'cab', offset: 0, bytes: ascii('MSCF') },
  { format: 'wim', offset: 0, bytes: ascii('MSWIM\0\0\0') },
  { format: 'xar', offset: 0, bytes: ascii('xar!') },
  { format: 'rpm', offset: 0, bytes: [0xed, 0xab, 0xee, 0xdb] },
  { format: 'deb', offset: 0, bytes: ascii('!<arch>\ndebian') },
  { format: 'ar', offset: 0, bytes: ascii('!<arch>\n') },
  { format: 'cpio', offset: 0, bytes: ascii('07070') },
  { format: 'cpio', offset: 0, bytes: [0xc7, 0x71] },
  { format: 'cpio', offset: 0, bytes: [0x71, 0xc7] },
  { format: 'arj', offset: 0, bytes: [0x60, 0xea] },
  { format: 'tar', offset: 257, bytes: ascii('ustar') },
  { format: 'iso', offset: 0x8001, bytes: ascii('CD001') },
  { format: 'iso', offset: 0x8001, bytes: ascii('BEA01') },
  { format: 'exe', offset: 0, bytes: ascii('MZ') },
];

export function detectFormat(head: Uint8Array): DetectedFormat | null {
  for (const signature of SIGNATURES) {
    if (matchesAt(head, signature.offset, signature.bytes)) return signature.format;
  }
  if (isLzh(head)) return 'lzh';
  if (isOldTarHeader(head)) return 'tar';
  return null;
}

function matchesAt(head: Uint8Array, offset: number, bytes: readonly number[]): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => head[offset + i] === byte);
}

/** LHA: "-lh?-" or "-lz?-" at offset 2 of the first header. */
function isLzh(head: Uint8Array): boolean {
  if (head.length < 7) return false;
  const id = String.fromCharCode(...head.subarray(2, 7));
  return /^-(lh[0-9a-z]|lz[s45])-$/.test(id);
}

/** Pre-POSIX tar has no magic: accept a 512-byte header whose checksum field is right. */
function isOldTarHeader(head: Uint8Array): boolean {
  if (head.length < 512) return false;
  const stored = Number.parseInt(String.fromCharCode(...head.subarray(148, 156)).replace(/[\0 ]/g, ''), 8);
  if (!Number.isFinite(stored)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (head[i] ?? 0);
  return sum === stored && head[0] !== 0;
}
