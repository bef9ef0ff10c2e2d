// The queue under crashes: 100 small jobs from five client addresses while the server process is
// killed with SIGKILL three times at moments drawn from a seed, and started again on the same data
// each time. Clients behave as the web app does: an upload that got no answer is sent again. In
// the end every job the server accepted has ended, completed with the right manifest or failed
// with a code; none is lost or stuck, and no upload folder is left on disk.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusCase, type CorpusCase } from '@archive-opener/test-support/corpus';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';
import { seededRandom } from '@archive-opener/test-support/seeded-random';
import { multipart, type JobAnswer } from '../src/testing/extraction-api.js';
import { TEST_DATABASES } from '../src/testing/postgres-schema.js';
import { serverData } from './server-data.js';

const SEED = Number(process.env['SOAK_SEED'] ?? 2323);
const JOBS = 100;
const CLIENTS = 5;
// Uploads in flight at once, all clients together.
const PARALLEL = 4;
const KILLS = 3;
const END_DEADLINE_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)('the queue through three crashes ($name)', (database) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('ends every accepted job, completed or failed with a code, and leaves no upload behind', { timeout: 300_000 }, async () => {
    const random = seededRandom(SEED);
    const { dataDir, env: dataEnv } = await serverData('archive-opener-soak-', database, cleanups);
    const env = {
      ...dataEnv,
      EXTRACT_CONCURRENCY: '2',
      JOB_LEASE_S: '1',
      UPLOADS_PER_10_MIN: '10000',
      // Five client addresses from one test process, through X-Forwarded-For.
      TRUST_PROXY: 'true',
    };
    const archives: CorpusCase[] = [
      corpusCase('libarchive/test_compat_zip_5.zip'),
      corpusCase('commons-compress/COMPRESS-245.tar.gz'),
    ];
    const bodies = await Promise.all(archives.map((archive) => multipart({ parts: archive.parts })));

    // The server of the moment; `up` resolves once it answers (again).
    let site: RunningSite = await startSite(env);
    let up: Promise<RunningSite> = Promise.resolve(site);
    cleanups.push(() => site.stop());

    const accepted = new Map<string, CorpusCase>();
    let resent = 0;
    async function submit(index: number): Promise<void> {
      const which = index % archives.length;
      const { payload, headers } = bodies[which] ?? { payload: Buffer.alloc(0), headers: {} };
      for (;;) {
        const { url } = await up;
        try {
          const response = await fetch(`${url}/api/extractions`, {
            method: 'POST',
            body: new Uint8Array(payload),
            headers: { ...headers, 'x-forwarded-for': `10.23.0.${index % CLIENTS}` },
          });
          if (response.status === 202) {
            accepted.set(((await response.json()) as { id: string }).id, archives[which] as CorpusCase);
            return;
          }
          // The queue is full for now: try again shortly, as a client would.
          expect(response.status, await response.text()).toBe(429);
        } catch {
          // The server died under this upload.
          resent += 1;
        }
        await pause(50);
      }
    }

    // Kills after a seeded number of accepted uploads, each a seeded moment later.
    const killAt = Array.from({ length: KILLS }, (_, i) => Math.floor(((i + 1) * JOBS) / (KILLS + 1) + (random() - 0.5) * 10));
    const killer = (async () => {
      for (const threshold of killAt) {
        while (accepted.size < threshold) await pause(5);
        await pause(random() * 500);
        let restarted!: (site: RunningSite) => void;
        up = new Promise((resolve) => (restarted = resolve));
        await site.stop('SIGKILL');
        site = await startSite(env);
        restarted(site);
      }
    })();

    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < JOBS) await submit(next++);
      }),
    );
    await killer;
    expect(accepted.size).toBe(JOBS);

    // Every accepted job ends.
    const deadline = Date.now() + END_DEADLINE_MS;
    const ended = new Map<string, JobAnswer>();
    while (ended.size < accepted.size && Date.now() < deadline) {
      for (const id of accepted.keys()) {
        if (ended.has(id)) continue;
        const response = await fetch(`${site.url}/api/extractions/${id}`);
        expect(response.status, `job ${id} was lost`).toBe(200);
        const job = (await response.json()) as JobAnswer;
        if (job.status !== 'queued' && job.status !== 'running') ended.set(id, job);
      }
      if (ended.size < accepted.size) await pause(100);
    }
    const stuck = [...accepted.keys()].filter((id) => !ended.has(id));
    expect(stuck, 'jobs still queued or running').toEqual([]);

    let completed = 0;
    for (const [id, job] of ended) {
      expect(['completed', 'failed']).toContain(job.status);
      if (job.status === 'failed') {
        expect(job.error?.code).toMatch(/^[A-Z_]+$/);
        continue;
      }
      completed += 1;
      const expected = accepted.get(id) as CorpusCase;
      const manifest = new Map(job.files.map((file) => [file.path, { size: file.size, sha256: file.sha256 }]));
      expect(manifest).toEqual(expected.files);
    }
    console.log(
      `soak (seed ${SEED}): kills after ${killAt.join(', ')} accepted uploads; ${completed} completed, ` +
        `${JOBS - completed} failed with a code; ${resent} uploads sent again`,
    );

    // No upload folder stays (each is removed once its job ends, or found orphaned after a crash),
    // and extracted files are those of completed jobs only.
    const completedIds = [...ended].filter(([, job]) => job.status === 'completed').map(([id]) => id);
    let uploads = await readdir(join(dataDir, 'uploads'));
    while (uploads.length > 0 && Date.now() < deadline + 30_000) {
      await pause(100);
      uploads = await readdir(join(dataDir, 'uploads'));
    }
    expect(uploads, 'upload folders left on disk').toEqual([]);
    const files = await readdir(join(dataDir, 'files'));
    expect(files).toEqual(expect.arrayContaining(completedIds));
    // Beyond those, only jobs whose upload was accepted just as the server died (the answer was lost).
    for (const id of files.filter((name) => !completedIds.includes(name))) {
      const job = (await (await fetch(`${site.url}/api/extractions/${id}`)).json()) as JobAnswer;
      expect(job.status, `files of job ${id}`).toBe('completed');
    }
  });
});
