/**
 * The anonymous record of one archive (or one multi-volume set) extracted in the browser, sent to
 * POST /api/events when it ends (docs/decisions/023-anonymous-statistics.md). Server-mode
 * extractions are recorded by the server itself. Nothing is sent when the browser signals Do Not
 * Track or Global Privacy Control, and a failure to send never touches the extraction. This module
 * is on the home page's first load, so the body is built against the schema's type only: zod stays
 * out.
 */
import { isErrorCode, sizeBucket, type ErrorShape } from '@archive-opener/shared';
import type { UsageEvent } from '@archive-opener/shared/api';
import { browserAsksNotToTrack } from './do-not-track';
import { usageFormatName } from './format-name';

export const USAGE_EVENTS_URL = '/api/events';

/** The longest duration the schema accepts (one day). */
const MAX_DURATION_MS = 86_400_000;

/** How one extraction ended: with the engine's name for its format, or with its error. */
export type ExtractionEnd = { format: string } | { error: ErrorShape };

interface Archive {
  /** The archive's (or its first volume's) name: only its extension is used. */
  name: string;
  /** All its parts together, in bytes. */
  size: number;
}

/** The event for an archive whose extraction took `durationMs` and ended as `end`. */
export function usageEventFor(archive: Archive, end: ExtractionEnd, durationMs: number): UsageEvent {
  const common = {
    mode: 'browser' as const,
    sizeBucket: sizeBucket(archive.size),
    durationMs: Math.min(MAX_DURATION_MS, Math.max(0, Math.round(durationMs))),
  };
  if ('format' in end)
    return { ...common, format: usageFormatName(end.format, archive.name), outcome: 'success', errorCode: null };
  const format = usageFormatName(null, archive.name);
  // As the server records its own cancelled jobs: outcome "cancelled" with the CANCELLED code.
  if (end.error.code === 'CANCELLED') return { ...common, format, outcome: 'cancelled', errorCode: 'CANCELLED' };
  return { ...common, format, outcome: 'failure', errorCode: isErrorCode(end.error.code) ? end.error.code : 'INTERNAL' };
}

/** Sends the event, fire and forget, unless the browser asks not to be tracked. */
export function sendUsageEvent(event: UsageEvent): void {
  if (browserAsksNotToTrack()) return;
  try {
    fetch(USAGE_EVENTS_URL, {
      method: 'POST',
      // Delivered even when the visitor closes the tab right after the extraction.
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    }).catch((error: unknown) => console.debug('usage event not sent', error));
  } catch (error) {
    console.debug('usage event not sent', error);
  }
}

/**
 * Starts timing one browser extraction; `finish` sends its event once, when it ends. Call it where
 * the extraction starts, so the duration covers the whole run.
 */
export function startUsageRecord(archive: Archive): { finish(end: ExtractionEnd): void } {
  const startedAt = performance.now();
  let finished = false;
  return {
    finish(end) {
      if (finished) return;
      finished = true;
      sendUsageEvent(usageEventFor(archive, end, performance.now() - startedAt));
    },
  };
}
