// POST /api/extract-archive, the original product's call
// (docs/decisions/025-compatibility-with-the-original-client.md), on the real queue with archives
// of the corpus: keep-alive, inline files whose bytes match the reference tools', the engine's
// password errors, refusals, shared limits, and the answer when the job outlasts the wait.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/open-database.js';
import { findJob } from '../../jobs/extraction-jobs-repository.js';
import { ExtractionRunner } from '../../jobs/extraction-runner.js';
import { jobEvents, type JobEvents } from '../../jobs/job-events.js';
import { PasswordVault } from '../../jobs/password-vault.js';
import { VisitorHasher } from '../../privacy/visitor-hasher.js';
import legacyExtractArchive from './legacy-extract-archive.js';
import { jobStorage, type JobStorage } from '../../storage/job-storage.js';
import { StorageLimits } from '../../storage/storage-limits.js';
import { upload, waitForEnd, type JobAnswer } from '../../testing/extraction-api.js';
import { build } from '../../testing/helper.js';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import { databaseEnv, TEST_DATABASES, type TestSchema } from '../../testing/postgres-schema.js';

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface LegacyAnswer {
  success: boolean;
  files: { name: string; size: number; type: string; data: string }[];
  jobId: string;
  error: string | null;
  code?: string;
}

/** The original client's body: the archive as base64 without a data: URL prefix, password only if set. */
async function archiveBody(path: string, password?: string | null) {
  return {
    fileData: (await readFile(path)).toString('base64'),
    fileName: path.split('/').at(-1),
    ...(password ? { password } : {}),
  };
}

function extractArchive(app: FastifyInstance, payload: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/extract-archive',
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress,
  });
}

/** Every returned file by name, with the size it claims and what its decoded bytes are. */
const decoded = (answer: LegacyAnswer) =>
  new Map(
    answer.files.map((file) => {
      const bytes = Buffer.from(file.data, 'base64');
      expect(bytes).toHaveLength(file.size);
      return [file.name, { size: file.size, sha256: sha256(bytes) }];
    }),
  );

