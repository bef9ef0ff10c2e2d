// The page's two reports, each checked by its shared schema and stored with the day's visitor hash
// (none when the browser signals DNT or GPC; no IP address either way):
// - POST /api/events: the anonymous record of one browser extraction (the server records its own);
// - POST /api/monitor-static-files: its robots.txt / sitemap.xml check (kept from the original:
//   docs/product.md#monitoring-checks).
import { staticFileCheckSchema, usageEventSchema } from '@archive-opener/shared/api';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.js';
import { insertCheck } from '../../monitor/static-file-checks-repository.js';
import type { VisitorHasher } from '../../privacy/visitor-hasher.js';
import { insertBrowserEvent } from '../../statistics/usage-events-repository.js';
import { apiErrorHandler, parseInput } from '../api-errors.js';

type Rate = { max: number; timeWindowMs: number };

export interface ReportRoutesOptions {
  db: Database;
  visitors: VisitorHasher;
  rates: { events: Rate; monitor: Rate };
}

const reports: FastifyPluginAsync<ReportRoutesOptions> = async (app, { db, visitors, rates }) => {
  app.setErrorHandler(apiErrorHandler);

  function report<S extends z.ZodType>(
    url: string,
    schema: S,
    rate: Rate,
    store: (db: Queryable, body: z.output<S>, visitorHash: string | null) => Promise<void>,
  ) {
    app.post(
      url,
      { config: { rateLimit: { max: rate.max, timeWindow: rate.timeWindowMs } }, bodyLimit: 8 * 1024 },
      async (request, reply) => {
        const body = parseInput(schema, request.body);
        await store(db, body, await visitors.visitorOf(request));
        return reply.code(204).send();
      },
    );
  }

  report('/api/events', usageEventSchema, rates.events, insertBrowserEvent);
  report('/api/monitor-static-files', staticFileCheckSchema, rates.monitor, insertCheck);
};

export default reports;
