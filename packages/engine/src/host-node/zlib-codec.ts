import { constants, crc32, createInflateRaw, inflateRawSync, type InflateRaw } from 'node:zlib';
import type { NativeCodec } from '../core/native-codec.js';
import { nodeCrypto } from './node-crypto.js';
import { zlibStream } from './zlib-stream.js';
import { SlabPool } from './slab-pool.js';

/** zlib refuses smaller output chunks. */
const MIN_CHUNK_BYTES = 64;
/** Output buffers grow no bigger at once however large the declared size (it may lie). */
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
/** Free output slabs kept between entries: a few entries are in flight at once (zip-backend.ts). */
const KEEP_SLAB_BYTES = 64 * 1024 * 1024;

/**
 * The zlib handle under Node's InflateRaw stream: what its own synchronous inflate calls
 * (`processChunkSync` in Node's lib/zlib.js), with an output buffer of the caller's choosing.
 * Node's public calls allocate every output buffer afresh.
 */
interface InflaterInternals {
  _handle: {
    writeSync(
      flush: number,
      input: Uint8Array,
      inOffset: number,
      inLength: number,
      output: Uint8Array,
      outOffset: number,
      outLength: number,
    ): void;
  } | null;
  /** [output bytes left, input bytes left] after the last write. */
  _writeState: Uint32Array;
}

const slabs = new SlabPool(KEEP_SLAB_BYTES);
/** One inflater for every entry, reset between them (creating one allocates zlib's state and window). */
let inflater: InflateRaw | null = null;

/**
 * Inflates `data` into a pooled slab in one call, with room for `size` bytes and one more (which
 * shows output past the size). Returns the output and the input bytes left after the deflate
 * data; null when this Node's zlib does not expose the handle (the caller inflates as before).
 */
function inflateIntoSlab(data: Uint8Array, size: number): { output: Buffer; produced: number; inputLeft: number } | null {
  const current = inflater ?? createInflateRaw();
  // Errors are thrown below, from the state the failed call leaves; the stream's own error
  // event (emitted later) is not wanted.
  if (current !== inflater) current.on('error', () => undefined);
  inflater = current;
  const internals = current as unknown as InflaterInternals;
  if (!internals._handle || !(internals._writeState instanceof Uint32Array)) return null;
  const room = size + 1;
  const output = slabs.take(room);
  internals._handle.writeSync(constants.Z_FINISH, data, 0, data.length, output, 0, room);
  if (current.destroyed) {
    // zlib failed (damaged data, or it ended early): this inflater is done for.
    inflater = null;
    slabs.give(output);
    throw current.errored ?? new Error('invalid deflate data');
  }
  const [outputLeft = 0, inputLeft = 0] = internals._writeState;
  current.reset();
  return { output, produced: room - outputLeft, inputLeft };
}

/** Node's zlib: native inflate, gunzip and CRC-32, several times faster than in JavaScript; and its crypto. */
export const zlibCodec: NativeCodec = {
  inflateRaw(data, maxOutput) {
    // maxOutputLength makes a lying size fail here, before it can fill memory. One output buffer
    // with room for the whole entry (and the byte that shows it does not go on): the default 16 KiB
    // pieces are joined at the end, which made inflating ~20% slower.
    return inflateRawSync(data, {
      maxOutputLength: Math.max(1, maxOutput),
      chunkSize: Math.max(MIN_CHUNK_BYTES, Math.min(maxOutput, MAX_CHUNK_BYTES) + 1),
    });
  },
  async inflateRawChecked(data, size, crc) {
    if (size > MAX_CHUNK_BYTES) return null;
    const inflated = inflateIntoSlab(data, size);
    if (!inflated) return null;
    const { output, produced, inputLeft } = inflated;
    if (produced > size) {
      slabs.give(output);
      throw new Error(`the data inflates to more than the declared ${size} bytes`);
    }
    const bytes = output.subarray(0, size);
    // Anything else undecided: the caller inflates again and reports what is wrong.
    if (produced !== size || inputLeft !== 0 || crc32(bytes) >>> 0 !== crc >>> 0) {
      slabs.give(output);
      return null;
    }
    return bytes;
  },
  release(data) {
    if (data instanceof Uint8Array) slabs.give(data);
  },
  crc32(data) {
    if (data instanceof Uint8Array) return crc32(data);
    return data.reduce((value, piece) => crc32(piece, value), 0);
  },
  async crc32Running() {
    let value = 0;
    return {
      update: (data: Uint8Array) => void (value = crc32(data, value)),
      digest: () => value >>> 0,
    };
  },
  inflateStream: zlibStream,
  crypto: nodeCrypto,
};
