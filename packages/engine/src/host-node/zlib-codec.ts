import { promisify } from 'node:util';
import { crc32, inflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';
import type { NativeCodec } from '../core/native-codec.js';
import { gunzipStream } from './gunzip-stream.js';

/** zlib refuses smaller output chunks. */
const MIN_CHUNK_BYTES = 64;
/** Output buffers grow no bigger at once however large the declared size (it may lie). */
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
/**
 * Entries at least this big are inflated on libuv's thread pool: the zip backend keeps a few
 * entries in flight, so while the pool inflates them this thread checks and writes the ones
 * before, and both cores work (docs/decisions/031-node-speed-at-scale.md). Smaller ones stay
 * synchronous: for them the pool's round trip cost more than it saved.
 */
export const POOL_INFLATE_MIN_BYTES = 256 * 1024;
const inflateRawOnPool = promisify<Uint8Array, ZlibOptions, Buffer>(inflateRaw);

/** Node's zlib: native inflate, gunzip and CRC-32, several times faster than in JavaScript. */
export const zlibCodec: NativeCodec = {
  inflateRaw(data, maxOutput) {
    // maxOutputLength makes a lying size fail here, before it can fill memory. One output buffer
    // with room for the whole entry (and the byte that shows it does not go on): the default 16 KiB
    // pieces are joined at the end, which made inflating ~20% slower.
    const options = {
      maxOutputLength: Math.max(1, maxOutput),
      chunkSize: Math.max(MIN_CHUNK_BYTES, Math.min(maxOutput, MAX_CHUNK_BYTES) + 1),
    };
    return maxOutput >= POOL_INFLATE_MIN_BYTES ? inflateRawOnPool(data, options) : inflateRawSync(data, options);
  },
  crc32(data) {
    if (data instanceof Uint8Array) return crc32(data);
    return data.reduce((value, piece) => crc32(piece, value), 0);
  },
  gunzip: gunzipStream,
};
