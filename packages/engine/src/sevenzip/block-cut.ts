import type { OperationOptions, ArchiveSource } from '../core/types.js';
import { cutArchiveFrame, type CutFolder } from './cut-archive.js';
import { maySplit, SPLIT_MIN_BYTES, type FolderSplit } from './folder-split.js';
import { lzma2DictionaryOf, lzma2DictionaryProperty, lzma2Resets, type Lzma2Reset } from './lzma2-resets.js';
import { fileTimeOf, type SltListing } from './slt-listing.js';

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

/**
 * Splits a 7z at a point inside a solid block where the LZMA2 dictionary is reset, so that two
 * 7-Zip instances decode halves of even size even where the blocks are few or one
 * (docs/decisions/043-sevenzip-cut-inside-a-block.md). This instance extracts every file that
 * starts before the cut's first whole file, and stops decoding after the last of them; the other
 * reads an archive made of the original's packed bytes from the reset on (cut-archive.ts), whose
 * first stream stands for the bytes between the reset and that file and is not extracted.
 *
 * Null where this cannot be told safely: blocks that are not plain LZMA2 from the cut on, packed
 * streams that do not lie end to end after the start header, a stream whose chunks do not walk,
 * or no reset that leaves the other instance a whole file. `helperLateBytes`: how much this
 * instance decodes before the other starts (Node's second thread starts later; the browser's
 * two workers together).
 */
export async function cutInsideBlock(
  listing: SltListing,
  source: ArchiveSource,
  cores: number,
  options: OperationOptions,
  helperLateBytes: number,
  crc32Now?: (bytes: Uint8Array) => number,
  minBytes = SPLIT_MIN_BYTES,
): Promise<FolderSplit | null> {
  if (!maySplit(listing, cores, options, minBytes)) return null;
  const blocks = blocksOf(listing);
  if (!blocks) return null;
  const last = blocks.at(-1);
  const reader = readsNow(source);
  if (!last || !(await startHeaderAgrees(reader, last.offset + last.packed))) return null;
  const total = last.before + last.unpacked;
  // This instance decodes up to the cut, the other from it, starting later.
  const target = (total + helperLateBytes) / 2;
  const cut = blocks.find((block) => block.before + block.unpacked > target);
  if (!cut) return null;
  const from = blocks.slice(cut.index);
  const dictionaries = from.map((block) => lzma2DictionaryOf(listing.blocks.method.get(block.index) ?? ''));
  if (dictionaries.some((size) => size === null || lzma2DictionaryProperty(size) === null)) return null;
  // The cut block's chunks are walked up to the cut; the other instance's later blocks must at
  // least start where their streams do.
  // Asked at once: in the browser each is a round trip to the archive's File.
  const resets = await Promise.all(from.slice(1).map((block) => startsWithReset(reader, block)));
  if (resets.includes(false)) return null;
  // Where each of the cut block's files starts, unpacked.
  const sizeOf = (entry: number) => listing.entries[entry]?.size ?? 0;
  const starts: number[] = [];
  let at = 0;
  for (const entry of cut.entries) {
    starts.push(at);
    at += sizeOf(entry);
  }
  // For each file that may come first to the other instance, the last reset at or before its
  // start: a later one leaves this instance the same bytes and the other fewer. At most one a
  // file is kept, however many resets the stream has.
  const latest = new Map<number, Lzma2Reset>();
  let next = 0;
  const walked = await lzma2Resets(reader, cut.offset, cut.packed, cut.unpacked, target - cut.before, (reset) => {
    while (next < starts.length && (starts[next] ?? 0) < reset.unpacked) next += 1;
    if (next < starts.length) latest.set(next, reset);
  });
  if (!walked) return null;
  // What each instance decodes, unpacked: this one up to the first whole file, the other from the reset.
  let best: { reset: Lzma2Reset; first: number; own: number; helper: number } | null = null;
  const ends = (plan: { own: number; helper: number }) => Math.max(plan.own, plan.helper + helperLateBytes);
  for (const [first, reset] of latest) {
    const plan = { reset, first, own: cut.before + (starts[first] ?? 0), helper: total - cut.before - reset.unpacked };
    if (!best || ends(plan) < ends(best)) best = plan;
  }
  if (!best) return null;

  const names = new Set(listing.entries.map((entry) => entry.name));
  let skipName = '~skipped';
  while (names.has(skipName)) skipName = `~${skipName}`;
  const streamOf = (entry: number) => ({
    name: listing.entries[entry]?.name ?? '',
    size: sizeOf(entry),
    crc: listing.blocks.crcOfEntry[entry] ?? null,
    modified: fileTimeOf(listing.entries[entry]?.modified),
  });
  const helperEntries = [...cut.entries.slice(best.first), ...from.slice(1).flatMap((block) => block.entries)];
  const skipped = (starts[best.first] ?? 0) - best.reset.unpacked;
  const folders: CutFolder[] = from.map((block, i) => {
    const dictionaryProperty = lzma2DictionaryProperty(dictionaries[i] ?? 0) ?? 0;
    if (i > 0)
      return { dictionaryProperty, packedSize: block.packed, unpackedSize: block.unpacked, streams: block.entries.map(streamOf) };
    return {
      dictionaryProperty,
      packedSize: block.packed - best.reset.packed,
      unpackedSize: block.unpacked - best.reset.unpacked,
      streams: [
        ...(skipped > 0 ? [{ name: skipName, size: skipped, crc: null, modified: null }] : []),
        ...block.entries.slice(best.first).map(streamOf),
      ],
    };
  });
  // Nothing left to this instance but what has no stream: one instance does as well.
  if (best.own === 0) return null;
  const frame = await cutArchiveFrame(folders, crc32Now);
  return {
    helperNames: helperEntries.map((entry) => listing.entries[entry]?.name ?? ''),
    unpacked: { own: best.own, helper: best.helper },
    view: {
      name: 'cut.7z',
      head: frame.head,
      from: cut.offset + best.reset.packed,
      to: last.offset + last.packed,
      tail: frame.tail,
    },
  };
}

/** The source, read on this thread where the host can (ArchiveSource.readNow). */
export function readsNow(source: ArchiveSource): ArchiveSource {
  if (!source.readNow) return source;
  return { ...source, read: (offset, length) => Promise.resolve(source.readNow?.(offset, length) ?? new Uint8Array(0)) };
}

/** What a cut needs that the listing tells: a split is allowed and every block is plain LZMA2. */
export function mayCutInsideBlock(listing: SltListing, cores: number, options: OperationOptions): boolean {
  if (!maySplit(listing, cores, options) || !blocksOf(listing)) return false;
  return [...listing.blocks.method.values()].every((method) => lzma2DictionaryOf(method) !== null);
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
export async function startHeaderAgrees(source: ArchiveSource, packedEnd: number): Promise<boolean> {
  const head = await source.read(0, START_HEADER_BYTES);
  if (head.length < START_HEADER_BYTES || SIGNATURE.some((byte, i) => head[i] !== byte)) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const nextHeaderOffset = view.getUint32(12, true) + view.getUint32(16, true) * 2 ** 32;
  return START_HEADER_BYTES + nextHeaderOffset >= packedEnd && packedEnd <= source.size;
}

/** Every LZMA2 stream starts with a chunk that resets the dictionary (lzma2-resets.ts). */
export async function startsWithReset(source: ArchiveSource, block: Block): Promise<boolean> {
  const [control] = await source.read(block.offset, 1);
  return control === 0x01 || (control !== undefined && control >= 0xe0);
}
