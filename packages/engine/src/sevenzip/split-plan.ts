import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource, OperationOptions } from '../core/types.js';
import { cutInsideBlock } from './block-cut.js';
import { splitFolders, type FolderSplit } from './folder-split.js';
import type { SltListing } from './slt-listing.js';

/**
 * How a 7z is split between two 7-Zip instances, or null: by whole blocks (folder-split.ts) or
 * at a dictionary reset inside one (block-cut.ts), whichever ends sooner by the bytes each
 * instance decodes, the other's counted from `helperLateBytes` on.
 */
export async function planSplit(
  listing: SltListing,
  source: ArchiveSource | undefined,
  cores: number,
  options: OperationOptions,
  helperLateBytes: number,
  codec?: NativeCodec,
): Promise<FolderSplit | null> {
  const byBlocks = splitFolders(listing, cores, options);
  const inside = source
    ? await cutInsideBlock(listing, source, cores, options, helperLateBytes, codec && ((bytes) => codec.crc32(bytes)))
    : null;
  const ends = (split: FolderSplit) => Math.max(split.unpacked.own, split.unpacked.helper + helperLateBytes);
  if (!inside) return byBlocks;
  return byBlocks && ends(byBlocks) <= ends(inside) ? byBlocks : inside;
}
