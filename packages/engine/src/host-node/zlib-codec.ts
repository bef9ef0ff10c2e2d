import { Duplex } from 'node:stream';
import { createGunzip, crc32, inflateRawSync } from 'node:zlib';
import type { NativeCodec } from '../core/native-codec.js';

/** Node's zlib: native inflate, gunzip and CRC-32, several times faster than in JavaScript. */
export const zlibCodec: NativeCodec = {
  inflateRaw(data, maxOutput) {
    // maxOutputLength makes a lying size fail here, before it can fill memory.
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxOutput) });
  },
  crc32(data) {
    return crc32(data);
  },
  gunzip: () => {
    // 1 MiB output chunks: DecompressionStream's 16 KiB ones cost a round trip each (measured:
    // a 27 MB tar.gz to disk in 0.48 s instead of 0.92 s).
    return Duplex.toWeb(createGunzip({ chunkSize: 1 << 20 }));
  },
};
