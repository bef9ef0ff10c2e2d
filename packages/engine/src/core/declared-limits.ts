import type { ExtractionLimits } from '@archive-opener/shared';
import { EngineError } from './engine-error.js';
import { limitMessage, LimitTracker } from './limit-tracker.js';

/**
 * Refuses at once what the archive itself says is too big (entries, bytes, expansion), before a
 * byte is written. Lying headers are caught later by the LimitTracker, which counts what is
 * really written. Formats that state sizes only entry by entry (tar, cpio, LHA) are held to the
 * same rule one entry at a time (`LimitTracker.expectBytes`).
 */
export function checkDeclaredLimits(
  entries: readonly { readonly size: number | null }[],
  limits: ExtractionLimits,
  archiveBytes: number,
): void {
  if (entries.length > limits.maxEntries) {
    throw new EngineError('LIMIT_EXCEEDED', limitMessage('entryCount', limits.maxEntries), {
      limit: 'entryCount',
      max: limits.maxEntries,
      declared: entries.length,
    });
  }
  const declared = entries.reduce((sum, e) => sum + (e.size ?? 0), 0);
  new LimitTracker(limits, archiveBytes).expectBytes(declared);
}
