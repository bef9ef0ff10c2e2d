import type { ZipWasmExports } from './zip-wasm.js';

/**
 * zlib's inflate in WebAssembly (zip-wasm.ts), for the small zip entries the browser decodes in
 * one call (browser-codec.ts): a new stream, one call into the declared size and a spare byte,
 * its end. On 10,000 entries of 1-20 KB it inflated 2.6x faster than fflate's JavaScript
 * (docs/decisions/046-what-a-browser-extraction-costs-besides-decoding.md).
 */

const Z_FINISH = 4;
const Z_STREAM_END = 1;
/** The output count has 24 bits: larger outputs are not asked of it. */
const WASM_INFLATE_MAX_OUTPUT = (1 << 24) - 2;

/** Inflates raw deflate data into at most `maxOutput + 1` bytes: one byte more shows a lying size. */
export type WasmInflate = (data: Uint8Array, maxOutput: number) => Uint8Array;

/** zlib's inflate of `zlib`, one call per entry. */
export function inflaterOf(zlib: ZipWasmExports): WasmInflate {
  return (data, maxOutput) => {
    if (maxOutput > WASM_INFLATE_MAX_OUTPUT) throw new RangeError('too large for the WebAssembly inflater');
    const room = maxOutput + 1;
    const stream = zlib.inflate_new();
    const input = zlib.malloc(Math.max(1, data.length));
    const output = zlib.malloc(room);
    try {
      if (!stream || !input || !output) throw new Error('the WebAssembly inflater is out of memory');
      if (zlib.inflate_init_raw(stream) !== 0) throw new Error('the WebAssembly inflater did not start');
      new Uint8Array(zlib.memory.buffer, input, data.length).set(data);
      const result = zlib.inflate_process(stream, input, data.length, output, room, Z_FINISH);
      const status = result >> 24;
      const produced = result & 0xffffff;
      // Output up to the spare byte: the caller sees the size lie, whatever zlib says of the rest.
      if (produced < room && status !== Z_STREAM_END) {
        throw new Error(status < 0 ? `invalid deflate data (zlib ${status})` : 'unexpected end of deflate data');
      }
      return new Uint8Array(zlib.memory.buffer, output, produced).slice();
    } finally {
      if (stream) zlib.inflate_end(stream);
      if (input) zlib.free(input);
      if (output) zlib.free(output);
    }
  };
}
