import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { upload, waitForEnd } from '../../testing/extraction-api.js';
import { build } from '../../testing/helper.js';

// What an upload is answered: the page shows "you are in the queue" only for a job that waits.
describe('the status an accepted upload is answered with', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is running (position 0) on an idle server: the claim had its chance before the answer', async () => {
    app = await build();
    await app.ready();
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const accepted = await upload(app, { parts: zip.parts });
    expect(accepted.statusCode).toBe(202);
    const { id, status, queuePosition } = accepted.json<{ id: string; status: string; queuePosition: number }>();
    expect({ status, queuePosition }).toEqual({ status: 'running', queuePosition: 0 });
    expect((await waitForEnd(app, id)).status).toBe('completed');
  });

  it('is queued, with its place, when no slot is free', async () => {
    // No slot at all: every job waits, whatever the machine's speed.
    app = await build({ configure: (config) => ({ ...config, extractConcurrency: 0 }) });
    await app.ready();
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const first = (await upload(app, { parts: zip.parts })).json<{ status: string; queuePosition: number }>();
    const second = (await upload(app, { parts: zip.parts })).json<{ status: string; queuePosition: number }>();
    expect(first).toMatchObject({ status: 'queued', queuePosition: 1 });
    expect(second).toMatchObject({ status: 'queued', queuePosition: 2 });
  });
});
