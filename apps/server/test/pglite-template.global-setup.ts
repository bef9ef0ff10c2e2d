// Makes the run's one fresh PGlite cluster through the server's own code path (see pglite-template.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase, pgliteDataFolder } from '../src/db/pglite-database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-pglite-template-'));
  const db = await openPgliteDatabase(dir);
  await db.close();
  project.provide('pgliteTemplate', pgliteDataFolder(dir));
  return () => rm(dir, { recursive: true, force: true });
}
