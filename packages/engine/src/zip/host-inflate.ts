import { configure } from '@zip.js/zip.js';
import type { NativeCodec } from '../core/native-codec.js';

type HostInflate = NonNullable<NativeCodec['inflateStream']>;

/**
 * zip.js's `DecompressionStream` made of the host's streaming decoder: zip.js constructs it for
 * the entries it still decodes (encrypted ones; a large plain one is read as a gzip member by
 * zip/gzip-framed-entry.ts), with "gzip" (it frames the raw data of an entry whose CRC-32 and
 * size it knows, so that the decoder checks both) or "deflate-raw". Node's own
 * DecompressionStream gives zlib 16 KiB of output at a time, each a round trip to libuv's pool:
 * a 510 MB entry took 1.8-1.9 s through it, 0.53 s through zlib with 1 MiB chunks
 * (docs/decisions/047-node-inflates-large-zip-entries-itself.md).
 */
function hostDecompressionStream(inflate: HostInflate) {
  return class HostDecompressionStream {
    static supportedFormats = ['gzip', 'deflate-raw'];
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<Uint8Array>;
    constructor(format: string) {
      if (format !== 'gzip' && format !== 'deflate-raw') throw new TypeError(`Unsupported format: ${format}`);
      ({ readable: this.readable, writable: this.writable } = inflate(format));
    }
  };
}

/** The decoder zip.js was last configured with: the host's, or undefined for the platform's. */
let configured: HostInflate | undefined;

/**
 * Has zip.js decode with the host's streaming decoder where it lends one, else the platform's
 * `DecompressionStream`. zip.js reads one configuration for the whole thread; a thread's
 * extractions all run in one host, so this changes it at most once in practice.
 */
export function useHostInflate(codec: NativeCodec | undefined): void {
  const inflate = codec?.inflateStream;
  if (inflate === configured) return;
  configured = inflate;
  configure({ DecompressionStream: inflate ? hostDecompressionStream(inflate) : globalThis.DecompressionStream });
}
