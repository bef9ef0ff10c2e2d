// Files stop being served the moment their job's expiresAt has passed, not when the retention
// sweeper next runs: here the sweeper never runs during the test, and every URL of the job must
// already treat it as expired.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { events, upload, type JobAnswer } from '../../testing/extraction-api.js';
import { build } from '../../testing/helper.js';

let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-opener-expiry-'));
  // 0.005 minutes = 300 ms of retention; the sweeper would first run after an hour.
  app = await build({
    env: { RETENTION_MINUTES: '0.005' },
    configure: (config) => ({ ...config, jobs: { ...config.jobs, sweepIntervalMs: 3_600_000 } }),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

it('answers 410 for the files and the ZIP, and shows the job expired, once expiresAt has passed', async () => {
  const archive = join(dir, 'one.zip');
  await writeFile(archive, zipSync({ 'hello.txt': new TextEncoder().encode('hello') }));
  const { id } = (await upload(app, { parts: [archive] })).json<{ id: string }>();
  // Until the job has ended and its expiry time has passed (a state, polled). The view that showed
  // the time passing was read before it passed, so the job is asked for again below: that answer,
  // and every request after it, comes strictly after expiresAt.
  for (;;) {
    const seen = (await app.inject(`/api/extractions/${id}`)).json<JobAnswer>();
    const ended = !['queued', 'running'].includes(seen.status);
    if (ended && seen.expiresAt !== null && Date.parse(seen.expiresAt) < Date.now()) break;
    if (ended && seen.status !== 'completed') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const job = (await app.inject(`/api/extractions/${id}`)).json<JobAnswer>();
  const gone = { error: { code: 'GONE', message: 'These files have expired and were deleted.' } };
  const file = await app.inject(`/api/extractions/${id}/files/0`);
  expect(file.statusCode).toBe(410);
  expect(file.json()).toEqual(gone);
  const zip = await app.inject(`/api/extractions/${id}/archive.zip`);
  expect(zip.statusCode).toBe(410);
  expect(zip.json()).toEqual(gone);
  expect(job.status).toBe('expired');
  expect(job.files).toEqual([]);
  const stream = await events(app, id);
  expect(stream.map((event) => [event.status, event.files.length])).toEqual([['expired', 0]]);
});
