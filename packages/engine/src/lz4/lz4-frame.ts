import { createXXHash32, type IHasher } from 'hash-wasm';
import { EngineError } from '../core/engine-error.js';
import { corrupt, decodeBlock, OutputBuffer, truncated } from './lz4-block.js';

/**
 * The LZ4 frame format (lz4/doc/lz4_Frame_format.md), as `lz4` and libarchive write it: standard
 * frames, skippable frames and the legacy frames of old `lz4 -l`, any number of them back to back.
 * 7-Zip has no LZ4 handler, so a `.tar.lz4` is decoded here in one pass, in memory, and the tar read
 * from the result.
 */

const FRAME_MAGIC = 0x184d2204;
const LEGACY_MAGIC = 0x184c2102;
/** Skippable frames use 0x184D2A50 to 0x184D2A5F: the low four bits are free. */
const SKIPPABLE_MAGIC = 0x184d2a50;
const LEGACY_BLOCK = 8 << 20;
/** LZ4_COMPRESSBOUND(8 MiB): a legacy "block size" above this cannot be one, so it starts the next frame. */
const LEGACY_BOUND = LEGACY_BLOCK + Math.floor(LEGACY_BLOCK / 255) + 16;
/** Block maximum sizes by the BD byte's 3-bit code; codes 0 to 3 are reserved. */
const BLOCK_MAX: Record<number, number> = { 4: 64 << 10, 5: 256 << 10, 6: 1 << 20, 7: 4 << 20 };

/**
 * Decodes every frame of `input`, refusing to produce more than `maxOutput` bytes. Bytes after the last
 * frame that do not start another are ignored, as bsdtar and `lz4 -d` do.
 */
export async function decodeLz4(input: Uint8Array, maxOutput: number): Promise<Uint8Array> {
  const hasher = await createXXHash32(0);
  // Most archives compress 2-5x; start there and let the buffer double if needed.
  const out = new OutputBuffer(maxOutput, input.length * 4);
  let pos = 0;
  for (let frames = 0; ; frames += 1) {
    const magic = input.length - pos >= 4 ? readU32(input, pos) : null;
    if (magic === FRAME_MAGIC) pos = decodeFrame(input, pos + 4, out, hasher);
    else if (magic === LEGACY_MAGIC) pos = decodeLegacyFrame(input, pos + 4, out);
    else if (magic !== null && (magic & 0xfffffff0) >>> 0 === SKIPPABLE_MAGIC) pos = skipFrame(input, pos + 4);
    else if (frames === 0) throw corrupt('not an LZ4 stream (no frame magic number)');
    else break;
  }
  return out.bytes.subarray(0, out.length);
}

function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** Fails as truncated unless `count` bytes remain from `at`. */
function need(input: Uint8Array, at: number, count: number): void {
  if (count > input.length - at) throw truncated();
}

function xxh32(hasher: IHasher, data: Uint8Array): number {
  return parseInt(hasher.init().update(data).digest('hex'), 16) >>> 0;
}

function skipFrame(input: Uint8Array, pos: number): number {
  need(input, pos, 4);
  const size = readU32(input, pos);
  need(input, pos + 4, size);
  return pos + 4 + size;
}

/** A standard frame from its descriptor (after the magic); returns the position after the frame. */
function decodeFrame(input: Uint8Array, pos: number, out: OutputBuffer, hasher: IHasher): number {
  need(input, pos, 2);
  const flg = input[pos]!;
  const bd = input[pos + 1]!;
  if (flg >>> 6 !== 1) throw corrupt('unknown frame version', { version: flg >>> 6 });
  // Reserved bits must be zero: a future format may give them a meaning we would silently ignore.
  if ((flg & 0x02) !== 0 || (bd & 0x8f) !== 0) throw corrupt('reserved bits set in the frame descriptor');
  const blockMax = BLOCK_MAX[(bd >>> 4) & 7];
  if (blockMax === undefined) throw corrupt('reserved block maximum size', { code: (bd >>> 4) & 7 });
  const independent = (flg & 0x20) !== 0;
  const blockChecksum = (flg & 0x10) !== 0;
  const hasContentSize = (flg & 0x08) !== 0;
  const contentChecksum = (flg & 0x04) !== 0;
  const hasDictId = (flg & 0x01) !== 0;

  const descriptorLength = 2 + (hasContentSize ? 8 : 0) + (hasDictId ? 4 : 0);
  need(input, pos, descriptorLength + 1);
  // The header checksum is the second byte of xxh32 over the descriptor, FLG to dictID included.
  const headerChecksum = (xxh32(hasher, input.subarray(pos, pos + descriptorLength)) >>> 8) & 0xff;
  if (headerChecksum !== input[pos + descriptorLength]) throw corrupt('frame header checksum mismatch');
  // 2^64 does not fit a number exactly, but any size that large is over every limit anyway.
  const contentSize = hasContentSize ? readU32(input, pos + 2) + readU32(input, pos + 6) * 2 ** 32 : null;
  // Checked after the header checksum, so a damaged header is reported as damage, not as a feature.
  if (hasDictId) {
    throw new EngineError('UNSUPPORTED_FORMAT', 'This LZ4 stream needs a preset dictionary, which is not available.', {
      dictId: readU32(input, pos + descriptorLength - 4),
    });
  }
  pos += descriptorLength + 1;

  const frameStart = out.length;
  for (;;) {
    need(input, pos, 4);
    const field = readU32(input, pos);
    pos += 4;
    if (field === 0) break; // EndMark
    // The high bit marks a block stored as is (it did not compress).
    const stored = field >= 0x80000000;
    const size = field & 0x7fffffff;
    if (size > blockMax) throw corrupt('block larger than the frame allows', { size, blockMax });
    need(input, pos, size + (blockChecksum ? 4 : 0));
    const start = pos;
    const data = input.subarray(start, start + size);
    pos += size;
    if (blockChecksum) {
      // Over the block as stored, so damage is found before decoding it.
      if (xxh32(hasher, data) !== readU32(input, pos)) throw corrupt('block checksum mismatch');
      pos += 4;
    }
    if (stored) out.append(data);
    // Linked blocks may refer to everything the frame decoded so far (offsets reach at most 64 KiB).
    else decodeBlock(input, start, start + size, out, independent ? out.length : frameStart, blockMax);
  }

  if (contentChecksum) {
    need(input, pos, 4);
    if (xxh32(hasher, out.bytes.subarray(frameStart, out.length)) !== readU32(input, pos)) {
      throw corrupt('content checksum mismatch');
    }
    pos += 4;
  }
  if (contentSize !== null && out.length - frameStart !== contentSize) {
    throw corrupt('frame content size differs from its header', { declared: contentSize, actual: out.length - frameStart });
  }
  return pos;
}

/**
 * A legacy frame (after the magic): 8 MiB independent blocks, each a 4-byte compressed size and the
 * block, with no end mark. It ends at the end of the input or where a "size" is too large to be one,
 * which is the next frame's magic number (or trailing bytes, which the caller ignores).
 */
function decodeLegacyFrame(input: Uint8Array, pos: number, out: OutputBuffer): number {
  while (input.length - pos >= 4) {
    const size = readU32(input, pos);
    if (size > LEGACY_BOUND) break;
    need(input, pos + 4, size);
    decodeBlock(input, pos + 4, pos + 4 + size, out, out.length, LEGACY_BLOCK);
    pos += 4 + size;
  }
  return pos;
}
