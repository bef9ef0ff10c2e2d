import { inflateSync } from 'fflate';
import { createCRC32, type IHasher } from 'hash-wasm';
import type { NativeCodec, NativeCrypto } from '../core/native-codec.js';
import { asGzipMember } from '../zip/gzip-member.js';
import { offloadedGunzip } from './gunzip-offload.js';
import { wasmWinZipAes } from './wasm-aes.js';
import { inflaterOf, type WasmInflate } from './wasm-inflate.js';
import { webCrypto } from './web-crypto.js';
import { zipWasm } from './zip-wasm.js';

/**
 * Entries that inflate to at least this much go through the browser's own zlib. Below it a
 * stream's setup (~0.1 ms in Chromium) costs more than zlib in WebAssembly (wasm-inflate.ts)
 * or fflate's JavaScript saves (measured on text: 16 KiB 0.13 ms with fflate vs 0.17 ms
 * streamed, 64 KiB 0.77 ms vs 0.26 ms).
 */
const STREAMED_INFLATE_MIN_BYTES = 32 * 1024;
const isSmall = (data: Uint8Array, maxOutput: number): boolean =>
  maxOutput < STREAMED_INFLATE_MIN_BYTES && data.length < STREAMED_INFLATE_MIN_BYTES;

let codec: Promise<NativeCodec> | null = null;

class OversizeError extends RangeError {
  constructor() {
    super('the entry inflates past its declared size');
  }
}

/**
 * The browser's stand-in for Node's zlib. Large entries go through DecompressionStream: the
 * browser's native zlib, at full speed from the first byte, where fflate runs in JavaScript that
 * a fresh worker (one per archive) has not yet optimised. Small ones are inflated in one
 * synchronous call, cheaper than a stream's setup: by zlib in WebAssembly where the worker was
 * given its module (wasm-inflate.ts), else by fflate. CRC-32 is hash-wasm's. All load once per worker.
 * A zip entry inflated by the stream is read as a gzip member, so zlib checks its CRC-32 too.
 * A user's .tar.gz is decoded in a worker of its own (gunzip-offload.ts). WinZip AES entries are
 * decrypted with WebCrypto and zip.js' WebAssembly where the page has them (web-crypto.ts).
 */
export function browserCodec(): Promise<NativeCodec> {
  codec ??= Promise.all([createCRC32(), zipWasm()]).then(([crc, module]) =>
    codecWith(crc, module && inflaterOf(module), module && wasmWinZipAes(module)),
  );
  return codec;
}

function codecWith(crc: IHasher, wasm: WasmInflate | null, winZipAes: NativeCrypto['winZipAes'] | null): NativeCodec {
  return {
    inflateRaw(data, maxOutput) {
      // Small packed data too: fflate cannot stop early, and a bomb would keep it busy.
      if (isSmall(data, maxOutput)) return inflateSmall(wasm, data, maxOutput);
      // DecompressionStream refuses bytes after the end of the deflate data, which fflate and
      // every native tool ignore; such an entry is decoded again with fflate so both agree.
      // Not one that inflates past its size: the stream stopped it early, fflate would not.
      return inflateWithStream('deflate-raw', [data], maxOutput).catch((error: unknown) => {
        if (error instanceof OversizeError) throw error;
        return inflateWithFflate(data, maxOutput);
      });
    },
    crc32(data) {
      crc.init();
      for (const piece of data instanceof Uint8Array ? [data] : data) crc.update(piece);
      return digestOf(crc);
    },
    // An instance of its own: the shared one is summed in one synchronous call at a time, this
    // one across the reads of an entry, between which other entries are summed.
    async crc32Running() {
      const running = await createCRC32();
      running.init();
      return { update: (data: Uint8Array) => void running.update(data), digest: () => digestOf(running) };
    },
    async inflateRawChecked(data, size, expected) {
      if (isSmall(data, size)) return null;
      try {
        return await inflateWithStream('gzip', asGzipMember(data, size, expected), size);
      } catch (error) {
        if (error instanceof OversizeError) throw error;
        // A mismatch, or bytes after the deflate data: the engine's unchecked path decides.
        return null;
      }
    },
    gunzipSource: offloadedGunzip,
    ...withCrypto(webCrypto(winZipAes ?? undefined)),
  };
}

/** The codec's `crypto`, where the browser has it. */
const withCrypto = (crypto: NativeCrypto | null): Pick<NativeCodec, 'crypto'> => (crypto ? { crypto } : {});

/** hash-wasm's CRC-32 as a number (its digest is big-endian bytes). */
function digestOf(crc: IHasher): number {
  const digest = crc.digest('binary');
  return new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, false);
}

/** zlib in WebAssembly where the worker has it, else fflate; both stop one byte past the size. */
function inflateSmall(wasm: WasmInflate | null, data: Uint8Array, maxOutput: number): Uint8Array {
  if (!wasm) return inflateWithFflate(data, maxOutput);
  const out = wasm(data, maxOutput);
  if (out.length > maxOutput) throw new OversizeError();
  return out;
}

function inflateWithFflate(data: Uint8Array, maxOutput: number): Uint8Array {
  // fflate drops what does not fit in the buffer it is given: one spare byte shows a lying size.
  const out = inflateSync(data, { out: new Uint8Array(maxOutput + 1) });
  if (out.length > maxOutput) throw new OversizeError();
  return out;
}

/**
 * Inflates into the stream's own pieces, kept as they come: joining them into one buffer copied
 * every byte into fresh memory, which on this project's VMs costs ~1 ms a MiB. More output than
 * the declared size stops the stream.
 */
async function inflateWithStream(
  format: CompressionFormat,
  input: readonly Uint8Array[],
  maxOutput: number,
): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  let length = 0;
  const inflater = new DecompressionStream(format);
  // Written directly: a Blob's stream() would fetch the bytes back from the browser process.
  const writer = inflater.writable.getWriter();
  const writing = input.reduce<Promise<void>>(
    (previous, chunk) => previous.then(() => writer.write(chunk as Uint8Array<ArrayBuffer>)),
    Promise.resolve(),
  );
  writing.then(() => writer.close()).catch(() => undefined); // The reader below sees the same failure.
  const reader = inflater.readable.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (length + next.value.length > maxOutput) {
      await reader.cancel();
      throw new OversizeError();
    }
    pieces.push(next.value);
    length += next.value.length;
  }
  return pieces;
}
