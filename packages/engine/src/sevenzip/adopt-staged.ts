import { entryTime } from '../core/entry-time.js';
import { NameAllocator } from '../core/name-allocator.js';
import type { EntryStamp, OutputSink } from '../core/output-sink.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import { isWanted, type ExtractedEntry, type OperationOptions } from '../core/types.js';
import type { StagedEntry } from './fs-guard.js';
import { isLzhLinkArtefact, lzhLinks } from './lzh-links.js';
import { pseudoEntryNames } from './pseudo-entries.js';
import type { SevenZipModule } from './sevenzip-module.js';
import type { Staging } from './staging.js';
import { listedTimeMs, type SltListing } from './slt-listing.js';

/** What one 7-Zip command wrote: its output folder inside the instance, and the entries in it. */
export interface Step {
  dir: string;
  entries: StagedEntry[];
}

/**
 * Moves what 7-Zip staged to its final, safe and unique paths through the sink, and turns the
 * format quirks 7-Zip leaves in (LHA and RAR 4 links written as folders or files, RAR versions,
 * XAR's table of contents) into what the archive really holds.
 */
export async function adoptAll(
  sz: SevenZipModule,
  sink: OutputSink,
  staging: Staging,
  step: Step,
  listing: SltListing,
  rarLinks: ReadonlySet<string>,
  options: OperationOptions,
): Promise<ExtractedEntry[]> {
  const allocator = new NameAllocator();
  const entries: ExtractedEntry[] = [];
  // Later duplicates keep the name (as with every native tool); earlier ones become "name (2)".
  const links = lzhLinks(listing.type, listing.entries);
  const pseudo = pseudoEntryNames(listing.type, listing.entries);
  const ordered = [
    ...step.entries.filter((e) => e.supersededName === undefined),
    ...step.entries.filter((e) => e.supersededName !== undefined),
  ];
  const folderTimes = listedFolderTimes(listing, ordered);
  for (const item of ordered) {
    if (isLzhLinkArtefact(item.stagedPath, links) || pseudo.has(item.stagedPath)) continue;
    if (!isWanted(options, item.stagedPath) && !(item.type === 'dir' && leadsToWanted(options, item.stagedPath))) continue;
    const name = item.supersededName ?? item.preferredName ?? item.stagedPath;
    const safe = toSafeRelativePath(name);
    if (safe === null) continue;
    const path = allocator.allocate(safe, item.type);
    const entry: ExtractedEntry = { path, type: item.type, size: 0 };
    if (path !== item.stagedPath) entry.originalName = item.supersededName ?? item.stagedPath;
    if (item.type === 'dir') {
      // Its mode stays the one it is made with, as 7-Zip's own folders (host-node/entry-stamp.ts).
      const stamp: EntryStamp = { modified: folderTimes.get(item.stagedPath) ?? null, mode: null };
      if (stamp.modified !== null) entry.modified = stamp.modified;
      await sink.makeDirectory(path, stamp);
    } else if (item.type === 'file' && rarLinks.has(item.stagedPath)) {
      // A RAR4 link that 7-Zip wrote as a file of its target: report the link, keep no file.
      entry.type = 'symlink';
      entry.linkTarget = new TextDecoder().decode(sz.FS.readFile(`${step.dir}/${item.stagedPath}`).subarray(0, 4096));
    } else if (item.type === 'file' && item.fromHelper) {
      entry.size = item.fromHelper.size;
      if (item.modified != null) entry.modified = item.modified;
      await staging.adoptFromHelper(item.fromHelper.taken, path);
    } else if (item.type === 'file') {
      // The file on disk gets its time and mode from the same node (the host's spool).
      const { size, mtime } = sz.FS.stat(`${step.dir}/${item.stagedPath}`);
      entry.size = size;
      const modified = entryTime(mtime.getTime());
      if (modified !== null) entry.modified = modified;
      await staging.adopt(`${step.dir}/${item.stagedPath}`, path);
      if (item.joined) {
        entry.size += item.joined.size;
        await staging.checkCutFile(path, entry.size, item.joined.crc, item.joined.sums);
      }
    } else if (item.linkTarget !== undefined) {
      entry.linkTarget = item.linkTarget;
    }
    entries.push(entry);
  }
  addRefusedLinks(entries, allocator, listing, options);
  for (const link of links.filter((l) => isWanted(options, l.name))) {
    const safe = toSafeRelativePath(link.name);
    if (safe !== null)
      entries.push({ path: allocator.allocate(safe, 'symlink'), type: 'symlink', size: 0, linkTarget: link.target });
  }
  return entries;
}

/**
 * The archive's times for the folders it lists, by staged path. From the listing, not from 7-Zip's
 * file system: an instance that extracted only some of a block's files (a split, split-run.ts)
 * was seen to leave its folders the time they were made. A folder 7-Zip made for a file, with no
 * entry of its own, has none: it gets the time of extraction, as with native tools.
 */
function listedFolderTimes(listing: SltListing, items: readonly StagedEntry[]): Map<string, number | null> {
  const folders = new Set(items.filter((item) => item.type === 'dir').map((item) => item.stagedPath));
  const times = new Map<string, number | null>();
  if (folders.size === 0) return times;
  for (const entry of listing.entries) if (folders.has(entry.name)) times.set(entry.name, listedTimeMs(entry.modified));
  return times;
}

function leadsToWanted(options: OperationOptions, dir: string): boolean {
  return options.only?.some((name) => name.startsWith(`${dir}/`)) ?? true;
}

/** Links 7-Zip refused to create never reach our hook; they are still entries of the archive. */
function addRefusedLinks(
  entries: ExtractedEntry[],
  allocator: NameAllocator,
  listing: SltListing,
  options: OperationOptions,
): void {
  const seen = new Set(entries.map((e) => e.path));
  for (const listed of listing.entries) {
    if (listed.type !== 'symlink' || !isWanted(options, listed.name)) continue;
    const safe = toSafeRelativePath(listed.name);
    if (safe === null || seen.has(safe)) continue;
    const entry: ExtractedEntry = { path: allocator.allocate(safe, 'symlink'), type: 'symlink', size: 0 };
    if (listed.linkTarget !== undefined) entry.linkTarget = listed.linkTarget;
    entries.push(entry);
  }
}
