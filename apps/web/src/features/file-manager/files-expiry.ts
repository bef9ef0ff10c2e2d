import type { ExtractedFile } from './extracted-file';
import { ApiRequestError, fetchApi } from '../../lib/api-request-error';

/**
 * When files extracted on the server go away: the earliest expiry of their jobs (epoch
 * milliseconds), null for files held in the page or when the server did not say.
 */
export function filesExpireAt(files: readonly ExtractedFile[]): number | null {
  let earliest: number | null = null;
  const seen = new Set<string>();
  for (const file of files) {
    const job = file.remote?.job;
    if (!job || seen.has(job.id)) continue;
    seen.add(job.id);
    if (job.expiresAt !== null && (earliest === null || job.expiresAt < earliest)) earliest = job.expiresAt;
  }
  return earliest;
}

/** The server jobs the files came from, as one key (changes when another extraction's files are shown). */
export function serverJobsKey(files: readonly ExtractedFile[]): string {
  return [...new Set(files.flatMap((file) => (file.remote ? [file.remote.job.id] : [])))].join(' ');
}

/**
 * Asks the server whether the jobs of these files still hold them, before their download is handed
 * to the browser, whose download manager would otherwise fail on its own without a word to the
 * page. Rejects with ApiRequestError GONE once a job has expired (or is unknown: deleted), not
 * reached when the server cannot be reached.
 */
export async function ensureAvailable(files: readonly ExtractedFile[], now = Date.now()): Promise<void> {
  const jobs = new Map(files.flatMap((file) => (file.remote ? [[file.remote.job.id, file.remote.job] as const] : [])));
  for (const job of jobs.values()) {
    if (job.expiresAt !== null && job.expiresAt <= now) throw ApiRequestError.of('GONE');
    const response = await fetchApi(job.statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    if (body?.status !== 'completed') throw ApiRequestError.of('GONE');
  }
}

/** True when a failure means the files are gone from the server for good. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === 'GONE' || error.code === 'NOT_FOUND');
}
