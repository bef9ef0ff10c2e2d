// PostgreSQL through node-postgres, for production: several server processes share one database,
// its row locks (the job queue) and its NOTIFY (progress across instances).
import pg from 'pg';
import { assertChannelName } from './channel-name.js';
import type { Database, Queryable, QueryResult } from './database.js';
import { PostgresListener } from './postgres-listener.js';

const POOL_SIZE = 10;
const INT8_OID = 20;

/**
 * bigint (sizes, count(*)) comes back as a number, as PGlite returns it, instead of node-postgres's
 * string: code tested on PGlite must not meet `'12' + 1` in production. Beyond 2^53 both give a BigInt.
 */
const parseInt8 = (value: string): number | bigint => {
  const n = BigInt(value);
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
};

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types });
  // An idle pooled connection that drops is discarded by the pool; the next checkout opens a new one.
  // Without this listener the 'error' event would crash the process.
  pool.on('error', () => {});
  try {
    // Fail at start, not at the first request, when the database is unreachable.
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  // keepAlive: a listener that only receives would otherwise never notice a silently dead peer.
  const listener = new PostgresListener({ connectionString: url, keepAlive: true });
  let closing: Promise<void> | undefined;

  return {
    kind: 'postgres',
    query: (sql, params) => runQuery(pool, sql, params),
    transaction: (work) => runTransaction(pool, work),
    listen: (channel, handler) => listener.listen(channel, handler),
    async notify(channel, payload) {
      assertChannelName(channel);
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => (closing ??= listener.close().then(() => pool.end())),
  };
}

/** Without parameters node-postgres uses the simple protocol: several statements, last result kept. */
async function runQuery<Row>(
  target: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<Row>> {
  // The typings miss it, but several statements give one result each.
  const result = (await target.query(sql, params ? [...params] : undefined)) as pg.QueryResult<never> | pg.QueryResult<never>[];
  const last: pg.QueryResult<never> | undefined = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
}

async function runTransaction<T>(pool: pg.Pool, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let finished = false;
  const tx: Queryable = {
    query: (sql, params) => {
      // A query after the transaction ended would run on a connection already back in the pool.
      if (finished) return Promise.reject(new Error('Transaction is closed'));
      return runQuery(client, sql, params);
    },
  };
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(tx);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // The connection is unusable: release(error) destroys it instead of pooling it.
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    finished = true;
    client.release(broken);
  }
}
