import type { OperationOptions } from '../core/types.js';
import { cutArchiveFrame } from './cut-archive.js';
import { blocksOf, helperFolders, listedStream, unusedName, type CutPlace } from './cut-place.js';
import { maySplit, type FolderSplit } from './folder-split.js';
import { lzma2DictionaryOf, type Lzma2Reset } from './lzma2-resets.js';
import type { SltListing } from './slt-listing.js';

/**
 * Splits a 7z at a point inside a solid block where the LZMA2 dictionary is reset, so that two
 * 7-Zip instances decode halves of even size even where the blocks are few or one
 * (docs/decisions/043-sevenzip-cut-inside-a-block.md). This instance extracts every file that
 * starts before the cut's first whole file, and stops decoding after the last of them; the other
 * reads an archive made of the original's packed bytes from the reset on (cut-archive.ts), whose
 * first stream stands for the bytes between the reset and that file and is not extracted.
 *
 * `place` says where the cut falls and that it may be made (cut-place.ts: plain LZMA2 from the
 * cut block on, packed streams end to end after the start header, the cut block's resets walked).
 * Null where no reset leaves the other instance a whole file.
 * `helperLateBytes`: how much this instance decodes before the other starts (Node's second thread
 * starts later; the browser's two workers together).
 */
export async function cutInsideBlock(
  listing: SltListing,
  place: CutPlace,
  helperLateBytes: number,
  crc32Now?: (bytes: Uint8Array) => number,
): Promise<FolderSplit | null> {
  const { total, from, last, starts } = place;
  const cut = from[0];
  if (!cut) return null;
  // For each file that may come first to the other instance, the last reset at or before its
  // start: a later one leaves this instance the same bytes and the other fewer.
  const latest = place.resets.beforeFile;
  // What each instance decodes, unpacked: this one up to the first whole file, the other from the reset.
  let best: { reset: Lzma2Reset; first: number; own: number; helper: number } | null = null;
  const ends = (plan: { own: number; helper: number }) => Math.max(plan.own, plan.helper + helperLateBytes);
  for (const [first, reset] of latest) {
    const plan = { reset, first, own: cut.before + (starts[first] ?? 0), helper: total - cut.before - reset.unpacked };
    if (!best || ends(plan) < ends(best)) best = plan;
  }
  // Nothing left to this instance but what has no stream: one instance does as well.
  if (!best || best.own === 0) return null;

  const skipped = (starts[best.first] ?? 0) - best.reset.unpacked;
  const folders = helperFolders(place, listing, best.reset, [
    ...(skipped > 0 ? [{ name: unusedName(listing, '~skipped'), size: skipped, crc: null, modified: null }] : []),
    ...cut.entries.slice(best.first).map((entry) => listedStream(listing, entry)),
  ]);
  const frame = await cutArchiveFrame(folders, crc32Now);
  const helperEntries = [...cut.entries.slice(best.first), ...from.slice(1).flatMap((block) => block.entries)];
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

/** What a cut needs that the listing tells: a split is allowed and every block is plain LZMA2. */
export function mayCutInsideBlock(listing: SltListing, cores: number, options: OperationOptions): boolean {
  if (!maySplit(listing, cores, options) || !blocksOf(listing)) return false;
  return [...listing.blocks.method.values()].every((method) => lzma2DictionaryOf(method) !== null);
}
