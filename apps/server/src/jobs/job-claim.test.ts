// Fair claiming against real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): one
// client uploading first and most must not keep the other clients waiting behind all of its jobs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import { createTestSchema, POSTGRES_URL, TEST_DATABASES } from '../testing/postgres-schema.js';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open-database.js';
import { completeJob } from './extraction-jobs-repository.js';
import { queueTestJob, NOTHING_TO_REPORT } from '../testing/queue-job.js';
import { claimNextJob } from './job-claim.js';

const LEASE_MS = 60_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function open(schemaUrl: string | null): Promise<Database> {
  const dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-claim-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (!schemaUrl) await seedDataDir(dataDir);
  const db = await openDatabase({ databaseUrl: schemaUrl ?? undefined, dataDir });
  cleanups.push(() => db.close());
  return db;
}

/**
 * Queues one job of `client`; names it after the client for readable failures. Each job is dated
 * a second after the one before: two inserts can fall in one tick of the database's clock (seen with
 * PGlite), and the queue orders jobs of equal standing by `created_at` only then by their random id.
 */
async function queue(db: Database, client: string, names: Map<string, string>, label: string): Promise<void> {
  const id = await queueTestJob(db, { archiveName: `${label}.zip`, archiveSize: 100, holdMs: LEASE_MS, queueKey: client });
  await db.query(`UPDATE extraction_jobs SET created_at = now() + $2 * interval '1 second' WHERE id = $1`, [id, names.size]);
  names.set(id, label);
}

/** Clients with a running job and clients with a queued one, read from the table itself. */
async function slots(db: Database): Promise<{ running: Map<string, number>; waiting: Set<string> }> {
  const { rows } = await db.query<{ queue_key: string; status: string }>(
    `SELECT queue_key, status FROM extraction_jobs WHERE status IN ('queued', 'running')`,
  );
  const running = new Map<string, number>();
  const waiting = new Set<string>();
  for (const row of rows) {
    if (row.status === 'running') running.set(row.queue_key, (running.get(row.queue_key) ?? 0) + 1);
    else waiting.add(row.queue_key);
  }
  return { running, waiting };
}

describe.each(TEST_DATABASES)('fair claiming ($name)', ({ schema: createSchema }) => {
  it('serves three clients in turn, never two slots to one while another waits', async () => {
    const schema = await createSchema();
    if (schema) cleanups.push(() => schema.drop());
    const db = await open(schema?.url ?? null);
    const names = new Map<string, string>();
    // The heavy client uploads its four archives first, then two others one each.
    for (const label of ['a1', 'a2', 'a3', 'a4']) await queue(db, 'client-a', names, label);
    await queue(db, 'client-b', names, 'b1');
    await queue(db, 'client-c', names, 'c1');

    // Two extraction slots, as by default: fill both, then each time the oldest running job ends,
    // claim again, until the queue is empty.
    const order: string[] = [];
    const running: string[] = [];
    const claim = async () => {
      const job = await claimNextJob(db, 'process-1', LEASE_MS);
      if (!job) return false;
      order.push(names.get(job.id) ?? job.id);
      running.push(job.id);
      const { running: perClient, waiting } = await slots(db);
      for (const [client, count] of perClient) {
        const othersWait = [...waiting].some((other) => other !== client && (perClient.get(other) ?? 0) === 0);
        if (othersWait) expect(count, `${client} holds ${count} slots while another client waits`).toBeLessThanOrEqual(1);
      }
      return true;
    };
    while (running.length < 2 && (await claim()));
    while (running.length > 0) {
      const done = running.shift() ?? '';
      expect(
        await completeJob(db, done, 'process-1', { format: 'zip', files: [], safety: NOTHING_TO_REPORT, retentionMs: 60_000 }),
      ).toBe(true);
      while (running.length < 2 && (await claim()));
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
  });
});

describe.runIf(POSTGRES_URL)('fair claiming by several processes at once (PostgreSQL)', () => {
  it('hands two clients one slot each when two processes claim at the same moment', async () => {
    const schema = await createTestSchema(POSTGRES_URL ?? '');
    cleanups.push(() => schema.drop());
    const [first, second] = [await open(schema.url), await open(schema.url)] as [Database, Database];
    // Repeated: the race between the two claims is what is tested, and it does not show every time.
    for (let round = 0; round < 15; round++) {
      const names = new Map<string, string>();
      for (const label of ['a1', 'a2', 'a3']) await queue(first, `a-${round}`, names, label);
      await queue(first, `b-${round}`, names, 'b1');
      const claimed = await Promise.all([
        claimNextJob(first, 'process-1', LEASE_MS),
        claimNextJob(second, 'process-2', LEASE_MS),
      ]);
      const labels = claimed.map((job) => names.get(job?.id ?? '') ?? 'none').sort();
      expect(labels, `round ${round}`).toEqual(['a1', 'b1']);
      for (const [index, job] of claimed.entries()) {
        if (job)
          await completeJob(first, job.id, `process-${index + 1}`, {
            format: 'zip',
            files: [],
            safety: NOTHING_TO_REPORT,
            retentionMs: 60_000,
          });
      }
      // The rest of the round's jobs are claimed and ended before the next round.
      for (
        let job = await claimNextJob(first, 'process-1', LEASE_MS);
        job;
        job = await claimNextJob(first, 'process-1', LEASE_MS)
      )
        await completeJob(first, job.id, 'process-1', {
          format: 'zip',
          files: [],
          safety: NOTHING_TO_REPORT,
          retentionMs: 60_000,
        });
    }
  });
});
