import { createHash } from 'node:crypto';
import { createXXHash32 } from 'hash-wasm';

/**
 * Checksums recomputed after mutation, so that damage reaches past the first check of a format
 * (a tar header's checksum, an LHA header's sum, an LZ4 frame's header byte, a XAR table of
 * contents' digest) into the fields behind it. Applied to half of the mutated inputs: the other
 * half keeps testing the checks themselves.
 */

const xxh = await createXXHash32(0);
const xxh32 = (data: Uint8Array) => parseInt(xxh.init().update(data).digest('hex'), 16) >>> 0;

/** Every 512-byte block that says it is a ustar or GNU header gets its checksum recomputed. */
export function fixTarChecksums(bytes: Uint8Array): Uint8Array {
  for (let at = 0; at + 512 <= bytes.length; at += 512) {
    const magic = String.fromCharCode(...bytes.subarray(at + 257, at + 262));
    if (magic !== 'ustar') continue;
    let sum = 0;
    for (let i = 0; i < 512; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (bytes[at + i] as number);
    const text = `${sum.toString(8).padStart(6, '0')}\0 `;
    for (let i = 0; i < 8; i += 1) bytes[at + 148 + i] = text.charCodeAt(i);
  }
  return bytes;
}

/** The first LHA header's sum (levels 0 and 1: byte 1 is the sum of the header's bytes after it). */
export function fixLzhHeaderSum(bytes: Uint8Array): Uint8Array {
  const level = bytes[20];
  const total = (bytes[0] ?? 0) + 2;
  if ((level === 0 || level === 1) && total >= 24 && total <= bytes.length) {
    let sum = 0;
    for (let i = 2; i < total; i += 1) sum += bytes[i] as number;
    bytes[1] = sum & 0xff;
  }
  return bytes;
}

/** The first LZ4 frame's header checksum (the second byte of xxh32 over the descriptor). */
export function fixLz4HeaderChecksum(bytes: Uint8Array): Uint8Array {
  const magic = ((bytes[0] ?? 0) | ((bytes[1] ?? 0) << 8) | ((bytes[2] ?? 0) << 16) | ((bytes[3] ?? 0) << 24)) >>> 0;
  if (magic !== 0x184d2204 || bytes.length < 7) return bytes;
  const flags = bytes[4] as number;
  const length = 2 + (flags & 0x08 ? 8 : 0) + (flags & 0x01 ? 4 : 0);
  if (4 + length >= bytes.length) return bytes;
  bytes[4 + length] = (xxh32(bytes.subarray(4, 4 + length)) >>> 8) & 0xff;
  return bytes;
}

/** The XAR table of contents' digest, where writers put it: at the start of the heap. */
export function fixXarChecksum(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 28 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'xar!') return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = view.getUint16(4);
  const tocLength = Number(view.getBigUint64(8));
  const algorithm = view.getUint32(24);
  const digest = algorithm === 1 ? 'sha1' : algorithm === 2 ? 'md5' : null;
  const heap = headerSize + tocLength;
  if (!digest || heap > bytes.length) return bytes;
  const sum = createHash(digest).update(bytes.subarray(headerSize, heap)).digest();
  bytes.set(sum.subarray(0, Math.max(0, bytes.length - heap)), heap);
  return bytes;
}
