// One watcher per job, whatever the number of its streams: each change of the job is read from
// the database once and the same event goes to every stream; progress events carry no file list
// (only the final one does); a stream that does not read is not queued every event.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobAnswer } from '../../testing/extraction-api.js';
import { seedDataDir } from '@archive-opener/test-support/pglite-template';
import type { Database, Queryable } from '../../db/database.js';
import { openDatabase } from '../../db/open-database.js';
import { completeJob, saveProgress } from '../../jobs/extraction-jobs-repository.js';
import { queueTestJob, NOTHING_TO_REPORT } from '../../testing/queue-job.js';
import { jobEvents, type JobEvents } from '../../jobs/job-events.js';
import { JobEventHub } from './job-event-hub.js';

let dir: string;
let db: Database;
let events: JobEvents;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-opener-hub-'));
  db = await openDatabase({ dataDir: await seedDataDir(dir) });
  events = await jobEvents(db);
});
afterAll(async () => {
  await events.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

/** The database, counting the reads of a job's row. */
function counted(): { db: Queryable; reads: () => number } {
  let reads = 0;
  return {
    db: {
      query: (sql, params) => {
        if (/FROM extraction_jobs WHERE id = \$1/.test(sql)) reads += 1;
        return db.query(sql, params);
      },
    },
    reads: () => reads,
  };
}

/** A stream's events as the client parses them. */
function parse(text: string): JobAnswer[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: job'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobAnswer);
}

function sink(): { stream: PassThrough; text: () => string; ended: Promise<void> } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text, ended: new Promise((resolve) => stream.once('end', resolve)) };
}

async function runningJob(): Promise<string> {
  const id = await queueTestJob(db, { holdMs: 0, queueKey: 'test-client' });
  await db.query(`UPDATE extraction_jobs SET status = 'running', lease_owner = 'test' WHERE id = $1`, [id]);
  return id;
}

/** Waits until every sink has received `count` events. */
async function received(sinks: { text: () => string }[], count: number): Promise<void> {
  while (sinks.some((one) => parse(one.text()).length < count)) await new Promise((resolve) => setTimeout(resolve, 5));
}

it('reads a job once per change for all its 50 streams, and sends the file list only in the final event', async () => {
  const { db: countingDb, reads } = counted();
  const hub = new JobEventHub({ db: countingDb, events, log: Fastify().log, limits: { perAddress: 100, perJob: 100 } });
  const id = await runningJob();
  const sinks = Array.from({ length: 50 }, () => sink());
  for (const [i, one] of sinks.entries()) hub.subscribe(id, `10.0.0.${i}`, one.stream);
  await received(sinks, 1);
  expect(reads()).toBe(1);

  for (const [step, percent] of [10, 50, 90].entries()) {
    await saveProgress(db, id, 'test', { percent, bytesDone: percent, bytesTotal: 100 });
    await events.changed(id);
    await received(sinks, step + 2);
    expect(reads()).toBe(step + 2);
  }
  const files = Array.from({ length: 3000 }, (_, i) => ({
    id: String(i),
    path: `f/${i}.txt`,
    size: 1,
    type: 'text/plain',
    sha256: '0'.repeat(64),
  }));
  await completeJob(db, id, 'test', { format: 'zip', files, safety: NOTHING_TO_REPORT, retentionMs: 60_000 });
  await events.changed(id);
  await Promise.all(sinks.map((one) => one.ended));
  expect(reads()).toBe(5);
  for (const one of sinks) {
    const stream = parse(one.text());
    // The bytes travel as the engine reported them (docs/decisions/004-real-progress.md).
    const view = (event: (typeof stream)[number]) => [
      event.status,
      event.progress,
      event.bytesDone,
      event.bytesTotal,
      event.files.length,
    ];
    expect(stream.map(view)).toEqual([
      ['running', 0, 0, null, 0],
      ['running', 10, 10, 100, 0],
      ['running', 50, 50, 100, 0],
      ['running', 90, 90, 100, 0],
      ['completed', 100, 3000, 100, 3000],
    ]);
  }
  // A stream opened just after the end gets the final event without another read.
  const late = sink();
  hub.subscribe(id, '10.0.1.1', late.stream);
  await late.ended;
  expect(parse(late.text()).map((event) => event.status)).toEqual(['completed']);
  expect(reads()).toBe(5);
});

it('skips progress events for a stream that is not reading, and still ends it with the final event', async () => {
  const hub = new JobEventHub({ db, events, log: Fastify().log, limits: { perAddress: 10, perJob: 10 } });
  const id = await runningJob();
  const reader = sink();
  // Never read until the end: its buffer fills after the first event.
  const stalled = new PassThrough({ highWaterMark: 16 });
  hub.subscribe(id, '10.0.0.1', reader.stream);
  hub.subscribe(id, '10.0.0.2', stalled);
  await received([reader], 1);
  for (let percent = 1; percent <= 40; percent += 1) {
    await saveProgress(db, id, 'test', { percent, bytesDone: percent, bytesTotal: 100 });
    await events.changed(id);
    await received([reader], percent + 1);
  }
  expect(stalled.writableLength).toBeLessThan(1024);
  await completeJob(db, id, 'test', { format: 'zip', files: [], safety: NOTHING_TO_REPORT, retentionMs: 60_000 });
  await events.changed(id);
  await received([reader], 42);
  let text = '';
  for await (const chunk of stalled) text += (chunk as Buffer).toString();
  const seen = parse(text);
  expect(seen.at(-1)?.status).toBe('completed');
  expect(seen.length).toBeLessThan(5);
});
