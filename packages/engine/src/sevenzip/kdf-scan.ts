import type { ArchiveSource } from '../core/types.js';

const SIGNATURE = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
const AES_CODER_ID = [0x06, 0xf1, 0x07, 0x01];
const MAX_HEADER_SCAN = 1 << 20;

/**
 * Reads the 7zAES key-derivation exponent from a 7z's end header without 7-Zip, because with
 * encrypted headers 7-Zip would run the (possibly 2^40-round) derivation before listing anything.
 * The header is scanned for the AES coder record: id 06F10701, props size, then a byte whose low
 * six bits are NumCyclesPower. An encoded header (0x17) that names an AES coder is encrypted.
 */
export interface SevenZipHeaderScan {
  /** The highest NumCyclesPower of an AES coder seen in the end header. */
  kdfCycles: number | null;
  /** The end header itself is AES-encrypted (names are hidden without the password). */
  headerEncrypted: boolean;
}

const K_ENCODED_HEADER = 0x17;

/**
 * `head` is the archive's first bytes when the caller has read them already: the end header of a
 * small archive lies within them, and the signature header always does.
 */
export async function scanSevenZipHeader(source: ArchiveSource, head?: Uint8Array): Promise<SevenZipHeaderScan> {
  const none = { kdfCycles: null, headerEncrypted: false };
  if (source.size < 32) return none;
  const start = head && head.length >= 32 ? head : await source.read(0, 32);
  if (!SIGNATURE.every((b, i) => start[i] === b)) return none;
  const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
  const offset = Number(view.getBigUint64(12, true));
  const size = Number(view.getBigUint64(20, true));
  const headerStart = 32 + offset;
  if (!Number.isSafeInteger(headerStart) || size <= 0 || headerStart >= source.size) return none;
  const length = Math.min(size, MAX_HEADER_SCAN, source.size - headerStart);
  const header =
    headerStart + length <= start.length
      ? start.subarray(headerStart, headerStart + length)
      : await source.read(headerStart, length);
  let highest: number | null = null;
  for (let i = 0; i + AES_CODER_ID.length + 2 < header.length; i += 1) {
    if (AES_CODER_ID.every((b, k) => header[i + k] === b)) {
      const propsSize = header[i + 4] ?? 0;
      const first = header[i + 5];
      if (propsSize > 0 && first !== undefined) highest = Math.max(highest ?? 0, first & 0x3f);
    }
  }
  return { kdfCycles: highest, headerEncrypted: highest !== null && header[0] === K_ENCODED_HEADER };
}
