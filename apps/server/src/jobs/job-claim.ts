// Claiming the next job, fairly: clients take turns instead of the queue running in upload order,
// so that one address uploading as fast as its rate limit allows cannot hold every extraction slot
// while someone else waits. Among the jobs this process may run, the next is the one whose client
// has the fewest jobs running now, then whose client was served longest ago (never first), then the
// oldest. A client is its address's hash of the day (queue_key); jobs without one (queued before
// it existed) count as a client each.
import type { Database } from '../db/database.js';
import { COLUMNS, toJob, type JobRow } from './extraction-jobs-repository.js';
import type { Job } from './job-types.js';

// Any constant shared by every process of this app; taken per claim, released at its end.
const CLAIM_LOCK_KEY = 7_261_385_120_418;

/** Takes the next queued job this process may run, or null; the lease must then be renewed. */
export async function claimNextJob(db: Database, owner: string, leaseMs: number): Promise<Job | null> {
  return db.transaction(async (tx) => {
    // One claim at a time across processes: two claims at once would each count the other's
    // client as idle and could hand one client two slots. A claim is two short statements.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK_KEY]);
    const { rows: candidates } = await tx.query<{ id: string }>(
      `WITH waiting AS (
         SELECT DISTINCT queue_key FROM extraction_jobs WHERE status = 'queued' AND queue_key IS NOT NULL
       ), turns AS (
         SELECT j.queue_key, count(*) FILTER (WHERE j.status = 'running') AS running, max(j.started_at) AS served_at
         FROM extraction_jobs j JOIN waiting w ON w.queue_key = j.queue_key
         GROUP BY j.queue_key
       )
       SELECT j.id FROM extraction_jobs j LEFT JOIN turns t ON t.queue_key = j.queue_key
       WHERE j.status = 'queued' AND (j.password_holder IS NULL OR j.password_holder = $1)
       ORDER BY coalesce(t.running, 0), t.served_at NULLS FIRST, j.created_at, j.id
       LIMIT 1 FOR UPDATE OF j SKIP LOCKED`,
      [owner],
    );
    const candidate = candidates[0];
    if (!candidate) return null;
    const { rows } = await tx.query<JobRow>(
      `UPDATE extraction_jobs SET status = 'running', lease_owner = $2,
         lease_expires_at = now() + $3 * interval '1 millisecond',
         started_at = coalesce(started_at, now()), attempts = attempts + 1, progress = 0, bytes_done = 0
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [candidate.id, owner, leaseMs],
    );
    return rows[0] ? toJob(rows[0]) : null;
  });
}
