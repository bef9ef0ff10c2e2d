import type { ExtractionLimits } from '@archive-opener/shared';
import { EngineError } from './engine-error.js';
import type { ListedEntry } from './types.js';

/**
 * Refuses at once what the archive itself says is too big, before a byte is written. Lying
 * headers are caught later by the LimitTracker, which counts what is really written.
 */
export function checkDeclaredLimits(entries: readonly ListedEntry[], limits: ExtractionLimits): void {
  if (entries.length > limits.maxEntries) {
    throw new EngineError('LIMIT_EXCEEDED', `The archive has more than ${limits.maxEntries} entries.`, {
      limit: 'entryCount',
      max: limits.maxEntries,
      declared: entries.length,
    });
  }
  const declared = entries.reduce((sum, e) => sum + (e.size ?? 0), 0);
  if (declared > limits.maxTotalBytes) {
    throw new EngineError('LIMIT_EXCEEDED', `The archive would expand to more than ${limits.maxTotalBytes} bytes.`, {
      limit: 'totalBytes',
      max: limits.maxTotalBytes,
      declared,
    });
  }
}
