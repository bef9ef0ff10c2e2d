// The disk cannot be filled through the API: each job's output is capped by its input and by
// MAX_OUTPUT_MB, all jobs' bytes together by STORAGE_MAX_GB, and uploads stop while free space is
// below MIN_FREE_DISK_MB. Refusals are coded; nothing half-written stays on disk.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, waitForEnd } from '../testing/extraction-api.js';
import { build } from '../testing/helper.js';

const MiB = 1024 * 1024;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-storage-'));
  dirs.push(dir);
  return dir;
}

/** A zip of one file, written beside the test's data. */
async function zipOf(name: string, content: Uint8Array, level: 0 | 9): Promise<string> {
  const path = join(await tempDir(), `${name}.zip`);
  await writeFile(path, zipSync({ [`${name}.bin`]: content }, { level }));
  return path;
}

/** Every folder left under DATA_DIR/uploads and DATA_DIR/files. */
async function leftOnDisk(dataDir: string): Promise<string[]> {
  const list = async (kind: string) => (await readdir(join(dataDir, kind)).catch(() => [])).map((id) => `${kind}/${id}`);
  return [...(await list('uploads')), ...(await list('files'))];
}

/** What stays on disk once the job's clean-up (just after its status is written) is done. */
async function settledOnDisk(dataDir: string, expected: string[]): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const left = await leftOnDisk(dataDir);
    if (left.join() === expected.join() || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the output cap of one job', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
    app = await build({ env: { DATA_DIR: dataDir, MAX_UPLOAD_MB: '4', MAX_OUTPUT_MB: '3' } });
  });
  afterAll(() => app.close());

  it('fails a small archive of zeros once its output passes what its size allows, and removes that output', async () => {
    // 60 MB of zeros in ~60 KB: far more than a 60 KB archive may write, though under the engine's
    // 256 MB before its own ratio check starts.
    const zeros = await zipOf('zeros', new Uint8Array(60 * MiB), 9);
    const accepted = await upload(app, { parts: [zeros] });
    expect(accepted.statusCode).toBe(202);
    const job = await waitForEnd(app, accepted.json<{ id: string }>().id);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('LIMIT_EXCEEDED');
    expect(await settledOnDisk(dataDir, [])).toEqual([]);
  });

  it('fails an archive whose output passes MAX_OUTPUT_MB, and removes that output', async () => {
    // 3.5 MB of random bytes, stored: the ratio is 1, only MAX_OUTPUT_MB (3) stops it.
    const stored = await zipOf('random', randomBytes(3.5 * MiB), 0);
    const accepted = await upload(app, { parts: [stored] });
    expect(accepted.statusCode).toBe(202);
    const job = await waitForEnd(app, accepted.json<{ id: string }>().id);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('LIMIT_EXCEEDED');
    expect(await settledOnDisk(dataDir, [])).toEqual([]);
  });
});

describe('the total storage cap', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
    // A new job may need 2 MiB of upload and 2 MiB of output: 4.6 MiB hold that, but not that
    // beside one finished job's 1.2 MiB.
    app = await build({ env: { DATA_DIR: dataDir, MAX_UPLOAD_MB: '2', MAX_OUTPUT_MB: '2', STORAGE_MAX_GB: '0.0045' } });
  });
  afterAll(() => app.close());

  it('refuses uploads with 503 STORAGE_FULL while the kept files fill it, and takes them again once freed', async () => {
    const archive = await zipOf('random', randomBytes(1.2 * MiB), 0);
    const first = await upload(app, { parts: [archive] });
    expect(first.statusCode).toBe(202);
    const { id } = first.json<{ id: string }>();
    expect((await waitForEnd(app, id)).status).toBe('completed');

    const refused = await upload(app, { parts: [archive] });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'STORAGE_FULL' } });
    expect(await settledOnDisk(dataDir, [`files/${id}`])).toEqual([`files/${id}`]);

    expect((await app.inject({ method: 'DELETE', url: `/api/extractions/${id}` })).statusCode).toBe(204);
    expect((await upload(app, { parts: [archive] })).statusCode).toBe(202);
  });
});

describe('the free-space floor', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
    // More free space than any test machine has.
    app = await build({ env: { DATA_DIR: dataDir, MIN_FREE_DISK_MB: '1000000000' } });
  });
  afterAll(() => app.close());

  it('refuses uploads with 503 STORAGE_FULL on both upload routes, storing nothing', async () => {
    const archive = await zipOf('small', randomBytes(1024), 9);
    const refused = await upload(app, { parts: [archive] });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'STORAGE_FULL' } });
    const legacy = await app.inject({
      method: 'POST',
      url: '/api/extract-archive',
      payload: { fileData: randomBytes(2048).toString('base64'), fileName: 'small.zip' },
    });
    expect(legacy.statusCode).toBe(503);
    expect(legacy.json()).toMatchObject({ error: { code: 'STORAGE_FULL' } });
    expect(await leftOnDisk(dataDir)).toEqual([]);
  });
});
