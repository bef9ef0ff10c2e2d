import { extractionUrls } from './urls';

/** The original's keep-alive pace (docs/product.md#timeouts): the server's extraction side stays warm. */
export const KEEP_ALIVE_MS = 8 * 60_000;

/**
 * How long until the next keep-alive: at once the first time, else a full interval after the
 * last one. A tab hidden and shown again resumes the schedule rather than pinging on every switch.
 */
export function keepAliveDelay(lastPingAt: number | null, now: number, intervalMs = KEEP_ALIVE_MS): number {
  if (lastPingAt === null) return 0;
  return Math.min(intervalMs, Math.max(0, lastPingAt + intervalMs - now));
}

/** POST /api/extract-archive `{keepAlive: true}` (docs/product.md#server-mode). */
export async function sendKeepAlive(): Promise<void> {
  const response = await fetch(extractionUrls.keepAlive, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keepAlive: true, timestamp: new Date().toISOString() }),
  });
  if (!response.ok) throw new Error(`keep-alive answered ${response.status}`);
}
