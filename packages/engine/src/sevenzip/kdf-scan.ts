import type { ArchiveSource } from '../core/types.js';

const SIGNATURE = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
const AES_CODER_ID = [0x06, 0xf1, 0x07, 0x01];
const MAX_HEADER_SCAN = 1 << 20;

/**
 * Reads the 7zAES key-derivation exponent from a 7z's end header without 7-Zip, because with
 * encrypted headers 7-Zip would run the (possibly 2^40-round) derivation before listing anything.
 * The header is scanned for the AES coder record: id 06F10701, props size, then a byte whose low
 * six bits are NumCyclesPower. Returns null when no AES coder is visible.
 */
export async function scanSevenZipKdfCycles(source: ArchiveSource): Promise<number | null> {
  if (source.size < 32) return null;
  const start = await source.read(0, 32);
  if (!SIGNATURE.every((b, i) => start[i] === b)) return null;
  const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
  const offset = Number(view.getBigUint64(12, true));
  const size = Number(view.getBigUint64(20, true));
  const headerStart = 32 + offset;
  if (!Number.isSafeInteger(headerStart) || size <= 0 || headerStart >= source.size) return null;
  const header = await source.read(headerStart, Math.min(size, MAX_HEADER_SCAN, source.size - headerStart));
  let highest: number | null = null;
  for (let i = 0; i + AES_CODER_ID.length + 2 < header.length; i += 1) {
    if (AES_CODER_ID.every((b, k) => header[i + k] === b)) {
      const propsSize = header[i + 4] ?? 0;
      const first = header[i + 5];
      if (propsSize > 0 && first !== undefined) highest = Math.max(highest ?? 0, first & 0x3f);
    }
  }
  return highest;
}
