import type { ServerJobFile, ServerJobSafety } from './api';
import { extractionUrls } from './urls';
import { followJob } from './follow-job';
import { jobState, type ServerJobState } from './job-state';
import { serverProblemOf } from './problems';
import { ServerExtractionError } from './server-error';
import { uploadArchive } from './upload';

/** The original's client timeout (docs/product.md#timeouts): counted from the end of the upload. */
export const CLIENT_TIMEOUT_MS = 120_000;

export interface ServerRunOptions {
  password?: string;
  /** Uploading, queued and running states, as they happen. */
  onState: (state: ServerJobState) => void;
  timeoutMs?: number;
}

export interface ServerRunResult {
  jobId: string;
  files: ServerJobFile[];
  /** What the extraction changed or refused, for the safety report; null from an older server. */
  safety: ServerJobSafety | null;
  /** When the server deletes the files (ISO 8601). */
  expiresAt: string | null;
}

/** A running server extraction; `cancel` stops the upload or the wait and deletes the job. */
export interface ServerRun {
  result: Promise<ServerRunResult>;
  cancel(): void;
}

/** Tells the server to drop a job nobody waits for any more (cancelled, timed out): best effort. */
function discardJob(id: string): void {
  // keepalive: the request still goes out when the visitor cancels by leaving the page.
  fetch(extractionUrls.job(id), { method: 'DELETE', keepalive: true }).catch(() => undefined);
}

/**
 * Extracts one archive (all its parts) on the server: uploads it, then follows the job until its
 * files are listed. Rejects with a ServerExtractionError (the engine's code, or a server problem).
 */
export function extractOnServer(
  parts: readonly File[],
  { password, onState, timeoutMs = CLIENT_TIMEOUT_MS }: ServerRunOptions,
): ServerRun {
  const controller = new AbortController();
  const { signal } = controller;

  const run = async (): Promise<ServerRunResult> => {
    const accepted = await uploadArchive(parts, {
      ...(password ? { password } : {}),
      signal,
      onProgress: (loaded, total) =>
        onState({ kind: 'uploading', progress: { stage: 'reading', bytesDone: loaded, bytesTotal: total } }),
    });
    const initial = jobState({ ...accepted, error: null, files: [] });
    if (initial.kind === 'queued' || initial.kind === 'running') onState(initial);
    try {
      const { files, safety, expiresAt } = await followJob(accepted.id, { onState, signal, timeoutMs });
      return { jobId: accepted.id, files, safety, expiresAt };
    } catch (error) {
      // Failed jobs end on their own; one still queued or running is no longer awaited.
      if (signal.aborted || isTimeout(error)) discardJob(accepted.id);
      throw error;
    }
  };

  return { result: run(), cancel: () => controller.abort() };
}

function isTimeout(error: unknown): boolean {
  return error instanceof ServerExtractionError && serverProblemOf(error.shape) === 'timeout';
}
