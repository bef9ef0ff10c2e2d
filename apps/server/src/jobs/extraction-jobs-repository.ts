// Every SQL statement about extraction jobs but claiming (job-claim.ts). The table is also the
// queue, shared by any number of server processes.
import { isErrorCode } from '@archive-opener/shared';
import type { Queryable } from '../db/database.js';
import type { Job, JobFile, JobMode, JobSafety, JobStatus } from './job-types.js';

/** A job is tried this many times when the process running it dies; then it fails. */
export const MAX_ATTEMPTS = 2;

// A completed job whose expiry time has passed reads as expired (no files, no name) at once, by the
// database's clock, however long the retention sweeper takes to mark it so and delete its files.
const EXPIRED_BY_TIME = `(status = 'completed' AND expires_at <= now())`;

export const COLUMNS = `id, CASE WHEN ${EXPIRED_BY_TIME} THEN 'expired' ELSE status END AS status, mode, progress,
  bytes_done::float8 AS bytes_done, bytes_total::float8 AS bytes_total,
  CASE WHEN ${EXPIRED_BY_TIME} THEN NULL ELSE archive_name END AS archive_name, archive_size::float8 AS archive_size,
  part_count, parts, format, error_code, error_message, CASE WHEN ${EXPIRED_BY_TIME} THEN NULL ELSE files END AS files,
  CASE WHEN ${EXPIRED_BY_TIME} THEN NULL ELSE safety END AS safety,
  file_count, total_size::float8 AS total_size, attempts, lease_owner, password_holder,
  created_at, started_at, finished_at, expires_at`;

export interface JobRow {
  id: string;
  status: JobStatus;
  mode: JobMode;
  progress: number;
  bytes_done: number;
  bytes_total: number | null;
  archive_name: string | null;
  archive_size: number;
  part_count: number;
  parts: string[] | string | null;
  format: string | null;
  error_code: string | null;
  error_message: string | null;
  files: JobFile[] | string | null;
  safety: JobSafety | string | null;
  file_count: number | null;
  total_size: number | null;
  attempts: number;
  lease_owner: string | null;
  password_holder: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
// jsonb arrives parsed from both drivers; a string would mean a driver configured otherwise.
const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    progress: Number(row.progress),
    bytesDone: Number(row.bytes_done),
    bytesTotal: row.bytes_total === null ? null : Number(row.bytes_total),
    archiveName: row.archive_name,
    archiveSize: Number(row.archive_size),
    partCount: row.part_count,
    parts: json(row.parts),
    format: row.format,
    error:
      row.error_code === null
        ? null
        : { code: isErrorCode(row.error_code) ? row.error_code : 'INTERNAL', message: row.error_message ?? '' },
    files: json(row.files),
    safety: json(row.safety ?? null),
    fileCount: row.file_count,
    totalSize: row.total_size === null ? null : Number(row.total_size),
    attempts: row.attempts,
    leaseOwner: row.lease_owner,
    passwordHolder: row.password_holder,
    createdAt: date(row.created_at) ?? new Date(0),
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
    expiresAt: date(row.expires_at),
  };
}

export interface NewJob {
  id: string;
  mode: JobMode;
  archiveName: string;
  archiveSize: number;
  parts: string[];
  /** The process holding the password in memory, or null when there is none. */
  passwordHolder: string | null;
  /** Until then the holder has to renew its claim on the password (see renewPasswordHolds). */
  holdMs: number;
  clientKey: string | null;
  /** The client's address hash (any client, tracked or not), for fair claiming. */
  queueKey: string;
}

export async function insertJob(db: Queryable, job: NewJob): Promise<Job> {
  const { rows } = await db.query<JobRow>(
    `INSERT INTO extraction_jobs (id, status, mode, archive_name, archive_size, part_count, parts, password_holder,
       lease_expires_at, client_key, queue_key)
     VALUES ($1, 'queued', $2, $3, $4, $5, $6::jsonb, $7, CASE WHEN $7::text IS NULL THEN NULL ELSE now() + $8 * interval '1 millisecond' END, $9, $10)
     RETURNING ${COLUMNS}`,
    [
      job.id,
      job.mode,
      job.archiveName,
      job.archiveSize,
      job.parts.length,
      JSON.stringify(job.parts),
      job.passwordHolder,
      job.holdMs,
      job.clientKey,
      job.queueKey,
    ],
  );
  return toJob(rows[0] as JobRow);
}

export async function findJob(db: Queryable, id: string): Promise<Job | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${COLUMNS} FROM extraction_jobs WHERE id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** 1 for the next job to start; 0 once it runs or has ended. */
export async function queuePosition(db: Queryable, job: Pick<Job, 'status' | 'createdAt' | 'id'>): Promise<number> {
  if (job.status !== 'queued') return 0;
  const { rows } = await db.query<{ ahead: number }>(
    `SELECT count(*)::int AS ahead FROM extraction_jobs
     WHERE status = 'queued' AND (created_at < $1 OR (created_at = $1 AND id < $2))`,
    [job.createdAt, job.id],
  );
  return (rows[0]?.ahead ?? 0) + 1;
}

/** Jobs running now in any process. */
export async function countRunning(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ running: number }>(
    `SELECT count(*)::int AS running FROM extraction_jobs WHERE status = 'running'`,
  );
  return rows[0]?.running ?? 0;
}

export async function countQueued(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ queued: number }>(
    `SELECT count(*)::int AS queued FROM extraction_jobs WHERE status = 'queued'`,
  );
  return rows[0]?.queued ?? 0;
}

