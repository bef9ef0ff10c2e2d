import { ByteSource } from '../tar/byte-source.js';
import type { ArchiveEntry } from '../core/entry-writer.js';
import { crc16 } from './lzh-crc.js';
import { LzhDecoder } from './lzh-decoder.js';
import { LzhError, looksLikeHeader, readHeader, type LzhHeader } from './lzh-header.js';
import { LzhFormatError } from './lzh-huffman.js';

export { LzhError } from './lzh-header.js';

/**
 * Reads an LHA archive entry by entry, in one pass with back-pressure, as ArchiveEntry objects so
 * the entry writer (core/entry-writer.ts) writes them. Content is decoded as it is read and its CRC-16 checked
 * before the last piece is handed out, so a damaged file never reaches the sink complete.
 */

/** How far into the input a first header is looked for (self-extracting stubs, leading junk). */
const SCAN_LIMIT = 1 << 20;
/** Decoded content is handed out in pieces of this size. */
const PIECE = 64 * 1024;
/** Compressed input is pulled in pieces of at most this size. */
const PULL = 64 * 1024;

const DICTIONARY_BITS: Record<string, number> = { lh4: 12, lh5: 13, lh6: 15, lh7: 16 };
const STORED = new Set(['lh0', 'lz4']);

export interface LzhEntry extends ArchiveEntry {
  method: string;
  packedSize: number;
  /** CRC-16 of the content, as the header gives it. */
  crc: number;
}

export class LzhReader {
  private readonly source: ByteSource;
  private first = true;
  private ended = false;
  /** Compressed bytes of the current entry not consumed yet. */
  private packedLeft = 0;
  private current: LzhEntry | null = null;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.source = new ByteSource(stream);
  }

  get position(): number {
    return this.source.position;
  }

  /** The next entry (the rest of the previous one skipped), or null at the end of the archive. */
  async next(): Promise<LzhEntry | null> {
    if (this.ended) return null;
    if (this.current) {
      this.current = null;
      if ((await this.source.skip(this.packedLeft)) < this.packedLeft) throw truncated();
      this.packedLeft = 0;
    }
    if (this.first) await this.findFirstHeader();
    const header = await readHeader(this.source);
    this.first = false;
    if (!header) {
      // Whatever follows the end (junk, padding) is not read.
      this.ended = true;
      return null;
    }
    this.packedLeft = header.packedSize;
    this.current = this.entryOf(header);
    return this.current;
  }

  async cancel(reason?: unknown): Promise<void> {
    this.ended = true;
    await this.source.cancel(reason);
  }

  /** Skips what comes before the first header; not an LHA archive if none is near the start. */
  private async findFirstHeader(): Promise<void> {
    const start = await this.source.peek(32);
    if (start.length >= 22 && looksLikeHeader(start)) return;
    const window = await this.source.peek(SCAN_LIMIT);
    for (let at = 1; at + 22 <= window.length; at += 1) {
      if (window[at + 2] !== 0x2d || window[at + 3] !== 0x6c) continue;
      const candidate = window.subarray(at);
      const level = candidate[20] as number;
      // Levels 0 and 1 have a checksum to confirm the find; 2 and 3 their CRC, checked next.
      if (level <= 1 && candidate.length < (candidate[0] as number) + 2) continue;
      if (!looksLikeHeader(candidate) || !/^-l[hz][0-9a-z]-$/.test(String.fromCharCode(...candidate.subarray(2, 7)))) continue;
      await this.source.skip(at);
      return;
    }
    throw new LzhError('not-lzh', 'No LHA header found.');
  }

  private entryOf(header: LzhHeader): LzhEntry {
    const reading = header.kind === 'file' ? this.contentOf(header) : async () => null;
    let done = false;
    const read = async (): Promise<Uint8Array | null> => {
      if (this.current !== entry) throw new Error('LZH entry read after the next one');
      if (done) return null;
      const piece = await reading();
      if (!piece) done = true;
      return piece;
    };
    const entry: LzhEntry = {
      name: header.name,
      linkName: header.linkName,
      kind: header.kind,
      size: header.kind === 'file' ? header.originalSize : 0,
      mtime: header.mtime,
      mode: header.mode,
      method: header.method,
      packedSize: header.packedSize,
      crc: header.crc,
      ...(header.rawName && { rawName: header.rawName }),
      read,
    };
    return entry;
  }

  /** A function giving the decoded content piece by piece, CRC-checked at its end. */
  private contentOf(header: LzhHeader): () => Promise<Uint8Array | null> {
    const size = header.originalSize;
    let produced = 0;
    let crc = 0;
    const check = (piece: Uint8Array): Uint8Array => {
      crc = crc16(crc, piece);
      produced += piece.length;
      if (produced === size && crc !== header.crc) {
        throw new LzhError('corrupt', `CRC mismatch in ${JSON.stringify(header.name)}.`);
      }
      return piece;
    };
    if (STORED.has(header.method)) {
      if (header.packedSize < size) throw new LzhError('corrupt', 'Stored entry shorter than its size.');
      return async () => {
        if (produced >= size) return null;
        const piece = await this.source.read(size - produced);
        if (!piece) throw truncated();
        this.packedLeft -= piece.length;
        return check(piece);
      };
    }
    const bits = DICTIONARY_BITS[header.method];
    if (bits === undefined) {
      // Thrown when the content is read, so a listing still shows the entry.
      return () => Promise.reject(new LzhError('unsupported', `The LHA method -${header.method}- is not supported.`));
    }
    const decoder = new LzhDecoder({ dictionaryBits: bits });
    return async () => {
      if (produced >= size) return null;
      const out = new Uint8Array(Math.min(PIECE, size - produced));
      let filled = 0;
      for (;;) {
        try {
          filled = decoder.decode(out, filled);
        } catch (error) {
          if (error instanceof LzhFormatError) throw new LzhError('corrupt', error.message);
          throw error;
        }
        if (filled === out.length) return check(out);
        await this.feed(decoder);
      }
    };
  }

  /** Queues compressed input until the decoder's next step has what it needs (or all there is). */
  private async feed(decoder: LzhDecoder): Promise<void> {
    const input = decoder.input;
    if (input.ended) throw new Error('LZH decoder stalled');
    while (input.available < decoder.needs && this.packedLeft > 0) {
      const chunk = await this.source.read(Math.min(PULL, this.packedLeft));
      if (!chunk) throw truncated();
      this.packedLeft -= chunk.length;
      input.push(chunk);
    }
    if (this.packedLeft === 0) input.ended = true;
  }
}

function truncated(): LzhError {
  return new LzhError('truncated', 'The archive ends inside an entry.');
}
