// Putting an uploaded archive on the queue, shared by the multipart upload and the original
// product's extract-archive call so that both take the same path: the same queue bound, the
// password kept only in this process's memory, the job row, and every runner told at once.
import type { Database } from '../../db/database.js';
import { countQueued, findJob, insertJob } from '../../jobs/extraction-jobs-repository.js';
import type { ExtractionRunner } from '../../jobs/extraction-runner.js';
import type { JobEvents } from '../../jobs/job-events.js';
import type { Job, JobMode } from '../../jobs/job-types.js';
import type { PasswordVault } from '../../jobs/password-vault.js';

export interface QueueDeps {
  db: Database;
  events: JobEvents;
  passwords: PasswordVault;
  runner: ExtractionRunner;
  /** This process: the only one that may run a job whose password it holds. */
  owner: string;
  leaseMs: number;
}

export interface UploadedArchive {
  id: string;
  mode: JobMode;
  archiveName: string;
  archiveSize: number;
  /** Stored names in the job's upload folder, the one to open first. */
  parts: string[];
  password: string | undefined;
  /** The visitor's daily hash for the statistics, null when they asked not to be tracked. */
  clientKey: string | null;
  /** The client's address hash, whatever it asked about tracking: clients take turns in the queue by it. */
  queueKey: string;
}

export async function queueIsFull(db: Database, maxQueued: number): Promise<boolean> {
  return (await countQueued(db)) >= maxQueued;
}

/**
 * Records the job (its upload already on disk), wakes the runners of every process, and answers
 * the job as it is once this process's claim has had its chance: `running` when a slot was free,
 * so the visitor is not told they wait in a queue nobody else is in.
 */
export async function enqueueJob(deps: QueueDeps, archive: UploadedArchive): Promise<Job> {
  const { db, events, passwords, runner } = deps;
  if (archive.password !== undefined) passwords.keep(archive.id, archive.password);
  let job: Job;
  try {
    job = await insertJob(db, {
      id: archive.id,
      mode: archive.mode,
      archiveName: archive.archiveName,
      archiveSize: archive.archiveSize,
      parts: archive.parts,
      passwordHolder: archive.password === undefined ? null : deps.owner,
      holdMs: deps.leaseMs,
      clientKey: archive.clientKey,
      queueKey: archive.queueKey,
    });
  } catch (error) {
    // No job will ever end to forget it.
    passwords.forget(archive.id);
    throw error;
  }
  await events.queued();
  await runner.wake();
  return (await findJob(db, job.id)) ?? job;
}
