import type { ArchiveSource, OperationOptions } from '../core/types.js';
import type { CutFolder, CutStream } from './cut-archive.js';
import { maySplit, SPLIT_MIN_BYTES } from './folder-split.js';
import { lzma2DictionaryOf, lzma2DictionaryProperty, lzma2Resets, type Lzma2Reset } from './lzma2-resets.js';
import { fileTimeOf, type SltListing } from './slt-listing.js';

// What both cuts of a 7z's solid block share (between files: block-cut.ts; inside a file:
// file-cut.ts): the blocks as the listing lays them out, where the cut should fall, and the
// archive made for the other instance from the reset on.

const SIGNATURE = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
/** The start header: the packed streams follow it, the end header's offset is counted from its end. */
const START_HEADER_BYTES = 32;

export interface Block {
  index: number;
  /** Where its packed stream starts in the archive. */
  offset: number;
  packed: number;
  unpacked: number;
  /** Unpacked bytes of the blocks before it. */
  before: number;
  /** Its files, in the order they are packed. */
  entries: number[];
}

/** Where a cut is made, before its reset is chosen. */
export interface CutPlace {
  /** The archive, read on this thread where the host can. */
  reader: ArchiveSource;
  /** Bytes every block unpacks to. */
  total: number;
  /** Where the cut should fall, unpacked: this instance decodes up to it, the other from it, starting later. */
  target: number;
  /** The block that holds `target` (the cut block), then every later one. */
  from: Block[];
  /** The LZMA2 property byte of each block of `from`. */
  properties: number[];
  /** The last block: the other instance reads up to its end. */
  last: Block;
  /** Where each of the cut block's files starts in it, unpacked, in packing order. */
  starts: number[];
  /**
   * The cut block's dictionary resets up to the target, walked once for both cuts: for each file
   * (by its place in `starts`) the last reset after the previous file's start and at or before its
   * own (block-cut.ts), and the last reset at or before the target (file-cut.ts). At most one a
   * file is kept, however many resets the stream has.
   */
  resets: { beforeFile: Map<number, Lzma2Reset>; lastUpToTarget: Lzma2Reset | null };
}

/**
 * The block a cut falls in and those after it, or null where no cut can be told safely: no split
 * allowed (folder-split.ts `maySplit`), packed streams that do not lie end to end after the start
 * header, blocks from the cut block on that are not plain LZMA2 or do not start with a reset,
 * a cut block whose chunk headers do not walk up to the cut (walked here, once for both cuts).
 * `helperLateBytes`: how much this instance decodes before the other starts.
 */
export async function cutPlace(
  listing: SltListing,
  source: ArchiveSource,
  cores: number,
  options: OperationOptions,
  helperLateBytes: number,
  minBytes = SPLIT_MIN_BYTES,
): Promise<CutPlace | null> {
  if (!maySplit(listing, cores, options, minBytes)) return null;
  const blocks = blocksOf(listing);
  const last = blocks?.at(-1);
  const reader = readsNow(source);
  if (!blocks || !last || !(await startHeaderAgrees(reader, last.offset + last.packed))) return null;
  const total = last.before + last.unpacked;
  const target = (total + helperLateBytes) / 2;
  const at = blocks.findIndex((block) => block.before + block.unpacked > target);
  if (at < 0) return null;
  const from = blocks.slice(at);
  const properties: number[] = [];
  for (const block of from) {
    const dictionary = lzma2DictionaryOf(listing.blocks.method.get(block.index) ?? '');
    const property = dictionary === null ? null : lzma2DictionaryProperty(dictionary);
    if (property === null) return null;
    properties.push(property);
  }
  // The cut block's chunks are walked up to the cut (lzma2-resets.ts: it must start with a
  // reset); the other instance's later blocks must at least start where their streams do.
  // Asked at once: in the browser each is a round trip to the archive's File.
  const [cut] = from;
  const [walked, ...later] = await Promise.all([
    cut ? walkResets(reader, cut, listing, target) : null,
    ...from.slice(1).map((block) => startsWithReset(reader, block)),
  ]);
  if (!cut || !walked || later.includes(false)) return null;
  return { reader, total, target, from, properties, last, ...walked };
}

