// POST /api/monitor-static-files: the page's robots.txt / sitemap.xml check results (the original's
// call 7), kept for the admin's system status. No IP address is collected.
import { staticFileCheckSchema } from '@archive-opener/shared/api';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.js';
import { insertCheck } from '../../monitor/static-file-checks-repository.js';
import type { VisitorHasher } from '../../privacy/visitor-hasher.js';
import { apiErrorHandler, parseInput } from '../api-errors.js';

export interface MonitorRoutesOptions {
  db: Database;
  visitors: VisitorHasher;
  rate: { max: number; timeWindowMs: number };
}

const monitor: FastifyPluginAsync<MonitorRoutesOptions> = async (app, { db, visitors, rate }) => {
  app.setErrorHandler(apiErrorHandler);
  app.post(
    '/api/monitor-static-files',
    { config: { rateLimit: { max: rate.max, timeWindow: rate.timeWindowMs } }, bodyLimit: 8 * 1024 },
    async (request, reply) => {
      const check = parseInput(staticFileCheckSchema, request.body);
      await insertCheck(db, check, await visitors.visitorOf(request));
      return reply.code(204).send();
    },
  );
};

export default monitor;
