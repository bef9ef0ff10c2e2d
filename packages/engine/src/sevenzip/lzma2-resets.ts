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
 * The most bytes of the first read, which reaches about as far as the walk should need: on the
 * 200 MB bench set the walk took 130-150 ms in the browser in 1 MiB reads, each window of the
 * archive's File awaited whole (a 32 MiB one fetched ahead of the second), against ~35 ms for
 * one read of 35 MB (docs/decisions/046-what-a-browser-extraction-costs-besides-decoding.md).
 */
const FIRST_READ_MAX_BYTES = 32 * 1024 * 1024;

/** The most bytes of a chunk's header (control, unpacked size, packed size, properties). */
const HEADER_BYTES = 6;

/**
 * Walks the chunk headers of the LZMA2 stream of `packedSize` bytes at `start` in `source` (each
 * names its sizes), handing each dictionary reset to `onReset` in order, up to the first reset at
 * or past `until` unpacked bytes, or to the stream's end. False where the bytes are not an LZMA2
 * stream that starts with a reset and stays within `packedSize` and `unpackedSize`: no cut is
 * made there. Reads what lies before that reset once, in order, a window at a time; headers are
 * parsed between reads, so a stream of many tiny chunks costs time in proportion to its bytes and
 * no memory beyond what `onReset` keeps.
 */
export async function lzma2Resets(
  source: ArchiveSource,
  start: number,
  packedSize: number,
  unpackedSize: number,
  until: number,
  onReset: (reset: Lzma2Reset) => void,
): Promise<boolean> {
  const end = start + packedSize;
  if (end > source.size) return false;
  let window: Uint8Array = new Uint8Array(0);
  let windowAt = start;
  let at = start;
  let unpacked = 0;
  // Up to `until` as the block's average ratio puts it, and a window more; then window by window.
  const estimate = unpackedSize > 0 ? Math.ceil((packedSize * Math.min(until, unpackedSize)) / unpackedSize) : 0;
  let nextRead = Math.min(FIRST_READ_MAX_BYTES, estimate + WINDOW_BYTES);
  for (;;) {
    // A header that does not lie whole in the window: the next window starts at it.
    if (at + HEADER_BYTES > windowAt + window.length && windowAt + window.length < end) {
      window = await source.read(at, Math.min(nextRead, end - at));
      windowAt = at;
      nextRead = WINDOW_BYTES;
    }
    const header = (i: number): number | undefined => (at + i < end ? window[at - windowAt + i] : undefined);
    const control = header(0);
    if (control === undefined) return false;
    if (control === 0x00) return at + 1 === end && unpacked === unpackedSize;
    const headerBytes = control >= 0x80 ? (control >= 0xc0 ? 6 : 5) : 3;
    const [b1, b2, b3, b4] = [header(1), header(2), header(3), header(4)];
    if (b1 === undefined || b2 === undefined || (headerBytes > 3 && (b3 === undefined || b4 === undefined))) return false;
    let chunkUnpacked: number;
    let chunkPacked: number;
    if (control >= 0x80) {
      chunkUnpacked = (control & 0x1f) * 0x10000 + b1 * 0x100 + b2 + 1;
      chunkPacked = (b3 ?? 0) * 0x100 + (b4 ?? 0) + 1;
    } else if (control === 0x01 || control === 0x02) {
      chunkUnpacked = b1 * 0x100 + b2 + 1;
      chunkPacked = chunkUnpacked;
    } else return false;
    const resetsDictionary = control === 0x01 || control >= 0xe0;
    // The stream must start with a reset; a decoder could not begin it otherwise.
    if (at === start && !resetsDictionary) return false;
    if (resetsDictionary) {
      onReset({ packed: at - start, unpacked });
      if (unpacked >= until) return true;
    }
    at += headerBytes + chunkPacked;
    unpacked += chunkUnpacked;
    if (unpacked > unpackedSize) return false;
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
