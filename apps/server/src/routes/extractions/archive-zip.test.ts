// GET /api/extractions/:id/archive.zip opens the job's files one at a time as the ZIP is written:
// a job of 5,000 files comes out whole from a server allowed only 1,024 open files (a common
// default), and a file that cannot be read midway aborts the answer instead of ending it as if the
// ZIP were complete. The built server, as `npm start` runs it, under `prlimit --nofile`.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extractArchive } from '@archive-opener/engine/node';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import type { JobAnswer } from '../../testing/extraction-api.js';

const FILES = 5_000;
const name = (i: number) => `many/${String(i).padStart(5, '0')}.txt`;
const byte = (i: number) => String.fromCharCode(97 + (i % 26));

let site: RunningSite;
let dir: string;
let id: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-opener-zip-'));
  const dataDir = join(dir, 'data');
  await seedDataDir(dataDir);
  site = await startSite({ DATA_DIR: dataDir }, { maxOpenFiles: 1024 });
  const entries = Object.fromEntries(Array.from({ length: FILES }, (_, i) => [name(i), new TextEncoder().encode(byte(i))]));
  const form = new FormData();
  form.append('file', new Blob([zipSync(entries, { level: 0 })]), 'many.zip');
  const accepted = await fetch(`${site.url}/api/extractions`, { method: 'POST', body: form });
  expect(accepted.status).toBe(202);
  id = ((await accepted.json()) as { id: string }).id;
  for (;;) {
    const job = (await (await fetch(`${site.url}/api/extractions/${id}`)).json()) as JobAnswer;
    if (job.status === 'completed') break;
    expect(['queued', 'running']).toContain(job.status);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 300_000);
afterAll(async () => {
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
});

const request = (url: string) => new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).on('error', reject));

it(
  'streams every one of 5,000 files into the ZIP under a limit of 1,024 open files, CRCs right',
  { timeout: 300_000 },
  async () => {
    const res = await request(`${site.url}/api/extractions/${id}/archive.zip`);
    expect(res.statusCode).toBe(200);
    const zipPath = join(dir, 'out.zip');
    await pipeline(res, createWriteStream(zipPath));
    expect(res.complete).toBe(true);
    // The engine checks every entry's CRC-32 as it extracts (a mismatch fails the extraction).
    const out = join(dir, 'out');
    const result = await extractArchive([zipPath], out);
    const files = result.entries.filter((entry) => entry.type === 'file');
    expect(files).toHaveLength(FILES);
    expect(await readFile(join(out, name(0)), 'utf8')).toBe(byte(0));
    expect(await readFile(join(out, name(FILES - 1)), 'utf8')).toBe(byte(FILES - 1));
    expect((await readdir(join(out, 'many'))).length).toBe(FILES);
  },
);

it('aborts the answer when a file cannot be read midway, and keeps serving', { timeout: 120_000 }, async () => {
  // A file of the job replaced by a folder: it opens, but reading it fails.
  const broken = join(dir, 'data', 'files', id, name(FILES / 2));
  await rm(broken);
  await mkdir(broken);
  const res = await request(`${site.url}/api/extractions/${id}/archive.zip`);
  expect(res.statusCode).toBe(200);
  let received = 0;
  const ended = await new Promise<string>((resolve) => {
    res.on('data', (chunk: Buffer) => (received += chunk.length));
    res.on('end', () => resolve('end'));
    res.on('error', () => resolve('error'));
    res.on('aborted', () => resolve('aborted'));
  });
  expect(ended).not.toBe('end');
  expect(res.complete).toBe(false);
  expect(received).toBeGreaterThan(0);
  expect(received).toBeLessThan(Number(res.headers['content-length'] ?? Infinity));
  expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
});
