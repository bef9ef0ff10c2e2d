import { Reader } from '@zip.js/zip.js';
import type { ArchiveSource } from '../core/types.js';

/** Small reads (local headers, names, tiny entries) are served from one block read ahead. */
const BLOCK_BYTES = 64 * 1024;

/**
 * Lets zip.js read an ArchiveSource by ranges, so the archive is never loaded whole: zip.js asks
 * for the end of central directory, the central directory, then each entry's header and data.
 * Reads shorter than a block go through a one-block cache, which turns the three or four tiny
 * reads zip.js makes per entry into one read of the host's file for runs of small entries.
 */
export class SourceReader extends Reader<ArchiveSource> {
  private block: Uint8Array | null = null;
  private blockStart = 0;

  constructor(private readonly source: ArchiveSource) {
    super(source);
    this.size = source.size;
  }

  override async readUint8Array(index: number, length: number): Promise<Uint8Array> {
    const start = Math.max(0, Math.min(index, this.size));
    const end = Math.min(this.size, start + Math.max(0, length));
    if (end <= start) return new Uint8Array(0);
    if (end - start >= BLOCK_BYTES) return this.readExact(start, end - start);
    const cached = this.fromBlock(start, end);
    if (cached) return cached;
    const blockLength = Math.min(BLOCK_BYTES, this.size - start);
    this.block = await this.readExact(start, blockLength);
    this.blockStart = start;
    return this.fromBlock(start, end) ?? this.readExact(start, end - start);
  }

  private fromBlock(start: number, end: number): Uint8Array | null {
    const block = this.block;
    if (!block || start < this.blockStart || end > this.blockStart + block.length) return null;
    // A copy: zip.js may keep or transfer what it is given, the block must stay intact.
    return block.slice(start - this.blockStart, end - this.blockStart);
  }

  /** Hosts may return fewer bytes than asked (a short read); keep reading until the range is full. */
  private async readExact(start: number, length: number): Promise<Uint8Array> {
    const first = await this.source.read(start, length);
    if (first.length >= length) return first.length === length ? first : first.subarray(0, length);
    const out = new Uint8Array(length);
    out.set(first, 0);
    let filled = first.length;
    while (filled < length) {
      const more = await this.source.read(start + filled, length - filled);
      if (more.length === 0) return out.subarray(0, filled);
      out.set(more.subarray(0, length - filled), filled);
      filled += Math.min(more.length, length - filled);
    }
    return out;
  }
}
