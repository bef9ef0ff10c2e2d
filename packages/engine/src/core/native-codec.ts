import type { ArchiveSource } from './types.js';

export type Decoded = Uint8Array | readonly Uint8Array[];

/** What a host's streaming decoder takes (NativeCodec.inflateStream). */
export type InflateFormat = 'gzip' | 'deflate-raw';

/** A CRC-32 being summed (NativeCodec.crc32Running). */
export interface RunningCrc32 {
  update(data: Uint8Array): void;
  /** The sum of every byte given so far, unsigned. */
  digest(): number;
}

/**
 * A host's own cryptography, for WinZip AES entries (zip/aes-entry.ts): without it zip.js decrypts
 * them in JavaScript, one entry at a time.
 */
export interface NativeCrypto {
  /**
   * PBKDF2 with HMAC-SHA1: `length` bytes of key. Off this thread where the host can (Node:
   * libuv's pool), so that the keys of the next entries are derived at once on other cores.
   */
  pbkdf2Sha1(password: Uint8Array, salt: Uint8Array, iterations: number, length: number): Promise<Uint8Array>;
  /** HMAC-SHA1 summed piece by piece (an entry's authentication code). */
  hmacSha1Running(key: Uint8Array): Promise<RunningDigest>;
  /** AES with `key` (16, 24 or 32 bytes) on each 16-byte block of what the result is given, alone (ECB). */
  aesBlocks(key: Uint8Array): Promise<(blocks: Uint8Array) => Uint8Array>;
  /**
   * Optional: WinZip AES's counter mode and its HMAC-SHA1 at once, where the host has them
   * together (browser: zip.js' WebAssembly). Without it the engine runs WinZip's counter over
   * `aesBlocks` and sums `hmacSha1Running` (zip/aes-entry.ts).
   */
  winZipAes?(aesKey: Uint8Array, hmacKey: Uint8Array): Promise<WinZipAesCipher>;
}

/** The decryption of one WinZip AES entry's data, piece by piece in order. */
export interface WinZipAesCipher {
  /** The next piece of encrypted data, decrypted into a new array. */
  decrypt(piece: Uint8Array): Uint8Array;
  /** The HMAC-SHA1 of every encrypted byte given to `decrypt` (20 bytes); the cipher is done after it. */
  code(): Uint8Array;
  /**
   * Lets go of what the cipher holds (a context in the host's WebAssembly), when an entry stops
   * before its code is read: a failed read, a stopped stream. Does nothing after `code`.
   */
  end(): void;
}

/** A digest being summed (NativeCrypto.hmacSha1Running). */
export interface RunningDigest {
  update(data: Uint8Array): void;
  /** The digest of every byte given so far. */
  digest(): Uint8Array;
}

/** How many bytes decoded output holds. */
export function decodedLength(data: Decoded): number {
  return data instanceof Uint8Array ? data.length : data.reduce((sum, piece) => sum + piece.length, 0);
}

/**
 * Codecs a host can lend the engine when it has faster ones than WebAssembly or web streams
 * (Node's zlib: native inflate and CRC-32). The engine works without them.
 */
export interface NativeCodec {
  /**
   * Inflates a whole raw deflate stream, as one array or as the decoder's pieces in order (the
   * sink keeps pieces as they are: joining them would copy every byte once more); fails when
   * output would pass `maxOutput` bytes.
   */
  inflateRaw(data: Uint8Array, maxOutput: number): Decoded | Promise<Decoded>;
  crc32(data: Decoded): number;
  /**
   * A CRC-32 summed piece by piece, for data too large to hold at once (a zip's large stored
   * entry, zip/stored-entry.ts); each call gives a sum of its own.
   */
  crc32Running?(): Promise<RunningCrc32>;
  /**
   * A faster way to a deflated entry that must give exactly `size` bytes with CRC-32 `crc`: the
   * host checks both while inflating (the browser's zlib sums as it inflates). Null when it did
   * not decide (a small entry, a mismatch, bytes after the deflate data): the engine then
   * inflates and sums as it does without this. Throws only on output past `size`.
   */
  inflateRawChecked?(data: Uint8Array, size: number, crc: number): Promise<Decoded | null>;
  /**
   * Gives back what `inflateRawChecked` returned, once nothing reads it any more: the host may
   * reuse that memory for the next entry (Node: fresh memory per entry cost a page fault per 4 KiB).
   */
  release?(data: Decoded): void;
  /**
   * A streaming decoder with large output chunks: of gzip (concatenated members included), or
   * of raw deflate (a zip's entries too large to inflate in one call, see zip/host-inflate.ts).
   */
  inflateStream?: (format: InflateFormat) => TransformStream<Uint8Array, Uint8Array>;
  /**
   * A whole gzip file decoded elsewhere (the browser: in a worker of its own, beside the reader
   * of what is inside), failing with gzip-reader's GzipFailure; null when the host cannot for
   * this source, and the engine decodes it itself.
   */
  gunzipSource?(source: ArchiveSource): ReadableStream<Uint8Array> | null;
  /** What WinZip AES entries are decrypted with; without it zip.js decrypts them. */
  crypto?: NativeCrypto;
}
