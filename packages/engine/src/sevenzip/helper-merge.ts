import type { LimitTracker } from '../core/limit-tracker.js';
import type { Step } from './adopt-staged.js';
import type { StagedEntry } from './fs-guard.js';
import type { HelperEntry } from './helper-protocol.js';
import type { PartSum } from './part-sum.js';
import type { FolderSplit } from './folder-split.js';
import type { SltListing } from './slt-listing.js';

/**
 * Puts what the second instance extracted among what this one did, in the order one instance
 * would have made them (the archive's order: each instance extracts its entries in that order,
 * and a folder 7-Zip made for a file goes just before it), so that names are allotted as they
 * would be. A folder both made is kept once; the second instance's folders are counted here
 * (fs-guard.ts's `dirsCounted`), so the entry limit sees each entry once.
 */
export function mergeHelperEntries(
  own: Step,
  helper: readonly HelperEntry[],
  listing: SltListing,
  tracker: LimitTracker,
  inFile?: FolderSplit['inFile'],
  firstSum: PartSum | null = null,
): Step {
  const index = new Map(listing.entries.map((entry, at) => [entry.name, at]));
  // The rest of a file cut in two is in the file this instance made of the first part (the sink
  // wrote both into one, staging.ts `CutFile`).
  const rest = inFile && helper.find((item) => item.type === 'file' && item.stagedPath === inFile.partName);
  const first = inFile && own.entries.find((item) => item.type === 'file' && item.stagedPath === inFile.name);
  if (inFile && (!rest || !first)) throw new Error(`A part of ${JSON.stringify(inFile.name)} is missing after the split.`);
  if (rest && first) {
    first.joined = { size: rest.size, crc: inFile.crc, sums: firstSum && rest.sum ? [firstSum, rest.sum] : null };
  }
  const ownDirs = new Set(own.entries.filter((e) => e.type === 'dir').map((e) => e.stagedPath));
  const theirs: StagedEntry[] = [];
  for (const item of helper) {
    if (item === rest) continue;
    if (item.type === 'dir') {
      if (ownDirs.has(item.stagedPath)) continue;
      tracker.addEntry();
      theirs.push({ stagedPath: item.stagedPath, type: 'dir' });
    } else if (item.type === 'symlink') {
      tracker.addEntry();
      theirs.push({ stagedPath: item.stagedPath, type: 'symlink', linkTarget: item.linkTarget ?? '' });
    } else {
      // Counted when the instance created it.
      theirs.push({
        stagedPath: item.stagedPath,
        type: 'file',
        modified: item.modified,
        fromHelper: { taken: item.taken, size: item.size },
      });
    }
  }
  const mine = keyed(own.entries, index);
  const other = keyed(theirs, index);
  const merged: StagedEntry[] = [];
  let a = 0;
  let b = 0;
  while (a < mine.length || b < other.length) {
    const next = b >= other.length || (a < mine.length && (mine[a]?.key ?? 0) <= (other[b]?.key ?? 0)) ? mine[a++] : other[b++];
    if (next) merged.push(next.entry);
  }
  return { dir: own.dir, entries: merged };
}

/** Each entry with its place in the archive; one not listed (a folder 7-Zip made) takes the next one's. */
function keyed(entries: readonly StagedEntry[], index: ReadonlyMap<string, number>): { entry: StagedEntry; key: number }[] {
  const out = entries.map((entry) => ({ entry, key: index.get(entry.supersededName ?? entry.stagedPath) ?? Number.NaN }));
  let next = Number.POSITIVE_INFINITY;
  for (let at = out.length - 1; at >= 0; at -= 1) {
    const item = out[at];
    if (!item) continue;
    if (Number.isNaN(item.key)) item.key = next;
    else next = item.key;
  }
  return out;
}
