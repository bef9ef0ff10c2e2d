// What the API says about a job: the public shape of GET /api/extractions/:id and of each
// Server-Sent Event. Internal columns (lease, parts, password holder, client key) never leave.
import type { Job, JobFile, JobStatus } from '../../jobs/job-types.js';

export interface JobView {
  id: string;
  status: JobStatus;
  progress: number;
  queuePosition: number;
  error: { code: string; message: string } | null;
  files: JobFile[];
  expiresAt: string | null;
}

export function jobView(job: Job, queuePosition: number): JobView {
  return {
    id: job.id,
    status: job.status,
    progress: Math.round(job.progress * 10) / 10,
    queuePosition,
    error: job.error,
    files: job.status === 'completed' ? (job.files ?? []) : [],
    expiresAt: job.expiresAt?.toISOString() ?? null,
  };
}

/** `{ error: { code, message } }` for every refusal of the API. */
export function apiError(code: string, message: string) {
  return { error: { code, message } };
}
