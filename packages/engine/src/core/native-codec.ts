/**
 * Codecs a host can lend the engine when it has faster ones than WebAssembly or web streams
 * (Node's zlib: native inflate and CRC-32). The engine works without them.
 */
export interface NativeCodec {
  /** Inflates a whole raw deflate stream; fails when output would pass `maxOutput` bytes. */
  inflateRaw(data: Uint8Array, maxOutput: number): Uint8Array | Promise<Uint8Array>;
  crc32(data: Uint8Array): number;
  /** A streaming gzip decoder (concatenated members included) with large output chunks. */
  gunzip?: () => TransformStream<Uint8Array, Uint8Array>;
}
