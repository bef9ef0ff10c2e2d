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
  const fraction = (part: number, whole: number) => (whole > 0 ? Math.max(0, part) / whole : 1 / share.count);
  const byteCap = Math.min(limits.maxTotalBytes, Math.max(limits.ratioGraceBytes, archiveBytes * limits.maxExpansionRatio));
  return {
    ...limits,
    maxTotalBytes: Math.floor(byteCap * fraction(share.bytes.mine, share.bytes.all)),
    // The byte cap above already holds the ratio; a share's own ratio check would count its
    // bytes against the whole archive's size.
    maxExpansionRatio: Number.POSITIVE_INFINITY,
    maxEntries: Math.floor(limits.maxEntries * fraction(share.entries.mine, share.entries.all)),
  };
}
