// initdb makes a PGlite data folder in 3-9 s on a busy 2-core machine, and nearly every server and
// end-to-end test starts a server on a database of its own. The run makes one fresh cluster
// (pglite-template.global-setup.ts) and each test copies it (~0.1 s) into its DATA_DIR, where the
// server opens it as it would any existing one. The init itself stays tested: database.test.ts
// creates folders from nothing, and so does the run's template.
import { existsSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { pgliteDataFolder } from '@archive-opener/server/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, never-migrated PGlite data folder, made once for the whole run. */
    pgliteTemplate: string;
  }
}

/**
 * Puts a fresh, empty PGlite cluster where the server looks for one in `dataDir`, unless one is
 * there already (a test restarting a server on its data).
 */
export async function seedDataDir(dataDir: string): Promise<string> {
  const folder = pgliteDataFolder(dataDir);
  if (!existsSync(folder)) await cp(inject('pgliteTemplate'), folder, { recursive: true });
  return dataDir;
}

/** A new temporary DATA_DIR (named `<prefix>…`) holding a fresh cluster; the caller removes it. */
export async function newDataDir(prefix: string): Promise<string> {
  return seedDataDir(await mkdtemp(join(tmpdir(), prefix)));
}
