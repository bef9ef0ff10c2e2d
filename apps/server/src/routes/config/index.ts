// GET /api/config: the numbers the pages promise (retention, upload limit, concurrency), as this
// server is configured, so no page states the defaults when an operator changed them.
import type { ServerSettings } from '@archive-opener/shared';
import type { FastifyPluginAsync } from 'fastify';

const serverSettings: FastifyPluginAsync<{ settings: ServerSettings }> = async (app, { settings }) => {
  const body = JSON.stringify(settings);
  app.get('/api/config', async (_request, reply) => {
    // Fixed for the process's life; a restart with other settings is seen within minutes.
    reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8');
    return body;
  });
};

export default serverSettings;