describe.each(TEST_DATABASES)('POST /api/extract-archive on $name', ({ schema: createSchema }) => {
  let app: FastifyInstance;
  let dataDir: string;
  let schema: TestSchema | null;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-legacy-'));
    schema = await createSchema();
    app = await build({
      env: { MAX_UPLOAD_MB: '1', DATA_DIR: dataDir, ...databaseEnv(schema) },
      // Every request of this suite counts as an upload, refusals included; the limit has its own test.
      configure: (config) => ({ ...config, jobs: { ...config.jobs, uploadRate: { max: 1000, timeWindowMs: 60_000 } } }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the keep-alive ping at once with an ISO timestamp, and keeps nothing', async () => {
    const res = await extractArchive(app, { keepAlive: true, timestamp: new Date().toISOString() });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ keepAlive: boolean; timestamp: string }>();
    expect(Object.keys(answer).sort()).toEqual(['keepAlive', 'timestamp']);
    expect(answer.keepAlive).toBe(true);
    expect(new Date(answer.timestamp).toISOString()).toBe(answer.timestamp);
    expect(Math.abs(Date.parse(answer.timestamp) - Date.now())).toBeLessThan(5_000);
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('extracts a ZIP sent as base64: every file inline with bytes matching the corpus, the job visible afterwards', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const res = await extractArchive(app, await archiveBody(zip.parts[0] ?? ''));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const answer = res.json<LegacyAnswer>();
    expect(answer.success).toBe(true);
    expect(answer.error).toBeNull();
    expect(decoded(answer)).toEqual(zip.files);
    expect(answer.files.find((file) => file.name.endsWith('.JPG'))?.type).toBe('image/jpeg');

    const job = (await app.inject(`/api/extractions/${answer.jobId}`)).json<JobAnswer>();
    expect(job.status).toBe('completed');
    expect(new Map(job.files.map((file) => [file.path, { size: file.size, sha256: file.sha256 }]))).toEqual(zip.files);
    // The upload was deleted when the extraction ended, as for every job.
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('opens a 7z with encrypted names with its password; without it or with a wrong one: success false and the engine code', async () => {
    const sevenZip = corpusCase('py7zr/encrypted_3.7z');
    const path = sevenZip.parts[0] ?? '';
    const opened = (await extractArchive(app, await archiveBody(path, sevenZip.password))).json<LegacyAnswer>();
    expect(opened.success).toBe(true);
    expect(decoded(opened)).toEqual(sevenZip.files);

    for (const [password, code] of [
      [undefined, 'PASSWORD_REQUIRED'],
      ['', 'PASSWORD_REQUIRED'],
      ['not the password', 'WRONG_PASSWORD'],
    ] as const) {
      const res = await extractArchive(app, { ...(await archiveBody(path)), ...(password === undefined ? {} : { password }) });
      expect(res.statusCode).toBe(200);
      const answer = res.json<LegacyAnswer>();
      expect(answer).toMatchObject({ success: false, files: [], code });
      // The original client recognises password problems by this word
      // (docs/decisions/025-compatibility-with-the-original-client.md).
      expect(answer.error).toContain('password');
      const job = (await app.inject(`/api/extractions/${answer.jobId}`)).json<JobAnswer>();
      expect(job.status).toBe('failed');
      expect(job.error?.code).toBe(code);
    }
  });

  it('refuses a malformed body with 400 and keeps nothing of it', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const valid = await archiveBody(zip.parts[0] ?? '');
    for (const body of [
      { fileData: valid.fileData },
      { ...valid, fileName: '' },
      { ...valid, fileName: 'x'.repeat(256) },
      { ...valid, fileData: 'not base64!' },
      { ...valid, fileData: `data:application/zip;base64,${valid.fileData}` },
      { ...valid, fileData: '' },
      { keepAlive: false },
      [valid],
      '{"fileData": "AAAA", ',
      '',
    ]) {
      const res = await extractArchive(app, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('BAD_REQUEST');
    }
    const text = await app.inject({
      method: 'POST',
      url: '/api/extract-archive',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json<{ error: { code: string } }>().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('refuses an archive above MAX_UPLOAD_MB with 413, whether the body fits the route limit or not', async () => {
    const expected = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The archive is larger than 1 MB.' } };
    // One byte over once decoded: the body itself is within the route's limit, the check is ours.
    const justOver = await extractArchive(app, {
      fileData: Buffer.alloc(1024 * 1024 + 1, 1).toString('base64'),
      fileName: 'x.zip',
    });
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json()).toEqual(expected);
    // Far over: Fastify stops reading at the route's body limit (4/3 of the upload limit + 1 MB).
    const farOver = await extractArchive(app, {
      fileData: Buffer.alloc(3 * 1024 * 1024, 1).toString('base64'),
      fileName: 'x.zip',
    });
    expect(farOver.statusCode).toBe(413);
    expect(farOver.json()).toEqual(expected);
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('sends no file when they total more than twice MAX_UPLOAD_MB: success false, the files still downloadable', async () => {
    // 3 MB of text compresses to a few kilobytes: a small upload, a large answer.
    const big = Buffer.from('archive opener '.repeat(210_000));
    const res = await extractArchive(app, {
      fileData: Buffer.from(zipSync({ 'big.txt': big })).toString('base64'),
      fileName: 'big.zip',
    });
    const answer = res.json<LegacyAnswer>();
    expect(answer).toMatchObject({ success: false, files: [], code: 'RESPONSE_TOO_LARGE' });
    expect(answer.error).toContain(`/api/extractions/${answer.jobId}`);
    const job = (await app.inject(`/api/extractions/${answer.jobId}`)).json<JobAnswer>();
    expect(job.status).toBe('completed');
    expect(job.files[0]?.sha256).toBe(sha256(big));
  });

  describe('while the job outlasts the wait', () => {
    let db: Database;
    let events: JobEvents;
    let dir: string;
    let storage: JobStorage;
    const passwords = new PasswordVault();
    const apps: FastifyInstance[] = [];

    /**
     * The route alone, waiting `waitMs`, with a runner that takes no job. Jobs with a password stay
     * queued: only this process may run them (on PostgreSQL the suite's main app shares the queue).
     */
    async function routeAlone(waitMs: number): Promise<FastifyInstance> {
      const app = Fastify();
      apps.push(app);
      const shared = { db, storage, events, passwords, owner: 'this-process', leaseMs: 30_000 };
      const runner = new ExtractionRunner({
        ...shared,
        log: app.log,
        concurrency: 0,
        timeoutMs: 60_000,
        limits: {},
        retentionMs: 60_000,
        pollMs: 60_000,
      });
      await app.register(rateLimit, { global: false });
      await app.register(legacyExtractArchive, {
        ...shared,
        runner,
        visitors: new VisitorHasher(db),
        maxUploadBytes: 1024 * 1024,
        storageLimits: new StorageLimits({
          db,
          root: dir,
          maxUploadBytes: 1024 * 1024,
          maxOutputBytes: 20 * 1024 * 1024,
          maxTotalBytes: 1024 ** 3,
          minFreeBytes: 0,
        }),
        maxQueued: 50,
        streamLimits: { perAddress: 20, perJob: 5 },
        uploadRate: { max: 10, timeWindowMs: 60_000 },
        uploadRateLimit: app.rateLimit({ max: 10, timeWindow: 60_000 }),
        waitMs,
      });
      return app;
    }

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'archive-opener-legacy-wait-'));
      db = await openDatabase({ databaseUrl: schema?.url, dataDir: schema ? dir : await seedDataDir(dir) });
      storage = jobStorage(dir);
      await storage.prepare();
      events = await jobEvents(db);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await events.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('answers a timeout with the job id while the job stays queued, its password held by this process', async () => {
      const app = await routeAlone(300);
      const sevenZip = corpusCase('py7zr/encrypted_3.7z');
      const started = Date.now();
      const res = await extractArchive(app, await archiveBody(sevenZip.parts[0] ?? '', sevenZip.password));
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(res.statusCode).toBe(200);
      const answer = res.json<LegacyAnswer>();
      expect(answer).toMatchObject({ success: false, files: [], code: 'TIMEOUT' });
      // The original client recognises a timeout by this word
      // (docs/decisions/025-compatibility-with-the-original-client.md).
      expect(answer.error).toContain('timeout');
      const job = await findJob(db, answer.jobId);
      expect(job).toMatchObject({
        status: 'queued',
        mode: 'legacy',
        archiveName: 'encrypted_3.7z',
        passwordHolder: 'this-process',
      });
      expect(passwords.get(answer.jobId)).toBe(sevenZip.password);
      expect(await readdir(storage.uploadDir(answer.jobId))).toEqual(['encrypted_3.7z']);
    });

    it('answers at once when the server stops, instead of holding the close for the whole wait', async () => {
      const app = await routeAlone(60_000);
      const sevenZip = corpusCase('py7zr/encrypted_3.7z');
      const before = new Set(await readdir(join(dir, 'uploads')));
      const pending = extractArchive(app, await archiveBody(sevenZip.parts[0] ?? '', sevenZip.password));
      // Waiting: its upload is on disk and its job recorded.
      for (;;) {
        const id = (await readdir(join(dir, 'uploads'))).find((name) => !before.has(name));
        if (id && (await findJob(db, id))) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const started = Date.now();
      await app.close();
      const answer = (await pending).json<LegacyAnswer>();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(answer).toMatchObject({ success: false, files: [], code: 'SERVER_STOPPING' });
      expect((await findJob(db, answer.jobId))?.status).toBe('queued');
    });
  });
});

describe('POST /api/extract-archive limits', () => {
  it('shares the upload count with POST /api/extractions, and counts keep-alive pings apart', async () => {
    const app = await build({
      configure: (config) => ({ ...config, jobs: { ...config.jobs, uploadRate: { max: 2, timeWindowMs: 60_000 } } }),
    });
    try {
      const zip = corpusCase('libarchive/test_compat_zip_5.zip');
      const body = await archiveBody(zip.parts[0] ?? '');
      expect((await upload(app, { parts: zip.parts }, '10.0.0.1')).statusCode).toBe(202);
      const first = await extractArchive(app, body, '10.0.0.1');
      expect(first.json<LegacyAnswer>().success).toBe(true);
      // Both routes refuse the third upload, large or small body alike.
      expect((await extractArchive(app, body, '10.0.0.1')).statusCode).toBe(429);
      expect((await extractArchive(app, { fileData: 'AAAA', fileName: 'x.zip' }, '10.0.0.1')).statusCode).toBe(429);
      expect((await upload(app, { parts: zip.parts }, '10.0.0.1')).statusCode).toBe(429);
      // Pings are not uploads: still answered, up to their own limit of 60 a minute.
      const pings = [];
      for (let i = 0; i < 61; i += 1) pings.push((await extractArchive(app, { keepAlive: true }, '10.0.0.1')).statusCode);
      expect(pings.slice(0, 60)).toEqual(Array(60).fill(200));
      expect(pings[60]).toBe(429);
      // Another client is not affected.
      const other = await extractArchive(app, body, '10.0.0.2');
      expect(other.json<LegacyAnswer>().success).toBe(true);
      await waitForEnd(app, other.json<LegacyAnswer>().jobId);
    } finally {
      await app.close();
    }
  });

  it('answers 429 QUEUE_FULL when the queue is full, as POST /api/extractions does', async () => {
    const app = await build({ configure: (config) => ({ ...config, jobs: { ...config.jobs, maxQueued: 0 } }) });
    try {
      const res = await extractArchive(app, { fileData: 'AAAA', fileName: 'x.zip' });
      expect(res.statusCode).toBe(429);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('QUEUE_FULL');
    } finally {
      await app.close();
    }
  });
});
