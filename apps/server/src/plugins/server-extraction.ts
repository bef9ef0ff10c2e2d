// Server extraction wired together: the database (PGlite or PostgreSQL, migrated), the storage
// folders, the job events, the runner that works the queue, the retention sweeper and the API
// routes; all stopped in order when the app closes.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { ExtractionRunner } from '../jobs/extraction-runner.js';
import { jobEvents } from '../jobs/job-events.js';
import { PasswordVault } from '../jobs/password-vault.js';
import { startRetentionSweeper } from '../jobs/retention-sweeper.js';
import extractions from '../routes/extractions/index.js';
import { jobStorage } from '../storage/job-storage.js';

export async function serverExtraction(app: FastifyInstance, config: Config): Promise<void> {
  const db = await openDatabase({ ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}), dataDir: config.dataDir });
  const storage = jobStorage(config.dataDir);
  await storage.prepare();
  const events = await jobEvents(db);
  const passwords = new PasswordVault();
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
    retentionMs: config.retentionMs,
    leaseMs: config.jobs.leaseMs,
    pollMs: config.jobs.pollMs,
  });
  await app.register(rateLimit, {
    global: false,
    // Thrown as an error with a code, which the API's error handler turns into its one shape; the
    // words "rate limit" are what the original product's client looks for.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit exceeded: too many requests. Please try again in ${context.after}.`), {
        statusCode: context.statusCode,
        code: 'RATE_LIMITED',
      }),
  });
  await app.register(extractions, {
    db,
    storage,
    events,
    passwords,
    runner,
    owner,
    leaseMs: config.jobs.leaseMs,
    maxUploadBytes: config.maxUploadBytes,
    maxQueued: config.jobs.maxQueued,
    uploadRate: config.jobs.uploadRate,
  });
  let stopSweeper = () => {};
  app.addHook('onReady', async () => {
    await runner.start();
    stopSweeper = startRetentionSweeper(
      { db, storage, events, log: app.log, retentionMs: config.retentionMs },
      config.jobs.sweepIntervalMs,
    );
  });
  app.addHook('onClose', async () => {
    stopSweeper();
    await runner.stop();
    await events.close();
    await db.close();
  });
}
