// One suite for every driver, against real databases: PGlite in memory and in a folder, and
// PostgreSQL when TEST_DATABASE_URL is set (each run in a schema of its own, dropped afterwards).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openDatabase } from './open-database.js';
import { IN_MEMORY, openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import { createTestSchema, POSTGRES_URL } from '../testing/postgres-schema.js';

const randomName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `open` makes a new, empty database of the target's kind. */
type Target = { name: string; kind: Database['kind']; enabled: boolean; open(): Promise<Database> };

/** Closed when the current test ends. */
function forThisTest(db: Database): Database {
  onTestFinished(() => db.close());
  return db;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-db-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A URL whose every connection works in a new schema of its own. */
async function postgresSchemaUrl(): Promise<string> {
  const schema = await createTestSchema(POSTGRES_URL ?? '');
  cleanups.unshift(() => schema.drop());
  return schema.url;
}

const targets: Target[] = [
  { name: 'PGlite in memory', kind: 'pglite', enabled: true, open: () => openPgliteDatabase(IN_MEMORY) },
  {
    name: 'PGlite in a folder',
    kind: 'pglite',
    enabled: true,
    open: async () => openPgliteDatabase(await seedDataDir(await tempDir())),
  },
  {
    name: 'PostgreSQL',
    kind: 'postgres',
    enabled: Boolean(POSTGRES_URL),
    open: async () => openPostgresDatabase(await postgresSchemaUrl()),
  },
];

/** Resolves once `count` callers have arrived: proves two transactions hold their locks at once. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === count) open();
    return opened;
  };
}

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await tempDir();
  for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
  return dir;
}

const COUNTER_MIGRATIONS = {
  '001_counter.sql': 'CREATE TABLE counter (n int NOT NULL);\nINSERT INTO counter VALUES (1);',
  '002_second.sql': "INSERT INTO counter VALUES (2);\nCOMMENT ON TABLE counter IS 'applied; twice';",
};

async function counter(db: Database): Promise<number[]> {
  return (await db.query<{ n: number }>('SELECT n FROM counter ORDER BY n')).rows.map((row) => row.n);
}

async function appliedVersions(db: Database): Promise<{ version: number; name: string }[]> {
  return (await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
}

describe.each(targets)('$name', (target) => {
  describe.runIf(target.enabled)('database', () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
      await migrate(db);
    });
    afterAll(() => db.close());

    it('has the expected kind', () => {
      expect(db.kind).toBe(target.kind);
    });

    it('runs queries with parameters', async () => {
      const { rows } = await db.query('SELECT $1::int + $2::int AS sum, $3::text AS text, $4::text IS NULL AS is_null', [
        1,
        2,
        'a',
        null,
      ]);
      expect(rows).toEqual([{ sum: 3, text: 'a', is_null: true }]);
    });

    it('returns bigint as a number, as a BigInt past 2^53', async () => {
      const { rows } = await db.query(
        'SELECT 5::bigint AS n, count(*) AS c, 9007199254740993::bigint AS big FROM (VALUES (1), (2)) v(x)',
      );
      expect(rows).toEqual([{ n: 5, c: 2, big: 9007199254740993n }]);
    });

    it('counts changed rows, and runs several statements when given no parameters', async () => {
      const table = randomName('rows');
      const { rows } = await db.query(
        `CREATE TABLE ${table} (n int); INSERT INTO ${table} VALUES (1), (2), (3); SELECT sum(n)::int AS s FROM ${table}`,
      );
      expect(rows).toEqual([{ s: 6 }]);
      expect((await db.query(`UPDATE ${table} SET n = n + 1 WHERE n > $1`, [1])).rowCount).toBe(2);
      expect((await db.query(`SELECT * FROM ${table}`)).rowCount).toBe(3);
    });

    it('commits a transaction', async () => {
      const table = randomName('commit');
      await db.query(`CREATE TABLE ${table} (n int)`);
      const result = await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, [1]);
        await tx.query(`INSERT INTO ${table} VALUES ($1)`, [2]);
        return 'done';
      });
      expect(result).toBe('done');
      expect((await db.query(`SELECT n FROM ${table} ORDER BY n`)).rows).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('rolls back everything when the work throws, and stays usable', async () => {
      const table = randomName('rollback');
      await db.query(`CREATE TABLE ${table} (n int)`);
      const failure = new Error('work failed');
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${table} VALUES (1)`);
          throw failure;
        }),
      ).rejects.toBe(failure);
      await expect(db.transaction((tx) => tx.query(`INSERT INTO ${table} VALUES ('not a number')`))).rejects.toThrow();
      expect((await db.query(`SELECT count(*)::int AS c FROM ${table}`)).rows).toEqual([{ c: 0 }]);
    });

    it('refuses a transaction handle used after the transaction', async () => {
      const leaked = await db.transaction(async (tx) => tx);
      await expect(leaked.query('SELECT 1')).rejects.toThrow(/closed/);
    });

    it.runIf(target.kind === 'pglite')('runs concurrent transactions one after the other', async () => {
      const events: string[] = [];
      const work = (name: string) =>
        db.transaction(async (tx) => {
          for (let step = 0; step < 3; step++) {
            await tx.query('SELECT $1::text', [name]);
            events.push(`${name}${step}`);
          }
        });
      await Promise.all([work('a'), work('b'), db.query('SELECT 1').then(() => events.push('query'))]);
      expect(events).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2', 'query']);
    });

    it('claims different queued jobs with FOR UPDATE SKIP LOCKED', async () => {
      await db.query('DELETE FROM extraction_jobs');
      for (const [id, minutesAgo] of [
        ['job_c', 1],
        ['job_a', 3],
        ['job_b', 2],
      ] as const) {
        await db.query(
          `INSERT INTO extraction_jobs (id, status, archive_size, created_at) VALUES ($1, 'queued', 10, now() - make_interval(mins => $2))`,
          [id, minutesAgo],
        );
      }
      // PGlite runs one transaction at a time: waiting for the other there would never end.
      const bothClaimed = target.kind === 'postgres' ? barrier(2) : async () => {};
      const claim = (owner: string) =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `SELECT id FROM extraction_jobs WHERE status = 'queued' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          );
          const id = rows[0]?.id;
          await bothClaimed();
          await tx.query(`UPDATE extraction_jobs SET status = 'running', lease_owner = $2 WHERE id = $1`, [id, owner]);
          return id;
        });
      const claimed = await Promise.all([claim('one'), claim('two')]);
      expect(claimed.sort()).toEqual(['job_a', 'job_b']);
      const { rows } = await db.query(`SELECT id, status FROM extraction_jobs ORDER BY id`);
      expect(rows).toEqual([
        { id: 'job_a', status: 'running' },
        { id: 'job_b', status: 'running' },
        { id: 'job_c', status: 'queued' },
      ]);
    });

    it('delivers notifications to listeners, until they stop', async () => {
      const channel = randomName('ch');
      const sentinel = randomName('sentinel');
      const first: string[] = [];
      const second: string[] = [];
      const sentinels: string[] = [];
      const stopFirst = await db.listen(channel, (payload) => first.push(payload));
      const stopSecond = await db.listen(channel, (payload) => second.push(payload));
      await db.listen(sentinel, (payload) => sentinels.push(payload));

      await db.notify(channel, 'hello');
      await db.notify(channel, '');
      await vi.waitFor(() => expect(second).toEqual(['hello', '']));
      expect(first).toEqual(['hello', '']);

      await stopFirst();
      await stopFirst();
      await db.notify(channel, 'only second');
      await vi.waitFor(() => expect(second).toHaveLength(3));
      await stopSecond();
      await db.notify(channel, 'nobody');
      // Notifications arrive in order: once the sentinel's is in, an undelivered one never comes.
      await db.notify(sentinel, 'done');
      await vi.waitFor(() => expect(sentinels).toEqual(['done']));
      expect(first).toEqual(['hello', '']);
      expect(second).toEqual(['hello', '', 'only second']);
    });

    it('delivers a notification sent in a transaction once it commits, never after a rollback', async () => {
      const channel = randomName('ch');
      const received: string[] = [];
      await db.listen(channel, (payload) => received.push(payload));
      await expect(
        db.transaction(async (tx) => {
          await tx.query('SELECT pg_notify($1, $2)', [channel, 'rolled back']);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      await db.transaction((tx) => tx.query('SELECT pg_notify($1, $2)', [channel, 'committed']));
      await vi.waitFor(() => expect(received).toEqual(['committed']));
    });

    it('refuses channel names that would need quoting', async () => {
      await expect(db.listen('Jobs', () => {})).rejects.toThrow(/Invalid notification channel/);
      await expect(db.listen('a; DROP TABLE extraction_jobs', () => {})).rejects.toThrow(/Invalid notification channel/);
      await expect(db.notify('x'.repeat(64), '')).rejects.toThrow(/Invalid notification channel/);
    });
  });

  describe.runIf(target.enabled)('migrate', () => {
    it('applies the real migrations', async () => {
      const fresh = forThisTest(await target.open());
      await migrate(fresh);
      const versions = await appliedVersions(fresh);
      expect(versions[0]).toEqual({ version: 1, name: 'extraction_jobs' });
      const { rows } = await fresh.query(`SELECT to_regclass('extraction_jobs') IS NOT NULL AS exists`);
      expect(rows).toEqual([{ exists: true }]);
    });

    it('applies each file once, in order, and records it', async () => {
      const db = forThisTest(await target.open());
      const dir = await migrationsDir(COUNTER_MIGRATIONS);
      await migrate(db, dir);
      await migrate(db, dir);
      expect(await counter(db)).toEqual([1, 2]);
      expect(await appliedVersions(db)).toEqual([
        { version: 1, name: 'counter' },
        { version: 2, name: 'second' },
      ]);

      await writeFile(join(dir, '010_third.sql'), 'INSERT INTO counter VALUES (10)');
      await migrate(db, dir);
      expect(await counter(db)).toEqual([1, 2, 10]);
    });

    it('applies once when two migrations run at the same time', async () => {
      const db = forThisTest(await target.open());
      const dir = await migrationsDir({
        ...COUNTER_MIGRATIONS,
        '003_slow.sql': 'SELECT pg_sleep(0.2); INSERT INTO counter VALUES (3);',
      });
      await Promise.all([migrate(db, dir), migrate(db, dir), migrate(db, dir)]);
      expect(await counter(db)).toEqual([1, 2, 3]);
      expect(await appliedVersions(db)).toHaveLength(3);
    });

    it('keeps the migrations before a failing one, and none of the failing one', async () => {
      const db = forThisTest(await target.open());
      const dir = await migrationsDir({
        '001_counter.sql': COUNTER_MIGRATIONS['001_counter.sql'],
        '002_broken.sql': 'INSERT INTO counter VALUES (2); SELEC 1;',
      });
      await expect(migrate(db, dir)).rejects.toThrow(/syntax error/);
      expect(await counter(db)).toEqual([1]);
      expect(await appliedVersions(db)).toEqual([{ version: 1, name: 'counter' }]);
    });

    it('refuses a database that a newer build migrated', async () => {
      const db = forThisTest(await target.open());
      const dir = await migrationsDir({ '001_counter.sql': COUNTER_MIGRATIONS['001_counter.sql'] });
      await migrate(db, dir);
      await db.query(`INSERT INTO schema_migrations (version, name) VALUES (7, 'from_the_future')`);
      await writeFile(join(dir, '002_second.sql'), COUNTER_MIGRATIONS['002_second.sql']);
      await expect(migrate(db, dir)).rejects.toThrow(/7 \(from_the_future\).*newer version/);
      expect(await counter(db)).toEqual([1]);
    });

    it('refuses a database whose migration has another name than the file', async () => {
      const db = forThisTest(await target.open());
      await migrate(db, await migrationsDir({ '001_counter.sql': COUNTER_MIGRATIONS['001_counter.sql'] }));
      await expect(migrate(db, await migrationsDir({ '001_other.sql': 'SELECT 1' }))).rejects.toThrow(
        /1 was applied as counter, the file is other/,
      );
    });

    it('refuses badly named or duplicate migration files', async () => {
      const db = forThisTest(await target.open());
      await expect(migrate(db, await migrationsDir({ '1-first.sql': 'SELECT 1' }))).rejects.toThrow(/NNN_name\.sql/);
      await expect(migrate(db, await migrationsDir({ '001_a.sql': 'SELECT 1', '1_b.sql': 'SELECT 1' }))).rejects.toThrow(
        /Two migration files have version 1/,
      );
    });
  });
});

describe('PGlite in a folder', () => {
  it('keeps its data in <dataDir>/pgdata across restarts', async () => {
    const dir = await tempDir();
    const first = await openDatabase({ dataDir: dir });
    await first.query(`INSERT INTO extraction_jobs (id, status, archive_size) VALUES ('kept', 'queued', 1)`);
    await first.close();
    await first.close();
    expect(existsSync(join(dir, 'pgdata', 'PG_VERSION'))).toBe(true);

    const second = forThisTest(await openDatabase({ dataDir: dir }));
    expect((await second.query('SELECT id FROM extraction_jobs')).rows).toEqual([{ id: 'kept' }]);
  });
});

describe.runIf(POSTGRES_URL)('PostgreSQL across connections', () => {
  let url: string;
  let db: Database;
  beforeAll(async () => {
    url = await postgresSchemaUrl();
    db = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
  });
  afterAll(() => db.close());

  it('runs every pooled connection in the test schema', async () => {
    const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schemas = await Promise.all(
      Array.from({ length: 12 }, () => db.query<{ schema: string }>('SELECT current_schema() AS schema, pg_sleep(0.05)')),
    );
    expect(new Set(schemas.map((result) => result.rows[0]?.schema))).toEqual(new Set([rows[0]?.schema]));
  });

  it('delivers a notification sent by another process', async () => {
    const other = forThisTest(await openDatabase({ databaseUrl: url, dataDir: 'unused' }));
    const channel = randomName('ch');
    const received: string[] = [];
    await db.listen(channel, (payload) => received.push(payload));
    await other.notify(channel, 'from elsewhere');
    await vi.waitFor(() => expect(received).toEqual(['from elsewhere']));
  });

  it('applies once when two processes migrate at the same time', async () => {
    const schemaUrl = await postgresSchemaUrl();
    const a = forThisTest(await openPostgresDatabase(schemaUrl));
    const b = forThisTest(await openPostgresDatabase(schemaUrl));
    const dir = await migrationsDir({
      ...COUNTER_MIGRATIONS,
      '003_slow.sql': 'SELECT pg_sleep(0.3); INSERT INTO counter VALUES (3);',
    });
    await Promise.all([migrate(a, dir), migrate(b, dir)]);
    expect(await counter(a)).toEqual([1, 2, 3]);
    expect((await appliedVersions(b)).map((row) => row.version)).toEqual([1, 2, 3]);
  });

  it('listens again after its connection drops', async () => {
    const channel = randomName('ch');
    const received: string[] = [];
    await db.listen(channel, (payload) => received.push(payload));
    const { rowCount } = await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`,
      [`LISTEN ${channel}`],
    );
    expect(rowCount).toBe(1);
    // Notifications sent while it reconnects are lost by design: keep sending until one arrives.
    await vi.waitFor(
      async () => {
        await db.notify(channel, 'after the drop');
        expect(received).toContain('after the drop');
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('fails to open when the server cannot be reached', async () => {
    await expect(openPostgresDatabase('postgres://127.0.0.1:1/none')).rejects.toThrow();
  });
});
