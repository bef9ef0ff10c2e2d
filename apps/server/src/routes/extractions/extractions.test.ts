import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { acceptedJobSchema, jobViewSchema } from '@archive-opener/shared/api';
import type { FastifyInstance } from 'fastify';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { events, upload, waitForEnd, type JobAnswer } from '../../testing/extraction-api.js';
import { build } from '../../testing/helper.js';
import { databaseEnv, TEST_DATABASES, type TestSchema } from '../../testing/postgres-schema.js';

const run = promisify(execFile);
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(TEST_DATABASES)('server extraction API on $name', ({ schema: createSchema }) => {
  let app: FastifyInstance;
  let dataDir: string;
  let schema: TestSchema | null;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-data-'));
    schema = await createSchema();
    app = await build({ env: { MAX_UPLOAD_MB: '1', DATA_DIR: dataDir, ...databaseEnv(schema) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('extracts an uploaded ZIP: 202, live events to completion, a manifest whose bytes match the corpus', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const accepted = await upload(app, { parts: zip.parts });
    expect(accepted.statusCode).toBe(202);
    const { id, status, queuePosition } = accepted.json<{ id: string; status: string; queuePosition: number }>();
    expect(id).toMatch(/^[\w-]{22}$/);
    // A small archive can be done before the answer is built (seen once in CI).
    expect(['queued', 'running', 'completed']).toContain(status);
    expect(queuePosition).toBeGreaterThanOrEqual(0);

    const stream = await events(app, id);
    const last = stream.at(-1) as JobAnswer;
    expect(last.status).toBe('completed');
    expect(last.progress).toBe(100);
    expect(new Set(stream.map((event) => event.status)).has('completed')).toBe(true);

    const job = (await app.inject(`/api/extractions/${id}`)).json<JobAnswer>();
    // The contract the page checks its answers against (packages/shared/src/api).
    expect(acceptedJobSchema.safeParse(accepted.json()).success).toBe(true);
    expect(jobViewSchema.safeParse(job).success).toBe(true);
    for (const event of stream) expect(jobViewSchema.safeParse(event).success).toBe(true);
    expect(job.status).toBe('completed');
    expect(job.error).toBeNull();
    expect(new Date(String(job.expiresAt)).getTime()).toBeGreaterThan(Date.now());
    expect(new Map(job.files.map((file) => [file.path, { size: file.size, sha256: file.sha256 }]))).toEqual(zip.files);
    // Progress as bytes, for the page's one mapping to percent: all of them written at the end.
    const written = job.files.reduce((sum, file) => sum + file.size, 0);
    expect([job.bytesDone, last.bytesDone]).toEqual([written, written]);
    for (const event of stream) expect(event.bytesDone).toBeLessThanOrEqual(written);

    for (const file of job.files) {
      const res = await app.inject(`/api/extractions/${id}/files/${file.id}`);
      expect(res.statusCode).toBe(200);
      expect(sha256(res.rawPayload)).toBe(zip.files.get(file.path)?.sha256);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const thumbnail = job.files.find((file) => file.path.endsWith('.JPG'));
    expect(thumbnail?.type).toBe('image/jpeg');
    const range = await app.inject({ url: `/api/extractions/${id}/files/${thumbnail?.id}`, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(10);
    expect(range.headers['content-type']).toBe('image/jpeg');

    const archive = await app.inject(`/api/extractions/${id}/archive.zip`);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    // Named as the page names its own ZIP of the same files.
    expect(archive.headers['content-disposition']).toBe('attachment; filename=test_compat_zip_5-extracted.zip');
    const entries = unzipSync(archive.rawPayload);
    for (const [name, expected] of zip.files) expect(sha256(entries[name] ?? new Uint8Array())).toBe(expected.sha256);
  });

  it('opens a 7z with encrypted names with its password, and reports PASSWORD_REQUIRED without it', async () => {
    const sevenZip = corpusCase('py7zr/encrypted_3.7z');
    const withPassword = await upload(app, { parts: sevenZip.parts, password: sevenZip.password });
    const done = await waitForEnd(app, withPassword.json<{ id: string }>().id);
    expect(done.status).toBe('completed');
    expect(new Map(done.files.map((file) => [file.path, { size: file.size, sha256: file.sha256 }]))).toEqual(sevenZip.files);
    expect(done.safety?.encrypted).toBe(true);

    const without = await upload(app, { parts: sevenZip.parts });
    const failed = await waitForEnd(app, without.json<{ id: string }>().id);
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('PASSWORD_REQUIRED');
    expect(failed.files).toEqual([]);
  });

  it('keeps a traversal entry inside the job and its name out of the headers', async () => {
    const traversal = corpusCase('hostile/traversal.zip');
    const done = await waitForEnd(app, (await upload(app, { parts: traversal.parts })).json<{ id: string }>().id);
    expect(done.status).toBe('completed');
    for (const file of done.files) {
      expect(file.path.split('/')).not.toContain('..');
      const res = await app.inject(`/api/extractions/${done.id}/files/${file.id}`);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).not.toMatch(/[/\\\r\n]|\.\./);
    }
  });

  it('writes a name made to read backwards without its direction control, and flags it', async () => {
    const bytes = Buffer.from(zipSync({ 'invoice\u202efdp.exe': strToU8('MZ'), 'aux.txt': strToU8('x') }));
    const done = await waitForEnd(app, (await upload(app, { parts: ['invoices.zip'], bytes })).json<{ id: string }>().id);
    expect(done.status).toBe('completed');
    expect(done.files.map((f) => [f.path, f.directionControls]).sort()).toEqual([
      ['_aux.txt', undefined],
      ['invoice_fdp.exe', true],
    ]);
  });

  it('says what it renamed and which links it did not create, for the safety report', async () => {
    // GNU tar keeps `../` only with -P; the name made to read backwards is stored as written.
    const src = join(dataDir, 'hostile-src', 'inner');
    await mkdir(src, { recursive: true });
    await writeFile(join(src, '..', 'evil.txt'), 'evil');
    await writeFile(join(src, 'invoice\u202efdp.exe'), 'MZ');
    await symlink('/etc/passwd', join(src, 'passwords'));
    const tar = join(dataDir, 'hostile.tar');
    await run('tar', ['-cPf', tar, '../evil.txt', 'invoice\u202efdp.exe', 'passwords'], { cwd: src });
    const done = await waitForEnd(app, (await upload(app, { parts: [tar] })).json<{ id: string }>().id);
    expect(done.status).toBe('completed');
    expect(jobViewSchema.safeParse(done).success).toBe(true);
    expect(done.files.map((f) => [f.path, f.originalName, f.directionControls]).sort()).toEqual([
      ['evil.txt', '../evil.txt', undefined],
      ['invoice_fdp.exe', 'invoice\u202efdp.exe', true],
    ]);
    expect(done.safety).toEqual({
      encrypted: false,
      renamedCount: 2,
      links: [{ path: 'passwords', target: '/etc/passwd' }],
      linkCount: 1,
    });
  });

  it('lists the stored bytes of names whose code page the archive left open, as base64', async () => {
    const cp932 = corpusCase('libarchive/test_read_format_zip_filename_cp932.zip');
    const done = await waitForEnd(app, (await upload(app, { parts: cp932.parts })).json<{ id: string }>().id);
    expect(done.status).toBe('completed');
    const shiftJis = new TextDecoder('shift_jis');
    expect(done.files.map((f) => shiftJis.decode(Buffer.from(f.rawName ?? '', 'base64'))).sort()).toEqual([
      '表だよ/一覧表.txt',
      '表だよ/漢字.txt',
    ]);
  });

  it('refuses an upload above MAX_UPLOAD_MB with 413 and keeps nothing of it', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const res = await upload(app, { parts: zip.parts, bytes: Buffer.alloc(1024 * 1024 + 10, 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The archive is larger than 1 MB.' } });
    expect(await readdir(join(dataDir, 'uploads'))).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id, and 400 without a file', async () => {
    expect((await app.inject('/api/extractions/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await app.inject('/api/extractions/../../etc')).statusCode).toBe(404);
    expect((await app.inject('/api/extractions/x/files/0')).statusCode).toBe(404);
    const empty = await upload(app, { parts: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('deletes the files on request: 204, then 410 for every file URL', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const done = await waitForEnd(app, (await upload(app, { parts: zip.parts })).json<{ id: string }>().id);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/extractions/${done.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject(`/api/extractions/${done.id}/files/0`)).statusCode).toBe(410);
    expect((await app.inject(`/api/extractions/${done.id}/archive.zip`)).statusCode).toBe(410);
    const job = (await app.inject(`/api/extractions/${done.id}`)).json<JobAnswer>();
    expect(job.status).toBe('expired');
    expect(job.files).toEqual([]);
    expect(await readdir(join(dataDir, 'files'))).not.toContain(done.id);
  });
});

describe('limits and schedules', () => {
  it('answers 429 once a client used up its uploads for the window', async () => {
    const app = await build({
      configure: (config) => ({ ...config, jobs: { ...config.jobs, uploadRate: { max: 2, timeWindowMs: 60_000 } } }),
    });
    try {
      const zip = corpusCase('libarchive/test_compat_zip_5.zip');
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await upload(app, { parts: zip.parts }, '10.0.0.1'));
      expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 429]);
      expect(answers[2]?.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^Rate limit exceeded: too many requests\. Please try again in \d+/) as string,
        },
      });
      expect(answers[2]?.headers['retry-after']).toBeDefined();
      // Another client is not affected.
      expect((await upload(app, { parts: zip.parts }, '10.0.0.2')).statusCode).toBe(202);
    } finally {
      await app.close();
    }
  });

  it('runs five uploads at most two at a time, with queue positions, and expires the files after RETENTION_MINUTES', async () => {
    const app = await build({
      env: { RETENTION_MINUTES: '0.03' },
      configure: (config) => ({ ...config, jobs: { ...config.jobs, sweepIntervalMs: 200 } }),
    });
    try {
      await app.ready();
      const zip = corpusCase('commons-compress/COMPRESS-245.tar.gz');
      const accepted = await Promise.all(Array.from({ length: 5 }, () => upload(app, { parts: zip.parts })));
      const ids = accepted.map((res) => res.json<{ id: string }>().id);
      const positions = accepted.map((res) => res.json<{ queuePosition: number }>().queuePosition);
      expect(Math.max(...positions)).toBeGreaterThanOrEqual(1);
      let maxRunning = 0;
      for (;;) {
        const jobs = await Promise.all(ids.map(async (id) => (await app.inject(`/api/extractions/${id}`)).json<JobAnswer>()));
        maxRunning = Math.max(maxRunning, jobs.filter((job) => job.status === 'running').length);
        if (jobs.every((job) => !['queued', 'running'].includes(job.status))) {
          // On a loaded machine the first jobs may already have expired (only completed jobs expire).
          for (const job of jobs) expect(['completed', 'expired']).toContain(job.status);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(maxRunning).toBeLessThanOrEqual(2);
      // 0.03 minutes = 1.8 s: each job reads as expired once its expiresAt has passed, whatever the
      // sweeper's timing. Wait for that state, then its files must answer 410.
      for (const id of ids) {
        while ((await app.inject(`/api/extractions/${id}`)).json<JobAnswer>().status !== 'expired')
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await app.inject(`/api/extractions/${id}/files/0`)).statusCode).toBe(410);
      }
    } finally {
      await app.close();
    }
  });
});
