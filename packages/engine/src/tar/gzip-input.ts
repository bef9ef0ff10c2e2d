import type { ArchiveSource } from '../core/types.js';

/**
 * Bytes written to a DecompressionStream at once: big enough to be as fast as a pipe, small
 * enough to bound a bomb's burst (it decodes a whole write before the reader can push back).
 */
export const PIECE_BYTES = 64 * 1024;
/**
 * Bytes written at once to a host's decoder, which stops decoding mid-write while its output is
 * not read (Node's zlib does). Each write is a round trip to the decoder's thread: fed 64 KiB at
 * a time, listing a 50 MB tar.gz took 0.20-0.28 s, fed 1 MiB 0.12-0.16 s (decoding alone: 0.125 s).
 */
export const HOST_PIECE_BYTES = 1 << 20;

/** A piece of the compressed file and where it starts. */
export interface Piece {
  at: number;
  bytes: Uint8Array;
}

/**
 * Reads the compressed file front to back in pieces of at most `pieceBytes`, from the host's
 * sequential stream; a range that must be decoded again is read with `source.read` first.
 * Once cutting at members, a piece never runs over a gzip member signature (1f 8b 08): a
 * decoder that stops after one member (the Compression Streams spec, browsers) then fails on
 * exactly the write that starts the next one, having decoded everything before it.
 */
export class GzipInput {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private pending: Uint8Array | null = null;
  /** Offset of the next byte of the stream (not of a re-read range). */
  private streamAt = 0;
  private again: { from: number; to: number } | null = null;
  private pieces: number;
  private cutting = false;

  constructor(
    private readonly source: ArchiveSource,
    /** PIECE_BYTES for DecompressionStream; HOST_PIECE_BYTES for a host's decoder that pushes back. */
    pieceBytes: number,
  ) {
    this.reader = source.stream().getReader();
    this.pieces = pieceBytes;
  }

  get pieceBytes(): number {
    return this.pieces;
  }

  /** From now on, pieces of at most PIECE_BYTES (to find where a failing member ended). */
  useSmallPieces(): void {
    this.pieces = PIECE_BYTES;
  }

  /**
   * From now on, pieces end before every member signature. Not from the start: nearly every
   * .tar.gz has one member, and scanning 27 MB of compressed data for signatures cost a tenth of
   * a 50 MB extraction in a Chromium worker's profile. A file whose second member was found
   * (by decoding the first one again, see gzip-reader.ts) likely has more.
   */
  cutAtMembers(): void {
    this.cutting = true;
  }

  /** The next pieces are read again from `from`, up to where the stream is; then the stream resumes. */
  rewind(from: number): void {
    this.again = from < this.streamAt ? { from, to: this.streamAt } : null;
  }

  async next(): Promise<Piece | null> {
    if (this.again) {
      const { from, to } = this.again;
      const bytes = await readRange(this.source, from, Math.min(to, from + this.pieceBytes));
      if (bytes.length === 0) throw new Error('The archive became shorter while it was read.');
      const take = this.cutting ? cutAtSignature(bytes) : bytes.length;
      this.again = from + take < to ? { from: from + take, to } : null;
      return { at: from, bytes: bytes.subarray(0, take) };
    }
    while (!this.pending || this.pending.length === 0) {
      const { done, value } = await this.reader.read();
      if (done) return null;
      this.pending = value;
    }
    const at = this.streamAt;
    const take = this.cutting
      ? cutAtSignature(this.pending.subarray(0, this.pieceBytes))
      : Math.min(this.pieceBytes, this.pending.length);
    const bytes = this.pending.subarray(0, take);
    this.pending = this.pending.subarray(take);
    this.streamAt += take;
    return { at, bytes };
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** Length of the piece up to (not including) the first member signature after its first byte. */
export function cutAtSignature(bytes: Uint8Array): number {
  for (let i = bytes.indexOf(0x1f, 1); i >= 0; i = bytes.indexOf(0x1f, i + 1)) {
    if (i + 2 < bytes.length && bytes[i + 1] === 0x8b && bytes[i + 2] === 0x08) return i;
  }
  return bytes.length;
}

export async function readRange(source: ArchiveSource, from: number, to: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let at = from;
  while (at < to) {
    const part = await source.read(at, to - at);
    if (part.length === 0) break;
    parts.push(part);
    at += part.length;
  }
  if (parts.length === 1 && parts[0]) return parts[0];
  const joined = new Uint8Array(at - from);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

export function isMemberSignature(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0x1f && bytes[at + 1] === 0x8b && bytes[at + 2] === 0x08;
}

export function readUint32LE(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0;
}
