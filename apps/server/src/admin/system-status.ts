// The admin's view of the running system: database health, the queue, this process's workers,
// disk used by uploads and extracted files, uptime, memory and version.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dashboard } from '@archive-opener/shared/api';
import type { Database } from '../db/database.js';
import { countQueued, countRunning } from '../jobs/extraction-jobs-repository.js';
import { latestChecks } from '../monitor/static-file-checks-repository.js';

export interface SystemStatusDeps {
  db: Database;
  storageRoot: string;
  /** Jobs running in this process, and how many it may run. */
  workers: () => { busy: number; capacity: number };
  version: string;
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    total += (await stat(join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

// Walking thousands of extracted files on every refresh of the dashboard would be wasteful.
const STORAGE_CACHE_MS = 30_000;

export function systemStatus(deps: SystemStatusDeps): () => Promise<Dashboard['system']> {
  let storage: { at: number; bytes: Promise<number> } | undefined;
  const storageBytes = () => {
    if (!storage || Date.now() - storage.at > STORAGE_CACHE_MS) {
      const bytes = Promise.all(['uploads', 'files'].map((kind) => folderBytes(join(deps.storageRoot, kind)))).then(
        ([uploads = 0, files = 0]) => uploads + files,
      );
      storage = { at: Date.now(), bytes };
    }
    return storage.bytes;
  };

  return async () => {
    const started = performance.now();
    const databaseOk = await deps.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const [queueDepth, runningJobs, staticFiles] = databaseOk
      ? await Promise.all([countQueued(deps.db), countRunning(deps.db), latestChecks(deps.db)])
      : [0, 0, []];
    const memory = process.memoryUsage();
    return {
      database: { ok: databaseOk, kind: deps.db.kind === 'pglite' ? 'pglite' : 'postgresql', latencyMs },
      queueDepth,
      runningJobs,
      workers: deps.workers(),
      storageBytes: await storageBytes(),
      uptimeSeconds: Math.round(process.uptime()),
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
      version: deps.version,
      nodeVersion: process.version,
      staticFiles,
    };
  };
}
