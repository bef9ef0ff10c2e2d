// Server extraction wired together on the app's database: the storage folders, the job events, the runner that works the queue, the retention sweeper and the API
// routes; all stopped in order when the app closes.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { ExtractionRunner } from '../jobs/extraction-runner.js';
import { jobEvents } from '../jobs/job-events.js';
import { PasswordVault } from '../jobs/password-vault.js';
import { startRetentionSweeper } from '../jobs/retention-sweeper.js';
import extractions from '../routes/extractions/index.js';
import type { VisitorHasher } from '../privacy/visitor-hasher.js';
import { jobStorage, type JobStorage } from '../storage/job-storage.js';
import { StorageLimits } from '../storage/storage-limits.js';

export async function serverExtraction(
  app: FastifyInstance,
  config: Config,
  { db, visitors }: { db: Database; visitors: VisitorHasher },
): Promise<{ runner: ExtractionRunner; storage: JobStorage }> {
  const storage = jobStorage(config.dataDir);
  await storage.prepare();
  const events = await jobEvents(db);
  const passwords = new PasswordVault();
  const storageLimits = new StorageLimits({ db, root: storage.root, maxUploadBytes: config.maxUploadBytes, ...config.storage });
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const runner = new ExtractionRunner({
    db,
    storage,
    events,
    passwords,
    log: app.log,
    owner,
    concurrency: config.extractConcurrency,
    timeoutMs: config.extractTimeoutMs,
    limits: storageLimits.jobLimits,
    retentionMs: config.retentionMs,
    leaseMs: config.jobs.leaseMs,
    pollMs: config.jobs.pollMs,
  });
  await app.register(extractions, {
    db,
    storage,
    events,
    passwords,
    runner,
    visitors,
    owner,
    leaseMs: config.jobs.leaseMs,
    maxUploadBytes: config.maxUploadBytes,
    storageLimits,
    maxQueued: config.jobs.maxQueued,
    streamLimits: config.eventStreams,
    uploadRate: config.jobs.uploadRate,
  });
  let stopSweeper = () => {};
  app.addHook('onReady', async () => {
    await runner.start();
    stopSweeper = startRetentionSweeper(
      {
        db,
        storage,
        events,
        log: app.log,
        retentionMs: config.retentionMs,
        records: { sessionIdleMs: config.admin.sessionIdleMs, lockoutMs: config.admin.lockoutMs },
      },
      config.jobs.sweepIntervalMs,
    );
  });
  app.addHook('onClose', async () => {
    stopSweeper();
    await runner.stop();
    await events.close();
  });
  return { runner, storage };
}
