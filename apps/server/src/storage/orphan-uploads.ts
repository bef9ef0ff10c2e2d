// Upload folders nobody will ever remove: a process killed between receiving an upload and
// recording its job, or between ending a job and deleting its upload. Looked for on every queue
// tick of every process, so that a crash leaves nothing behind for longer than a few leases.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/database.js';
import type { JobStorage } from './job-storage.js';

/**
 * Removes the upload folders of jobs that have ended, and of no job at all once nothing has been
 * written to them for `idleMs` (an upload still arriving, in this process or another, keeps
 * writing; one whose process died stops). Returns the ids removed.
 */
export async function removeOrphanUploads(db: Queryable, storage: JobStorage, idleMs: number): Promise<string[]> {
  const onDisk = await storage.jobIdsOnDisk('uploads');
  if (onDisk.length === 0) return [];
  const { rows } = await db.query<{ id: string; status: string }>(
    `SELECT id, status FROM extraction_jobs WHERE id = ANY($1::text[])`,
    [onDisk],
  );
  const statuses = new Map(rows.map((row) => [row.id, row.status]));
  const removed: string[] = [];
  for (const id of onDisk) {
    const status = statuses.get(id);
    if (status === 'queued' || status === 'running') continue;
    if (status === undefined && Date.now() - (await lastWrite(storage.uploadDir(id))) < idleMs) continue;
    await storage.removeUpload(id);
    removed.push(id);
  }
  return removed;
}

/** The latest change to a folder or any file in it (ms since the epoch); now when it cannot be read. */
async function lastWrite(folder: string): Promise<number> {
  try {
    const names = await readdir(folder);
    const times = await Promise.all(
      [folder, ...names.map((name) => join(folder, name))].map(async (path) => (await stat(path)).mtimeMs),
    );
    return Math.max(...times);
  } catch {
    // Gone meanwhile, or being replaced: not an orphan to remove now.
    return Date.now();
  }
}
