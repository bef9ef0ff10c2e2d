import type { ExtractionLimits } from '@archive-opener/shared';
import { cutLimits } from '../core/share-limits.js';
import type { CentralRecord } from './central-record.js';
import type { ZipItem } from './zip-archive.js';
import { METHOD_DEFLATE, METHOD_DEFLATE64 } from './zip-codes.js';

/**
 * One of `count` workers extracting parts of the same zip at once, each with its own share of
 * the entries (the browser's two cores, docs/decisions/036-browser-speed-at-scale.md).
 */
export interface ZipShare {
  index: number;
  count: number;
}

/** What a share's plan weighs of an entry. */
export interface ShareWeight extends Pick<ZipItem, 'type' | 'size'> {
  central: Pick<CentralRecord, 'compressionMethod' | 'compressedSize'>;
}

/**
 * What decoding an entry costs, roughly: inflating is paid per byte of output; a stored entry is
 * read and checked (or only referred to), several times cheaper per byte.
 */
function costOf(item: ShareWeight): number {
  if (item.type !== 'file') return 0;
  const { compressionMethod, compressedSize } = item.central;
  return compressionMethod === METHOD_DEFLATE || compressionMethod === METHOD_DEFLATE64 ? item.size : compressedSize / 4;
}

/**
 * The share each entry belongs to: runs of consecutive entries of about equal cost, so that each
 * worker reads its own stretch of the archive in order. Every worker computes the same answer
 * from the same central directory.
 */
export function shareOwners(items: readonly ShareWeight[], count: number): number[] {
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

/** One share's limits: its cut of each (core/share-limits.ts), by the entries it owns. */
export function shareLimits(
  limits: ExtractionLimits,
  items: readonly ShareWeight[],
  owners: readonly number[],
  share: ZipShare,
  archiveBytes: number,
): ExtractionLimits {
  const declared = (item: ShareWeight) => (item.type === 'file' ? item.size : 0);
  const mine = items.filter((_, index) => owners[index] === share.index);
  return cutLimits(limits, archiveBytes, {
    bytes: {
      mine: mine.reduce((sum, item) => sum + declared(item), 0),
      all: items.reduce((sum, item) => sum + declared(item), 0),
    },
    entries: { mine: mine.length, all: items.length },
    count: share.count,
  });
}
