// Makes the run's one fresh PGlite cluster through the server's own code path (see pglite-template.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase, pgliteDataFolder } from '@archive-opener/server/pglite';

interface Template {
  dir: Promise<string>;
  projects: number;
}

// The node and e2e projects both name this setup, and Vitest loads it once per project in one
// process: the first makes the cluster, the other shares it, and the last to finish removes it.
const shared = globalThis as { archiveOpenerPgliteTemplate?: Template };

async function makeTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-pglite-template-'));
  const db = await openPgliteDatabase(dir);
  await db.close();
  return dir;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = (shared.archiveOpenerPgliteTemplate ??= { dir: makeTemplate(), projects: 0 });
  template.projects += 1;
  const dir = await template.dir;
  project.provide('pgliteTemplate', pgliteDataFolder(dir));
  return async () => {
    template.projects -= 1;
    if (template.projects > 0) return;
    delete shared.archiveOpenerPgliteTemplate;
    await rm(dir, { recursive: true, force: true });
  };
}
