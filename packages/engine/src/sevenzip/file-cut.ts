import { cutArchiveFrame, type CutFolder } from './cut-archive.js';
import { helperFolders, listedStream, unusedName, type CutPlace } from './cut-place.js';
import type { FolderSplit } from './folder-split.js';
import { lzma2Resets, type Lzma2Reset } from './lzma2-resets.js';
import type { SltListing } from './slt-listing.js';

/** The LZMA2 control byte that ends a stream: appended where this instance's part of a block stops. */
const LZMA2_END = 0;

/**
 * Splits a 7z at a dictionary reset inside the one file that spans the middle of its output, for
 * an archive whose bytes are mostly one large file (a disk image, a database dump), where a cut
 * between files (block-cut.ts) leaves one instance nearly all of them
 * (docs/decisions/052-sevenzip-cut-inside-a-file.md). This instance reads an archive made of the
 * cut block from its start to the reset, closed by the stream's end mark: the block's files
 * before that file, then the file's first part. The other reads the block from the reset on, the
 * file's rest first (under a name no entry has), then the files after it and the later blocks,
 * as block-cut.ts makes it. The host joins the two parts and checks the whole file's CRC-32.
 *
 * `place` says where the cut falls and that it may be made (cut-place.ts). Null where no reset
 * falls inside the file that spans it, or the cut block's chunk headers do not walk.
 */
export async function cutInsideFile(
  listing: SltListing,
  place: CutPlace,
  crc32Now?: (bytes: Uint8Array) => number,
): Promise<FolderSplit | null> {
  const { reader, total, target, from, last } = place;
  const cut = from[0];
  if (!cut) return null;
  // The file that spans the point, and where it lies in its block, unpacked.
  const sizeOf = (entry: number) => listing.entries[entry]?.size ?? 0;
  let start = 0;
  let spanning = -1;
  for (const [at, entry] of cut.entries.entries()) {
    if (cut.before + start + sizeOf(entry) > target) {
      spanning = at;
      break;
    }
    start += sizeOf(entry);
  }
  const file = cut.entries[spanning];
  if (file === undefined) return null;
  const end = start + sizeOf(file);
  // The last reset inside the file at or before the point: both parts hold bytes.
  const chosen: { reset: Lzma2Reset | null } = { reset: null };
  const walked = await lzma2Resets(reader, cut.offset, cut.packed, cut.unpacked, target - cut.before, (reset) => {
    if (reset.unpacked > start && reset.unpacked < end && reset.unpacked <= target - cut.before) chosen.reset = reset;
  });
  const reset = chosen.reset;
  if (!walked || reset === null) return null;

  const whole = listedStream(listing, file);
  const partName = unusedName(listing, '~rest');
  // Neither part's CRC-32 is known: the host checks the joined file's.
  const ownFolder: CutFolder = {
    dictionaryProperty: place.properties[0] ?? 0,
    packedSize: reset.packed + 1,
    unpackedSize: reset.unpacked,
    streams: [
      ...cut.entries.slice(0, spanning).map((entry) => listedStream(listing, entry)),
      { ...whole, size: reset.unpacked - start, crc: null },
    ],
  };
  const rest = [
    { ...whole, name: partName, size: end - reset.unpacked, crc: null },
    ...cut.entries.slice(spanning + 1).map((entry) => listedStream(listing, entry)),
  ];
  const [own, helper] = await Promise.all([
    cutArchiveFrame([ownFolder], crc32Now),
    cutArchiveFrame(helperFolders(place, listing, reset, rest), crc32Now),
  ]);
  const helperEntries = [...cut.entries.slice(spanning + 1), ...from.slice(1).flatMap((block) => block.entries)];
  return {
    helperNames: [partName, ...helperEntries.map((entry) => listing.entries[entry]?.name ?? '')],
    unpacked: { own: cut.before + reset.unpacked, helper: total - cut.before - reset.unpacked },
    view: {
      name: 'cut.7z',
      head: helper.head,
      from: cut.offset + reset.packed,
      to: last.offset + last.packed,
      tail: helper.tail,
    },
    inFile: {
      name: whole.name,
      partName,
      crc: whole.crc,
      restBytes: end - reset.unpacked,
      ownNames: cut.entries.slice(0, spanning + 1).map((entry) => listing.entries[entry]?.name ?? ''),
      ownView: {
        name: 'own.7z',
        head: own.head,
        from: cut.offset,
        to: cut.offset + reset.packed,
        tail: Uint8Array.of(LZMA2_END, ...own.tail),
      },
    },
  };
}
