// Live-progress streams are capped per client address and per job (429 with the API's error shape
// beyond), all of a job's streams get its events from one watcher, and a stream's place is given
// back when it ends. Real sockets against a listening server; the jobs stay queued (no worker) until
// they are cancelled, so the streams stay open for as long as the test needs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upload, type JobAnswer } from '../../testing/extraction-api.js';
import { build } from '../../testing/helper.js';

let app: FastifyInstance;
let base: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-opener-streams-'));
  app = await build({
    env: { TRUST_PROXY: 'true' },
    configure: (config) => ({ ...config, extractConcurrency: 0, eventStreams: { perAddress: 3, perJob: 4 } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

interface Stream {
  res: IncomingMessage;
  /** The `job` events received so far. */
  events: () => JobAnswer[];
  /** Everything received so far. */
  text: () => string;
  /** Resolves once the first event has arrived. */
  first: Promise<void>;
  ended: Promise<void>;
}

function open(id: string, address: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    get(`${base}/api/extractions/${id}/events`, { headers: { 'x-forwarded-for': address } }, (res) => {
      let text = '';
      let sawFirst = () => {};
      const first = new Promise<void>((resolve) => (sawFirst = resolve));
      const events = () =>
        text
          .split('\n\n')
          .filter((block) => block.startsWith('event: job'))
          .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobAnswer);
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (events().length > 0) sawFirst();
      });
      const ended = new Promise<void>((resolve) => res.once('end', resolve).once('close', resolve));
      resolve({ res, events, text: () => text, first, ended });
    }).on('error', reject);
  });
}

async function queuedJob(): Promise<string> {
  const archive = join(dir, 'one.zip');
  await writeFile(archive, zipSync({ 'a.txt': new TextEncoder().encode('a') }));
  return (await upload(app, { parts: [archive] })).json<{ id: string }>().id;
}

const body = async (stream: Stream) => {
  await stream.ended;
  return JSON.parse(stream.text()) as { error: { code: string; message: string } };
};

it('caps streams per address and per job with 429, shares one watcher, and frees places as streams end', async () => {
  const [a, b] = [await queuedJob(), await queuedJob()];
  const fromOne = await Promise.all([open(a, '10.0.0.1'), open(a, '10.0.0.1'), open(a, '10.0.0.1')]);
  for (const stream of fromOne) expect(stream.res.statusCode).toBe(200);
  await Promise.all(fromOne.map((stream) => stream.first));

  // A fourth stream from the same address, even on another job.
  const overAddress = await open(b, '10.0.0.1');
  expect(overAddress.res.statusCode).toBe(429);
  const refusedAddress = await body(overAddress);
  expect(refusedAddress.error.code).toBe('TOO_MANY_STREAMS');
  expect(refusedAddress.error.message).toMatch(/your address/);

  // A fourth stream on the job from another address, then a fifth: over the job's cap.
  const fourth = await open(a, '10.0.0.2');
  expect(fourth.res.statusCode).toBe(200);
  const overJob = await open(a, '10.0.0.3');
  expect(overJob.res.statusCode).toBe(429);
  expect((await body(overJob)).error.code).toBe('TOO_MANY_STREAMS');
  await fourth.first;

  // Every stream saw the same events: the queued state, then the cancellation, and ended.
  expect((await app.inject({ method: 'DELETE', url: `/api/extractions/${a}` })).statusCode).toBe(204);
  const all = [...fromOne, fourth];
  await Promise.all(all.map((stream) => stream.ended));
  for (const stream of all) {
    expect(stream.events().map((event) => event.status)).toEqual(['queued', 'failed']);
    expect(stream.events().at(-1)?.error?.code).toBe('CANCELLED');
  }

  // Their places are free again.
  const again = await open(b, '10.0.0.1');
  expect(again.res.statusCode).toBe(200);
  await again.first;
  expect(again.events()[0]?.status).toBe('queued');
  expect((await app.inject({ method: 'DELETE', url: `/api/extractions/${b}` })).statusCode).toBe(204);
  await again.ended;
  // An unknown job is still a 404, not a stream.
  expect((await open('AAAAAAAAAAAAAAAAAAAAAA', '10.0.0.4')).res.statusCode).toBe(404);
});
