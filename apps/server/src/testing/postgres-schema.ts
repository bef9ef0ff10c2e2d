// Tests against a real PostgreSQL (TEST_DATABASE_URL; CI sets it) each work in a schema of their
// own, so runs never see each other's tables and leave nothing behind.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_URL = process.env['TEST_DATABASE_URL'] || undefined;

export interface TestSchema {
  /** A connection string whose every connection works in the new schema. */
  url: string;
  drop(): Promise<void>;
}

async function run(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestSchema(base: string): Promise<TestSchema> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await run(base, `CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(base, `DROP SCHEMA ${schema} CASCADE`) };
}

export interface TestDatabase {
  name: string;
  /** A fresh schema on PostgreSQL; null for the embedded PGlite, which lives in DATA_DIR. */
  schema: () => Promise<TestSchema | null>;
}

/** The embedded database always, and PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const TEST_DATABASES: readonly TestDatabase[] = [
  { name: 'PGlite', schema: async () => null },
  ...(POSTGRES_URL ? [{ name: 'PostgreSQL', schema: () => createTestSchema(POSTGRES_URL ?? '') }] : []),
];

/** The server's environment for a test database: DATABASE_URL for a schema, nothing for PGlite. */
export function databaseEnv(schema: TestSchema | null): Record<string, string> {
  return schema ? { DATABASE_URL: schema.url } : {};
}
