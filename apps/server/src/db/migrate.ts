// Numbered SQL files (`001_extraction_jobs.sql`), applied at start in order, each in its own
// transaction, and recorded in schema_migrations. Several server processes may start at once on one
// PostgreSQL: every check-and-apply runs under one advisory lock, so each file is applied exactly once.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.js';

// apps/server/migrations, from apps/server/src/db (tsx, vitest) and apps/server/dist/db (tsc) alike.
const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d+)_([a-z0-9_]+)\.sql$/;
// Any constant shared by every process of this app; taken per transaction, released at its end.
const MIGRATION_LOCK_KEY = 7_261_385_120_417;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function migrate(db: Database, dir: string | URL = MIGRATIONS_DIR): Promise<void> {
  const migrations = await readMigrations(dir);
  const known = new Map(migrations.map((migration) => [migration.version, migration.name]));
  // Checked before applying anything, so an older build leaves a newer database untouched.
  await db.transaction((tx) => lockAndReadApplied(tx, known));
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      if ((await lockAndReadApplied(tx, known)).has(migration.version)) return;
      // No parameters: sent as one simple-protocol query, so a file may hold several statements.
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    });
  }
}

async function readMigrations(dir: string | URL): Promise<Migration[]> {
  const path = dir instanceof URL ? fileURLToPath(dir) : dir;
  const files = (await readdir(path)).filter((file) => file.endsWith('.sql'));
  const migrations = await Promise.all(
    files.map(async (file): Promise<Migration> => {
      const match = MIGRATION_FILE.exec(file);
      if (!match?.[1] || !match[2]) {
        throw new Error(`Migration file ${file} is not named NNN_name.sql (lowercase letters, digits and _)`);
      }
      return { version: Number(match[1]), name: match[2], sql: await readFile(join(path, file), 'utf8') };
    }),
  );
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`Two migration files have version ${migrations[i]?.version} in ${path}`);
    }
  }
  return migrations;
}

/** Takes the migration lock for the rest of `tx`, then reads what is applied and checks it against the files. */
async function lockAndReadApplied(tx: Queryable, known: ReadonlyMap<number, string>): Promise<Set<number>> {
  // PGlite runs one transaction at a time anyway; the lock costs nothing there and keeps one code path.
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.query(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version int PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const { rows } = await tx.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  const unknown = rows.filter((row) => !known.has(row.version));
  if (unknown.length > 0) {
    const list = unknown.map((row) => `${row.version} (${row.name})`).join(', ');
    throw new Error(
      `The database has migration ${list}, which this build does not have: a newer version of the server ` +
        'has run against it. Run that version (or a newer one), or restore a backup taken before it ran.',
    );
  }
  // Two branches that both added a 002: the database holds the other one's, and this one would be skipped.
  const renamed = rows.filter((row) => known.get(row.version) !== row.name);
  if (renamed.length > 0) {
    const list = renamed.map((row) => `${row.version} was applied as ${row.name}, the file is ${known.get(row.version)}`);
    throw new Error(`The database's migrations do not match this build's files: ${list.join('; ')}`);
  }
  return new Set(rows.map((row) => row.version));
}
