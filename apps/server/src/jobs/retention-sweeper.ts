// Deletes on schedule (docs/decisions/002-one-set-of-numbers.md): extracted files when their job
// expires (then every file URL answers 410), job records after 30 days, the contact, statistics and
// admin records (privacy/record-retention.ts), and any folder on disk no job accounts for (a crash
// between writing and recording). Runs every minute in every process; the SQL makes concurrent
// sweeps harmless.
import type { FastifyBaseLogger } from 'fastify';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JOB_RECORD_RETENTION_DAYS } from '@archive-opener/shared';
import type { Database } from '../db/database.js';
import { deleteExpiredRecords, type RecordRetention } from '../privacy/record-retention.js';
import type { JobStorage } from '../storage/job-storage.js';
import { deleteOldJobs, expireDueJobs, liveJobIds } from './extraction-jobs-repository.js';
import type { JobEvents } from './job-events.js';

// An upload being received has a folder but no job row yet; leave young folders alone.
const ORPHAN_MIN_AGE_MS = 15 * 60_000;

export async function sweepOnce({
  db,
  storage,
  events,
  retentionMs,
  records,
}: {
  db: Database;
  storage: JobStorage;
  events: JobEvents;
  retentionMs: number;
  records: RecordRetention;
}): Promise<void> {
  await deleteExpiredRecords(db, records);
  for (const id of await expireDueJobs(db, retentionMs)) {
    await storage.removeFiles(id);
    await events.changed(id);
  }
  await deleteOldJobs(db, JOB_RECORD_RETENTION_DAYS);
  const live = await liveJobIds(db);
  for (const kind of ['uploads', 'files'] as const) {
    for (const id of await storage.jobIdsOnDisk(kind)) {
      if (live.has(id)) continue;
      const folder = join(storage.root, kind, id);
      const age = Date.now() - (await stat(folder).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age < ORPHAN_MIN_AGE_MS) continue;
      await (kind === 'uploads' ? storage.removeUpload(id) : storage.removeFiles(id));
    }
  }
}

export function startRetentionSweeper(
  deps: {
    db: Database;
    storage: JobStorage;
    events: JobEvents;
    log: FastifyBaseLogger;
    retentionMs: number;
    records: RecordRetention;
  },
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOnce(deps)
      .catch((error: unknown) => deps.log.error(error, 'retention sweep failed'))
      .finally(() => (running = false));
  }, intervalMs);
  return () => clearInterval(timer);
}
