import { inflateSync } from 'fflate';
import { createCRC32 } from 'hash-wasm';
import type { NativeCodec } from '../core/native-codec.js';

let codec: Promise<NativeCodec> | null = null;

/**
 * The browser's stand-in for Node's zlib: fflate's synchronous inflate (about 200 MB/s, and one
 * call per entry instead of a DecompressionStream's many small async chunks) and hash-wasm's
 * CRC-32. Both load once per worker.
 */
export function browserCodec(): Promise<NativeCodec> {
  codec ??= createCRC32().then((crc) => ({
    inflateRaw(data, maxOutput) {
      // A buffer of the declared size: fflate refuses to write past it, so a lying size fails.
      const out = inflateSync(data, { out: new Uint8Array(maxOutput) });
      return out.length === maxOutput ? out : out.subarray(0, out.length);
    },
    crc32(data) {
      crc.init();
      crc.update(data);
      const digest = crc.digest('binary');
      return new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, false);
    },
  }));
  return codec;
}
