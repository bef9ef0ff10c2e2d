// PostgreSQL when DATABASE_URL is set (several processes), else embedded PGlite in DATA_DIR; either
// way migrated before the server uses it.
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

export interface OpenDatabaseOptions {
  /** postgres://… ; unset or empty for PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files (`<dataDir>/pgdata`), or `memory://`. */
  dataDir: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const db = options.databaseUrl ? await openPostgresDatabase(options.databaseUrl) : await openPgliteDatabase(options.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
