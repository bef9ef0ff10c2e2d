import { cutArchiveFrame, type CutFolder } from './cut-archive.js';
import { helperFolders, listedStream, unusedName, type CutPlace } from './cut-place.js';
import type { FolderSplit } from './folder-split.js';
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
 * falls inside the file that spans it before the middle.
 */
export async function cutInsideFile(
  listing: SltListing,
  place: CutPlace,
  crc32Now?: (bytes: Uint8Array) => number,
): Promise<FolderSplit | null> {
  const { total, target, from, last, starts } = place;
  const cut = from[0];
  if (!cut) return null;
  // The file that spans the point, and where it lies in its block, unpacked.
  const spanning = cut.entries.findIndex(
    (entry, at) => cut.before + (starts[at] ?? 0) + (listing.entries[entry]?.size ?? 0) > target,
  );
  const file = cut.entries[spanning];
  if (file === undefined) return null;
  const start = starts[spanning] ?? 0;
  const end = start + (listing.entries[file]?.size ?? 0);
  // The last reset at or before the point, if inside the file: both parts then hold bytes (the
  // point lies before the file's end, and so does the reset).
  const reset = place.resets.lastUpToTarget;
  if (reset === null || reset.unpacked <= start) return null;

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
      firstBytes: reset.unpacked - start,
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
