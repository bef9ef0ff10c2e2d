// What the API says about a job: the public shape of GET /api/extractions/:id and of each
// Server-Sent Event. Internal columns (lease, parts, password holder, client key) never leave.
import type { JobView } from '@archive-opener/shared/api';
import type { Job } from '../../jobs/job-types.js';

export function jobView(job: Job, queuePosition: number): JobView {
  return {
    id: job.id,
    status: job.status,
    progress: Math.round(job.progress * 10) / 10,
    bytesDone: job.bytesDone,
    bytesTotal: job.bytesTotal,
    queuePosition,
    error: job.error,
    files: job.status === 'completed' ? (job.files ?? []) : [],
    safety: job.status === 'completed' ? job.safety : null,
    expiresAt: job.expiresAt?.toISOString() ?? null,
  };
}
