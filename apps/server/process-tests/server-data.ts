// Where a server process under test keeps its data: a fresh DATA_DIR, and either a PGlite cluster
// in it or a PostgreSQL schema of its own. Both are removed by the caller's cleanups.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import { databaseEnv, type TestDatabase } from '../src/testing/postgres-schema.js';

export async function serverData(
  prefix: string,
  database: TestDatabase,
  cleanups: (() => Promise<unknown>)[],
): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const schema = await database.schema();
  if (schema) cleanups.push(() => schema.drop());
  else await seedDataDir(dataDir);
  return { dataDir, env: { DATA_DIR: dataDir, ...databaseEnv(schema) } };
}