/** Extends the lease; false when the job is no longer this process's (it was recovered). */
export async function renewLease(db: Queryable, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE extraction_jobs SET lease_expires_at = now() + $3 * interval '1 millisecond'
     WHERE id = $1 AND status = 'running' AND lease_owner = $2`,
    [id, owner, leaseMs],
  );
  return rowCount > 0;
}

/** Keeps this process's claim on the passwords of its queued jobs alive. */
export async function renewPasswordHolds(db: Queryable, owner: string, holdMs: number): Promise<void> {
  await db.query(
    `UPDATE extraction_jobs SET lease_expires_at = now() + $2 * interval '1 millisecond'
     WHERE status = 'queued' AND password_holder = $1`,
    [owner, holdMs],
  );
}

export async function saveProgress(
  db: Queryable,
  id: string,
  owner: string,
  progress: { percent: number; bytesDone: number; bytesTotal: number | null },
): Promise<void> {
  await db.query(
    `UPDATE extraction_jobs SET progress = $3, bytes_done = $4, bytes_total = $5
     WHERE id = $1 AND status = 'running' AND lease_owner = $2`,
    [id, owner, progress.percent, progress.bytesDone, progress.bytesTotal],
  );
}

export async function completeJob(
  db: Queryable,
  id: string,
  owner: string,
  result: { format: string; files: JobFile[]; safety: JobSafety; retentionMs: number },
): Promise<boolean> {
  const totalSize = result.files.reduce((sum, file) => sum + file.size, 0);
  const { rowCount } = await db.query(
    `UPDATE extraction_jobs SET status = 'completed', progress = 100, format = $3, files = $4::jsonb, file_count = $5,
       safety = $8::jsonb, total_size = $6, bytes_done = $6, finished_at = now(), expires_at = now() + $7 * interval '1 millisecond',
       lease_owner = NULL, lease_expires_at = NULL, parts = NULL, password_holder = NULL
     WHERE id = $1 AND status = 'running' AND lease_owner = $2`,
    [
      id,
      owner,
      result.format,
      JSON.stringify(result.files),
      result.files.length,
      totalSize,
      result.retentionMs,
      JSON.stringify(result.safety),
    ],
  );
  return rowCount > 0;
}

export async function failJob(
  db: Queryable,
  id: string,
  error: { code: string; message: string },
  owner: string | null = null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE extraction_jobs SET status = 'failed', error_code = $2, error_message = $3, finished_at = now(),
       lease_owner = NULL, lease_expires_at = NULL, parts = NULL, password_holder = NULL
     WHERE id = $1 AND status IN ('queued', 'running') AND ($4::text IS NULL OR lease_owner = $4)`,
    [id, error.code, error.message, owner],
  );
  return rowCount > 0;
}

export interface Recovered {
  requeued: string[];
  failed: string[];
}

/**
 * Jobs whose process died: running with an expired lease are queued again (or failed after
 * MAX_ATTEMPTS, or when only the dead process knew the password); queued jobs whose password
 * holder stopped renewing fail, since nobody else can open them.
 */
export async function recoverAbandonedJobs(db: Queryable): Promise<Recovered> {
  const { rows: failed } = await db.query<{ id: string }>(
    `UPDATE extraction_jobs SET status = 'failed', error_code = 'INTERNAL',
       error_message = 'The server stopped while handling this archive. Please upload it again.',
       finished_at = now(), lease_owner = NULL, lease_expires_at = NULL, parts = NULL, password_holder = NULL
     WHERE lease_expires_at < now() AND (
       (status = 'running' AND (attempts >= $1 OR password_holder IS NOT NULL))
       OR (status = 'queued' AND password_holder IS NOT NULL))
     RETURNING id`,
    [MAX_ATTEMPTS],
  );
  const { rows: requeued } = await db.query<{ id: string }>(
    `UPDATE extraction_jobs SET status = 'queued', lease_owner = NULL, lease_expires_at = NULL, progress = 0, bytes_done = 0
     WHERE status = 'running' AND lease_expires_at < now() AND attempts < $1 AND password_holder IS NULL
     RETURNING id`,
    [MAX_ATTEMPTS],
  );
  return { requeued: requeued.map((row) => row.id), failed: failed.map((row) => row.id) };
}

/**
 * Completed jobs past their retention: their files go, and with them every file name. A failed
 * job's archive name is kept no longer than a completed one's.
 */
export async function expireDueJobs(db: Queryable, retentionMs: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE extraction_jobs SET status = 'expired', files = NULL, safety = NULL, archive_name = NULL, queue_key = NULL
     WHERE status = 'completed' AND expires_at <= now() RETURNING id`,
  );
  await db.query(
    `UPDATE extraction_jobs SET archive_name = NULL, queue_key = NULL
     WHERE status = 'failed' AND (archive_name IS NOT NULL OR queue_key IS NOT NULL)
       AND finished_at <= now() - $1 * interval '1 millisecond'`,
    [retentionMs],
  );
  return rows.map((row) => row.id);
}

/** Expires one job now (the visitor deleted its files). */
export async function expireJob(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE extraction_jobs SET status = 'expired', files = NULL, safety = NULL, archive_name = NULL, queue_key = NULL, expires_at = now()
     WHERE id = $1 AND status = 'completed'`,
    [id],
  );
  return rowCount > 0;
}

/** Job records are kept this long for statistics, then deleted. */
export async function deleteOldJobs(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM extraction_jobs WHERE created_at < now() - $1 * interval '1 day' AND status IN ('failed', 'expired')`,
    [days],
  );
  return rowCount;
}

/** Ids of jobs whose folders must stay (for the orphan sweep). */
export async function liveJobIds(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM extraction_jobs WHERE status IN ('queued', 'running', 'completed')`,
  );
  return new Set(rows.map((row) => row.id));
}
