import { crc32, inflateRawSync } from 'node:zlib';
import type { NativeCodec } from '../core/native-codec.js';
import { gunzipStream } from './gunzip-stream.js';

/** Node's zlib: native inflate, gunzip and CRC-32, several times faster than in JavaScript. */
export const zlibCodec: NativeCodec = {
  inflateRaw(data, maxOutput) {
    // maxOutputLength makes a lying size fail here, before it can fill memory.
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxOutput) });
  },
  crc32(data) {
    return crc32(data);
  },
  gunzip: gunzipStream,
};
