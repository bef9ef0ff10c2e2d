import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource, OperationOptions } from '../core/types.js';
import { cutInsideBlock } from './block-cut.js';
import { cutPlace } from './cut-place.js';
import { cutInsideFile } from './file-cut.js';
import { splitFolders, type FolderSplit } from './folder-split.js';
import type { SltListing } from './slt-listing.js';

/**
 * A plan that ends within this share of the best a split could do needs no cut inside a file:
 * that cut costs two archive frames, and the host a join (and a sum of each part, in the browser).
 */
const NEAR_EVEN = 1.1;

/**
 * How a 7z is split between two 7-Zip instances, or null: by whole blocks (folder-split.ts), at a
 * dictionary reset inside one between files (block-cut.ts), or, where the host joins a file's two
 * parts (`joinsFiles`), at a reset inside a file (file-cut.ts): whichever ends sooner by the bytes
 * each instance decodes, the other's counted from `helperLateBytes` on.
 */
export async function planSplit(
  listing: SltListing,
  source: ArchiveSource | undefined,
  cores: number,
  options: OperationOptions,
  helperLateBytes: number,
  codec?: NativeCodec,
  joinsFiles = false,
): Promise<FolderSplit | null> {
  const crc32Now = codec && ((bytes: Uint8Array) => codec.crc32(bytes));
  const ends = (split: FolderSplit) => Math.max(split.unpacked.own, split.unpacked.helper + helperLateBytes);
  const sooner = (a: FolderSplit | null, b: FolderSplit | null) => (!a ? b : !b ? a : ends(a) <= ends(b) ? a : b);
  const byBlocks = splitFolders(listing, cores, options);
  const place = source ? await cutPlace(listing, source, cores, options, helperLateBytes) : null;
  if (!place) return byBlocks;
  const best = sooner(byBlocks, await cutInsideBlock(listing, place, helperLateBytes, crc32Now));
  if (!joinsFiles || (best && ends(best) <= place.target * NEAR_EVEN)) return best;
  return sooner(best, await cutInsideFile(listing, place, crc32Now));
}