/** The cut block's file starts, and its resets as CutPlace keeps them; null where its chunk headers do not walk. */
async function walkResets(
  reader: ArchiveSource,
  cut: Block,
  listing: SltListing,
  target: number,
): Promise<Pick<CutPlace, 'starts' | 'resets'> | null> {
  const starts: number[] = [];
  let at = 0;
  for (const entry of cut.entries) {
    starts.push(at);
    at += listing.entries[entry]?.size ?? 0;
  }
  const resets: CutPlace['resets'] = { beforeFile: new Map(), lastUpToTarget: null };
  const until = target - cut.before;
  let next = 0;
  const walked = await lzma2Resets(reader, cut.offset, cut.packed, cut.unpacked, until, (reset) => {
    while (next < starts.length && (starts[next] ?? 0) < reset.unpacked) next += 1;
    if (next < starts.length) resets.beforeFile.set(next, reset);
    if (reset.unpacked <= until) resets.lastUpToTarget = reset;
  });
  return walked ? { starts, resets } : null;
}

/**
 * The other instance's blocks (cut-archive.ts): the cut block from `reset`, holding `first`,
 * then every later block whole.
 */
export function helperFolders(place: CutPlace, listing: SltListing, reset: Lzma2Reset, first: CutStream[]): CutFolder[] {
  return place.from.map((block, i) => {
    const dictionaryProperty = place.properties[i] ?? 0;
    if (i > 0) {
      const streams = block.entries.map((entry) => listedStream(listing, entry));
      return { dictionaryProperty, packedSize: block.packed, unpackedSize: block.unpacked, streams };
    }
    return {
      dictionaryProperty,
      packedSize: block.packed - reset.packed,
      unpackedSize: block.unpacked - reset.unpacked,
      streams: first,
    };
  });
}

/** A file of the listing as a stream of an archive made around packed bytes: its name, size, CRC-32 and time. */
export function listedStream(listing: SltListing, entry: number): CutStream {
  return {
    name: listing.entries[entry]?.name ?? '',
    size: listing.entries[entry]?.size ?? 0,
    crc: listing.blocks.crcOfEntry[entry] ?? null,
    modified: fileTimeOf(listing.entries[entry]?.modified),
  };
}

/** `base`, with `~` before it until no entry has the name: for a stream that is no entry of the original. */
export function unusedName(listing: SltListing, base: string): string {
  const names = new Set(listing.entries.map((entry) => entry.name));
  let name = base;
  while (names.has(name)) name = `~${name}`;
  return name;
}

/** The source, read on this thread where the host can (ArchiveSource.readNow). */
function readsNow(source: ArchiveSource): ArchiveSource {
  if (!source.readNow) return source;
  return { ...source, read: (offset, length) => Promise.resolve(source.readNow?.(offset, length) ?? new Uint8Array(0)) };
}

/** The blocks in packing order, each with its files; null unless numbered 0, 1, … and every file of one is a regular file. */
export function blocksOf(listing: SltListing): Block[] | null {
  const { ofEntry, packed, unpacked } = listing.blocks;
  const blocks: Block[] = [];
  let offset = START_HEADER_BYTES;
  let before = 0;
  for (let index = 0; index < unpacked.size; index += 1) {
    const packedSize = packed.get(index);
    const unpackedSize = unpacked.get(index);
    // A listing is the archive's word: sizes that are not whole numbers make no plan.
    if (!Number.isSafeInteger(packedSize) || !Number.isSafeInteger(unpackedSize)) return null;
    if (packedSize === undefined || unpackedSize === undefined || packedSize <= 0 || unpackedSize < 0) return null;
    blocks.push({ index, offset, packed: packedSize, unpacked: unpackedSize, before, entries: [] });
    offset += packedSize;
    before += unpackedSize;
  }
  for (const [entry, block] of ofEntry.entries()) {
    if (block === null) continue;
    const holder = blocks[block];
    const listed = listing.entries[entry];
    if (!holder || listed?.type !== 'file' || !Number.isSafeInteger(listed.size) || (listed.size ?? -1) < 0) return null;
    holder.entries.push(entry);
  }
  return blocks;
}

/**
 * The start header names the end header at or after the end of the packed streams laid end to
 * end (after them, where the end header is itself packed, comes its packed stream).
 */
async function startHeaderAgrees(source: ArchiveSource, packedEnd: number): Promise<boolean> {
  const head = await source.read(0, START_HEADER_BYTES);
  if (head.length < START_HEADER_BYTES || SIGNATURE.some((byte, i) => head[i] !== byte)) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const nextHeaderOffset = view.getUint32(12, true) + view.getUint32(16, true) * 2 ** 32;
  return START_HEADER_BYTES + nextHeaderOffset >= packedEnd && packedEnd <= source.size;
}

/** Every LZMA2 stream starts with a chunk that resets the dictionary (lzma2-resets.ts). */
async function startsWithReset(source: ArchiveSource, block: Block): Promise<boolean> {
  const [control] = await source.read(block.offset, 1);
  return control === 0x01 || (control !== undefined && control >= 0xe0);
}
