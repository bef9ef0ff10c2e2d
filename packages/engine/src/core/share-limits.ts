import type { ExtractionLimits } from '@archive-opener/shared';

/** What one share declares of the whole: its bytes and entries against the archive's. */
export interface ShareOfWhole {
  bytes: { mine: number; all: number };
  entries: { mine: number; all: number };
  count: number;
}

/**
 * One share's limits: each limit cut in proportion to what the share declares, so that the
 * shares together never write more than the whole archive may (the total bytes and the
 * expansion ratio as one byte cap, the entry count by entries). A share that trips its cut of
 * a limit fails, and the page then extracts the archive in one worker, which reports the limit
 * as it is (or succeeds): a cut is never a looser limit, only a stricter one.
 */
export function cutLimits(limits: ExtractionLimits, archiveBytes: number, share: ShareOfWhole): ExtractionLimits {
  // Multiplied before divided: a share declaring all of a limit's bytes gets that limit exactly.
  const cut = (limit: number, { mine, all }: { mine: number; all: number }) =>
    Math.floor(all > 0 ? (limit * Math.max(0, mine)) / all : limit / share.count);
  const byteCap = Math.min(limits.maxTotalBytes, Math.max(limits.ratioGraceBytes, archiveBytes * limits.maxExpansionRatio));
  return {
    ...limits,
    maxTotalBytes: cut(byteCap, share.bytes),
    // The byte cap above already holds the ratio; a share's own ratio check would count its
    // bytes against the whole archive's size.
    maxExpansionRatio: Number.POSITIVE_INFINITY,
    maxEntries: cut(limits.maxEntries, share.entries),
  };
}
