// Two server processes on one PostgreSQL and one shared DATA_DIR (how the site scales out): a job
// uploaded to one is seen live from the other, either may run it, and the files are served by both.
// Two app instances in one test process have separate database connections, so every event between
// them goes through PostgreSQL's LISTEN/NOTIFY exactly as between two machines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { events, upload, waitForEnd } from '../src/testing/extraction-api.js';
import { build } from '../src/testing/helper.js';
import { createTestSchema, POSTGRES_URL, type TestSchema } from '../src/testing/postgres-schema.js';

describe.runIf(POSTGRES_URL)('two server processes on one PostgreSQL', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let schema: TestSchema;
  let dataDir: string;
  beforeAll(async () => {
    schema = await createTestSchema(POSTGRES_URL ?? '');
    dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-shared-'));
    const env = { DATABASE_URL: schema.url, DATA_DIR: dataDir, EXTRACT_CONCURRENCY: '1' };
    [first, second] = await Promise.all([build({ env }), build({ env })]);
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('streams a job uploaded to one process from the other, to completion, and both serve its files', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const { id } = (await upload(first, { parts: zip.parts })).json<{ id: string }>();
    const stream = await events(second, id);
    expect(stream.at(-1)?.status).toBe('completed');
    for (const app of [first, second]) {
      const job = await waitForEnd(app, id);
      expect(job.files).toHaveLength(zip.files.size);
      expect((await app.inject(`/api/extractions/${id}/files/${job.files[0]?.id}`)).statusCode).toBe(200);
    }
  });

  it('shares the queue: six uploads to one process, one slot each, all complete', async () => {
    const tgz = corpusCase('commons-compress/COMPRESS-245.tar.gz');
    const ids = await Promise.all(
      Array.from({ length: 6 }, async () => (await upload(first, { parts: tgz.parts }, '10.1.0.1')).json<{ id: string }>().id),
    );
    const ended = await Promise.all(ids.map((id) => waitForEnd(second, id)));
    expect(ended.map((job) => job.status)).toEqual(Array(6).fill('completed'));
  });
});
