import type { ByteSource } from './byte-source.js';
import { BLOCK, decimal, paxInteger, readSegments, TarError, type PaxRecords, type Segment } from './tar-header.js';

/**
 * GNU sparse files: the archive stores only the data runs and a map of where they go; the file
 * is rebuilt at its real size with zeros in the holes. Four encodings: old GNU ('S' header,
 * extension blocks after it), PAX 0.0 (repeated offset/numbytes keywords), PAX 0.1 (one
 * `GNU.sparse.map` keyword) and PAX 1.0 (the map in decimal lines at the start of the body).
 */

export interface SparseMap {
  segments: Segment[];
  realSize: number;
}

/** A map longer than this is not plausible (GNU tar writes one run per 512 bytes at most). */
const MAX_SEGMENTS = 1 << 20;

function corrupt(message: string): TarError {
  return new TarError('corrupt', message);
}

/** Reads the extension blocks that follow an old GNU sparse header (21 pairs each, then a flag). */
export async function readOldSparseExtensions(source: ByteSource, segments: Segment[]): Promise<void> {
  for (let more = true; more;) {
    const block = await source.take(BLOCK);
    if (block.length < BLOCK) throw new TarError('truncated', 'The archive ends inside a sparse map.');
    const pairs = readSegments(block, 0, 21);
    if (pairs === null) throw corrupt('A sparse map is unreadable.');
    segments.push(...pairs);
    if (segments.length > MAX_SEGMENTS) throw corrupt('A sparse map is too long.');
    more = block[504] !== 0;
  }
}

export type PaxSparse =
  { version: '0.0' | '0.1'; map: SparseMap; name: string | null } | { version: '1.0'; realSize: number; name: string | null };

/** The sparse encoding a PAX header announces, or null for an ordinary file. */
export function paxSparse(pax: PaxRecords): PaxSparse | null {
  const values = pax.values;
  const name = values.get('GNU.sparse.name') ?? null;
  const realSize = paxInteger(values.get('GNU.sparse.realsize') ?? values.get('GNU.sparse.size'));
  if (values.get('GNU.sparse.major') === '1' && values.get('GNU.sparse.minor') === '0') {
    if (realSize === null) throw corrupt('A sparse file has no valid size.');
    return { version: '1.0', realSize, name };
  }
  const map = values.get('GNU.sparse.map');
  if (map === undefined && pax.sparseOffsets.length === 0) return null;
  if (realSize === null) throw corrupt('A sparse file has no valid size.');
  const numbers = map !== undefined ? map.split(',').map(decimal) : pairUp(pax.sparseOffsets, pax.sparseLengths);
  return { version: map !== undefined ? '0.1' : '0.0', map: { segments: toSegments(numbers), realSize }, name };
}

function pairUp(offsets: number[], lengths: number[]): number[] {
  if (offsets.length !== lengths.length) throw corrupt('A sparse map is incomplete.');
  return offsets.flatMap((offset, i) => [offset, lengths[i] ?? Number.NaN]);
}

function toSegments(numbers: number[]): Segment[] {
  if (numbers.length % 2 !== 0 || numbers.length / 2 > MAX_SEGMENTS) throw corrupt('A sparse map is malformed.');
  const segments: Segment[] = [];
  for (let i = 0; i < numbers.length; i += 2) {
    const offset = numbers[i] ?? Number.NaN;
    const length = numbers[i + 1] ?? Number.NaN;
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
      throw corrupt('A sparse map is malformed.');
    }
    segments.push({ offset, length });
  }
  return segments;
}

/**
 * The PAX 1.0 map at the start of the body: a count, then that many offset/length pairs, one
 * decimal number a line, padded to whole blocks; `#` comment lines may come first (libarchive
 * reads them so). Returns the blocks read and the segments, or no segments when the text is not
 * such a map (the caller then keeps the body as it is stored, as tools without sparse support do).
 */
export async function readSparse10Map(
  source: ByteSource,
  stored: number,
): Promise<{ blocks: Uint8Array; segments: Segment[] | null }> {
  const numbers: number[] = [];
  const blocks: Uint8Array[] = [];
  let wanted = 1;
  let current = '';
  let comment = false;
  while (numbers.length < wanted) {
    if ((blocks.length + 1) * BLOCK > stored) return { blocks: join(blocks), segments: null };
    const block = await source.take(BLOCK);
    if (block.length < BLOCK) throw new TarError('truncated', 'The archive ends inside a sparse map.');
    blocks.push(block);
    for (let i = 0; i < BLOCK && numbers.length < wanted; i += 1) {
      const byte = block[i] ?? 0;
      if (comment || (byte === 0x23 && numbers.length === 0 && current === '')) comment = byte !== 0x0a;
      else if (byte >= 0x30 && byte <= 0x39 && current.length < 16) current += String.fromCharCode(byte);
      else if (byte === 0x0a && current !== '') {
        numbers.push(Number(current));
        current = '';
        if (numbers.length === 1) wanted = 1 + 2 * (numbers[0] ?? 0);
        if (wanted > 1 + 2 * MAX_SEGMENTS) return { blocks: join(blocks), segments: null };
      } else return { blocks: join(blocks), segments: null };
    }
  }
  return { blocks: join(blocks), segments: toSegments(numbers.slice(1)) };
}

function join(blocks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(blocks.length * BLOCK);
  blocks.forEach((block, i) => out.set(block, i * BLOCK));
  return out;
}

/** Checks that the runs are in order, inside the file, and stored in `stored` bytes at most. */
export function checkSparseMap(map: SparseMap, stored: number): void {
  let end = 0;
  let data = 0;
  for (const { offset, length } of map.segments) {
    if (offset < end || offset + length > map.realSize) throw corrupt('A sparse map is inconsistent.');
    end = offset + length;
    data += length;
  }
  if (data > stored) throw corrupt('A sparse map promises more data than is stored.');
}

const ZERO_CHUNK = 64 * 1024;

/** Produces the rebuilt file: zeros for holes, stored runs from `source`. */
export class SparseContent {
  private position = 0;
  private index = 0;
  /** Stored bytes read so far. */
  consumed = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly map: SparseMap,
  ) {}

  async read(): Promise<Uint8Array | null> {
    const { segments, realSize } = this.map;
    let segment = segments[this.index];
    while (segment && this.position >= segment.offset + segment.length) segment = segments[++this.index];
    if (this.position >= realSize) return null;
    const holeEnd = segment ? segment.offset : realSize;
    if (this.position < holeEnd) {
      const zeros = new Uint8Array(Math.min(ZERO_CHUNK, holeEnd - this.position));
      this.position += zeros.length;
      return zeros;
    }
    const run = segment as Segment;
    const chunk = await this.source.read(run.offset + run.length - this.position);
    if (!chunk) throw new TarError('truncated', 'The archive ends inside a file.');
    this.position += chunk.length;
    this.consumed += chunk.length;
    return chunk;
  }
}
