// GET /api/extractions/:id/events: Server-Sent Events. One `job` event with the job's view now,
// then one per change (from any server process, via NOTIFY), until it ends. The events come from
// the job's one shared watcher (job-event-hub.ts); a client over its share of streams is refused
// with 429 and can follow the job with GET /api/extractions/:id instead.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from '../api-errors.js';
import type { JobEventHub } from './job-event-hub.js';

const REFUSALS = {
  address: 'Too many live-progress streams are open from your address.',
  job: 'Too many live-progress streams are open for this extraction.',
} as const;

/** The 429 for a stream over a cap, or null when one more is allowed. */
export function refuseStream(hub: JobEventHub, id: string, request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const refusal = hub.refusal(id, request.ip);
  if (!refusal) return null;
  return refuse(reply, 'TOO_MANY_STREAMS', `${REFUSALS[refusal]} Follow it with GET /api/extractions/:id instead.`);
}

/** Streams job `id` (known to exist) to the client, or refuses with 429 over a cap. */
export function streamJobEvents(request: FastifyRequest, reply: FastifyReply, hub: JobEventHub, id: string): FastifyReply {
  // Checked again here, in the same tick as the subscription, so that streams opened at once
  // cannot all pass the check before any of them is counted.
  const refused = refuseStream(hub, id, request, reply);
  if (refused) return refused;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const unsubscribe = hub.subscribe(id, request.ip, res);
  res.once('close', unsubscribe);
  return reply;
}
