// Embedded PostgreSQL (WebAssembly) for a single server process: nothing to install, the data
// lives in DATA_DIR. PGlite is one connection, so it queues every statement itself: a
// transaction holds its mutex from BEGIN to COMMIT and other callers wait.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { assertChannelName } from './channel-name.js';
import type { Database, QueryResult } from './database.js';

/** Pass as `dataDir` for a throwaway database that lives only in memory (tests). */
export const IN_MEMORY = 'memory://';

/**
 * The site's database is small: PostgreSQL's default 128 MB of shared buffers would only cost
 * memory (measured: ~100 MB of resident memory saved with 16 MB).
 */
const POSTGRESQL_CONF = 'shared_buffers=16MB';

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDataFolder = (dataDir: string): string => join(resolve(dataDir), 'pgdata');

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pg =
    dataDir === IN_MEMORY
      ? await openInMemory()
      : await PGlite.create(await createDataFolder(dataDir), { postgresqlconf: POSTGRESQL_CONF });
  let closing: Promise<void> | undefined;

  return {
    kind: 'pglite',
    query: (sql, params) => runQuery(pg, sql, params),
    // Inside `work`, only `tx` may be used: `db.query` would wait for this very transaction.
    transaction: (work) => pg.transaction((tx) => work({ query: (sql, params) => runQuery(tx, sql, params) })),
    async listen(channel, handler) {
      assertChannelName(channel);
      // A fresh function per call: PGlite keys handlers by identity, so listening twice with the same
      // handler would otherwise be stopped by the first stop().
      const unlisten = await pg.listen(channel, (payload) => handler(payload));
      let stopped = false;
      return async () => {
        if (stopped) return;
        stopped = true;
        await unlisten();
      };
    },
    async notify(channel, payload) {
      assertChannelName(channel);
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => (closing ??= pg.close()),
  };
}

/**
 * A new, empty cluster in memory. initdb takes 2-5 s, loading a copy of the cluster it made takes
 * ~0.5 s: the first in-memory database of a process keeps a copy of its fresh cluster (~40 MB) for
 * the next ones. Only tests open databases in memory, many of them per process.
 */
let freshCluster: Promise<Blob> | undefined;

async function openInMemory(): Promise<PGlite> {
  const options = { postgresqlconf: POSTGRESQL_CONF };
  const cluster = await freshCluster?.catch(() => undefined);
  if (cluster) return PGlite.create({ ...options, loadDataDir: cluster });
  const pg = await PGlite.create(options);
  // Dumped before this database is handed out, so the copy holds nothing written to it.
  freshCluster = pg.dumpDataDir('none');
  await freshCluster.catch(() => undefined);
  return pg;
}

async function createDataFolder(dataDir: string): Promise<string> {
  // Absolute, so a relative DATA_DIR can never be mistaken for one of PGlite's `scheme://` prefixes.
  const folder = pgliteDataFolder(dataDir);
  await mkdir(folder, { recursive: true });
  if (!existsSync(join(folder, 'PG_VERSION'))) await initializeInChild(folder);
  return folder;
}

async function initializeInChild(folder: string): Promise<void> {
  const fromSource = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(fromSource ? './pglite-init.ts' : './pglite-init.js', import.meta.url));
  const child = spawn(process.execPath, [...(fromSource ? ['--import', 'tsx'] : []), script, folder, POSTGRESQL_CONF], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolveInit, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveInit() : reject(new Error(`PGlite initialisation failed (${code}): ${stderr}`)),
    );
  });
}

/**
 * Without parameters, the statement goes through the simple query protocol, as node-postgres does:
 * several statements may be sent at once (migrations) and the last one's result is returned.
 */
async function runQuery<Row>(
  target: PGlite | Transaction,
  sql: string,
  params: readonly unknown[] | undefined,
): Promise<QueryResult<Row>> {
  if (!params || params.length === 0) {
    const results = await target.exec(sql);
    return toQueryResult(results.at(-1) as Results<Row> | undefined);
  }
  return toQueryResult(await target.query<Row>(sql, [...params]));
}

function toQueryResult<Row>(result: Results<Row> | undefined): QueryResult<Row> {
  return { rows: result?.rows ?? [], rowCount: result?.rowCount ?? 0 };
}
