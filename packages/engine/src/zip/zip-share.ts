import type { ExtractionLimits } from '@archive-opener/shared';
import type { ZipItem } from './zip-archive.js';

/**
 * One of `count` workers extracting parts of the same zip at once, each with its own share of
 * the entries (the browser's two cores, docs/decisions/036-browser-speed-at-scale.md).
 */
export interface ZipShare {
  index: number;
  count: number;
}

/**
 * What decoding an entry costs, roughly: inflating is paid per byte of output; a stored entry is
 * read and checked (or only referred to), several times cheaper per byte.
 */
function costOf(item: ZipItem): number {
  if (item.type !== 'file') return 0;
  return item.deflated ? item.size : item.packed / 4;
}

/**
 * The share each entry belongs to: runs of consecutive entries of about equal cost, so that each
 * worker reads its own stretch of the archive in order. Every worker computes the same answer
 * from the same central directory.
 */
export function shareOwners(items: readonly ZipItem[], count: number): number[] {
  const total = items.reduce((sum, item) => sum + costOf(item), 0);
  const owners: number[] = [];
  let before = 0;
  for (const item of items) {
    const cost = costOf(item);
    // An entry belongs to the share its middle falls in.
    const middle = total > 0 ? (before + cost / 2) / total : 0;
    owners.push(Math.min(count - 1, Math.floor(middle * count)));
    before += cost;
  }
  return owners;
}

/**
 * One share's limits: each limit cut in proportion to what the share declares, so that the
 * shares together never write more than the whole archive may (the total bytes and the
 * expansion ratio as one byte cap, the entry count by entries). A share that trips its cut of
 * a limit fails, and the page then extracts the archive in one worker, which reports the limit
 * as it is (or succeeds): a cut is never a looser limit, only a stricter one.
 */
export function shareLimits(
  limits: ExtractionLimits,
  items: readonly ZipItem[],
  owners: readonly number[],
  share: ZipShare,
  archiveBytes: number,
): ExtractionLimits {
  const mine = items.filter((_, index) => owners[index] === share.index);
  const declaredAll = items.reduce((sum, item) => sum + (item.type === 'file' ? item.size : 0), 0);
  const declaredMine = mine.reduce((sum, item) => sum + (item.type === 'file' ? item.size : 0), 0);
  const fraction = (part: number, whole: number) => (whole > 0 ? part / whole : 1 / share.count);
  const byteCap = Math.min(limits.maxTotalBytes, Math.max(limits.ratioGraceBytes, archiveBytes * limits.maxExpansionRatio));
  return {
    ...limits,
    maxTotalBytes: Math.floor(byteCap * fraction(declaredMine, declaredAll)),
    // The byte cap above already holds the ratio; a share's own ratio check would count its
    // bytes against the whole archive's size.
    maxExpansionRatio: Number.POSITIVE_INFINITY,
    maxEntries: Math.floor(limits.maxEntries * fraction(mine.length, items.length)),
  };
}
