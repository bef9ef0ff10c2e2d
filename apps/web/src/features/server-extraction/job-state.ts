import type { ErrorShape } from '@archive-opener/shared';
import type { RunProgress } from '../extractor/progress-model';
import type { ServerJob, ServerJobFile, ServerJobSafety } from './api';
import { jobErrorShape, problemShape } from './problems';

/**
 * What the page shows of a server job. Its progress is in bytes, as in the browser
 * (docs/decisions/004-real-progress.md): the upload is the reading step, the server's bytes
 * written the extracting step; percentFor (progress-model.ts) turns either into the panel's percent.
 */
export type ServerJobState =
  | { kind: 'uploading'; progress: RunProgress }
  | { kind: 'queued'; position: number; progress: RunProgress }
  | { kind: 'running'; progress: RunProgress }
  | { kind: 'completed'; files: ServerJobFile[]; safety: ServerJobSafety | null; expiresAt: string | null }
  | { kind: 'failed'; error: ErrorShape };

/** A running job's progress: extracting once the server has bytes to count, opening the archive before. */
export function runningProgress({ bytesDone, bytesTotal }: Pick<ServerJob, 'bytesDone' | 'bytesTotal'>): RunProgress {
  if (bytesDone > 0 || (bytesTotal !== null && bytesTotal > 0)) {
    return { stage: bytesTotal !== null && bytesDone >= bytesTotal ? 'finalizing' : 'extracting', bytesDone, bytesTotal };
  }
  return { stage: 'processing' };
}

export function jobState(
  job: Pick<ServerJob, 'status' | 'queuePosition' | 'error' | 'files'> &
    Partial<Pick<ServerJob, 'expiresAt' | 'bytesDone' | 'bytesTotal' | 'safety'>>,
): ServerJobState {
  switch (job.status) {
    case 'queued':
      // Uploaded, waiting its turn: the reading step is done.
      return { kind: 'queued', position: Math.max(1, job.queuePosition), progress: { stage: 'processing' } };
    case 'running':
      return {
        kind: 'running',
        progress: runningProgress({ bytesDone: job.bytesDone ?? 0, bytesTotal: job.bytesTotal ?? null }),
      };
    case 'completed':
      return { kind: 'completed', files: job.files, safety: job.safety ?? null, expiresAt: job.expiresAt ?? null };
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
