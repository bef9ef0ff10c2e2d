// POST /api/events: the page's anonymous record of one browser extraction (the server records its
// own). A browser that signals DNT or GPC is not expected to send one; if it does, it is kept
// without a visitor hash.
import { usageEventSchema } from '@archive-opener/shared/api';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.js';
import { insertBrowserEvent } from '../../statistics/usage-events-repository.js';
import type { VisitorHasher } from '../../privacy/visitor-hasher.js';
import { apiErrorHandler, parseInput } from '../api-errors.js';

export interface UsageEventRoutesOptions {
  db: Database;
  visitors: VisitorHasher;
  rate: { max: number; timeWindowMs: number };
}

const usageEvents: FastifyPluginAsync<UsageEventRoutesOptions> = async (app, { db, visitors, rate }) => {
  app.setErrorHandler(apiErrorHandler);
  app.post(
    '/api/events',
    { config: { rateLimit: { max: rate.max, timeWindow: rate.timeWindowMs } }, bodyLimit: 4 * 1024 },
    async (request, reply) => {
      const event = parseInput(usageEventSchema, request.body);
      await insertBrowserEvent(db, event, await visitors.visitorOf(request));
      return reply.code(204).send();
    },
  );
};

export default usageEvents;
