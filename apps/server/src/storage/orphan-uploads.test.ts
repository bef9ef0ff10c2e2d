// Upload folders that a crash left behind go; those a job still needs, or an upload still
// arriving, stay. Real files and a real database.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open-database.js';
import { failJob } from '../jobs/extraction-jobs-repository.js';
import { queueTestJob } from '../testing/queue-job.js';
import { newJobId } from '../jobs/job-id.js';
import { jobStorage, type JobStorage } from './job-storage.js';
import { removeOrphanUploads } from './orphan-uploads.js';

const IDLE_MS = 60_000;

describe('removeOrphanUploads', () => {
  let dataDir: string;
  let db: Database;
  let storage: JobStorage;
  beforeAll(async () => {
    dataDir = await seedDataDir(await mkdtemp(join(tmpdir(), 'archive-opener-orphans-')));
    db = await openDatabase({ dataDir });
    storage = jobStorage(dataDir);
    await storage.prepare();
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An upload folder with one part, last written `ageMs` ago. */
  async function uploadFolder(ageMs: number): Promise<string> {
    const id = newJobId();
    const dir = storage.uploadDir(id);
    await mkdir(dir);
    await writeFile(join(dir, 'a.zip'), 'x');
    const when = new Date(Date.now() - ageMs);
    await utimes(join(dir, 'a.zip'), when, when);
    await utimes(dir, when, when);
    return id;
  }

  async function job(id: string): Promise<void> {
    await queueTestJob(db, { id });
  }

  it('removes the uploads of ended jobs and of no job once idle, and keeps the rest', async () => {
    const queued = await uploadFolder(10 * IDLE_MS);
    await job(queued);
    const failed = await uploadFolder(0);
    await job(failed);
    await failJob(db, failed, { code: 'INTERNAL', message: 'test' });
    const arriving = await uploadFolder(1_000);
    const abandoned = await uploadFolder(2 * IDLE_MS);

    const removed = await removeOrphanUploads(db, storage, IDLE_MS);
    expect(removed.sort()).toEqual([failed, abandoned].sort());
    expect((await readdir(join(dataDir, 'uploads'))).sort()).toEqual([queued, arriving].sort());
  });
});
