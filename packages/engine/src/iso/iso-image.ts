import { EngineError } from '../core/engine-error.js';
import type { ArchiveSource } from '../core/types.js';

/** Thrown before anything is written when this reader does not handle the image: the caller then uses 7-Zip. */
export class IsoFallback extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IsoFallback';
  }
}

export function corrupt(cause: string): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', undefined, { kind: 'corrupt', cause });
}

export function truncated(cause: string): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', { kind: 'truncated', cause });
}

/** A run of bytes in the image: a file's content is one or more of them (multi-extent files). */
export interface Extent {
  offset: number;
  length: number;
}

/** Continuation areas and directory sectors are read again and again: a few blocks are kept. */
const CACHED_BLOCKS = 64;

/**
 * The image as bytes: every read is checked against its end first, so an extent pointing past
 * it is reported as truncation instead of yielding short (or empty) data.
 */
export class IsoImage {
  blockSize = 2048;
  private readonly cache = new Map<number, Uint8Array>();

  constructor(readonly source: ArchiveSource) {}

  get size(): number {
    return this.source.size;
  }

  /** Throws unless `length` bytes at `offset` lie inside the image. */
  check(offset: number, length: number, what: string): void {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
      throw corrupt(`${what}: invalid location`);
    }
    if (offset + length > this.size) throw truncated(`${what} lies beyond the end of the image`);
  }

  async read(offset: number, length: number, what: string): Promise<Uint8Array> {
    this.check(offset, length, what);
    if (length === 0) return new Uint8Array(0);
    const bytes = await this.source.read(offset, length);
    if (bytes.length < length) throw truncated(`${what}: the image ended early`);
    return bytes.length === length ? bytes : bytes.subarray(0, length);
  }

  /** One logical block, cached (continuation areas of many records share a block). */
  async block(lba: number, what: string): Promise<Uint8Array> {
    const cached = this.cache.get(lba);
    if (cached) return cached;
    const bytes = await this.read(lba * this.blockSize, this.blockSize, what);
    if (this.cache.size >= CACHED_BLOCKS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(lba, bytes);
    return bytes;
  }

  /** `length` bytes at `offset` of content spread over `extents`, as one array. */
  async readRange(extents: readonly Extent[], offset: number, length: number, what: string): Promise<Uint8Array> {
    const out = new Uint8Array(length);
    let filled = 0;
    let base = 0;
    for (const extent of extents) {
      if (filled >= length) break;
      const start = offset + filled - base;
      if (start < extent.length) {
        const take = Math.min(extent.length - start, length - filled);
        out.set(await this.read(extent.offset + start, take, what), filled);
        filled += take;
      }
      base += extent.length;
    }
    if (filled < length) throw corrupt(`${what}: data ends before its declared size`);
    return out;
  }
}

export const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u32le = (b: Uint8Array, at: number): number => (u16le(b, at) + u16le(b, at + 2) * 0x10000) >>> 0;
