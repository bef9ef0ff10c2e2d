import type { ExtractedFile } from './extracted-file';
import { FileFetchError } from './file-bytes';

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
 * page. Rejects with FileFetchError 410 once a job has expired (or is unknown: deleted), 0 when
 * the server cannot be reached.
 */
export async function ensureAvailable(files: readonly ExtractedFile[], now = Date.now()): Promise<void> {
  const jobs = new Map(files.flatMap((file) => (file.remote ? [[file.remote.job.id, file.remote.job] as const] : [])));
  for (const job of jobs.values()) {
    if (job.expiresAt !== null && job.expiresAt <= now) throw new FileFetchError(410);
    let response: Response;
    try {
      response = await fetch(job.statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' });
    } catch {
      throw new FileFetchError(0);
    }
    if (response.status === 404 || response.status === 410) throw new FileFetchError(410);
    if (!response.ok) throw new FileFetchError(response.status);
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    if (body?.status !== 'completed') throw new FileFetchError(410);
  }
}

/** True when a failure means the files are gone from the server for good. */
export function isGone(error: unknown): boolean {
  return error instanceof FileFetchError && (error.status === 410 || error.status === 404);
}
