// The queue survives a crash: a server process killed with SIGKILL in the middle of extractions is
// started again on the same data, and every job ends completed or failed with a code, none stays
// queued or running, and no upload or partial output is left on disk.
import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { startSite } from '@archive-opener/test-support/site';
import { multipart, type JobAnswer } from '../src/testing/extraction-api.js';
import { TEST_DATABASES } from '../src/testing/postgres-schema.js';
import { serverData } from './server-data.js';

async function post(url: string, parts: string[], password?: string): Promise<string> {
  const { payload, headers } = await multipart({ parts, password: password ?? null });
  const res = await fetch(`${url}/api/extractions`, { method: 'POST', body: new Uint8Array(payload), headers });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

const job = async (url: string, id: string) => (await (await fetch(`${url}/api/extractions/${id}`)).json()) as JobAnswer;

describe.each(TEST_DATABASES)('a server killed mid-extraction ($name)', (database) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('finishes or fails every job after a restart, leaving nothing behind', { timeout: 240_000 }, async () => {
    const { dataDir, env: dataEnv } = await serverData('archive-opener-crash-', database, cleanups);
    const env = {
      ...dataEnv,
      EXTRACT_CONCURRENCY: '1',
      JOB_LEASE_S: '2',
    };
    // 40 MB of stored random data: long enough to be caught running.
    const big = join(dataDir, 'big.zip');
    await writeFile(big, zipSync({ 'a.bin': randomBytes(20 << 20), 'b.bin': randomBytes(20 << 20) }, { level: 0 }));
    const small = corpusCase('libarchive/test_compat_zip_5.zip');
    const secret = corpusCase('py7zr/encrypted_3.7z');

    let server = await startSite(env);
    const ids = [
      await post(server.url, [big]),
      await post(server.url, small.parts),
      await post(server.url, secret.parts, secret.password ?? ''),
      await post(server.url, small.parts),
    ];
    for (let seen = false; !seen;) {
      seen = (await job(server.url, ids[0] ?? '')).status === 'running';
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await server.stop('SIGKILL');

    server = await startSite(env);
    cleanups.push(() => server.stop());
    const ended: JobAnswer[] = [];
    for (const id of ids) {
      for (;;) {
        const current = await job(server.url, id);
        if (!['queued', 'running'].includes(current.status)) {
          ended.push(current);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const answer of ended) {
      expect(['completed', 'failed']).toContain(answer.status);
      if (answer.status === 'failed') expect(answer.error?.code).toMatch(/^[A-Z_]+$/);
    }
    // Only the dead process knew the password: that job cannot be run by anyone else.
    expect(ended[2]?.status).toBe('failed');
    expect(ended[2]?.error?.code).toBe('INTERNAL');
    expect(ended[0]?.status).toBe('completed');
    expect(ended[1]?.status).toBe('completed');
    // A job reads as ended a moment before its upload folder is removed (the removal follows the
    // database's change, and a loaded machine can stretch that moment): wait for the folder to go.
    for (let left = await readdir(join(dataDir, 'uploads')); left.length > 0; left = await readdir(join(dataDir, 'uploads')))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const completed = ended.filter((answer) => answer.status === 'completed').map((answer) => answer.id);
    expect((await readdir(join(dataDir, 'files'))).sort()).toEqual(completed.sort());
  });
});
