import type { ErrorShape } from '@archive-opener/shared';
import type { ServerJob, ServerJobFile } from './api';
import { jobErrorShape, problemShape } from './problems';

/**
 * What the page shows of a server job. The progress panel's four steps keep their boundaries
 * (docs/decisions/004-real-progress.md): the upload is the first step (0–25 %), the server's own progress
 * (0–100) fills the other three (25–100 %).
 */
export type ServerJobState =
  | { kind: 'uploading'; percent: number }
  | { kind: 'queued'; position: number; percent: number }
  | { kind: 'running'; percent: number }
  | { kind: 'completed'; files: ServerJobFile[]; expiresAt: string | null }
  | { kind: 'failed'; error: ErrorShape };

export const UPLOAD_SHARE = 25;

/** Percent of the whole run once `loaded` of `total` upload bytes are sent. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return UPLOAD_SHARE * Math.min(1, Math.max(0, loaded / total));
}

/** Percent of the whole run for the server's progress (0–100). */
export function serverPercent(progress: number): number {
  const clamped = Number.isFinite(progress) ? Math.min(100, Math.max(0, progress)) : 0;
  return UPLOAD_SHARE + ((100 - UPLOAD_SHARE) * clamped) / 100;
}

export function jobState(
  job: Pick<ServerJob, 'status' | 'progress' | 'queuePosition' | 'error' | 'files'> & Partial<Pick<ServerJob, 'expiresAt'>>,
): ServerJobState {
  switch (job.status) {
    case 'queued':
      // Uploaded, waiting its turn: the first step is done.
      return { kind: 'queued', position: Math.max(1, job.queuePosition), percent: UPLOAD_SHARE };
    case 'running':
      return { kind: 'running', percent: serverPercent(job.progress) };
    case 'completed':
      return { kind: 'completed', files: job.files, expiresAt: job.expiresAt ?? null };
    case 'failed':
      return { kind: 'failed', error: jobErrorShape(job.error) };
    case 'expired':
      // Deleted before we had the list (by another tab, or its retention time passed).
      return { kind: 'failed', error: problemShape('expired') };
  }
}

export function isFinal(state: ServerJobState): state is Extract<ServerJobState, { kind: 'completed' | 'failed' }> {
  return state.kind === 'completed' || state.kind === 'failed';
}
