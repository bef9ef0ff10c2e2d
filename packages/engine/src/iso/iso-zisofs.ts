import { Unzlib } from 'fflate';
import { corrupt, u32le, type Extent, type IsoImage } from './iso-image.js';

const MAGIC = [0x37, 0xe4, 0x53, 0x96, 0xc9, 0xdb, 0xd6, 0x07];
/** zisofs allows 32, 64 and 128 KiB blocks. */
const MIN_BLOCK_LOG2 = 15;
const MAX_BLOCK_LOG2 = 17;
/** Compressed input is fed in slices this big, so one block can never balloon in memory before it is checked. */
const FEED_BYTES = 4096;

/**
 * Decompresses a zisofs (Rock Ridge ZF) file block by block. The file starts with a header
 * (magic, size, header size / 4, block size log2) and a table of block offsets; each block is a
 * zlib stream, or nothing (two equal offsets) for a block of zeros. Every block must inflate
 * to exactly its size: more is an overflow attack, less is damage.
 */
export async function* zisofsBlocks(
  image: IsoImage,
  extents: readonly Extent[],
  size: number,
  what: string,
): AsyncGenerator<Uint8Array> {
  const stored = extents.reduce((sum, e) => sum + e.length, 0);
  if (size === 0) return;
  if (stored < 16) throw corrupt(`${what}: zisofs header missing`);
  const header = await image.readRange(extents, 0, 16, what);
  if (MAGIC.some((byte, i) => header[i] !== byte)) throw corrupt(`${what}: not zisofs data`);
  const headerBytes = (header[12] ?? 0) * 4;
  const blockLog2 = header[13] ?? 0;
  if (u32le(header, 8) !== size) throw corrupt(`${what}: zisofs sizes disagree`);
  if (blockLog2 < MIN_BLOCK_LOG2 || blockLog2 > MAX_BLOCK_LOG2 || headerBytes < 16) {
    throw corrupt(`${what}: zisofs header invalid`);
  }
  const blockSize = 2 ** blockLog2;
  const blocks = Math.ceil(size / blockSize);
  const tableBytes = (blocks + 1) * 4;
  if (headerBytes + tableBytes > stored) throw corrupt(`${what}: zisofs block table cut short`);
  const table = await image.readRange(extents, headerBytes, tableBytes, what);
  for (let index = 0; index < blocks; index += 1) {
    const start = u32le(table, index * 4);
    const end = u32le(table, index * 4 + 4);
    if (start > end || end > stored || start < headerBytes + tableBytes) throw corrupt(`${what}: zisofs block table invalid`);
    const expected = Math.min(blockSize, size - index * blockSize);
    if (start === end) {
      yield new Uint8Array(expected);
      continue;
    }
    const compressed = await image.readRange(extents, start, end - start, what);
    yield inflateBlock(compressed, expected, what);
  }
}

function inflateBlock(compressed: Uint8Array, expected: number, what: string): Uint8Array {
  const out = new Uint8Array(expected);
  let filled = 0;
  let overflow = false;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    if (filled + chunk.length > expected) overflow = true;
    else out.set(chunk, filled);
    filled += chunk.length;
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < compressed.length && !overflow; at += FEED_BYTES) {
      const end = Math.min(compressed.length, at + FEED_BYTES);
      inflater.push(compressed.subarray(at, end), end === compressed.length);
    }
  } catch (error) {
    throw corrupt(`${what}: zisofs block does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
  if (overflow) throw corrupt(`${what}: a zisofs block inflates beyond its size`);
  if (!ended || filled !== expected) throw corrupt(`${what}: a zisofs block inflates to the wrong size`);
  return out;
}
