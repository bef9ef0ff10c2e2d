import type { ArchiveSource } from '../core/types.js';
import { sizeOf } from './decoder-memory.js';

/**
 * A chunk of an LZMA2 stream that resets the dictionary: a decoder that starts there needs
 * nothing before it (docs/decisions/043-sevenzip-cut-inside-a-block.md). Offsets from the
 * stream's start.
 */
export interface Lzma2Reset {
  packed: number;
  unpacked: number;
}

/** Chunk headers are read through windows this large (a chunk holds at most 64 KiB packed). */
const WINDOW_BYTES = 1024 * 1024;

/**
 * The dictionary resets of the LZMA2 stream of `packedSize` bytes at `start` in `source`, found
 * by walking its chunk headers (each names its sizes) up to the first reset at or past `until`
 * unpacked bytes, or to the stream's end. Null where the bytes are not an LZMA2 stream that
 * starts with a reset and stays within `packedSize` and `unpackedSize`: no cut is made there.
 * Reads at most what lies before that reset, once, in order.
 */
export async function lzma2Resets(
  source: ArchiveSource,
  start: number,
  packedSize: number,
  unpackedSize: number,
  until: number,
): Promise<Lzma2Reset[] | null> {
  const end = start + packedSize;
  if (end > source.size) return null;
  let window: Uint8Array = new Uint8Array(0);
  let windowAt = start;
  const byteAt = async (at: number): Promise<number | undefined> => {
    if (at >= end) return undefined;
    if (at < windowAt || at >= windowAt + window.length) {
      window = await source.read(at, Math.min(WINDOW_BYTES, end - at));
      windowAt = at;
    }
    return window[at - windowAt];
  };
  const resets: Lzma2Reset[] = [];
  let at = start;
  let unpacked = 0;
  for (;;) {
    const control = await byteAt(at);
    if (control === undefined) return null;
    if (control === 0x00) return at + 1 === end && unpacked === unpackedSize ? resets : null;
    const header = [];
    const headerBytes = control >= 0x80 ? (control >= 0xc0 ? 6 : 5) : 3;
    for (let i = 1; i < headerBytes; i += 1) header.push(await byteAt(at + i));
    if (header.some((byte) => byte === undefined)) return null;
    const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = header as number[];
    let chunkUnpacked: number;
    let chunkPacked: number;
    if (control >= 0x80) {
      chunkUnpacked = (control & 0x1f) * 0x10000 + b1 * 0x100 + b2 + 1;
      chunkPacked = b3 * 0x100 + b4 + 1;
    } else if (control === 0x01 || control === 0x02) {
      chunkUnpacked = b1 * 0x100 + b2 + 1;
      chunkPacked = chunkUnpacked;
    } else return null;
    const resetsDictionary = control === 0x01 || control >= 0xe0;
    // The stream must start with a reset; a decoder could not begin it otherwise.
    if (at === start && !resetsDictionary) return null;
    if (resetsDictionary) {
      resets.push({ packed: at - start, unpacked });
      if (unpacked >= until) return resets;
    }
    at += headerBytes + chunkPacked;
    unpacked += chunkUnpacked;
    if (unpacked > unpackedSize) return null;
  }
}

/**
 * The LZMA2 property byte for a dictionary of at least `bytes` (`(2 | p & 1) << (p / 2 + 11)`,
 * 40: 4 GiB - 1), or null above that.
 */
export function lzma2DictionaryProperty(bytes: number): number | null {
  for (let property = 0; property < 40; property += 1) {
    if ((2 | (property & 1)) * 2 ** (Math.floor(property / 2) + 11) >= bytes) return property;
  }
  return bytes <= 0xffffffff ? 40 : null;
}

/**
 * The dictionary size a 7-Zip method name gives for plain LZMA2 ("LZMA2:18" is 2^18 bytes,
 * "LZMA2:1536k"); null for anything else (a filter, encryption, another coder).
 */
export function lzma2DictionaryOf(method: string): number | null {
  const match = /^LZMA2:(\S+)$/.exec(method);
  return match?.[1] === undefined ? null : sizeOf(match[1]);
}
