// GET /api/extractions/:id/events: Server-Sent Events. One `job` event with the job's view now,
// then one per change (from any server process, via NOTIFY), until it ends; a comment every 15 s
// keeps proxies from closing a quiet stream.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { findJob, queuePosition } from '../../jobs/extraction-jobs-repository.js';
import type { JobEvents } from '../../jobs/job-events.js';
import { TERMINAL_STATUSES } from '../../jobs/job-types.js';
import { jobView } from './job-view.js';

const HEARTBEAT_MS = 15_000;

export function streamJobEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, events, id }: { db: Queryable; events: JobEvents; id: string },
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  let last = '';
  let closed = false;
  let pending: Promise<void> = Promise.resolve();
  const close = () => {
    if (closed) return;
    closed = true;
    unwatch();
    clearInterval(heartbeat);
    res.end();
  };
  // Changes are read and sent one after another, so events never arrive out of order.
  const send = () => {
    pending = pending
      .then(async () => {
        if (closed) return;
        const job = await findJob(db, id);
        if (!job || closed) return;
        const data = JSON.stringify(jobView(job, await queuePosition(db, job)));
        if (data !== last) {
          last = data;
          res.write(`event: job\ndata: ${data}\n\n`);
        }
        if (TERMINAL_STATUSES.includes(job.status)) close();
      })
      .catch((error: unknown) => {
        request.log.warn(error, 'job event failed');
        close();
      });
  };
  const unwatch = events.watch(id, send);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  request.raw.on('close', close);
  send();
}
