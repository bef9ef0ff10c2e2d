// A job as an upload would queue it, written straight into the table, for tests of the queue's parts.
import type { Database } from '../db/database.js';
import { insertJob, type NewJob } from '../jobs/extraction-jobs-repository.js';
import type { JobSafety } from '../jobs/job-types.js';
import { newJobId } from '../jobs/job-id.js';

/** Queues a server-mode job of one part without a password; returns its id. */
export async function queueTestJob(db: Database, job: Partial<NewJob> = {}): Promise<string> {
  const id = job.id ?? newJobId();
  const name = job.archiveName ?? 'a.zip';
  await insertJob(db, {
    mode: 'server',
    archiveSize: 1,
    parts: [name],
    passwordHolder: null,
    holdMs: 30_000,
    clientKey: null,
    queueKey: 'client',
    ...job,
    id,
    archiveName: name,
  });
  return id;
}

/** The safety facts of a completed test job whose archive changed and refused nothing. */
export const NOTHING_TO_REPORT: JobSafety = { encrypted: false, renamedCount: 0, links: [], linkCount: 0 };
