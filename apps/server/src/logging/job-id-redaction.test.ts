// A job's id is the only key to its files, so the server's log never holds one whole: every
// request about a job, and a failure whose message names a file of it, is logged with a short
// prefix of the id only (enough to tell one job's lines from another's).
import { rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { events, upload, waitForEnd } from '../testing/extraction-api.js';
import { build } from '../testing/helper.js';
import { redactJobIds } from './job-id-redaction.js';

const lines: string[] = [];
let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-opener-redaction-'));
  app = await build({ env: { LOG_LEVEL: 'info', DATA_DIR: join(dir, 'data') }, logTo: (line) => lines.push(line) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

it('logs every request about a job, and a failure naming its files, with a short prefix of its id only', async () => {
  const archive = join(dir, 'one.zip');
  await writeFile(archive, zipSync({ 'hello.txt': new TextEncoder().encode('hello') }));
  const { id } = (await upload(app, { parts: [archive] })).json<{ id: string }>();
  await waitForEnd(app, id);
  await events(app, id);
  expect((await app.inject(`/api/extractions/${id}/files/0`)).statusCode).toBe(200);
  expect((await app.inject(`/api/extractions/${id}/files/9`)).statusCode).toBe(404);
  expect((await app.inject(`/api/extractions/${id}/archive.zip`)).statusCode).toBe(200);
  // Its files vanish from under it: the failure's message names the file's path.
  await rm(join(dir, 'data', 'files', id), { recursive: true });
  await app.inject(`/api/extractions/${id}/archive.zip`);
  expect((await app.inject({ method: 'DELETE', url: `/api/extractions/${id}` })).statusCode).toBe(204);

  const log = lines.join('');
  expect(log).toContain(`/api/extractions/${id.slice(0, 6)}`);
  expect(log).toMatch(/ENOENT|error/i);
  expect(log).not.toContain(id);
});

it('shortens ids in URLs and data paths, and leaves other long tokens alone', () => {
  const id = 'AbCdEf0123456789_-xyzQ';
  expect(redactJobIds(`GET /api/extractions/${id}/files/0`)).toBe('GET /api/extractions/AbCdEf…/files/0');
  expect(redactJobIds(`open '/srv/data/files/${id}/a.txt'`)).toBe("open '/srv/data/files/AbCdEf…/a.txt'");
  expect(redactJobIds(`rm /srv/data/uploads/${id}`)).toBe('rm /srv/data/uploads/AbCdEf…');
  // A generated admin password printed once at start must stay readable.
  expect(redactJobIds(`shown only this once: ${id}`)).toBe(`shown only this once: ${id}`);
});
