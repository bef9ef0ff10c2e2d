import type { ExtractionLimits } from '@archive-opener/shared';
import { EngineError } from '../core/engine-error.js';
import { cutLimits } from '../core/share-limits.js';
import type { ArchiveView } from '../core/output-sink.js';
import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource, OperationOptions } from '../core/types.js';
import { planSplit } from './split-plan.js';
import { nameListSwitches } from './helper-instance.js';
import type { SltListing } from './slt-listing.js';

/**
 * One of two browser workers each running a 7-Zip instance on part of the same 7z's solid blocks
 * (docs/decisions/038-sevenzip-on-both-cores.md, "The browser"): index 0 everything but the other's
 * files, index 1 only those.
 */
export interface SevenZipShare {
  index: number;
  count: number;
  /**
   * Whether the page joins a file cut in two between the shares (file-cut.ts), each share
   * reporting its part's CRC-32 (`ExtractResult.filePart`): true for output kept in the page,
   * not for files written straight into a folder. Both shares must be told the same.
   */
  joinsFiles?: boolean;
}

/** What one share's instance is told: the names for its list file, its switches, its cut of the limits. */
export interface SharePlan {
  names: string[];
  switches: string[];
  limits: ExtractionLimits;
  /** The listing's entries this share extracts (what it adopts and reports), in the archive's order: none, nothing to run. */
  entries: SltListing['entries'];
  /** Their declared bytes: this share's part of the progress total. */
  bytes: number;
  /** Share 1 of a split inside a block reads this archive instead of the original (block-cut.ts). */
  view?: ArchiveView;
  /**
   * A file cut in two (file-cut.ts): share 0 also extracts from `ownView` (the cut block up to
   * the cut, ending with the file's first part), share 1 extracts its rest as `partName`. Each
   * sums its part's CRC-32 for the page, which joins them.
   */
  cutFile?: { name: string; partName: string; crc: number | null; ownView?: ArchiveView };
}

/**
 * The plan of one share, from the split Node's second instance uses (split-plan.ts): both
 * workers list the same archive, read the same bytes and compute the same split; neither starts
 * later than the other. Share 1 takes the regular files of the split's other part, whole blocks
 * or the end of one and those after (`-ir-@list`); share 0 all else, folders, links and empty
 * files included (`-xr-@list`), as the first instance does on Node. Each share is held to its cut
 * of every limit, in proportion to the bytes and entries it declares. Where no split is made
 * share 0 takes everything, with the whole limits, and share 1 nothing (no entries: it extracts
 * nothing): the page may share a large `.7z` before its listing has said whether it splits, at
 * the cost of a listing in the second worker. Not two shares is a failure: the page then
 * extracts unshared.
 */
export async function sharePlan(
  listing: SltListing,
  source: ArchiveSource | undefined,
  share: SevenZipShare,
  limits: ExtractionLimits,
  options: OperationOptions,
  archiveBytes: number,
  codec?: NativeCodec,
): Promise<SharePlan> {
  if (share.count !== 2 || (share.index !== 0 && share.index !== 1)) {
    throw new EngineError('INTERNAL', 'A 7z is extracted in two shares, not more.');
  }
  // A file is cut only where the codec sums each part's CRC-32 for the page's check.
  const split = await planSplit(
    listing,
    source,
    share.count,
    options,
    0,
    codec,
    share.joinsFiles === true && codec !== undefined,
  );
  const own = share.index === 0;
  const helperNames = new Set(split?.helperNames);
  const entries = listing.entries.filter((entry) => helperNames.has(entry.name) !== own);
  const declared = (list: SltListing['entries']) =>
    list.reduce((sum, entry) => sum + (entry.type === 'file' ? (entry.size ?? 0) : 0), 0);
  const inFile = split?.inFile;
  // The file cut in two is share 0's entry; share 1 writes its rest, which is no entry (fs-guard.ts).
  const moved = inFile ? (own ? -inFile.restBytes : inFile.restBytes) : 0;
  const bytes = declared(entries) + moved;
  // Entries are cut by what each share lists, so the cuts add up to the limit at most. A folder
  // both shares make (above files of each) counts in both: such an archive at exactly the entry
  // limit fails a share, and the page extracts it again in one worker.
  const cut = cutLimits(limits, archiveBytes, {
    bytes: { mine: bytes, all: declared(listing.entries) },
    entries: { mine: entries.length, all: listing.entries.length },
    count: share.count,
  });
  // No split: share 0 runs as one instance would (an empty include list would select everything).
  const switches = split ? nameListSwitches(own ? 'x' : 'i') : [];
  // Share 0's first command leaves out the files it reads from its own view, as on Node (split-run.ts).
  const names = [...(split?.helperNames ?? []), ...(own ? (inFile?.ownNames ?? []) : [])];
  const plan: SharePlan = { names, switches, limits: cut, entries, bytes };
  if (!own && split?.view) plan.view = split.view;
  if (inFile) {
    const { name, partName, crc, ownView } = inFile;
    plan.cutFile = own ? { name, partName, crc, ownView } : { name, partName, crc };
  }
  return plan;
}
